"""What the camera says about the hand: the board as seen, seat up cards, and flags.

Why here, pure and Qt-free: the session feeds stable sightings (from `Smoother`) and what
the engine expects; this module compares them and proposes flags with the catalogue's rule
IDs. It never changes a hand: a flag is shown to the dealer, who rules. Only confident
sightings count; the others are listed for the dealer to confirm.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from dealerassist.cards import Card
from dealerassist.vision.sighting import Sighting

__all__ = ["CameraFlag", "TableObservation", "check_board", "observe"]

BOARD_ZONE = "board"
_EARLY_RULE = {0: "IRR-FLOP-EARLY", 3: "IRR-TURN-EARLY", 4: "IRR-RIVER-EARLY"}
_NEXT = {0: 3, 3: 4, 4: 5}  # board size once the next street is dealt


@dataclass(frozen=True, slots=True)
class TableObservation:
    """Stable sightings sorted by zone.

    Attributes:
        board: confident cards in the board zone, left to right.
        seats: seat zone -> its confident up cards, left to right.
        unconfirmed: sightings too unsure to count until the dealer confirms them.
        elsewhere: confident cards outside any board or seat zone (muck, uncalibrated).

    """

    board: tuple[Sighting, ...]
    seats: dict[str, tuple[Sighting, ...]]
    unconfirmed: tuple[Sighting, ...]
    elsewhere: tuple[Sighting, ...]

    @property
    def board_cards(self) -> tuple[Card, ...]:
        """The board as cards, left to right."""
        return tuple(s.card for s in self.board)


@dataclass(frozen=True, slots=True)
class CameraFlag:
    """A proposed irregularity: the rule, a message for the dealer and the cards involved."""

    rule_id: str
    message: str
    cards: tuple[Card, ...]


def observe(stable: Sequence[Sighting]) -> TableObservation:
    """Sort stable sightings into board, seats, unconfirmed and elsewhere."""
    board, unconfirmed, elsewhere = [], [], []
    seats: dict[str, list[Sighting]] = {}
    for sighting in sorted(stable, key=lambda s: s.centre):
        if sighting.needs_confirmation:
            unconfirmed.append(sighting)
        elif sighting.zone == BOARD_ZONE:
            board.append(sighting)
        elif sighting.zone.startswith("seat"):
            seats.setdefault(sighting.zone, []).append(sighting)
        else:
            elsewhere.append(sighting)
    return TableObservation(
        tuple(board),
        {zone: tuple(cards) for zone, cards in seats.items()},
        tuple(unconfirmed),
        tuple(elsewhere),
    )


def check_board(
    observation: TableObservation,
    *,
    board_dealt: int,
    betting_open: bool,
    dead_cards: Collection[Card] = (),
) -> list[CameraFlag]:
    """Propose flags for a hold'em/Omaha board seen by the camera.

    Args:
        observation: what the camera sees now.
        board_dealt: board cards the dealer has dealt so far per the hand (0, 3, 4 or 5).
        betting_open: True while a betting round is unfinished (no board card is due).
        dead_cards: cards known elsewhere (shown hands, burned, mucked face up).

    Returns:
        IRR-FLOP-COUNT when more than three cards come with the flop; IRR-FLOP-EARLY,
        IRR-TURN-EARLY or IRR-RIVER-EARLY when a board card appears before its betting
        round finished (or with the street before it); IRR-DECK when a card is seen twice,
        is already dead, or the board holds more than five cards.

    """
    flags: list[CameraFlag] = []
    seen = observation.board_cards
    due = board_dealt if betting_open else _NEXT.get(board_dealt, board_dealt)
    if len(seen) > due:
        if betting_open and board_dealt in _EARLY_RULE:
            flags.append(CameraFlag(_EARLY_RULE[board_dealt],
                                    "a board card was shown before the betting round finished",
                                    seen[board_dealt:]))
        elif board_dealt == 0:
            flags.append(CameraFlag("IRR-FLOP-COUNT",
                                    f"{len(seen)} cards on the flop: the flop is redealt", seen))
        elif due in _EARLY_RULE:  # two streets at once: the later card came early
            flags.append(CameraFlag(_EARLY_RULE[due],
                                    "a board card was shown before the betting round finished",
                                    seen[due:]))
        else:
            flags.append(CameraFlag("IRR-DECK", "more than five board cards", seen[5:]))
    everything = list(seen) + [s.card for cards in observation.seats.values() for s in cards]
    everything += [s.card for s in observation.elsewhere]
    counts = Counter(everything)
    dead = set(dead_cards)
    doubled = tuple(sorted({c for c, n in counts.items() if n > 1 or c in dead},
                           key=lambda c: c.code))
    if doubled:
        flags.append(CameraFlag("IRR-DECK",
                                "a card is seen twice or is already dead: check the deck",
                                doubled))
    return flags
