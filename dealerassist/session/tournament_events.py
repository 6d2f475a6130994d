"""Tournament events: the facts of an elimination table (TRN-*), past tense, frozen.

They are journaled in the table's own journal, beside the session's events, in command
groups of their own (each opened by a `TournamentCommand`, cancelled by a
`TournamentUndone`), so the blind clock, the level in play, the eliminations and the
standings are a fold of the journal (`dealerassist.session.tournament.fold_tournament`)
and survive a restart exactly. `register` adds them to an event codec. Times are integer
milliseconds since the Unix epoch (`dealerassist.session.clock`); ``run_ms`` is the
clock's running time (pauses excluded) since `ClockStarted`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from typing import ClassVar

from dealerassist.journal.codec import EventCodec
from dealerassist.rules.model import BlindLevel

__all__ = [
    "TOURNAMENT_EVENTS",
    "ClockPaused",
    "ClockResumed",
    "ClockStarted",
    "EndReason",
    "LevelAdvanced",
    "PlayerAway",
    "PlayerBack",
    "PlayerEliminated",
    "TournamentEnded",
    "TournamentCommand",
    "TournamentStarted",
    "TournamentUndone",
    "register",
]


@unique
class EndReason(StrEnum):
    """Why an elimination table ended (TRN-OUT, TRN-MODES)."""

    LAST_PLAYER = "last_player"
    HAND_LIMIT = "hand_limit"


@dataclass(frozen=True, slots=True)
class TournamentCommand:
    """Opens a group of tournament events: the dealer's line, or what the table did itself."""

    class_version: ClassVar[int] = 1
    text: str


@dataclass(frozen=True, slots=True)
class TournamentUndone:
    """The tournament group opened at ``command_seq`` is cancelled (kept in the journal)."""

    class_version: ClassVar[int] = 1
    command_seq: int
    text: str


@dataclass(frozen=True, slots=True)
class TournamentStarted:
    """The table is an elimination table: its whole structure, copied from rules.yaml.

    The levels are copied so that an edit of the house file never changes a tournament
    under way (a replay never decides again).

    Attributes:
        preset: The game preset's name.
        game: PHH variant code (a blind game).
        max_seats: Seats at the table.
        starting_stack: Every player's starting stack (TRN-START).
        levels: The blind schedule (TRN-LEVELS); a preset without a schedule plays its
            own stakes as one level that never ends.
        hand_limit: Hands after which the table ends (TRN-MODES), None for none.

    """

    class_version: ClassVar[int] = 1
    preset: str
    game: str
    max_seats: int
    starting_stack: int
    levels: tuple[BlindLevel, ...]
    hand_limit: int | None = None


@dataclass(frozen=True, slots=True)
class ClockStarted:
    """The blind clock started running (level 1 begins)."""

    class_version: ClassVar[int] = 1
    at_ms: int


@dataclass(frozen=True, slots=True)
class ClockPaused:
    """The blind clock was stopped (time left in the level is kept)."""

    class_version: ClassVar[int] = 1
    at_ms: int


@dataclass(frozen=True, slots=True)
class ClockResumed:
    """The blind clock runs again."""

    class_version: ClassVar[int] = 1
    at_ms: int


@dataclass(frozen=True, slots=True)
class LevelAdvanced:
    """The level in play changed between hands (TRN-LEVELS): it applies from the next hand.

    Attributes:
        level: Index of the new level in the schedule, from 0.
        run_ms: Clock running time at which this level began by the schedule (for a timed
            level that ran out while a hand was played, earlier than now: the next level's
            time is not lengthened by the hand).
        at_hand: Hands played at the table when it began (levels counted in hands).
        forced: The director moved the level on by hand (``level next``).

    """

    class_version: ClassVar[int] = 1
    level: int
    run_ms: int
    at_hand: int
    forced: bool = False


@dataclass(frozen=True, slots=True)
class PlayerAway:
    """A player stepped away: dealt in, blinds posted, hand folded when their turn comes.

    Until `PlayerBack`, a tournament stack is blinded off rather than kept waiting.
    """

    class_version: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerBack:
    """An away player is back at the table and acts again."""

    class_version: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated:
    """A player with no chips left the tournament (TRN-OUT) in ``place`` (TRN-RANK).

    Attributes:
        seat: The seat they had.
        name: Their name.
        hand_id: The hand they busted in.
        place: Finishing place (1 is the winner); players tied share the better place.
        chips_before: Their stack when that hand started (ranks same-hand knockouts).

    """

    class_version: ClassVar[int] = 1
    seat: int
    name: str
    hand_id: int
    place: int
    chips_before: int


@dataclass(frozen=True, slots=True)
class TournamentEnded:
    """The table ended: one player left, or the hand limit reached (then ranked by chips).

    Attributes:
        reason: Last player standing or hand limit.
        hand_id: The last hand played.
        places: (seat, name, place, chips) of the players still seated, best first.

    """

    class_version: ClassVar[int] = 1
    reason: EndReason
    hand_id: int
    places: tuple[tuple[int, str, int, int], ...]


TOURNAMENT_EVENTS: tuple[type, ...] = (
    TournamentCommand,
    TournamentUndone,
    TournamentStarted,
    ClockStarted,
    ClockPaused,
    ClockResumed,
    LevelAdvanced,
    PlayerAway,
    PlayerBack,
    PlayerEliminated,
    TournamentEnded,
)


def register(codec: EventCodec) -> EventCodec:
    """Register every tournament event with ``codec`` (the session's) and return it."""
    for cls in TOURNAMENT_EVENTS:
        codec.register(cls)
    return codec
