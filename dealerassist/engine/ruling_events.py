"""Irregularity events: what happened physically at the table, and rulings applied (IRR-*).

Two kinds, both frozen, past tense, with ``class_version`` like the hand events:

- *reports*: the dealer tells the app about a physical event the betting events cannot
  show (a card exposed, an extra card, board cards turned early, a player absent...).
  They record a fact; apart from revealing a face they change no chips.
- *consequences*: a ruling confirmed by the dealer (or decided by the floor), applied by
  `dealerassist.engine.rulings` to the hand's state: a misdeal returning every chip, a
  replaced hole card, board cards going back into the stub, a card set aside and later
  reshuffled, a board card turned without a burn, a dead hand, a floor overrule.

`RulingApplied` opens the group of consequence events of one flag, so the flag's status
(confirmed) is itself a fold over the events. Players are engine indices (PHH order).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from typing import ClassVar, TypeAlias

from dealerassist.cards import Card

__all__ = [
    "ActionAttempted",
    "ActionKind",
    "BoardCardsExposed",
    "BoardCardsReturned",
    "BurnSkipped",
    "ButtonMisplaced",
    "ChipsReturned",
    "CardExposed",
    "CardSetAside",
    "DealError",
    "DealErrorKind",
    "ExtraCardDealt",
    "FalseOpeners",
    "FloorOverruled",
    "FoldedWithoutBet",
    "HandKilled",
    "HandSizeWrong",
    "HoleCardReplaced",
    "MisdealDeclared",
    "PlayerAbsent",
    "RULING_EVENTS",
    "ReportEvent",
    "RulingApplied",
    "RulingEvent",
    "StubReshuffled",
    "WrongBringIn",
]


# ----- reports: physical events --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardExposed:
    """A hole card was seen face up (IRR-HE-EXPOSE-*, IRR-ST-HOLE-UP, IRR-DR-*).

    Attributes:
        player: whose card.
        card: the face seen (may be UNKNOWN when only the fact is reported).
        nth: the card's place in the deal, 1 for the first card off the deck; 0 when
            unknown or after the deal.
        by_dealer: exposed by the dealer's error (a player's own exposure is no misdeal).
        during_draw: draw games: exposed while the draw was dealt (IRR-DR-DRAW-EXPOSED).

    """

    class_version: ClassVar[int] = 1
    player: int
    card: Card
    nth: int = 0
    by_dealer: bool = True
    during_draw: bool = False


@unique
class ActionKind(StrEnum):
    """What a player did at the table (`ActionAttempted`)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


@dataclass(frozen=True, slots=True)
class ActionAttempted:
    """A player acted against the rules: out of turn, an under-raise, an overbet, after the cap.

    The physical action happened; the engine does not apply it (IRR-OUT-OF-TURN,
    IRR-UNDERRAISE, IRR-OVERBET-PL, IRR-CAPPED). ``amount`` is the total bet for a bet or
    raise (the ``to`` of `RaisedTo`).
    """

    class_version: ClassVar[int] = 1
    player: int
    action: ActionKind
    amount: int = 0


@dataclass(frozen=True, slots=True)
class ExtraCardDealt:
    """``count`` card(s) too many were dealt, the first to ``player`` (IRR-HE-EXTRA-*)."""

    class_version: ClassVar[int] = 1
    player: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class BoardCardsExposed:
    """Board cards turned while betting was open, or more than the street deals.

    IRR-FLOP-COUNT, IRR-FLOP-EARLY, IRR-TURN-EARLY, IRR-RIVER-EARLY: which one is decided
    from the hand's state when the report is made.
    """

    class_version: ClassVar[int] = 1
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayerAbsent:
    """Stud: the player is away from the table when it is their turn (IRR-ST-ABSENT)."""

    class_version: ClassVar[int] = 1
    player: int


@dataclass(frozen=True, slots=True)
class ButtonMisplaced:
    """The button is out of position or the wrong blinds were posted (IRR-BUTTON)."""

    class_version: ClassVar[int] = 1
    detail: str = ""


@unique
class DealErrorKind(StrEnum):
    """Dealing errors of the lowball/draw misdeal list (IRR-LB-MISDEAL)."""

    WRONG_COUNT = "wrong_count"  # a wrong number of cards to a player
    FIRST_CARD_WRONG_SEAT = "first_card_wrong_seat"
    OUT_OF_SEQUENCE = "out_of_sequence"
    CARD_TO_EMPTY_SEAT = "card_to_empty_seat"  # or to a player not entitled
    PLAYER_DEALT_OUT = "player_dealt_out"  # an entitled player was left out


@dataclass(frozen=True, slots=True)
class DealError:
    """A dealing error of the lowball/draw list (IRR-LB-MISDEAL); ``player`` if one."""

    class_version: ClassVar[int] = 1
    kind: DealErrorKind
    player: int = -1


@dataclass(frozen=True, slots=True)
class HandSizeWrong:
    """Draw: ``player`` holds ``count`` cards, not five (IRR-DR-SHORT, IRR-DR-FOUL)."""

    class_version: ClassVar[int] = 1
    player: int
    count: int
    after_draw: bool = False


