"""Each house option, read from a rules file, changes what the engine or the table does.

Every test reads rules files through the loader (the defaults, and the same with one option
changed) and shows the behaviour that option changes: an amount, who may act, a seat.
Options whose consumer does not exist yet are listed in docs/rules.md ("Consumers").
"""

from __future__ import annotations

from collections.abc import Callable

from dealerassist import engine as E
from dealerassist.cards import parse_cards
from dealerassist.errors import IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import HouseRules, parse_rules_text
from dealerassist.rules.model import GamePreset
from dealerassist.session.controller import TableSession


def rules(text: str = "") -> HouseRules:
    return parse_rules_text("schema_version: 1\n" + text, "test-rules.yaml")


def start(house: HouseRules, holes: list[str], **table: object) -> E.HandState:
    state = E.new_hand(E.HandSetup.create(rules=house, **table))  # type: ignore[arg-type]
    for player, hole in enumerate(holes):
        state = E.apply(state, E.deal_hole(state, player, parse_cards(hole)))
    return state


def act(state: E.HandState, action: Callable[..., E.Event], *args: object) -> E.HandState:
    return E.apply(state, action(state, *args))


def check_round(state: E.HandState) -> E.HandState:
    while (legal := E.legal_actions(state)) is not None:
        state = act(state, E.check_or_call, legal.actor)
    return state


def deal(state: E.HandState, board: str) -> E.HandState:
    return E.apply(state, E.deal_board(state, parse_cards(board)))


def check_down(state: E.HandState, *boards: str) -> E.HandState:
    """Check or call the current round and every later one, dealing ``boards``."""
    state = check_round(state)
    for board in boards:
        state = check_round(deal(state, board))
    return state


def raise_sequence(state: E.HandState) -> list[int]:
    """Raise the minimum until no raise is allowed; return the amounts raised to."""
    raised: list[int] = []
    while (
        (legal := E.legal_actions(state)) is not None
        and legal.min_raise_to is not None
        and len(raised) < 40
    ):
        raised.append(legal.min_raise_to)
        state = act(state, E.bet_or_raise, legal.actor, legal.min_raise_to)
    return raised


HOLDEM_3 = ["2c3d", "2d3c", "7h8h"]


# -- fixed_limit ------------------------------------------------------------------------------


def test_BET_FL_CAP_cap_bets_board_4_then_5() -> None:
    table = {"game": "FT", "stacks": (500,) * 3, "small_blind": 1, "big_blind": 2}
    assert raise_sequence(start(rules(), HOLDEM_3, **table)) == [4, 6, 8]  # 2-4-6-8: capped
    five = rules("fixed_limit: {cap_bets: {board: 5}}")
    assert raise_sequence(start(five, HOLDEM_3, **table)) == [4, 6, 8, 10]


def test_BET_FL_CAP_cap_lifted_heads_up_then_kept() -> None:
    table = {"game": "FT", "stacks": (40, 40), "small_blind": 1, "big_blind": 2}
    lifted = raise_sequence(start(rules(), ["AhAd", "KhKd"], **table))
    assert lifted == list(range(4, 41, 2))  # no cap: raising goes on up to the stacks
    kept = rules("fixed_limit: {cap_lifted_heads_up: false}")
    assert raise_sequence(start(kept, ["AhAd", "KhKd"], **table)) == [4, 6, 8]


def _after_half_bet_allin(house: HouseRules) -> E.LegalActions:
    # Limit 1/2 (bets 2/4): seat 2 raises to 4; seat 0 (5 chips) is all-in to 5, a raise of 1,
    # half a bet; seat 1 calls; back to seat 2, who already acted.
    state = start(house, HOLDEM_3, game="FT", stacks=(5, 200, 200), small_blind=1, big_blind=2)
    state = act(state, E.bet_or_raise, 2, 4)
    state = act(state, E.bet_or_raise, 0, 5)
    state = act(state, E.call, 1)
    legal = E.legal_actions(state)
    assert legal is not None and legal.actor == 2
    return legal


