"""The remaining house options, each read from a rules file and shown changing what a consumer does.

Completes `test_options_behaviour.py` (board-game betting, odd chips, rake, table): here the
stud and draw engines, straddles, the irregularity rulings, the trainer's certification,
the tournament tables and the presets of stud and draw games. Every test loads a rules
file through the loader twice (the default, and one option changed), drives the real
consumer, and asserts the exact amount, seat, event or rule ID that differs.

Options that no code reads yet are listed in docs/rules.md ("Consumers"); they have no
test here on purpose (a test that cannot fail would prove nothing).
"""

from __future__ import annotations

import pytest

from dealerassist import engine as E
from dealerassist.cards import parse_cards
from dealerassist.engine.events import Called, RaisedTo
from dealerassist.engine.ruling_events import (
    ActionAttempted,
    ActionKind,
    CardExposed,
    MisdealDeclared,
    RulingApplied,
)
from dealerassist.errors import IllegalActionError
from dealerassist.irregular import binding_action, confirm, detect
from dealerassist.irregular.flags import Severity
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import HouseRules, parse_rules_text
from dealerassist.rules.model import DrawOpeners, GamePreset
from dealerassist.session.clock import FakeClock
from dealerassist.session.controller import TableSession
from dealerassist.session.hand import setup_of
from dealerassist.session.tournament_events import EndReason
from dealerassist.session.tournament_table import TournamentTable
from dealerassist.trainer.certification import certification_result, plan_certification
from dealerassist.trainer.drill import DrillKind
from tests.rules.test_options_behaviour import raise_sequence, start

NO_RAKE = "rake: {enabled: false}\n"


def rules(text: str = "") -> HouseRules:
    """The shipped defaults with ``text`` added, read by the loader (no rake unless said)."""
    return parse_rules_text("schema_version: 1\n" + text, "test-rules.yaml")


def unraked(text: str = "") -> HouseRules:
    return rules(NO_RAKE + text)


def play(state: E.HandState, *moves: str | tuple[str, int]) -> E.HandState:
    """Play moves for whoever is to act: b bring-in, f, k, c, or ("r", amount)."""
    for move in moves:
        actor = state.actor
        assert actor is not None, (move, state.phase)
        if move == "b":
            event = E.post_bring_in(state, actor)
        elif move == "f":
            event = E.fold(state, actor)
        elif move == "k":
            event = E.check(state, actor)
        elif move == "c":
            event = E.call(state, actor)
        else:
            assert isinstance(move, tuple)
            event = E.bet_or_raise(state, actor, move[1])
        state = E.apply(state, event)
    return state


def deal_each(state: E.HandState, cards: list[str]) -> E.HandState:
    """Deal one card to each player still in, in order (a stud street)."""
    for player, text in enumerate(cards):
        if text:
            state = E.apply(state, E.deal_hole(state, player, parse_cards(text)))
    return state


def stud(house: HouseRules, holes: list[str], *, ante: int = 1, bring_in: int = 2,
         stacks: int = 1000) -> E.HandState:
    """Seven card stud, bets 4/8; ``holes`` are third street (two down, one up)."""
    return start(house, [h.replace(" ", "") for h in holes], game="F7S",
                 stacks=(stacks,) * len(holes), ante=ante, bring_in=bring_in, small_bet=4,
                 big_bet=8)


STUD_3 = ["AhKd 2c", "9s3s 9d", "QhQd Jc"]
LOWBALL_3 = ["7s5d4c3h2d", "KsKd8c6h4s", "9c8d7h6s2c"]


# -- fixed_limit.cap_bets (stud, draw) ---------------------------------------------------------


def test_ST_CAP_BET_FL_CAP_stud_cap_bets_4_then_3() -> None:
    # The bring-in is not a bet; the completion to 4 is the first bet (BET-FL-CAP, ST-CAP).
    assert raise_sequence(stud(unraked(), STUD_3)) == [4, 8, 12, 16]
    three = unraked("fixed_limit: {cap_bets: {stud: 3}}")
    assert raise_sequence(stud(three, STUD_3)) == [4, 8, 12]


