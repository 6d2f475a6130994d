"""Stud and draw drills against hand-worked examples (real hands played through the engine).

Each drill kind new to stud or draw hands, and each game family, has an example worked by
hand: the bring-in on a suit tie, the first to act on a later street (with an all-in
opener passed over), who acts first after the draw in an antes-only game and a blind game,
the limits doubling after the draw, 2-7 against A-5 at showdown, a stud hi-lo split with
an odd chip, and the rake of a stud hand that ended on its first round.
"""

from __future__ import annotations

import dataclasses

from dealerassist.cards import parse_cards
from dealerassist.engine import HandSetup
from dealerassist.games.spec import Evaluator
from dealerassist.rules.model import OddChipRule
from dealerassist.trainer.betting_drills import to_call_from
from dealerassist.trainer.draw_drills import (
    draw_first_from,
    draw_first_steps,
    draw_winner_from,
    draw_winner_steps,
    low_reading,
)
from dealerassist.trainer.drill import DrillKind, Payout
from dealerassist.trainer.pot_drills import rake_from_state, showdown_from_state, split_steps
from dealerassist.trainer.stud_drills import bring_in_steps, stud_first_step_drill

from .helpers import RULES, play_script

NO_RAKE = dataclasses.replace(RULES, rake=dataclasses.replace(RULES.rake, enabled=False))


def _stud(game: str, stacks: tuple[int, ...], rules=RULES) -> HandSetup:  # type: ignore[no-untyped-def]
    return HandSetup.create(game=game, stacks=stacks, ante=5, bring_in=10, small_bet=20,
                            big_bet=40, rules=rules)


THIRD = ["deal AhAd Kc", "deal 2c3d 2d", "deal QsJs 9d"]


def test_ST_BRINGIN_two_deuces_the_club_brings_in_for_10() -> None:
    step = play_script(_stud("F7S", (1000,) * 3), ["deal AhKd Kc", "deal 8c3d 2d",
                                                   "deal QsJs 2c"])
    drill = bring_in_steps(step)
    assert drill.kind is DrillKind.BRING_IN
    assert drill.answer == 3  # 2c < 2d: clubs are the lowest suit
    assert drill.rule_ids == ("ST-BRINGIN",)
    assert "2d, 2c" in drill.explanation[1].en
    assert drill.explanation[-2].en == "Seat 3 (2c) brings in."
    assert "The bring-in is 10" in drill.explanation[-1].en


def test_RZ_BRINGIN_two_kings_the_spade_king_brings_in() -> None:
    step = play_script(_stud("FR", (1000,) * 3), ["deal Ah2d Kc", "deal 8c3d Ks",
                                                  "deal 4s5s 9d"])
    drill = bring_in_steps(step)
    assert drill.answer == 2  # razz: highest card, the highest suit (spades) of equal kings
    assert drill.rule_ids == ("RZ-BRINGIN",)


def test_ST_FIRST_open_pair_of_tens_acts_first_on_fourth_street() -> None:
    script = ["deal AhAd Kc", "deal 2c3d 4h", "deal QsJs Ts",
              "b", "r 20", "c", "c",  # seat 2 brings in, seat 3 completes, seats 1 and 2 call
              "deal 7c", "deal Qh", "deal Th"]
    step = play_script(_stud("F7S", (1000,) * 3), script)
    drill = stud_first_step_drill(step)
    assert drill.answer == 3
    assert "Seat 3: a pair of T." in [line.en for line in drill.explanation]
    assert drill.situation[-1].en.startswith("Seat 3 shows Ts Th")


def test_ST_FIRST_an_all_in_opener_is_passed_over_for_the_next_seat_with_chips() -> None:
    script = ["deal AhAd Kc", "deal 2c3d 4h", "deal QsJs Ts",
              "b", "r 20", "c", "c", "deal 7c", "deal Qh", "deal Th"]
    step = play_script(_stud("F7S", (1000, 1000, 25)), script)  # seat 3 all in on 3rd street
    drill = stud_first_step_drill(step)
    assert step.state.actors[0] == 0
    assert drill.answer == 1  # pair of tens all in: seat 1 next clockwise
    assert "Seat 3 is all in" in drill.explanation[-2].en


