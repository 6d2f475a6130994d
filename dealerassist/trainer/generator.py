"""Making drills: one function per kind, the same seed always giving the same drill.

`make_drill(kind, seed=, difficulty=, rules=)` is what the console, the certification run
and ``dealerassist drill`` call. `mixed_kinds` spreads a fixed-length test over every kind.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dealerassist.rules.model import HouseRules
from dealerassist.trainer.betting_drills import nl_min_drill, pl_max_drill, to_call_drill
from dealerassist.trainer.count_drills import change_drill, finish_order_drill
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.draw_drills import draw_first_drill, draw_winner_drill
from dealerassist.trainer.drill import Drill, DrillKind
from dealerassist.trainer.jacks_drills import jb_open_drill
from dealerassist.trainer.limit_drills import limit_raise_drill, open_pair_drill
from dealerassist.trainer.pot_drills import pots_drill, rake_drill, showdown_drill
from dealerassist.trainer.ruling_drills import ruling_drill
from dealerassist.trainer.stud_drills import bring_in_drill, stud_first_drill
from dealerassist.trainer.table_drills import button_drill, first_to_act_drill, show_order_drill

__all__ = ["GENERATORS", "make_drill", "mixed_kinds"]

Generator = Callable[..., Drill]

GENERATORS: dict[DrillKind, Generator] = {
    DrillKind.PL_MAX: pl_max_drill,
    DrillKind.NL_MIN: nl_min_drill,
    DrillKind.TO_CALL: to_call_drill,
    DrillKind.POTS: pots_drill,
    DrillKind.BRING_IN: bring_in_drill,
    DrillKind.STUD_FIRST: stud_first_drill,
    DrillKind.SHOWDOWN: showdown_drill,
    DrillKind.RAKE: rake_drill,
    DrillKind.RULING: ruling_drill,
    DrillKind.DRAW_FIRST: draw_first_drill,
    DrillKind.DRAW_WINNER: draw_winner_drill,
    DrillKind.JB_OPEN: jb_open_drill,
    DrillKind.FIRST_TO_ACT: first_to_act_drill,
    DrillKind.SHOW_ORDER: show_order_drill,
    DrillKind.LIMIT_RAISE: limit_raise_drill,
    DrillKind.OPEN_PAIR: open_pair_drill,
    DrillKind.BUTTON: button_drill,
    DrillKind.CHANGE: change_drill,
    DrillKind.FINISH_ORDER: finish_order_drill,
}


def make_drill(kind: DrillKind | str, *, seed: int, difficulty: Difficulty | str,
               rules: HouseRules) -> Drill:
    """Return the drill of ``kind`` for ``seed`` (deterministic).

    Raises:
        ValueError: an unknown kind or difficulty (the message lists the known ones).

    """
    try:
        kind = DrillKind(kind)
    except ValueError:
        known = ", ".join(k.value for k in DrillKind)
        raise ValueError(f"unknown drill kind {kind!r}; choose one of: {known}") from None
    try:
        level = Difficulty(difficulty)
    except ValueError:
        known = ", ".join(d.value for d in Difficulty)
        raise ValueError(f"unknown difficulty {difficulty!r}; choose one of: {known}") from None
    return GENERATORS[kind](seed, difficulty=level, rules=rules)


def mixed_kinds(count: int, *, seed: int) -> tuple[DrillKind, ...]:
    """``count`` kinds covering every kind as evenly as possible, in a shuffled order."""
    kinds = list(DrillKind)
    chosen = [kinds[k % len(kinds)] for k in range(count)]
    random.Random(seed).shuffle(chosen)
    return tuple(chosen)
