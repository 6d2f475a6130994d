"""Draw scenarios, one or more per rule of the catalogue (LB-*, DR-*, G-DECK).

Players are PHH indices (0 = first left of the button, n-1 the button).
"""

from __future__ import annotations

import dataclasses

import pytest

from dealerassist.cards import UNKNOWN, parse_cards
from dealerassist.engine import (
    CardsDrawn,
    CardsShown,
    HandSetup,
    HandState,
    Phase,
    apply,
    bet_or_raise,
    call,
    check,
    deal_hole,
    evolve,
    evolve_all,
    legal_actions,
    new_hand,
    pots,
    settle,
)
from dealerassist.errors import IllegalActionError
from dealerassist.rules.model import DeckRules, HouseRules, LowballOpening, LowballRules
from tests.engine.helpers import deal_holes, no_rake
from tests.engine.helpers import play as act


def draw_hand(game: str, holes: list[str], *, stacks: int = 1000,
              rules: HouseRules | None = None, **kw: int) -> HandState:
    setup = HandSetup.create(game=game, stacks=(stacks,) * len(holes),
                             small_blind=kw.pop("small_blind", 1),
                             big_blind=kw.pop("big_blind", 2), rules=rules or no_rake(), **kw)
    return deal_holes(new_hand(setup), holes)


def draw(state: HandState, player: int, out: str = "", get: str = "") -> HandState:
    return evolve(state, CardsDrawn(player, parse_cards(out) if out else (),
                                    parse_cards(get) if get else ()))


def test_LB_DEAL_five_down_betting_one_draw_betting_then_the_lowest_hand_wins() -> None:
    state = draw_hand("N2L1D", ["7s5d4c3h2d", "KsKd8c6h4s", "9c8d7h6s2c"])
    state = act(state, "c", "c", "k")  # button calls, small blind completes, big checks
    assert state.phase is Phase.DEALING and state.due_draw == (0, 1, 2)
    with pytest.raises(IllegalActionError) as error:
        draw(state, 1, "KsKd", "QcJc")
    assert error.value.rule_id == "IRR-OUT-OF-TURN"  # in order from the button's left
    state = draw(state, 0)  # pat
    state = draw(state, 1, "KsKd", "QcJc")
    state = draw(state, 2, "9c", "3s")
    assert state.hole[1] == tuple(parse_cards("8c6h4sQcJc"))
    assert state.actor == 0  # after the draw, first player left of the button
    state = act(state, "k", "k", "k")
    state = evolve_all(state, settle(state))
    assert state.stacks == (1004, 998, 998)  # 7-5-4-3-2 (LB-27)


def test_LB_LIMITS_DR_LIMITS_fixed_limit_doubles_after_the_draw() -> None:
    state = draw_hand("F2L3D", ["7s5d4c3h2d", "KsKd8c6h4s"], small_bet=2, big_bet=4)
    assert legal_actions(state).min_raise_to == 4  # type: ignore[union-attr]  # BB 2 + 2
    state = act(state, "c", "k")
    state = draw(draw(state, 0), 1, "Ks", "2c")
    assert legal_actions(state).min_raise_to == 2  # type: ignore[union-attr]  # first draw
    state = act(state, "k", "k")
    state = draw(draw(state, 0), 1, "Kd", "3c")
    legal = legal_actions(state)
    assert legal is not None and legal.min_raise_to == legal.max_raise_to == 4  # doubled


def test_DR_CAP_a_bet_and_four_raises_multi_handed() -> None:
    state = draw_hand("F2L3D", ["7s5d4c3h2d", "KsKd8c6h4s", "9c8d7h6s2c"], small_bet=2,
                      big_bet=4)
    state = act(state, ("r", 4), ("r", 6), ("r", 8), ("r", 10))  # BB 2 + four raises
    legal = legal_actions(state)
    assert legal is not None and legal.raise_rule == "BET-FL-CAP"


