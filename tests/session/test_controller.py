from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.engine.events import Called, Folded, PotAwarded
from dealerassist.errors import DealerAssistError, IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.store import SQLiteJournal
from dealerassist.session.commands import CommandError
from dealerassist.session.events import CommandReceived, HandFinished, HandStarted, Undone
from dealerassist.session.presenter import present

from .helpers import TO_THE_RIVER, candidate_commands, execute_all, new_session, seated_session


def test_every_command_is_journaled_as_a_group_before_its_events() -> None:
    session = seated_session(1000, 1000, 1000)
    session.execute("hand")
    types = [type(event).__name__ for _, event in session.history()]
    assert types[:2] == ["CommandReceived", "GameSelected"]
    assert types[-5:] == [
        "CommandReceived",
        "HandStarted",
        "HoleCardsDealt",
        "HoleCardsDealt",
        "HoleCardsDealt",
    ]
    records = session.journal.read()
    assert [r.hand_id for r in records[-4:]] == [1, 1, 1, 1]
    assert records[-5].hand_id is None  # the 'hand' command came before hand 1 existed


def test_illegal_command_changes_nothing_and_journals_nothing() -> None:
    session = seated_session(1000, 1000, 1000)
    session.execute("hand")
    before_state = session.state
    before_seq = session.journal.last_seq()
    with pytest.raises(IllegalActionError) as caught:
        session.execute("r 15")  # blinds 5/10: a raise must go to at least 20 (BET-NL-MIN)
    assert caught.value.rule_id == "BET-NL-MIN"
    with pytest.raises(IllegalActionError) as caught:
        session.execute("x")
    assert caught.value.rule_id == "G-ACT"
    with pytest.raises(CommandError):
        session.execute("rasie 40")
    assert session.state is before_state
    assert session.journal.last_seq() == before_seq


def test_BET_NL_MIN_raise_to_20_is_the_minimum_after_blinds_5_10() -> None:
    session = seated_session(1000, 1000, 1000)
    view = present(session.execute("hand"))
    assert view.action is not None
    assert (view.action.seat, view.action.to_call) == (1, 10)  # button 1, SB 2, BB 3
    assert (view.action.min_raise_to, view.action.max_raise_to) == (20, 1000)
    view = present(session.execute("r 60"))
    assert view.action.seat == 2  # type: ignore[union-attr]
    assert view.action.min_raise_to == 110  # type: ignore[union-attr]  # 60 + raise of 50


def test_G_WIN_FOLD_hand_settles_and_stacks_carry_to_the_next_hand() -> None:
    session = seated_session(1000, 1000, 1000)
    session.execute("hand")  # button 1, SB 2 (5), BB 3 (10)
    session.execute("r 30")
    session.execute("f")
    state = session.execute("f")
    assert state.hand is None
    assert [p.stack for p in state.table.players] == [1015, 995, 990]
    finished = state.finished[-1].finished
    assert isinstance(finished, HandFinished)
    assert finished.final_stacks == (995, 990, 1015)  # PHH order: SB, BB, button
    state = session.execute("hand")  # G-BUTTON: button 2, SB 3, BB 1
    assert state.hand.started.plan.button == 2  # type: ignore[union-attr]
    assert state.hand.started.starting_stacks == (990, 1015, 995)  # type: ignore[union-attr]


def test_showdown_pays_the_best_hand_with_rake() -> None:
    session = seated_session(1000, 1000)
    execute_all(session, *TO_THE_RIVER, "b 100", "c", "show 1 As Ad")
    assert session.state.hand is not None  # seat 2 has not shown yet
    state = session.execute("show 2 Kh Ks")
    assert state.hand is None
    awards = [e for e in state.finished[-1].events if isinstance(e, PotAwarded)]
    total_pot = 220
    rake = state.finished[-1].finished.rake
    assert sum(a.amount for a in awards) + rake == total_pot
    assert state.table.player(1).stack == 1000 - 110 + total_pot - rake  # type: ignore[union-attr]
    assert state.table.player(2).stack == 890  # type: ignore[union-attr]


def test_undo_is_a_new_event_and_restores_the_previous_state() -> None:
    session = seated_session(1000, 1000, 1000)
    session.execute("hand")
    before = session.state
    session.execute("r 40")
    seq_before_undo = session.journal.last_seq()
    state = session.execute("undo")
    assert present(state) == present(before)
    assert state.hand.events == before.hand.events  # type: ignore[union-attr]
    records = session.journal.read()
    assert len(records) == seq_before_undo + 2  # nothing erased: CommandReceived + Undone
    assert records[-1].type == "Undone"
    # the raise is still in the journal, cancelled
    assert any(r.type == "RaisedTo" for r in records)


