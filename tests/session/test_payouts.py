"""Payouts confirmed by the dealer: ``TableSession(confirm_payouts=True)`` and ``pay``.

At a showdown the hand waits with the proposed settlement (the presenter's ShowdownView,
from the engine's ``settle``) and the stacks unchanged; ``pay`` journals exactly that
settlement and HandFinished (POT-AWARD, G-ODD-CHIP, RAKE-RATE). Before ``pay`` the dealer
can still correct with ``undo``/``show``/``muck``; a hand won by folds is paid at once
(G-WIN-FOLD). Replaying the journal gives the live state, mid-confirmation included.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.engine.events import PotAwarded, RakeTaken
from dealerassist.errors import DealerAssistError, IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.session.controller import TableSession
from dealerassist.session.events import HandFinished
from dealerassist.session.hand import payout_due
from dealerassist.session.presenter import finished_showdown, present, table_json
from dealerassist.session.viewmodels import ShareKind
from tests.session.helpers import NLHE, RULES, candidate_commands, clock
from tests.session.test_controller import _chips, _expected_chips

TO_RIVER = ["sit 1 Ann 1000", "sit 2 Bob 1000", "sit 3 Cy 1000", "hand", "c", "c", "x",
            "flop Ah Kd Qc", "x", "x", "x", "turn Js", "x", "x", "x", "river 2h", "x", "x", "x"]
# Ann and Bob both have the broadway straight, Cy trips: a split pot of 30, rake 1 (5 %,
# rounded down), 29 split 15/14, the odd chip to the first seat left of the button.
SHOWS = ["show 1 Tc 3c", "show 2 Td 4d", "show 3 2c 2d"]


def confirming(journal: InMemoryJournal | None = None, *, confirm: bool = True) -> TableSession:
    return TableSession(journal if journal is not None else InMemoryJournal(), rules=RULES,
                        preset=NLHE, clock=clock, confirm_payouts=confirm)


def play(session: TableSession, lines: list[str]) -> None:
    for line in lines:
        session.execute(line)


def stacks(session: TableSession) -> dict[int, int]:
    return {seat.seat: seat.stack for seat in present(session.state).seats if seat.name}


def test_POT_AWARD_showdown_waits_for_pay_with_the_settlement_shown_and_stacks_unmoved() -> None:
    session = confirming()
    play(session, TO_RIVER + SHOWS)
    view = present(session.state)
    assert session.state.hand is not None  # not finished: waiting for the dealer
    assert payout_due(session.state.hand.engine_state)
    assert stacks(session) == {1: 990, 2: 990, 3: 990}
    shown = view.showdown
    assert shown is not None and not shown.confirmed
    (pot,) = shown.pots
    assert (pot.label, pot.amount, pot.rake) == ("Main", 30, 1)
    assert [(a.seat, a.amount, a.share, a.odd_chips) for a in pot.awards] == [
        (2, 15, ShareKind.WHOLE, 1), (1, 14, ShareKind.WHOLE, 0)]
    assert shown.total_rake == 1
    assert view.message == "showdown: check the payouts, then pay (Confirm payouts)"
    with pytest.raises(IllegalActionError):
        session.execute("hand")  # the hand is not over until the dealer pays


def test_POT_AWARD_pay_applies_exactly_the_settlement_shown() -> None:
    session = confirming()
    play(session, TO_RIVER + SHOWS)
    proposed = present(session.state).showdown
    before = len(session.history())
    session.execute("pay")
    group = [event for _, event in session.history()[before:]]
    assert [type(e).__name__ for e in group] == [
        "CommandReceived", "RakeTaken", "PotAwarded", "PotAwarded", "HandFinished"]
    # PHH order from the button (seat 1): Bob (seat 2) is player 0, Ann (seat 1) player 2.
    assert [(e.player, e.amount) for e in group if isinstance(e, PotAwarded)] == [(0, 15), (2, 14)]
    assert sum(e.amount for e in group if isinstance(e, RakeTaken)) == 1
    assert session.state.hand is None
    paid = finished_showdown(session.state.finished[-1])
    assert paid.confirmed
    def figures(view):  # type: ignore[no-untyped-def]
        return [(pot.label, pot.amount, pot.rake, [(a.seat, a.amount, a.share, a.odd_chips)
                                                  for a in pot.awards]) for pot in view.pots]

    assert figures(paid) == figures(proposed)  # exactly what was shown is paid
    # Before paying, each award names the hand that wins it (evaluation.describe).
    assert [a.hand for a in proposed.pots[0].awards] == ["Straight, ace high"] * 2  # type: ignore[union-attr]
    assert [h.high for h in proposed.hands] == [  # type: ignore[union-attr]
        "Straight, ace high", "Three twos", "Straight, ace high"]
    assert dataclasses.replace(paid, confirmed=False).total_rake == proposed.total_rake  # type: ignore[union-attr]
    assert stacks(session) == {1: 1004, 2: 1005, 3: 990}
    assert present(session.state).showdown.confirmed  # type: ignore[union-attr]


def test_POT_AWARD_undo_before_pay_reopens_the_showdown_and_a_muck_changes_the_payout() -> None:
    session = confirming()
    play(session, TO_RIVER + SHOWS)
    session.execute("undo")  # Cy's show
    assert present(session.state).showdown.awaiting_cards == (3,)  # type: ignore[union-attr]
    assert present(session.state).showdown.pots == ()  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError) as refused:
        session.execute("pay")
    assert refused.value.rule_id == "POT-AWARD"
    session.execute("undo")  # Bob's show
    session.execute("muck 2")  # Bob gives up: Ann alone has the straight
    session.execute("show 3 2c 2d")
    (pot,) = present(session.state).showdown.pots  # type: ignore[union-attr]
    assert [(a.seat, a.amount) for a in pot.awards] == [(1, 29)]
    session.execute("pay")
    assert stacks(session) == {1: 1019, 2: 990, 3: 990}


def test_POT_AWARD_undo_after_pay_takes_the_payout_back_and_waits_again() -> None:
    session = confirming()
    play(session, TO_RIVER + SHOWS + ["pay"])
    session.execute("undo")
    assert session.state.hand is not None
    assert stacks(session) == {1: 990, 2: 990, 3: 990}
    assert not present(session.state).showdown.confirmed  # type: ignore[union-attr]
    session.execute("pay")
    assert stacks(session) == {1: 1004, 2: 1005, 3: 990}


def test_G_WIN_FOLD_a_hand_won_by_folds_is_paid_at_once_without_pay() -> None:
    session = confirming()
    play(session, ["sit 1 Ann 1000", "sit 2 Bob 1000", "sit 3 Cy 1000", "hand", "f", "f"])
    assert session.state.hand is None
    assert stacks(session) == {1: 1000, 2: 995, 3: 1005}  # no flop, no drop (RAKE-NFND)
    with pytest.raises(IllegalActionError) as refused:
        session.execute("pay")
    assert refused.value.rule_id == "POT-AWARD"


def test_without_the_option_the_showdown_is_paid_at_once_as_before() -> None:
    session = confirming(confirm=False)
    play(session, TO_RIVER + SHOWS)
    assert session.state.hand is None
    assert stacks(session) == {1: 1004, 2: 1005, 3: 990}


def test_a_refused_pay_journals_nothing_and_changes_nothing() -> None:
    journal = InMemoryJournal()
    session = confirming(journal)
    play(session, TO_RIVER)
    before, seq = session.state, journal.last_seq()
    with pytest.raises(IllegalActionError, match="enter the cards of seat"):
        session.execute("pay")
    assert session.state is before
    assert journal.last_seq() == seq


def test_journal_replay_equals_live_mid_confirmation_and_after_pay() -> None:
    journal = InMemoryJournal()
    session = confirming(journal)
    play(session, TO_RIVER + SHOWS)
    for confirm in (True, False):  # a journal left waiting reopens waiting, option or not
        reopened = confirming(journal, confirm=confirm)
        assert reopened.state == session.state
        assert present(reopened.state) == present(session.state)
    play(session, ["undo", "show 3 2c 2d", "pay"])
    reopened = confirming(journal, confirm=False)
    assert reopened.state == session.state
    assert table_json(present(reopened.state)) == table_json(present(session.state))
    assert isinstance(session.history()[-1][1], HandFinished)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(10, 80))
def test_random_dealer_with_pay_conserves_chips_and_replays(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    journal = InMemoryJournal()
    session = confirming(journal)
    play(session, ["sit 1 A 300", "sit 2 B 1000", "sit 3 C 50"])
    for _ in range(steps):
        lines = candidate_commands(session.state, rng)
        hand = session.state.hand
        if hand is not None and payout_due(hand.engine_state):
            lines += ["pay"] * 6
        line = rng.choice(lines)
        before, seq = session.state, journal.last_seq()
        try:
            session.execute(line)
        except DealerAssistError:
            assert session.state is before and journal.last_seq() == seq
            continue
        # Chips are conserved, waiting for ``pay`` included (nothing paid, nothing lost).
        assert _chips(session.state) == _expected_chips(session)
        assert confirming(journal, confirm=False).state == session.state, line


def test_cli_table_confirm_payouts_waits_for_pay_and_resumes_waiting(tmp_path) -> None:
    from tests.cli.test_table import table as run_table

    db = tmp_path / "j.sqlite3"
    lines = ["sit 1 Ann 1000", "sit 2 Bob 1000", "sit 3 Cy 1000", "hand", "c", "c", "x",
             "flop Ah Kd Qc", "x", "x", "x", "turn Js", "x", "x", "x", "river 2h", "x", "x",
             "x", *SHOWS]
    code, states, _ = run_table(db, lines, "--game", "NLHE 2/5", "--confirm-payouts")
    waiting = states[-1]
    assert code == 0 and waiting["hand_id"] == 1
    assert waiting["message"] == "showdown: check the payouts, then pay (Confirm payouts)"
    assert waiting["stacks"] == {"1": 995, "2": 995, "3": 995}
    # 15 in the pot, rake 0 (5 % rounded down), 8/7: the odd chip to seat 2 (G-ODD-CHIP).
    assert waiting["payouts"] == [{"pot": "Main", "amount": 15, "rake": 0,
                                   "awards": {"2": 8, "1": 7}}]
    # A new run on the same journal resumes waiting; 'pay' pays what was shown.
    code, states, _ = run_table(db, ["pay"], "--confirm-payouts")
    assert code == 0 and states[0]["payouts"] == waiting["payouts"]
    assert states[-1]["stacks"] == {"1": 1002, "2": 1003, "3": 995}
    code, states, _ = run_table(db, ["pay"])  # nothing to pay any more
    assert code == 1 and "[POT-AWARD]" in states[-1]["error"]
