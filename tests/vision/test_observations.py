from dealerassist.cards import parse_card, parse_cards
from dealerassist.vision.observations import check_board, observe
from dealerassist.vision.sighting import Sighting


def board(*texts, confidence=0.98, zone="board"):
    return [Sighting(parse_card(t), confidence, (100 * i, 300, 60, 84), zone)
            for i, t in enumerate(texts)]


def rules(flags):
    return [f.rule_id for f in flags]


def test_observation_orders_the_board_left_to_right_and_holds_back_unsure_cards():
    stable = board("Kd", "Ah", "7c")[::-1] + [Sighting(parse_card("2s"), 0.6, (400, 300, 60, 84),
                                                       "board")]
    observed = observe(stable)
    assert observed.board_cards == parse_cards("Kd Ah 7c")
    assert [s.card for s in observed.unconfirmed] == [parse_card("2s")]


def test_IRR_FLOP_COUNT_four_cards_on_the_flop():
    flags = check_board(observe(board("Kd", "Ah", "7c", "2s")), board_dealt=0, betting_open=False)
    assert rules(flags) == ["IRR-FLOP-COUNT"]


def test_IRR_TURN_EARLY_turn_card_while_flop_betting_is_open():
    flags = check_board(observe(board("Kd", "Ah", "7c", "2s")), board_dealt=3, betting_open=True)
    assert rules(flags) == ["IRR-TURN-EARLY"]
    assert flags[0].cards == (parse_card("2s"),)


def test_IRR_FLOP_EARLY_flop_while_preflop_betting_is_open():
    flags = check_board(observe(board("Kd", "Ah", "7c")), board_dealt=0, betting_open=True)
    assert rules(flags) == ["IRR-FLOP-EARLY"]


def test_IRR_DECK_same_card_twice_or_already_dead():
    flags = check_board(observe(board("Kd", "Ah", "Kd")), board_dealt=3, betting_open=True)
    assert rules(flags) == ["IRR-DECK"] and flags[0].cards == (parse_card("Kd"),)
    flags = check_board(observe(board("Kd", "Ah", "7c")), board_dealt=3, betting_open=True,
                        dead_cards=parse_cards("7c"))
    assert rules(flags) == ["IRR-DECK"]


def test_a_normal_turn_raises_nothing():
    turn = observe(board("Kd", "Ah", "7c", "2s"))
    assert check_board(turn, board_dealt=3, betting_open=False) == []  # being dealt
    assert check_board(turn, board_dealt=4, betting_open=True) == []  # dealt


def test_IRR_RIVER_EARLY_turn_and_river_dealt_together():
    flags = check_board(observe(board("Kd", "Ah", "7c", "2s", "9h")), board_dealt=3,
                        betting_open=False)
    assert rules(flags) == ["IRR-RIVER-EARLY"] and flags[0].cards == (parse_card("9h"),)


def test_an_unsure_card_never_raises_a_flag_by_itself():
    stable = board("Kd", "Ah", "7c") + board("2s", confidence=0.5)
    assert check_board(observe(stable), board_dealt=3, betting_open=True) == []