def test_LB_STRUCT_LB_OPEN_double_big_blind_house_option_forbids_calling_the_blinds() -> None:
    rules = dataclasses.replace(no_rake(), lowball=LowballRules(
        opening=LowballOpening.DOUBLE_BIG_BLIND))
    state = draw_hand("F2L3D", ["7s5d4c3h2d", "KsKd8c6h4s", "9c8d7h6s2c"], small_bet=2,
                      big_bet=4, rules=rules)
    legal = legal_actions(state)
    assert legal is not None and not legal.can_call and legal.min_raise_to == 4
    with pytest.raises(IllegalActionError) as error:
        call(state, 2)
    assert error.value.rule_id == "LB-STRUCT"
    state = act(state, ("r", 4))
    assert legal_actions(state).can_call  # type: ignore[union-attr]  # once opened


def test_LB_STRUCT_default_lets_a_player_call_the_big_blind() -> None:
    state = draw_hand("F2L3D", ["7s5d4c3h2d", "KsKd8c6h4s", "9c8d7h6s2c"], small_bet=2,
                      big_bet=4)
    assert legal_actions(state).can_call  # type: ignore[union-attr]


def test_DR_DRAW_discards_must_be_in_the_hand_and_match_the_replacements() -> None:
    state = act(draw_hand("N2L1D", ["7s5d4c3h2d", "KsKd8c6h4s"]), "c", "k")
    with pytest.raises(IllegalActionError):
        draw(state, 0, "Ah", "Ad")  # not held
    with pytest.raises(IllegalActionError):
        draw(state, 0, "7s5d", "Ad")  # two out, one in
    with pytest.raises(IllegalActionError) as error:
        draw(state, 0, "7s", "Kd")  # a card already in play
    assert error.value.rule_id == "IRR-DECK"


def test_DR_DRAW_live_draw_of_unseen_cards() -> None:
    setup = HandSetup.create(game="F2L3D", stacks=(100, 100), small_blind=1, big_blind=2,
                             small_bet=2, big_bet=4, rules=no_rake())
    state = new_hand(setup)
    state = evolve_all(state, [deal_hole(state, p, (UNKNOWN,) * 5) for p in (0, 1)])
    state = act(state, "c", "k")
    state = evolve(state, CardsDrawn(0, (UNKNOWN,) * 2, (UNKNOWN,) * 2))
    state = evolve(state, CardsDrawn(1, (), ()))
    assert len(state.hole[0]) == 5 and state.phase is Phase.BETTING


def test_DR_DRAW_stub_out_earlier_discards_are_reshuffled_to_finish_the_draw() -> None:
    deck = [str(c) for c in parse_cards(
        "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTs"
        "JcJdJhJsQcQdQhQsKcKdKhKsAcAdAhAs")]
    holes = ["".join(deck[5 * p:5 * p + 5]) for p in range(6)]  # 30 dealt, 22 in the stub
    state = draw_hand("N2L1D", holes)
    state = act(state, "c", "c", "c", "c", "c", "k")
    stub = deck[30:]
    with pytest.raises(IllegalActionError) as error:  # a card in another hand never comes
        draw(state, 0, holes[0][:2], holes[1][:2])
    assert error.value.rule_id == "IRR-DECK"
    for player in range(4):  # four players draw five: 20 of the 22 stub cards
        state = draw(state, player, holes[player], "".join(stub[5 * player:5 * player + 5]))
    # Player 4 draws three: two stub cards, then one of the discards, reshuffled.
    state = draw(state, 4, holes[4][:6], "".join(stub[20:22]) + holes[0][:2])
    assert parse_cards(holes[0][:2])[0] in state.hole[4]


def test_DR_DRAW_a_face_down_replacement_shown_later_may_be_a_reshuffled_discard() -> None:
    deck = [str(c) for c in parse_cards(
        "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTs"
        "JcJdJhJsQcQdQhQsKcKdKhKsAcAdAhAs")]
    holes = ["".join(deck[5 * p:5 * p + 5]) for p in range(6)]
    state = draw_hand("N2L1D", holes)
    state = act(state, "c", "c", "c", "c", "c", "k")
    stub = deck[30:]
    for player in range(4):
        state = draw(state, player, holes[player], "".join(stub[5 * player:5 * player + 5]))
    # Player 4 draws three face down: the stub holds two, the third comes from the discards.
    state = evolve(state, CardsDrawn(4, parse_cards(holes[4][:6]), (UNKNOWN,) * 3))
    state = draw(state, 5)
    state = act(state, "k", "k", "k", "k", "k", "k")
    kept = holes[4][6:]
    with pytest.raises(IllegalActionError) as error:  # stub[0] is in player 0's hand
        evolve(state, CardsShown(4, parse_cards(kept + stub[20] + stub[21] + stub[0])))
    assert error.value.rule_id == "IRR-DECK"
    shown = evolve(state, CardsShown(4, parse_cards(kept + stub[20] + stub[21] + holes[0][:2])))
    assert parse_cards(holes[0][:2])[0] in shown.hole[4] and shown.shown[4]