def _five_draw() -> HandSetup:
    return HandSetup.create(game="F5D", stacks=(1000,) * 3, ante=5, small_bet=20, big_bet=40,
                            rules=RULES)


DEAL5 = ["deal 2c3d4h5s7c", "deal KsKd8c6h4s", "deal 9c8d7h6s2d"]


def test_DR_AFTER_antes_only_the_opener_acts_first_after_the_draw() -> None:
    script = DEAL5 + ["x", "r 20", "c", "c",  # seat 2 opens, seats 3 and 1 call
                      "draw 7c/Jd", "draw 8c6h4s/AcQdJc", "draw -"]
    drill = draw_first_from(play_script(_five_draw(), script))
    assert drill.answer == 2
    assert drill.rule_ids == ("DR-AFTER",)
    assert drill.explanation[0].en.startswith("Antes only: Seat 2 opened")
    assert "Seat 1 draws 1." in [line.en for line in drill.situation]


def test_DR_AFTER_the_opener_folded_the_next_seat_clockwise_acts_first() -> None:
    script = DEAL5 + ["x", "r 20", "r 40", "c", "f",  # seat 2 opens, folds to the raise
                      "draw 7c/Jd", "draw -"]
    step = play_script(_five_draw(), script)
    lines, player = draw_first_steps(step)
    assert player == 2 == step.state.actors[0]
    assert draw_first_from(step).answer == 3
    assert lines[1].en == "Seat 2 has folded: passed over."


def _triple_draw() -> HandSetup:
    return HandSetup.create(game="F2L3D", stacks=(1000,) * 3, small_blind=5, big_blind=10,
                            small_bet=10, big_bet=20, rules=RULES)


TRIPLE = ["deal 2c3d4h5s9c", "deal KsKd8c6h4s", "deal 9d8d7h6s2d",
          "c", "f", "x",  # button calls, small blind folds, big blind checks
          "draw KsKd/3c5c", "draw 9d/Tc"]


def test_LB_DEAL_after_the_draw_the_first_seat_left_of_the_button_still_in_acts() -> None:
    drill = draw_first_from(play_script(_triple_draw(), TRIPLE))
    assert drill.answer == 2  # seat 1 (small blind) folded
    assert drill.rule_ids == ("DR-AFTER", "LB-DEAL")
    assert [line.en for line in draw_first_steps(play_script(_triple_draw(), TRIPLE))[0]] == [
        "After the draw the first seat left of the button still in speaks first (LB-DEAL).",
        "Seat 1 has folded: passed over.",
        "Seat 2 acts first.",
    ]


def test_LB_LIMITS_DR_LIMITS_triple_draw_bet_is_10_after_one_draw_and_20_after_two() -> None:
    after_first = play_script(_triple_draw(), [*TRIPLE, "r 10"])
    assert to_call_from(after_first).answer == 10
    after_second = play_script(_triple_draw(), [*TRIPLE, "x", "x", "draw -", "draw -", "r 20"])
    drill = to_call_from(after_second)
    assert drill.answer == 20
    assert "After the second draw." in [line.en for line in drill.situation]


def _heads_up_draw(game: str) -> HandSetup:
    return HandSetup.create(game=game, stacks=(1000, 1000), small_blind=5, big_blind=10,
                            small_bet=10, big_bet=20, rules=NO_RAKE)


HEADS_UP = ["deal 7c5d4h3s2c", "deal Ac2d3h4s5c", "c", "x", "draw -", "draw -", "x", "x"]


