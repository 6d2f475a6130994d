"""The typed model of a house rules file (`rules.yaml`): every house option, with its default.

This module is the one place where the house options are declared. Each field's default is
the rules catalogue's default, so `HouseRules()` is the catalogue's house. The loader
(`dealerassist.rules.loader`) turns a YAML document into these frozen values, applying the
defaults once, and uses each field's metadata (bounds, the rule ID) to validate it with a
line number. Every class also checks itself in ``__post_init__`` so that a value built in
code can never be half valid.

Chips are integers in the table's smallest unit; the rake percentage is a `Decimal` read
from text, never a float.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import Field, dataclass, field, fields
from decimal import Decimal
from enum import StrEnum, unique
from typing import Any

from dealerassist.errors import DealerAssistError

__all__ = [
    "NO_PRESETS",
    "BlindLevel",
    "BlindSchedule",
    "ButtonRule",
    "DeckRules",
    "DrawOpeners",
    "DrawRules",
    "FamilyCaps",
    "FamilySeats",
    "FirstAfterDraw",
    "IndexLetters",
    "FixedLimitRules",
    "GameFamily",
    "GamePreset",
    "HiLoOddChip",
    "HouseRules",
    "IrregularityRules",
    "LowballOpening",
    "LowballRules",
    "NewPlayerRule",
    "OddChipRule",
    "OddChipRules",
    "OutOfTurnRuling",
    "PlayerScreenRules",
    "PotDisplay",
    "RakeBase",
    "RakeRules",
    "ShowOrder",
    "ShowdownRules",
    "StakeCap",
    "StraddleRules",
    "TableRules",
    "TrainerRules",
    "UnderRaiseRuling",
    "UnknownPresetError",
    "bound_problem",
    "cross_problems",
    "rule_problems",
]


# ---------------------------------------------------------------------------------------------
# Vocabularies
# ---------------------------------------------------------------------------------------------


@unique
class GameFamily(StrEnum):
    """How a game deals its cards; the fixed-limit cap is set per family (BET-FL-CAP)."""

    BOARD = "board"
    STUD = "stud"
    DRAW = "draw"


@unique
class OddChipRule(StrEnum):
    """Who receives the indivisible chip of a split pot (G-ODD-CHIP)."""

    FIRST_LEFT_OF_BUTTON = "first_left_of_button"
    LOWEST_SEAT = "lowest_seat"
    HIGH_CARD_BY_SUIT = "high_card_by_suit"


@unique
class HiLoOddChip(StrEnum):
    """Which half takes the odd chip when a hi/lo pot is split in two (O8-SPLIT-ODD)."""

    HIGH = "high"
    LOW = "low"


@unique
class ShowOrder(StrEnum):
    """Who shows first at showdown when nobody bet on the final round (G-SHOW-ORDER).

    ``FIRST_TO_ACT`` means the player who acted first on the final round: the first active
    player left of the button in board and draw games, the best hand showing in stud.
    """

    FIRST_LEFT_OF_BUTTON = "first_left_of_button"
    FIRST_TO_ACT = "first_to_act"


@unique
class NewPlayerRule(StrEnum):
    """What a player joining a game in progress must do to be dealt in (BET-NEW-PLAYER)."""

    POST_OR_WAIT = "post_or_wait"
    MUST_POST = "must_post"
    WAIT_FOR_BIG_BLIND = "wait_for_big_blind"


@unique
class UnderRaiseRuling(StrEnum):
    """How a raise below the legal minimum is resolved (IRR-UNDERRAISE).

    ``HALF_RULE``: at least half a full raise is made up to the minimum raise, less is a call.
    """

    CALL = "call"
    MINIMUM_RAISE = "minimum_raise"
    HALF_RULE = "half_rule"


@unique
class OutOfTurnRuling(StrEnum):
    """Whether an action out of turn binds the player (IRR-OUT-OF-TURN)."""

    BINDING_UNLESS_ACTION_CHANGES = "binding_unless_action_changes"
    NOT_BINDING = "not_binding"


@unique
class LowballOpening(StrEnum):
    """How the first voluntary bet in a lowball game may be made (LB-STRUCT)."""

    CALL_BIG_BLIND = "call_big_blind"
    DOUBLE_BIG_BLIND = "double_big_blind"


@unique
class IndexLetters(StrEnum):
    """The court letters in the indices of the house's decks (G-DECK), read by the camera."""

    STANDARD = "standard"  # J, Q, K
    FRENCH = "french"  # V, D, R (valet, dame, roi); J, Q, K stay valid


