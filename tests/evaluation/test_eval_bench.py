"""The evaluator part of `dealerassist bench` reports the three figures (not timed here)."""

from __future__ import annotations

from dealerassist.cli import bench_evaluator


def test_bench_evaluator_measures_ours_treys_and_pokerkit_side_by_side() -> None:
    figures = bench_evaluator.measure(quick=True)
    assert set(figures) == {"evaluator"}
    evaluator = figures["evaluator"]
    assert set(evaluator) == {"dealerassist_per_s", "treys_per_s", "pokerkit_per_s"}
    assert all(isinstance(rate, float) and rate > 0 for rate in evaluator.values())


def test_bench_evaluator_rates_the_same_hands_as_the_reference() -> None:
    from treys import Card as TreysCard
    from treys import Evaluator

    from dealerassist.cards import Card
    from dealerassist.evaluation import high_strength

    hands = bench_evaluator._hands(200)
    evaluator = Evaluator()

    def treys_rank(hand: tuple[int, ...]) -> int:
        cards = [TreysCard.new(str(Card.from_code(code))) for code in hand]
        return evaluator.evaluate(cards[:2], cards[2:])

    # treys ranks 1 (best) .. 7462; ours grows with strength: the orders must be mirrors.
    ranked = sorted(hands, key=high_strength)
    for worse, better in zip(ranked, ranked[1:], strict=False):
        same = high_strength(worse) == high_strength(better)
        assert (treys_rank(worse) == treys_rank(better)) == same
        assert treys_rank(worse) >= treys_rank(better)