def test_LB_27_seven_five_beats_the_wheel_which_is_ace_high() -> None:
    drill = showdown_from_state(play_script(_heads_up_draw("N2L1D"), HEADS_UP).state)
    assert drill.answer == (Payout(1, 20),)
    assert "LB-27" in drill.rule_ids and "O8-SPLIT" not in drill.rule_ids


def test_LB_A5_the_wheel_is_the_best_low_at_ace_to_five() -> None:
    drill = showdown_from_state(play_script(_heads_up_draw("FA5L1D"), HEADS_UP).state)
    assert drill.answer == (Payout(2, 20),)
    assert "LB-A5" in drill.rule_ids


def test_O8_SPLIT_ODD_stud_hi_lo_pot_of_43_high_22_low_21() -> None:
    script = ["deal AhAd Kc", "deal 2c3d 4h", "deal QsJs 9d",
              "b", "f", "r 20", "c",  # seat 2 brings in 10, seat 3 folds, 1 completes, 2 calls
              "deal Kd", "deal 5h", "x", "x", "deal 7s", "deal 7h", "x", "x",
              "deal 8s", "deal Tc", "x", "x", "deal 9c", "deal Qd", "x", "x"]
    setup = HandSetup.create(game="F7S/8", stacks=(1000,) * 3, ante=1, bring_in=10,
                             small_bet=20, big_bet=40, rules=NO_RAKE)
    drill = showdown_from_state(play_script(setup, script).state)
    # pot 3 antes + 20 + 20 = 43: high (aces up) 22 with the odd chip, low (7-5-4-3-2) 21
    assert drill.answer == (Payout(1, 22), Payout(2, 21))
    lines = [line.en for line in drill.explanation]
    assert "  Split high/low (O8-SPLIT): high 22, low 21 (odd chip to the high, " \
        "O8-SPLIT-ODD)." in lines


def test_RAKE_NFND_stud_hand_won_on_third_street_pays_no_rake() -> None:
    script = ["deal AhAd Kc", "deal 2c3d 4h", "deal QsJs 9d", "b", "r 20", "f", "f"]
    state = play_script(_stud("F7S", (1000,) * 3), script).state
    drill = rake_from_state(state)
    assert drill.answer == 0
    assert "RAKE-NFND" in drill.explanation[0].en


def test_RAKE_RATE_stud_hand_past_third_street_is_raked_5_percent() -> None:
    script = ["deal AhAd Kc", "deal 2c3d 4h", "deal QsJs 9d", "b", "r 20", "c", "f",
              "deal Kd", "deal 5h", "r 20", "f"]
    state = play_script(_stud("F7S", (1000,) * 3), script).state
    drill = rake_from_state(state)
    # pot 15 antes + 20 + 20 + 10 (folded bring-in) = 65 (the 20 bet on 4th street returns)
    assert drill.answer == 3  # 65 x 5% = 3.25, rounded down to 3
    assert drill.explanation[0].en.startswith("65 x 5% = 3.25")


def test_LB_A5_draw_winner_no_pair_nine_beats_a_pair_of_aces_and_names_the_rule() -> None:
    script = ["deal 9c8d7h6s2d", "deal AcAd2h3s4c", "c", "x", "draw -", "draw -", "x", "x"]
    state = play_script(_heads_up_draw("FA5L1D"), script).state
    drill = draw_winner_from(state)
    assert drill.answer == 1 and drill.rule_ids == ("LB-A5", "POT-AWARD")
    assert drill.explanation[-1].en == "Best low: Seat 1."


def test_draw_winner_badugi_four_card_badugi_beats_a_lower_three_card_hand() -> None:
    setup = HandSetup.create(game="FB", stacks=(1000, 1000), small_blind=5, big_blind=10,
                             small_bet=10, big_bet=20, rules=NO_RAKE)
    script = ["deal Kc Qd Jh Ts", "deal Ac 2d 3h 3s", "c", "x"]
    script += ["draw -", "draw -", "x", "x"] * 3
    state = play_script(setup, script).state
    lines, winners = draw_winner_steps(state)
    assert winners == (0,) and draw_winner_from(state).answer == 1
    assert low_reading(Evaluator.BADUGI, state.hole[1]) == (-3, 3, 2, 1)


