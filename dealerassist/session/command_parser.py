"""The dealer command language's reader: one short line into one frozen command.

Each verb is one row of a table (`_VERBS`): its help line, the command it builds and how
each of its words is read (a seat, chips, a name, free text, cards). ``draw``/``pat``,
``up`` and the board verbs bring their own readers. A line that cannot be read raises
`CommandError` naming the problem and the fix; irregularity reports and rulings are read
by `dealerassist.session.reports`.
"""

from __future__ import annotations

import difflib
import re
import shlex
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, replace
from enum import StrEnum, unique

from dealerassist.cards import Card, parse_cards
from dealerassist.errors import InvalidCardError
from dealerassist.limits import MAX_CHIPS, MAX_LINE, MAX_NAME, chips_too_large, shown
from dealerassist.session.command_types import (
    AddChips,
    AllIn,
    Bet,
    Board,
    Call,
    ChangeDraw,
    Check,
    Command,
    CommandError,
    CorrectStack,
    DealUp,
    DeclareDraw,
    Draw,
    FifthCard,
    Fold,
    KeepOpeners,
    Leave,
    Muck,
    NewHand,
    Pay,
    PlaceButton,
    PostBlind,
    RaiseTo,
    Rap,
    Reshuffle,
    SelectGame,
    Show,
    Sit,
    SitIn,
    SitOut,
    Undo,
)

__all__ = ["COMMAND_HELP", "parse_command"]


@unique
class _Kind(StrEnum):
    """How one word (or the rest of the line) of a command is read."""

    SEAT = "seat"
    """A seat number, from 1."""
    CHIPS = "chips"
    """A whole number, not negative: an amount, a stack, a number of cards."""
    NAME = "name"
    """A player name: any word that is not a number."""
    TEXT = "text"
    """The rest of the line as free text."""
    CARDS = "cards"
    """The rest of the line as cards."""


_REST = (_Kind.TEXT, _Kind.CARDS)


@dataclass(frozen=True, slots=True)
class _Field:
    """One value of a command: the dataclass field it fills and how its word is read.

    Attributes:
        name: The command dataclass field.
        kind: How the word is read.
        what: How a bad number is named in the message ("amount", "stack").
        below_one: The end of the message for seat 0 ({raw}: as typed, {value}: as read).
        optional: The rest of the line may be empty (a correction's reason).

    """

    name: str
    kind: _Kind
    what: str = ""
    below_one: str = "not {raw!r}"
    optional: bool = False


_SEAT = _Field("seat", _Kind.SEAT, "seat")
_AMOUNT = _Field("amount", _Kind.CHIPS, "amount")
_STACK = _Field("stack", _Kind.CHIPS, "stack")
_COUNT = _Field("count", _Kind.CHIPS, "number of cards")
_NAME = _Field("name", _Kind.NAME)


@dataclass(frozen=True, slots=True)
class _Verb:
    """One verb of the language: its help line and how its words are read.

    A verb either names its command and fields (read by `_read_fields`) or brings its own
    ``parse`` (``draw`` reads ``pat`` itself, then hands the rest to `_read_fields`). With
    a last field taking the rest of the line, a line too short is refused with ``needs``
    ("show needs a seat and the cards shown"); otherwise a line with another number of
    words is refused with ``takes`` (by default "N value(s)").
    """

    usage: str
    example: str
    meaning: str
    _: KW_ONLY
    make: Callable[..., Command] | None = None
    fields: tuple[_Field, ...] = ()
    takes: str = ""
    needs: str = ""
    parse: Callable[[str, list[str]], Command] | None = None

    def read(self, word: str, args: list[str]) -> Command:
        """Return the command of ``word`` (the verb as typed) and its ``args``."""
        if self.parse is not None:
            return self.parse(word, args)
        return _read_fields(self, word, args)


_NUMBER = re.compile(r"[0-9]+")


