"""Every drill kind against hand-worked examples, the seeds' own examples first."""

from __future__ import annotations

import dataclasses

from dealerassist.cards import parse_cards
from dealerassist.engine import HandSetup
from dealerassist.rules.model import UnderRaiseRuling
from dealerassist.trainer.betting_drills import nl_min_from, pl_max_from, to_call_from
from dealerassist.trainer.drill import Payout, PotAnswer
from dealerassist.trainer.pot_drills import pots_from_state, rake_from_state, showdown_from_state
from dealerassist.trainer.ruling_drills import SCENARIOS, ruling_from
from dealerassist.trainer.stud_drills import bring_in_from, stud_first_from

from .helpers import RULES, drive, final_state

NO_RAKE = dataclasses.replace(RULES, rake=dataclasses.replace(RULES.rake, enabled=False))


def _po(stacks, small, big):  # type: ignore[no-untyped-def]
    return HandSetup.create(game="PO", stacks=stacks, small_blind=small, big_blind=big, rules=RULES)


def test_BET_PL_MAX_pot_200_bet_150_call_150_makes_it_800() -> None:
    # [001]: pot 200, bet 150, call 150 -> the next player may make it 800 in all.
    setup = _po((5000,) * 4, 25, 50)
    step = drive(setup, ["c", "c", "c", "x", "r 150", "c"])  # 4 x 50 = 200 pre-flop
    drill = pl_max_from(step)
    assert drill.answer == 800
    assert drill.explanation[3].en == "Pot after the call: 200 + 300 + 150 = 650."
    assert "to 150 + 650 = 800" in drill.explanation[4].en


def test_BET_PL_MAX_pot_50_bet_10_call_10_raises_by_80_to_90() -> None:
    # [002]: pot 50, bet 10, call 10 -> the next may raise by 80 (to 90).
    setup = _po((1000,) * 5, 5, 10)
    step = drive(setup, ["c", "c", "c", "c", "x", "r 10", "c"])
    drill = pl_max_from(step)
    assert drill.answer == 90
    assert "raise by the whole pot, 80: to 10 + 80 = 90" in drill.explanation[4].en


def test_BET_PL_MAX_capped_by_the_stack_is_all_in() -> None:
    setup = _po((1000, 1000, 300, 1000), 25, 50)
    step = drive(setup, ["c", "c", "c", "x", "r 150", "c"])
    drill = pl_max_from(step)
    assert drill.answer == 250  # 300 - 50 pre-flop left: all in to 250
    assert "all in to 250" in drill.explanation[-1].en


def test_BET_NL_MIN_raise_after_raise_to_100_is_at_least_180() -> None:
    # [003]: blinds 10/20, after a raise to 100 (80 more) the next raise is to at least 180.
    setup = HandSetup.create(game="NT", stacks=(2000,) * 4, small_blind=10, big_blind=20,
                             rules=RULES)
    assert nl_min_from(drive(setup, [])).answer == 40  # first raise to at least 40
    drill = nl_min_from(drive(setup, ["r 100"]))
    assert drill.answer == 180
    assert drill.explanation[-1].en.endswith("100 + the last full raise 80 = 180 (BET-NL-MIN).")


def test_BET_SHORT_ALLIN_short_all_in_does_not_change_the_raise_size() -> None:
    setup = HandSetup.create(game="NT", stacks=(2000, 2000, 2000, 130), small_blind=10,
                             big_blind=20, rules=RULES)
    # seat 3 raises to 100, seat 4 all in to 130 (30 more, short): next minimum 130 + 80 = 210
    drill = nl_min_from(drive(setup, ["r 100", "r 130"]))
    assert drill.answer == 210
    assert any("BET-SHORT-ALLIN" in line.en for line in drill.explanation)


def test_G_ACT_small_blind_calls_90_after_a_raise_to_100() -> None:
    setup = HandSetup.create(game="NT", stacks=(2000,) * 3, small_blind=10, big_blind=20,
                             rules=RULES)
    drill = to_call_from(drive(setup, ["r 100"]))  # button raises; small blind to act
    assert drill.answer == 90


def test_G_ALLIN_short_stack_calls_all_in_for_less() -> None:
    setup = HandSetup.create(game="NT", stacks=(60, 2000, 2000), small_blind=10, big_blind=20,
                             rules=RULES)
    drill = to_call_from(drive(setup, ["r 300"]))
    assert drill.answer == 50  # 60 stack - 10 small blind
    assert "all in for 50" in drill.explanation[-1].en


def test_POT_EXAMPLE_chloe_500_all_in_alice_and_bruno_1200() -> None:
    # [003]: Chloé all-in 500, Alice and Bruno bet to 1 200 each: main 1 500, side 1 400.
    setup = HandSetup.create(game="NT", stacks=(500, 3000, 3000), small_blind=10,
                             big_blind=20, rules=RULES)
    state = final_state(setup, ["r 1200", "c", "c"])  # button to 1200, Chloé calls all in
    drill = pots_from_state(state)
    assert drill.answer == (PotAnswer(1500, (1, 2, 3)), PotAnswer(1400, (2, 3)))
    assert "500 + 500 + 500 = 1500" in drill.explanation[0].en


