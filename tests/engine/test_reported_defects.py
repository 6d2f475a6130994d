"""Engine defects reported by other engineers (issue 7), each pinned by a test."""

from __future__ import annotations

from dealerassist.cards import parse_cards
from dealerassist.engine import (
    CardsShown,
    HandSetup,
    Phase,
    apply,
    evolve_all,
    fold,
    legal_actions,
    pots,
    settle,
)
from dealerassist.engine.pots import pots_from
from dealerassist.games import GAMES
from tests.engine.helpers import board, dealt, no_rake, play


def _stuck_hand_to_river():  # type: ignore[no-untyped-def]
    # NLHE 1/2: Ann 50 (SB), Ben 80 (BB), Cy 1000, Dee 1000 (button), PHH order.
    setup = HandSetup.create(game="NT", stacks=(50, 80, 1000, 1000), small_blind=1,
                             big_blind=2, rules=no_rake())
    state = dealt(setup, ["2hKs", "4cAd", "QhQd", "3c3d"])
    state = play(state, ("r", 150), "c", "c", "c")  # Cy raises, Dee calls, both blinds all-in
    state = board(state, "9dTc7s")
    state = play(state, "k", "k")
    state = board(state, "Qc")
    state = play(state, "k", "k")
    return board(state, "9s")


def test_G_ROUND_END_last_player_with_chips_facing_no_bet_is_not_asked_to_act() -> None:
    state = _stuck_hand_to_river()
    assert state.actor == 2
    state = play(state, "f")  # Cy folds with a check available (binding at a live table)
    # Dee is the only player with chips left and faces no bet: the round is over.
    assert state.phase is Phase.SHOWDOWN
    assert state.actor is None
    assert [(p.amount, p.eligible) for p in pots(state)] == [
        (200, (0, 1, 3)), (90, (1, 3)), (140, (3,))]
    state = evolve_all(state, [CardsShown(0, parse_cards("2hKs")),
                               CardsShown(1, parse_cards("4cAd")),
                               CardsShown(3, parse_cards("3c3d"))])
    state = evolve_all(state, settle(state))
    # Board 9d Tc 7s Qc 9s: Dee's 9-9-3-3-Q beats Ben's 9-9-A and Ann's 9-9-K: Dee takes
    # all three pots (200 + 90 + 140).
    assert state.phase is Phase.COMPLETE
    assert state.stacks == (0, 0, 850, 1280)


def test_POT_ABANDONED_a_pot_every_contributor_folded_goes_to_the_pot_below() -> None:
    # Layers: 50 (players 0, 1, 3 in), 80 (1, 3 in), 150 (2 and 3 folded: nobody).
    result = pots_from((50, 80, 150, 150), in_hand=(True, True, False, False))
    assert [(p.amount, p.eligible) for p in result] == [(200, (0, 1)), (230, (1,))]
    # Nothing is ever left without a claimant, and no chip is lost.
    assert sum(p.amount for p in result) == 430


def test_POT_ABANDONED_fold_with_a_check_available_never_strands_a_pot() -> None:
    state = _stuck_hand_to_river()
    # The dealer records the fold of the other big stack first (out of order is refused;
    # this is the legal order): Cy folds, the round ends; the hand settles.
    state = apply(state, fold(state, 2))
    assert state.phase is Phase.SHOWDOWN
    shown = evolve_all(state, [CardsShown(0, parse_cards("2hKs")),
                               CardsShown(1, parse_cards("4cAd"))])
    # Dee has not shown yet: the pots Dee alone can win wait for Dee, but the hand is not
    # stuck once Dee shows.
    shown = apply(shown, CardsShown(3, parse_cards("3c3d")))
    final = evolve_all(shown, settle(shown))
    assert final.phase is Phase.COMPLETE


def _entry_hand(stacks, blinds):  # type: ignore[no-untyped-def]
    # As the table builds it: a new player's live big blind is among the blinds.
    setup = HandSetup(game=GAMES["NT"], starting_stacks=stacks, antes=(0,) * len(stacks),
                      blinds=blinds, min_bet=20, rules=no_rake(), big_blind=20)
    return dealt(setup)


