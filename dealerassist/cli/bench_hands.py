"""Bench part helper: random PHH hands of the standard variants, played by pokerkit.

`write_hands(folder, count, seed=...)` spreads ``count`` hands evenly over the eleven
standard PHH variants (FT, NT, NS, PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB): random
players (2-9 on board games, 2-6 in stud and single draw, 2-4 in triple draw and badugi,
so the stub never runs out), stacks of 20 to 300 big bets, sometimes antes, and a random
player at every decision (fold when facing a bet, check/call, bet/raise of a random legal
size, random discards). Each hand is written with pokerkit's
``HandHistory.from_game_state`` as ``FOLDER/VARIANT/NNNN.phh`` (the ``/`` of FO/8 and
F7S/8 written ``-``); a hand pokerkit itself cannot finish is drawn again. The same seed
writes the same files. ``bench --only replay`` times the whole replay command on them
(``replay.whole_command_generated``); ``scripts/phh_generate.py`` writes them to a folder.
pokerkit is imported here only: a bench and test reference, never a run-time dependency.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pokerkit as pk  # a bench reference only: `dealerassist bench` and scripts/
from pokerkit import Automation, Mode

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)



class _FixedLimitOmahaHiLo(pk.FixedLimitPokerMixin, pk.OmahaHoldemMixin, pk.Holdem):
    """FO/8 betting fixed limit (pokerkit 0.7.7's own class bets pot limit)."""

    hand_types = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)
    max_completion_betting_or_raising_count = 4


pk.HandHistory.variants[_FixedLimitOmahaHiLo] = "FO/8"  # written as FO/8

# code -> (pokerkit class, family, most players)
VARIANTS = {
    "FT": (pk.FixedLimitTexasHoldem, "board", 9),
    "NT": (pk.NoLimitTexasHoldem, "board", 9),
    "NS": (pk.NoLimitShortDeckHoldem, "board", 9),
    "PO": (pk.PotLimitOmahaHoldem, "board", 9),
    "FO/8": (_FixedLimitOmahaHiLo, "board", 9),
    "F7S": (pk.FixedLimitSevenCardStud, "stud", 6),
    "F7S/8": (pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter, "stud", 6),
    "FR": (pk.FixedLimitRazz, "stud", 6),
    "N2L1D": (pk.NoLimitDeuceToSevenLowballSingleDraw, "draw", 6),
    "F2L3D": (pk.FixedLimitDeuceToSevenLowballTripleDraw, "draw", 4),
    "FB": (pk.FixedLimitBadugi, "draw", 4),
}


def _game(code: str, rng: random.Random, n: int) -> tuple[pk.Poker, list[int]]:
    cls, family, _ = VARIANTS[code]
    unit = rng.choice((1, 2, 5, 25, 100))
    ante = rng.choice((0, 0, unit))
    trimming = rng.random() < 0.5
    if family == "stud":
        small = 4 * unit
        game = cls(AUTOMATIONS, trimming, ante, rng.choice((unit, 2 * unit)), small,
                   2 * small, mode=Mode.CASH_GAME)
        big = 2 * small
    else:
        blinds = (unit, 2 * unit)
        if code.startswith("F"):
            game = cls(AUTOMATIONS, trimming, ante, blinds, 2 * unit, 4 * unit,
                       mode=Mode.CASH_GAME)
        elif code == "N2L1D":
            game = cls(AUTOMATIONS, trimming, ante, blinds, 2 * unit, mode=Mode.CASH_GAME)
        else:
            game = cls(AUTOMATIONS, trimming, ante, blinds, 2 * unit, mode=Mode.CASH_GAME)
        big = 2 * unit
    stacks = [big * rng.randint(20, 300) + rng.randint(0, big) for _ in range(n)]
    return game, stacks


def _play(state: pk.State, rng: random.Random) -> None:
    """Random legal decisions to the end of the hand."""
    while state.status:
        if state.can_stand_pat_or_discard():
            hole = state.hole_cards[state.stand_patter_or_discarder_index]
            count = rng.randint(0, min(3, len(hole)))
            state.stand_pat_or_discard(rng.sample(list(hole), count))
        elif state.can_post_bring_in() and (not state.can_complete_bet_or_raise_to()
                                             or rng.random() < 0.7):
            state.post_bring_in()
        elif state.actor_index is not None:
            roll = rng.random()
            if state.can_complete_bet_or_raise_to() and roll < 0.25:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                amount = rng.choice((low, low, high, rng.randint(low, high)))
                state.complete_bet_or_raise_to(amount)
            elif state.can_fold() and state.checking_or_calling_amount and roll < 0.45:
                state.fold()
            else:
                state.check_or_call()
        else:
            raise RuntimeError(f"no decision to make: {state}")


def write_hands(folder: Path, count: int, *, seed: int = 38) -> list[Path]:
    """Write ``count`` random hands under ``folder``; return their paths in order."""
    rng = random.Random(seed)
    state_of_random = random.getstate()
    random.seed(seed)  # pokerkit shuffles its deck with the global generator
    codes = list(VARIANTS)
    paths = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit's notes on odd but legal play
            for k in range(count):
                code = codes[k % len(codes)]
                while True:
                    n = rng.randint(2, VARIANTS[code][2])
                    game, stacks = _game(code, rng, n)
                    state = game(stacks, n)
                    try:
                        _play(state, rng)
                    except (AssertionError, ValueError):  # pokerkit cannot finish it
                        continue
                    break
                history = pk.HandHistory.from_game_state(game, state)
                path = folder / code.replace("/", "-") / f"{k:04d}.phh"
                path.parent.mkdir(parents=True, exist_ok=True)
                with open(path, "wb") as file:
                    history.dump(file)
                paths.append(path)
    finally:
        random.setstate(state_of_random)
    return paths