def test_DR_CAP_BET_FL_CAP_draw_cap_bets_5_then_3() -> None:
    table = {"game": "F2L3D", "stacks": (500,) * 3, "small_blind": 1, "big_blind": 2,
             "small_bet": 2, "big_bet": 4}
    assert raise_sequence(start(unraked(), LOWBALL_3, **table)) == [4, 6, 8, 10]  # BB + 4
    three = unraked("fixed_limit: {cap_bets: {draw: 3}}")
    assert raise_sequence(start(three, LOWBALL_3, **table)) == [4, 6]


def test_BET_FL_CAP_blind_counts_as_bet_true_then_false() -> None:
    table = {"game": "FT", "stacks": (500,) * 3, "small_blind": 1, "big_blind": 2}
    holes = ["2c3d", "2d3c", "7h8h"]
    assert raise_sequence(start(unraked(), holes, **table)) == [4, 6, 8]  # the BB is bet 1
    uncounted = unraked("fixed_limit: {blind_counts_as_bet: false}")
    assert raise_sequence(start(uncounted, holes, **table)) == [4, 6, 8, 10]  # 4 over the BB


# -- odd_chip.stud ------------------------------------------------------------------------------

# Players 0-2 each make an ace-high straight (no flush); player 3 folds to the bring-in.
TIE_THIRD = ["AsKd Qh", "AcKh Qd", "AdKs Tc", "2c3d Kc"]
TIE_STREETS = [["Jc", "Jd", "Qs", ""], ["Td", "Th", "Jh", ""], ["2d", "3h", "4c", ""],
               ["5h", "6c", "7d", ""]]


def _stud_tie(house: HouseRules) -> dict[int, int]:
    """Ante 2 x 4, bring-in 1 called twice, the fourth folds: a pot of 11 split three ways."""
    state = stud(house, TIE_THIRD, ante=2, bring_in=1)
    assert state.actor == 2  # the ten of clubs brings in
    state = play(state, "b", "f", "c", "c")
    assert state.pot_total == 11 and state.in_hand == (0, 1, 2)
    for cards in TIE_STREETS:
        state = deal_each(state, cards)
        while state.actor is not None:
            state = play(state, "k")
    return E.settlement(state).awards_by_player()


def test_G_ODD_CHIP_stud_first_left_of_button_then_lowest_seat() -> None:
    # Pot 8 antes + 3 x 1 = 11: 3 each and 2 odd chips.
    assert _stud_tie(unraked()) == {0: 4, 1: 4, 2: 3}  # one each from the dealer's left
    assert _stud_tie(unraked("odd_chip: {stud: lowest_seat}")) == {0: 5, 1: 3, 2: 3}


def test_G_ODD_CHIP_stud_high_card_by_suit() -> None:
    # The odd chips go to the highest card by suit: the ace of spades (player 0) first, then
    # the king of spades (player 2); first_left_of_button gives them to players 0 and 1.
    awards = _stud_tie(unraked("odd_chip: {stud: high_card_by_suit}"))
    assert awards == {0: 4, 1: 3, 2: 4}


# -- showdown.order_when_no_bet (stud) -----------------------------------------------------------


def _stud_show_order(house: HouseRules) -> tuple[int, ...]:
    state = stud(house, ["AhKd 2c", "9s3s 9d", "QhJd 5c"])
    state = play(state, "b", "c", "c")
    for cards in [["3c", "9c", "6d"], ["4h", "Tc", "8s"], ["7c", "Jc", "2s"],
                  ["4d", "Qd", "3d"]]:
        state = deal_each(state, cards)
        while state.actor is not None:
            state = play(state, "k")
    assert state.aggressor < 0  # nobody bet the last round
    return E.show_order(state)


def test_G_SHOW_ORDER_stud_first_left_of_button_then_first_to_act() -> None:
    # On 7th street the open pair of nines (player 1) acts first (ST-FIRST).
    assert _stud_show_order(unraked()) == (0, 1, 2)
    assert _stud_show_order(unraked("showdown: {order_when_no_bet: first_to_act}")) == (1, 2, 0)