def test_HE_FIRST_new_player_big_blind_after_the_big_blind_action_starts_left_of_the_bb() -> None:
    state = _entry_hand((1000,) * 5, (10, 20, 0, 20, 0))  # BET-NEW-PLAYER at index 3
    legal = legal_actions(state)
    assert legal is not None and legal.actor == 2 and legal.to_call == 20
    state = play(state, "c")
    legal = legal_actions(state)
    # The new player's blind is live: they may check (or raise) when it comes to them.
    assert legal is not None and legal.actor == 3 and legal.can_check
    assert legal.min_raise_to == 40


def test_HE_FIRST_new_player_posting_while_the_big_blind_is_short_all_in() -> None:
    state = _entry_hand((1000, 5, 1000, 1000, 1000), (10, 20, 0, 20, 0))
    assert state.blinds_paid == (10, 5, 0, 20, 0)
    assert state.actor == 2  # left of the (short) big blind, not left of the new player


def test_HE_FIRST_with_a_straddle_action_starts_left_of_the_straddle() -> None:
    state = _entry_hand((1000,) * 5, (10, 20, 40, 0, 0))
    assert state.actor == 3


def _showdown_with(holes):  # type: ignore[no-untyped-def]
    # Heads-up, checked down on a board of As Ks Qs 2d 3c, then the hole cards set.
    setup = HandSetup.create(game="NT", stacks=(100, 100), small_blind=1, big_blind=2,
                             rules=no_rake())
    state = dealt(setup)
    state = play(state, "c", "k")
    for cards in ("AsKsQs", "2d", "3c"):
        state = board(state, cards)
        while state.phase is Phase.BETTING:
            state = play(state, "k")
    assert state.phase is Phase.SHOWDOWN
    from dealerassist.engine.state import replace

    return replace(state, hole=tuple(parse_cards(h) for h in holes))


def test_G_DECK_the_joker_is_a_card_at_showdown_not_an_unknown_one() -> None:
    from dealerassist.engine.showdown import hand_strengths, missing_cards
    from dealerassist.games.spec import Evaluator

    state = _showdown_with(["JkTs", "????"])
    assert missing_cards(state) == (1,)  # only the unseen hand cannot be ranked
    strengths = hand_strengths(state, Evaluator.HIGH)
    assert list(strengths) == [0]  # the joker completes the royal flush (bug: ace or straight)
    royal = hand_strengths(_showdown_with(["JsTs", "2c2h"]), Evaluator.HIGH)[0]
    assert strengths[0] == royal
    lows = hand_strengths(_showdown_with(["JkTs", "4h5h"]), Evaluator.LOW_A5)
    assert set(lows) == {0, 1}


def test_G_DECK_badugi_strengths_come_from_the_code_evaluator() -> None:
    from dealerassist.engine.showdown import hand_strengths
    from dealerassist.evaluation.badugi import badugi_strength
    from dealerassist.games.spec import Evaluator

    state = _showdown_with(["AcTs", "4h5h"])
    state = state._replace(board=())
    values = hand_strengths(state, Evaluator.BADUGI)
    assert values[0] == badugi_strength([c.code for c in parse_cards("AcTs")])


def test_BET_FL_CAP_blind_counts_as_bet_option_changes_the_preflop_cap() -> None:
    import dataclasses

    from dealerassist.rules.model import FamilyCaps, FixedLimitRules, GameFamily

    def raises(counted: bool) -> list[int]:
        limits = FixedLimitRules(cap_bets=FamilyCaps({f: 4 for f in GameFamily}),
                                 cap_lifted_heads_up=False, blind_counts_as_bet=counted)
        rules = dataclasses.replace(no_rake(), fixed_limit=limits)
        state = dealt(HandSetup.create(game="FT", stacks=(200,) * 3, small_blind=1,
                                       big_blind=2, rules=rules))
        seen = []
        while (legal := legal_actions(state)) is not None and legal.can_raise:
            seen.append(legal.min_raise_to)
            state = play(state, ("r", legal.min_raise_to))
        assert legal is not None and legal.raise_rule == "BET-FL-CAP"
        return seen

    assert raises(True) == [4, 6, 8]  # the big blind is the first of four bets
    assert raises(False) == [4, 6, 8, 10]  # PHH: four raises over the big blind
