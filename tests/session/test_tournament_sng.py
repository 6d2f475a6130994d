"""A whole sit & go played at random, legal moves only, until one player is left.

Players step away and come back at random (dealt in, folded when the action reaches them).
Proves on every run: chips are conserved (no rake, nothing added), a level never changes
mid-hand and each hand's blinds are the schedule's level in play, every entrant gets one
place, the places follow TRN-RANK (players out later never place worse, same-hand
knockouts ordered by chips before the hand), the winner holds every chip, and the
journal replayed from scratch gives the same table and standings.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from dealerassist.errors import DealerAssistError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules.model import BlindLevel, BlindSchedule, ButtonRule, GamePreset
from dealerassist.session.clock import FakeClock
from dealerassist.session.events import HandStarted
from dealerassist.session.tournament_events import EndReason, PlayerEliminated
from dealerassist.session.tournament_table import TournamentTable

from .helpers import RULES, candidate_commands

SCHEDULE = BlindSchedule(
    name="turbo",
    levels=(
        BlindLevel(small_blind=10, big_blind=20, minutes=3),
        BlindLevel(small_blind=20, big_blind=40, hands=6),
        BlindLevel(is_break=True, minutes=1),
        BlindLevel(small_blind=50, big_blind=100, ante=10, minutes=3),
        BlindLevel(small_blind=100, big_blind=200, ante=25, minutes=3, hands=8),
        BlindLevel(small_blind=200, big_blind=400, ante=50, minutes=3),
    ),
)
PRESET = GamePreset(name="Turbo 6-max", game="NT", schedule="turbo", starting_stack=1000,
                    max_seats=6, rake=False)
_TABLE_VERBS = ("sit", "leave", "out", "in", "post", "add", "correct", "button", "undo")


def _rules(button: ButtonRule):  # noqa: ANN202
    return dataclasses.replace(
        RULES,
        schedules=(SCHEDULE, *RULES.schedules),
        presets=(PRESET, *RULES.presets),
        table=dataclasses.replace(RULES.table, button=button),
    )


def _pick(candidates: list[str], rng: random.Random) -> str:
    """Choose a plausible move: mostly calls and checks, some folds and raises, few all-ins."""
    options = [c for c in candidates if not c.startswith(_TABLE_VERBS)]
    if "f" not in options:  # dealing or showdown: any candidate
        return rng.choice(options)
    raises = [c for c in options if c.startswith(("r ", "b "))]
    roll = rng.random()
    if roll < 0.03:
        return "allin"
    if roll < 0.2 and raises:
        return rng.choice(raises[:1] * 3 + raises)
    if roll < 0.4:
        return "f"
    return rng.choice(["x", "c"])


def play_sit_and_go(seed: int, *, players: int = 6, button: ButtonRule = ButtonRule.MOVING,
                    max_commands: int = 20_000, preset: GamePreset = PRESET,
                    rules=None) -> TournamentTable:  # noqa: ANN001
    """Play one sit & go to its end with random legal commands; check it as it goes."""
    rng = random.Random(seed)
    clock = FakeClock()
    rules = rules or _rules(button)
    journal = InMemoryJournal()
    tournament = TournamentTable(journal, rules=rules, preset=preset, clock=clock)
    stack = preset.starting_stack or 0
    for seat in range(1, players + 1):
        tournament.execute(f"sit {seat} P{seat} {stack}")
    total = players * stack
    for _ in range(max_commands):
        if tournament.tournament.ended is not None:
            break
        state = tournament.state
        if state.hand is None:
            assert sum(p.stack for p in state.table.players) == total  # chips conserved
            assert all(p.stack > 0 for p in state.table.players)  # TRN-OUT: busted left
            clock.advance(seconds=rng.randrange(0, 90))
            if rng.random() < 0.05 and tournament.reading().running:
                tournament.execute("clock pause")
                clock.advance(minutes=rng.randrange(1, 20))
                tournament.execute("clock resume")
            line = "hand"
            if rng.random() < 0.08:  # a player steps away or comes back (blinded off)
                seat = rng.choice(state.table.players).seat
                line = f"in {seat}" if seat in tournament.tournament.away else f"out {seat}"
            elif tournament.face().is_break:
                line = "level next" if rng.random() < 0.5 else "hand"
        else:
            line = _pick(candidate_commands(state, rng), rng)
            clock.advance(seconds=rng.randrange(0, 20))
        level_before = tournament.tournament.level
        hand_before = state.hand
        try:
            tournament.execute(line)
        except DealerAssistError:
            if line == "hand" and tournament.face().is_break:
                clock.advance(minutes=1)
            continue
        if hand_before is not None:
            assert tournament.tournament.level == level_before  # never mid-hand
        if line == "hand":
            hand = tournament.state.hand  # None when every other player was away
            started = hand.started if hand else tournament.state.finished[-1].started
            level = tournament.tournament.levels[tournament.tournament.level]
            assert started.big_blind == level.big_blind
            assert set(started.antes) == {level.ante}
    else:  # pragma: no cover - a sit & go that never ends is a bug
        pytest.fail(f"seed {seed}: no end after {max_commands} commands")
    return tournament


def check_result(tournament: TournamentTable, players: int) -> None:
    ended = tournament.tournament.ended
    stack = tournament.started.starting_stack
    assert ended is not None
    lines = tournament.standings()
    assert sorted(s.name for s in lines) == sorted(f"P{i}" for i in range(1, players + 1))
    assert all(s.final for s in lines)
    assert sum(s.chips for s in lines) == players * stack
    winner = lines[0]
    assert winner.place == 1 and not winner.out
    if ended.reason is EndReason.LAST_PLAYER:
        assert winner.chips == players * stack
        assert tournament.state.table.players[0].stack == players * stack
    else:  # TRN-MODES: the hand limit; the players left rank by chips
        assert ended.hand_id == tournament.started.hand_limit
        left = [s for s in lines if not s.out]
        assert [s.chips for s in left] == sorted((s.chips for s in left), reverse=True)
        assert max(s.place for s in left) < min((s.place for s in lines if s.out), default=99)
    out = [e for _, e in tournament.history() if isinstance(e, PlayerEliminated)]
    effective = tournament.tournament.eliminated
    assert len(effective) == players - len(ended.places)
    places = [e.place for e in effective]
    assert places == sorted(places, reverse=True)  # later out, never a worse place
    assert set(out) >= set(effective)
    # TRN-RANK: every place from 2 to N is taken once, except where chips tied.
    for hand_id in {e.hand_id for e in effective}:
        same = [e for e in effective if e.hand_id == hand_id]
        for a in same:
            for b in same:
                if a.chips_before > b.chips_before:
                    assert a.place < b.place
                if a.chips_before == b.chips_before:
                    assert a.place == b.place
    expected = sorted(places)
    for index, place in enumerate(expected):
        assert place <= index + 2  # shared places never leave a hole above them


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_TRN_OUT_random_sit_and_go_runs_to_one_player_with_chips_and_standings_consistent(
    seed: int,
) -> None:
    tournament = play_sit_and_go(seed)
    check_result(tournament, 6)
    hands = [e for _, e in tournament.history() if isinstance(e, HandStarted)]
    assert len(hands) >= 2
    # Replaying the journal from nothing gives the same table and the same standings.
    again = TournamentTable(tournament.session.journal._journal, rules=_rules(ButtonRule.MOVING),  # noqa: SLF001
                            clock=FakeClock(tournament.now_ms()))
    assert again.state.table == tournament.state.table
    assert again.standings() == tournament.standings()
    assert again.face() == tournament.face()


def test_G_BUTTON_random_sit_and_go_with_a_dead_button_ends_consistently() -> None:
    check_result(play_sit_and_go(11, button=ButtonRule.DEAD), 6)


@pytest.mark.parametrize(
    ("preset", "players"),
    [("Sit & Go 6-max", 6), ("Heads-up Sit & Go", 2), ("Limit 4-max 24 hands", 4),
     ("Sit & Go 1500", 9)],
)
def test_TRN_MODES_shipped_presets_play_to_their_end(preset: str, players: int) -> None:
    check_result(play_sit_and_go(7, players=players, preset=RULES.preset(preset), rules=RULES),
                 players)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 400))
def test_TRN_RANK_many_random_sit_and_gos(seed: int) -> None:
    players = 2 + seed % 5
    button = ButtonRule.DEAD if seed % 2 else ButtonRule.MOVING
    check_result(play_sit_and_go(seed, players=players, button=button), players)