def _amount(word: str, raw: str, *, what: str, usage: str) -> int:
    text = raw.strip()
    if _NUMBER.fullmatch(text):
        if chips_too_large(text):
            # Refused before int(): a number of thousands of digits is no table's chips.
            raise CommandError(f"{word}: {what} {shown(text)} is too large (at most "
                               f"{MAX_CHIPS}); {usage}")
        return int(text)
    if re.fullmatch(r"[0-9]*[.,][0-9]+", text):
        raise CommandError(f"{word}: {what} {raw!r} is not a whole number of chips; {usage}")
    if text.startswith("-"):
        raise CommandError(f"{word}: {what} cannot be negative ({raw!r}); {usage}")
    raise CommandError(f"{word}: {what} {raw!r} is not a number; {usage}")


def _seat(word: str, raw: str, *, usage: str, below_one: str = _SEAT.below_one) -> int:
    seat = _amount(word, raw, what="seat", usage=usage)
    if seat < 1:
        ending = below_one.format(raw=raw, value=seat)
        raise CommandError(f"{word}: seats are numbered from 1, {ending}; {usage}")
    return seat


def _cards(word: str, words: list[str], *, usage: str) -> tuple[Card, ...]:
    try:
        return parse_cards(" ".join(words))
    except InvalidCardError as error:
        raise CommandError(f"{word}: {error}; {usage}") from None


def _faces(word: str, words: list[str], *, usage: str) -> tuple[Card, ...]:
    """Read cards turned face up: each one is seen, so each is named (no ``??``)."""
    cards = _cards(word, words, usage=usage)
    if any(card.is_unknown for card in cards):
        raise CommandError(f"{word}: a card turned face up is named, not '??' (HE-STREETS: "
                           f"the dealer sees it); {usage}")
    return cards


def _usage(verb: str) -> str:
    return _usage_of(_VERBS[verb])


def _usage_of(entry: _Verb) -> str:
    return f"usage: {entry.usage}, e.g. {entry.example}"


def _read_fields(entry: _Verb, word: str, args: list[str]) -> Command:
    """Read ``args`` into the fields of ``entry``'s command, refusing a line that does not fit.

    A player name is read before the numbers (a name typed where the seat goes is the
    likelier slip, and its message says so); the other words are read left to right.
    """
    assert entry.make is not None  # a verb without a command brings its own parse
    if not entry.fields:
        if args:
            raise CommandError(f"{word} takes no value, got {' '.join(args)!r}")
        return entry.make()
    usage = _usage_of(entry)
    rest = entry.fields[-1].kind in _REST
    if rest:
        least = sum(1 for field in entry.fields if not field.optional)
        if len(args) < least:
            raise CommandError(f"{word} needs {entry.needs}; {usage}")
    elif len(args) != len(entry.fields):
        takes = entry.takes or f"{len(entry.fields)} value(s)"
        got = "nothing" if not args else " ".join(args)
        raise CommandError(f"{word} takes {takes}, got {got!r}; {usage}")
    values: dict[str, object] = {}
    in_order = sorted(enumerate(entry.fields), key=lambda item: item[1].kind is not _Kind.NAME)
    for position, field in in_order:
        values[field.name] = _field_value(word, field, args[position:], usage=usage)
    return entry.make(**values)


def _field_value(word: str, field: _Field, args: list[str], *, usage: str) -> object:
    """Read one field from ``args`` (its word first; a rest field takes them all)."""
    if field.kind is _Kind.TEXT:
        return " ".join(args)
    if field.kind is _Kind.CARDS:
        return _cards(word, args, usage=usage)
    if field.kind is _Kind.SEAT:
        return _seat(word, args[0], usage=usage, below_one=field.below_one)
    if field.kind is _Kind.CHIPS:
        return _amount(word, args[0], what=field.what, usage=usage)
    name = args[0].strip()
    if not name or _NUMBER.fullmatch(name):
        raise CommandError(f"{word}: {name!r} is not a player name; {usage}")
    if len(name) > MAX_NAME:
        raise CommandError(f"{word}: a player name has at most {MAX_NAME} characters, "
                           f"not {len(name)}; {usage}")
    unprintable = next((c for c in name if not c.isprintable()), None)
    if unprintable is not None:
        # A control or invisible character would corrupt the exported history (PHH) and
        # cannot be seen on the seat plate: a name is printable text.
        raise CommandError(f"{word}: a player name is printable text; {name!r} holds "
                           f"U+{ord(unprintable):04X}; {usage}")
    return name