@unique
class FirstAfterDraw(StrEnum):
    """Who acts first after the draw (DR-AFTER).

    ``opener_without_blinds``: the opener in games played with antes only, the first player
    left of the button in games with blinds; ``opener``: the opener in every draw game;
    ``position``: always the first player still in left of the button (PHH, pokerkit).
    """

    OPENER_WITHOUT_BLINDS = "opener_without_blinds"
    OPENER = "opener"
    POSITION = "position"


@unique
class DrawOpeners(StrEnum):
    """What a player needs to open the betting in draw high (DR-OPENERS)."""

    ANY = "any"
    JACKS_OR_BETTER = "jacks_or_better"


@unique
class RakeBase(StrEnum):
    """Whether the rake is computed on the hand's total or pot by pot, each capped (RAKE-RATE)."""

    HAND = "hand"
    POT = "pot"


@unique
class ButtonRule(StrEnum):
    """How the button moves when a player leaves (G-BUTTON): always on, or a dead button."""

    MOVING = "moving"
    DEAD = "dead"


@unique
class PotDisplay(StrEnum):
    """When the players' screen shows the pot (a house choice: BET-PL-MAX)."""

    NEVER = "never"  # rooms that forbid pot counts
    POT_LIMIT = "pot_limit"  # pot-limit games only, where a player may ask the pot
    ALWAYS = "always"


