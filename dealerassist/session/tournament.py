"""Elimination tables: blind levels, the clock, eliminations and standings (TRN-*).

Two layers:

- Pure functions over events. `fold_tournament` folds the tournament's events into a
  `TournamentState` (structure, clock, level in play, eliminations, end); `read_clock`
  tells, at a given time, which level the clock is in and what is left; `eliminations`
  and `end_of_table` decide what a finished hand causes; `standings` lists the finishing
  order (TRN-RANK).
- `TournamentTable`: a `TableSession` driven for a tournament. It takes the same dealer
  lines plus ``clock start|pause|resume`` and ``level next``. Before a hand it applies a
  level that is due (TRN-LEVELS: from the next hand, never mid-hand) by selecting the
  level's stakes as the game; after a hand it records who is out (TRN-OUT), in which place
  (TRN-RANK), and whether the table ended (TRN-OUT, TRN-MODES hand limit).

Everything is journaled in the table's own journal: the session's events as the session
writes them, the tournament's in groups of their own beside them (`_SplitJournal` shows the
session only its records), so the clock and the standings survive a restart exactly.
``undo`` takes back the dealer's last command with everything the table did by itself
after it.

The button when players bust is the table's (`session.table.plan_hand`, G-BUTTON): a
busted player leaves the table, and the house option ``table.button`` (moving or dead)
decides where the button and the blinds go next.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dealerassist.errors import IllegalActionError, JournalError
from dealerassist.journal.codec import EventCodec
from dealerassist.journal.records import (
    HandIndexEntry,
    Journal,
    JournalRecord,
    PendingRecord,
    conflict_message,
)
from dealerassist.rules.model import BlindLevel, GamePreset, HouseRules
from dealerassist.session.clock import Clock, SystemClock, format_duration
from dealerassist.session.commands import (
    AddChips,
    Command,
    Leave,
    NewHand,
    SelectGame,
    Sit,
    Undo,
    parse_command,
)
from dealerassist.session.controller import TableSession
from dealerassist.session.events import CommandReceived, Undone
from dealerassist.session.sightings import Proposal
from dealerassist.session.state import SessionState
from dealerassist.session.tournament_events import (
    TOURNAMENT_EVENTS,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    EndReason,
    LevelAdvanced,
    PlayerEliminated,
    TournamentCommand,
    TournamentEnded,
    TournamentStarted,
    TournamentUndone,
    register,
)
from dealerassist.session.viewmodels import ClockView

__all__ = [
    "AUTO_MARK",
    "ClockFace",
    "ClockReading",
    "Standing",
    "TournamentState",
    "TournamentTable",
    "clock_face",
    "effective_tournament_events",
    "eliminations",
    "end_of_table",
    "evolve_tournament",
    "fold_tournament",
    "level_preset_name",
    "read_clock",
    "standings",
    "tournament_started",
]

AUTO_MARK = "# tournament"
"""Ends the text of the command groups the table journals by itself (not typed)."""

_MINUTE_MS = 60_000
_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.UTC)


# ---------------------------------------------------------------------------------------------
# State: a fold of the tournament's events
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TournamentState:
    """An elimination table over time, folded from its events.

    Attributes:
        started: The structure, None while the table is not a tournament.
        clock_on: The clock was started (it may be paused).
        run_base_ms: Clock running time accumulated until ``running_since_ms``.
        running_since_ms: When the clock last started or resumed; None while stopped.
        level: Index of the level in play (its stakes are the game's).
        level_run_ms: Running time at which the level in play began.
        level_at_hand: Hands played at the table when the level in play began.
        eliminated: Players out, in the order they went out.
        ended: The end of the table, None while it goes on.

    """

    started: TournamentStarted | None = None
    clock_on: bool = False
    run_base_ms: int = 0
    running_since_ms: int | None = None
    level: int = 0
    level_run_ms: int = 0
    level_at_hand: int = 0
    eliminated: tuple[PlayerEliminated, ...] = ()
    ended: TournamentEnded | None = None

    @property
    def levels(self) -> tuple[BlindLevel, ...]:
        """The schedule (empty before the start)."""
        return self.started.levels if self.started is not None else ()

    def run_ms(self, now_ms: int) -> int:
        """Return the clock's running time at ``now_ms`` (pauses excluded)."""
        if self.running_since_ms is None:
            return self.run_base_ms
        return self.run_base_ms + max(0, now_ms - self.running_since_ms)


def evolve_tournament(state: TournamentState, event: Any) -> TournamentState:
    """Return the tournament state after ``event`` (other events leave it as it was)."""
    if isinstance(event, TournamentStarted):
        return TournamentState(started=event)
    if state.started is None:
        return state
    if isinstance(event, ClockStarted):
        return replace(state, clock_on=True, running_since_ms=event.at_ms)
    if isinstance(event, ClockPaused):
        return replace(state, run_base_ms=state.run_ms(event.at_ms), running_since_ms=None)
    if isinstance(event, ClockResumed):
        return replace(state, running_since_ms=event.at_ms)
    if isinstance(event, LevelAdvanced):
        return replace(
            state, level=event.level, level_run_ms=event.run_ms, level_at_hand=event.at_hand
        )
    if isinstance(event, PlayerEliminated):
        return replace(state, eliminated=(*state.eliminated, event))
    if isinstance(event, TournamentEnded):
        return replace(state, ended=event)
    return state


def effective_tournament_events(history: Sequence[tuple[int, Any]]) -> list[Any]:
    """Return the tournament events in force: groups not cancelled by a `TournamentUndone`."""
    cancelled = {event.command_seq for _, event in history if isinstance(event, TournamentUndone)}
    group = 0
    events = []
    for seq, event in history:
        if isinstance(event, TournamentCommand):
            group = seq
        if group not in cancelled:
            events.append(event)
    return events


def fold_tournament(events: Iterable[Any]) -> TournamentState:
    """Return the tournament state after ``events`` (the effective ones, in order)."""
    state = TournamentState()
    for event in events:
        state = evolve_tournament(state, event)
    return state


# ---------------------------------------------------------------------------------------------
# The clock
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What the clock shows at one moment (TRN-LEVELS).

    Attributes:
        level: Index of the level the clock is in (ahead of ``in_play`` while a hand runs
            past the end of a level: the new level applies from the next hand).
        in_play: Index of the level whose stakes the current or last hand used.
        level_run_ms: Running time at which the clock's level began.
        ms_left: Time left in the clock's level; None when it is counted in hands or is
            the last level.
        hands_left: Hands left in the clock's level when counted in hands, else None.
        running: The clock runs (started and not paused).
        started: The clock was started.

    """

    level: int
    in_play: int
    level_run_ms: int
    ms_left: int | None
    hands_left: int | None
    running: bool
    started: bool

    @property
    def due(self) -> bool:
        """A new level applies at the next hand."""
        return self.level != self.in_play


def read_clock(state: TournamentState, now_ms: int, *, hands_played: int) -> ClockReading:
    """Return the clock at ``now_ms``, walking the schedule from the level in play.

    A timed level ends when its minutes of running time are spent, a level in hands when
    its hands have been dealt (a level with both ends at the first); the last level never
    ends. ``hands_played`` is the table's count of hands dealt.
    """
    levels = state.levels
    index = state.level
    start = state.level_run_ms
    run = state.run_ms(now_ms)
    hands = max(0, hands_played - state.level_at_hand)
    ms_left: int | None = None
    hands_left: int | None = None
    while index < len(levels):
        level = levels[index]
        last = index == len(levels) - 1
        length = level.minutes * _MINUTE_MS if level.minutes is not None else None
        ms_left = None if length is None or last else start + length - run
        hands_left = None if level.hands is None or last else level.hands - hands
        if ms_left is not None and ms_left <= 0 and length is not None:
            start += length
        elif hands_left is not None and hands_left <= 0:
            start = run
        else:
            break
        index += 1
        hands = 0
    return ClockReading(
        level=index,
        in_play=state.level,
        level_run_ms=start,
        ms_left=ms_left,
        hands_left=hands_left,
        running=state.running_since_ms is not None,
        started=state.clock_on,
    )


def stakes_text(level: BlindLevel) -> str:
    """Return a level's stakes as the console shows them ("100/200 ante 25", "Break")."""
    if level.is_break:
        return "Break"
    text = f"{level.small_blind}/{level.big_blind}"
    return f"{text} ante {level.ante}" if level.ante else text


def level_number(levels: Sequence[BlindLevel], index: int) -> int:
    """Return the number shown for level ``index``: breaks are not counted (0 for a break)."""
    if not levels or levels[index].is_break:
        return 0
    return sum(1 for level in levels[: index + 1] if not level.is_break)


@dataclass(frozen=True, slots=True)
class ClockFace:
    """Everything a clock display shows, as text and flags (the view draws it).

    Attributes:
        level: "Level 3", or "Break".
        stakes: The clock's level stakes ("100/200 ante 25").
        next_stakes: The next level's ("150/300 ante 25"), "" after the last.
        time_left: "M:SS" left in the level, "" when it is not timed.
        hands_left: "4 hands left", "" when it is not counted in hands.
        paused: The clock is stopped (or not started).
        pending: The clock's level applies from the next hand (a hand is running).
        is_break: The clock's level is a break.
        level_index: Index of the clock's level (changes at each level change).

    """

    level: str
    stakes: str
    next_stakes: str
    time_left: str
    hands_left: str
    paused: bool
    pending: bool
    is_break: bool
    level_index: int


def clock_face(state: TournamentState, reading: ClockReading) -> ClockFace:
    """Return what the clock display shows for ``reading``."""
    levels = state.levels
    if not levels:
        return ClockFace("", "", "", "", "", True, False, False, 0)
    level = levels[reading.level]
    number = level_number(levels, reading.level)
    following = levels[reading.level + 1] if reading.level + 1 < len(levels) else None
    hands = ""
    if reading.hands_left is not None:
        count = max(0, reading.hands_left)
        hands = f"{count} hand{'s' if count != 1 else ''} left"
    return ClockFace(
        level="Break" if level.is_break else f"Level {number}",
        stakes=stakes_text(level),
        next_stakes=stakes_text(following) if following is not None else "",
        time_left=format_duration(reading.ms_left) if reading.ms_left is not None else "",
        hands_left=hands,
        paused=not reading.running,
        pending=reading.due,
        is_break=level.is_break,
        level_index=reading.level,
    )


# ---------------------------------------------------------------------------------------------
# Eliminations, end, standings
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings (TRN-RANK).

    Attributes:
        place: Finishing place; for a player still in, the place their chips give now.
        name: Player name.
        seat: Seat (the one they had, for a player out).
        chips: Chips now (0 for a player out).
        out: The player is out (``hand_id`` tells when).
        hand_id: The hand they busted in, None while in.
        final: The place is final (out, or the table ended).

    """

    place: int
    name: str
    seat: int
    chips: int
    out: bool
    hand_id: int | None = None
    final: bool = False


def _shared_places(values: Sequence[int], *, first: int) -> list[int]:
    """Return places for ``values`` (the highest is best): ties share the better place."""
    return [first + sum(1 for other in values if other > value) for value in values]


def eliminations(session: SessionState, tournament: TournamentState) -> list[PlayerEliminated]:
    """Return who busted and their places (TRN-OUT, TRN-RANK), between hands.

    A player is out when the last hand left them without chips, or when they sit with
    none. Players out in the same hand take the last places still open, the one who had
    more chips when that hand started ranking better; equal chips share the better place.
    """
    if tournament.started is None or tournament.ended is not None or session.hand is not None:
        return []
    gone = {event.name for event in tournament.eliminated}
    busted: dict[str, tuple[int, int]] = {}  # name -> (seat, chips before the hand)
    hand_id = 0
    before: dict[int, int] = {}
    if session.finished:
        last = session.finished[-1]
        hand_id = last.started.hand_id
        before = dict(zip(last.started.seats, last.started.starting_stacks, strict=True))
        for seat, name, final in zip(
            last.started.seats, last.started.names, last.finished.final_stacks, strict=True
        ):
            if final == 0 and name not in gone:
                busted[name] = (seat, before[seat])
    for player in session.table.players:
        if player.stack == 0 and player.name not in gone and player.name not in busted:
            busted[player.name] = (player.seat, before.get(player.seat, 0))
    if not busted:
        return []
    alive = {p.name for p in session.table.players if p.stack > 0} | set(busted)
    names = sorted(busted, key=lambda name: (-busted[name][1], busted[name][0]))
    places = _shared_places([busted[name][1] for name in names], first=len(alive) - len(names) + 1)
    # The worst place goes out first, so the events read in reverse finishing order.
    return [
        PlayerEliminated(
            seat=busted[name][0],
            name=name,
            hand_id=hand_id,
            place=place,
            chips_before=busted[name][1],
        )
        for name, place in sorted(zip(names, places, strict=True), key=lambda x: -x[1])
    ]


def end_of_table(
    session: SessionState, tournament: TournamentState
) -> TournamentEnded | None:
    """Return the end of the table when it is reached, else None (TRN-OUT, TRN-MODES).

    ``session`` is the state after the eliminations. One player left wins; otherwise,
    once the hand limit is played, the players left are ranked by chips (ties share).
    """
    started = tournament.started
    if started is None or tournament.ended is not None or session.hand is not None:
        return None
    hands = session.table.hands_played
    if hands == 0:
        return None
    players = sorted(
        (p for p in session.table.players if p.stack > 0), key=lambda p: (-p.stack, p.seat)
    )
    if len(players) <= 1:
        places = tuple((p.seat, p.name, 1, p.stack) for p in players)
        return TournamentEnded(reason=EndReason.LAST_PLAYER, hand_id=session.last_hand_id,
                               places=places)
    if started.hand_limit is not None and hands >= started.hand_limit:
        shared = _shared_places([p.stack for p in players], first=1)
        places = tuple(
            (p.seat, p.name, place, p.stack) for p, place in zip(players, shared, strict=True)
        )
        return TournamentEnded(reason=EndReason.HAND_LIMIT, hand_id=session.last_hand_id,
                               places=places)
    return None


def standings(session: SessionState, tournament: TournamentState) -> tuple[Standing, ...]:
    """Return the standings, best first (TRN-RANK).

    Players still in come first, by chips (their place is provisional until the end);
    then the players out, in reverse order of elimination (their place is final).
    """
    lines: list[Standing] = []
    if tournament.ended is not None:
        lines.extend(
            Standing(place=place, name=name, seat=seat, chips=chips, out=False, final=True)
            for seat, name, place, chips in tournament.ended.places
        )
    else:
        gone = {event.name for event in tournament.eliminated}
        players = sorted(
            (p for p in session.table.players if p.name not in gone),
            key=lambda p: (-p.stack, p.seat),
        )
        places = _shared_places([p.stack for p in players], first=1)
        lines.extend(
            Standing(place=place, name=p.name, seat=p.seat, chips=p.stack, out=False)
            for p, place in zip(players, places, strict=True)
        )
    lines.extend(
        Standing(place=out.place, name=out.name, seat=out.seat, chips=0, out=True,
                 hand_id=out.hand_id, final=True)
        for out in sorted(tournament.eliminated, key=lambda e: (e.place, e.seat))
    )
    return tuple(lines)


# ---------------------------------------------------------------------------------------------
# Setting up
# ---------------------------------------------------------------------------------------------


def tournament_started(rules: HouseRules, preset: GamePreset) -> TournamentStarted:
    """Return the event making a table play ``preset`` as an elimination table.

    Raises:
        IllegalActionError: the preset has no starting stack (TRN-START) or is not a
            blind game (levels set blinds and antes).

    """
    if preset.starting_stack is None:
        raise IllegalActionError(
            f"{preset.name} is not a tournament: it has no starting_stack", rule_id="TRN-START"
        )
    if preset.bring_in:
        raise IllegalActionError(
            f"{preset.name}: elimination tables play blind games (levels set the blinds)",
            rule_id="TRN-LEVELS",
        )
    if preset.schedule is not None:
        levels = rules.schedule(preset.schedule).levels
    else:
        # One level that never ends: the preset's own stakes.
        levels = (
            BlindLevel(
                small_blind=preset.small_blind,
                big_blind=preset.big_blind,
                ante=preset.ante,
                hands=preset.hand_limit or 1,
            ),
        )
    return TournamentStarted(
        preset=preset.name,
        game=preset.game,
        max_seats=preset.max_seats,
        starting_stack=preset.starting_stack,
        levels=levels,
        hand_limit=preset.hand_limit,
    )


def level_preset_name(preset: str, index: int) -> str:
    """Return the name of the game a level is played as ("Sit & Go 1500 - level 2")."""
    return f"{preset} - level {index + 1}"


def _level_presets(started: TournamentStarted) -> tuple[GamePreset, ...]:
    return tuple(
        GamePreset(
            name=level_preset_name(started.preset, index),
            game=started.game,
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            ante=level.ante,
            max_seats=started.max_seats,
            starting_stack=started.starting_stack,
            rake=False,
        )
        for index, level in enumerate(started.levels)
        if not level.is_break
    )


def _table_rules(rules: HouseRules, started: TournamentStarted) -> HouseRules:
    """Return the rules the table plays: a game per level, never a rake (TRN-START).

    A tournament pot is never raked (the fee is paid at entry), so the chips in play stay
    those dealt at the start.
    """
    own = {preset.name for preset in _level_presets(started)}
    presets = tuple(p for p in rules.presets if p.name not in own) + _level_presets(started)
    rake = replace(rules.rake, enabled=False)
    return replace(rules, presets=presets, rake=rake)


def _iso(ms: int) -> str:
    return (_EPOCH + _dt.timedelta(milliseconds=ms)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


# ---------------------------------------------------------------------------------------------
# One journal, two streams
# ---------------------------------------------------------------------------------------------


class _SplitJournal:
    """The table's journal as the session sees it: the tournament's records left out.

    Both streams are appended through this object, which knows the journal's last record
    and passes it on, so another program writing to the same table is still refused.
    """

    def __init__(self, journal: Journal, own: frozenset[str]) -> None:
        self._journal = journal
        self._own = own
        records = journal.read()
        self._last = records[-1].seq if records else 0
        self._session_last = max((r.seq for r in records if r.type not in own), default=0)

    @property
    def schema_version(self) -> int:
        """The journal's layout version."""
        return self._journal.schema_version

    def read(self, *, after_seq: int = 0, hand_id: int | None = None) -> tuple[JournalRecord, ...]:
        """Return the session's records."""
        records = self._journal.read(after_seq=after_seq, hand_id=hand_id)
        return tuple(record for record in records if record.type not in self._own)

    def own_records(self) -> tuple[JournalRecord, ...]:
        """Return the tournament's records."""
        return tuple(record for record in self._journal.read() if record.type in self._own)

    def last_seq(self) -> int:
        """Return the session's last record."""
        return self._session_last

    def hands(self) -> tuple[HandIndexEntry, ...]:
        """Return the journal's hand index."""
        return self._journal.hands()

    def close(self) -> None:
        """Close the journal."""
        self._journal.close()

    def append(
        self, records: Sequence[PendingRecord], *, expected_last_seq: int | None = None
    ) -> tuple[JournalRecord, ...]:
        """Append the session's records (refused if the session is not up to date)."""
        if expected_last_seq is not None and expected_last_seq != self._session_last:
            raise JournalError(conflict_message(expected_last_seq, self._session_last))
        stored = self._append(records)
        if stored:
            self._session_last = stored[-1].seq
        return stored

    def append_own(self, records: Sequence[PendingRecord]) -> tuple[JournalRecord, ...]:
        """Append the tournament's records."""
        return self._append(records)

    def _append(self, records: Sequence[PendingRecord]) -> tuple[JournalRecord, ...]:
        stored = self._journal.append(records, expected_last_seq=self._last)
        if stored:
            self._last = stored[-1].seq
        return stored


def _session_undo_target(history: Sequence[tuple[int, Any]]) -> tuple[int, str] | None:
    """Return (seq, text) of the session command an ``undo`` would take back, or None."""
    cancelled = {event.command_seq for _, event in history if isinstance(event, Undone)}
    group = 0
    undo_groups = set()
    for seq, event in history:
        if isinstance(event, CommandReceived):
            group = seq
        elif isinstance(event, Undone):
            undo_groups.add(group)
    for seq, event in reversed(history):
        if isinstance(event, CommandReceived) and seq not in cancelled | undo_groups:
            return seq, event.text
    return None


# ---------------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------------


class TournamentTable:
    """A tournament table: a `TableSession` plus the clock, levels and eliminations.

    Args:
        journal: The table's journal (an existing one resumes where it was).
        rules: The house rules.
        preset: The tournament preset (with a ``starting_stack``); None to resume a
            journal that already holds a tournament.
        clock: The time source (a `FakeClock` in tests).

    Raises:
        IllegalActionError: not a tournament preset, or a journal of another game.

    """

    def __init__(
        self,
        journal: Journal,
        *,
        rules: HouseRules,
        preset: GamePreset | None = None,
        clock: Clock | None = None,
    ) -> None:
        self._clock: Clock = clock if clock is not None else SystemClock()
        self._codec = register(EventCodec())
        self._journal = _SplitJournal(journal, frozenset(c.__name__ for c in TOURNAMENT_EVENTS))
        self._own: list[tuple[int, Any]] = [
            (record.seq, self._codec.decode(record.type, record.class_version, record.payload))
            for record in self._journal.own_records()
        ]
        self._tournament = fold_tournament(effective_tournament_events(self._own))
        started = self._tournament.started
        if started is None:
            if preset is None:
                raise IllegalActionError("this journal holds no tournament; choose a preset",
                                         rule_id="TRN-START")
            started = tournament_started(rules, preset)
        elif preset is not None and preset.name != started.preset:
            raise IllegalActionError(
                f"this journal holds the tournament {started.preset!r}, not {preset.name!r}",
                rule_id="TRN-START",
            )
        self._session = TableSession(
            self._journal,  # type: ignore[arg-type]
            rules=_table_rules(rules, started),
            clock=self._stamp,
        )
        if self._tournament.started is None:
            if self._session.state.game is not None:
                raise IllegalActionError("a tournament starts on a new table",
                                         rule_id="TRN-START")
            self._record(f"tournament {started.preset}", [started])
        self._settle()

    # -- reading ------------------------------------------------------------------------------

    @property
    def session(self) -> TableSession:
        """The table session underneath (its state, history and rules)."""
        return self._session

    @property
    def state(self) -> SessionState:
        """The table's state."""
        return self._session.state

    @property
    def journal(self) -> Journal:
        """The journal as the session sees it (the tournament's records left out)."""
        return self._session.journal

    @property
    def rules(self) -> HouseRules:
        """The rules the table plays (a game per level, no rake)."""
        return self._session.rules

    @property
    def tournament(self) -> TournamentState:
        """The tournament's state."""
        return self._tournament

    @property
    def started(self) -> TournamentStarted:
        """The tournament's structure."""
        assert self._tournament.started is not None  # noqa: S101 - set in __init__
        return self._tournament.started

    def history(self) -> tuple[tuple[int, Any], ...]:
        """Return every journaled (seq, event) of both streams, in order."""
        return tuple(sorted([*self._session.history(), *self._own], key=lambda item: item[0]))

    def now_ms(self) -> int:
        """Return the time of this table's clock."""
        return self._clock.now_ms()

    def reading(self) -> ClockReading:
        """Return what the clock shows now."""
        return read_clock(
            self._tournament, self._clock.now_ms(), hands_played=self.state.table.hands_played
        )

    def face(self) -> ClockFace:
        """Return what a clock display shows now."""
        return clock_face(self._tournament, self.reading())

    def standings(self) -> tuple[Standing, ...]:
        """Return the standings now (TRN-RANK)."""
        return standings(self.state, self._tournament)

    def clock_view(self) -> ClockView:
        """Return the console's `ClockView` (level number, stakes, seconds left) now."""
        reading = self.reading()
        levels = self._tournament.levels
        seconds = None
        if reading.ms_left is not None and reading.running:
            seconds = max(0, -(-reading.ms_left // 1000))
        return ClockView(level=level_number(levels, reading.level),
                         stakes=stakes_text(levels[reading.level]), seconds_left=seconds)

    # -- commands -----------------------------------------------------------------------------

    def execute(self, line: str) -> SessionState:
        """Run one dealer line: tournament commands here, the rest through the session.

        Raises:
            CommandError: the line cannot be read.
            IllegalActionError: not allowed now, with its rule ID; nothing is journaled.

        """
        verb, args = _words(line)
        if verb in ("clock", "level"):
            events = self._tournament_events(verb, args)
            self._record(" ".join([verb, *args]), events)
            if verb == "level":
                self._apply_level_stakes()
            return self.state
        return self.apply(parse_command(line), text=line.strip())

    def apply(self, command: Command, *, text: str) -> SessionState:
        """Run an already parsed table command like `execute` (``text`` is journaled)."""
        if isinstance(command, Undo):
            return self._undo(text)
        self._verify_table_command(command)
        if isinstance(command, NewHand):
            self._session.check(text)
            self._before_hand()
        self._session.apply(command, text=text)
        self._settle()
        return self.state

    def observe(self, sightings: Sequence[Any]) -> Proposal | None:
        """Pass camera sightings to the session (`TableSession.observe`), then settle."""
        proposal = self._session.observe(sightings)
        self._settle()
        return proposal

    def check(self, line: str) -> None:
        """Raise like `execute` would, without journaling anything."""
        verb, args = _words(line)
        if verb in ("clock", "level"):
            self._tournament_events(verb, args)
            return
        command = parse_command(line)
        if isinstance(command, Undo):
            if self._undo_target() is None:
                raise IllegalActionError("nothing to undo")
            return
        self._verify_table_command(command)
        if isinstance(command, NewHand):
            self._level_events()
        self._session.check(line)

    # -- internals ----------------------------------------------------------------------------

    def _stamp(self) -> str:
        return _iso(self._clock.now_ms())

    def _record(self, text: str, events: Sequence[Any]) -> None:
        """Journal one group of tournament events and fold it in."""
        if not events:
            return
        batch = [TournamentCommand(text=text), *events]
        state = self._tournament
        for event in batch:
            state = evolve_tournament(state, event)  # a bug fails here, before the journal
        stamp = self._stamp()
        pending = []
        for event in batch:
            encoded = self._codec.encode(event)
            pending.append(PendingRecord(type=encoded.type, class_version=encoded.class_version,
                                         payload=encoded.payload, hand_id=None,
                                         recorded_at=stamp))
        stored = self._journal.append_own(pending)
        self._own.extend((record.seq, event) for record, event in zip(stored, batch, strict=True))
        self._tournament = fold_tournament(effective_tournament_events(self._own))

    def _verify_table_command(self, command: Any) -> None:
        tournament = self._tournament
        started = self.started
        if tournament.ended is not None and isinstance(command, (NewHand, Sit)):
            raise IllegalActionError("the tournament is over; see the standings",
                                     rule_id="TRN-OUT")
        if isinstance(command, Sit):
            if self.state.table.hands_played:
                raise IllegalActionError(
                    "players join an elimination table before its first hand",
                    rule_id="TRN-START")
            stack = getattr(command, "stack", None)
            if stack is not None and stack != started.starting_stack:
                raise IllegalActionError(
                    f"every player starts with {started.starting_stack} chips, not {stack}",
                    rule_id="TRN-START")
        if isinstance(command, AddChips):
            raise IllegalActionError(
                "no chips are added at an elimination table (every player starts with "
                f"{started.starting_stack})", rule_id="TRN-START")
        if isinstance(command, Leave):
            player = self.state.table.player(command.seat)
            if player is not None and player.stack > 0:
                raise IllegalActionError(
                    f"{player.name} still has {player.stack} chips: a player leaves an "
                    "elimination table when out of chips (sit them out instead)",
                    rule_id="TRN-OUT")
        if isinstance(command, SelectGame):
            raise IllegalActionError(
                "the tournament's stakes follow its blind schedule; use 'level next'",
                rule_id="TRN-LEVELS")

    def _level_events(self) -> list[Any]:
        """Return the events that start the clock and apply a due level before a hand."""
        events: list[Any] = []
        tournament = self._tournament
        now = self._clock.now_ms()
        if not tournament.clock_on:
            events.append(ClockStarted(at_ms=now))
            tournament = evolve_tournament(tournament, events[-1])
        hands = self.state.table.hands_played
        reading = read_clock(tournament, now, hands_played=hands)
        if tournament.levels[reading.level].is_break:
            left = "" if reading.ms_left is None else f", {format_duration(reading.ms_left)} left"
            raise IllegalActionError(
                f"the clock is on a break{left}; deal after it or type 'level next'",
                rule_id="TRN-LEVELS")
        if reading.due:
            events.append(LevelAdvanced(level=reading.level, run_ms=reading.level_run_ms,
                                        at_hand=hands))
        return events

    def _before_hand(self) -> None:
        """Start the clock and apply the level due, from this hand on (TRN-LEVELS)."""
        events = self._level_events()
        level = next((e.level for e in events if isinstance(e, LevelAdvanced)), None)
        text = "clock start" if level is None else f"level {level + 1}"
        self._record(f"{text} {AUTO_MARK}", events)
        self._apply_level_stakes()

    def _apply_level_stakes(self) -> None:
        """Make the game the level in play's stakes (between hands; a break keeps them)."""
        if self.state.hand is not None:
            return
        index = self._tournament.level
        if self._tournament.levels[index].is_break:
            return
        name = level_preset_name(self.started.preset, index)
        game = self.state.game
        if game is None or game.preset != name:
            self._session.apply(SelectGame(preset=name), text=f"game {name} {AUTO_MARK}")

    def _tournament_events(self, verb: str, args: list[str]) -> list[Any]:
        tournament = self._tournament
        now = self._clock.now_ms()
        what = args[0].lower() if len(args) == 1 else ""
        if verb == "clock" and what == "start":
            if tournament.clock_on:
                raise IllegalActionError("the clock is already started", rule_id="TRN-LEVELS")
            return [ClockStarted(at_ms=now)]
        if verb == "clock" and what == "pause":
            if tournament.running_since_ms is None:
                raise IllegalActionError("the clock is not running", rule_id="TRN-LEVELS")
            return [ClockPaused(at_ms=now)]
        if verb == "clock" and what == "resume":
            if not tournament.clock_on or tournament.running_since_ms is not None:
                raise IllegalActionError("the clock is not paused", rule_id="TRN-LEVELS")
            return [ClockResumed(at_ms=now)]
        if verb == "level" and what == "next":
            if self.state.hand is not None:
                raise IllegalActionError("a level changes between hands, never mid-hand",
                                         rule_id="TRN-LEVELS")
            hands = self.state.table.hands_played
            target = read_clock(tournament, now, hands_played=hands).level + 1
            if target >= len(tournament.levels):
                raise IllegalActionError("this is the last level", rule_id="TRN-LEVELS")
            return [LevelAdvanced(level=target, run_ms=tournament.run_ms(now), at_hand=hands,
                                  forced=True)]
        raise IllegalActionError(
            f"unknown tournament command {' '.join([verb, *args])!r}; use clock start, "
            "clock pause, clock resume or level next")

    def _settle(self) -> None:
        """Between hands: the level's stakes, who is out, whether the table ended."""
        if self.state.hand is not None:
            return
        self._apply_level_stakes()
        out = eliminations(self.state, self._tournament)
        if out:
            self._record(f"out {', '.join(e.name for e in out)} {AUTO_MARK}", out)
        for event in out:
            if self.state.table.player(event.seat) is not None:
                # TRN-OUT: the player leaves; the button and blinds follow (G-BUTTON).
                self._session.apply(Leave(seat=event.seat), text=f"leave {event.seat} "
                                    f"{AUTO_MARK}")
        ended = end_of_table(self.state, self._tournament)
        if ended is not None:
            self._record(f"end {ended.reason.value} {AUTO_MARK}", [ended])

    def _own_undo_target(self) -> tuple[int, str] | None:
        cancelled = {e.command_seq for _, e in self._own if isinstance(e, TournamentUndone)}
        undo_groups = set()
        group = 0
        for seq, event in self._own:
            if isinstance(event, TournamentCommand):
                group = seq
            elif isinstance(event, TournamentUndone):
                undo_groups.add(group)
        for seq, event in reversed(self._own):
            if isinstance(event, TournamentCommand) and seq not in cancelled | undo_groups:
                return seq, event.text
        return None

    def _undo_target(self) -> tuple[str, int, str] | None:
        """Return (stream, seq, text) of the group ``undo`` takes back, or None."""
        own = self._own_undo_target()
        theirs = _session_undo_target(self._session.history())
        if own is not None and (theirs is None or own[0] > theirs[0]):
            if own[1].startswith("tournament "):
                return None  # the start of the tournament stays
            return ("own", *own)
        if theirs is not None:
            return ("session", *theirs)
        return None

    def _undo(self, line: str) -> SessionState:
        """Undo the dealer's last command and what the table did by itself after it."""
        while True:
            target = self._undo_target()
            if target is None:
                raise IllegalActionError("nothing to undo")
            stream, seq, text = target
            if stream == "own":
                self._record(line, [TournamentUndone(command_seq=seq, text=text)])
            else:
                self._session.execute(line)
            if not text.endswith(AUTO_MARK):
                return self.state


def _words(line: str) -> tuple[str, list[str]]:
    words = line.split("#", 1)[0].split()
    return (words[0].lower() if words else ""), words[1:]
