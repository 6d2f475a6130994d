"""A random dealer for the whole command language, and the table's invariants after each line.

`candidate_lines` offers the lines a dealer (or a slip of the fingers) could type now: every
command and report of the language, legal or not, with amounts around the limits, cards
unseen, seen and repeated, and malformed lines (huge numbers, unknown cards, megabyte
lines). `Fuzz.step` runs one line on a table and checks, after it (issue 41):

- no folded or mucked seat is to act, to be dealt or to draw;
- chips are conserved: what the table holds (stacks, the hand's bets and pots, the rake
  taken, a pot carried to the next deal) equals what was brought (sit, add, correct, leave);
- a refused line changes nothing: the same state, nothing journaled;
- replay equals live: a table opened on the journal reaches the same state;
- no internal error: a line is accepted or refused with `CommandError` /
  `IllegalActionError`, and a refusal is one line.

Used by the hypothesis test (`test_fuzz_41.py`) and by ``scripts/fuzz_table.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dealerassist.cards import standard_deck
from dealerassist.engine import draws as engine_draws
from dealerassist.engine import keep as engine_keep
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.state import Phase
from dealerassist.errors import IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules.model import HouseRules
from dealerassist.rules.profiles import default_rules
from dealerassist.session.commands import CommandError
from dealerassist.session.controller import TableSession
from dealerassist.session.events import (
    ChipsAdded,
    CommandReceived,
    PlayerLeft,
    PlayerSat,
    StackCorrected,
    Undone,
)
from dealerassist.session.reports import hand_flags
from dealerassist.session.state import SessionState

RULES = default_rules()
#: Every cash preset of the shipped rules (tournament presets are another table kind).
CASH_PRESETS = tuple(p.name for p in RULES.presets if p.starting_stack is None)

Pick = Callable[[list[str]], str]

_JUNK = (
    "", "rasie 60", "r 60.5", "r -5", "sit 3 Alice", "flop Xx Kd 7c", "flop ?? 2c 3c",
    "flop 1h 2h 3h", "turn Zz", "up 1 ?? 2 7c", "show 1 Ah Ah", "confirm 12345",
    "overrule", "overrule 99:IRR-DECK no reason", "exposed 1 Ah 9", "exposed 1 Ah deal 99",
    "acted 1 shove", "game 99", "game Limit Hold'em 10/20 # slip", "draw 9", "ask 7",
    "change 1 9", "wronglow 1 1", "holding 1 99", "extra 1 0", "pay", "fifth", "\x00",
    "sit 9 \u00e9l\u00e8ve 100", "sit 5 \"Jean Paul\" 0",
)


def _huge(rng: random.Random) -> str:
    digits = "9" * rng.choice([13, 14, 40, 4301])
    return rng.choice([f"r {digits}", f"b {digits}", f"add 1 {digits}", f"sit 7 Big {digits}",
                       f"correct 2 {digits}", f"acted 1 r {digits}", f"button {digits}"])


def _long(rng: random.Random) -> str:
    return rng.choice(["r " + "1" * 5000, "x" * 4097, "flop " + "Ah " * 2000])


def _unseen(state: SessionState, rng: random.Random) -> list[str]:
    """Cards not yet seen in the running hand, shuffled."""
    used: set[Any] = set()
    if state.hand is not None:
        engine = state.hand.engine_state
        used.update(c for c in engine.board if c.is_face)
        for hole in engine.hole:
            used.update(c for c in hole if c.is_face)
    deck = [str(c) for c in standard_deck() if c not in used]
    rng.shuffle(deck)
    return deck


def _seen(state: SessionState) -> list[str]:
    if state.hand is None:
        return []
    engine = state.hand.engine_state
    cards = [str(c) for c in engine.board if c.is_face]
    for hole in engine.hole:
        cards.extend(str(c) for c in hole if c.is_face)
    return cards


def candidate_lines(state: SessionState, rng: random.Random) -> list[str]:
    """Lines a dealer could type now, legal or not; legal ones are offered more often."""
    table = state.table
    seats = [p.seat for p in table.players]
    free = [s for s in range(1, table.max_seats + 1) if s not in seats]
    out = ["undo", rng.choice(_JUNK)]
    if rng.random() < 0.05:
        out.append(_huge(rng))
    if rng.random() < 0.02:
        out.append(_long(rng))
    if state.hand is None:
        out += ["hand"] * 6
        if free:
            seat = rng.choice(free)
            out += [f"sit {seat} P{seat}x{rng.randrange(100)} {rng.choice([40, 300, 1000])}"] * 2
        if seats:
            seat = rng.choice(seats)
            out += [f"leave {seat}", f"out {seat}", f"in {seat}", f"post {seat}",
                    f"add {seat} {rng.randrange(1, 500)}",
                    f"correct {seat} {rng.randrange(0, 900)}", f"button {seat}"]
        if rng.random() < 0.1:
            out.append(f"game {rng.choice(CASH_PRESETS)}")
        return out
    hand = state.hand
    engine = hand.engine_state
    started = hand.started
    dealt = list(started.seats)
    deck = _unseen(state, rng)
    seen = _seen(state)
    seat = rng.choice(dealt)
    # Reports and rulings now and then (session/reports.py).
    flags = hand_flags(hand)
    out += [rng.choice([
        f"exposed {seat} {deck[0]} {rng.choice(['first', 'second', '', 'player'])}",
        f"exposed {seat} {deck[0]} deal {rng.randrange(1, 2 * len(dealt) + 2)}",
        f"early {deck[1]}", f"extra {seat} {rng.choice([1, 2])}", f"absent {seat}",
        f"acted {seat} {rng.choice(['f', 'x', 'c', 'allin'])}",
        f"acted {seat} r {engine.max_bet + rng.randrange(1, 40)}",
        f"wronglow {seat} {rng.choice(dealt)}", f"foldnobet {seat}",
        f"holding {seat} {rng.randrange(1, 7)}", f"falseopen {seat}",
        f"dealerror {rng.choice(['wrong_count', 'out_of_sequence', 'player_dealt_out'])} {seat}",
        "wrongbutton should be elsewhere",
        f"turn {rng.choice(seen)}" if seen else f"river {deck[2]}",
        f"flopped {' '.join(deck[:4])}",
    ])]
    if flags:
        flag = rng.choice(flags)
        out += [f"confirm {flag.flag_id}", f"confirm {flag.flag_id.split(':')[0]}", "confirm",
                "misdeal", f"overrule {flag.flag_id} floor says play on"]
    out += [f"muck {seat}", f"show {seat} {' '.join(deck[:2])}", f"keep {seat}"]
    choices = legal_actions(engine)
    if choices is not None:
        out += ["f", "x", "c", "c", "c", "c", "allin"]
        if choices.min_raise_to is not None:
            low, high = choices.min_raise_to, choices.max_raise_to
            out += [f"r {low}", f"r {high}", f"r {rng.randint(low, high)}", f"b {low}"]
        out += [f"r {engine.max_bet + 1}", f"b {rng.randrange(0, 3000)}"]
        return out
    if engine.phase is Phase.DEALING:
        if engine.due_board:
            name = {1: "flop", 2: "turn", 3: "river"}.get(engine.street_index, "board")
            cards = " ".join(deck[: engine.due_board])
            out += [f"{name} {cards}"] * 6
            out += [f"board {deck[0]}", f"turn {deck[0]}", f"flop {' '.join(deck[:2])}"]
            if seen:
                out.append(f"{name} {' '.join([rng.choice(seen), *deck[1:engine.due_board]])}")
        if engine.due_hole and engine.street.hole_up:
            due = [started.seats[p] for p in engine.due_hole]
            count = engine.street.hole_up
            pairs = " ".join(f"{s} {''.join(deck[k * count:(k + 1) * count])}"
                             for k, s in enumerate(due))
            out += [f"up {pairs}"] * 6
            out += [f"up {due[0]} {deck[-1]}", f"up {rng.choice(dealt)} {deck[-2]}"]
        if engine.due_draw:
            held = len(engine.hole[engine.due_draw[0]])
            out += [f"draw {rng.randrange(0, held + 1)}"] * 3 + ["pat", f"draw {held + 1}"]
            out += [f"ask {rng.randrange(0, 6)}", f"change {seat} {rng.randrange(0, 6)}"]
            if engine_draws.fifth_due(engine) is not None:
                out += ["fifth"] * 4
            out.append("fifth")
        out += ["c", "x"]
        return out
    if engine_keep.opening_show_due(engine):
        # JB-KEEP: the pot is awarded; the opener shows the opening hand kept: the final
        # hand's known cards they kept (the hand less the cards drawn), then unseen ones.
        opener = engine.opened_by
        drawn = len(engine.discards[opener]) if engine.discards else 0
        kept = [str(c) for c in engine.hole[opener] if not c.is_unknown][:5 - drawn]
        cards = " ".join(kept + deck[:5 - len(kept)])
        out += [f"show {started.seats[opener]} {cards}"] * 4 + [f"muck {started.seats[opener]}"]
    if engine.phase is Phase.SHOWDOWN:
        for i in engine.in_hand:
            hole = engine.hole[i]
            unknown = sum(1 for c in hole if c.is_unknown)
            if unknown:
                shown = deck[:unknown]
                deck = deck[unknown:]
                out += [f"show {started.seats[i]} {' '.join(shown)}"] * 3
            out.append(f"muck {started.seats[i]}")
        out += ["pay"] * 2
    return out


def table_chips(state: SessionState) -> int:
    """Chips the table holds: stacks, the running hand's bets and pots, the rake, a carry."""
    rake = sum(done.finished.rake for done in state.finished)
    if state.hand is None:
        return sum(p.stack for p in state.table.players) + rake + state.carried
    engine = state.hand.engine_state
    dealt = set(state.hand.started.seats)
    outside = sum(p.stack for p in state.table.players if p.seat not in dealt)
    return engine.total_chips + outside + rake


