"""The dealer command language: one short line per action, typed or sent by a button.

``parse_command("r 60")`` returns a frozen command (`RaiseTo(amount=60)`); a line that
cannot be read raises `CommandError` naming the problem and the fix ("unknown command
'rasie'; did you mean 'raise'?", "usage: sit SEAT NAME STACK, e.g. sit 3 Alice 1500").
The console's buttons send the same lines, so one parser serves both. The full list with
examples is in ``docs/commands.md`` and in `COMMAND_HELP`.

Parsing only reads the line; whether the command is legal now (whose turn, the limits,
a free seat) is decided by the session and the engine, with a rule ID.
"""

from __future__ import annotations

import difflib
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass

from dealerassist.cards import Card, parse_cards
from dealerassist.errors import DealerAssistError, InvalidCardError

__all__ = [
    "COMMAND_HELP",
    "AddChips",
    "AllIn",
    "Bet",
    "Board",
    "Call",
    "ChangeDraw",
    "Check",
    "Command",
    "CommandError",
    "CorrectStack",
    "DealUp",
    "DeclareDraw",
    "Draw",
    "FifthCard",
    "Fold",
    "Leave",
    "Muck",
    "NewHand",
    "Pay",
    "PlaceButton",
    "PostBlind",
    "RaiseTo",
    "SelectGame",
    "Show",
    "Sit",
    "SitIn",
    "SitOut",
    "Undo",
    "parse_command",
]


class CommandError(DealerAssistError, ValueError):
    """A dealer command line that cannot be read; the message says how to fix it."""


@dataclass(frozen=True, slots=True)
class Sit:
    """A player sits down: ``sit 3 Alice 1500``."""

    seat: int
    name: str
    stack: int


@dataclass(frozen=True, slots=True)
class Leave:
    """A player leaves the table with their chips: ``leave 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class SitOut:
    """A seated player stops being dealt in (keeps the seat): ``out 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class SitIn:
    """A sitting-out player comes back: ``in 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class PostBlind:
    """A new or returning player posts a big blind to be dealt in now: ``post 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class AddChips:
    """Chips added to a stack between hands (G-TABLE-STAKES): ``add 3 500``."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CorrectStack:
    """A stack set right between hands after a miscount, recorded as a correction."""

    seat: int
    stack: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class PlaceButton:
    """Put the button on a seat before the next hand (the draw for the button): ``button 5``."""

    seat: int


@dataclass(frozen=True, slots=True)
class SelectGame:
    """Play another game preset of rules.yaml from the next hand: ``game NLHE 2/5``."""

    preset: str


@dataclass(frozen=True, slots=True)
class NewHand:
    """Start the next hand: move the button, post the blinds: ``hand``."""


@dataclass(frozen=True, slots=True)
class Fold:
    """The player to act folds: ``f``."""


@dataclass(frozen=True, slots=True)
class Check:
    """The player to act checks: ``x``."""


@dataclass(frozen=True, slots=True)
class Call:
    """The player to act calls (all-in for less if short): ``c``."""


@dataclass(frozen=True, slots=True)
class Bet:
    """The player to act opens the betting: ``b 40`` (total for the street)."""

    amount: int


@dataclass(frozen=True, slots=True)
class RaiseTo:
    """The player to act raises TO an amount (the street total): ``r 60``."""

    amount: int


@dataclass(frozen=True, slots=True)
class AllIn:
    """The player to act puts every chip in: ``allin``."""


@dataclass(frozen=True, slots=True)
class Board:
    """Community cards: ``flop Ah Kd 7c``, ``turn 2s``, ``river 9h`` (street names a check)."""

    street: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Show:
    """A player shows their hand at showdown: ``show 3 Ah Ad``."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Muck:
    """A player gives up the pot without showing (G-SHOW-CLAIM): ``muck 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pay:
    """The dealer confirms the showdown's payouts: ``pay`` (POT-AWARD, G-ODD-CHIP)."""


@dataclass(frozen=True, slots=True)
class DealUp:
    """Stud: the up cards dealt this street, by seat: ``up 1 Kh 2 7c 3 2d`` (ST7-DEAL)."""

    cards: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw games: the player due to draw discards and receives ``count`` cards (DR-DRAW).

    ``pat`` and ``draw 0`` stand pat.
    """

    count: int


@dataclass(frozen=True, slots=True)
class DeclareDraw:
    """Draw games: the next player to announce says how many cards they draw: ``ask 2``.

    Optional: ``draw N`` alone is the announcement and the deal at once (DR-CHANGE).
    """

    count: int


@dataclass(frozen=True, slots=True)
class ChangeDraw:
    """Draw games: a player changes the number announced: ``change 3 1`` (DR-CHANGE)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class FifthCard:
    """Draw games: the deferred fifth card of a draw of five: ``fifth`` (DR-DRAW-MAX)."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Cancel the last event (recorded as a new event; nothing is erased): ``undo``."""