def test_G_DECK_the_joker_plays_only_where_the_house_allows_it() -> None:
    with pytest.raises(IllegalActionError) as error:
        draw_hand("FA5L1D", ["Jk5d4c3h2d", "KsKd8c6h4s"], small_bet=2, big_bet=4)
    assert error.value.rule_id == "G-DECK"
    rules = dataclasses.replace(no_rake(), deck=DeckRules(joker_games=frozenset({"FA5L1D"})))
    state = draw_hand("FA5L1D", ["Jk5d4c3h2d", "KsKd8c6h4s"], small_bet=2, big_bet=4,
                      rules=rules)
    state = act(state, "c", "k")
    state = draw(draw(state, 0), 1)
    state = act(state, "k", "k")
    state = evolve_all(state, settle(state))
    assert state.stacks == (1002, 998)  # the bug makes the wheel (LB-A5)


def _jacks(holes: list[str]) -> HandState:
    setup = HandSetup.create(game="FJB", stacks=(100,) * len(holes), ante=1, small_bet=2,
                             big_bet=4, rules=no_rake())
    return deal_holes(new_hand(setup), holes)  # "": five cards dealt unseen


def test_JB_OPEN_a_pair_of_jacks_or_better_is_needed_to_open() -> None:
    state = _jacks(["Tc Td 2c 3d 4h".replace(" ", ""), "JcJd2h3s5c", "9c8d7h6s2d"])
    with pytest.raises(IllegalActionError) as error:
        bet_or_raise(state, 0, 2)  # a pair of tens
    assert error.value.rule_id == "JB-OPEN"
    state = act(state, "k", ("r", 2))  # jacks open
    assert state.opened_by == 1


def test_JB_NO_OPEN_nobody_opens_the_deal_is_passed_out_and_the_antes_stay() -> None:
    state = act(_jacks(["TcTd2c3d4h", "9h9d2h3s5c", "8c8d7h6s2d"]), "k", "k", "k")
    assert state.phase is Phase.COMPLETE and state.passed_out
    assert state.pot_total == 3 and state.stacks == (99, 99, 99)


def test_JB_PROVE_an_opener_without_openers_cannot_win() -> None:
    state = act(_jacks(["", "", ""]), ("r", 2), "c", "f")  # unseen hands: the live deal
    state = evolve_all(state, [CardsDrawn(0, (UNKNOWN,), (UNKNOWN,)),
                               CardsDrawn(1, (UNKNOWN,) * 3, (UNKNOWN,) * 3)])
    state = act(state, ("r", 4), "c")
    from dealerassist.engine import CardsShown

    shown = evolve_all(state, [CardsShown(0, parse_cards("QcQd5h6h8s")),
                               CardsShown(1, parse_cards("TcTd9h9d2s"))])
    # The opener proved openers (queens) but two pair beats them: the better hand wins.
    final = evolve_all(shown, settle(shown))
    assert final.stacks == (93, 108, 99)
    bluff = evolve_all(state, [CardsShown(0, parse_cards("AcKd5h6h8s")),
                               CardsShown(1, parse_cards("2c3d4h6d8c"))])
    # JB-PROVE: the opener's ace-king high beats the caller's 8-high but shows no openers,
    # so it cannot win: the caller takes the pot.
    final = evolve_all(bluff, settle(bluff))
    assert final.stacks == (93, 108, 99)


