"""Hand events: the facts of one hand, past tense, frozen (events are the truth).

A hand's state is a fold of `evolve` over these events, starting from `new_hand(setup)`
(which posts the forced bets of the setup). Every event class carries ``class_version`` so
the journal can upcast old records. Players are indexed 0..n-1 in PHH order: 0 is the first
player left of the button, n-1 the button (heads-up: 0 is the big blind, 1 the button).

Amounts are integers in the table's smallest unit. ``*To`` amounts are the player's total
bet for the round after the action (the PHH ``cbr`` convention).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from typing import ClassVar, TypeAlias

from dealerassist.cards import Card
from dealerassist.records import quick_init

__all__ = [
    "BetPlaced",
    "BoardCardIdentified",
    "BoardDealt",
    "BringInPosted",
    "Called",
    "CardsDrawn",
    "CardsShown",
    "Checked",
    "DiscardsReshuffled",
    "DrawDeclared",
    "Event",
    "Folded",
    "HoleCardsDealt",
    "KeepOpenersAsked",
    "Mucked",
    "OpeningHandShown",
    "PotAwarded",
    "PotCarried",
    "PotHalf",
    "RaisedTo",
    "RakeTaken",
]


@quick_init
@dataclass(frozen=True, slots=True)
class HoleCardsDealt:
    """Cards dealt to one player on the current street (HE-DEAL); faces may be UNKNOWN."""

    class_version: ClassVar[int] = 1
    player: int
    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class BoardDealt:
    """Community cards turned on the current street, after its burn (HE-STREETS).

    Faces may be `dealerassist.cards.UNKNOWN` when the dealer enters them later
    (`BoardCardIdentified`).
    """

    class_version: ClassVar[int] = 1
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BoardCardIdentified:
    """A board card dealt as unknown is now known (``position`` 0..4 on the board)."""

    class_version: ClassVar[int] = 1
    position: int
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class Folded:
    """The player gave up the hand; their chips stay in the pots (POT-FOLDED)."""

    class_version: ClassVar[int] = 1
    player: int


@quick_init
@dataclass(frozen=True, slots=True)
class Checked:
    """The player checked (nothing to call) (G-ACT)."""

    class_version: ClassVar[int] = 1
    player: int


@quick_init
@dataclass(frozen=True, slots=True)
class Called:
    """The player called ``amount`` more chips (all-in for less when short, G-ALLIN)."""

    class_version: ClassVar[int] = 1
    player: int
    amount: int


@quick_init
@dataclass(frozen=True, slots=True)
class BetPlaced:
    """The player opened the round's betting with a total bet of ``to`` (G-ACT)."""

    class_version: ClassVar[int] = 1
    player: int
    to: int


@quick_init
@dataclass(frozen=True, slots=True)
class RaisedTo:
    """The player raised (or completed a bring-in) to a total bet of ``to`` this round."""

    class_version: ClassVar[int] = 1
    player: int
    to: int


@quick_init
@dataclass(frozen=True, slots=True)
class BringInPosted:
    """Stud: the low (or high) card posted the bring-in (ST-BRINGIN)."""

    class_version: ClassVar[int] = 1
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class DrawDeclared:
    """Draw games: the player announced how many cards they draw (DR-CHANGE).

    Optional: a draw entered without it is final as entered. A second declaration by the
    same player is a change of the number, allowed until a card has been pulled for them
    or the next player in the draw has declared their own number (DR-CHANGE).
    """

    class_version: ClassVar[int] = 1
    player: int
    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """Draw games: the player discarded ``discarded`` and received ``received`` (LB-DEAL).

    As many received as discarded, up to four in a row (DR-DRAW-MAX). A draw of five is
    two events: five discarded and four received, then, once every other player has drawn
    (after a burn when this player is the last to draw), nothing discarded and the fifth
    card received.
    """

    class_version: ClassVar[int] = 1
    player: int
    discarded: tuple[Card, ...]
    received: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class CardsShown:
    """The player tabled their hole cards at showdown (G-SHOW-CLAIM)."""

    class_version: ClassVar[int] = 1
    player: int
    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Mucked:
    """The player threw their cards away at showdown, giving up every pot (G-SHOW-CLAIM)."""

    class_version: ClassVar[int] = 1
    player: int


@quick_init
@dataclass(frozen=True, slots=True)
class RakeTaken:
    """The house took ``amount`` from pot ``pot_index`` (RAKE-RATE, RAKE-NFND)."""

    class_version: ClassVar[int] = 1
    pot_index: int
    amount: int


@unique
class PotHalf(StrEnum):
    """Which part of a pot an award is (O8-SPLIT)."""

    WHOLE = "whole"
    HIGH = "high"
    LOW = "low"


@quick_init
@dataclass(frozen=True, slots=True)
class PotAwarded:
    """``amount`` of pot ``pot_index`` (or of its ``half``) went to ``player`` (POT-AWARD)."""

    class_version: ClassVar[int] = 1
    pot_index: int
    player: int
    amount: int
    half: PotHalf = PotHalf.WHOLE


@dataclass(frozen=True, slots=True)
class PotCarried:
    """Pot ``pot_index`` (``amount`` chips) goes to nobody: it stays for the next deal.

    JB-PROVE: its only contender is an opener who shows no openers; the money stays with
    the antes as IRR-JB-FALSE says for a false opener.
    """

    class_version: ClassVar[int] = 1
    pot_index: int
    amount: int


@dataclass(frozen=True, slots=True)
class DiscardsReshuffled:
    """Draw games: the stub ran out, so the discards were shuffled into a new stub (DR-DRAW).

    Standard practice: the discards of every player but ``player``, the one being served,
    go back into the stub (never the burns); cards dealt from it may then be cards
    discarded earlier in the hand. Refused while the stub still holds the cards
    ``player`` is due.
    """

    class_version: ClassVar[int] = 1
    player: int


@dataclass(frozen=True, slots=True)
class KeepOpenersAsked:
    """Jacks or better: ``player`` asks that the opener keeps the opening hand (JB-KEEP).

    The opener may still fold, but the hand is not mucked: it is shown after the pot is
    awarded (`OpeningHandShown`).
    """

    class_version: ClassVar[int] = 1
    player: int


@dataclass(frozen=True, slots=True)
class OpeningHandShown:
    """Jacks or better: after the pot is awarded the opener shows the opening hand (JB-KEEP).

    ``cards``: the hand held when opening (the cards kept and the cards discarded); empty
    when the opener threw it away unshown.
    """

    class_version: ClassVar[int] = 1
    player: int
    cards: tuple[Card, ...]


Event: TypeAlias = (
    HoleCardsDealt
    | BoardDealt
    | BoardCardIdentified
    | Folded
    | Checked
    | Called
    | BetPlaced
    | RaisedTo
    | BringInPosted
    | DrawDeclared
    | DiscardsReshuffled
    | CardsDrawn
    | CardsShown
    | Mucked
    | RakeTaken
    | PotAwarded
    | PotCarried
    | KeepOpenersAsked
    | OpeningHandShown
)
"""Any hand event."""