def brought_chips(session: TableSession) -> int:
    """Chips brought to the table by the events in force: sit, add, correct, leave."""
    entries = session.history()
    cancelled = {event.command_seq for _, event in entries if isinstance(event, Undone)}
    total = 0
    group = 0
    for seq, event in entries:
        if isinstance(event, CommandReceived):
            group = seq
        if group in cancelled:
            continue
        if isinstance(event, PlayerSat):
            total += event.stack
        elif isinstance(event, ChipsAdded):
            total += event.amount
        elif isinstance(event, StackCorrected):
            total += event.stack - event.previous
        elif isinstance(event, PlayerLeft):
            total -= event.stack
    return total


@dataclass
class Fuzz:
    """One table under random lines; `anomalies` lists every broken invariant, with the line."""

    preset: str
    rules: HouseRules = RULES
    replay_every: int = 1
    journal: InMemoryJournal = field(default_factory=InMemoryJournal)
    anomalies: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    accepted: int = 0
    refused: int = 0

    def __post_init__(self) -> None:
        self.session = TableSession(self.journal, rules=self.rules,
                                    preset=self.rules.preset(self.preset),
                                    clock=lambda: "2026-12-05T00:00:00.000000Z")

    def _flag(self, line: str, what: str) -> None:
        self.anomalies.append(f"{self.preset}: after {line[:80]!r} (line {len(self.lines)}): "
                              f"{what}")

    def step(self, pick: Pick, rng: random.Random) -> str:
        """Run one line chosen by ``pick`` among the candidates; check the invariants."""
        session = self.session
        before = session.state
        line = pick(candidate_lines(before, rng))
        self.lines.append(line)
        records = len(session.history())
        try:
            session.execute(line)
        except (CommandError, IllegalActionError) as error:
            self.refused += 1
            if "\n" in str(error) or not str(error):
                self._flag(line, f"refusal not one line: {str(error)[:200]!r}")
            if session.state is not before and session.state != before:
                self._flag(line, "a refusal changed the state")
            if len(session.history()) != records:
                self._flag(line, "a refusal was journaled")
            return line
        except Exception as error:  # noqa: BLE001 - the anomaly the fuzz looks for
            self._flag(line, f"internal error {type(error).__name__}: {error}")
            return line
        self.accepted += 1
        self.check(line)
        return line

    def check(self, line: str) -> None:
        """The invariants of an accepted line."""
        state = self.session.state
        if state.hand is not None:
            engine = state.hand.engine_state
            actor = engine.actor
            if actor is not None and (engine.folded[actor] or engine.mucked[actor]):
                self._flag(line, f"folded player {actor} is to act")
            if engine.phase is Phase.DEALING:
                for player in (*engine.due_draw, *engine.due_hole):
                    if engine.folded[player] or engine.mucked[player]:
                        self._flag(line, f"folded player {player} is owed cards")
        held, brought = table_chips(state), brought_chips(self.session)
        if held != brought:
            self._flag(line, f"chips not conserved: the table holds {held}, {brought} brought")
        if self.replay_every and len(self.lines) % self.replay_every == 0:
            self.check_replay(line)

    def check_replay(self, line: str) -> None:
        """Replay equals live: a table opened on the journal has the same state."""
        try:
            replayed = TableSession(self.journal, rules=self.rules, preset=None)
        except Exception as error:  # noqa: BLE001 - reported as an anomaly
            self._flag(line, f"replay failed: {type(error).__name__}: {error}")
            return
        if replayed.state != self.session.state:
            self._flag(line, "replay differs from the live state")


def run_lines(preset: str, count: int, seed: int, *, replay_every: int = 1) -> Fuzz:
    """Run ``count`` random lines on a fresh table of ``preset`` (seeded: reproducible)."""
    rng = random.Random(seed)
    fuzz = Fuzz(preset, replay_every=replay_every)
    for seat, stack in ((1, 500), (2, 300), (3, 800)):
        fuzz.session.execute(f"sit {seat} P{seat} {stack}")
    for _ in range(count):
        fuzz.step(rng.choice, rng)
    return fuzz
