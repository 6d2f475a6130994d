"""Built-in rule sets: the shipped house file, and the conventions PHH hand histories follow.

`default_rules()` is the ``rules.yaml`` shipped inside the package (identical to the one at
the top of the repository; a test keeps them so). `phh_profile()` is what ``replay`` uses
unless ``--rules`` says otherwise: a hand history was played under its own room's rules,
and PHH files follow those of their reference implementation, pokerkit 0.7.7:

- fixed limit: four bets or raises a round with the blinds not counted (pre-flop with 1/2
  blinds: 2-4-6-8-10; after the flop a bet and three raises), so ``cap_bets`` is 4 in every
  family with ``blind_counts_as_bet`` False, and the cap is never lifted heads-up (pokerkit
  ``State._verify_completion_betting_or_raising``: one count for every bet or raise,
  ``max_completion_betting_or_raising_count`` = 4 in its fixed-limit variants);
- stud: no open-pair option on 4th street (pokerkit always bets the small bet there), so
  ``open_pair_big_bet`` is False;
- the odd chip goes to the lowest seat index in every game, stud included;
- no rake;
- a short all-in never counts as a full raise, however large: pokerkit reopens the betting
  for players who already acted only when the all-in raises (alone or summed with the short
  all-ins before it) reach a full raise, so ``half_bet_allin_reopens`` is False;
- after a straddle the minimum raise is straddle + big blind (1/2/4: to 6), so the straddle
  does not act as the big blind;
- after the draw the first player still in left of the button acts first, antes or blinds
  (``draw.first_after_draw: position``; DR-AFTER's opener-first is a house option).
"""

from __future__ import annotations

import dataclasses
import functools

from dealerassist.rules.model import (
    DrawRules,
    FamilyCaps,
    FirstAfterDraw,
    FixedLimitRules,
    GameFamily,
    HouseRules,
    OddChipRule,
    OddChipRules,
    RakeRules,
    StraddleRules,
)

__all__ = ["DEFAULT_RULES_RESOURCE", "default_rules", "default_rules_text", "phh_profile"]

#: File name of the shipped house rules inside this package.
DEFAULT_RULES_RESOURCE = "default_rules.yaml"


def default_rules_text() -> str:
    """Return the text of the shipped house rules file."""
    from importlib import resources  # not needed by `phh_profile` (replay)

    return resources.files(__package__).joinpath(DEFAULT_RULES_RESOURCE).read_text("utf-8")


@functools.cache
def default_rules() -> HouseRules:
    """Return the shipped house rules (read and validated once)."""
    from dealerassist.rules.loader import parse_rules_text  # YAML: only when asked

    return parse_rules_text(default_rules_text(), f"<package>/{DEFAULT_RULES_RESOURCE}")


@functools.cache
def phh_profile() -> HouseRules:
    """Return the conventions PHH hand histories follow (those of pokerkit 0.7.7)."""
    return dataclasses.replace(
        HouseRules(),
        fixed_limit=FixedLimitRules(
            cap_bets=FamilyCaps({family: 4 for family in GameFamily}),
            cap_lifted_heads_up=False,
            half_bet_allin_reopens=False,
            blind_counts_as_bet=False,
            open_pair_big_bet=False,
        ),
        odd_chip=OddChipRules(board=OddChipRule.LOWEST_SEAT, stud=OddChipRule.LOWEST_SEAT),
        rake=RakeRules(enabled=False),
        straddle=StraddleRules(allowed=True, acts_as_big_blind=False),
        draw=DrawRules(first_after_draw=FirstAfterDraw.POSITION),
    )