def test_JB_SPLIT_openers_split_and_declared_are_proven_with_the_discards() -> None:
    state = act(_jacks(["JcJd9h8h7h", "2c3d5h6s9c", "4c4d5d6d8d"]), ("r", 2), "c", "f")
    state = draw(state, 0, "Jc", "Th")  # breaks the jacks for a straight draw
    state = draw(state, 1, "9c", "Kc")
    state = act(state, "k", "k")
    from dealerassist.engine import CardsShown

    state = evolve_all(state, [CardsShown(0, state.hole[0]), CardsShown(1, state.hole[1])])
    final = evolve_all(state, settle(state))
    # J-T-9-8-7 straight wins; the jack of clubs kept aside proves the openers.
    assert final.stacks == (104, 97, 99)


def test_DR_AFTER_after_the_draw_the_opener_acts_first_or_the_next_player_still_in() -> None:
    def hand() -> HandState:
        setup = HandSetup.create(game="F5D", stacks=(100,) * 4, ante=1, small_bet=2,
                                 big_bet=4, rules=no_rake())
        state = new_hand(setup)
        holes = ["2c3d4h5s7c", "KsKd8c6h4s", "9c8d7h6s2d", "AhAdAc3c3h"]
        for player, text in enumerate(holes):
            state = apply(state, deal_hole(state, player, parse_cards(text)))
        return state

    state = act(hand(), "k", ("r", 2), "c", "c", "c")  # player 1 opens (DR-STRUCT)
    for player in (0, 1, 2, 3):
        state = draw(state, player)
    assert state.actor == 1 and state.street.bet_size.value == "big"  # DR-LIMITS
    state = act(hand(), "k", ("r", 2), "c", "c", "f")  # player 0 folds; the opener stays
    state = evolve_all(state, [CardsDrawn(p, (), ()) for p in (1, 2, 3)])
    assert state.actor == 1
    # The opener folds before the draw is impossible (they bet); if they are all-in, the
    # next player clockwise still in acts first.
    setup = HandSetup.create(game="F5D", stacks=(100, 3, 100, 100), ante=1, small_bet=2,
                             big_bet=4, rules=no_rake())
    state = new_hand(setup)
    for player, text in enumerate(["2c3d4h5s7c", "KsKd8c6h4s", "9c8d7h6s2d", "AhAdAc3c3h"]):
        state = apply(state, deal_hole(state, player, parse_cards(text)))
    state = act(state, "k", ("r", 2), "c", "c", "c")
    state = evolve_all(state, [CardsDrawn(p, (), ()) for p in (0, 1, 2, 3)])
    assert state.stacks[1] == 0 and state.actor == 2


def test_JB_CALL_LOSE_a_caller_who_cannot_beat_openers_loses_the_bets() -> None:
    state = act(_jacks(["QcQd5h6h8s", "TcTd2h3s9c", "4c5d7h8c2d"]), ("r", 2), "c", "f")
    state = draw(draw(state, 0, "5h", "Ks"), 1, "2h", "4h")
    state = act(state, ("r", 4), "c")
    from dealerassist.engine import CardsShown

    state = evolve_all(state, [CardsShown(0, state.hole[0]), CardsShown(1, state.hole[1])])
    final = evolve_all(state, settle(state))
    assert final.stacks == (108, 93, 99)  # nothing comes back to the caller


def _five_card_draw(stacks: tuple[int, ...], holes: list[str]) -> HandState:
    setup = HandSetup.create(game="F5D", stacks=stacks, ante=1, small_bet=2, big_bet=4,
                             rules=no_rake())
    state = new_hand(setup)
    for player, text in enumerate(holes):
        state = apply(state, deal_hole(state, player, parse_cards(text)))
    return state


def test_DR_ANTE_ONLY_a_player_with_only_the_ante_plays_for_the_antes_only() -> None:
    holes = ["2c3d4h5s7c", "AhAdAc3c3h", "9c8d7h6s2d", "KsKd8c6h4s"]
    state = _five_card_draw((100, 1, 100, 100), holes)
    assert state.stacks[1] == 0 and state.actors == (0, 2, 3)  # all-in on the ante
    state = act(state, "k", ("r", 2), "c", "c")
    assert [(p.amount, p.eligible) for p in pots(state)] == [(4, (0, 1, 2, 3)), (6, (0, 2, 3))]
    state = evolve_all(state, [CardsDrawn(p, (), ()) for p in (0, 1, 2, 3)])
    state = act(state, "k", "k", "k")
    final = evolve_all(state, settle(state))
    # The full house takes the antes only; the kings take the bets it had no part in.
    assert final.stacks == (97, 4, 97, 103)


