"""Jacks or better: who needs openers, who has them, and a passed-out deal.

- JB-OPEN / DR-OPENERS: in jacks or better (``FJB``), and in draw high when the house sets
  ``draw.openers: jacks_or_better``, the first bet before the draw needs a pair of jacks
  or better. `has_openers` says whether cards hold them (best five of up to ten cards).
- JB-PROVE / JB-SPLIT: the opener must show openers to win; the proof is their final hand
  together with the cards they discarded (a split opener keeps the discards aside).
- JB-NO-OPEN: when nobody opens, the deal is passed out: the antes stay in the pot for the
  next deal (`passed_out`); the house limit on re-antes (``draw.jacks_ante_limit``) is for
  the table, which counts consecutive passed-out deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from dealerassist.cards import Card, parse_cards
from dealerassist.games.spec import Family, ForcedBets, GameSpec
from dealerassist.rules.model import DrawOpeners, HouseRules

__all__ = ["has_openers", "needs_openers"]

# Enum members as module constants: looking a member up on its class goes through the
# enum metaclass (~0.1 us), and the hot paths below test several per event.
_ANTES_ONLY = ForcedBets.ANTES_ONLY
_FAMILY_DRAW = Family.DRAW


def needs_openers(game: GameSpec, rules: HouseRules) -> bool:
    """Whether the first bet before the draw needs jacks or better (JB-OPEN, DR-OPENERS)."""
    if game.family is not _FAMILY_DRAW or game.forced is not _ANTES_ONLY:
        return False
    if game.high is None or game.low is not None:
        return False
    return game.code[1:] == "JB" or rules.draw.openers is DrawOpeners.JACKS_OR_BETTER


@cache
def _threshold() -> int:
    from dealerassist.evaluation.high import high_strength

    return high_strength(tuple(card.code for card in parse_cards("JhJd2c3d4h")))


def has_openers(cards: Sequence[Card]) -> bool:
    """Whether the known cards among ``cards`` make a pair of jacks or better."""
    from dealerassist.evaluation.high import high_strength

    codes = tuple(card.code for card in cards if not card.is_unknown)
    if len(codes) < 5:
        return False
    threshold = _threshold()
    return any(high_strength(five) >= threshold for five in combinations(codes, 5))