# -- straddle ------------------------------------------------------------------------------------

HOLDEM_5 = ["2c3d", "2d3c", "7h8h", "9s9c", "KdQd"]


def _straddled(house: HouseRules, straddles: tuple[int, ...]) -> E.LegalActions:
    state = start(house, HOLDEM_5, game="NT", stacks=(500,) * 5, small_blind=1, big_blind=2,
                  straddles=straddles)
    legal = E.legal_actions(state)
    assert legal is not None
    return legal


def test_BET_STRADDLE_allowed_false_refuses_a_straddle_then_true_plays_it() -> None:
    with pytest.raises(ValueError, match="BET-STRADDLE"):
        _straddled(unraked(), (4,))
    legal = _straddled(unraked("straddle: {allowed: true}"), (4,))
    assert (legal.actor, legal.to_call, legal.min_raise_to) == (3, 4, 8)


def test_BET_STRADDLE_max_straddles_1_refuses_a_second_then_2_plays_it() -> None:
    with pytest.raises(ValueError, match=r"at most 1 straddle"):
        _straddled(unraked("straddle: {allowed: true}"), (4, 8))
    legal = _straddled(unraked("straddle: {allowed: true, max_straddles: 2}"), (4, 8))
    assert (legal.actor, legal.to_call, legal.min_raise_to) == (4, 8, 16)


# -- deck.joker_games, lowball.opening, draw.openers ---------------------------------------------