def test_BET_SHORT_ALLIN_half_bet_allin_reopens_then_not() -> None:
    assert _after_half_bet_allin(rules()).min_raise_to == 7  # reopened: one bet more, to 7
    closed = _after_half_bet_allin(rules("fixed_limit: {half_bet_allin_reopens: false}"))
    assert (closed.min_raise_to, closed.to_call, closed.raise_rule) == (
        None,
        1,
        "BET-SHORT-ALLIN",
    )  # call or fold only


# -- straddle ---------------------------------------------------------------------------------


def test_BET_STRADDLE_straddle_acts_as_big_blind_min_raise_to_8_then_6() -> None:
    table = {
        "game": "NT",
        "stacks": (200,) * 4,
        "small_blind": 1,
        "big_blind": 2,
        "straddles": (4,),
    }
    holes = ["2c3d", "2d3c", "7h8h", "9s9c"]
    legal = E.legal_actions(start(rules("straddle: {allowed: true}"), holes, **table))
    assert legal is not None and (legal.actor, legal.min_raise_to) == (3, 8)
    plain = rules("straddle: {allowed: true, acts_as_big_blind: false}")
    legal = E.legal_actions(start(plain, holes, **table))
    assert legal is not None and legal.min_raise_to == 6


# -- odd chips --------------------------------------------------------------------------------

ROYAL = ("AsKsQs", "Js", "Ts")  # everyone plays the board: equal hands split


def _split_pot(option: str, *, flop_bet: int) -> dict[int, int]:
    """Seats 0-2 tie on a royal board; seat 3 folds to the flop bet; return the awards."""
    house = rules("rake: {enabled: false}\n" + option)
    state = start(
        house,
        ["2c3d", "2d3c", "2h3h", "9c9d"],
        game="NT",
        stacks=(100,) * 4,
        small_blind=1,
        big_blind=2,
    )
    state = check_round(state)  # everyone in for 2: pot 8
    state = deal(state, ROYAL[0])
    state = act(state, E.bet_or_raise, 0, flop_bet)
    state = act(state, E.call, 1)
    state = act(state, E.call, 2)
    state = act(state, E.fold, 3)
    state = check_down(state, *ROYAL[1:])
    return E.settlement(state).awards_by_player()


def test_G_ODD_CHIP_board_two_odd_chips_one_each_from_the_button_then_all_to_lowest_seat() -> None:
    # Pot 8 + 3 x 4 = 20: 6 each and 2 odd chips.
    assert _split_pot("", flop_bet=4) == {0: 7, 1: 7, 2: 6}
    assert _split_pot("odd_chip: {board: lowest_seat}", flop_bet=4) == {0: 8, 1: 6, 2: 6}


def test_G_ODD_CHIP_unit_splits_in_chips_of_the_house_unit() -> None:
    # Pot 8 + 3 x 9 = 35. Unit 1: 12, 12, 11. Unit 5: 7 units of 5 -> 3, 2, 2 units.
    assert _split_pot("", flop_bet=9) == {0: 12, 1: 12, 2: 11}
    assert _split_pot("odd_chip: {unit: 5}", flop_bet=9) == {0: 15, 1: 10, 2: 10}


def _hilo_pot_of_5(house: HouseRules) -> E.Settlement:
    # Omaha hi-lo 1/2: the small blind folds, pot 5. Seat 1 has the high (kings and queens),
    # seat 2 the low (6-5-3-2-A).
    state = start(
        house,
        ["7c8cTcTh", "QsQdJcJd", "2h6h9c9d"],
        game="FO/8",
        stacks=(100,) * 3,
        small_blind=1,
        big_blind=2,
    )
    state = act(state, E.call, 2)
    state = act(state, E.fold, 0)
    state = act(state, E.check, 1)
    return E.settlement(check_down(deal(state, "As3c5d"), "Kh", "Kd"))


def test_O8_SPLIT_ODD_odd_chip_to_the_high_half_then_the_low_half() -> None:
    high = _hilo_pot_of_5(rules("rake: {enabled: false}"))
    assert (high.pots[0].high_winners, high.pots[0].low_winners) == ((1,), (2,))
    assert high.awards_by_player() == {1: 3, 2: 2}
    low = _hilo_pot_of_5(rules("rake: {enabled: false}\nodd_chip: {hilo: low}"))
    assert low.awards_by_player() == {1: 2, 2: 3}


# -- rake -------------------------------------------------------------------------------------


