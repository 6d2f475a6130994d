"""`TournamentTable`: a table session driven as an elimination table (TRN-*).

It takes the same dealer lines as `TableSession` plus ``clock start|pause|resume`` and
``level next``. Before a hand it starts the clock and applies a level that is due
(TRN-LEVELS: from the next hand, never mid-hand) by selecting the level's stakes as the
game; after a hand it records who is out (TRN-OUT), in which place (TRN-RANK), and whether
the table ended (TRN-OUT, TRN-MODES hand limit). The decisions are the pure functions of
`session.tournament`.

Everything is journaled in the table's own journal: the session's events as the session
writes them, the tournament's in groups of their own beside them (`_SplitJournal` shows the
session only its records, so the session's fold is untouched), so the clock and the
standings survive a restart exactly. ``undo`` takes back the dealer's last command with
everything the table did by itself after it.

The button when players bust is the table's (`session.table.plan_hand`, G-BUTTON): a
busted player leaves the table, and the house option ``table.button`` (moving or dead)
decides where the button and the blinds go next.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from dealerassist.engine.betting import legal_actions
from dealerassist.errors import IllegalActionError, JournalError
from dealerassist.journal.codec import EventCodec
from dealerassist.journal.records import (
    HandIndexEntry,
    Journal,
    JournalRecord,
    PendingRecord,
    conflict_message,
)
from dealerassist.rules.model import GamePreset, HouseRules
from dealerassist.session.clock import Clock, SystemClock, format_duration
from dealerassist.session.commands import (
    AddChips,
    Command,
    Fold,
    Leave,
    NewHand,
    SelectGame,
    Sit,
    SitIn,
    SitOut,
    Undo,
    parse_command,
)
from dealerassist.session.controller import TableSession
from dealerassist.session.events import CommandReceived, Undone
from dealerassist.session.sightings import Proposal
from dealerassist.session.state import SessionState
from dealerassist.session.tournament import (
    ClockFace,
    ClockReading,
    Standing,
    TournamentState,
    clock_face,
    effective_tournament_events,
    eliminations,
    end_of_table,
    evolve_tournament,
    fold_tournament,
    level_number,
    read_clock,
    stakes_text,
    standings,
    tournament_started,
)
from dealerassist.session.tournament_events import (
    TOURNAMENT_EVENTS,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    LevelAdvanced,
    PlayerAway,
    PlayerBack,
    TournamentCommand,
    TournamentStarted,
    TournamentUndone,
    register,
)
from dealerassist.session.viewmodels import ClockView

__all__ = [
    "AUTO_MARK",
    "TOURNAMENT_HELP",
    "TournamentTable",
    "holds_tournament",
    "level_preset_name",
]

AUTO_MARK = "# tournament"
"""Ends the text of the command groups the table journals by itself (not typed)."""

_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.UTC)

TOURNAMENT_HELP: tuple[tuple[str, str, str], ...] = (
    ("clock start|pause|resume", "clock pause", "the blind clock (TRN-LEVELS)"),
    ("level next", "level next", "move to the next level between hands (ends a break)"),
)
"""The tournament table's own commands: (usage, example, meaning), as `COMMAND_HELP`."""


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


def holds_tournament(journal: Journal) -> bool:
    """Tell whether ``journal`` holds a tournament (open it with `TournamentTable`)."""
    name = TournamentStarted.__name__
    indexed = getattr(journal, "has_record_type", None)
    if indexed is not None:
        return bool(indexed(name))  # the store's type index: no scan of a long journal
    return any(record.type == name for record in journal.read())


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
        confirm_payouts: Hold a showdown's settlement until the dealer's ``pay`` (as
            `TableSession`); the end-of-hand step (eliminations, level) runs after the pay.

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
        confirm_payouts: bool = False,
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
            confirm_payouts=confirm_payouts,
        )
        if self._tournament.started is None:
            if self._session.state.game is not None:
                raise IllegalActionError("a tournament starts on a new table",
                                         rule_id="TRN-START")
            self._record(f"tournament {started.preset}", [started])
        self._fold_away()
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

    @property
    def confirm_payouts(self) -> bool:
        """Whether a showdown waits for the dealer's ``pay`` before it is settled."""
        return self._session.confirm_payouts

    @confirm_payouts.setter
    def confirm_payouts(self, value: bool) -> None:
        self._session.confirm_payouts = value

    def face(self, *, lang: str = "en") -> ClockFace:
        """Return what a clock display shows now, in ``lang`` ("en" or "fr").

        With the players still in and their average stack, counted from the stacks at the
        start of the hand in play (chips in the pot still belong to someone).
        """
        face = clock_face(self._tournament, self.reading(), lang=lang)
        state = self.state
        table = state.hand.table_before if state.hand is not None else None
        table = table if table is not None else state.table
        gone = {event.name for event in self._tournament.eliminated}
        stacks = [p.stack for p in table.players if p.name not in gone]
        if not stacks:
            return face
        return replace(face, players_left=len(stacks),
                       average_stack=sum(stacks) // len(stacks))

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
        if isinstance(command, (SitOut, SitIn)):
            self._record(text, self._away_events(command))
            self._fold_away()
            return self.state
        if isinstance(command, NewHand):
            self._session.check(text)
            self._before_hand()
        self._session.apply(command, text=text)
        self._fold_away()
        self._settle()
        return self.state

    def observe(self, sightings: Sequence[Any]) -> Proposal | None:
        """Pass camera sightings to the session (`TableSession.observe`), then settle."""
        proposal = self._session.observe(sightings)
        self._fold_away()
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
        if isinstance(command, (SitOut, SitIn)):
            self._away_events(command)
            return
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

    def _away_events(self, command: SitOut | SitIn) -> list[Any]:
        """Return the event of ``out SEAT`` / ``in SEAT`` at a tournament table.

        A player away is not sat out as at a cash table: they stay dealt in, post their
        blinds and antes, and their hand is folded when the action reaches them, so their
        stack is blinded off (TRN-LEVELS) instead of waiting for them.
        """
        player = self.state.table.player(command.seat)
        if player is None:
            raise IllegalActionError(f"seat {command.seat} is empty; seated: "
                                     f"{self.state.table.seat_list()}")
        away = command.seat in self._tournament.away
        if isinstance(command, SitOut):
            if away:
                raise IllegalActionError(f"{player.name} (seat {command.seat}) is already away")
            return [PlayerAway(seat=command.seat)]
        if not away:
            raise IllegalActionError(f"{player.name} (seat {command.seat}) is not away")
        return [PlayerBack(seat=command.seat)]

    def _fold_away(self) -> None:
        """Fold the hand of each away player the action reaches (their hand is killed)."""
        while self.state.hand is not None and self._tournament.away:
            hand = self.state.hand
            choices = legal_actions(hand.engine_state)
            if choices is None:
                return
            seat = hand.started.seats[choices.actor]
            if seat not in self._tournament.away:
                return
            self._session.apply(Fold(), text=f"f (seat {seat} away) {AUTO_MARK}")

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
        if theirs is not None:
            try:
                self._session.check("undo")  # the session keeps its first game selected
            except IllegalActionError:
                theirs = None
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