def test_DR_ANTE_ONLY_callers_put_in_the_full_opening_bet_after_a_short_all_in_opener() -> None:
    holes = ["2c3d4h5s7c", "AhAdAc3c3h", "9c8d7h6s2d", "KsKd8c6h4s"]
    state = act(_five_card_draw((100, 2, 100, 100), holes), "k", ("r", 1))  # all-in for 1
    legal = legal_actions(state)
    assert legal is not None and legal.actor == 2
    assert (legal.to_call, legal.min_raise_to, legal.max_raise_to) == (2, 4, 4)
    with pytest.raises(IllegalActionError):
        check(state, 2)
    with pytest.raises(IllegalActionError) as error:
        bet_or_raise(state, 2, 3)  # a raise goes a full bet above the full opening bet
    assert error.value.rule_id == "BET-FL-SIZES"
    before = state
    state = act(state, "c", "c", "c")
    assert before.bets == (0, 1, 0, 0)  # refused actions left it untouched
    # POT-MAIN-SIDE: the opener's chip and the antes are the main pot; the callers' second
    # chip each is a side pot the opener has no claim to.
    assert [(p.amount, p.eligible) for p in pots(state)] == [(8, (0, 1, 2, 3)), (3, (0, 2, 3))]
    state = evolve_all(state, [CardsDrawn(p, (), ()) for p in (0, 1, 2, 3)])
    state = act(state, "k", "k", "k")
    final = evolve_all(state, settle(state))
    assert final.stacks == (97, 8, 97, 100)


def test_DR_ANTE_ONLY_a_full_opening_bet_all_in_leaves_calls_unchanged() -> None:
    holes = ["2c3d4h5s7c", "AhAdAc3c3h", "9c8d7h6s2d", "KsKd8c6h4s"]
    state = act(_five_card_draw((100, 3, 100, 100), holes), "k", ("r", 2))  # all-in, full
    legal = legal_actions(state)
    assert legal is not None and (legal.to_call, legal.min_raise_to) == (2, 4)
    assert state.call_floor == 0


def _jacks_carrying(carried: int, holes: list[str]) -> HandState:
    setup = HandSetup.create(game="FJB", stacks=(100,) * len(holes), ante=1, small_bet=2,
                             big_bet=4, rules=no_rake(), carried=carried)
    state = new_hand(setup)
    for player, text in enumerate(holes):
        state = apply(state, deal_hole(state, player, parse_cards(text)))
    return state


def test_JB_NO_OPEN_the_passed_out_antes_are_carried_into_the_next_deal_main_pot() -> None:
    passed = act(_jacks(["TcTd2c3d4h", "9h9d2h3s5c", "8c8d7h6s2d"]), "k", "k", "k")
    assert passed.passed_out and passed.pot_total == 3
    state = _jacks_carrying(passed.pot_total, ["QcQd5h6h8s", "TcTd2h3s9c", "4c5d7h8c2d"])
    assert state.pot_total == 6 and state.stacks == (99, 99, 99)  # 3 carried + 3 antes
    assert state.total_chips == 300 + 3
    state = act(state, ("r", 2), "c", "f")
    assert [(p.amount, p.eligible) for p in pots(state)] == [(10, (0, 1))]
    state = evolve_all(state, [CardsDrawn(0, (), ()), CardsDrawn(1, (), ())])
    state = act(state, "k", "k")
    final = evolve_all(state, settle(state))
    assert final.stacks == (107, 97, 99)  # the queens take the carried antes too