@dataclass(frozen=True, slots=True)
class FalseOpeners:
    """Jacks or better: the opener shows no openers before the draw (IRR-JB-*)."""

    class_version: ClassVar[int] = 1
    player: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class WrongBringIn:
    """Stud: ``player`` brought in, but ``true_player`` holds the low card (IRR-ST-WRONG-LOW).

    ``amount``: the chips ``player`` put out (taken from their stack into the pot, so the
    stacks show them and the ruling can return them); 0 when none were recorded (version
    1 of the event).
    """

    class_version: ClassVar[int] = 2
    player: int
    true_player: int
    amount: int = 0


@dataclass(frozen=True, slots=True)
class FoldedWithoutBet:
    """Stud: ``player`` folded with no bet to call (IRR-ST-FOLD-NOBET)."""

    class_version: ClassVar[int] = 1
    player: int


# ----- consequences: rulings applied ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class RulingApplied:
    """The dealer confirmed the ruling of flag ``flag_id``; its consequences follow."""

    class_version: ClassVar[int] = 1
    flag_id: str
    rule_id: str


@dataclass(frozen=True, slots=True)
class FloorOverruled:
    """A floor person overruled flag ``flag_id`` for ``reason``; the hand goes on as it is."""

    class_version: ClassVar[int] = 1
    flag_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class MisdealDeclared:
    """The hand is void: every chip goes back to its owner (IRR-*-MISDEAL rulings)."""

    class_version: ClassVar[int] = 1
    rule_id: str


@dataclass(frozen=True, slots=True)
class HoleCardReplaced:
    """``old`` in ``player``'s hand was replaced by ``new``; ``old`` is dead (the burn).

    IRR-HE-EXPOSE-OTHER (after the deal), IRR-DR-DRAW-EXPOSED (after the draw).
    """

    class_version: ClassVar[int] = 1
    player: int
    old: Card
    new: Card
    rule_id: str = "IRR-HE-EXPOSE-OTHER"


@dataclass(frozen=True, slots=True)
class BoardCardsReturned:
    """Board cards went back into the stub, to be reshuffled; the burn stays.

    IRR-FLOP-COUNT, IRR-FLOP-EARLY, IRR-RIVER-EARLY. The next board cards of the hand are
    turned without a burn (`BurnSkipped` after their `BoardDealt`).
    """

    class_version: ClassVar[int] = 1
    cards: tuple[Card, ...]
    rule_id: str


@dataclass(frozen=True, slots=True)
class CardSetAside:
    """An early turn card is out of play until the river (IRR-TURN-EARLY)."""

    class_version: ClassVar[int] = 1
    card: Card
    rule_id: str = "IRR-TURN-EARLY"


@dataclass(frozen=True, slots=True)
class StubReshuffled:
    """The stub was reshuffled with ``cards`` set aside earlier (not burns or discards)."""

    class_version: ClassVar[int] = 1
    cards: tuple[Card, ...]
    rule_id: str = "IRR-TURN-EARLY"


@dataclass(frozen=True, slots=True)
class BurnSkipped:
    """The board cards just dealt were turned without a burn, as a ruling says.

    Follows their `BoardDealt` (which stays the plain record of the cards, so a hand
    history export needs nothing new): IRR-FLOP-COUNT, IRR-FLOP-EARLY, IRR-TURN-EARLY,
    IRR-RIVER-EARLY.
    """

    class_version: ClassVar[int] = 1
    rule_id: str


@dataclass(frozen=True, slots=True)
class HandKilled:
    """``player``'s hand is dead (IRR-DR-FOUL, IRR-JB-FALSE, IRR-ST-HOLE-UP, IRR-ST-ABSENT).

    With ``ante_returned`` the player's ante comes back out of the pot (IRR-ST-HOLE-UP, both
    down cards up); otherwise every chip they put in stays in the pot.
    """

    class_version: ClassVar[int] = 1
    player: int
    rule_id: str
    ante_returned: bool = False


@dataclass(frozen=True, slots=True)
class ChipsReturned:
    """``amount`` chips the player put in this hand go back to their stack.

    IRR-ST-WRONG-LOW (the wrong bring-in returned when corrected), IRR-JB-FALSE (bets
    refunded when nobody declares the pot open). Taken from the bet in front of the
    player first, then from the chips they have in the pots.
    """

    class_version: ClassVar[int] = 1
    player: int
    amount: int
    rule_id: str


ReportEvent: TypeAlias = (
    CardExposed | ActionAttempted | ExtraCardDealt | BoardCardsExposed | PlayerAbsent
    | ButtonMisplaced | DealError | HandSizeWrong | FalseOpeners | WrongBringIn | FoldedWithoutBet
)
"""A dealer's report of a physical event."""

RulingEvent: TypeAlias = (
    ReportEvent | RulingApplied | FloorOverruled | MisdealDeclared | HoleCardReplaced
    | BoardCardsReturned | CardSetAside | StubReshuffled | BurnSkipped | HandKilled | ChipsReturned
)
"""Any irregularity event (reports and consequences)."""

RULING_EVENTS: tuple[type, ...] = (
    CardExposed, ActionAttempted, ExtraCardDealt, BoardCardsExposed, PlayerAbsent,
    ButtonMisplaced, DealError, HandSizeWrong, FalseOpeners, WrongBringIn, FoldedWithoutBet,
    RulingApplied, FloorOverruled, MisdealDeclared, HoleCardReplaced, BoardCardsReturned,
    CardSetAside, StubReshuffled, BurnSkipped, HandKilled, ChipsReturned,
)
"""Every irregularity event class (for the journal's codec)."""
