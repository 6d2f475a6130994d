"""Main and side pots with their eligible players (POT-MAIN-SIDE, POT-FOLDED, POT-EXAMPLE).

Pots are layered by contribution: each distinct amount put in by a player closes a layer;
a layer's chips go to the pot of the players still in the hand who reached it. Adjacent
layers with the same eligible players are one pot. Chips of folded players stay in the layer
they reached (POT-FOLDED). Dead antes (no ante trimming) belong to the main pot.
POT-ABANDONED (project rule, docs/engine.md): a layer every contributor of which folded
goes down to the pot below and its contenders, so a hand can always be settled.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from operator import add, not_, or_

from dealerassist.engine.state import HandState
from dealerassist.records import quick_init

__all__ = ["Pot", "pots", "pots_from"]


@quick_init
@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and who can win it (player indices in PHH order)."""

    amount: int
    eligible: tuple[int, ...]


def pots_from(
    contributions: tuple[int, ...] | list[int],
    *,
    in_hand: tuple[bool, ...] | list[bool],
    dead: int = 0,
    pending: tuple[int, ...] | list[int] | None = None,
) -> tuple[Pot, ...]:
    """Pots from what each player put in.

    Args:
        contributions: chips each player has in the pots.
        in_hand: whether each player still has a claim (not folded, not mucked).
        dead: dead money for the main pot (antes without trimming).
        pending: contributions counting the bets still in front of the players, for
            eligibility while a round is open (defaults to ``contributions``).

    Returns:
        The main pot first, then the side pots in the order they formed.

    """
    reach = pending if pending is not None else contributions
    n = len(contributions)
    result: list[Pot] = []
    amount = dead
    previous = 0
    ordered = sorted(contributions)
    live = [i for i in range(n) if in_hand[i]]
    for level in sorted(set(contributions)):
        # The layer's height from each player who put in at least this level.
        amount += (level - previous) * (n - bisect_left(ordered, level))
        previous = level
        eligible = tuple([i for i in live if reach[i] >= level])
        if not eligible and live:
            # POT-ABANDONED (project rule): every player who reached this layer folded (a
            # fold with a check available is binding, so it can happen). Its chips go down
            # to the pot below and its contenders; with no pot below yet, up to the next.
            if result:
                below = result.pop()
                amount += below.amount
                eligible = below.eligible
            else:
                continue
        while result and result[-1].eligible == eligible:
            amount += result.pop().amount
        if amount:
            result.append(Pot(amount, eligible))
        amount = 0
    if amount:  # only chips nobody still in the hand reached, and no pot below them
        result.append(Pot(amount, ()))
    return tuple(result)


def pots(state: HandState) -> tuple[Pot, ...]:
    """Return the pots of ``state`` as they stand (bets in front are not in them yet).

    Example (POT-EXAMPLE): Chloé all-in 500, Alice and Bruno to 1 200 each gives a main pot
    of 1 500 (all three) and a side pot of 1 400 (Alice and Bruno).
    """
    in_hand = tuple(map(not_, map(or_, state.folded, state.mucked)))  # neither folded nor mucked
    if in_hand.count(True) == 1:
        # G-WIN-FOLD: the last player left takes every pot, whatever they put in.
        winner = in_hand.index(True)
        total = sum(state.committed) + state.dead_antes
        return (Pot(total, (winner,)),) if total else ()
    committed = state.committed
    top = max(committed)
    contenders = tuple([i for i, live in enumerate(in_hand) if live])
    if contenders and all(committed[i] == top for i in contenders):
        # No side pot (the usual showdown: every contender put in the most anyone did):
        # every layer has the same contenders, so `pots_from` gives them one pot.
        total = sum(committed) + state.dead_antes
        return (Pot(total, contenders),) if total else ()
    pending = tuple(map(add, committed, state.bets))
    return pots_from(committed, in_hand=in_hand, dead=state.dead_antes, pending=pending)
