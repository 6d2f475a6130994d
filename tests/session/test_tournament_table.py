"""Elimination tables through `TournamentTable`: one scenario per TRN rule, levels between
hands, the clock's pause/resume and restart, knockouts, the button when players bust."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.errors import DealerAssistError, IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.store import SQLiteJournal
from dealerassist.rules.model import BlindLevel, BlindSchedule, ButtonRule, GamePreset
from dealerassist.session.clock import FakeClock
from dealerassist.session.tournament_events import EndReason, PlayerEliminated
from dealerassist.session.tournament_table import AUTO_MARK, TournamentTable

from .helpers import RULES

BY_HANDS = BlindSchedule(
    name="by hands",
    levels=(
        BlindLevel(small_blind=10, big_blind=20, hands=2),
        BlindLevel(small_blind=25, big_blind=50, ante=5, hands=2),
        BlindLevel(small_blind=50, big_blind=100, ante=10, hands=2),
    ),
)
BY_MINUTES = BlindSchedule(
    name="by minutes",
    levels=(
        BlindLevel(small_blind=10, big_blind=20, minutes=10),
        BlindLevel(is_break=True, minutes=5),
        BlindLevel(small_blind=25, big_blind=50, minutes=10),
        BlindLevel(small_blind=50, big_blind=100, ante=10, minutes=10),
    ),
)
SNG = GamePreset(name="SNG", game="NT", schedule="by hands", starting_stack=500, max_seats=6,
                 rake=False)
CLOCKED = GamePreset(name="Clocked", game="NT", schedule="by minutes", starting_stack=500,
                     max_seats=6, rake=False)
LIMITED = GamePreset(name="Limited", game="FT", small_blind=5, big_blind=10, small_bet=10,
                     big_bet=20, starting_stack=1000, hand_limit=3, max_seats=4, rake=False)
T_RULES = dataclasses.replace(
    RULES,
    schedules=(BY_HANDS, BY_MINUTES, *RULES.schedules),
    presets=(SNG, CLOCKED, LIMITED, *RULES.presets),
)
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")


def table(preset: GamePreset, players: int, *, clock: FakeClock | None = None,
          rules=T_RULES, journal=None) -> TournamentTable:  # noqa: ANN001
    tournament = TournamentTable(journal or InMemoryJournal(), rules=rules, preset=preset,
                                 clock=clock or FakeClock())
    for seat in range(1, players + 1):
        tournament.execute(f"sit {seat} {NAMES[seat - 1]} {preset.starting_stack}")
    return tournament


def fold_around(tournament: TournamentTable) -> None:
    while tournament.state.hand is not None:
        tournament.execute("f")


def run(tournament: TournamentTable, *lines: str) -> None:
    for line in lines:
        tournament.execute(line)


def blinds_of_hand(tournament: TournamentTable) -> tuple[int, int, int]:
    started = tournament.state.hand.started  # type: ignore[union-attr]
    posted = sorted(b for b in started.blinds if b)
    return posted[0], posted[-1], started.antes[0]


# -- TRN-START ---------------------------------------------------------------------------------


def test_TRN_START_every_player_starts_with_the_same_stack_and_joins_before_the_first_hand(
) -> None:
    tournament = table(SNG, 3)
    assert [p.stack for p in tournament.state.table.players] == [500, 500, 500]
    before = tournament.history()
    for line, words in [("sit 4 Dee 800", "starts with 500"), ("add 1 100", "no chips")]:
        with pytest.raises(IllegalActionError, match=words) as caught:
            tournament.execute(line)
        assert caught.value.rule_id == "TRN-START"
    assert tournament.history() == before  # a refusal journals nothing
    tournament.execute("hand")
    fold_around(tournament)
    with pytest.raises(IllegalActionError, match="before its first hand") as caught:
        tournament.execute("sit 4 Dee 500")
    assert caught.value.rule_id == "TRN-START"


def test_TRN_START_a_preset_without_starting_stack_is_not_a_tournament() -> None:
    with pytest.raises(IllegalActionError) as caught:
        TournamentTable(InMemoryJournal(), rules=T_RULES, preset=T_RULES.preset("NLHE 1/2"))
    assert caught.value.rule_id == "TRN-START"


def test_TRN_START_tournament_pots_are_never_raked_chips_stay_those_dealt() -> None:
    tournament = table(SNG, 2)
    run(tournament, "hand", "c", "x", "flop 2c 3d 4h", "b 100", "c", "turn 9s", "x", "x",
        "river Jd", "x", "x", "show 1 Ah As", "show 2 Kh Ks")
    assert tournament.state.finished[-1].finished.rake == 0
    assert sum(p.stack for p in tournament.state.table.players) == 1000


# -- TRN-LEVELS --------------------------------------------------------------------------------


def test_TRN_LEVELS_blinds_and_antes_rise_every_two_hands_and_the_last_level_stays() -> None:
    tournament = table(SNG, 3)
    seen = []
    for _ in range(7):
        tournament.execute("hand")
        seen.append(blinds_of_hand(tournament))
        fold_around(tournament)
    assert seen == [(10, 20, 0), (10, 20, 0), (25, 50, 5), (25, 50, 5), (50, 100, 10),
                    (50, 100, 10), (50, 100, 10)]


def test_TRN_LEVELS_a_level_ending_mid_hand_applies_from_the_next_hand() -> None:
    clock = FakeClock()
    tournament = table(CLOCKED, 3, clock=clock)
    tournament.execute("hand")
    assert blinds_of_hand(tournament) == (10, 20, 0)
    clock.advance(minutes=16)  # level 1 (10 min) and the break (5 min) are over mid-hand
    face = tournament.face()
    assert (face.level, face.stakes, face.pending) == ("Level 2", "25/50", True)
    tournament.execute("f")  # the running hand keeps its blinds
    assert tournament.state.hand is not None
    assert blinds_of_hand(tournament) == (10, 20, 0)
    assert tournament.state.hand.engine_state.max_bet == 20  # type: ignore[union-attr]
    fold_around(tournament)
    tournament.execute("hand")
    assert blinds_of_hand(tournament) == (25, 50, 0)
    # The new level began at 15:00 of running time, not when the slow hand ended.
    assert tournament.reading().ms_left == 9 * 60_000
    assert tournament.face().pending is False


def test_TRN_LEVELS_no_hand_is_dealt_during_a_break_unless_the_director_moves_on() -> None:
    clock = FakeClock()
    tournament = table(CLOCKED, 2, clock=clock)
    tournament.execute("hand")
    fold_around(tournament)
    clock.advance(minutes=12)
    assert tournament.face().level == "Break"
    assert tournament.face().time_left == "3:00"
    with pytest.raises(IllegalActionError, match="break, 3:00 left") as caught:
        tournament.execute("hand")
    assert caught.value.rule_id == "TRN-LEVELS"
    tournament.execute("level next")
    tournament.execute("hand")
    assert blinds_of_hand(tournament) == (25, 50, 0)


def test_TRN_LEVELS_pause_stops_the_clock_and_resume_goes_on_from_the_same_time() -> None:
    clock = FakeClock()
    tournament = table(CLOCKED, 2, clock=clock)
    tournament.execute("clock start")
    clock.advance(minutes=4)
    tournament.execute("clock pause")
    clock.advance(minutes=30)
    face = tournament.face()
    assert (face.level, face.time_left, face.paused) == ("Level 1", "6:00", True)
    with pytest.raises(IllegalActionError, match="not running"):
        tournament.execute("clock pause")
    tournament.execute("clock resume")
    clock.advance(seconds=90)
    assert tournament.face().time_left == "4:30"
    assert tournament.face().paused is False


def test_TRN_LEVELS_the_clock_survives_a_restart_from_the_journal(tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "table.sqlite"
    tournament = table(CLOCKED, 3, clock=clock, journal=SQLiteJournal(path))
    tournament.execute("hand")
    fold_around(tournament)
    clock.advance(minutes=7)
    tournament.execute("clock pause")
    before = (tournament.face(), tournament.standings(), tournament.state.table)
    tournament.session.journal.close()
    clock.advance(minutes=60)  # the program is down for an hour; the clock was paused
    reopened = TournamentTable(SQLiteJournal(path), rules=T_RULES, clock=clock)
    assert (reopened.face(), reopened.standings(), reopened.state.table) == before
    assert reopened.face().time_left == "3:00"
    reopened.execute("clock resume")
    clock.advance(minutes=9)  # 16 minutes of running time: level 1 and the break are over
    reopened.execute("hand")
    assert blinds_of_hand(reopened) == (25, 50, 0)  # the break ended while playing on


def test_TRN_LEVELS_level_next_is_refused_mid_hand() -> None:
    tournament = table(SNG, 2)
    tournament.execute("hand")
    with pytest.raises(IllegalActionError, match="never mid-hand") as caught:
        tournament.execute("level next")
    assert caught.value.rule_id == "TRN-LEVELS"


def test_TRN_LEVELS_the_game_cannot_be_switched_at_a_tournament_table() -> None:
    tournament = table(SNG, 2)
    with pytest.raises(IllegalActionError) as caught:
        tournament.execute("game NLHE 1/2")
    assert caught.value.rule_id == "TRN-LEVELS"


# -- TRN-OUT, TRN-RANK -------------------------------------------------------------------------


def test_TRN_OUT_heads_up_the_busted_player_leaves_and_the_last_player_wins() -> None:
    tournament = table(SNG, 2)
    run(tournament, "hand", "allin", "c", "flop 2c 3d 4h", "turn 9s", "river Jd",
        "show 1 Ah As", "show 2 Kh Ks")
    assert [p.name for p in tournament.state.table.players] == ["Ann"]
    ended = tournament.tournament.ended
    assert ended is not None and ended.reason is EndReason.LAST_PLAYER
    assert [(s.place, s.name, s.chips, s.final) for s in tournament.standings()] == [
        (1, "Ann", 1000, True), (2, "Ben", 0, True)]
    with pytest.raises(IllegalActionError, match="over") as caught:
        tournament.execute("hand")
    assert caught.value.rule_id == "TRN-OUT"


def test_TRN_OUT_a_player_with_chips_cannot_leave_the_tournament() -> None:
    tournament = table(SNG, 3)
    with pytest.raises(IllegalActionError) as caught:
        tournament.execute("leave 2")
    assert caught.value.rule_id == "TRN-OUT"


def _all_in_four_ways(stacks: tuple[int, int, int, int]) -> TournamentTable:
    """Seat 1 (button) holds aces and wins every pot; the others bust in the same hand."""
    tournament = table(dataclasses.replace(SNG, max_seats=4), 4)
    for seat, stack in enumerate(stacks, start=1):
        tournament.execute(f"correct {seat} {stack}")
    # button 1, small blind 2, big blind 3: seat 4 acts first.
    run(tournament, "hand", "allin", "allin", "allin", "allin", "flop Kd Qh 5s", "turn Jc",
        "river 6h", "show 1 Ah As", "show 2 7c 2d", "show 3 8c 3d", "show 4 9c 4s")
    return tournament


def test_TRN_RANK_same_hand_knockouts_rank_by_chips_before_the_hand() -> None:
    tournament = _all_in_four_ways((800, 200, 400, 600))
    out = [e for _, e in tournament.history() if isinstance(e, PlayerEliminated)]
    # Reverse order of elimination: the smallest stack before the hand is out first.
    assert [(e.name, e.place, e.chips_before) for e in out] == [
        ("Ben", 4, 200), ("Cy", 3, 400), ("Dee", 2, 600)]
    assert [(s.place, s.name) for s in tournament.standings()] == [
        (1, "Ann"), (2, "Dee"), (3, "Cy"), (4, "Ben")]
    assert tournament.tournament.ended.reason is EndReason.LAST_PLAYER  # type: ignore[union-attr]
    assert tournament.state.table.player(1).stack == 2000  # type: ignore[union-attr]


def test_TRN_RANK_equal_chips_before_the_hand_share_the_better_place() -> None:
    tournament = _all_in_four_ways((900, 300, 400, 400))
    places = {s.name: s.place for s in tournament.standings()}
    assert places == {"Ann": 1, "Cy": 2, "Dee": 2, "Ben": 4}


def test_undo_takes_back_a_knockout_with_the_action_that_caused_it() -> None:
    tournament = table(SNG, 3)
    run(tournament, "hand", "f", "allin", "c", "flop 2c 3d 4h", "turn 9s", "river Jd",
        "show 2 Ah As")
    before = tournament.state
    tournament.execute("show 3 Kh Ks")
    assert [s.name for s in tournament.standings() if s.out] == ["Cy"]
    tournament.execute("undo")
    assert tournament.tournament.eliminated == ()
    assert tournament.state.table == before.table
    assert tournament.state.hand is not None
    tournament.execute("show 3 Kh Ks")  # played again, the knockout is recorded again
    assert [(s.name, s.place) for s in tournament.standings() if s.out] == [("Cy", 3)]


# -- TRN-MODES ---------------------------------------------------------------------------------


def test_TRN_MODES_hand_limit_ends_the_table_and_ranks_by_chips() -> None:
    tournament = table(LIMITED, 4)
    for _ in range(3):
        tournament.execute("hand")
        fold_around(tournament)
    ended = tournament.tournament.ended
    assert ended is not None and ended.reason is EndReason.HAND_LIMIT and ended.hand_id == 3
    chips = [s.chips for s in tournament.standings()]
    assert chips == sorted(chips, reverse=True) and sum(chips) == 4000
    assert [s.place for s in tournament.standings()][0] == 1
    assert all(s.final for s in tournament.standings())
    with pytest.raises(IllegalActionError) as caught:
        tournament.execute("hand")
    assert caught.value.rule_id == "TRN-OUT"


# -- G-BUTTON when players bust ----------------------------------------------------------------


def _bust_the_small_blind(button: ButtonRule, *, loser: int = 2) -> tuple[int, int | None, int]:
    rules = dataclasses.replace(
        T_RULES, table=dataclasses.replace(T_RULES.table, button=button))
    tournament = table(SNG, 4, rules=rules)
    # Hand 1: button 1, small blind 2, big blind 3; the small blind moves all in, the big
    # blind calls, and ``loser`` (one of them) busts.
    winner = 5 - loser
    run(tournament, "hand", "f", "f", "allin", "c", "flop 2c 3d 4h", "turn 9s", "river Jd",
        f"show {loser} 7c 8d", f"show {winner} Kh Ks")
    assert tournament.state.table.player(loser) is None
    tournament.execute("hand")
    plan = tournament.state.hand.started.plan  # type: ignore[union-attr]
    return plan.button, plan.small_blind_seat, plan.big_blind_seat


def test_G_BUTTON_moving_button_skips_the_busted_player() -> None:
    assert _bust_the_small_blind(ButtonRule.MOVING) == (3, 4, 1)


def test_G_BUTTON_dead_button_stays_on_the_busted_players_seat() -> None:
    # The big blind moves on one player (4); the last big blind (3) posts the small; the
    # button is dead on seat 2, which is empty now.
    assert _bust_the_small_blind(ButtonRule.DEAD) == (2, 3, 4)


def test_G_BUTTON_busted_big_blind_moving_button_goes_on_to_the_small_blind() -> None:
    assert _bust_the_small_blind(ButtonRule.MOVING, loser=3) == (2, 4, 1)


def test_G_BUTTON_busted_big_blind_dead_button_leaves_no_small_blind() -> None:
    # The big blind moves on to seat 4; the last big blind is gone, so no small blind is
    # posted this hand; the button moves to the last small blind's seat (2).
    assert _bust_the_small_blind(ButtonRule.DEAD, loser=3) == (2, None, 4)


def test_automatic_groups_are_marked_in_the_journal() -> None:
    tournament = table(SNG, 2)
    run(tournament, "hand", "allin", "c", "flop 2c 3d 4h", "turn 9s", "river Jd",
        "show 1 Ah As", "show 2 Kh Ks")
    texts = [getattr(e, "text", "") for _, e in tournament.history()]
    assert f"out Ben {AUTO_MARK}" in texts and f"leave 2 {AUTO_MARK}" in texts
    assert f"end last_player {AUTO_MARK}" in texts


LINES = ["clock start", "clock pause", "clock resume", "level next", "level 3", "clock",
         "hand", "f", "c", "x", "allin", "r 60", "sit 4 Dee 500", "sit 4 Dee 600", "add 1 50",
         "leave 1", "game NLHE 1/2", "undo", "flop 2c 3d 4h", "show 1 Ah As", "out 2", "in 2"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LINES), st.integers(0, 400)), max_size=25))
def test_check_agrees_with_execute_and_a_refusal_journals_nothing(
    steps: list[tuple[str, int]],
) -> None:
    clock = FakeClock()
    tournament = table(CLOCKED, 3, clock=clock)
    for line, seconds in steps:
        clock.advance(seconds=seconds)
        before = (tournament.history(), tournament.state, tournament.tournament)
        try:
            tournament.check(line)
        except DealerAssistError:
            with pytest.raises(DealerAssistError):
                tournament.execute(line)
            assert (tournament.history(), tournament.state, tournament.tournament) == before
            continue
        tournament.execute(line)
        total = sum(p.stack for p in tournament.state.table.players)
        entrants = len(tournament.state.table.players) + len(tournament.tournament.eliminated)
        if tournament.state.hand is None:
            assert total == 500 * entrants  # chips conserved


def test_console_clock_view_model_has_level_number_stakes_and_seconds_left() -> None:
    clock = FakeClock()
    tournament = table(CLOCKED, 2, clock=clock)
    view = tournament.clock_view()
    assert (view.level, view.stakes, view.seconds_left) == (1, "10/20", None)  # not started
    tournament.execute("clock start")
    clock.advance(minutes=10, seconds=30)
    view = tournament.clock_view()
    assert (view.level, view.stakes, view.seconds_left) == (0, "Break", 270)
    clock.advance(minutes=5)
    assert tournament.clock_view().level == 2  # breaks are not counted


def test_a_knockout_lost_in_a_crash_is_recorded_when_the_table_reopens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "table.sqlite"
    clock = FakeClock()
    tournament = table(SNG, 3, clock=clock, journal=SQLiteJournal(path))
    run(tournament, "hand", "f", "allin", "c", "flop 2c 3d 4h", "turn 9s", "river Jd",
        "show 2 Ah As")
    # The program dies after journaling the last show, before journaling the knockout.
    monkeypatch.setattr(TournamentTable, "_settle", lambda self: None)
    tournament.execute("show 3 Kh Ks")
    assert tournament.tournament.eliminated == ()
    tournament.journal.close()
    monkeypatch.undo()
    reopened = TournamentTable(SQLiteJournal(path), rules=T_RULES, clock=clock)
    assert [(e.name, e.place, e.chips_before) for e in reopened.tournament.eliminated] == [
        ("Cy", 3, 500)]
    assert reopened.state.table.player(3) is None


def test_another_program_writing_to_the_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite"
    clock = FakeClock()
    first = table(SNG, 2, clock=clock, journal=SQLiteJournal(path))
    second = TournamentTable(SQLiteJournal(path), rules=T_RULES, clock=clock)
    second.execute("clock start")
    with pytest.raises(DealerAssistError, match="another program"):
        first.execute("hand")
    with pytest.raises(DealerAssistError, match="another program"):
        first.execute("clock start")
    assert first.tournament.clock_on is False  # the refused command changed nothing


def test_holds_tournament_tells_a_tournament_journal_from_a_cash_table() -> None:
    from dealerassist.session.controller import TableSession  # noqa: PLC0415
    from dealerassist.session.tournament_table import holds_tournament  # noqa: PLC0415

    tournament = table(SNG, 2)
    assert holds_tournament(tournament.journal._journal)  # type: ignore[attr-defined]  # noqa: SLF001
    cash = InMemoryJournal()
    TableSession(cash, rules=T_RULES, preset=T_RULES.preset("NLHE 1/2"))
    assert not holds_tournament(cash)
    with pytest.raises(IllegalActionError, match="holds no tournament"):
        TournamentTable(cash, rules=T_RULES)
    with pytest.raises(IllegalActionError, match="new table"):
        TournamentTable(cash, rules=T_RULES, preset=SNG)


def test_a_plain_session_reads_a_tournament_journal_export_and_floor_keep_working() -> None:
    from dealerassist.session.controller import TableSession  # noqa: PLC0415
    from dealerassist.session.export import export_hands  # noqa: PLC0415

    tournament = table(SNG, 3)
    run(tournament, "hand", "f", "allin", "c", "flop 2c 3d 4h", "turn 9s", "river Jd",
        "show 2 Ah As", "show 3 Kh Ks", "hand", "f")
    raw = tournament.journal._journal  # type: ignore[attr-defined]  # noqa: SLF001
    plain = TableSession(raw, rules=T_RULES)  # the tournament's records are ignored
    assert plain.state.table == tournament.state.table
    assert plain.state.finished == tournament.state.finished
    exported = export_hands(raw, rules=T_RULES)
    assert [hand.hand_id for hand in exported] == [1, 2]


def test_cli_table_plays_a_tournament_preset_and_resumes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    import io  # noqa: PLC0415
    import json  # noqa: PLC0415

    from dealerassist.cli.main import main  # noqa: PLC0415

    db = tmp_path / "t.sqlite3"
    lines = ["sit 1 Ann 1000", "sit 2 Ben 900", "sit 2 Ben 1000", "hand", "allin", "c",
             "flop 2c 3d 4h", "turn 9s", "river Jd", "show 1 Ah As", "show 2 Kh Ks", "hand"]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status = main(["table", "--db", str(db), "--json", "--game", "Heads-up Sit & Go"])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 1  # two refusals
    errors = {r["command"]: r.get("error") for r in records if r.get("error")}
    assert "TRN-START" in errors["sit 2 Ben 900"] and "TRN-OUT" in errors["hand"]
    # Resumed without --game: the journal holds the tournament, which is over.
    monkeypatch.setattr("sys.stdin", io.StringIO("hand\n"))
    assert main(["table", "--db", str(db), "--json"]) == 1
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert "TRN-OUT" in last["error"]


def test_TRN_START_a_cash_table_refuses_to_switch_to_a_tournament_preset() -> None:
    from dealerassist.session.controller import TableSession  # noqa: PLC0415

    cash = TableSession(InMemoryJournal(), rules=T_RULES, preset=T_RULES.preset("NLHE 1/2"))
    with pytest.raises(IllegalActionError, match="is a tournament") as caught:
        cash.execute("game SNG")
    assert caught.value.rule_id == "TRN-START"
    with pytest.raises(IllegalActionError, match="is a tournament"):
        TableSession(InMemoryJournal(), rules=T_RULES, preset=SNG)


def test_TRN_LEVELS_an_away_player_is_dealt_in_posts_and_is_folded_so_blinded_off() -> None:
    tournament = table(SNG, 3)
    tournament.execute("out 2")  # Ben steps away before hand 1 (he is the small blind)
    assert tournament.state.table.player(2).state.value == "playing"  # type: ignore[union-attr]
    tournament.execute("hand")  # button 1 (Ann), small blind 2 (Ben, away), big blind 3 (Cy)
    assert tournament.state.hand.started.seats == (2, 3, 1)  # type: ignore[union-attr]
    tournament.execute("c")  # Ann calls; the action reaches Ben, who is folded at once
    texts = [getattr(e, "text", "") for _, e in tournament.history()]
    assert f"f (seat 2 away) {AUTO_MARK}" in texts
    run(tournament, "x", "flop 2c 3d 4h")  # Cy checks; the flop
    fold_around(tournament)
    assert tournament.state.table.player(2).stack == 490  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="already away"):
        tournament.execute("out 2")
    tournament.execute("in 2")
    with pytest.raises(IllegalActionError, match="not away"):
        tournament.execute("in 2")
    tournament.execute("hand")
    assert tournament.state.hand is not None and 2 in tournament.state.hand.started.seats


def test_undo_of_a_call_takes_back_the_away_players_automatic_fold() -> None:
    tournament = table(SNG, 3)
    run(tournament, "out 2", "hand")
    before = tournament.state
    tournament.execute("c")
    assert tournament.state.hand.engine_state.folded  # type: ignore[union-attr]
    tournament.execute("undo")
    assert tournament.state == before


def test_TRN_MODES_the_shipped_presets_cover_the_catalogue_formats() -> None:
    from dealerassist.rules.profiles import default_rules  # noqa: PLC0415

    rules = default_rules()
    six, heads_up, limited = (rules.preset(name) for name in (
        "Sit & Go 6-max", "Heads-up Sit & Go", "Limit 4-max 24 hands"))
    assert (six.game, six.max_seats, six.starting_stack, six.rake) == ("NT", 6, 1500, False)
    assert (heads_up.game, heads_up.max_seats) == ("NT", 2)
    assert all(level.hands for level in rules.schedule(heads_up.schedule or "").levels)
    assert (limited.game, limited.max_seats, limited.hand_limit) == ("FT", 4, 24)
    levels = rules.schedule(six.schedule or "").levels
    assert any(level.is_break for level in levels)  # breaks
    antes = [level.ante for level in levels if not level.is_break]
    assert antes[0] == 0 and antes[-1] > 0  # antes from a given level