def _parse_up(word: str, args: list[str]) -> Command:
    usage = _usage("up")
    dealt: list[tuple[int, list[Card]]] = []
    for arg in args:
        if arg.isdigit():
            dealt.append((_seat(word, arg, usage=usage), []))
            continue
        if not dealt:
            raise CommandError(f"up: a seat number comes before the cards, got {arg!r}; {usage}")
        dealt[-1][1].extend(_faces(word, [arg], usage=usage))
    if not dealt or any(not cards for _, cards in dealt):
        raise CommandError(f"up: each seat needs its up card(s); {usage}")
    return DealUp(cards=tuple((seat, tuple(cards)) for seat, cards in dealt))


def _parse_draw(word: str, args: list[str]) -> Command:
    if word == "pat":
        if args:
            raise CommandError(f"pat takes no value, got {' '.join(args)!r}; {_usage('draw')}")
        return Draw(count=0)
    return _read_fields(_VERBS["draw"], word, args)


def _parse_game(rest: str) -> Command:
    """Read ``game PRESET``: the preset's name as typed, quoted or not, or its number.

    An apostrophe in a name is no quote (``game Limit Hold'em 10/20``); ``game 3`` names the
    third preset of the rules file, resolved by the session.
    """
    text = re.split(r"\s#", rest, maxsplit=1)[0].strip()
    if text[:1] in ("'", '"'):
        try:
            words = shlex.split(text)
        except ValueError:
            words = []
        if len(words) == 1:
            text = words[0].strip()
    if not text:
        raise CommandError(f"game needs a preset name from rules.yaml; "
                           f"{_usage('game')}")
    return SelectGame(preset=text)


_BOARD_COUNTS = {"flop": 3, "turn": 1, "river": 1}


def _board(street: str) -> Callable[[str, list[str]], Command]:
    def parse(word: str, args: list[str]) -> Command:
        usage = _usage(street)
        cards = _faces(word, args, usage=usage)
        wanted = _BOARD_COUNTS.get(street)
        if wanted is not None and len(cards) != wanted:
            raise CommandError(f"{street} takes {wanted} card(s), got {len(cards)}; {usage}")
        if not cards:
            raise CommandError(f"{word} needs cards; {usage}")
        return Board(street=street, cards=cards)

    return parse


