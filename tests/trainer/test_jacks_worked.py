"""Jacks or better in the trainer: hand-worked deals played through the engine.

Openers (JB-OPEN), passed-out deals carried with re-antes up to the house limit
(JB-NO-OPEN), the opener proving openers at the showdown, split openers included
(JB-PROVE, JB-SPLIT), a caller who cannot beat openers (JB-CALL-LOSE), the opener first
after the draw (DR-AFTER) and the amount to call in a carried pot.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import parse_cards, standard_deck
from dealerassist.engine import HandSetup
from dealerassist.engine.openers import has_openers
from dealerassist.engine.settlement import settlement
from dealerassist.errors import IllegalActionError
from dealerassist.rules import parse_rules_text
from dealerassist.trainer.betting_drills import to_call_from
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.draw_drills import draw_first_from
from dealerassist.trainer.hands import PlayedHand, next_deal, play_hand, random_setup
from dealerassist.trainer.jacks_drills import (
    carried_pot_from,
    carried_pot_steps,
    may_open_from,
    opener_proof_lines,
    opener_reading,
)
from dealerassist.trainer.pot_drills import showdown_from_state

from . import reading
from .helpers import RULES, play_script

NO_RAKE = dataclasses.replace(RULES, rake=dataclasses.replace(RULES.rake, enabled=False))


def _jacks(players: int = 4, *, carried: int = 0, rules=NO_RAKE) -> HandSetup:  # type: ignore[no-untyped-def]
    return HandSetup.create(game="FJB", stacks=(1000,) * players, ante=5, small_bet=20,
                            big_bet=40, rules=rules, carried=carried)


DEAL4 = ["deal 2c3d4h5s7c", "deal TsTd8c6h4s", "deal 9c8d7h6s2d", "deal KhQh9h3s2s"]
ALL_CHECK = ["x", "x", "x", "x"]


def _played(step) -> PlayedHand:  # type: ignore[no-untyped-def]
    return PlayedHand(step.state.setup, (), step)


# -- JB-OPEN -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "opens", "words"), [
    ("TsTd8c6h4s", False, "a pair of tens: below jacks, no openers."),
    ("JsJd8c6h4s", True, "a pair of jacks: jacks or better, openers."),
    ("3s3d2c2h4s", True, "two pair: any two pair beats a pair of jacks, openers."),
    ("As5d4c3h2s", True, "a straight or a flush: openers."),
    ("AsKsQs9s2d", False, "no pair: no openers."),
])
def test_JB_OPEN_dealers_reading_of_five_cards(cards: str, opens: bool, words: str) -> None:
    reading, verdict = opener_reading(parse_cards(cards))
    assert verdict is opens and reading.en == words


def test_JB_OPEN_pair_of_tens_may_not_open_the_engine_refuses_the_bet() -> None:
    step = play_script(_jacks(), [*DEAL4, "x"])  # seat 1 checks; seat 2 holds two tens
    drill = may_open_from(step)
    assert step.state.actors[0] == 1
    assert drill.answer == "B" and drill.answer_format.value == "choice"
    assert drill.rule_ids == ("JB-OPEN", "DR-OPENERS")
    assert "a pair of tens: below jacks, no openers." in drill.explanation[1].en
    with pytest.raises(IllegalActionError) as refused:
        play_script(_jacks(), [*DEAL4, "x", "r 20"])
    assert refused.value.rule_id == "JB-OPEN"


def test_JB_OPEN_pair_of_jacks_may_open() -> None:
    deal = ["deal 2c3d4h5s7c", "deal JsJd8c6h4s", "deal 9c8d7h6s2d", "deal KhQh9h3s2s"]
    drill = may_open_from(play_script(_jacks(), [*deal, "x"]))
    assert drill.answer == "A"
    assert drill.answer_text.en.startswith("Yes: a pair of jacks or better")
    assert "Seat 2 is to act and holds Js Jd 8c 6h 4s." in [s.en for s in drill.situation]


# -- JB-NO-OPEN --------------------------------------------------------------------------------

def _passed_out(setup: HandSetup):  # type: ignore[no-untyped-def]
    step = play_script(setup, [*DEAL4, *ALL_CHECK])
    assert step.state.passed_out
    return step


def test_JB_NO_OPEN_two_passed_deals_pot_is_60_as_the_third_deal_begins() -> None:
    # 4 players ante 5: deal 1 passed out (20 carried), deal 2 passed out (40 carried),
    # deal 3: everyone antes again, 60 in the pot before anyone acts.
    first = _passed_out(_jacks())
    second_setup = next_deal(first.state, passed=1)
    assert second_setup.carried == 20 and second_setup.antes == (5, 5, 5, 5)
    second = _passed_out(second_setup)
    third_setup = next_deal(second.state, passed=2)
    assert third_setup.carried == 40
    third = play_script(third_setup, DEAL4)
    assert third.state.pot_total == 60
    hand = PlayedHand(third_setup, (third,), third,
                      passed=(_played(first), _played(second)))
    lines, total = carried_pot_steps(hand)
    assert total == 60
    assert [line.en for line in lines[1:]] == [
        "Deal 1: 4 players ante 5: 4 x 5 = 20.",
        "Deal 2: 4 players ante 5: 20 + 4 x 5 = 40.",
        "Deal 3: 4 players ante 5: 40 + 4 x 5 = 60.",
        "In the pot as deal 3 begins: 60.",
    ]
    drill = carried_pot_from(hand)
    assert drill.answer == 60 and drill.rule_ids[0] == "JB-NO-OPEN"
    assert drill.situation[-1].en == "2 deals in a row were passed out: nobody opened."


def test_JB_NO_OPEN_the_button_moves_and_the_stacks_turn_with_it() -> None:
    setup = HandSetup.create(game="FJB", stacks=(100, 200, 300, 400), ante=5, small_bet=20,
                             big_bet=40, rules=RULES)
    passed = _passed_out(setup)
    following = next_deal(passed.state, passed=1)
    # seat 1 (first left of the button) gets the button: the old seat 2 is the new seat 1
    assert following.starting_stacks == (195, 295, 395, 95)


def test_JB_NO_OPEN_after_the_ante_limit_of_3_the_fourth_deal_has_no_new_ante() -> None:
    step = _passed_out(_jacks())
    passed = [step]
    for count in (1, 2):
        step = _passed_out(next_deal(step.state, passed=count))
        passed.append(step)
    fourth_setup = next_deal(step.state, passed=3)
    assert fourth_setup.antes == (0, 0, 0, 0) and fourth_setup.carried == 60
    fourth = play_script(fourth_setup, DEAL4)
    assert fourth.state.pot_total == 60
    hand = PlayedHand(fourth_setup, (fourth,), fourth, passed=tuple(map(_played, passed)))
    lines, total = carried_pot_steps(hand)
    assert total == 60
    assert lines[4].en == ("Deal 4: 3 deals in a row passed out, the house's limit of 3: no new "
                           "ante, the pot stays 60.")


def test_JB_NO_OPEN_ante_limit_1_no_ante_on_the_second_deal() -> None:
    rules = parse_rules_text("schema_version: 1\ndraw: {jacks_ante_limit: 1}\n", "house.yaml")
    first = _passed_out(_jacks(rules=rules))
    second_setup = next_deal(first.state, passed=1)
    assert second_setup.antes == (0, 0, 0, 0) and second_setup.carried == 20
    second = play_script(second_setup, DEAL4)
    hand = PlayedHand(second_setup, (second,), second, passed=(_played(first),))
    assert carried_pot_steps(hand)[1] == 20 == second.state.pot_total


# -- JB-PROVE, JB-SPLIT, JB-CALL-LOSE, DR-AFTER, carried pot --------------------------------

OPENED = ["deal 2c3d4h5s7c", "deal JsJd8c6h4s", "deal 9c8d7h6s2d", "deal KhQh9h3s2s",
          "x", "r 20", "c", "f", "f"]  # seat 2 opens with jacks, seat 3 calls


def test_DR_AFTER_jacks_opener_acts_first_after_the_draw() -> None:
    step = play_script(_jacks(carried=40), [*OPENED, "draw 8c6h4s/AcAd3c", "draw 2d/Kd"])
    drill = draw_first_from(step)
    assert drill.answer == 2 and drill.game == "FJB"
    assert drill.explanation[0].en.startswith("Antes only: Seat 2 opened")


def test_JB_PROVE_JB_CALL_LOSE_showdown_of_a_carried_pot_of_40() -> None:
    # antes 4 x 5 = 20 + 40 carried + 20 + 20 before the draw + 40 + 40 after = 180
    step = play_script(_jacks(carried=40), [*OPENED, "draw 8c6h4s/AcAd3c", "draw 2d/Kd",
                                            "r 40", "c"])
    state = step.state
    assert state.phase.value == "showdown"
    drill = showdown_from_state(state)
    assert [(p.seat, p.amount) for p in drill.answer] == [(2, 180)]
    assert drill.situation[0].en.endswith("40 carried in from passed-out deals (JB-NO-OPEN).")
    proof = drill.explanation[0].en
    assert proof.startswith("Seat 2 opened: he must show openers to win (JB-PROVE): ")
    assert "(discards 8c 6h 4s)" in proof and "JB-CALL-LOSE" in proof
    assert {"JB-PROVE", "JB-CALL-LOSE"} <= set(drill.rule_ids)
    assert settlement(state).pots[0].amount == 180


def test_JB_SPLIT_a_flush_made_from_split_openers_proves_them_itself() -> None:
    # seat 2 opens with two jacks and four hearts, throws the Js and makes the flush
    deal = ["deal 2c3d4h5s7c", "deal JsJh8h6h5h", "deal 9c8d7h6s2d", "deal KcQc9d3s2s"]
    script = [*deal, "x", "r 20", "c", "f", "f", "draw Js/Ah", "draw 2d/Td", "r 40", "c"]
    state = play_script(_jacks(), script).state
    line = opener_proof_lines(state)[0].en
    assert "Jh 8h 6h 5h Ah (discards Js), a straight or a flush: openers." in line
    # antes 20 + 20 + 20 before the draw + 40 + 40 after: the flush beats the straight
    assert settlement(state).awards_by_player() == {1: 140}
    drill = showdown_from_state(state)
    assert [(p.seat, p.amount) for p in drill.answer] == [(2, 140)]


def test_JB_SPLIT_missed_draw_the_discards_kept_aside_prove_openers() -> None:
    # seat 2 splits his jacks for a flush, misses, bets and seat 3 folds: he must still show
    # openers; the jack kept aside proves them and he takes 20 antes + 20 + 20 = 60
    deal = ["deal 2c3d4h5s7c", "deal JsJh8h6h5h", "deal 9c8d7h6s2d", "deal KcQc9d3s2s"]
    script = [*deal, "x", "r 20", "c", "f", "f", "draw Js/Qd", "draw 2d/Kd", "r 40", "f"]
    state = play_script(_jacks(), script).state
    line = opener_proof_lines(state)[0].en
    assert line == (
        "Seat 2 opened: he must show openers to win (JB-PROVE): Jh 8h 6h 5h Qd (discards Js), "
        "the final hand has no openers, but with the discards kept aside (split openers, "
        "JB-SPLIT): a pair of jacks: jacks or better, openers. He may win the pot; a caller "
        "who cannot beat openers loses (JB-CALL-LOSE).")
    assert settlement(state).awards_by_player() == {1: 60}
    assert [(p.seat, p.amount) for p in showdown_from_state(state).answer] == [(2, 60)]


def test_to_call_facing_the_opener_in_a_carried_pot() -> None:
    step = play_script(_jacks(carried=40), ["deal 2c3d4h5s7c", "deal JsJd8c6h4s",
                                            "deal 9c8d7h6s2d", "deal KhQh9h3s2s", "x", "r 20"])
    drill = to_call_from(step)
    assert drill.answer == 20
    situation = [s.en for s in drill.situation]
    assert situation[0].endswith("40 carried in from passed-out deals (JB-NO-OPEN).")
    assert "Seat 2 bets 20." in situation


def test_JB_NO_OPEN_carried_money_is_named_in_the_worked_pots() -> None:
    from dealerassist.trainer.pot_drills import pot_layers

    state = play_script(_jacks(carried=40), [*OPENED, "draw 8c6h4s/AcAd3c", "draw 2d/Kd",
                                             "r 40", "c"]).state
    lines, pots = pot_layers(state)
    assert pots == [(180, (1, 2))]
    assert [line.en for line in lines] == [
        "Up to 60 a player: 60 + 60 + 60 dead (antes, and 40 carried in, JB-NO-OPEN) = 180, "
        "the main pot, for seats 2, 3."]


def test_DR_ANTE_ONLY_a_player_all_in_with_the_ante_then_out_pot_33() -> None:
    # ante 5; seat 3 has only 3 chips: all in with them, playing for the antes only.
    # Deal 1: 3 x 5 + 3 = 18, passed out; seat 3 has no chips left and is not dealt in:
    # deal 2: 3 players ante 5: 18 + 3 x 5 = 33.
    setup = HandSetup.create(game="FJB", stacks=(1000, 1000, 3, 1000), ante=5, small_bet=20,
                             big_bet=40, rules=NO_RAKE)
    first = play_script(setup, [*DEAL4, "x", "x", "x"])
    assert first.state.passed_out and first.state.pot_total == 18
    second_setup = next_deal(first.state, passed=1)
    assert second_setup is not None and second_setup.player_count == 3
    second = play_script(second_setup, ["deal 2c3d4h5s7c", "deal TsTd8c6h4s",
                                        "deal 9c8d7h6s2d"])
    hand = PlayedHand(second_setup, (second,), second, passed=(_played(first),))
    lines, total = carried_pot_steps(hand)
    assert total == 33 == second.state.pot_total
    assert [line.en for line in lines[1:]] == [
        "Deal 1: 4 players ante 5: 3 x 5 + 3 = 18.",
        "  Seat 3 had only 3: all in with the ante, he plays for the antes only (DR-ANTE-ONLY).",
        "Deal 2: 3 players ante 5: 18 + 3 x 5 = 33.",
        "In the pot as deal 2 begins: 33.",
    ]
    assert carried_pot_from(hand).rule_ids == ("JB-NO-OPEN", "DR-ANTE-ONLY")


def test_defect_39_1_a_player_with_exactly_one_ante_is_dropped_and_the_text_says_why() -> None:
    # JB-NO-OPEN, DR-ANTE-ONLY: seat 3 has exactly one ante (5): all in with it in deal 1,
    # not dealt in deal 2. 4 x 5 = 20, then 20 + 3 x 5 = 35; the situation shows the stacks
    # and the house's limit, so the figure can be read from the text alone.
    setup = HandSetup.create(game="FJB", stacks=(1000, 1000, 5, 1000), ante=5, small_bet=20,
                             big_bet=40, rules=NO_RAKE)
    first = play_script(setup, [*DEAL4, "x", "x", "x"])
    second_setup = next_deal(first.state, passed=1)
    assert second_setup is not None and second_setup.player_count == 3
    second = play_script(second_setup, ["deal 2c3d4h5s7c", "deal TsTd8c6h4s",
                                        "deal 9c8d7h6s2d"])
    hand = PlayedHand(second_setup, (second,), second, passed=(_played(first),))
    drill = carried_pot_from(hand)
    assert drill.answer == 35 == second.state.pot_total
    situation = [line.en for line in drill.situation]
    assert "Starting stacks as deal 1 began: Seat 1 1000, Seat 2 1000, Seat 3 5, Seat 4 1000." \
        in situation
    assert ("House: everyone antes on each of the first 3 deals in a row; after 3 passed-out "
            "deals in a row the pot is carried and plays on without new antes (JB-NO-OPEN)."
            ) in situation
    assert reading.answer_of_jb_open(drill) == 35
    assert "  Seat 3 had only 5: all in with the ante, he plays for the antes only " \
        "(DR-ANTE-ONLY)." in [line.en for line in drill.explanation]


def test_JB_NO_OPEN_no_deal_when_fewer_than_three_players_have_chips() -> None:
    setup = HandSetup.create(game="FJB", stacks=(1000, 5, 5, 1000), ante=5, small_bet=20,
                             big_bet=40, rules=NO_RAKE)
    passed = play_script(setup, [*DEAL4, "x", "x"])
    assert passed.state.passed_out
    assert next_deal(passed.state, passed=1) is None


def test_DR_ANTE_ONLY_all_in_opener_short_of_the_bet_callers_put_in_the_full_20() -> None:
    # seat 2 has 15: antes 5 and opens all in for 10 with two jacks; the opening bet is 20,
    # so seat 3 still calls 20 (the 10 over the opener's goes to a side pot)
    setup = HandSetup.create(game="FJB", stacks=(1000, 15, 1000, 1000), ante=5, small_bet=20,
                             big_bet=40, rules=NO_RAKE)
    deal = ["deal 2c3d4h5s7c", "deal JsJd8c6h4s", "deal 9c8d7h6s2d", "deal KhQh9h3s2s"]
    step = play_script(setup, [*deal, "x", "r 10"])
    drill = to_call_from(step)
    assert drill.answer == 20
    assert any("DR-ANTE-ONLY" in line.en for line in drill.explanation)


@given(st.lists(st.sampled_from(standard_deck()), min_size=5, max_size=5, unique=True))
@settings(max_examples=300, deadline=None)
def test_JB_OPEN_dealers_reading_equals_the_engine_for_any_five_cards(cards) -> None:  # type: ignore[no-untyped-def]
    assert opener_reading(cards)[1] is has_openers(cards)


@given(seed=st.integers(0, 10_000), level=st.sampled_from(list(Difficulty)))
@settings(max_examples=25, deadline=None)
def test_JB_NO_OPEN_chips_are_conserved_across_passed_out_deals(seed: int,
                                                                level: Difficulty) -> None:
    rng = random.Random(seed)
    prof = profile(level)
    first = random_setup(rng, game="FJB", prof=prof, rules=NO_RAKE)
    hand = play_hand(rng, first, prof=prof)
    chips = sum(first.starting_stacks)
    deals = (*hand.passed, hand)
    for deal in deals:  # every chip is a stack or in the carried pot
        assert sum(deal.setup.starting_stacks) + deal.setup.carried == chips
        assert deal.final.state.total_chips == chips
    for before, after in zip(deals[:-1], deals[1:], strict=True):
        assert after.setup.carried == before.final.state.carry_forward