def _a5_with_the_joker(house: HouseRules) -> dict[int, int]:
    state = start(house, ["Jk5d4c3h2d", "KsKd8c6h4s"], game="FA5L1D", stacks=(100, 100),
                  small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    state = play(state, "c", "k")
    for player in (0, 1):
        state = E.evolve(state, E.CardsDrawn(player, (), ()))
    state = play(state, "k", "k")
    return E.settlement(state).awards_by_player()


def test_G_DECK_joker_games_refuse_the_joker_then_the_bug_makes_the_wheel() -> None:
    with pytest.raises(IllegalActionError) as refused:
        _a5_with_the_joker(unraked())
    assert refused.value.rule_id == "G-DECK"
    assert _a5_with_the_joker(unraked("deck: {joker_games: [FA5L1D]}")) == {0: 4}  # A-2-3-4-5


def _button_may_call(house: HouseRules) -> tuple[bool, int | None]:
    state = start(house, LOWBALL_3, game="F2L3D", stacks=(500,) * 3, small_blind=1,
                  big_blind=2, small_bet=2, big_bet=4)
    legal = E.legal_actions(state)
    assert legal is not None and legal.actor == 2
    try:
        E.call(state, 2)
        calls = True
    except IllegalActionError as refused:
        assert refused.rule_id == "LB-STRUCT"
        calls = False
    assert calls == legal.can_call
    return calls, legal.min_raise_to


def test_LB_STRUCT_opening_call_big_blind_then_double_big_blind() -> None:
    assert _button_may_call(unraked()) == (True, 4)
    assert _button_may_call(unraked("lowball: {opening: double_big_blind}")) == (False, 4)


def _tens_may_open(house: HouseRules) -> bool:
    state = start(house, ["TcTd2c3d4h", "9h8d2h3s5c", "7c6d8h9s2d"], game="F5D",
                  stacks=(100,) * 3, ante=1, small_bet=2, big_bet=4)
    assert state.actor == 0
    try:
        E.bet_or_raise(state, 0, 2)
    except IllegalActionError as refused:
        assert refused.rule_id == "JB-OPEN"
        return False
    return True


def test_DR_OPENERS_any_then_jacks_or_better() -> None:
    assert _tens_may_open(unraked()) is True
    assert _tens_may_open(unraked("draw: {openers: jacks_or_better}")) is False


def _antes_of_four_unopened_deals(house: HouseRules) -> list[tuple[int, ...]]:
    """Four jacks-or-better deals checked round at a table: each deal's antes."""
    jacks = GamePreset(name="Jacks 2/4", game="FJB", ante=1, small_bet=2, big_bet=4,
                       max_seats=6, openers=DrawOpeners.JACKS_OR_BETTER)
    session = TableSession(InMemoryJournal(), rules=house, preset=jacks)
    for seat in range(1, 5):
        session.execute(f"sit {seat} P{seat} 100")
    antes = []
    for _ in range(4):
        session.execute("hand")
        antes.append(session.state.hand.started.antes)  # type: ignore[union-attr]
        for _ in range(4):
            session.execute("x")
    return antes


def test_JB_NO_OPEN_jacks_ante_limit_3_then_2() -> None:
    # JB-NO-OPEN: after the limit of consecutive passed-out deals, nobody antes again.
    ante, none = (1, 1, 1, 1), (0, 0, 0, 0)
    assert _antes_of_four_unopened_deals(rules()) == [ante, ante, ante, none]
    assert _antes_of_four_unopened_deals(rules("draw: {jacks_ante_limit: 2}")) == [
        ante, ante, none, none]


# -- irregularities ------------------------------------------------------------------------------


def _blinds_10_20(house: HouseRules, game: str = "NT") -> E.HandSetup:
    return E.HandSetup.create(game=game, stacks=(1000, 800, 1500), small_blind=10,
                              big_blind=20, rules=house)


def _dealt(setup: E.HandSetup) -> list[object]:
    return [E.HoleCardsDealt(p, parse_cards(h)) for p, h in
            enumerate(["AhKh", "7c2d", "QsQd"])]


def _underraise_ruling(house: HouseRules, to: int) -> object:
    # 10/20: the button (player 2) raises to ``to``, short of the minimum raise to 40.
    setup = _blinds_10_20(house)
    events = [*_dealt(setup), RaisedTo(2, to)]
    flags = [f for f in detect(setup, events, as_recorded=False).flags
             if f.rule_id == "IRR-UNDERRAISE"]
    assert len(flags) == 1
    return confirm(setup, events, flags[0].flag_id)[-1]


def test_IRR_UNDERRAISE_half_rule_then_call_then_minimum_raise() -> None:
    assert _underraise_ruling(unraked(), 30) == RaisedTo(2, 40)  # half a raise: made up
    assert _underraise_ruling(unraked(), 25) == Called(2, 20)  # under half: a call
    call_house = unraked("irregularities: {underraise: call}")
    assert _underraise_ruling(call_house, 30) == Called(2, 20)
    minimum = unraked("irregularities: {underraise: minimum_raise}")
    assert _underraise_ruling(minimum, 25) == RaisedTo(2, 40)


def _bound_after_out_of_turn_call(house: HouseRules) -> object:
    # Player 0 (small blind) calls before the button acted; confirmed; the button calls.
    setup = _blinds_10_20(house)
    events: list[object] = [*_dealt(setup), ActionAttempted(0, ActionKind.CALL)]
    flag = next(f for f in detect(setup, events, as_recorded=False).flags
                if f.rule_id == "IRR-OUT-OF-TURN")
    events += confirm(setup, events, flag.flag_id)
    state = detect(setup, events, as_recorded=False).state
    assert state is not None and state.actor == 2
    events.append(E.call(state, 2))
    return binding_action(setup, events)


def test_IRR_OUT_OF_TURN_binding_unless_action_changes_then_not_binding() -> None:
    assert _bound_after_out_of_turn_call(unraked()) == Called(0, 10)
    free = unraked("irregularities: {out_of_turn: not_binding}")
    assert _bound_after_out_of_turn_call(free) is None


def _exposed_down_card_in_a_tournament(house: HouseRules) -> tuple[Severity, object]:
    setup = E.HandSetup.create(game="F7S", stacks=(1000, 800, 1500), ante=5, bring_in=10,
                               small_bet=20, big_bet=40, rules=house)
    events = [CardExposed(0, parse_cards("Kd")[0], nth=1)]
    detection = detect(setup, events, tournament=True, as_recorded=False)
    flag = next(f for f in detection.flags if f.rule_id == "IRR-ST-HOLE-UP")
    return flag.severity, confirm(setup, events, flag.flag_id, tournament=True)[-1]


def test_IRR_ST_HOLE_UP_tournament_exposed_low_misdeal_then_play_on() -> None:
    severity, ruling = _exposed_down_card_in_a_tournament(unraked())
    assert (severity, ruling) == (Severity.MISDEAL, MisdealDeclared("IRR-ST-HOLE-UP"))
    off = unraked("irregularities: {tournament_exposed_low_misdeal: false}")
    severity, ruling = _exposed_down_card_in_a_tournament(off)
    assert severity is Severity.WARNING
    assert isinstance(ruling, RulingApplied) and ruling.rule_id == "IRR-ST-HOLE-UP"


# -- trainer -------------------------------------------------------------------------------------


def test_trainer_question_count_20_then_5() -> None:
    assert len(plan_certification(rules=rules(), seed=7)) == 20
    assert len(plan_certification(rules=rules("trainer: {question_count: 5}"), seed=7)) == 5


def test_trainer_pass_mark_percent_80_then_85() -> None:
    outcomes = [(DrillKind.RAKE, k < 16) for k in range(20)]  # 16 of 20: 80 %
    passed = certification_result(outcomes, rules=rules())
    assert (passed.percent, passed.pass_mark_percent, passed.passed) == (80, 80, True)
    stricter = certification_result(outcomes, rules=rules("trainer: {pass_mark_percent: 85}"))
    assert (stricter.pass_mark_percent, stricter.passed) == (85, False)


# -- presets: stud and draw stakes ---------------------------------------------------------------

STAKES = """
presets:
  - {name: Stud A, game: F7S, ante: 1, bring_in: 2, small_bet: 4, big_bet: 8, max_seats: 8}
  - {name: Stud B, game: F7S, ante: 5, bring_in: 3, small_bet: 10, big_bet: 20, max_seats: 8}
  - {name: Draw A, game: F2L3D, small_blind: 1, big_blind: 2, small_bet: 2, big_bet: 4}
  - {name: Draw B, game: F2L3D, small_blind: 5, big_blind: 10, small_bet: 10, big_bet: 20}
"""


def _first_hand(house: HouseRules, preset: str, holes: list[str]) -> E.HandState:
    """The table deals the preset's first hand; the engine state of its setup, cards dealt."""
    session = TableSession(InMemoryJournal(), rules=house, preset=house.preset(preset),
                           clock=lambda: "2026-11-30T01:00:00.000000Z")
    for seat in range(1, len(holes) + 1):
        session.execute(f"sit {seat} P{seat} 500")
    started = session.execute("hand").hand.started  # type: ignore[union-attr]
    state = E.new_hand(setup_of(started, rules=house))
    for player, hole in enumerate(holes):
        state = E.apply(state, E.deal_hole(state, player, parse_cards(hole.replace(" ", ""))))
    return state


PRESET_OPTIONS = """
straddle: {allowed: true}
presets:
  - {name: NL plain, game: NT, small_blind: 1, big_blind: 2}
  - {name: NL straddled, game: NT, small_blind: 1, big_blind: 2, straddle: 4}
  - {name: Draw house, game: F5D, ante: 1, small_bet: 2, big_bet: 4}
  - {name: Draw JB, game: F5D, ante: 1, small_bet: 2, big_bet: 4, openers: jacks_or_better}
"""
FOUR_HANDED = ["2c 3d", "4h 5s", "7c 8d", "9h Ts"]


def test_BET_STRADDLE_preset_straddle_0_then_4_is_posted_and_acts_as_big_blind() -> None:
    house = unraked(PRESET_OPTIONS)
    plain = E.legal_actions(_first_hand(house, "NL plain", FOUR_HANDED))
    straddled_state = _first_hand(house, "NL straddled", FOUR_HANDED)
    straddled = E.legal_actions(straddled_state)
    assert plain is not None and straddled is not None
    # 4-handed, PHH order SB, BB, UTG, button: UTG acts first at 1/2; the straddler
    # (UTG) posts 4, so the button acts first, 4 to call, a raise to 8 at least.
    assert (plain.actor, plain.to_call, plain.min_raise_to) == (2, 2, 4)
    assert (straddled.actor, straddled.to_call, straddled.min_raise_to) == (3, 4, 8)
    assert straddled_state.setup.blinds == (1, 2, 4, 0)


def test_BET_STRADDLE_preset_straddle_with_straddles_forbidden_is_refused_by_the_file() -> None:
    with pytest.raises(Exception, match="straddle.allowed is false"):
        unraked(PRESET_OPTIONS.replace("allowed: true", "allowed: false"))


def _preset_tens_may_open(house: HouseRules, preset: str) -> bool:
    state = _first_hand(house, preset, ["TcTd2c3d4h", "9h8d2h3s5c", "7c6d8h9s2d"])
    try:
        E.bet_or_raise(state, state.actor, 2)  # type: ignore[arg-type]
    except IllegalActionError as refused:
        assert refused.rule_id == "JB-OPEN"
        return False
    return True


def test_DR_OPENERS_preset_openers_none_then_jacks_or_better_over_the_house_any() -> None:
    house = unraked(PRESET_OPTIONS)  # draw.openers: any (the default)
    assert house.openers_for(house.preset("Draw house")).value == "any"
    assert _preset_tens_may_open(house, "Draw house") is True
    assert _preset_tens_may_open(house, "Draw JB") is False


def _stud_stakes(house: HouseRules, preset: str) -> tuple[int, int, int, int]:
    """(antes in the pot, bring-in, completion, raise after it) on third street."""
    state = _first_hand(house, preset, STUD_3)
    pot = state.pot_total
    legal = E.legal_actions(state)
    assert legal is not None and legal.bring_in is not None
    completed = play(state, ("r", legal.min_raise_to))  # type: ignore[arg-type]
    after = E.legal_actions(completed)
    assert after is not None
    return pot, legal.bring_in, legal.min_raise_to, after.min_raise_to  # type: ignore[return-value]


def test_BET_FORCED_ST_BRINGIN_ST_LIMITS_stud_preset_ante_bring_in_and_bets() -> None:
    house = unraked(STAKES)
    assert _stud_stakes(house, "Stud A") == (3, 2, 4, 8)
    assert _stud_stakes(house, "Stud B") == (15, 3, 10, 20)


def _draw_bets(house: HouseRules, preset: str) -> tuple[int | None, int | None]:
    """(raise before the draw, bet after the first draw) of a triple draw hand."""
    state = _first_hand(house, preset, LOWBALL_3)
    before = E.legal_actions(state)
    assert before is not None
    state = play(state, "c", "c", "k")
    for player in (0, 1, 2):
        state = E.evolve(state, E.CardsDrawn(player, (), ()))
    after = E.legal_actions(state)
    assert after is not None
    return before.min_raise_to, after.min_raise_to


def test_DR_LIMITS_draw_preset_small_bet_and_big_bet() -> None:
    house = unraked(STAKES)
    assert _draw_bets(house, "Draw A") == (4, 2)
    assert _draw_bets(house, "Draw B") == (20, 10)


# -- presets: tournaments ------------------------------------------------------------------------

TOURNAMENTS = """
schedules:
  - name: slow
    levels:
      - {small_blind: 10, big_blind: 20, hands: 5}
  - name: fast
    levels:
      - {small_blind: 25, big_blind: 50, ante: 5, hands: 5}
presets:
  - {name: SNG, game: NT, starting_stack: 500, schedule: slow, rake: false}
  - {name: SNG deep, game: NT, starting_stack: 1500, schedule: slow, rake: false}
  - {name: SNG fast, game: NT, starting_stack: 500, schedule: fast, rake: false}
  - {name: SNG 2 hands, game: NT, starting_stack: 500, schedule: slow, hand_limit: 2,
     rake: false}
"""


def _tournament(preset: str, players: int = 3) -> TournamentTable:
    house = rules(TOURNAMENTS)
    table = TournamentTable(InMemoryJournal(), rules=house, preset=house.preset(preset),
                            clock=FakeClock())
    stack = house.preset(preset).starting_stack
    for seat in range(1, players + 1):
        table.execute(f"sit {seat} P{seat} {stack}")
    return table


def test_TRN_START_starting_stack_500_then_1500() -> None:
    for preset, stack in (("SNG", 500), ("SNG deep", 1500)):
        table = _tournament(preset)
        assert [p.stack for p in table.state.table.players] == [stack] * 3
        other = 2000 - stack
        with pytest.raises(IllegalActionError, match=f"starts with {stack}") as refused:
            table.execute(f"sit 4 P4 {other}")
        assert refused.value.rule_id == "TRN-START"


def _blinds_and_antes(preset: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    table = _tournament(preset)
    table.execute("hand")
    started = table.state.hand.started  # type: ignore[union-attr]
    return started.blinds, started.antes


def test_TRN_LEVELS_schedule_slow_then_fast() -> None:
    assert _blinds_and_antes("SNG") == ((10, 20, 0), (0, 0, 0))
    assert _blinds_and_antes("SNG fast") == ((25, 50, 0), (5, 5, 5))


def _ended_after_two_hands(preset: str) -> object:
    table = _tournament(preset)
    for _ in range(2):
        table.execute("hand")
        while table.state.hand is not None:
            table.execute("f")
    ended = table.tournament.ended
    return None if ended is None else ended.reason


def test_TRN_MODES_hand_limit_none_then_2() -> None:
    assert _ended_after_two_hands("SNG") is None  # played on to the last player
    assert _ended_after_two_hands("SNG 2 hands") is EndReason.HAND_LIMIT


LEVELS = """
schedules:
  - name: by hands
    levels:
      - {small_blind: 10, big_blind: 20, hands: %(hands)d}
      - {small_blind: 25, big_blind: 50, ante: 5, hands: 5}
  - name: by minutes
    levels:
      - {small_blind: 10, big_blind: 20, minutes: %(minutes)d}
      - {is_break: %(is_break)s, small_blind: 15, big_blind: 30, minutes: 5}
      - {small_blind: 25, big_blind: 50, minutes: 10}
presets:
  - {name: By hands, game: NT, starting_stack: 500, schedule: by hands, rake: false}
  - {name: By minutes, game: NT, starting_stack: 500, schedule: by minutes, rake: false}
"""


def _level_table(preset: str, *, hands: int = 1, minutes: int = 10,
                 is_break: str = "false") -> tuple[TournamentTable, FakeClock]:
    house = rules(LEVELS % {"hands": hands, "minutes": minutes, "is_break": is_break})
    clock = FakeClock()
    table = TournamentTable(InMemoryJournal(), rules=house, preset=house.preset(preset),
                            clock=clock)
    for seat in (1, 2, 3):
        table.execute(f"sit {seat} P{seat} 500")
    return table, clock


def _big_blinds(table: TournamentTable, count: int) -> list[int]:
    seen = []
    for _ in range(count):
        table.execute("hand")
        seen.append(max(table.state.hand.started.blinds))  # type: ignore[union-attr]
        while table.state.hand is not None:
            table.execute("f")
    return seen


def test_TRN_LEVELS_level_hands_1_then_3() -> None:
    assert _big_blinds(_level_table("By hands", hands=1)[0], 4) == [20, 50, 50, 50]
    assert _big_blinds(_level_table("By hands", hands=3)[0], 4) == [20, 20, 20, 50]


def _big_blind_after_12_minutes(**level: object) -> int | str:
    """The first hand starts the clock; the big blind of the hand dealt 12 minutes later."""
    table, clock = _level_table("By minutes", **level)  # type: ignore[arg-type]
    assert _big_blinds(table, 1) == [20]
    clock.advance(minutes=12)
    try:
        return _big_blinds(table, 1)[0]
    except IllegalActionError as refused:
        assert refused.rule_id == "TRN-LEVELS"
        return "break"


def test_TRN_LEVELS_level_minutes_10_then_15() -> None:
    assert _big_blind_after_12_minutes(minutes=10) == 30  # level 2 (a level, not a break)
    assert _big_blind_after_12_minutes(minutes=15) == 20  # still level 1


def test_TRN_LEVELS_level_is_break_false_then_true() -> None:
    assert _big_blind_after_12_minutes(is_break="false") == 30
    assert _big_blind_after_12_minutes(is_break="true") == "break"  # no hand is dealt


SEATS_AND_RAKE = """
presets:
  - {name: Six max, game: NT, small_blind: 1, big_blind: 2, max_seats: 6, rake: %s}
  - {name: Nine max, game: NT, small_blind: 1, big_blind: 2, max_seats: 9}
"""


def test_preset_max_seats_6_then_9() -> None:
    house = rules(SEATS_AND_RAKE % "true")
    for preset, allowed in (("Six max", False), ("Nine max", True)):
        session = TableSession(InMemoryJournal(), rules=house, preset=house.preset(preset),
                               clock=lambda: "2026-11-30T01:00:00.000000Z")
        try:
            session.execute("sit 7 P7 500")
            sat = True
        except IllegalActionError as refused:
            assert "seats 1 to 6" in str(refused)
            sat = False
        assert sat is allowed


def _rake_of_a_flop_pot(raked: str) -> int:
    house = rules(SEATS_AND_RAKE % raked)
    session = TableSession(InMemoryJournal(), rules=house, preset=house.preset("Six max"),
                           clock=lambda: "2026-11-30T01:00:00.000000Z")
    session.execute("sit 1 Ann 1000")
    session.execute("sit 2 Ben 1000")
    for line in ("hand", "c", "x", "flop 2c 3d 4h", "b 100", "c", "turn 9s", "x", "x",
                 "river Jd", "x", "x", "show 1 Ah As", "show 2 Kh Ks"):
        session.execute(line)
    return session.state.finished[-1].finished.rake


def test_RAKE_SHARE_preset_rake_true_then_false() -> None:
    assert _rake_of_a_flop_pot("true") == 10  # 5 % of 204
    assert _rake_of_a_flop_pot("false") == 0


# -- draw.first_after_draw (DR-AFTER) ------------------------------------------------------


def _first_after_draw(house: HouseRules, game: str, **stakes: int) -> int | None:
    """Three players; the button (index 2) opens, index 0 folds, index 1 calls; both pat.

    Returns who acts first after the draw.
    """
    state = start(house, LOWBALL_3, game=game, stacks=(500,) * 3, small_bet=2, big_bet=4,
                  **stakes)
    first = state.actor
    assert first is not None
    if first != 2:  # antes only: index 0 and 1 check to the button, who bets 2
        state = play(state, "k", "k", ("r", 2), "f", "c")
    else:
        state = play(state, ("r", 4), "f", "c")
    for player in (1, 2):
        state = E.apply(state, E.CardsDrawn(player, (), ()))
    return state.actor


def test_DR_AFTER_first_after_draw_opener_without_blinds_then_opener_then_position() -> None:
    # Worked example. 2-7 triple draw, blinds 1/2 (index 0 and 1), the button (index 2)
    # raises to 4, index 0 folds, index 1 calls; both stand pat. After the draw index 1,
    # first left of the button, acts first; under `opener` the button (the opener) does.
    blinds = {"small_blind": 1, "big_blind": 2}
    assert _first_after_draw(unraked(), "F2L3D", **blinds) == 1
    assert _first_after_draw(unraked("draw: {first_after_draw: opener}"), "F2L3D",
                             **blinds) == 2
    # Five card draw with antes only (1 each): the button opens for 2 after two checks;
    # after the draw the opener acts first, unless the house says `position`.
    assert _first_after_draw(unraked(), "F5D", ante=1) == 2
    assert _first_after_draw(unraked("draw: {first_after_draw: position}"), "F5D",
                             ante=1) == 1