def _raked_flop_pot(house: HouseRules) -> int:
    """Heads-up 1/2: a flop is seen, 96 bet and called: a pot of 196; return the rake."""
    state = start(
        house, ["AhAd", "KhKd"], game="NT", stacks=(1000, 1000), small_blind=1, big_blind=2
    )
    state = check_round(state)
    state = deal(state, "2c7d9h")
    state = act(state, E.bet_or_raise, 0, 96)
    state = act(state, E.call, 1)
    settled = E.settlement(check_down(state, "Js", "3s"))
    assert sum(settled.awards_by_player().values()) + settled.rake == 196  # chips conserved
    return settled.rake


def test_RAKE_RATE_percent_rounding_step_cap_and_caps_by_stakes() -> None:
    assert _raked_flop_pot(rules()) == 9  # 5 % of 196 = 9.8, rounded down
    assert _raked_flop_pot(rules("rake: {percent: 10}")) == 19
    assert _raked_flop_pot(rules("rake: {percent: 2.5}")) == 4  # 4.9: exact decimal, down
    assert _raked_flop_pot(rules("rake: {rounding_step: 5}")) == 5
    assert _raked_flop_pot(rules("rake: {cap: 3}")) == 3
    bands = "rake:\n  cap: 8\n  caps_by_stakes: [{max_big_blind: %d, cap: 4}]\n"
    assert _raked_flop_pot(rules(bands % 2)) == 4  # big blind 2 is in the band
    assert _raked_flop_pot(rules(bands % 1)) == 8  # not in the band: the general cap


def test_RAKE_SHARE_enabled_false_takes_no_rake() -> None:
    assert _raked_flop_pot(rules("rake: {enabled: false}")) == 0


def _flop_then_fold_rake(house: HouseRules) -> int:
    # 10/20: seat 2 raises to 60, seat 0 calls, seat 1 folds (pot 140); on the flop seat 0
    # bets 100 and seat 2 folds (the 100 comes back uncalled).
    state = start(house, HOLDEM_3, game="NT", stacks=(1000,) * 3, small_blind=10, big_blind=20)
    state = act(state, E.bet_or_raise, 2, 60)
    state = act(state, E.call, 0)
    state = act(state, E.fold, 1)
    state = deal(state, "AsKsQs")
    state = act(state, E.bet_or_raise, 0, 100)
    state = act(state, E.fold, 2)
    return E.settlement(state).rake


def _no_flop_rake(house: HouseRules) -> int:
    state = start(house, HOLDEM_3, game="NT", stacks=(1000,) * 3, small_blind=10, big_blind=20)
    state = act(state, E.bet_or_raise, 2, 60)
    state = act(state, E.call, 0)
    state = act(state, E.bet_or_raise, 1, 200)
    state = act(state, E.fold, 2)
    state = act(state, E.fold, 0)  # pot: 60 + 60 + 60 called part = 180 (140 uncalled back)
    return E.settlement(state).rake


def test_RAKE_NFND_no_flop_no_drop_then_raked_preflop() -> None:
    assert _no_flop_rake(rules()) == 0
    assert _no_flop_rake(rules("rake: {no_flop_no_drop: false}")) == 9  # 5 % of 180
    assert _flop_then_fold_rake(rules()) == 7  # a flop was seen: 5 % of 140 (+ 100 uncalled)


def _side_pot_rake(house: HouseRules) -> int:
    # 1/2: seat 0 has 20 chips. Seat 2 raises to 50, seat 0 calls all-in 20, seat 1 calls 50:
    # main pot 60, side pot 60. Checked down; rake 10 % capped at 5.
    state = start(
        house,
        ["2c3d", "4d5c", "7h8h"],
        game="NT",
        stacks=(20, 100, 100),
        small_blind=1,
        big_blind=2,
    )
    state = act(state, E.bet_or_raise, 2, 50)
    state = act(state, E.call, 0)
    state = act(state, E.call, 1)
    return E.settlement(check_down(deal(state, "AsKsQs"), "Jd", "9c")).rake


def test_RAKE_RATE_base_hand_caps_the_hand_base_pot_caps_each_pot() -> None:
    assert _side_pot_rake(rules("rake: {percent: 10, cap: 5}")) == 5
    assert _side_pot_rake(rules("rake: {percent: 10, cap: 5, base: pot}")) == 10


