"""Elimination tables: levels, the blind clock, eliminations and standings (TRN-*).

Pure functions over events, no I/O: `fold_tournament` folds the tournament's events
(`session.tournament_events`) into a `TournamentState` (structure, clock, level in play,
eliminations, end); `read_clock` tells, at a given time, which level the clock is in and
what is left (TRN-LEVELS: a level that runs out during a hand applies from the next hand);
`clock_face` is what a display shows; `eliminations` and `end_of_table` decide what a
finished hand causes (TRN-OUT, TRN-RANK, TRN-MODES hand limit); `standings` lists the
finishing order. `session.tournament_table.TournamentTable` drives a table with them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dealerassist.errors import IllegalActionError
from dealerassist.rules.model import BlindLevel, GamePreset, HouseRules
from dealerassist.session.clock import format_duration
from dealerassist.session.state import SessionState
from dealerassist.session.tournament_events import (
    ClockPaused,
    ClockResumed,
    ClockStarted,
    EndReason,
    LevelAdvanced,
    PlayerAway,
    PlayerBack,
    PlayerEliminated,
    TournamentCommand,
    TournamentEnded,
    TournamentStarted,
    TournamentUndone,
)

__all__ = [
    "ClockFace",
    "ClockReading",
    "Standing",
    "TournamentState",
    "clock_face",
    "effective_tournament_events",
    "eliminations",
    "end_of_table",
    "evolve_tournament",
    "fold_tournament",
    "level_number",
    "read_clock",
    "stakes_text",
    "standings",
    "tournament_started",
]

_MINUTE_MS = 60_000


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
        away: Seats of players away (dealt in, folded when the action reaches them).

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
    away: frozenset[int] = frozenset()

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
        return replace(state, eliminated=(*state.eliminated, event),
                       away=state.away - {event.seat})
    if isinstance(event, PlayerAway):
        return replace(state, away=state.away | {event.seat})
    if isinstance(event, PlayerBack):
        return replace(state, away=state.away - {event.seat})
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


_FACE_TEXTS: dict[str, dict[str, str]] = {
    "en": {"break": "Break", "level": "Level {n}", "hand": "{n} hand left",
           "hands": "{n} hands left"},
    "fr": {"break": "Pause", "level": "Niveau {n}", "hand": "{n} main restante",
           "hands": "{n} mains restantes"},
}


def _texts(lang: str) -> dict[str, str]:
    return _FACE_TEXTS.get(lang, _FACE_TEXTS["en"])


def stakes_text(level: BlindLevel, *, lang: str = "en") -> str:
    """Return a level's stakes as the console shows them ("100/200 ante 25", "Break").

    ``lang`` is "en" or "fr" ("Pause" for a break; the blinds read the same).
    """
    if level.is_break:
        return _texts(lang)["break"]
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
        started: The clock was started (``paused`` and not ``started``: not yet running).
        players_left: Players still in (0 when not known).
        average_stack: Their chips over their number (0 when not known).
        next_break: Time until the next break ("M:SS"), "" when none is coming or the
            levels before it are counted in hands.

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
    started: bool = True
    players_left: int = 0
    average_stack: int = 0
    next_break: str = ""


def clock_face(state: TournamentState, reading: ClockReading, *, lang: str = "en") -> ClockFace:
    """Return what the clock display shows for ``reading``, in ``lang`` ("en" or "fr")."""
    texts = _texts(lang)
    levels = state.levels
    if not levels:
        return ClockFace("", "", "", "", "", True, False, False, 0, started=False)
    level = levels[reading.level]
    number = level_number(levels, reading.level)
    following = levels[reading.level + 1] if reading.level + 1 < len(levels) else None
    hands = ""
    if reading.hands_left is not None:
        count = max(0, reading.hands_left)
        hands = texts["hand" if count == 1 else "hands"].format(n=count)
    return ClockFace(
        level=texts["break"] if level.is_break else texts["level"].format(n=number),
        stakes=stakes_text(level, lang=lang),
        next_stakes=stakes_text(following, lang=lang) if following is not None else "",
        time_left=format_duration(reading.ms_left) if reading.ms_left is not None else "",
        hands_left=hands,
        paused=not reading.running,
        pending=reading.due,
        is_break=level.is_break,
        level_index=reading.level,
        started=reading.started,
        next_break=_next_break(levels, reading),
    )


def _next_break(levels: tuple[BlindLevel, ...], reading: ClockReading) -> str:
    """Return the running time until the next break ("M:SS"), "" if it cannot be told."""
    if levels[reading.level].is_break or reading.ms_left is None:
        return ""
    ms = reading.ms_left
    for level in levels[reading.level + 1:]:
        if level.is_break:
            return format_duration(ms)
        if level.minutes is None:
            return ""
        ms += level.minutes * 60_000
    return ""


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
    if session.table.hands_played == 0:
        return []  # nobody is out before the first hand
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
