"""The view-models' own arithmetic: presets and the pre-flight range check (no Qt)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealerassist.errors import IllegalActionError
from dealerassist.session.viewmodels import (
    ActionBarView,
    PotAwardView,
    RaisePreset,
    SeatView,
    ShowdownPotView,
    ShowdownView,
)


def _pl_bar() -> ActionBarView:
    # BET-PL-MAX example: pot 200, bet 150 called by one -> next may make it 800.
    return ActionBarView(
        seat=3, name="Chloe", stack=2000, to_call=150, can_check=False,
        min_raise_to=300, max_raise_to=800, pot_size=500, current_bet=150, structure="PL",
    )


def test_BET_PL_MAX_pot_preset_is_800_in_the_catalogue_example():
    assert _pl_bar().preset_raise_to(RaisePreset.POT) == 800


def test_BET_PL_MAX_half_pot_preset_raises_by_half_the_pot_after_the_call():
    # pot after call 650 -> half 325 (whole chips) -> to 150 + 325
    assert _pl_bar().preset_raise_to(RaisePreset.HALF_POT) == 475


def test_presets_min_and_allin_are_the_limits():
    bar = _pl_bar()
    assert bar.preset_raise_to(RaisePreset.MINIMUM) == 300
    assert bar.preset_raise_to(RaisePreset.ALL_IN) == 800


def test_BET_PL_MAX_over_the_pot_is_refused_with_rule_id():
    with pytest.raises(IllegalActionError) as caught:
        _pl_bar().verify_raise_to(801)
    assert caught.value.rule_id == "BET-PL-MAX"


def test_BET_NL_MIN_under_the_minimum_is_refused():
    bar = ActionBarView(
        seat=1, name="Ann", stack=1000, to_call=100, can_check=False,
        min_raise_to=180, max_raise_to=1000, current_bet=100, structure="NL",
    )
    with pytest.raises(IllegalActionError) as caught:
        bar.verify_raise_to(179)
    assert caught.value.rule_id == "BET-NL-MIN"
    assert "180" in caught.value.reason
    assert bar.can_raise_to(180)
    assert not bar.can_raise_to(1001)


def test_G_ALLIN_short_all_in_under_the_minimum_is_allowed():
    bar = ActionBarView(
        seat=1, name="Ann", stack=150, bet=20, to_call=80, can_check=False,
        min_raise_to=170, max_raise_to=170, current_bet=100, structure="NL",
    )
    assert bar.all_in_to == 170
    assert bar.can_raise_to(170)
    assert not bar.can_raise_to(171)


def test_BET_FL_CAP_no_raise_when_capped_names_the_cap():
    bar = ActionBarView(
        seat=2, name="Bo", stack=500, to_call=8, can_check=False, raises_left=0, structure="FL"
    )
    with pytest.raises(IllegalActionError) as caught:
        bar.verify_raise_to(10)
    assert caught.value.rule_id == "BET-FL-CAP"


def test_limits_must_be_consistent():
    with pytest.raises(ValueError, match="min_raise_to"):
        ActionBarView(seat=1, name="A", stack=10, to_call=0, can_check=True, min_raise_to=4)
    with pytest.raises(ValueError, match="stack"):
        SeatView(seat=1, stack=-1)
    with pytest.raises(ValueError, match="chips"):
        SeatView(seat=1, stack=1.5)  # type: ignore[arg-type]


def test_showdown_winnings_sum_over_pots():
    view = ShowdownView(pots=(
        ShowdownPotView(label="Main", amount=301, rake=0, awards=(
            PotAwardView(seat=1, name="A", amount=151, odd_chips=1),
            PotAwardView(seat=4, name="D", amount=150),
        )),
        ShowdownPotView(label="Side 1", amount=200, awards=(
            PotAwardView(seat=4, name="D", amount=200),
        )),
    ))
    assert view.winnings_by_seat() == {1: 151, 4: 350}
    assert view.pots[0].paid == 301


@given(
    min_to=st.integers(1, 5000), span=st.integers(0, 5000), pot=st.integers(0, 20000),
    current=st.integers(0, 2000), preset=st.sampled_from(list(RaisePreset)),
)
def test_presets_always_land_inside_the_legal_range(min_to, span, pot, current, preset):
    bar = ActionBarView(
        seat=1, name="A", stack=min_to + span, to_call=current, can_check=False,
        min_raise_to=min_to, max_raise_to=min_to + span, pot_size=pot, current_bet=current,
    )
    amount = bar.preset_raise_to(preset)
    assert amount is not None and bar.can_raise_to(amount)


def test_G_ALLIN_no_raise_when_the_call_takes_every_chip():
    bar = ActionBarView(seat=1, name="Ann", stack=50, to_call=80, can_check=False)
    with pytest.raises(IllegalActionError) as caught:
        bar.verify_raise_to(50)
    assert caught.value.rule_id == "G-ALLIN"


def test_the_engine_reason_for_no_raise_is_cited():
    bar = ActionBarView(seat=1, name="Ann", stack=500, to_call=3, can_check=False,
                        raise_rule="BET-SHORT-ALLIN")
    with pytest.raises(IllegalActionError) as caught:
        bar.verify_raise_to(100)
    assert caught.value.rule_id == "BET-SHORT-ALLIN"
