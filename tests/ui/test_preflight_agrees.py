"""The console's pre-flight amount check agrees exactly with the engine's legality.

At real decision points of real sessions (no limit, pot limit, fixed limit, a short all-in,
a capped round), every amount the console accepts is one the engine accepts and every amount
it refuses the engine refuses too: the console never lets a wrong amount through, and never
blocks a right one.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.engine.actions import can_bet_or_raise
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.rules.model import GamePreset
from dealerassist.session.controller import TableSession
from dealerassist.ui.session_adapter import SessionController

SPOTS = {
    "NL pre-flop first to act": ("NLHE 1/2", (200, 300, 150), ()),
    "NL facing a raise to 6": ("NLHE 1/2", (200, 300, 150), ("r 6",)),
    "NL big blind after calls": ("NLHE 1/2", (200, 300, 150), ("r 6", "c")),
    "NL flop opening bet": ("NLHE 1/2", (200, 300, 150), ("r 6", "c", "c", "flop Ah Kd 7c")),
    "NL facing a flop bet": ("NLHE 1/2", (200, 300, 150),
                             ("r 6", "c", "c", "flop Ah Kd 7c", "x", "b 10")),
    "NL short stack cannot complete a raise": ("NLHE 1/2", (200, 300, 9), ("r 6", "c")),
    "NL after a short all-in (BET-SHORT-ALLIN)": ("NLHE 1/2", (200, 300, 9),
                                                   ("r 6", "c", "allin")),
    "PL pre-flop": ("PLHE 1/2", (100, 100, 100), ()),
    "PL facing a pot raise": ("PLHE 1/2", (100, 100, 100), ("r 7",)),
    "FL pre-flop": ("Limit Hold'em 10/20", (500, 500, 500), ()),
    "FL capped (BET-FL-CAP)": ("Limit Hold'em 10/20", (500, 500, 500),
                               ("r 20", "r 30", "r 40")),
    "FL short stack": ("Limit Hold'em 10/20", (500, 500, 25), ("r 20", "c")),
}


@cache
def spot(name: str):
    preset_name, stacks, lines = SPOTS[name]
    rules = default_rules()
    preset = (GamePreset(name="PLHE 1/2", game="PT", small_blind=1, big_blind=2)
              if preset_name == "PLHE 1/2" else rules.preset(preset_name))
    session = TableSession(InMemoryJournal(), rules=rules, preset=preset)
    for seat, stack in enumerate(stacks, 1):
        session.execute(f"sit {seat} P{seat} {stack}")
    session.execute("button 1")
    session.execute("hand")
    for line in lines:
        session.execute(line)
    view = SessionController(session).current_view().action
    engine = session.state.hand.engine_state
    return view, engine


@pytest.mark.parametrize("name", sorted(SPOTS))
def test_every_spot_has_a_decision(name):
    view, engine = spot(name)
    assert view is not None and engine.actor is not None


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(SPOTS)), data=st.data())
def test_preflight_check_equals_engine_legality(name, data):
    view, engine = spot(name)
    top = view.all_in_to + 30
    edges = [view.all_in_to, view.all_in_to + 1, view.bet + view.to_call]
    if view.min_raise_to is not None:
        edges += [view.min_raise_to - 1, view.min_raise_to, view.max_raise_to,
                  view.max_raise_to + 1]
    amount = data.draw(st.one_of(st.integers(0, top), st.sampled_from(edges)))
    assert view.can_raise_to(amount) == can_bet_or_raise(engine, engine.actor, amount), (
        name, amount, view)


@pytest.mark.parametrize(("name", "rule_id"), [
    ("FL capped (BET-FL-CAP)", "BET-FL-CAP"),
    ("NL after a short all-in (BET-SHORT-ALLIN)", "BET-SHORT-ALLIN"),
])
def test_a_refused_raise_cites_the_engine_rule(name, rule_id):
    from dealerassist.errors import IllegalActionError

    view, _ = spot(name)
    with pytest.raises(IllegalActionError) as caught:
        view.verify_raise_to(view.all_in_to)
    assert caught.value.rule_id == rule_id
