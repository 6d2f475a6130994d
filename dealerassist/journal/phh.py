"""Poker Hand History (PHH) files: read into a frozen `HandHistory`, replay, and write back.

Reading: the TOML is parsed with decimals kept exact (``parse_float=Decimal``, never a float);
every amount of a hand is scaled by the same power of ten so the engine sees integers
(``1259450.25`` becomes ``125945025`` with ``scale`` 100), and `format_amount` prints them
back exactly.

Replaying (design, "Hand histories"): a hand history was played under its own room's
rules, so `replay` uses the PHH profile (`dealerassist.rules.phh_profile`) unless told
otherwise. Each recorded action is verified; one that breaks the rules in force is applied
as recorded and listed as a flag with its rule ID; only an action that cannot be applied at
all (more chips than the stack, a card already dealt, a card where none is due) is an error
(`HandHistoryError`). An action recorded for a player who is not the one to act is flagged
IRR-OUT-OF-TURN and never leaves the hand unplayable: it waits for its turn when the players
it skips act later in the round (the file wrote the actions out of order), or, as in PHH's
reference implementation, each player skipped is taken to check (or, facing a bet, fold);
`replay` tries the other reading of such places before refusing a hand (docs/engine.md).

Writing: `to_phh` turns a hand's setup and events back into PHH text (for
``dealerassist export``).
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from dealerassist.cards import Card, format_cards, parse_cards
from dealerassist.engine import (
    BetPlaced,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    CardsShown,
    Checked,
    Event,
    Folded,
    HandSetup,
    HandState,
    HoleCardsDealt,
    LegalActions,
    Mucked,
    Phase,
    RaisedTo,
    Settlement,
    evolve,
    evolver,
    legal_actions,
    new_hand,
    settlement,
    verify_event,
)
from dealerassist.engine.betting import must_open_double, opens_double, raise_allowed
from dealerassist.engine.dealing import deal_in_turn
from dealerassist.engine.draws import can_draw
from dealerassist.engine.wagers import bring_in_due
from dealerassist.errors import DealerAssistError, HandHistoryError, IllegalActionError
from dealerassist.games import GAMES, GameSpec
from dealerassist.limits import MAX_CHIPS, MAX_CHIPS_DIGITS, shown
from dealerassist.records import quick_init
from dealerassist.rules.model import HouseRules, RakeBase, RakeRules
from dealerassist.rules.profiles import phh_profile

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "Decision",
    "Flag",
    "HandHistory",
    "ReplayResult",
    "format_amount",
    "load_phh",
    "parse_phh",
    "replay",
    "to_phh",
]

_AMOUNT_FIELDS = ("antes", "blinds_or_straddles", "starting_stacks")
# ``_carried`` is a project extension (a leading underscore marks user fields in PHH): dead
# money carried into this deal from a passed-out one (JB-NO-OPEN, IRR-JB-FALSE).
_SCALAR_AMOUNTS = ("min_bet", "small_bet", "big_bet", "bring_in", "_carried", "_rake_cap",
                   "_rake_rounding_step")
# The house rake (RAKE-RATE, RAKE-NFND) as user-defined fields, written by `to_phh` and
# applied by `replay` when no house rules are given (docs/engine.md, "Rake in PHH").
_RAKE_FIELDS = ("_rake_percent", "_rake_cap", "_rake_rounding_step", "_rake_no_flop_no_drop",
                "_rake_base")
# A stack a hand history does not know (``inf`` in ``starting_stacks``): one so large that it
# never runs out; reported as unknown.
UNKNOWN_STACK = 10**30
_INT_ONLY = {int}
_STR_ONLY = {str}
_KNOWN_FIELDS = frozenset({*_AMOUNT_FIELDS, *_SCALAR_AMOUNTS, *_RAKE_FIELDS, "variant", "actions",
                           "ante_trimming_status", "players"})


@quick_init
@dataclass(frozen=True, slots=True)
class HandHistory:
    """One PHH hand, amounts scaled to integers (``value / scale`` is the file's amount).

    Attributes:
        variant: the PHH variant code.
        antes: antes per player as written (heads-up arrays are in PHH order, not applied).
        blinds_or_straddles: blinds/straddles per player as written.
        starting_stacks: stacks per player.
        min_bet / small_bet / big_bet / bring_in: stakes (0 when absent).
        ante_trimming_status: PHH's flag for returning unmatched antes.
        actions: the action strings, comments removed.
        scale: the power of ten amounts were multiplied by.
        players: player names, when given.
        fields: every other field of the file, as read.
        action_lines: the file's line number of each action (0 where unknown), for
            errors that name where the action is.
        steps: each action split into its words.
        unknown_stacks: the players whose starting stack is ``inf`` (not recorded): they
            play with `UNKNOWN_STACK`, which never runs out, and their stacks are unknown.
        rake: the house rake written in the file's ``_rake_*`` fields, or None.

    """

    variant: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    bring_in: int = 0
    carried: int = 0
    ante_trimming_status: bool = False
    scale: int = 1
    players: tuple[str, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=dict)
    steps: tuple[tuple[str, ...], ...] = ()
    action_lines: tuple[int, ...] = ()
    unknown_stacks: tuple[int, ...] = ()
    rake: RakeRules | None = None

    @property
    def game(self) -> GameSpec:
        """The variant's spec (HandHistoryError if unknown)."""
        try:
            return GAMES[self.variant]
        except KeyError:
            raise HandHistoryError(f"unknown variant {self.variant!r}") from None

    def setup(self, rules: HouseRules) -> HandSetup:
        """Return the engine's setup for this hand under ``rules``."""
        try:
            return HandSetup.from_phh_fields(
                game=self.game,
                stacks=self.starting_stacks,
                antes=self.antes,
                blinds_or_straddles=self.blinds_or_straddles,
                min_bet=self.min_bet,
                small_bet=self.small_bet,
                big_bet=self.big_bet,
                bring_in=self.bring_in,
                ante_trimming=self.ante_trimming_status,
                carried=self.carried,
                rules=rules,
            )
        except ValueError as error:
            raise HandHistoryError(str(error)) from None


@dataclass(frozen=True, slots=True)
class Flag:
    """A recorded action that breaks the rules in force, applied anyway."""

    rule_id: str
    message: str


@dataclass(frozen=True, slots=True)
class Decision:
    """The limits at one betting decision (``--trace``); None where no bet/raise allowed."""

    actor: int
    to_call: int
    min_raise_to: int | None
    max_raise_to: int | None


@quick_init
@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What a replay produced."""

    history: HandHistory
    state: HandState
    settlement: Settlement | None
    flags: tuple[Flag, ...]
    decisions: tuple[Decision, ...]
    events: tuple[Event, ...]

    @property
    def final_stacks(self) -> tuple[int, ...]:
        """Stacks at the end (scaled units)."""
        return self.state.stacks


# ----- reading -------------------------------------------------------------------------


def load_phh(path: str | Path) -> HandHistory:
    """Read a PHH file.

    Raises:
        HandHistoryError: the file cannot be read or is not a valid PHH hand (names the file).

    """
    try:
        # Bytes, then text: a third cheaper than text mode.
        text = _read(path).decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise HandHistoryError(f"cannot read: {error}", path=str(path)) from None
    if "\r" in text:  # the universal newlines of text mode: \r\n and \r read as \n
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        return parse_phh(text)
    except HandHistoryError as error:
        raise HandHistoryError(error.detail, path=str(path)) from None


_READ_SIZE = 1 << 16  # a PHH file is read in one call, a longer one in calls of this size


def _read(path: str | Path) -> bytes:
    """Return a file's bytes: opened, read to its end and closed, with no file object.

    What ``open(path, "rb").read()`` returns and raises (a folder named in the message as
    `open` names it), in four system calls rather than seven.
    """
    fd = os.open(path, os.O_RDONLY)
    try:
        data = os.read(fd, _READ_SIZE)
        if data:
            chunks = [data]
            while chunk := os.read(fd, _READ_SIZE):
                chunks.append(chunk)
            if len(chunks) > 1:
                data = b"".join(chunks)
    except IsADirectoryError as error:  # a folder opens, then refuses to be read
        raise IsADirectoryError(error.errno, error.strerror, os.fspath(path)) from None
    finally:
        os.close(fd)
    return data


def _places(value: Any) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return 0
    if isinstance(value, Decimal):
        exponent = value.normalize().as_tuple().exponent
        return max(0, -int(exponent)) if isinstance(exponent, int) else 0
    raise HandHistoryError(f"expected an amount, got {value!r}")


def _strip_comment(action: str) -> str:
    if "#" in action:
        action = action.split("#", 1)[0]
    return action.strip()


# One significant token per match, whitespace and comments before it skipped; the last
# group catches any other character, so nothing is silently skipped (then tomllib decides).
_TOKEN = re.compile(
    r"""(?:[ \t\r\n]+|\#[^\n]*)*
    (?:("[^"\\\n]*"|'[^'\n]*')
      |([+-]?[0-9]+(?:\.[0-9]+)?)(?![\w.:+-])
      |(true|false)(?![\w-])
      |([A-Za-z_][A-Za-z0-9_-]*)
      |([=\[\],])
      |([^ \t\r\n])
      |\Z)""",
    re.VERBOSE | re.DOTALL,
)


_MAX_NUMBER_TEXT = 40  # longer numbers are no chip amounts (MAX_CHIPS, scaled)
_VERBS = ("f", "cc", "cbr", "pb", "sm", "sd")  # the player actions PHH defines
_BETTING_VERBS = frozenset(("f", "cc", "cbr", "pb"))
# IRR-OUT-OF-TURN: how many readings of a hand's actions out of turn `replay` tries at most.
_MOST_READINGS = 32


def _fast_toml(text: str) -> dict[str, Any] | None:
    """Parse the flat TOML subset PHH files use (``key = value``, arrays, comments).

    Returns None on anything outside that subset (tables, escapes, dates, duplicate keys),
    and the caller then uses `tomllib`, so the result is always tomllib's. Floats are
    Decimals, as with ``parse_float=Decimal``. Several times faster than tomllib on PHH.
    """
    tokens = _TOKEN.findall(text)
    data: dict[str, Any] = {}
    stack: list[list[Any]] = []
    key: str | None = None
    expect_value = False
    for string, number, boolean, name, punct, other in tokens:
        if other:
            return None
        if punct:
            if punct == "=":
                if key is None or expect_value or stack:
                    return None
                expect_value = True
                continue
            if not expect_value:
                return None
            if punct == "[":
                stack.append([])
                continue
            if punct == ",":
                if not stack:
                    return None
                continue
            if not stack:  # "]"
                return None
            item: Any = stack.pop()
        elif name:
            if expect_value or stack:
                return None
            if name in data:
                return None
            key = name
            continue
        elif string:
            item = string[1:-1]
        elif number:
            if len(number) > _MAX_NUMBER_TEXT:
                return None  # tomllib reads it (or refuses it) and parse_phh bounds it
            item = Decimal(number) if "." in number else int(number)
        elif boolean:
            item = boolean == "true"
        else:  # trailing whitespace or comment at the very end
            continue
        if not expect_value:
            return None
        if stack:
            stack[-1].append(item)
        else:
            data[key] = item  # type: ignore[index]
            key = None
            expect_value = False
    if stack or expect_value or key is not None:
        return None
    return data


_BARE_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_STRING_ITEMS = re.compile(r"""\[(?:[ \t]*(?:'[^'\n]*'|"[^"\\\n]*")[ \t]*,)*"""
                           r"""(?:[ \t]*(?:'[^'\n]*'|"[^"\\\n]*"))?[ \t]*\]""")
_STRING_ITEM = re.compile(r"'([^'\n]*)'|\"([^\"\\\n]*)\"")
# An array of whole numbers of at most `_MAX_NUMBER_TEXT` digits each, one ", " between
# them and no other space: read by splitting (the other arrays are read item by item).
_DIGITS = f"[0-9]{{1,{_MAX_NUMBER_TEXT}}}"
_INT_ARRAY = re.compile(rf"\[{_DIGITS}(?:, {_DIGITS})*\]").fullmatch


def _line_value(value: str) -> Any:
    """One value of `_line_toml`; `_NO_VALUE` where it is not of the plainest kind."""
    if not value:
        return _NO_VALUE
    first = value[0]
    if first == "'" or first == '"':
        inner = value[1:-1]
        if len(value) < 2 or value[-1] != first or first in inner or "\\" in inner:
            return _NO_VALUE
        return inner
    if value.isdigit() and value.isascii():
        return int(value) if len(value) <= _MAX_NUMBER_TEXT else _NO_VALUE
    if value == "true" or value == "false":
        return value == "true"
    whole, dot, part = value.partition(".")
    if (dot and whole.isdigit() and part.isdigit() and value.isascii()
            and len(value) <= _MAX_NUMBER_TEXT):
        return Decimal(value)
    return _NO_VALUE


_NO_VALUE = object()


def _line_toml(text: str) -> tuple[dict[str, Any], int] | None:
    """Read a PHH file written one ``key = value`` a line, as pokerkit and `to_phh` write it.

    Returns the data and the line of the ``actions`` key (every action is on it), or None
    on anything else (a comment, a value over several lines, a sign, an escape, ``inf``
    ...), and the caller then uses `_fast_toml`. What it accepts it reads exactly as
    `_fast_toml` does: it only skips that reader's token loop, the bulk of reading a file.
    """
    if "#" in text:  # a comment (or a "#" in a string): `_fast_toml` reads it
        return None
    data: dict[str, Any] = {}
    actions_line = 0
    for number, line in enumerate(text.split("\n"), 1):
        key, equals, value = line.partition("=")
        if not equals:
            if line.strip(" \t\r"):
                return None
            continue
        key = key.strip(" \t")
        value = value.strip(" \t\r")
        if not value or key in data or (key not in _KNOWN_FIELDS
                                        and not _BARE_KEY.fullmatch(key)):
            return None
        if value[0] == "[":
            if value[-1] != "]":
                return None
            if value[:2] == "['" and value[-2:] == "']" and value.count("'") == 2 * (
                    value.count("', '") + 1):
                # pokerkit's way, ['a', 'b']: split at the separators; as many quotes as
                # two per item means none is inside an item, so these are the items.
                items = value[2:-2].split("', '")
            elif "'" in value or '"' in value:
                if not _STRING_ITEMS.fullmatch(value):
                    return None
                items: list[Any] = [single or double
                                    for single, double in _STRING_ITEM.findall(value)]
            elif _INT_ARRAY(value):
                # pokerkit's way, [1, 2]: whole numbers joined by ", " only.
                items = list(map(int, value[1:-1].split(", ")))
            else:
                inner = value[1:-1].strip(" \t")
                words = [word.strip(" \t") for word in inner.split(",")] if inner else []
                joined = "".join(words)
                if joined.isdigit() and joined.isascii() and "" not in words and max(
                        map(len, words)) <= _MAX_NUMBER_TEXT:
                    items = list(map(int, words))  # whole numbers only: the usual arrays
                else:
                    items = []
                    for word in words:
                        item = _line_value(word)
                        if item is _NO_VALUE or type(item) is str:
                            return None
                        items.append(item)
            data[key] = items
        else:
            item = _line_value(value)
            if item is _NO_VALUE:
                return None
            data[key] = item
        if key == "actions":
            actions_line = number
    return data, actions_line


def parse_phh(text: str) -> HandHistory:
    """Parse PHH text (TOML) into a `HandHistory` with integer amounts.

    Raises:
        HandHistoryError: bad TOML, a missing field, or an amount that is not a number.

    """
    read = _line_toml(text)
    if read is not None:
        data, actions_line = read
    else:
        data, actions_line = _fast_toml(text), -1
    if data is None:
        import tomllib  # only for what the fast reader leaves (tables, escapes...)

        try:
            data = tomllib.loads(text, parse_float=Decimal)
        except tomllib.TOMLDecodeError as error:
            raise HandHistoryError(f"not valid TOML: {error}") from None
        except ValueError:  # an integer of thousands of digits (int's own limit)
            raise HandHistoryError(f"a number is too large: amounts hold at most "
                                   f"{MAX_CHIPS} chips") from None
    for name in ("variant", "starting_stacks", "actions"):
        if name not in data:
            raise HandHistoryError(f"missing field {name!r}")
    variant = data["variant"]
    if not isinstance(variant, str):
        raise HandHistoryError(f"variant must be text, not {variant!r}")
    actions = data["actions"]
    if not isinstance(actions, list) or (set(map(type, actions)) - _STR_ONLY and not all(
            isinstance(a, str) for a in actions)):
        raise HandHistoryError("actions must be a list of strings")
    if actions_line >= 0:  # the line reader's: no "#" in the file, so no comment to cut
        cleaned = tuple(filter(None, map(str.strip, actions)))
    else:
        cleaned = tuple([kept for a in actions
                         if (kept := a.strip() if "#" not in a else _strip_comment(a))])
    places = 0
    amounts: dict[str, Any] = {}
    for name in _AMOUNT_FIELDS:
        values = data.get(name, [])
        if not isinstance(values, list):
            raise HandHistoryError(f"{name} must be a list of amounts")
        amounts[name] = values
        if set(map(type, values)) - _INT_ONLY:  # whole chips have no decimal places
            for value in values:
                if type(value) is not int:
                    places = max(places, _places(value))
    present = [name for name in _SCALAR_AMOUNTS if name in data]  # the stakes written
    for name in present:
        value = data[name]
        if type(value) is not int:
            places = max(places, _places(value))
    split = list(map(str.split, cleaned))
    if actions_line < 0:
        lines = _action_lines(text, actions)
    else:  # every action is on the ``actions`` line (`_line_toml`), as `_action_lines` finds
        lines = (actions_line,) * len(cleaned)

    def at(k: int) -> str:  # where action k is, for a message
        return f"line {lines[k]}: " if k < len(lines) and lines[k] else ""

    # The bets and raises (``pN cbr AMOUNT``): the only actions holding an amount.
    bets = [k for k, parts in enumerate(split) if len(parts) >= 3 and parts[1] == "cbr"]
    for k in bets:
        amount = split[k][2]
        if len(amount) > _MAX_NUMBER_TEXT:
            raise HandHistoryError(f"{at(k)}action '{' '.join(split[k][:2])} ...': amount "
                                   f"{shown(amount)} is too large (at most {MAX_CHIPS})")
        if not (amount.isascii() and amount.isdigit()):
            try:
                places = max(places, _places(Decimal(amount)))
            except InvalidOperation:
                raise HandHistoryError(f"{at(k)}bad amount in action {cleaned[k]!r}") from None
    scale = 10**places

    def scaled(value: Any, what: str) -> int:
        if scale == 1 and type(value) is int:
            chips = value
        else:
            exact = Decimal(value) * scale
            if exact != exact.to_integral_value():
                raise HandHistoryError(f"{what}: amount {value} is finer than the hand's unit")
            chips = int(exact)
        if abs(chips) > MAX_CHIPS:
            raise HandHistoryError(f"{what}: amount {shown(str(value))} is too large (at "
                                   f"most {MAX_CHIPS} in the hand's unit)")
        return chips

    n = len(amounts["starting_stacks"])
    if n < 2:
        raise HandHistoryError("starting_stacks needs at least two players")
    arrays = {}
    unknown: tuple[int, ...] = ()
    for name in _AMOUNT_FIELDS:
        values = amounts[name] or [0] * n
        if len(values) != n:
            raise HandHistoryError(f"{name} has {len(values)} entries for {n} players")
        other = set(map(type, values)) - _INT_ONLY
        if other and any(_infinite(v) for v in values):
            if name != "starting_stacks":
                raise HandHistoryError(f"{name}: an amount cannot be infinite")
            # Unknown stacks (``inf``): a stack that never runs out, past MAX_CHIPS on
            # purpose (no chips of the file reach it).
            unknown = tuple(i for i, v in enumerate(values) if _infinite(v))
            arrays[name] = tuple(UNKNOWN_STACK if _infinite(v) else scaled(v, name)
                                 for v in values)
            continue
        if scale == 1 and not other and (
                -MAX_CHIPS <= min(values) and max(values) <= MAX_CHIPS):
            arrays[name] = tuple(values)  # whole chips in range: what `scaled` gives
            continue
        arrays[name] = tuple(scaled(v, name) for v in values)
    for name in present:
        if _infinite(data[name]):
            raise HandHistoryError(f"{name}: an amount cannot be infinite")
    scalars = dict.fromkeys(_SCALAR_AMOUNTS, 0)
    for name in present:
        scalars[name] = scaled(data[name], name)
    rake = _rake_of(data, scalars)
    converted = list(cleaned) if scale != 1 else cleaned  # amounts in whole chips: as read
    for k in bets:
        action, parts = cleaned[k], split[k]
        if scale != 1:
            parts[2] = str(scaled(Decimal(parts[2]), f"{at(k)}action {action!r}"))
            converted[k] = " ".join(parts)  # type: ignore[index]
        elif len(parts[2]) >= MAX_CHIPS_DIGITS:
            scaled(Decimal(parts[2]), f"{at(k)}action {action!r}")  # over MAX_CHIPS: refused
    known = _KNOWN_FIELDS
    players = data.get("players", [])
    return HandHistory(
        variant=variant,
        antes=arrays["antes"],
        blinds_or_straddles=arrays["blinds_or_straddles"],
        starting_stacks=arrays["starting_stacks"],
        actions=tuple(converted),
        steps=tuple(map(tuple, split)),
        ante_trimming_status=bool(data.get("ante_trimming_status", False)),
        scale=scale,
        players=tuple([str(p) for p in players]) if isinstance(players, list) and players
        else (),
        fields={k: v for k, v in data.items() if k not in known},
        carried=scalars.pop("_carried"),
        action_lines=lines,
        unknown_stacks=unknown,
        rake=rake,
        **scalars,
    )


def _action_lines(text: str, actions: list[str]) -> tuple[int, ...]:
    """Return the file's line number of each non-empty action, 0 where it is not found.

    Each action's text is looked for, in order, after the ``actions`` key; an action
    written with TOML escapes is not found as typed and gets 0.
    """
    key = re.search(r"^[ \t]*actions[ \t]*=", text, re.MULTILINE)
    position = key.end() if key else 0
    lines: list[int] = []
    line, counted = 1, 0
    for raw in actions:
        if not raw.strip() or not (_strip_comment(raw) if "#" in raw else raw.strip()):
            continue
        found = text.find(raw, position)
        if found < 0:
            lines.append(0)
            continue
        line += text.count("\n", counted, found)
        counted = position = found
        lines.append(line)
        position = found + len(raw)
    return tuple(lines)


def _infinite(value: Any) -> bool:
    """Whether a PHH amount is ``inf`` (TOML's infinity, read as a Decimal or a float)."""
    if isinstance(value, Decimal):
        return value.is_infinite()
    return isinstance(value, float) and value in (float("inf"), float("-inf"))


def _rake_of(data: Mapping[str, Any], scalars: dict[str, int]) -> RakeRules | None:
    """Return the house rake of the file's ``_rake_*`` fields (RAKE-RATE, RAKE-NFND), or None.

    ``_rake_percent`` (required for the others to count), ``_rake_cap`` (absent: no cap),
    ``_rake_rounding_step`` (amounts, in the file's unit), ``_rake_no_flop_no_drop``
    (true/false) and ``_rake_base`` (``hand`` or ``pot``).
    """
    cap = scalars.pop("_rake_cap")
    step = scalars.pop("_rake_rounding_step")
    if "_rake_percent" not in data:
        return None
    percent = data["_rake_percent"]
    nfnd = data.get("_rake_no_flop_no_drop", True)
    base = data.get("_rake_base", "hand")
    if isinstance(percent, bool) or not isinstance(percent, int | Decimal) \
            or not 0 <= percent <= 100:
        raise HandHistoryError(f"_rake_percent must be a number from 0 to 100, not {percent!r}")
    if not isinstance(nfnd, bool):
        raise HandHistoryError(f"_rake_no_flop_no_drop must be true or false, not {nfnd!r}")
    if base not in [b.value for b in RakeBase]:
        raise HandHistoryError(f"_rake_base must be hand or pot, not {base!r}")
    if "_rake_rounding_step" in data and step < 1:
        raise HandHistoryError(f"_rake_rounding_step must be at least 1 chip, not {step}")
    try:
        return RakeRules(enabled=True, percent=Decimal(percent),
                         rounding_step=step if "_rake_rounding_step" in data else 1,
                         cap=cap if "_rake_cap" in data else None, no_flop_no_drop=nfnd,
                         base=RakeBase(base))
    except (ValueError, DealerAssistError) as error:
        raise HandHistoryError(f"bad _rake_* field: {error}") from None


def format_amount(value: int, scale: int) -> int | str:
    """Return an amount back in the file's unit: an int when whole, else an exact decimal string.

    >>> format_amount(193792375, 100), format_amount(500, 100)
    ('1937923.75', 5)
    """
    if scale == 1:
        return value
    exact = Decimal(value) / scale
    if exact == exact.to_integral_value():
        return int(exact)
    return format(exact.normalize(), "f")


# ----- replay --------------------------------------------------------------------------


def _player(token: str, count: int, action: str) -> int:
    if len(token) < 2 or token[0] != "p" or not token[1:].isdigit():
        raise HandHistoryError(f"bad player {token!r} in action {action!r}")
    index = int(token[1:]) - 1
    if not 0 <= index < count:
        raise HandHistoryError(f"no player {token} in action {action!r}")
    return index


_CARDS_CACHE: dict[str, tuple[Card, ...]] = {}

# Enum members as module constants: looking a member up on its class goes through the
# enum metaclass (~0.1 us), and the hot paths below test several per event.
_BETTING = Phase.BETTING
_COMPLETE = Phase.COMPLETE
_DEALING = Phase.DEALING
_SHOWDOWN = Phase.SHOWDOWN
# Events are immutable values: the fold and the check of each player are built once and
# shared by every replay (as cards are interned).
_FOLDS: dict[int, Folded] = {}
_PLAYER_TOKENS: dict[int, dict[str, int]] = {}  # player count -> {"p1": 0, ...}
_EVOLVE_HOLE = evolver(HoleCardsDealt)
_EVOLVE_BOARD = evolver(BoardDealt)
_EVOLVE_FOLD = evolver(Folded)
_EVOLVE_CHECK = evolver(Checked)
_EVOLVE_CALL = evolver(Called)
_EVOLVE_DRAW = evolver(CardsDrawn)
_EVOLVE_RAISE = evolver(RaisedTo)  # the same handler as BetPlaced's
_EVOLVE_BRING_IN = evolver(BringInPosted)
_CHECKS: dict[int, Checked] = {}


# The 52 faces as PHH writes them ("As", "Td") and the unknown card ("??"): a card text
# made only of these pairs reads the same pair by pair as through `parse_cards` (no pair
# can start a joker, a "10" or a separator), which `_cards` relies on.
_PHH_FACES: dict[str, Card] = {str(card): card for card in map(Card.from_code, range(52))}
_PHH_FACES["??"] = Card.from_code(53)
_UNKNOWN_CODE = _PHH_FACES["??"].code
_CODE = attrgetter("code")  # a card's code (a card is its code: cards are interned)


def _cards(text: str, action: str) -> tuple[Card, ...]:
    cards = _CARDS_CACHE.get(text)
    if cards is not None:
        return cards
    if text and not len(text) & 1:
        try:
            found = tuple([_PHH_FACES[text[k:k + 2]] for k in range(0, len(text), 2)])
        except KeyError:  # another spelling: parse_cards reads it (or names the fault)
            found = None
        # A repeated card goes to parse_cards: a face twice is refused there (IRR-DECK),
        # "??" may repeat. (Cards are interned: one object per card, told apart by id.)
        if found is not None and len(set(map(id, found))) == len(found):
            if len(_CARDS_CACHE) < 100_000:
                _CARDS_CACHE[text] = found
            return found
    try:
        cards = parse_cards(text)
    except DealerAssistError as error:
        raise HandHistoryError(f"bad cards in action {action!r}: {error}") from None
    if len(_CARDS_CACHE) < 100_000:
        _CARDS_CACHE[text] = cards
    return cards


class _Replayer:
    """Applies one history's actions, collecting flags, decisions and events."""

    def __init__(self, history: HandHistory, rules: HouseRules, *, trace: bool,
                 flips: int = 0) -> None:
        self.history = history
        # IRR-OUT-OF-TURN: the places where an action out of turn reads two ways, and the
        # bit mask of those read the other way (`replay` tries them when the first fails).
        self.readings = 0
        self.flips = flips
        self.state = new_hand(history.setup(rules))
        self.flags: list[Flag] = []
        setup = self.state.setup
        if setup.player_count > setup.seats:
            # The house's table.max_players (ST7-DEAL, ST5-DEAL; G-SEATS for the other
            # games): a recorded hand is played when the deck can deal it, and flagged.
            rule = {"7S": "ST7-DEAL", "7S/8": "ST7-DEAL", "R": "ST7-DEAL",
                    "5S": "ST5-DEAL"}.get(setup.game.code[1:], "G-SEATS")
            self.flags.append(Flag(rule, f"{setup.player_count} players dealt in; the house "
                                   f"deals {setup.game.code} to at most {setup.seats}"))
        self.decisions: list[Decision] = []
        self.events: list[Event] = []
        self.trace = trace
        # Draw games: PHH writes each discard (``pN sd CARDS``) and, once every player has
        # discarded, the replacements (``d dh pN CARDS``); the engine's CardsDrawn holds
        # both, so they wait here until the player whose turn it is has both (DR-DRAW).
        self.discards: dict[int, tuple[Card, ...]] = {}
        self.replacements: dict[int, tuple[Card, ...]] = {}
        # IRR-OUT-OF-TURN: players an action out of turn took to check ("cc") or fold ("f")
        # on a street; the same action recorded later on that street is then no error.
        self.taken: dict[int, tuple[str, int]] = {}
        # IRR-OUT-OF-TURN: betting actions recorded before their turn, while the players
        # they skipped have their own actions later on the street: each waits for its
        # player's turn (player, verb, words, action), in the order recorded.
        self.pending: list[tuple[int, int, str, Sequence[str], str]] = []
        # G-SHOW-ORDER: shows recorded before the betting is over wait for the showdown.
        self.shows: list[tuple[int, Sequence[str], str]] = []
        # Where `run` is (the index of the action read) and how it reads players, for the
        # look-ahead of an action out of turn.
        self.index = 0
        self.reordered = -1  # the street of the last action out of turn, -1 before any
        self.steps: Sequence[Sequence[str]] = ()
        self.players: Mapping[str, int] = {}

    def apply(self, event: Event, action: str, *, check_rules: bool = True,
              legal: LegalActions | None = None) -> None:
        if check_rules:
            try:
                verify_event(self.state, event, legal=legal)
            except IllegalActionError as error:
                self.flags.append(Flag(error.rule_id or "G-ACT", f"{action}: {error.reason}"))
        try:
            self.state = evolve(self.state, event)
        except IllegalActionError as error:
            raise HandHistoryError(f"action {action!r} cannot be applied: {error}") from None
        self.events.append(event)

    def draw(self, action: str) -> None:
        """Apply every draw whose discard and replacements are both known, in turn.

        DR-DRAW-MAX: a draw of five may come as two ``d dh`` actions, four cards then the
        fifth; the fifth waits until every other player has drawn. Five dealt at once to a
        player who is not the last to draw is applied as recorded and flagged.
        """
        discards, replacements = self.discards, self.replacements
        while self.state.due_draw:
            state = self.state
            player = state.due_draw[0]
            if state.draw_owed and player in state.draw_owed:
                fifth = replacements.pop(player, ())
                if not fifth:
                    return
                self._drawn(CardsDrawn(player, (), fifth), action)
                continue
            discarded = discards.get(player)
            if discarded is None:
                return
            received = replacements.get(player, ())
            if len(discarded) > 4 and len(received) == 4:
                pass  # four now, the fifth after everyone (DR-DRAW-MAX)
            elif len(received) < len(discarded):
                return
            elif len(received) > 4 and not can_draw(self.state, player, discarded, received):
                self.flags.append(Flag("DR-DRAW-MAX", f"{action}: p{player + 1} got "
                                       f"{len(received)} cards in a row (four at most)"))
            del discards[player]
            replacements.pop(player, None)
            self._drawn(CardsDrawn(player, discarded, received), action)

    def _deal(self, deals: list[HoleCardsDealt], actions: list[str]) -> HandState:
        """Apply the waiting hole cards (`deal_in_turn`), empty both lists, return the state.

        When they cannot all be applied, they are applied one by one to name the action
        that fails (`HandHistoryError`), as if each had been applied when read.
        """
        try:
            self.state = deal_in_turn(self.state, deals)
        except IllegalActionError:
            for event, action in zip(deals, actions, strict=True):
                try:
                    self.state = _EVOLVE_HOLE(self.state, event)
                except IllegalActionError as error:
                    raise HandHistoryError(f"action {action!r} cannot be applied: "
                                           f"{error}") from None
        deals.clear()
        actions.clear()
        return self.state

    def _drawn(self, event: CardsDrawn, action: str) -> None:
        """`apply` for a draw whose turn `draw` has just checked (nothing else to verify)."""
        try:
            self.state = _EVOLVE_DRAW(self.state, event)
        except IllegalActionError as error:
            raise HandHistoryError(f"action {action!r} cannot be applied: {error}") from None
        self.events.append(event)

    def decide(self, legal: LegalActions | None = None) -> None:
        if not self.trace:
            return
        if legal is None:
            legal = legal_actions(self.state)
        if legal is not None:
            self.decisions.append(
                Decision(legal.actor, legal.to_call, legal.min_raise_to, legal.max_raise_to)
            )

    def _acts_later(self, player: int) -> bool:
        """Whether ``player`` has a betting action recorded later in this betting round.

        The round ends for the file at the next dealer action (``d ...``), at the end of
        the file, or for ``player`` at their own discard or show.
        """
        players = self.players
        for parts in self.steps[self.index + 1:]:
            head = parts[0]
            if head == "d":
                return False
            if len(parts) > 1 and players.get(head) == player:
                return parts[1] in _BETTING_VERBS
        return False

    def _defer(self, player: int, verb: str, parts: Sequence[str], action: str,
               why: str) -> None:
        """IRR-OUT-OF-TURN: keep an action recorded before its turn until that turn comes."""
        self.flags.append(Flag("IRR-OUT-OF-TURN", f"{action}: {why}; applied in turn"))
        self.pending.append((self.state.street_index, player, verb, parts, action))
        self.reordered = self.state.street_index

    def flush_pending(self, action: str, *, street_over: bool) -> None:
        """Apply the actions recorded out of turn whose turn has come (IRR-OUT-OF-TURN).

        Each waits for its player's turn in the betting round it was recorded for; what
        still waits once its round is over never came to its turn: flagged, not applied.
        With ``street_over`` (``action`` is a dealer action, or the file ends) in a round
        where actions came out of turn, each player still to act whose action the round
        does not record (any more) is taken to check, or facing a bet to fold, as pokerkit
        repairs such files: the hand stays playable.
        """
        pending = self.pending
        while True:
            state = self.state
            street = state.street_index
            live = state.phase is _BETTING or (state.phase is _DEALING and not state.runout)
            for entry in [e for e in pending if not live or e[0] < street]:
                pending.remove(entry)
                self.flags.append(Flag("IRR-OUT-OF-TURN", f"{entry[4]}: the betting round "
                                       f"ended before p{entry[1] + 1}'s turn; not applied"))
            if state.phase is not _BETTING or not state.actors:
                return
            actor = state.actors[0]
            entry = next((e for e in pending if e[1] == actor and e[0] == street), None)
            if entry is None:
                if not street_over or self.reordered != street:
                    return
                self._take(actor, action, f"p{actor + 1}'s action is not recorded in this "
                           "betting round")
                continue
            pending.remove(entry)
            _, player, verb, parts, recorded = entry
            if verb == "cbr" and len(parts) >= 3 and parts[2].isdigit() and (
                    int(parts[2]) <= max(state.bets)):
                # The action changed before the turn came: the bet or raise recorded is no
                # longer one; the player's chips go in as a call.
                self.flags.append(Flag("IRR-OUT-OF-TURN", f"{recorded}: the bet before p"
                                       f"{player + 1}'s turn reached it; taken as a call"))
                verb = "cc"
            elif verb == "pb" and not bring_in_due(state):
                self.flags.append(Flag("IRR-OUT-OF-TURN", f"{recorded}: the bring-in is no "
                                       f"longer due at p{player + 1}'s turn; taken as a call"))
                verb = "cc"
            self.player_action(player, verb, parts, recorded, deferred=True)

    def _take(self, skipped: int, action: str, why: str) -> None:
        """Take ``skipped`` to check (or, facing a bet, fold): IRR-OUT-OF-TURN's repair."""
        state = self.state
        legal = legal_actions(state)
        assert legal is not None
        event: Event
        if legal.bring_in is not None:  # ST-BRINGIN: the bring-in cannot be skipped
            taken, event = "bring in", BringInPosted(skipped, legal.bring_in)
        elif legal.can_check:
            taken, event = "check", Checked(skipped)
        else:
            taken, event = "fold", Folded(skipped)
        self.flags.append(Flag("IRR-OUT-OF-TURN", f"{action}: {why}; p{skipped + 1} is "
                               f"taken to {taken}"))
        self.decide()
        self.apply(event, action, check_rules=False)
        self.taken[skipped] = ({"check": "cc", "fold": "f"}.get(taken, "pb"),
                               state.street_index)
        self.reordered = state.street_index

    def player_action(self, player: int, verb: str, parts: Sequence[str], action: str, *,
                      deferred: bool = False) -> None:
        state = self.state
        taken = self.taken.pop(player, None)
        if taken == (verb, state.street_index) and (
                state.phase is not _BETTING or player not in state.actors):
            # IRR-OUT-OF-TURN: the action an earlier repair took this player to (a check or
            # a fold), recorded later: it happened already; the hand plays on.
            self.flags.append(Flag("IRR-OUT-OF-TURN", f"{action}: already taken as p"
                                   f"{player + 1}'s action when a later player acted first"))
            return
        if state.phase is _DEALING and not state.runout and not deferred:
            # Recorded before the cards or the draw that open the next betting round (the
            # order of a draw game's file): it waits for its turn in that round.
            self._defer(player, verb, parts, action,
                        f"p{player + 1} acted before the betting round opened")
            return
        if state.phase is not _BETTING:
            raise HandHistoryError(f"action {action!r}: no betting round is open")
        if not deferred and state.actors and state.actors[0] != player:
            if player not in state.actors:
                # Not this player's turn until someone bets or raises: the action waits.
                self._defer(player, verb, parts, action,
                            f"p{player + 1} acted before their turn")
                return
            skipped = state.actors[:state.actors.index(player)]
            if any(self._acts_later(p) for p in skipped):
                # The players skipped act later in this round: either the file wrote the
                # actions out of order (this one waits for its turn), or, pokerkit's
                # reading, they checked first and what they do later answers this action.
                # A bet or raise where they could check reads the second way first; a
                # bring-in due is never skipped.
                second = (verb == "cbr" and state.bets[skipped[0]] == max(state.bets)
                          and not bring_in_due(state))
                if not bring_in_due(state):
                    place = self.readings
                    self.readings += 1
                    second ^= bool(self.flips >> place & 1)
                if not second:
                    self._defer(player, verb, parts, action,
                                f"p{player + 1} acted before p{state.actors[0] + 1}")
                    return
        while state.actors and state.actors[0] != player:
            if player not in state.actors:
                raise HandHistoryError(f"action {action!r}: player p{player + 1} cannot act now")
            skipped = state.actors[0]
            self._take(skipped, action, f"p{player + 1} acted before p{skipped + 1}")
            state = self.state
            if state.phase is not _BETTING:
                # Taking the skipped players closed the round (G-ROUND-END): the action
                # recorded has nothing left to act on.
                self.flags.append(Flag("IRR-OUT-OF-TURN", f"{action}: the betting round "
                                       f"closed before p{player + 1}'s turn; not applied"))
                return
        if verb == "pb":
            legal = legal_actions(state)
            self.decide(legal)
            amount = min(state.stacks[player], state.setup.bring_in)
            self.apply(BringInPosted(player, amount), action, legal=legal)
        elif verb == "f":
            self.decide()
            # The player to act may always fold: nothing to verify.
            self.apply(Folded(player), action, check_rules=False)
        elif verb == "cc":
            self.decide()
            to_call = min(state.stacks[player], max(state.bets) - state.bets[player])
            event = Called(player, to_call) if to_call else Checked(player)
            # A call is always allowed, except the blinds under the house's lowball
            # "open with a double big blind" (LB-STRUCT): only then is it worth verifying.
            self.apply(event, action,
                       check_rules=bool(to_call) and must_open_double(state, player))
        else:
            legal = legal_actions(state)
            if self.trace:
                self.decide(legal)
            if len(parts) < 3 or not parts[2].lstrip("-").isdigit():
                raise HandHistoryError(f"action {action!r}: cbr needs an amount")
            to = int(parts[2])
            event = BetPlaced(player, to) if max(state.bets) == 0 else RaisedTo(player, to)
            self.apply(event, action, legal=legal)

    def run(self) -> ReplayResult:
        count = len(self.history.starting_stacks)
        players = _PLAYER_TOKENS.get(count)
        if players is None:
            players = _PLAYER_TOKENS[count] = {f"p{k + 1}": k for k in range(count)}
        events = self.events
        append = events.append
        trace = self.trace
        betting = _BETTING
        action = ""
        index = 0
        history = self.history
        steps = history.steps
        if len(steps) != len(history.actions):
            steps = tuple(tuple(action.split()) for action in history.actions)
        # ``state`` mirrors ``self.state``: the fast paths below (a card dealt, a fold or
        # check/call by the player to act: nothing to verify) update both, applying their
        # events with the engine's own handlers (`evolver`: `evolve` without the lookup);
        # the methods that handle the other actions update ``self.state``, read back after.
        #
        # The hole cards of a street (one ``d dh`` per player, in a row) wait in ``deals``
        # and are applied together (`deal_in_turn`: the same fold, one state built) before
        # the next action of any other kind, or at the end.
        state = self.state
        # LB-STRUCT: whether a call of the blinds may need verifying at all in this hand.
        double = opens_double(state.setup)
        deal_board = _EVOLVE_BOARD
        fold_in, check_in, call_in = _EVOLVE_FOLD, _EVOLVE_CHECK, _EVOLVE_CALL
        raise_in, bring_in = _EVOLVE_RAISE, _EVOLVE_BRING_IN
        deals: list[HoleCardsDealt] = []
        dealt: list[str] = []  # the action of each waiting deal, for an error message
        pending = self.pending  # IRR-OUT-OF-TURN: actions waiting for their turn
        self.steps = steps
        self.players = players
        try:
            # ``index`` is read by the handlers below (the file's line of the failing action).
            for index, (action, parts) in enumerate(zip(history.actions, steps,  # noqa: B007
                                                        strict=True)):
                head = parts[0]
                if pending or (head == "d" and self.reordered >= 0):
                    self.index = index
                    self.flush_pending(action, street_over=head == "d")
                    state = self.state
                if head == "d":
                    kind = parts[1] if len(parts) > 1 else ""
                    if kind == "dh" and len(parts) >= 4:
                        try:
                            player = players.get(parts[2])
                            if player is None:
                                player = _player(parts[2], count, action)
                            cards = _CARDS_CACHE.get(parts[3]) or _cards(parts[3], action)
                        except HandHistoryError:
                            if deals:  # a waiting deal's error comes first, as read
                                self._deal(deals, dealt)
                            raise
                        if not state.due_draw:
                            event: Event = HoleCardsDealt(player, cards)
                            deals.append(event)
                            dealt.append(action)
                            append(event)
                            continue
                        if deals:
                            state = self._deal(deals, dealt)
                        self.replacements[player] = self.replacements.get(player, ()) + cards
                        self.draw(action)
                        state = self.state
                        continue
                    if deals:
                        state = self._deal(deals, dealt)
                    if kind == "db" and len(parts) >= 3:
                        event = BoardDealt(_cards(parts[2], action))
                        self.state = state = deal_board(state, event)
                    else:
                        raise HandHistoryError(f"unsupported dealer action {action!r}")
                    append(event)
                    continue
                if deals:
                    state = self._deal(deals, dealt)
                player = players.get(head)
                if player is None:
                    player = _player(head, count, action)
                verb = parts[1] if len(parts) > 1 else ""
                if (
                    not trace
                    and state.phase is betting
                    and state.actors
                    and state.actors[0] == player
                ):
                    # The player to act: a fold or a check/call needs no verifying (the
                    # handler refuses one before a bring-in), except a call of the blinds
                    # where lowball opens with a double big blind (LB-STRUCT); a bet, raise
                    # or bring-in the rules allow (`raise_allowed`, `bring_in_due`) goes
                    # straight to its handler; anything else takes `player_action` (flags,
                    # errors).
                    if verb == "f":
                        event = _FOLDS.get(player) or _FOLDS.setdefault(player, Folded(player))
                        self.state = state = fold_in(state, event)
                    elif verb == "cc" and not (double and must_open_double(state, player)):
                        bets = state.bets
                        to_call = min(state.stacks[player], max(bets) - bets[player])
                        if to_call:
                            event = Called(player, to_call)
                            self.state = state = call_in(state, event)
                        else:
                            event = _CHECKS.get(player) or _CHECKS.setdefault(player,
                                                                               Checked(player))
                            self.state = state = check_in(state, event)
                    elif (verb == "cbr" and len(parts) >= 3 and parts[2].isdigit()
                          and raise_allowed(state, player, int(parts[2]))):
                        to = int(parts[2])
                        event = BetPlaced(player, to) if max(state.bets) == 0 \
                            else RaisedTo(player, to)
                        self.state = state = raise_in(state, event)
                    elif verb == "pb" and bring_in_due(state):
                        event = BringInPosted(player, min(state.stacks[player],
                                                          state.setup.bring_in))
                        self.state = state = bring_in(state, event)
                    else:
                        self.index = index
                        self.other_action(player, verb, parts, action)
                        state = self.state
                        continue
                    append(event)
                    continue
                self.index = index
                self.other_action(player, verb, parts, action)
                state = self.state
            if deals:
                self._deal(deals, dealt)
            if pending or self.reordered >= 0:
                self.index = len(steps)
                self.flush_pending("the end of the hand history", street_over=True)
            shows, self.shows = self.shows, []
            for player, parts, action in shows:
                if self.state.phase is _SHOWDOWN or self.state.runout:
                    self.showdown(player, parts, action)
        except IllegalActionError as error:
            raise self._located(f"action {action!r} cannot be applied: {error}",
                                action, index) from None
        except HandHistoryError as error:
            raise self._located(error.detail, action, index) from None
        result_settlement = None
        if self.state.phase is _SHOWDOWN:
            try:
                result_settlement = settlement(self.state)
                for event in result_settlement.events:
                    self.state = evolve(self.state, event)
                    events.append(event)
            except IllegalActionError as error:
                raise HandHistoryError(f"cannot settle the hand: {error}") from None
        elif self.state.phase is not _COMPLETE:
            waiting = (f", player p{self.state.actors[0] + 1} to act"
                       if self.state.actors else "")
            raise HandHistoryError(
                f"the hand history ends before the hand does ({self.state.phase.value}{waiting})"
            )
        return ReplayResult(self.history, self.state, result_settlement, tuple(self.flags),
                            tuple(self.decisions), tuple(events))

    def other_action(self, player: int, verb: str, parts: Sequence[str], action: str) -> None:
        """Apply a player's action that no fast path took; an unknown verb is an error."""
        if verb in ("f", "cc", "cbr", "pb"):
            self.player_action(player, verb, parts, action)
        elif verb == "sm":
            self.showdown(player, parts, action)
        elif verb == "sd":
            state = self.state
            if not state.due_draw or player not in state.due_draw:
                if not self._discard_early(state, player):
                    raise HandHistoryError(f"action {action!r}: no draw is due from "
                                           f"p{player + 1} now")
                # IRR-OUT-OF-TURN: a discard recorded before its draw; it waits for the
                # player's turn to draw.
                self.flags.append(Flag("IRR-OUT-OF-TURN", f"{action}: p{player + 1} "
                                       "discards before the draw; applied at the draw"))
            self.discards[player] = _cards(parts[2], action) if len(parts) > 2 else ()
            self.draw(action)
        else:
            raise HandHistoryError(f"action {action!r}: unknown action {verb!r} (PHH player "
                                   f"actions: {', '.join(_VERBS)})")

    @staticmethod
    def _discard_early(state: HandState, player: int) -> bool:
        """Whether ``player``, not due to draw now, draws on a later street (DR-DRAW).

        Such a discard, recorded before its draw (during the betting before it, or during
        an earlier draw the player is done with), waits for that draw.
        """
        streets = state.setup.game.streets
        return (state.phase in (_BETTING, _DEALING) and not state.folded[player]
                and player not in (state.due_draw or ())
                and any(street.draw for street in streets[state.street_index + 1:]))

    def _located(self, detail: str, action: str, index: int) -> HandHistoryError:
        """Return the error ``detail`` with the file's line of the action it names.

        The action failing is the one read last or, for hole cards applied as one run,
        an earlier one: the nearest action of that text read so far.
        """
        named = re.search(r"action ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")", detail)
        history = self.history
        lines = history.action_lines
        if not lines or detail.startswith("line "):
            return HandHistoryError(detail)
        text = action
        if named is not None:
            import ast  # an error path only

            try:
                text = ast.literal_eval(named.group(1))
            except (ValueError, SyntaxError):
                text = action
        actions = history.actions
        last = min(index, len(actions) - 1)
        for k in range(last, -1, -1):
            if actions[k] == text:
                if k < len(lines) and lines[k]:
                    return HandHistoryError(f"line {lines[k]}: {detail}")
                break
        return HandHistoryError(detail)

    def showdown(self, player: int, parts: Sequence[str], action: str) -> None:
        state = self.state
        if state.folded[player] or state.mucked[player]:
            self.flags.append(Flag("G-SHOW-CLAIM", f"{action}: p{player + 1} is not in the hand"))
            return
        if state.phase is _BETTING or (state.phase is _DEALING and not state.runout):
            # G-SHOW-ORDER: hands are shown once the betting is over; a show recorded
            # before that waits for the showdown.
            self.flags.append(Flag("G-SHOW-ORDER", f"{action}: shown before the betting "
                                   "is over; applied at the showdown"))
            self.shows.append((player, parts, action))
            return
        if len(parts) < 3:
            if len(state.in_hand) > 1:
                self.apply(Mucked(player), action)
            return
        cards = state.hole[player] if parts[2] == "-" else _cards(parts[2], action)
        if _UNKNOWN_CODE in map(_CODE, cards):
            cards = _shown_as_dealt(cards, state.hole[player])
        self.apply(CardsShown(player, tuple(cards)), action)


def _shown_as_dealt(shown: Sequence[Card], hole: Sequence[Card]) -> tuple[Card, ...]:
    """Return a shown hand with unknown placeholders (``????``) read as the cards dealt.

    An unknown card at showdown is a card the history did not write, not a wrong card
    (IRR-DECK is for cards that were not dealt): each placeholder takes a dealt card the
    shown hand does not name, in the order dealt.
    """
    named = [card for card in shown if not card.is_unknown]
    rest = iter([card for card in hole if card not in named])
    return tuple(card if not card.is_unknown else next(rest, card) for card in shown)


def replay(history: HandHistory, *, rules: HouseRules | None = None,
           trace: bool = False) -> ReplayResult:
    """Replay a hand history to its end and settle it.

    Args:
        history: the parsed hand.
        rules: house rules in force (default: the PHH profile).
        trace: also record the limits at each betting decision.

    Raises:
        HandHistoryError: an action cannot be applied at all, or the hand cannot be settled.

    """
    if rules is None:
        rules = phh_profile()
        if history.rake is not None:  # the house rake written in the file (_rake_*)
            rules = _with_rake(rules, history.rake)
    replayer = _Replayer(history, rules, trace=trace)
    try:
        return replayer.run()
    except IllegalActionError as error:
        raise HandHistoryError(str(error)) from None
    except HandHistoryError as error:
        # IRR-OUT-OF-TURN: an action out of turn can be read two ways (the players it
        # skipped checked first, or the file wrote the actions out of order); the other
        # reading of each such place is tried before the hand is refused.
        places = replayer.readings
        for mask in range(1, min(1 << places, _MOST_READINGS)):
            try:
                return _Replayer(history, rules, trace=trace, flips=mask).run()
            except (HandHistoryError, IllegalActionError):
                continue
        raise error from None


_RAKED: dict[tuple[int, RakeRules], HouseRules] = {}


def _with_rake(rules: HouseRules, rake: RakeRules) -> HouseRules:
    """``rules`` with this rake, built once per rake (replays of one room share it)."""
    key = (id(rules), rake)
    found = _RAKED.get(key)
    if found is None:
        found = dataclasses.replace(rules, rake=rake)
        if len(_RAKED) < 1000:
            _RAKED[key] = found
    return found


# ----- writing -------------------------------------------------------------------------


def _amount_text(value: int, scale: int) -> str:
    formatted = format_amount(value, scale)
    return str(formatted)


def to_phh(
    setup: HandSetup,
    events: Sequence[Event],
    *,
    scale: int = 1,
    players: Sequence[str] = (),
    extra: Mapping[str, Any] | None = None,
    finishing_stacks: Sequence[int] | None = None,
) -> str:
    """PHH text for a hand: its setup, then one action per event (settlement events skipped).

    Args:
        setup: the hand's setup.
        events: the hand's events in order.
        scale: amounts are divided by this when written (the inverse of reading).
        players: player names in index order.
        extra: other fields to write (``event``, ``day`` ...), scalars or lists.
        finishing_stacks: stacks at the end, when known.

    """
    n = setup.player_count
    antes = list(setup.antes)
    blinds = list(setup.blinds)
    if n == 2:
        antes, blinds = antes[::-1], blinds[::-1]

    def array(values: Sequence[int]) -> str:
        return "[" + ", ".join(_amount_text(v, scale) for v in values) + "]"

    lines = [
        f'variant = "{setup.game.code}"',
        f"ante_trimming_status = {'true' if setup.ante_trimming else 'false'}",
        f"antes = {array(antes)}",
        f"blinds_or_straddles = {array(blinds)}",
    ]
    if setup.game.structure.value == "fixed_limit":
        lines.append(f"small_bet = {_amount_text(setup.small_bet, scale)}")
        lines.append(f"big_bet = {_amount_text(setup.big_bet, scale)}")
    else:
        lines.append(f"min_bet = {_amount_text(setup.min_bet, scale)}")
    if setup.bring_in:
        lines.append(f"bring_in = {_amount_text(setup.bring_in, scale)}")
    if setup.carried:
        lines.append(f"_carried = {_amount_text(setup.carried, scale)}")
    lines.extend(_rake_lines(setup, scale))
    lines.append(f"starting_stacks = {array(setup.starting_stacks)}")
    lines.append("actions = [")
    for event in events:
        text = _action_text(event, scale)
        if text is not None:
            lines.extend(f'  "{part}",' for part in text.split(_SPLIT))
    lines.append("]")
    if players:
        lines.append("players = [" + ", ".join(_toml_string(p) for p in players) + "]")
    if finishing_stacks is not None:
        lines.append(f"finishing_stacks = {array(finishing_stacks)}")
    for key, value in (extra or {}).items():
        lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _rake_lines(setup: HandSetup, scale: int) -> list[str]:
    """Return the house rake as ``_rake_*`` fields (RAKE-RATE, RAKE-NFND); none when not raked.

    The cap written is the one for this hand's stakes (``caps_by_stakes`` resolved).
    """
    rake = setup.rules.rake
    if not rake.enabled:
        return []
    lines = [f"_rake_percent = {rake.percent}"]
    cap = rake.cap_at(setup.nominal_big_blind)
    if cap is not None:
        lines.append(f"_rake_cap = {_amount_text(cap, scale)}")
    lines.append(f"_rake_rounding_step = {_amount_text(rake.rounding_step, scale)}")
    lines.append(f"_rake_no_flop_no_drop = {'true' if rake.no_flop_no_drop else 'false'}")
    lines.append(f'_rake_base = "{rake.base.value}"')
    return lines


_TOML_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n",
                 "\f": "\\f", "\r": "\\r"}


def _toml_string(text: str) -> str:
    """Return ``text`` as a TOML basic string: every control character escaped.

    TOML forbids raw control characters (U+0000-U+001F, U+007F) in a basic string, so a
    name holding one would make the file unreadable; a lone surrogate cannot be written
    in UTF-8 at all and becomes U+FFFD.
    """
    out = []
    for char in text:
        code = ord(char)
        if char in _TOML_ESCAPES:
            out.append(_TOML_ESCAPES[char])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append("\uFFFD")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return _toml_string(str(value))


_SPLIT = "\x00"  # separates the actions of one event that PHH writes as several


def _action_text(event: Event, scale: int) -> str | None:
    if isinstance(event, HoleCardsDealt):
        return f"d dh p{event.player + 1} {format_cards(event.cards, separator='')}"
    if isinstance(event, BoardDealt):
        return f"d db {format_cards(event.cards, separator='')}"
    if isinstance(event, BringInPosted):
        return f"p{event.player + 1} pb"
    if isinstance(event, CardsDrawn):
        if not event.discarded and event.received:  # the fifth of a draw of five
            return f"d dh p{event.player + 1} {format_cards(event.received, separator='')}"
        if not event.discarded:
            return f"p{event.player + 1} sd"
        # Two PHH actions: the discard, then the replacements (read back by `_Replayer.draw`).
        return (f"p{event.player + 1} sd {format_cards(event.discarded, separator='')}"
                f"{_SPLIT}d dh p{event.player + 1} {format_cards(event.received, separator='')}")
    if isinstance(event, Folded):
        return f"p{event.player + 1} f"
    if isinstance(event, Checked | Called):
        return f"p{event.player + 1} cc"
    if isinstance(event, BetPlaced | RaisedTo):
        return f"p{event.player + 1} cbr {_amount_text(event.to, scale)}"
    if isinstance(event, CardsShown):
        return f"p{event.player + 1} sm {format_cards(event.cards, separator='')}"
    if isinstance(event, Mucked):
        return f"p{event.player + 1} sm"
    return None
