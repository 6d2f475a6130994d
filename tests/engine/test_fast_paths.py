"""The replay's fast paths give the answers of the plain definitions they stand for.

Replay speed (issues 3 and 7) comes from shortcuts: `LegalActions` built by position,
states copied by field position, stud showing hands looked up by card codes, per-game
tables looked up by identity. Each test here replays every corpus hand of the variants
concerned and checks the shortcut against the slow, obvious computation at every step.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dealerassist.cards import parse_cards
from dealerassist.engine import HandState, Phase, evolve, legal_actions, new_hand
from dealerassist.engine.betting import cap_left, raise_block, street_min_bet
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.stud import opener, up_cards, up_positions
from dealerassist.evaluation.partial import bring_in_player, rank_up_cards_high, rank_up_cards_low
from dealerassist.games import GAMES
from dealerassist.games.spec import Opening
from dealerassist.journal.phh import load_phh, replay
from dealerassist.rules import phh_profile

CORPUS = Path("/work/shared/corpus")
if not CORPUS.exists():
    CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

pytestmark = pytest.mark.skipif(not (CORPUS / "phh").is_dir(), reason="PHH corpus not available")


def _states(variants: set[str], limit: int) -> list[HandState]:
    """Every state met while replaying up to ``limit`` corpus hands of ``variants``."""
    states: list[HandState] = []
    kept = 0
    for path in sorted((CORPUS / "phh").rglob("*.phh")):
        history = load_phh(path)
        if history.variant not in variants:
            continue
        try:
            result = replay(history)
        except Exception:  # noqa: BLE001 - a hand the corpus test rules on separately
            continue
        state = new_hand(history.setup(phh_profile()))
        states.append(state)
        for event in result.events:
            state = evolve(state, event)
            states.append(state)
        kept += 1
        if kept >= limit:
            break
    return states


def _slow_opener(state: HandState) -> int:
    """ST-BRINGIN / ST-FIRST / RZ-BRINGIN straight from the definitions, nothing cached."""
    game = state.setup.game
    opening = state.street.opening
    live = [i for i in range(state.player_count) if not state.folded[i]]
    shown = {i: up_cards(game, state.hole[i]) for i in live}
    candidates = [i for i in live if shown[i]]
    if not candidates:
        return 0
    if opening in (Opening.LOW_CARD, Opening.HIGH_CARD):
        firsts = [shown[i][-1] for i in candidates]
        return candidates[bring_in_player(firsts, highest=opening is Opening.HIGH_CARD)]
    rank = rank_up_cards_high if opening is Opening.HIGH_HAND else rank_up_cards_low
    return max(candidates, key=lambda i: (rank(shown[i]), -i))


def test_legal_actions_fields_match_the_helpers_at_every_corpus_decision() -> None:
    checked = 0
    for state in _states({"NT", "FT", "PO", "F7S", "FR", "F2L3D"}, 12):
        legal = legal_actions(state)
        if legal is None:
            continue
        player = state.actors[0]
        top = state.max_bet
        assert legal.actor == player
        assert legal.to_call == min(state.stacks[player], top - state.bets[player])
        assert legal.raises_left == cap_left(state)
        assert legal.raise_rule == raise_block(state, player)
        assert legal.is_bet == (max(state.bets) == 0)
        assert legal.pot == sum(state.committed) + state.dead_antes + sum(state.bets)
        assert legal.can_raise == (legal.raise_rule == "")
        if legal.can_raise and not legal.bring_in:
            assert legal.min_raise_to is not None
            assert legal.min_raise_to <= min(state.stacks[player] + state.bets[player],
                                             top + max(state.last_full, street_min_bet(state)))
        checked += 1
    assert checked > 100


def test_ST_FIRST_stud_openers_match_the_uncached_definition_on_every_corpus_round() -> None:
    checked = 0
    for state in _states({"F7S", "F7S/8", "FR"}, 40):
        if state.phase is not Phase.BETTING or state.street.opening is Opening.POSITION:
            continue
        live = [not folded for folded in state.folded]
        assert opener(state.setup.game, state.street.opening, state.hole, live) == \
            _slow_opener(state)
        checked += 1
    assert checked > 50


def test_up_positions_of_an_equal_game_object_are_the_same() -> None:
    game = GAMES["F7S"]
    copy = dataclasses.replace(game)
    assert copy is not game
    assert up_positions(copy) == up_positions(game) == (False, False, True, True, True, True,
                                                        False)


def test_BET_FORCED_new_hand_fills_every_field() -> None:
    setup = HandSetup.create(game="NT", stacks=[100, 50, 80], small_blind=1, big_blind=2,
                             ante=1)
    state = new_hand(setup)
    assert None not in state
    assert state.stacks == (98, 47, 79)
    assert state.bets == state.blinds_paid == (1, 2, 0)
    assert state.antes_paid == (1, 1, 1) and state.dead_antes == 3
    assert state.due_hole == (0, 1, 2) and state.actors == () and state.aggressor == -1


def test_evolver_applies_what_evolve_applies_and_refuses_what_it_refuses() -> None:
    from dealerassist.cards import parse_cards
    from dealerassist.engine import Folded, HoleCardsDealt, evolver
    from dealerassist.errors import IllegalActionError

    setup = HandSetup.create(game="NT", stacks=[100, 100, 100], small_blind=1, big_blind=2)
    state = new_hand(setup)
    deal = HoleCardsDealt(0, tuple(parse_cards("AsKs")))
    assert evolver(HoleCardsDealt)(state, deal) == evolve(state, deal)
    with pytest.raises(IllegalActionError) as caught:
        evolver(Folded)(state, Folded(0))  # no betting round open yet
    assert caught.value.rule_id == "G-ACT"
    with pytest.raises(IllegalActionError):
        evolver(int)


def test_RZ_BRINGIN_and_RZ_FIRST_openers_leave_out_unknown_up_cards_and_folded_players() -> None:
    game = GAMES["FR"]
    live = [True, True, True]
    # Third street (two down, one up): p0's up card is unknown, so the highest known up card
    # (the king of p1) brings in, not p0 (RZ-BRINGIN).
    holes = [parse_cards("2c 3d ??"), parse_cards("4c 5d Ks"), parse_cards("6c 7d Qh")]
    assert opener(game, Opening.HIGH_CARD, holes, live) == 1
    # Fourth street with p0 folded: p2's Q-3 is lower than p1's K-2, so p2 acts first
    # (RZ-FIRST), and the folded p0 (showing 9-8) never does.
    holes4 = [parse_cards("2c 3d 9s 8h"), parse_cards("4c 5d Ks 2h"),
              parse_cards("6c 7d Qh 3s")]
    assert opener(game, Opening.LOW_HAND, holes4, [False, True, True]) == 2
    assert opener(game, Opening.LOW_HAND, holes4, live) == 0
    # Nobody shows a known card: the first player opens.
    blind = [parse_cards("2c 3d ??"), parse_cards("4c 5d ??"), parse_cards("6c 7d ??")]
    assert opener(game, Opening.HIGH_CARD, blind, live) == 0