_VERBS: dict[str, _Verb] = {
    "sit": _Verb("sit SEAT NAME STACK", "sit 3 Alice 1500", "a player sits down",
                 make=Sit, fields=(_SEAT, _NAME, _STACK)),
    "leave": _Verb("leave SEAT", "leave 3", "a player leaves with their chips",
                   make=Leave, fields=(_SEAT,)),
    "out": _Verb("out SEAT", "out 3", "a player sits out (keeps the seat)",
                 make=SitOut, fields=(_SEAT,)),
    "in": _Verb("in SEAT", "in 3", "a player comes back", make=SitIn, fields=(_SEAT,)),
    "post": _Verb("post SEAT", "post 3", "a waiting player posts a big blind to play now",
                  make=PostBlind, fields=(_SEAT,)),
    "add": _Verb("add SEAT AMOUNT", "add 3 500", "chips added between hands",
                 make=AddChips, fields=(_SEAT, _AMOUNT)),
    "correct": _Verb("correct SEAT STACK [REASON]", "correct 3 1450 miscount",
                     "set a stack right between hands", make=CorrectStack,
                     fields=(_SEAT, _STACK, _Field("reason", _Kind.TEXT, optional=True)),
                     needs="a seat and the right stack"),
    "button": _Verb("button SEAT", "button 5", "place the button before the next hand",
                    make=PlaceButton, fields=(_SEAT,)),
    "game": _Verb("game PRESET", "game NLHE 2/5", "play another preset from the next hand",
                  make=SelectGame, fields=(_Field("preset", _Kind.TEXT),),
                  needs="a preset name from rules.yaml"),
    "hand": _Verb("hand", "hand", "start the next hand (button moves, blinds posted)",
                  make=NewHand),
    "fold": _Verb("f", "f", "fold", make=Fold),
    "check": _Verb("x", "x", "check", make=Check),
    "call": _Verb("c", "c", "call", make=Call),
    "bet": _Verb("b AMOUNT", "b 40", "open the betting (street total)",
                 make=Bet, fields=(_AMOUNT,)),
    "raise": _Verb("r AMOUNT", "r 60", "raise TO the amount (street total)",
                   make=RaiseTo, fields=(_AMOUNT,)),
    "allin": _Verb("allin", "allin", "push every chip in", make=AllIn),
    "flop": _Verb("flop CARD CARD CARD", "flop Ah Kd 7c", "the flop", parse=_board("flop")),
    "turn": _Verb("turn CARD", "turn 2s", "the turn", parse=_board("turn")),
    "river": _Verb("river CARD", "river 9h", "the river", parse=_board("river")),
    "board": _Verb("board CARDS", "board 5h", "community cards of other games",
                   parse=_board("board")),
    "show": _Verb("show SEAT CARDS", "show 3 Ah Ad", "a player shows at showdown",
                  make=Show, fields=(_SEAT, _Field("cards", _Kind.CARDS)),
                  needs="a seat and the cards shown"),
    "muck": _Verb("muck SEAT", "muck 3", "a player gives up without showing",
                  make=Muck, fields=(_SEAT,)),
    "pay": _Verb("pay", "pay", "confirm the showdown's payouts (when they wait for it)",
                 make=Pay),
    "up": _Verb("up SEAT CARD [SEAT CARD ...]", "up 1 Kh 2 7c 3 2d",
                "stud: this street's up cards", parse=_parse_up),
    "draw": _Verb("draw N | pat", "draw 2",
                  "draw games: the draw of the player due (0 or pat: stands pat)",
                  make=Draw, fields=(_COUNT,), takes="the number of cards drawn",
                  parse=_parse_draw),
    "ask": _Verb("ask N", "ask 2", "draw games: the next player to announce says N cards "
                 "(change allowed until dealt)",
                 make=DeclareDraw, fields=(_COUNT,), takes="the number of cards announced"),
    # DR-CHANGE: seat 0 is named as read ("got 0"), as this message always has.
    "change": _Verb("change SEAT N", "change 3 1",
                    "draw games: a player changes the number announced (DR-CHANGE)",
                    make=ChangeDraw, fields=(replace(_SEAT, below_one="got {value}"), _COUNT),
                    takes="a seat and the new number of cards"),
    "fifth": _Verb("fifth", "fifth", "draw games: the fifth card of a draw of five, after everyone",
                   make=FifthCard),
    "rap": _Verb("rap", "rap", "the player in turn raps the table: a check, or pat when due to "
                 "draw (DR-RAP)", make=Rap),
    "reshuffle": _Verb("reshuffle", "reshuffle",
                       "draw games: the stub ran out; the others' discards are shuffled (DR-DRAW)",
                       make=Reshuffle),
    "keep": _Verb("keep SEAT", "keep 5",
                  "jacks or better: seat 5 asks that the opener keeps the opening hand, shown "
                  "after the pot (JB-KEEP)", make=KeepOpeners, fields=(_SEAT,)),
    "undo": _Verb("undo", "undo", "cancel the last event (kept in the journal)", make=Undo),
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
    if len(line) > MAX_LINE:
        # Refused before any reading: a megabyte line would cost the readers below (shlex,
        # the spelling hints) far more than a dealer's line ever does.
        raise CommandError(f"line too long: {len(line)} characters (at most {MAX_LINE}); "
                           "one command per line")
    first = line.split(None, 1)
    if first and first[0].lower() == "game":
        return _parse_game(first[1] if len(first) > 1 else "")
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
    return entry.read(word, words[1:])
