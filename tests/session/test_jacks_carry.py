"""Jacks or better at the table: passed-out deals carry their antes, up to the ante limit.

JB-NO-OPEN: if nobody opens, the antes stay in the pot, the button moves and everyone
antes again, until ``draw.jacks_ante_limit`` consecutive deals were passed out; then the
carried pot plays on without new antes. The table (`session/`) carries the pot as
`HandStarted.carried`, the presenter shows it in the main pot, and the journal replays
to the same state.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.engine.ruling_events import MisdealDeclared
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import HouseRules, parse_rules_text
from dealerassist.session.controller import TableSession, session_codec
from dealerassist.session.events import HandFinished, HandStarted
from dealerassist.session.presenter import present
from dealerassist.session.state import evolve
from tests.session.helpers import RULES, clock

JACKS = RULES.preset("Jacks or Better")  # ante 1, small bet 2, big bet 4


def _rules(limit: int) -> HouseRules:
    return parse_rules_text(f"schema_version: 1\ndraw: {{jacks_ante_limit: {limit}}}\n",
                            "test-rules.yaml")


def _table(rules: HouseRules = RULES, journal: InMemoryJournal | None = None) -> TableSession:
    session = TableSession(journal or InMemoryJournal(), rules=rules, preset=JACKS, clock=clock)
    for seat in range(1, 5):
        session.execute(f"sit {seat} P{seat} 100")
    return session


def _chips(session: TableSession) -> int:
    """Stacks + the pot carried to the next deal (between hands)."""
    return sum(p.stack for p in session.state.table.players) + session.state.carried


def _pass_out(session: TableSession) -> HandStarted:
    """Deal a hand and check it round: nobody opens (JB-NO-OPEN)."""
    session.execute("hand")
    started = session.state.hand.started  # type: ignore[union-attr]
    for _ in started.seats:
        session.execute("x")
    assert session.state.hand is None, "a checked-round jacks deal is over"
    return started


def test_JB_NO_OPEN_three_passed_out_deals_then_a_fourth_without_antes_limit_3() -> None:
    session = _table()
    total = _chips(session)
    deals = [_pass_out(session) for _ in range(4)]
    assert [d.antes for d in deals] == [(1, 1, 1, 1)] * 3 + [(0, 0, 0, 0)]
    assert [d.carried for d in deals] == [0, 4, 8, 12]
    assert session.state.carried == 12  # the fourth, unopened, still carries the pot
    assert [p.stack for p in session.state.table.players] == [97, 97, 97, 97]
    assert _chips(session) == total == 400
    # The button moved each deal (JB-NO-OPEN: "the button moves").
    assert [d.plan.button for d in deals] == [1, 2, 3, 4]


def test_JB_NO_OPEN_ante_limit_2_stops_the_antes_after_two_deals() -> None:
    session = _table(_rules(2))
    deals = [_pass_out(session) for _ in range(3)]
    assert [d.antes for d in deals] == [(1, 1, 1, 1), (1, 1, 1, 1), (0, 0, 0, 0)]
    assert [d.carried for d in deals] == [0, 4, 8]
    assert _chips(session) == 400


def test_JB_NO_OPEN_the_carried_pot_is_in_the_main_pot_on_screen() -> None:
    session = _table()
    _pass_out(session)
    between = present(session.state)
    assert [(p.label, p.amount) for p in between.pots] == [("Main", 4)]
    session.execute("hand")
    during = present(session.state)
    assert [(p.label, p.amount) for p in during.pots] == [("Main", 8)]  # 4 carried + 4 antes
    assert during.pots[0].eligible_seats == (1, 2, 3, 4)


def _open_and_fold_round(session: TableSession) -> HandStarted:
    """Deal; the first to act opens for 2 and everyone else folds (JB-PROVE pending)."""
    session.execute("hand")
    started = session.state.hand.started  # type: ignore[union-attr]
    session.execute("b 2")
    for _ in started.seats[1:]:
        session.execute("f")
    return started


def test_JB_PROVE_JB_NO_OPEN_an_opener_showing_openers_wins_the_carried_pot() -> None:
    session = _table()
    for _ in range(3):
        _pass_out(session)
    started = _open_and_fold_round(session)  # no antes, 12 carried
    assert started.antes == (0, 0, 0, 0) and started.carried == 12
    opener = started.seats[0]
    session.execute(f"show {opener} Jh Jd 2c 5s 9h")
    assert session.state.hand is None
    assert session.state.finished[-1].finished.rake == 0  # no draw, no drop
    stacks = {p.seat: p.stack for p in session.state.table.players}
    assert stacks[opener] == 97 + 12  # the 12 carried, his own 2 back
    assert session.state.carried == 0 and session.state.passed_out_deals == 0
    assert _chips(session) == 400
    nxt = _pass_out(session)  # the run is over: antes again
    assert nxt.antes == (1, 1, 1, 1) and nxt.carried == 0


def test_IRR_JB_FALSE_a_false_openers_pot_is_carried_and_everyone_antes_again() -> None:
    session = _table(_rules(2))
    _pass_out(session)
    _pass_out(session)  # limit 2 reached
    started = _open_and_fold_round(session)
    assert started.antes == (0, 0, 0, 0) and started.carried == 8
    session.execute(f"show {started.seats[0]} 2c 5s 9h Kd Ah")  # no openers
    assert session.state.hand is None
    assert session.state.carried == 10  # 8 carried + the opener's first bet of 2
    assert session.state.passed_out_deals == 0  # someone opened: not a passed-out deal
    assert _chips(session) == 400
    nxt = _pass_out(session)
    assert nxt.antes == (1, 1, 1, 1) and nxt.carried == 10
    assert present(session.state).pots[0].amount == 14


def test_JB_NO_OPEN_journal_replay_equals_live() -> None:
    journal = InMemoryJournal()
    live = _table(journal=journal)
    for _ in range(4):
        _pass_out(live)
    live.execute("hand")
    replayed = TableSession(journal, rules=RULES, clock=clock)
    assert replayed.state == live.state
    assert replayed.state.hand.started.carried == 12  # type: ignore[union-attr]
    assert replayed.state.passed_out_deals == 4


def test_JB_NO_OPEN_undo_of_a_passed_out_deal_takes_the_carried_pot_back() -> None:
    session = _table()
    _pass_out(session)
    session.execute("hand")
    session.execute("x")
    session.execute("x")
    session.execute("x")
    session.execute("x")  # second deal passed out: 8 carried
    assert session.state.carried == 8
    session.execute("undo")  # the last check is taken back: the deal runs again
    assert session.state.hand is not None and session.state.carried == 0
    assert session.state.passed_out_deals == 1
    engine = session.state.hand.engine_state
    assert engine.pot_total == 8  # 4 carried in + 4 antes
    assert sum(engine.stacks) + sum(engine.bets) + engine.pot_total == 400


def test_JB_NO_OPEN_a_version_2_hand_started_record_reads_with_nothing_carried() -> None:
    codec = session_codec()
    live = _table()
    live.execute("hand")
    started = live.state.hand.started  # type: ignore[union-attr]
    encoded = codec.encode(started)
    assert encoded.class_version == 3
    payload = json.loads(encoded.payload)
    del payload["carried"]
    old = codec.decode("HandStarted", 2, json.dumps(payload))
    assert old == started and old.carried == 0


def test_JB_NO_OPEN_a_passed_out_deal_finishes_with_its_stacks_and_no_rake() -> None:
    session = _table()
    _pass_out(session)
    finished = [e for _, e in session.history() if isinstance(e, HandFinished)]
    assert finished[-1].final_stacks == (99, 99, 99, 99) and finished[-1].rake == 0


def test_JB_PROVE_the_opener_everyone_folded_to_is_told_to_show_openers() -> None:
    session = _table()
    started = _open_and_fold_round(session)
    opener, name = started.seats[0], started.names[0]
    assert present(session.state).message == (
        f"showdown: seat {opener} {name} must show openers to win (show SEAT CARDS)")
    assert present(session.state, lang="fr").message == (
        f"abattage : le siège {opener} {name} doit montrer l'ouverture pour gagner "
        "(show SIÈGE CARTES)")


def test_JB_NO_OPEN_the_hand_list_names_the_pot_carried_to_the_next_deal() -> None:
    session = _table()
    _pass_out(session)
    _pass_out(session)
    first, second = present(session.state).past_hands[-2:]
    assert (first.total_pot, first.result) == (4, "4 carried to the next deal")
    assert (second.total_pot, second.result) == (8, "8 carried to the next deal")
    french = present(session.state, lang="fr").past_hands[-1]
    assert french.result == "8 reportés à la donne suivante"


@settings(max_examples=25, deadline=None)
@given(limit=st.integers(min_value=1, max_value=4),
       deals=st.lists(st.sampled_from(["pass", "proven", "false"]), min_size=1, max_size=7))
def test_JB_NO_OPEN_IRR_JB_FALSE_chips_are_conserved_and_antes_follow_the_limit(
        limit: int, deals: list[str]) -> None:
    session = _table(_rules(limit))
    unopened = 0
    carried = 0
    for deal in deals:
        if deal == "pass":
            started = _pass_out(session)
        else:
            started = _open_and_fold_round(session)
            cards = "Jh Jd 2c 5s 9h" if deal == "proven" else "2c 5s 9h Kd Ah"
            session.execute(f"show {started.seats[0]} {cards}")
        # JB-NO-OPEN: no antes once `limit` consecutive deals were passed out.
        assert started.antes == ((0,) * 4 if unopened >= limit else (1,) * 4)
        assert started.carried == carried
        unopened = unopened + 1 if deal == "pass" else 0
        assert session.state.passed_out_deals == unopened
        # The antes stay in the pot, and a false opener's first bet with them (IRR-JB-FALSE).
        pot = carried + sum(started.antes)
        carried = {"pass": pot, "proven": 0, "false": pot + 2}[deal]
        assert session.state.carried == carried
        # Nothing is raked without a draw: stacks + the carried pot are the 400 dealt.
        assert _chips(session) == 400


def test_JB_NO_OPEN_a_misdeal_keeps_the_carried_pot_and_counts_no_deal() -> None:
    session = _table()
    _pass_out(session)
    session.execute("hand")  # 4 carried + 4 antes, button on seat 2
    state = evolve(session.state, MisdealDeclared(rule_id="IRR-DR-MISDEAL"), rules=RULES)
    engine = state.hand.engine_state  # type: ignore[union-attr]
    assert engine.stacks == (99, 99, 99, 99)  # the antes go back
    state = evolve(state, HandFinished(hand_id=2, final_stacks=engine.stacks), rules=RULES)
    assert state.carried == 4  # the money carried in waits for the redeal
    assert state.passed_out_deals == 1  # the misdeal is no passed-out deal
    assert state.table.button == 1  # and the button stays for the redeal
    assert sum(p.stack for p in state.table.players) + state.carried == 400