def test_undo_twice_walks_back_and_undo_of_nothing_is_refused() -> None:
    session = new_session()
    session.execute("sit 1 Ann 100")
    session.execute("sit 2 Ben 100")
    session.execute("undo")
    session.execute("undo")
    assert session.state.table.players == ()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        session.execute("undo")


def test_undo_of_the_last_action_of_a_hand_reopens_the_hand() -> None:
    session = seated_session(1000, 1000, 1000)
    session.execute("hand")
    session.execute("f")
    session.execute("f")
    assert session.state.hand is None
    state = session.execute("undo")
    assert state.hand is not None
    view = present(state)
    assert view.action is not None and view.action.seat == 2  # the small blind acts again
    assert isinstance(state.hand.events[-1], Folded)


def test_resume_mid_hand_from_sqlite_equals_the_live_state(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = SQLiteJournal(path)
    session = seated_session(500, 800, 1200, journal=journal)
    for line in ["hand", "r 40", "c", "c", "flop 2c 7d Js", "b 100", "undo", "b 60"]:
        session.execute(line)
    live = session.state
    journal.close()
    reopened = new_session(SQLiteJournal(path), preset=None)
    assert reopened.state == live
    assert present(reopened.state) == present(live)
    reopened.execute("f")
    assert isinstance(reopened.state.hand.events[-1], Folded)  # type: ignore[union-attr]


def test_switching_the_game_mid_hand_is_refused() -> None:
    from .helpers import RULES

    session = seated_session(1000, 1000)
    session.execute("hand")
    with pytest.raises(DealerAssistError, match="change the game after it"):
        from dealerassist.session.controller import TableSession

        TableSession(session.journal, rules=RULES, preset=RULES.presets[1])


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(5, 70))
def test_replay_of_the_journal_equals_the_live_state_after_every_command(
    seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    journal = InMemoryJournal()
    session = seated_session(300, 1000, 50, journal=journal)
    for _ in range(steps):
        line = rng.choice(candidate_commands(session.state, rng))
        before = session.state
        seq = journal.last_seq()
        try:
            session.execute(line)
        except DealerAssistError:
            assert session.state is before  # illegal input never changes the state
            assert journal.last_seq() == seq  # ... nor the journal
            continue
        replayed = new_session(journal, preset=None)
        assert replayed.state == session.state, line
        # chips are conserved: every seat's chips + pots + rake only change by seating
        assert _chips(session.state) == _expected_chips(session)


def _chips(state) -> int:  # type: ignore[no-untyped-def]
    total = sum(p.stack for p in state.table.players)
    if state.hand is not None:
        engine = state.hand.engine_state
        dealt = set(state.hand.started.seats)
        total = sum(p.stack for p in state.table.players if p.seat not in dealt)
        total += engine.total_chips - engine.rake
    return total


def _expected_chips(session) -> int:  # type: ignore[no-untyped-def]
    from dealerassist.session.controller import effective_events
    from dealerassist.session.events import ChipsAdded, PlayerLeft, PlayerSat, StackCorrected

    entries = session._entries
    total = 0
    for event in effective_events(entries):
        if isinstance(event, PlayerSat):
            total += event.stack
        elif isinstance(event, PlayerLeft):
            total -= event.stack
        elif isinstance(event, ChipsAdded):
            total += event.amount
        elif isinstance(event, StackCorrected):
            total += event.stack - event.previous
        elif isinstance(event, HandFinished):
            total -= event.rake
    return total


_unused = (Called, CommandReceived, HandStarted, Undone)


def test_two_sessions_on_one_journal_never_interleave(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    first = seated_session(1000, 1000, journal=SQLiteJournal(path))
    second = new_session(SQLiteJournal(path), preset=None)
    second.execute("sit 3 Intruder 500")
    before = first.state
    with pytest.raises(DealerAssistError, match="another program is writing"):
        first.execute("hand")
    assert first.state is before


def test_G_BUTTON_a_misdeal_keeps_the_button_for_the_redeal() -> None:
    session = seated_session(1000, 1000, 1000)
    session.execute("hand")  # button 1
    session.execute("exposed 2 Ah first")  # IRR-HE-EXPOSE-FIRST2: misdeal
    state = session.execute("misdeal")
    assert state.hand is None
    assert [p.stack for p in state.table.players] == [1000, 1000, 1000]  # blinds returned
    state = session.execute("hand")
    assert state.hand.started.plan.button == 1  # type: ignore[union-attr]
    replayed = new_session(session.journal, preset=None)
    assert replayed.state == state