def test_LB_27_draw_winner_the_wheel_is_ace_high_and_beats_a_pair_of_sixes() -> None:
    script = ["deal 4h3s2h5sAc", "deal 5h2d6s6c8s", "c", "x", "draw -", "draw -", "x", "x"]
    state = play_script(_heads_up_draw("N2L1D"), script).state
    assert low_reading(Evaluator.LOW_27, state.hole[0])[0] == 0  # no straight: ace high
    assert draw_winner_from(state).answer == 1


_TIE_SCRIPT = ["deal 5c6d 7h", "deal 5d6c 7c", "deal KhQs 2h",
               "b", "c", "c",  # seat 3 (2h) brings in 10, seats 1 and 2 call: pot 3 + 30 = 33
               "deal 8c", "deal 8d", "deal Jd", "x", "x", "x",
               "deal 9d", "deal 9s", "deal 4s", "x", "x", "x",
               "deal 2c", "deal 2d", "deal 3h", "x", "x", "x",
               "deal 3d", "deal 3c", "deal Tc", "x", "x", "x"]


def _odd_chip_stud(rule: OddChipRule) -> HandSetup:
    rules = dataclasses.replace(NO_RAKE, odd_chip=dataclasses.replace(NO_RAKE.odd_chip,
                                                                     stud=rule))
    return HandSetup.create(game="F7S", stacks=(1000,) * 3, ante=1, bring_in=10,
                            small_bet=20, big_bet=40, rules=rules)


def test_G_ODD_CHIP_stud_high_card_by_suit_the_nine_of_spades_takes_the_odd_chip_of_33() -> None:
    # Seats 1 and 2 both make 9-high straights (5-6-7-8-9); pot 33 = 16 each + 1 odd chip.
    # Highest card dealt: seat 1 9d, seat 2 9s; spades beat diamonds, so seat 2 gets 17.
    drill = showdown_from_state(play_script(_odd_chip_stud(OddChipRule.HIGH_CARD_BY_SUIT),
                                            _TIE_SCRIPT).state)
    assert drill.answer == (Payout(1, 16), Payout(2, 17))
    lines = [line.en for line in drill.explanation]
    assert "  Pot: Seat 1, Seat 2 tie: 33 / 2 = 16 each; 1 odd chip(s) of 1: one each by " \
        "highest card dealt, suits s > h > d > c: Seat 2 (9s), Seat 1 (9d) (G-ODD-CHIP)." \
        in lines
    assert any("Siège 2 (9s), Siège 1 (9d)" in line.fr for line in drill.explanation)


def test_G_ODD_CHIP_stud_clockwise_option_gives_the_odd_chip_of_33_to_seat_1() -> None:
    drill = showdown_from_state(play_script(_odd_chip_stud(OddChipRule.FIRST_LEFT_OF_BUTTON),
                                            _TIE_SCRIPT).state)
    assert drill.answer == (Payout(1, 17), Payout(2, 16))
    assert any("clockwise from the button" in line.en for line in drill.explanation)


def test_G_ODD_CHIP_split_steps_high_card_by_suit_gives_two_odd_chips_by_card_order() -> None:
    rules = dataclasses.replace(NO_RAKE, odd_chip=dataclasses.replace(
        NO_RAKE.odd_chip, stud=OddChipRule.HIGH_CARD_BY_SUIT))
    cards = {0: parse_cards("Kc 2d 3h"), 2: parse_cards("As 4c 5d"), 4: parse_cards("Kd 6h")}
    _, shares = split_steps(23, (0, 2, 4), rules=rules, stud=True, cards=cards)
    # 23 / 3 = 7 each, 2 odd chips: As (seat 3) first, then Kd (seat 5) over Kc (seat 1)
    assert shares == {0: 7, 2: 8, 4: 8}