Command = (
    Sit
    | Leave
    | SitOut
    | SitIn
    | PostBlind
    | AddChips
    | CorrectStack
    | PlaceButton
    | SelectGame
    | NewHand
    | Fold
    | Check
    | Call
    | Bet
    | RaiseTo
    | AllIn
    | Board
    | Show
    | Muck
    | Pay
    | DealUp
    | Draw
    | DeclareDraw
    | ChangeDraw
    | FifthCard
    | Undo
)


@dataclass(frozen=True, slots=True)
class _Verb:
    usage: str
    example: str
    meaning: str
    parse: Callable[[str, list[str]], Command]


_NUMBER = re.compile(r"[0-9]+")


def _amount(word: str, raw: str, *, what: str, usage: str) -> int:
    text = raw.strip()
    if _NUMBER.fullmatch(text):
        return int(text)
    if re.fullmatch(r"[0-9]*[.,][0-9]+", text):
        raise CommandError(f"{word}: {what} {raw!r} is not a whole number of chips; {usage}")
    if text.startswith("-"):
        raise CommandError(f"{word}: {what} cannot be negative ({raw!r}); {usage}")
    raise CommandError(f"{word}: {what} {raw!r} is not a number; {usage}")


def _seat(word: str, raw: str, *, usage: str) -> int:
    seat = _amount(word, raw, what="seat", usage=usage)
    if seat < 1:
        raise CommandError(f"{word}: seats are numbered from 1, not {raw!r}; {usage}")
    return seat


def _cards(word: str, words: list[str], *, usage: str) -> tuple[Card, ...]:
    try:
        return parse_cards(" ".join(words))
    except InvalidCardError as error:
        raise CommandError(f"{word}: {error}; {usage}") from None


def _expect(word: str, args: list[str], count: int, usage: str) -> None:
    if len(args) != count:
        got = "nothing" if not args else " ".join(args)
        raise CommandError(f"{word} takes {count} value(s), got {got!r}; {usage}")


def _usage(verb: str) -> str:
    entry = _VERBS[verb]
    return f"usage: {entry.usage}, e.g. {entry.example}"


def _no_args(make: Callable[[], Command]) -> Callable[[str, list[str]], Command]:
    def parse(word: str, args: list[str]) -> Command:
        if args:
            raise CommandError(f"{word} takes no value, got {' '.join(args)!r}")
        return make()

    return parse


def _one_amount(make: Callable[[int], Command], verb: str) -> Callable[[str, list[str]], Command]:
    def parse(word: str, args: list[str]) -> Command:
        usage = _usage(verb)
        _expect(word, args, 1, usage)
        return make(_amount(word, args[0], what="amount", usage=usage))

    return parse


def _one_seat(make: Callable[[int], Command], verb: str) -> Callable[[str, list[str]], Command]:
    def parse(word: str, args: list[str]) -> Command:
        usage = _usage(verb)
        _expect(word, args, 1, usage)
        return make(_seat(word, args[0], usage=usage))

    return parse


def _parse_sit(word: str, args: list[str]) -> Command:
    usage = _usage("sit")
    _expect(word, args, 3, usage)
    name = args[1].strip()
    if not name or _NUMBER.fullmatch(name):
        raise CommandError(f"sit: {name!r} is not a player name; {usage}")
    return Sit(
        seat=_seat(word, args[0], usage=usage),
        name=name,
        stack=_amount(word, args[2], what="stack", usage=usage),
    )


def _parse_add(word: str, args: list[str]) -> Command:
    usage = _usage("add")
    _expect(word, args, 2, usage)
    return AddChips(
        seat=_seat(word, args[0], usage=usage),
        amount=_amount(word, args[1], what="amount", usage=usage),
    )


def _parse_correct(word: str, args: list[str]) -> Command:
    usage = _usage("correct")
    if len(args) < 2:
        raise CommandError(f"correct needs a seat and the right stack; {usage}")
    return CorrectStack(
        seat=_seat(word, args[0], usage=usage),
        stack=_amount(word, args[1], what="stack", usage=usage),
        reason=" ".join(args[2:]),
    )