def test_JB_NO_OPEN_carried_money_passes_out_again_and_survives_a_misdeal() -> None:
    from dealerassist.engine.rulings import evolve_ruling, misdeal

    state = act(_jacks_carrying(5, ["TcTd2c3d4h", "9h9d2h3s5c", "8c8d7h6s2d"]), "k", "k", "k")
    assert state.passed_out and state.pot_total == 8
    fresh = _jacks_carrying(5, ["TcTd2c3d4h", "9h9d2h3s5c", "8c8d7h6s2d"])
    void = evolve_ruling(fresh, misdeal(fresh, "IRR-MISDEAL"))
    assert void.stacks == (100, 100, 100) and void.pot_total == 5  # antes back, 5 wait


@pytest.mark.parametrize("bad", [-1, True, "3"])
def test_JB_NO_OPEN_carried_must_be_a_whole_chip_amount(bad: object) -> None:
    with pytest.raises(ValueError, match="carried"):
        HandSetup.create(game="FJB", stacks=(100, 100), ante=1, small_bet=2, big_bet=4,
                         carried=bad)  # type: ignore[arg-type]


def test_JB_PROVE_everyone_folds_to_the_opener_who_must_still_show_openers() -> None:
    from dealerassist.engine import CardsShown, verify_settle

    state = act(_jacks(["", "", ""]), ("r", 2), "f", "f")  # unseen hands: the live deal
    assert state.phase is Phase.SHOWDOWN and state.stacks == (97, 99, 99)
    assert state.pot_total == 5  # the antes and the opener's first bet, held for the proof
    with pytest.raises(IllegalActionError) as error:
        verify_settle(state)
    assert error.value.rule_id == "JB-PROVE"
    proven = evolve(state, CardsShown(0, parse_cards("QcQd5h6h8s")))
    final = evolve_all(proven, settle(proven))
    assert final.phase is Phase.COMPLETE and final.stacks == (102, 99, 99)


def test_JB_PROVE_IRR_JB_FALSE_a_false_opener_folded_to_leaves_antes_and_first_bet() -> None:
    from dealerassist.engine import CardsShown, PotCarried

    state = act(_jacks(["", "", ""]), ("r", 2), "f", "f")
    bluff = evolve(state, CardsShown(0, parse_cards("AcKd5h6h8s")))
    assert settle(bluff) == (PotCarried(0, 5),)
    final = evolve_all(bluff, settle(bluff))
    assert final.phase is Phase.COMPLETE and final.stacks == (97, 99, 99)
    assert final.carry_forward == 5 and final.passed_out and final.total_chips == 300
    following = _jacks_carrying(final.carry_forward, ["QcQd5h6h8s", "TcTd2h3s9c", "4c5d7h8c2d"])
    assert following.pot_total == 8


def test_JB_PROVE_a_pot_whose_only_contender_is_a_false_opener_is_carried() -> None:
    from dealerassist.engine import CardsShown, Mucked, verify_settle

    state = act(_jacks(["", "", ""]), ("r", 2), "c", "f")
    state = evolve_all(state, [CardsDrawn(0, (), ()),  # pat: no discards to prove with
                               CardsDrawn(1, (UNKNOWN,) * 2, (UNKNOWN,) * 2)])
    state = act(state, "k", "k")
    state = evolve_all(state, [CardsShown(0, parse_cards("AcKd5h6h8s")), Mucked(1)])
    verify_settle(state)  # settleable: the pot is carried, not stuck
    final = evolve_all(state, settle(state))
    assert final.phase is Phase.COMPLETE and final.stacks == (97, 97, 99)
    assert final.carry_forward == 7 and final.won == (0, 0, 0)


def test_DR_DRAW_the_burn_before_the_draw_counts_when_the_stub_runs_out() -> None:
    # 30 dealt, 22 in the stub, one burnt before the draw: 21 to draw from. Four players
    # draw five (20); player 4 draws two: the last stub card, then a reshuffled discard.
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    holes = ["".join(deck[5 * p:5 * p + 5]) for p in range(6)]
    state = draw_hand("N2L1D", holes)
    state = act(state, "c", "c", "c", "c", "c", "k")
    stub = deck[30:]
    for player in range(4):
        state = draw(state, player, holes[player], "".join(stub[5 * player:5 * player + 5]))
    state = draw(state, 4, holes[4][:4], stub[20] + holes[0][:2])
    assert parse_cards(holes[0][:2])[0] in state.hole[4]