class UnknownPresetError(DealerAssistError, KeyError):
    """A game preset name that the house file does not define."""

    def __init__(self, name: str, *, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        import difflib  # a misspelt name only

        close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        self.message = f"no game preset named {name!r}{hint}"
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


def _opt(
    default: Any = None,
    *,
    rule: str = "",
    doc: str = "",
    minimum: int | Decimal | None = None,
    maximum: int | Decimal | None = None,
    factory: Any = None,
    required: bool = False,
) -> Any:
    """Declare an option: its default, rule ID, one-line meaning and inclusive bounds.

    ``required`` marks a key a house file must give (its default is only a placeholder).
    """
    metadata = {"rule": rule, "doc": doc, "minimum": minimum, "maximum": maximum,
                "required": required}
    if factory is not None:
        return field(default_factory=factory, metadata=metadata)
    return field(default=default, metadata=metadata)


class FamilyCaps(Mapping[GameFamily, int]):
    """An immutable, hashable mapping from game family to a fixed-limit cap (bets per round)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[GameFamily, int] | None = None, /, **kwargs: int) -> None:
        merged: dict[GameFamily, int] = {}
        for key, value in {**dict(items or {}), **kwargs}.items():
            merged[GameFamily(key)] = value
        self._items = tuple(sorted(merged.items()))

    def __getitem__(self, key: GameFamily) -> int:
        for family, value in self._items:
            if family == key:
                return value
        raise KeyError(key)

    def __iter__(self) -> Iterator[GameFamily]:
        return (family for family, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"FamilyCaps({dict(self._items)!r})"


class FamilySeats(FamilyCaps):
    """An immutable, hashable mapping from game family to the most players the house seats."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"FamilySeats({dict(self._items)!r})"


def _default_seats() -> FamilySeats:
    # ST7-DEAL, ST5-DEAL: stud at most eight players; board games ten; draw games eight
    # (the stub is reshuffled when it runs out, DR-DRAW).
    return FamilySeats({GameFamily.BOARD: 10, GameFamily.STUD: 8, GameFamily.DRAW: 8})


def _default_caps() -> FamilyCaps:
    # BET-FL-CAP: hold'em/Omaha a bet and three raises; stud three raises (ST-CAP); draw and
    # lowball a bet and four raises.
    return FamilyCaps({GameFamily.BOARD: 4, GameFamily.STUD: 4, GameFamily.DRAW: 5})


def bound_problem(item: Field[Any], current: object) -> str | None:
    """Return why ``current`` breaks the bounds declared on field ``item``, or None."""
    low = item.metadata.get("minimum")
    high = item.metadata.get("maximum")
    if isinstance(current, bool) or not isinstance(current, int | Decimal):
        return None
    if low is not None and current < low:
        return f"{item.name} must be at least {low}, not {current}"
    if high is not None and current > high:
        return f"{item.name} must be at most {high}, not {current}"
    return None


def rule_problems(value: object) -> list[tuple[str, str]]:
    """Return the bound violations and cross-field problems of one model object.

    Args:
        value: an instance of one of this module's dataclasses.

    Returns:
        ``(field_path, message)`` pairs, empty when the object is valid. The field path
        (``big_blind``, ``presets[2].schedule``) lets the loader point at the offending line.

    """
    problems: list[tuple[str, str]] = []
    for item in fields(value):  # type: ignore[arg-type]
        message = bound_problem(item, getattr(value, item.name))
        if message is not None:
            problems.append((item.name, message))
    problems.extend(cross_problems(value))
    return problems


def cross_problems(value: object) -> list[tuple[str, str]]:
    """Return the problems of one model object that involve more than one field."""
    check = getattr(value, "_cross_checks", None)
    return list(check()) if check is not None else []


def _known(items: tuple[Any, ...]) -> list[Any]:
    """Return the items that are present (the loader passes None for an item with a problem).

    The cross checks run on partly read files too, so that one run lists every problem.
    """
    return [item for item in items if item is not None]


class _Checked:
    """Mixin: refuse to build an invalid object (the loader reports the same messages)."""

    def __post_init__(self) -> None:
        problems = rule_problems(self)
        if problems:
            raise ValueError(f"{type(self).__name__}: " + "; ".join(m for _, m in problems))


# ---------------------------------------------------------------------------------------------
# Sections
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OddChipRules(_Checked):
    """Splitting a pot that does not divide evenly (G-ODD-CHIP, O8-SPLIT-ODD)."""

    unit: int = _opt(1, rule="G-ODD-CHIP", minimum=1,
                     doc="smallest chip used when splitting; the remainder is the odd chip(s)")
    board: OddChipRule = _opt(OddChipRule.FIRST_LEFT_OF_BUTTON, rule="G-ODD-CHIP",
                              doc="odd chip receiver in board and draw games")
    stud: OddChipRule = _opt(OddChipRule.FIRST_LEFT_OF_BUTTON, rule="G-ODD-CHIP",
                             doc="odd chip receiver in stud games (high_card_by_suit allowed)")
    hilo: HiLoOddChip = _opt(HiLoOddChip.HIGH, rule="O8-SPLIT-ODD",
                             doc="half that gets the odd chip between high and low")

    def _cross_checks(self) -> list[tuple[str, str]]:
        if self.board is OddChipRule.HIGH_CARD_BY_SUIT:
            return [("board", "board: high_card_by_suit applies to stud games only")]
        return []


@dataclass(frozen=True)
class FixedLimitRules(_Checked):
    """Fixed-limit betting: the cap and short all-ins (BET-FL-CAP, BET-SHORT-ALLIN).

    ``cap_bets`` counts bets INCLUDING the opening bet: pre-flop the big blind counts as the
    bet (unless ``blind_counts_as_bet`` is False: then ``cap_bets`` raises over the blind);
    in stud the completion counts as the bet and the bring-in does not. "A bet and three
    raises" is 4.
    """

    cap_bets: FamilyCaps = _opt(rule="BET-FL-CAP", factory=_default_caps,
                                doc="bets per round, the opening bet included, per family")
    cap_lifted_heads_up: bool = _opt(True, rule="BET-FL-CAP",
                                     doc="no cap when only two players remain in the hand")
    half_bet_allin_reopens: bool = _opt(True, rule="BET-SHORT-ALLIN",
                                        doc="an all-in of at least half a bet is a full raise")
    blind_counts_as_bet: bool = _opt(
        True, rule="BET-FL-CAP",
        doc="pre-flop the big blind is the first of cap_bets bets (false: the blinds are not "
            "counted, so pre-flop allows cap_bets raises over the big blind)")
    open_pair_big_bet: bool = _opt(
        True, rule="ST-OPEN-PAIR",
        doc="stud (not razz): an open pair on 4th street lets any player bet or raise the small "
            "or the big bet; after a big bet every raise is a big bet")

    def __post_init__(self) -> None:
        if not isinstance(self.cap_bets, FamilyCaps):
            object.__setattr__(self, "cap_bets", FamilyCaps(self.cap_bets))
        super().__post_init__()

    def _cross_checks(self) -> list[tuple[str, str]]:
        problems = []
        for family in GameFamily:
            if family not in self.cap_bets:
                problems.append(("cap_bets", f"cap_bets: no cap given for {family.value}"))
        for family, count in self.cap_bets.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                problems.append(
                    ("cap_bets", f"cap_bets.{family.value} must be a whole number of bets of at "
                     f"least 1, not {count!r}")
                )
        return problems

    def cap_for(self, family: GameFamily, *, players_in_hand: int) -> int | None:
        """Bets allowed in a round, or None when the cap is lifted heads-up (BET-FL-CAP)."""
        if self.cap_lifted_heads_up and players_in_hand <= 2:
            return None
        return self.cap_bets[family]


@dataclass(frozen=True)
class StraddleRules(_Checked):
    """Straddles (BET-STRADDLE)."""

    allowed: bool = _opt(False, rule="BET-STRADDLE", doc="whether a straddle may be posted")
    acts_as_big_blind: bool = _opt(
        True, rule="BET-STRADDLE",
        doc="the straddle is the big blind for the minimum raise (1/2/4: raise to 8, not 6)",
    )
    max_straddles: int = _opt(1, rule="BET-STRADDLE", minimum=1,
                              doc="how many successive straddles may be posted")


@dataclass(frozen=True)
class ShowdownRules(_Checked):
    """Showdown order (G-SHOW-ORDER)."""

    order_when_no_bet: ShowOrder = _opt(ShowOrder.FIRST_LEFT_OF_BUTTON, rule="G-SHOW-ORDER",
                                        doc="who shows first when nobody bet the last round")


@dataclass(frozen=True)
class StakeCap(_Checked):
    """A rake cap that applies to games whose big blind is at most ``max_big_blind``."""

    max_big_blind: int = _opt(1, rule="RAKE-RATE", minimum=1, required=True,
                              doc="the band covers big blinds up to this amount")
    cap: int = _opt(0, rule="RAKE-RATE", minimum=0, required=True,
                    doc="rake cap per hand in this band")


@dataclass(frozen=True)
class RakeRules(_Checked):
    """The house's commission (RAKE-SHARE, RAKE-NFND, RAKE-RATE)."""

    enabled: bool = _opt(True, rule="RAKE-SHARE", doc="take a rake from real-money pots")
    percent: Decimal = _opt(Decimal("5"), rule="RAKE-RATE", minimum=Decimal(0),
                            maximum=Decimal(100), doc="percentage of the pot taken")
    rounding_step: int = _opt(1, rule="RAKE-RATE", minimum=1,
                              doc="the rake is rounded DOWN to a multiple of this")
    cap: int | None = _opt(None, rule="RAKE-RATE", minimum=0,
                           doc="most rake per hand; none = no cap")
    caps_by_stakes: tuple[StakeCap, ...] = _opt((), rule="RAKE-RATE",
                                                doc="caps by big blind; override cap")
    no_flop_no_drop: bool = _opt(True, rule="RAKE-NFND", doc="no rake if no flop was dealt")
    base: RakeBase = _opt(RakeBase.HAND, rule="RAKE-RATE", doc="rake the hand or each pot")

    def __post_init__(self) -> None:
        if not isinstance(self.percent, Decimal):
            object.__setattr__(self, "percent", Decimal(str(self.percent)))
        object.__setattr__(self, "caps_by_stakes", tuple(self.caps_by_stakes))
        super().__post_init__()

    def _cross_checks(self) -> list[tuple[str, str]]:
        bands = [band.max_big_blind for band in _known(self.caps_by_stakes)]
        if len(set(bands)) != len(bands):
            return [("caps_by_stakes", "caps_by_stakes: two bands have the same max_big_blind")]
        return []

    def cap_at(self, big_blind: int) -> int | None:
        """Return the rake cap for a game with this big blind: its stake band's, else ``cap``."""
        for band in sorted(self.caps_by_stakes, key=lambda b: b.max_big_blind):
            if big_blind <= band.max_big_blind:
                return band.cap
        return self.cap

    def rake_for(self, *, pot_total: int, big_blind: int, saw_flop: bool) -> int:
        """Return the rake on a pot, integer-exact (RAKE-RATE, RAKE-NFND).

        Args:
            pot_total: chips in the pot (or the hand, see ``base``).
            big_blind: the game's big blind (or big bet), to choose the stake band.
            saw_flop: whether the hand reached the flop. Games without a board pass whether
                the betting went past its first round.

        Returns:
            ``floor(pot * percent / 100)`` rounded down to ``rounding_step``, then capped;
            0 when the rake is disabled or no flop, no drop applies.

        """
        if not self.enabled or pot_total <= 0 or (self.no_flop_no_drop and not saw_flop):
            return 0
        from fractions import Fraction  # a raked pot only

        exact = Fraction(pot_total) * Fraction(self.percent) / 100
        rake = int(exact) // self.rounding_step * self.rounding_step
        cap = self.cap_at(big_blind)
        if cap is not None:
            rake = min(rake, cap)
        return rake


@dataclass(frozen=True)
class DeckRules(_Checked):
    """Deck composition (G-DECK)."""

    joker_games: frozenset[str] = _opt(rule="G-DECK", factory=frozenset,
                                       doc="game codes played with one joker (the bug)")
    index_letters: IndexLetters = _opt(
        IndexLetters.STANDARD, rule="G-DECK",
        doc="court letters of the house's decks: standard (J Q K) or french (V D R, and "
            "J Q K); the camera reports no card whose letter the house does not use")

    def __post_init__(self) -> None:
        object.__setattr__(self, "joker_games", frozenset(self.joker_games))
        super().__post_init__()


@dataclass(frozen=True)
class LowballRules(_Checked):
    """Lowball opening structure (LB-STRUCT)."""

    opening: LowballOpening = _opt(LowballOpening.CALL_BIG_BLIND, rule="LB-STRUCT",
                                   doc="may open by calling the big blind, or must double it")


@dataclass(frozen=True)
class DrawRules(_Checked):
    """Draw high openers and the jacks-or-better ante limit (DR-OPENERS, JB-NO-OPEN)."""

    openers: DrawOpeners = _opt(DrawOpeners.ANY, rule="DR-OPENERS",
                                doc="open with anything, or with jacks or better")
    jacks_ante_limit: int = _opt(3, rule="JB-NO-OPEN", minimum=1,
                                 doc="consecutive re-antes before the pot is played anyway")
    first_after_draw: FirstAfterDraw = _opt(
        FirstAfterDraw.OPENER_WITHOUT_BLINDS, rule="DR-AFTER",
        doc="who acts first after the draw: the opener without blinds, the opener, or by "
            "position")


@dataclass(frozen=True)
class IrregularityRules(_Checked):
    """House rulings on irregularities (IRR-*)."""

    out_of_turn: OutOfTurnRuling = _opt(OutOfTurnRuling.BINDING_UNLESS_ACTION_CHANGES,
                                        rule="IRR-OUT-OF-TURN", doc="is out-of-turn action binding")
    underraise: UnderRaiseRuling = _opt(UnderRaiseRuling.HALF_RULE, rule="IRR-UNDERRAISE",
                                        doc="what a raise below the minimum becomes")
    tournament_exposed_low_misdeal: bool = _opt(
        True, rule="IRR-ST-HOLE-UP",
        doc="stud tournaments: a down card dealt face up is a misdeal",
    )


@dataclass(frozen=True)
class TableRules(_Checked):
    """Seating and button (BET-NEW-PLAYER, G-BUTTON)."""

    new_player: NewPlayerRule = _opt(NewPlayerRule.POST_OR_WAIT, rule="BET-NEW-PLAYER",
                                     doc="a new player posts a big blind or waits for it")
    button: ButtonRule = _opt(ButtonRule.MOVING, rule="G-BUTTON",
                              doc="moving button, or dead button when a player leaves")
    max_players: FamilySeats = _opt(rule="ST7-DEAL", factory=_default_seats,
                                    doc="most players dealt in, by game family")

    def __post_init__(self) -> None:
        if not isinstance(self.max_players, FamilySeats):
            object.__setattr__(self, "max_players", FamilySeats(self.max_players))
        super().__post_init__()

    def seats_for(self, family: GameFamily) -> int:
        """Return the most players the house deals a game of this family to."""
        return self.max_players.get(family, 10)


@dataclass(frozen=True)
class PlayerScreenRules(_Checked):
    """What the players' screen (the console's second window) may show.

    Some rooms forbid pot counts in no-limit; in pot-limit a player may ask the pot
    (BET-PL-MAX). All off: the screen shows nothing.
    """

    pot: PotDisplay = _opt(PotDisplay.POT_LIMIT, rule="BET-PL-MAX",
                           doc="when the pot is shown: never, pot_limit (pot-limit games "
                               "only) or always")
    to_call: bool = _opt(True, rule="G-ACT",
                         doc="show the amount the player to act must call")
    clock: bool = _opt(True, rule="TRN-LEVELS",
                       doc="show the tournament clock: level, blinds, time left")


@dataclass(frozen=True)
class TrainerRules(_Checked):
    """The dealer trainer's drills and certification runs.

    A certification run is taken at one level (beginner, intermediate, advanced); its pass
    mark is that level's ``pass_mark_<level>`` when the house sets one, else
    ``pass_mark_percent``.
    """

    pass_mark_percent: int = _opt(80, minimum=0, maximum=100,
                                  doc="share of right answers needed to pass a drill")
    question_count: int = _opt(20, minimum=1, maximum=1000, doc="questions per drill")
    pass_mark_beginner: int | None = _opt(
        None, minimum=0, maximum=100,
        doc="pass mark of a beginner certification run (percent); null: pass_mark_percent")
    pass_mark_intermediate: int | None = _opt(
        None, minimum=0, maximum=100,
        doc="pass mark of an intermediate certification run (percent); null: "
            "pass_mark_percent")
    pass_mark_advanced: int | None = _opt(
        None, minimum=0, maximum=100,
        doc="pass mark of an advanced certification run (percent); null: pass_mark_percent")

    def pass_mark_for(self, level: str) -> int:
        """Return the pass mark (percent) of a certification run at ``level``.

        Raises:
            ValueError: ``level`` is not beginner, intermediate or advanced.

        """
        marks = {"beginner": self.pass_mark_beginner,
                 "intermediate": self.pass_mark_intermediate,
                 "advanced": self.pass_mark_advanced}
        if level not in marks:
            raise ValueError(f"unknown trainer level {level!r}; choose one of: "
                             f"{', '.join(marks)}")
        mark = marks[level]
        return self.pass_mark_percent if mark is None else mark


@dataclass(frozen=True)
class BlindLevel(_Checked):
    """One level of a blind schedule (TRN-LEVELS); a break has no blinds."""

    small_blind: int = _opt(0, rule="TRN-LEVELS", minimum=0, doc="small blind")
    big_blind: int = _opt(0, rule="TRN-LEVELS", minimum=0, doc="big blind")
    ante: int = _opt(0, rule="TRN-LEVELS", minimum=0, doc="ante per player")
    minutes: int | None = _opt(None, rule="TRN-LEVELS", minimum=1, doc="level length in minutes")
    hands: int | None = _opt(None, rule="TRN-LEVELS", minimum=1, doc="level length in hands")
    is_break: bool = _opt(False, rule="TRN-LEVELS", doc="a pause, not a level")

    def _cross_checks(self) -> list[tuple[str, str]]:
        problems = []
        if self.minutes is None and self.hands is None:
            problems.append(("minutes", "a level needs minutes or hands"))
        if not self.is_break:
            if self.big_blind < 1:
                problems.append(("big_blind", "big_blind must be at least 1"))
            if self.big_blind < self.small_blind:
                problems.append(
                    ("big_blind", f"big_blind {self.big_blind} is below the small_blind "
                     f"{self.small_blind}")
                )
        return problems


@dataclass(frozen=True)
class BlindSchedule(_Checked):
    """A named tournament blind schedule (TRN-LEVELS)."""

    name: str = _opt("", rule="TRN-LEVELS", required=True, doc="name the presets refer to")
    levels: tuple[BlindLevel, ...] = _opt((), rule="TRN-LEVELS", required=True,
                                          doc="levels in order")

    def __post_init__(self) -> None:
        object.__setattr__(self, "levels", tuple(self.levels))
        super().__post_init__()

    def _cross_checks(self) -> list[tuple[str, str]]:
        problems = []
        if not self.name.strip():
            problems.append(("name", "a schedule needs a name"))
        if self.levels and None in self.levels:  # a level had a problem of its own
            return problems
        if not any(not level.is_break for level in self.levels):
            problems.append(("levels", f"schedule {self.name!r} has no blind level"))
        return problems


@dataclass(frozen=True)
class GamePreset(_Checked):
    """A named game the console offers: the variant, stakes, forced bets and seats.

    ``game`` is a PHH variant code (``NT``, ``FT``, ``PO``, ``FO/8``, ``F7S``, ``F7S/8``,
    ``FR``, ``N2L1D``, ``F2L3D`` ...). Blind games set the blinds; fixed-limit games set
    ``small_bet``/``big_bet``; stud sets ``ante`` and ``bring_in``.
    """

    name: str = _opt("", required=True, doc="name shown in the console's list")
    game: str = _opt("NT", required=True, doc="PHH variant code")
    small_blind: int = _opt(0, rule="BET-SB-SIZE", minimum=0, doc="small blind")
    big_blind: int = _opt(0, rule="BET-SB-SIZE", minimum=0, doc="big blind")
    small_bet: int = _opt(0, rule="ST-LIMITS", minimum=0, doc="fixed limit: the small bet")
    big_bet: int = _opt(0, rule="ST-LIMITS", minimum=0, doc="fixed limit: the big bet")
    ante: int = _opt(0, rule="BET-FORCED", minimum=0, doc="ante per player")
    bring_in: int = _opt(0, rule="ST-BRINGIN", minimum=0, doc="stud: the bring-in")
    straddle: int = _opt(0, rule="BET-STRADDLE", minimum=0, doc="straddle amount (0 = none)")
    max_seats: int = _opt(9, minimum=2, maximum=10, doc="most players at the table")
    starting_stack: int | None = _opt(None, rule="TRN-START", minimum=1,
                                      doc="tournament: every player's starting stack")
    schedule: str | None = _opt(None, rule="TRN-LEVELS", doc="name of a blind schedule")
    hand_limit: int | None = _opt(None, rule="TRN-MODES", minimum=1,
                                  doc="tournament: the game ends after this many hands")
    rake: bool = _opt(True, rule="RAKE-SHARE", doc="whether this game is raked")
    openers: DrawOpeners | None = _opt(None, rule="DR-OPENERS",
                                       doc="draw high: overrides draw.openers for this game")

    def _cross_checks(self) -> list[tuple[str, str]]:
        problems = []
        if not self.name.strip():
            problems.append(("name", "a preset needs a name"))
        if self.big_blind < self.small_blind:
            problems.append(("big_blind", f"big_blind {self.big_blind} is below the "
                             f"small_blind {self.small_blind}"))
        if self.big_bet < self.small_bet:
            problems.append(("big_bet", f"big_bet {self.big_bet} is below the "
                             f"small_bet {self.small_bet}"))
        if self.bring_in and self.small_bet and self.bring_in > self.small_bet:
            problems.append(("bring_in", f"bring_in {self.bring_in} is above the "
                             f"small_bet {self.small_bet}"))
        if self.straddle and self.straddle < 2 * self.big_blind:
            problems.append(("straddle", f"straddle {self.straddle} is below twice the "
                             f"big_blind {self.big_blind}"))
        if self.schedule is not None and self.starting_stack is None:
            problems.append(("starting_stack", "a preset with a schedule needs a starting_stack"))
        return problems


NO_PRESETS = "presets lists no game: add at least one (a table deals the first by default)"
"""The one refusal of a house file without a game, by check-rules and by a new table."""


@dataclass(frozen=True)
class HouseRules(_Checked):
    """Everything a house can choose; ``HouseRules()`` is the catalogue's defaults."""

    schema_version: int = _opt(1, minimum=1, doc="format version of the file")
    odd_chip: OddChipRules = _opt(factory=OddChipRules, doc="odd chips")
    fixed_limit: FixedLimitRules = _opt(factory=FixedLimitRules, doc="fixed-limit betting")
    straddle: StraddleRules = _opt(factory=StraddleRules, doc="straddles")
    showdown: ShowdownRules = _opt(factory=ShowdownRules, doc="showdown order")
    rake: RakeRules = _opt(factory=RakeRules, doc="rake")
    deck: DeckRules = _opt(factory=DeckRules, doc="deck")
    lowball: LowballRules = _opt(factory=LowballRules, doc="lowball")
    draw: DrawRules = _opt(factory=DrawRules, doc="draw high")
    irregularities: IrregularityRules = _opt(factory=IrregularityRules, doc="rulings")
    table: TableRules = _opt(factory=TableRules, doc="seating and button")
    trainer: TrainerRules = _opt(factory=TrainerRules, doc="trainer")
    player_screen: PlayerScreenRules = _opt(factory=PlayerScreenRules,
                                            doc="what the players' screen shows")
    schedules: tuple[BlindSchedule, ...] = _opt((), doc="tournament blind schedules")
    presets: tuple[GamePreset, ...] = _opt((), doc="games the console offers")

    def __post_init__(self) -> None:
        object.__setattr__(self, "schedules", tuple(self.schedules))
        object.__setattr__(self, "presets", tuple(self.presets))
        super().__post_init__()

    def _cross_checks(self) -> list[tuple[str, str]]:
        problems = []
        names = [getattr(preset, "name", None) for preset in self.presets]
        for index, name in enumerate(names):
            if name is not None and name in names[:index]:
                problems.append((f"presets[{index}].name", f"two presets are named {name!r}"))
        schedule_names = [getattr(schedule, "name", None) for schedule in self.schedules]
        for index, name in enumerate(schedule_names):
            if name is not None and name in schedule_names[:index]:
                problems.append((f"schedules[{index}].name", f"two schedules are named {name!r}"))
        known_schedules = [name for name in schedule_names if name is not None]
        for index, preset in enumerate(self.presets):
            if preset is None:
                continue
            if preset.straddle and getattr(self.straddle, "allowed", True) is False:
                problems.append((f"presets[{index}].straddle", f"preset {preset.name!r} has a "
                                 "straddle but straddle.allowed is false (BET-STRADDLE)"))
            if None in schedule_names:  # a schedule had a problem: its name may be unknown
                continue
            if preset.schedule is not None and preset.schedule not in known_schedules:
                import difflib  # a misspelt name only

                close = difflib.get_close_matches(preset.schedule, known_schedules, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                problems.append((f"presets[{index}].schedule", f"preset {preset.name!r} names "
                                 f"an unknown schedule {preset.schedule!r}{hint}"))
        return problems

    def preset(self, name: str) -> GamePreset:
        """Return the preset with this name.

        Raises:
            UnknownPresetError: no such preset; the message names the closest ones.

        """
        for preset in self.presets:
            if preset.name == name:
                return preset
        raise UnknownPresetError(name, known=tuple(p.name for p in self.presets))

    def openers_for(self, preset: GamePreset) -> DrawOpeners:
        """Return what opens in this preset's game: its own ``openers``, else the house's."""
        return preset.openers if preset.openers is not None else self.draw.openers

    def schedule(self, name: str) -> BlindSchedule:
        """Return the blind schedule with this name (KeyError if none)."""
        for schedule in self.schedules:
            if schedule.name == name:
                return schedule
        raise KeyError(name)
