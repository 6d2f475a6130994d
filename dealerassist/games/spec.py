"""Game variants as data: streets, dealing, betting structure and evaluators (GameSpec).

A `GameSpec` says everything the hand engine needs to run a variant without any
variant-specific code: the deck, the streets (cards dealt down, up or to the board, burns,
a draw, a betting round and its bet size), who opens each round, the betting structure and
the evaluator(s) for the high and low halves. The engine reads it; it never branches on a
game code. Stud and draw games are expressible (up cards, bring-in, draw rounds) so that the
later stud/draw issue extends the engine without changing this model.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

__all__ = [
    "BetSize",
    "BettingStructure",
    "Evaluator",
    "Family",
    "ForcedBets",
    "GameSpec",
    "Opening",
    "Street",
]


@unique
class BettingStructure(StrEnum):
    """How much a player may bet or raise (HE-LIMITS, BET-FL-*, BET-PL-*, BET-NL-*)."""

    FIXED_LIMIT = "fixed_limit"
    POT_LIMIT = "pot_limit"
    NO_LIMIT = "no_limit"


@unique
class Family(StrEnum):
    """How a game deals its cards; mirrors the rules layer's GameFamily values (BET-FL-CAP)."""

    BOARD = "board"
    STUD = "stud"
    DRAW = "draw"


@unique
class Opening(StrEnum):
    """Who acts first on a betting round.

    ``POSITION``: left of the last blind/straddle pre-flop, else the first active player left
    of the button (HE-FIRST, BET-HEADSUP). ``LOW_CARD``/``HIGH_CARD``: stud bring-in by the
    lowest (ST-BRINGIN) or highest (RZ-BRINGIN) up card. ``HIGH_HAND``/``LOW_HAND``: the best
    high (ST-FIRST) or low (RZ-BRINGIN) hand showing.
    """

    POSITION = "position"
    LOW_CARD = "low_card"
    HIGH_CARD = "high_card"
    HIGH_HAND = "high_hand"
    LOW_HAND = "low_hand"


@unique
class BetSize(StrEnum):
    """Which fixed-limit size a round uses (BET-FL-SIZES, ST-LIMITS, LB-LIMITS)."""

    SMALL = "small"
    BIG = "big"


@unique
class Evaluator(StrEnum):
    """Which evaluator ranks a hand half (names follow `dealerassist.evaluation`)."""

    HIGH = "high"  # best five of any (HE-BEST5, ST7-DEAL)
    SHORT_DECK_HIGH = "short_deck_high"  # 6+ hold'em (PHH NS)
    OMAHA_HIGH = "omaha_high"  # exactly two hole + three board (OM-2PLUS3)
    OMAHA_LOW8 = "omaha_low8"  # O8-QUALIFY, O8-TWO-HANDS
    LOW8 = "low8"  # stud hi-lo low half
    LOW_A5 = "low_a5"  # razz, A-5 lowball (RZ-LOW, LB-A5)
    LOW_27 = "low_27"  # deuce-to-seven (LB-27)
    BADUGI = "badugi"


@unique
class ForcedBets(StrEnum):
    """Which forced bets a game uses besides antes (BET-FORCED)."""

    BLINDS = "blinds"
    BRING_IN = "bring_in"
    ANTES_ONLY = "antes_only"


@dataclass(frozen=True, slots=True)
class Street:
    """One street: the cards dealt, then an optional draw, then a betting round.

    Attributes:
        hole_down: cards dealt face down to each player (HE-DEAL: 2, OM-DEAL: 4).
        hole_up: cards dealt face up to each player (stud).
        board: community cards turned (HE-STREETS: 3, 1, 1).
        burn: whether a card is burnt before this street's cards.
        draw: whether players may discard and draw on this street (LB-DEAL).
        bet_size: fixed-limit bet size of the round.
        opening: who acts first on the round.
        betting: whether the street has a betting round.

    """

    hole_down: int = 0
    hole_up: int = 0
    board: int = 0
    burn: bool = False
    draw: bool = False
    bet_size: BetSize = BetSize.SMALL
    opening: Opening = Opening.POSITION
    betting: bool = True

    def __post_init__(self) -> None:
        for name in ("hole_down", "hole_up", "board"):
            if getattr(self, name) < 0:
                raise ValueError(f"Street.{name} must be 0 or more, not {getattr(self, name)}")

    @property
    def hole_count(self) -> int:
        """Cards each player receives on this street."""
        return self.hole_down + self.hole_up


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A variant as data. Build one per game in `dealerassist.games.catalogue`.

    Attributes:
        code: PHH variant code (``NT``, ``FO/8``...) or a documented project extension.
        name: human name.
        family: board, stud or draw (BET-FL-CAP caps are per family).
        structure: fixed limit, pot limit or no limit.
        streets: the streets in order; the first is dealt before the first betting round.
        high: evaluator for the high half, or None for a low-only game (razz, lowball).
        low: evaluator for the low half, or None when the game is not split.
        forced: blinds, bring-in or antes only.
        deck_ranks: ranks in the deck, lowest first (short deck: 6..A, 36 cards).
        max_players: most players the deal allows (ST7-DEAL: 8).

    """

    code: str
    name: str
    family: Family
    structure: BettingStructure
    streets: tuple[Street, ...]
    high: Evaluator | None
    low: Evaluator | None = None
    forced: ForcedBets = ForcedBets.BLINDS
    deck_ranks: tuple[int, ...] = tuple(range(2, 15))
    max_players: int = 10

    def __post_init__(self) -> None:
        if not self.streets:
            raise ValueError(f"game {self.code}: needs at least one street")
        if self.high is None and self.low is None:
            raise ValueError(f"game {self.code}: needs a high or a low evaluator")

    @property
    def is_split(self) -> bool:
        """True for hi/lo games, whose pots are halved (O8-SPLIT)."""
        return self.high is not None and self.low is not None

    @property
    def deck_size(self) -> int:
        """Cards in the deck (52, or 36 for short deck)."""
        return 4 * len(self.deck_ranks)

    @property
    def hole_card_count(self) -> int:
        """Cards each player holds once every street is dealt."""
        return sum(street.hole_count for street in self.streets)

    @property
    def board_card_count(self) -> int:
        """Community cards once every street is dealt."""
        return sum(street.board for street in self.streets)

    @property
    def has_draws(self) -> bool:
        """True for draw games."""
        return any(street.draw for street in self.streets)
