"""Hand evaluators: high, short-deck high, Omaha, 8-or-better, A-5, 2-7, badugi, stud up cards.

Every evaluator returns a `HandValue` whose ``strength`` orders hands of its kind
(greater is better, lows included) together with the five cards that play. Hot loops use
the ``*_strength`` functions on `Card.code` ints, which allocate nothing and give the
same numbers. Pure: imports only `dealerassist.cards` and `dealerassist.errors`.
"""

from dealerassist.evaluation.badugi import badugi_strength, evaluate_badugi
from dealerassist.evaluation.describe import describe
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