def _parse_game(word: str, args: list[str]) -> Command:
    if not args:
        raise CommandError(f"game needs a preset name from rules.yaml; {_usage('game')}")
    return SelectGame(preset=" ".join(args))


def _parse_show(word: str, args: list[str]) -> Command:
    usage = _usage("show")
    if len(args) < 2:
        raise CommandError(f"show needs a seat and the cards shown; {usage}")
    return Show(seat=_seat(word, args[0], usage=usage), cards=_cards(word, args[1:], usage=usage))


def _parse_up(word: str, args: list[str]) -> Command:
    usage = _usage("up")
    dealt: list[tuple[int, list[Card]]] = []
    for arg in args:
        if arg.isdigit():
            dealt.append((_seat(word, arg, usage=usage), []))
            continue
        if not dealt:
            raise CommandError(f"up: a seat number comes before the cards, got {arg!r}; {usage}")
        dealt[-1][1].extend(_cards(word, [arg], usage=usage))
    if not dealt or any(not cards for _, cards in dealt):
        raise CommandError(f"up: each seat needs its up card(s); {usage}")
    return DealUp(cards=tuple((seat, tuple(cards)) for seat, cards in dealt))


def _parse_draw(word: str, args: list[str]) -> Command:
    usage = _usage("draw")
    if word == "pat":
        if args:
            raise CommandError(f"pat takes no value, got {' '.join(args)!r}; {usage}")
        return Draw(count=0)
    if len(args) != 1:
        got = "nothing" if not args else " ".join(args)
        raise CommandError(f"draw takes the number of cards drawn, got {got!r}; {usage}")
    return Draw(count=_amount(word, args[0], what="number of cards", usage=usage))


def _parse_ask(word: str, args: list[str]) -> Command:
    usage = _usage("ask")
    if len(args) != 1:
        got = "nothing" if not args else " ".join(args)
        raise CommandError(f"ask takes the number of cards announced, got {got!r}; {usage}")
    return DeclareDraw(count=_amount(word, args[0], what="number of cards", usage=usage))


def _parse_change(word: str, args: list[str]) -> Command:
    usage = _usage("change")
    if len(args) != 2:
        got = "nothing" if not args else " ".join(args)
        raise CommandError(f"change takes a seat and the new number of cards, got {got!r}; "
                           f"{usage}")
    seat = _amount(word, args[0], what="seat", usage=usage)
    if seat < 1:
        raise CommandError(f"change: seats are numbered from 1, got {seat}; {usage}")
    return ChangeDraw(seat=seat, count=_amount(word, args[1], what="number of cards",
                                               usage=usage))


_BOARD_COUNTS = {"flop": 3, "turn": 1, "river": 1}


def _board(street: str) -> Callable[[str, list[str]], Command]:
    def parse(word: str, args: list[str]) -> Command:
        usage = _usage(street)
        cards = _cards(word, args, usage=usage)
        wanted = _BOARD_COUNTS.get(street)
        if wanted is not None and len(cards) != wanted:
            raise CommandError(f"{street} takes {wanted} card(s), got {len(cards)}; {usage}")
        if not cards:
            raise CommandError(f"{word} needs cards; {usage}")
        return Board(street=street, cards=cards)

    return parse


