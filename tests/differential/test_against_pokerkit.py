"""Differential test: random hands on pokerkit 0.7.7 and on the engine, compared.

At every betting decision the amount to call and the minimum and maximum raise-to must be
equal, and the final stacks too, except the documented departures counted by the driver
(see `tests.differential.driver`). ~1,000 hands run in `make test`; the 10,000-hand proof
is marked slow (`make test-all`). Stud (F7S, F7S/8, FR) and draw (N2L1D, F2L3D, FB): 600
hands each in `make test`, 5,000 per variant marked slow.
"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pokerkit")

from tests.differential.driver import ALL_STRUCTURES, BOARD, DRAW, STUD, run_many  # noqa: E402


def _check(count: int, seed: int, variants: tuple[str, ...] = BOARD) -> dict[str, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        outcomes, totals = run_many(count, seed=seed, variants=variants)
    problems = [(o.config, o.mismatches) for o in outcomes if o.mismatches]
    assert not problems, problems[:5]
    assert totals["final_equal"] + totals["payout_departures"] == count
    # The departures are rare corner cases, not a way to hide disagreement.
    assert totals["payout_departures"] <= count // 20
    assert totals["departures"] <= totals["decisions"] // 100
    return totals


def test_limits_and_final_stacks_match_pokerkit_on_1000_random_hands() -> None:
    totals = _check(1000, seed=20261130)
    assert totals["decisions"] > 8000  # real betting happened, across all variants
    assert totals["final_equal"] >= 950


@pytest.mark.slow
def test_limits_and_final_stacks_match_pokerkit_on_10000_random_hands() -> None:
    totals = _check(10_000, seed=7)
    print(f"differential 10,000 hands over {BOARD}: {totals}")


def test_ST_BRINGIN_ST_COMPLETE_ST_FIRST_stud_matches_pokerkit_on_600_random_hands() -> None:
    # F7S, F7S/8, FR in turn (200 each): the bring-in player and amount, the completion,
    # who opens each later round, every limit, and the final stacks.
    totals = _check(600, seed=20261130, variants=STUD)
    assert totals["decisions"] > 8000
    assert totals["final_equal"] >= 590
    assert totals["departures"] == 0


@pytest.mark.slow
def test_stud_matches_pokerkit_on_5000_random_hands_of_each_variant() -> None:
    totals = _check(15_000, seed=11, variants=STUD)
    assert all(totals[f"hands_{v}"] == 5000 for v in STUD)
    print(f"differential 15,000 stud hands over {STUD}: {totals}")


def test_DR_DRAW_draw_games_match_pokerkit_on_600_random_hands() -> None:
    # N2L1D, F2L3D, FB in turn (200 each): who draws in which order, the draws, every
    # betting decision after them, and the final stacks.
    totals = _check(600, seed=20261130, variants=DRAW)
    assert totals["decisions"] > 4000
    assert totals["final_equal"] >= 590


@pytest.mark.slow
def test_draw_games_match_pokerkit_on_5000_random_hands_of_each_variant() -> None:
    totals = _check(15_000, seed=13, variants=DRAW)
    assert all(totals[f"hands_{v}"] == 5000 for v in DRAW)
    print(f"differential 15,000 draw hands over {DRAW}: {totals}")


def test_HE_LIMITS_every_game_at_every_structure_matches_pokerkit_on_420_random_hands() -> None:
    # Every game pokerkit can play (hold'em, short deck, Omaha, Omaha hi-lo, seven-card
    # stud, stud hi-lo, razz, five-card stud, 2-7 and A-5 single and triple draw, badugi,
    # five-card draw) at fixed, pot and no limit: pokerkit's `State` built from the streets
    # of each with that structure. 10 hands of each of the 42 codes.
    totals = _check(len(ALL_STRUCTURES) * 10, seed=20261205, variants=ALL_STRUCTURES)
    assert all(totals[f"hands_{v}"] == 10 for v in ALL_STRUCTURES)
    assert totals["decisions"] > 3000


@pytest.mark.slow
def test_every_game_at_every_structure_matches_pokerkit_on_100_hands_of_each() -> None:
    totals = _check(len(ALL_STRUCTURES) * 100, seed=7, variants=ALL_STRUCTURES)
    assert all(totals[f"hands_{v}"] == 100 for v in ALL_STRUCTURES)
    print(f"differential {len(ALL_STRUCTURES) * 100:,} hands over {ALL_STRUCTURES}: {totals}")