def test_POT_FOLDED_and_POT_UNCALLED_in_the_pots() -> None:
    setup = HandSetup.create(game="NT", stacks=(300, 1000, 1000, 1000), small_blind=10,
                             big_blind=20, rules=RULES)
    # seat 3 raises to 100, seat 4 folds, seat 1 all in 300, seat 2 folds, seat 3 calls
    state = final_state(setup, ["r 100", "f", "r 300", "f", "c"])
    drill = pots_from_state(state)
    assert drill.answer == (PotAnswer(620, (1, 3)),)  # 300 + 300 + 20 from the folded BB


def test_G_ODD_CHIP_split_pot_25_gives_13_to_the_first_seat_left_of_the_button() -> None:
    setup = HandSetup.create(game="NT", stacks=(1000,) * 3, small_blind=5, big_blind=10,
                             rules=NO_RAKE)
    state = final_state(setup, ["c", "f", "x", "x", "x", "x", "x", "x", "x"],
                        holes=["2c 3d", "4c 5d", "6c 7d"], board="Ah Kh Qh Jh Th")
    drill = showdown_from_state(state)
    assert drill.answer == (Payout(2, 13), Payout(3, 12))
    assert any("1 odd chip(s) of 1" in line.en for line in drill.explanation)


def test_O8_SPLIT_high_and_low_halves_with_the_odd_chip_to_the_high() -> None:
    setup = HandSetup.create(game="FO/8", stacks=(1000,) * 3, small_blind=5, big_blind=10,
                             rules=NO_RAKE)
    # pot 25 (seat 1 folds its small blind); seat 3 trip queens high, seat 2 8-4-3-2-A low
    state = final_state(setup, ["c", "f", "x", "x", "x", "x", "x", "x", "x"],
                        holes=["Kc Kd 9s 9h", "Ac 2d Th Td", "Ks Kh Qs Qh"],
                        board="3c 4d 8h 9c Qc")
    drill = showdown_from_state(state)
    assert drill.answer == (Payout(2, 12), Payout(3, 13))  # O8-SPLIT-ODD: odd chip to high
    assert any("high 13, low 12" in line.en for line in drill.explanation)


def test_RAKE_RATE_5_percent_of_300_after_the_flop_is_15_and_nothing_without_a_flop() -> None:
    setup = HandSetup.create(game="NT", stacks=(1000,) * 3, small_blind=10, big_blind=20,
                             rules=RULES)
    state = final_state(setup, ["r 100", "c", "c", "x", "x", "x", "x", "x", "x", "x", "x", "x"],
                        holes=["2c 3d", "Ac Ad", "7s 8s"], board="Kh 9d 4s Jc 5h")
    drill = rake_from_state(state)
    assert drill.answer == 15
    assert drill.explanation[0].en.startswith("300 x 5% = 15")
    folded = final_state(setup, ["r 100", "f", "f"])
    assert rake_from_state(folded).answer == 0  # RAKE-NFND


def test_ST_BRINGIN_lowest_card_clubs_first() -> None:
    drill = bring_in_from("F7S", parse_cards("Kc 2d 2c 9h"))
    assert drill.answer == 3


def test_RZ_BRINGIN_highest_card_aces_low_highest_suit() -> None:
    assert bring_in_from("FR", parse_cards("As 9c 4d")).answer == 2
    assert bring_in_from("FR", parse_cards("Kc Kd 5s")).answer == 2


def test_ST_FIRST_best_showing_hand_and_ties_to_the_dealers_left() -> None:
    hands = (parse_cards("Ac Qd"), parse_cards("5h 5d"), None, parse_cards("Kh Jd"))
    assert stud_first_from("F7S", hands).answer == 2
    tie = (parse_cards("9c 7d"), parse_cards("9h 7s"))
    assert stud_first_from("F7S", tie).answer == 1
    razz = (parse_cards("8c 3d"), parse_cards("7h 2s"), parse_cards("4c 4d"))
    assert stud_first_from("FR", razz).answer == 2


def test_IRR_rulings_are_the_catalogues_and_follow_the_house_options() -> None:
    import random

    first2 = next(s for s in SCENARIOS if s.rule_id == "IRR-HE-EXPOSE-FIRST2")
    drill = ruling_from(first2, first2.situations[0], rng=random.Random(1), rules=RULES)
    right = next(c for c in drill.choices if c.letter == drill.answer)
    assert right.rule_id == "IRR-HE-EXPOSE-FIRST2"
    assert right.text.en.startswith("Misdeal")
    assert len({c.rule_id for c in drill.choices}) == 4
    under = next(s for s in SCENARIOS if s.rule_id == "IRR-UNDERRAISE")
    house = dataclasses.replace(RULES, irregularities=dataclasses.replace(
        RULES.irregularities, underraise=UnderRaiseRuling.CALL))
    drill = ruling_from(under, under.situations[0], rng=random.Random(2), rules=house)
    right = next(c for c in drill.choices if c.letter == drill.answer)
    assert "as a call" in right.text.en


def test_every_ruling_scenario_is_a_catalogue_irregularity() -> None:
    from dealerassist.floor.catalogue import rule_catalogue

    known = {e.rule_id for e in rule_catalogue() if e.rule_id.startswith("IRR-")}
    assert {s.rule_id for s in SCENARIOS} <= known
    assert len(SCENARIOS) >= 15