_VERBS: dict[str, _Verb] = {
    "sit": _Verb("sit SEAT NAME STACK", "sit 3 Alice 1500", "a player sits down", _parse_sit),
    "leave": _Verb(
        "leave SEAT", "leave 3", "a player leaves with their chips", _one_seat(Leave, "leave")
    ),
    "out": _Verb(
        "out SEAT", "out 3", "a player sits out (keeps the seat)", _one_seat(SitOut, "out")
    ),
    "in": _Verb("in SEAT", "in 3", "a player comes back", _one_seat(SitIn, "in")),
    "post": _Verb(
        "post SEAT",
        "post 3",
        "a waiting player posts a big blind to play now",
        _one_seat(PostBlind, "post"),
    ),
    "add": _Verb("add SEAT AMOUNT", "add 3 500", "chips added between hands", _parse_add),
    "correct": _Verb(
        "correct SEAT STACK [REASON]",
        "correct 3 1450 miscount",
        "set a stack right between hands",
        _parse_correct,
    ),
    "button": _Verb(
        "button SEAT",
        "button 5",
        "place the button before the next hand",
        _one_seat(PlaceButton, "button"),
    ),
    "game": _Verb(
        "game PRESET", "game NLHE 2/5", "play another preset from the next hand", _parse_game
    ),
    "hand": _Verb(
        "hand", "hand", "start the next hand (button moves, blinds posted)", _no_args(NewHand)
    ),
    "fold": _Verb("f", "f", "fold", _no_args(Fold)),
    "check": _Verb("x", "x", "check", _no_args(Check)),
    "call": _Verb("c", "c", "call", _no_args(Call)),
    "bet": _Verb("b AMOUNT", "b 40", "open the betting (street total)", _one_amount(Bet, "bet")),
    "raise": _Verb(
        "r AMOUNT", "r 60", "raise TO the amount (street total)", _one_amount(RaiseTo, "raise")
    ),
    "allin": _Verb("allin", "allin", "push every chip in", _no_args(AllIn)),
    "flop": _Verb("flop C C C", "flop Ah Kd 7c", "the flop", _board("flop")),
    "turn": _Verb("turn C", "turn 2s", "the turn", _board("turn")),
    "river": _Verb("river C", "river 9h", "the river", _board("river")),
    "board": _Verb("board CARDS", "board 5h", "community cards of other games", _board("board")),
    "show": _Verb("show SEAT CARDS", "show 3 Ah Ad", "a player shows at showdown", _parse_show),
    "muck": _Verb(
        "muck SEAT", "muck 3", "a player gives up without showing", _one_seat(Muck, "muck")
    ),
    "pay": _Verb(
        "pay", "pay", "confirm the showdown's payouts (when they wait for it)", _no_args(Pay)
    ),
    "up": _Verb(
        "up SEAT CARD [SEAT CARD ...]", "up 1 Kh 2 7c 3 2d", "stud: this street's up cards",
        _parse_up,
    ),
    "draw": _Verb(
        "draw N | pat", "draw 2", "draw games: the draw of the player due (0 or pat: stands pat)",
        _parse_draw,
    ),
    "ask": _Verb(
        "ask N", "ask 2",
        "draw games: the next player to announce says N cards (change allowed until dealt)",
        _parse_ask,
    ),
    "change": _Verb(
        "change SEAT N", "change 3 1",
        "draw games: a player changes the number announced (DR-CHANGE)", _parse_change,
    ),
    "fifth": _Verb(
        "fifth", "fifth", "draw games: the fifth card of a draw of five, after everyone",
        _no_args(FifthCard),
    ),
    "undo": _Verb("undo", "undo", "cancel the last event (kept in the journal)", _no_args(Undo)),
}

_ALIASES: dict[str, str] = {
    "f": "fold",
    "x": "check",
    "k": "check",
    "c": "call",
    "b": "bet",
    "r": "raise",
    "a": "allin",
    "all-in": "allin",
    "shove": "allin",
    "u": "undo",
    "sitout": "out",
    "sitin": "in",
    "new": "hand",
    "pat": "draw",
    "5th": "fifth",
}

#: (usage, example, meaning) of every verb, for ``help`` and the docs.
COMMAND_HELP: tuple[tuple[str, str, str], ...] = tuple(
    (entry.usage, entry.example, entry.meaning) for entry in _VERBS.values()
)


def parse_command(line: str) -> Command:
    """Read one dealer command line.

    Args:
        line: The text typed or sent by a console button, e.g. ``"r 60"``.

    Returns:
        The frozen command.

    Raises:
        CommandError: the line cannot be read; the message names the problem and the fix.

    """
    first = line.split(None, 1)
    if first and first[0].lower() == "overrule":
        # A floor reason is free text ("player didn't see the bet"): never shell-split it.
        from dealerassist.session.reports import parse_report

        return parse_report(line)  # type: ignore[return-value]
    try:
        words = shlex.split(line, comments=True)
    except ValueError as error:
        raise CommandError(f"cannot read {line!r}: {error}") from None
    if not words:
        raise CommandError("empty command; type a command such as 'hand', 'c' or 'r 60'")
    word = words[0].lower()
    verb = _ALIASES.get(word, word)
    entry = _VERBS.get(verb)
    if entry is None:
        # Irregularity reports and rulings (session/reports.py, docs/irregularities.md).
        from dealerassist.session.reports import parse_report

        report = parse_report(line)
        if report is not None:
            return report  # type: ignore[return-value]
        known = sorted(set(_VERBS) | set(_ALIASES))
        close = difflib.get_close_matches(word, known, n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        raise CommandError(
            f"unknown command {words[0]!r}{hint} (commands: {', '.join(sorted(_VERBS))})"
        )
    return entry.parse(word, words[1:])