# -- table (session) --------------------------------------------------------------------------

NLHE = GamePreset(name="NL 5/10", game="NT", small_blind=5, big_blind=10, max_seats=6)


def _session(house: HouseRules, *seats: int) -> TableSession:
    session = TableSession(
        InMemoryJournal(), rules=house, preset=NLHE, clock=lambda: "2026-11-30T01:00:00.000000Z"
    )
    for seat in seats:
        session.execute(f"sit {seat} P{seat} 1000")
    return session


def _blinds_after_big_blind_leaves(house: HouseRules) -> tuple[int | None, ...]:
    session = _session(house, 1, 2, 3, 4)
    session.execute("hand")  # button 1, small blind 2, big blind 3
    for _ in range(3):
        session.execute("f")
    session.execute("leave 3")
    table = session.execute("hand").table
    return table.button, table.last_small_blind, table.last_big_blind


def test_G_BUTTON_moving_button_then_dead_button() -> None:
    assert _blinds_after_big_blind_leaves(rules()) == (2, 4, 1)
    assert _blinds_after_big_blind_leaves(rules("table: {button: dead}")) == (2, None, 4)


def _newcomer(house: HouseRules) -> tuple[bool, bool]:
    """A player sits at seat 5 after a hand: (may post now, is dealt the next hand)."""
    session = _session(house, 1, 2, 3, 4)
    session.execute("hand")
    for _ in range(3):
        session.execute("f")
    session.execute("sit 5 Newcomer 1000")
    try:
        session.check("post 5")
        may_post = True
    except IllegalActionError as refused:
        assert refused.rule_id == "BET-NEW-PLAYER"
        may_post = False
    state = session.execute("hand")
    assert state.hand is not None
    return may_post, 5 in state.hand.started.seats


def test_BET_NEW_PLAYER_post_or_wait_must_post_wait_for_big_blind() -> None:
    assert _newcomer(rules()) == (True, False)  # may post; not posted: waits
    assert _newcomer(rules("table: {new_player: must_post}")) == (False, True)  # dealt in
    assert _newcomer(rules("table: {new_player: wait_for_big_blind}")) == (False, False)


# -- presets ----------------------------------------------------------------------------------


def _first_hand_blinds(house: HouseRules, preset: str) -> tuple[str, tuple[int, ...]]:
    session = TableSession(InMemoryJournal(), rules=house, preset=house.preset(preset),
                           clock=lambda: "2026-11-30T01:00:00.000000Z")
    for seat in (1, 2, 3):
        session.execute(f"sit {seat} P{seat} 500")
    started = session.execute("hand").hand.started  # type: ignore[union-attr]
    return started.game, started.blinds


def test_presets_stakes_from_the_file_are_the_blinds_posted() -> None:
    text = """
presets:
  - {name: NL 1/2, game: NT, small_blind: 1, big_blind: 2}
  - {name: PLO 5/10, game: PO, small_blind: 5, big_blind: 10}
"""
    house = rules(text)
    assert _first_hand_blinds(house, "NL 1/2") == ("NT", (1, 2, 0))
    assert _first_hand_blinds(house, "PLO 5/10") == ("PO", (5, 10, 0))


def test_ST7_DEAL_table_max_players_stud_eight_then_seven() -> None:
    # Worked example: seven-card stud for eight (ante 1, bring-in 2, 4/8): the default house
    # deals it; a house with `table: {max_players: {stud: 7}}` refuses the same table.
    table = dict(game="F7S", stacks=[100] * 8, ante=1, bring_in=2, small_bet=4, big_bet=8)
    assert E.new_hand(E.HandSetup.create(rules=rules(), **table)).setup.player_count == 8
    seven = rules("table: {max_players: {stud: 7}}")
    try:
        E.HandSetup.create(rules=seven, **table)  # type: ignore[arg-type]
    except ValueError as refused:
        assert "at most 7 players, not 8" in str(refused)
    else:  # pragma: no cover
        raise AssertionError("eight players dealt where the house seats seven")
    # Board games keep their own number (ten by default).
    assert E.HandSetup.create(rules=seven, game="NT", stacks=[100] * 10, small_blind=1,
                              big_blind=2).player_count == 10
