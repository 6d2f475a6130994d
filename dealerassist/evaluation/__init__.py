"""Hand evaluators: high, short-deck high, Omaha, 8-or-better, A-5, 2-7, badugi, stud up cards.

Every evaluator returns a `HandValue` whose ``strength`` orders hands of its kind
(greater is better, lows included) together with the five cards that play. Hot loops use
the ``*_strength`` functions on `Card.code` ints, which allocate nothing and give the
same numbers. Pure: imports only `dealerassist.cards` and `dealerassist.errors`.
The names below are imported on first use (PEP 562), so importing one evaluator (or
`partial`, which the stud engine needs) loads neither the others nor their tables.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Imported now: the submodule of the same name would otherwise shadow the function once
# anything imports ``dealerassist.evaluation.describe`` (it is light: `value` only).
from dealerassist.evaluation.describe import describe

if TYPE_CHECKING:
    from dealerassist.evaluation.badugi import badugi_strength, evaluate_badugi
    from dealerassist.evaluation.high import (
        evaluate_high,
        evaluate_short_deck_high,
        high_strength,
        short_deck_strength,
    )
    from dealerassist.evaluation.low_ace_five import evaluate_low_a5, low_a5_strength
    from dealerassist.evaluation.low_deuce_seven import evaluate_low_27, low_27_strength
    from dealerassist.evaluation.low_eight import evaluate_low8, low8_strength
    from dealerassist.evaluation.omaha import (
        evaluate_omaha_high,
        evaluate_omaha_low8,
        omaha_high_strength,
        omaha_low8_strength,
    )
    from dealerassist.evaluation.partial import (
        bring_in_player,
        rank_up_cards_high,
        rank_up_cards_low,
    )
    from dealerassist.evaluation.value import (
        BadugiCategory,
        EvaluationKind,
        HandCategory,
        HandValue,
    )

# public name -> the module defining it
_HOMES = {
    "BadugiCategory": "dealerassist.evaluation.value",
    "EvaluationKind": "dealerassist.evaluation.value",
    "HandCategory": "dealerassist.evaluation.value",
    "HandValue": "dealerassist.evaluation.value",
    "badugi_strength": "dealerassist.evaluation.badugi",
    "bring_in_player": "dealerassist.evaluation.partial",
    "evaluate_badugi": "dealerassist.evaluation.badugi",
    "evaluate_high": "dealerassist.evaluation.high",
    "evaluate_low8": "dealerassist.evaluation.low_eight",
    "evaluate_low_27": "dealerassist.evaluation.low_deuce_seven",
    "evaluate_low_a5": "dealerassist.evaluation.low_ace_five",
    "evaluate_omaha_high": "dealerassist.evaluation.omaha",
    "evaluate_omaha_low8": "dealerassist.evaluation.omaha",
    "evaluate_short_deck_high": "dealerassist.evaluation.high",
    "high_strength": "dealerassist.evaluation.high",
    "low8_strength": "dealerassist.evaluation.low_eight",
    "low_27_strength": "dealerassist.evaluation.low_deuce_seven",
    "low_a5_strength": "dealerassist.evaluation.low_ace_five",
    "omaha_high_strength": "dealerassist.evaluation.omaha",
    "omaha_low8_strength": "dealerassist.evaluation.omaha",
    "rank_up_cards_high": "dealerassist.evaluation.partial",
    "rank_up_cards_low": "dealerassist.evaluation.partial",
    "short_deck_strength": "dealerassist.evaluation.high",
}

__all__ = [
    "BadugiCategory",
    "EvaluationKind",
    "HandCategory",
    "HandValue",
    "badugi_strength",
    "bring_in_player",
    "describe",
    "evaluate_badugi",
    "evaluate_high",
    "evaluate_low8",
    "evaluate_low_27",
    "evaluate_low_a5",
    "evaluate_omaha_high",
    "evaluate_omaha_low8",
    "evaluate_short_deck_high",
    "high_strength",
    "low8_strength",
    "low_27_strength",
    "low_a5_strength",
    "omaha_high_strength",
    "omaha_low8_strength",
    "rank_up_cards_high",
    "rank_up_cards_low",
    "short_deck_strength",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
