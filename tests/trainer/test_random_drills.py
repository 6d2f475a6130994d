"""Random drills: the worked explanation reaches the engine's answer, every time."""

from __future__ import annotations

import json
import random

import pytest

from dealerassist.cards import standard_deck
from dealerassist.engine import legal_actions, pots, settlement
from dealerassist.engine.actions import can_bet_or_raise
from dealerassist.engine.openers import has_openers
from dealerassist.engine.state import Phase
from dealerassist.trainer import Difficulty, DrillKind, grade, make_drill
from dealerassist.trainer.betting_drills import min_raise_steps, pl_max_steps, to_call_steps
from dealerassist.trainer.difficulty import profile
from dealerassist.trainer.draw_drills import draw_first_steps, draw_winner_steps
from dealerassist.trainer.drill import AnswerFormat
from dealerassist.trainer.hands import (
    DRAW_GAMES,
    MAX_DEALS,
    STUD_GAMES,
    play_hand,
    random_setup,
)
from dealerassist.trainer.jacks_drills import (
    carried_pot_steps,
    may_open_from,
    opener_proof_lines,
    opener_reading,
)
from dealerassist.trainer.pot_drills import pot_layers, rake_steps, showdown_from_state
from dealerassist.trainer.stud_drills import (
    bring_in_from,
    first_up_cards,
    stud_first_from,
    up_cards_in_hand,
)

from .helpers import RULES

LOWBALL = ("N2L1D", "F2L3D", "FA5L3D", "FA5L1D", "FB")
GAMES = ("NT", "PO", "FT", "FO/8", "PT", "NO/8", "PO/8") + STUD_GAMES + DRAW_GAMES


def _hands(count: int, *, level: Difficulty):  # type: ignore[no-untyped-def]
    prof = profile(level)
    rng = random.Random(f"hands-{level}")
    for k in range(count):
        setup = random_setup(rng, game=GAMES[k % len(GAMES)], prof=prof, rules=RULES)
        yield play_hand(rng, setup, prof=prof)


@pytest.mark.parametrize("level", list(Difficulty))
def test_worked_betting_figures_equal_the_engine_at_every_decision(level: Difficulty) -> None:
    _check_betting(150, level)


@pytest.mark.slow
@pytest.mark.parametrize("level", list(Difficulty))
def test_worked_figures_equal_the_engine_on_5000_hands_a_level(level: Difficulty) -> None:
    checked = _check_betting(5000, level)
    print(f"{level.value}: {checked}, showdowns {_check_showdowns(5000, level)}")


def _check_betting(count: int, level: Difficulty) -> dict[str, int]:
    checked = {"call": 0, "min": 0, "max": 0}
    for hand in _hands(count, level=level):
        for step in hand.decisions:
            choices = legal_actions(step.state)
            assert choices is not None
            assert to_call_steps(step)[1] == choices.to_call
            checked["call"] += 1
            structure = step.state.setup.game.structure.value
            if choices.min_raise_to is None or structure == "fixed_limit":
                continue
            assert min_raise_steps(step)[1] == choices.min_raise_to, step.street_events
            checked["min"] += 1
            if structure == "pot_limit":
                assert pl_max_steps(step)[1] == choices.max_raise_to
                checked["max"] += 1
    assert min(checked.values()) > 100, checked
    return checked


@pytest.mark.parametrize("level", list(Difficulty))
def test_ST_BRINGIN_ST_FIRST_DR_AFTER_dealers_method_names_the_engines_actor(
        level: Difficulty) -> None:
    _check_openers(150, level)


def _check_openers(count: int, level: Difficulty) -> dict[str, int]:
    """At every round's first decision of a stud or draw hand: the dealer's way = the engine."""
    checked = {"bring-in": 0, "stud-first": 0, "draw-first": 0}
    for hand in _hands(count * 2, level=level):
        family = hand.setup.game.family.value
        for step in hand.decisions:
            state = step.state
            if step.street_events or family == "board":
                continue
            actor = state.actors[0]
            if family == "stud" and state.street_index == 0:
                choices = legal_actions(state)
                assert choices is not None and choices.bring_in is not None
                assert bring_in_from(state.setup.game.code,
                                     first_up_cards(step)).answer == actor + 1
                checked["bring-in"] += 1
            elif family == "stud":
                all_in = tuple(state.stacks[i] == 0 and not state.folded[i]
                               for i in range(state.player_count))
                drill = stud_first_from(state.setup.game.code, up_cards_in_hand(step),
                                        all_in=all_in)
                assert drill.answer == actor + 1, step.events
                checked["stud-first"] += 1
            elif state.street_index > 0:
                assert draw_first_steps(step)[1] == actor, step.events
                checked["draw-first"] += 1
    assert min(checked.values()) > 50, checked
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("level", list(Difficulty))
def test_openers_agree_with_the_engine_on_5000_hands_a_level(level: Difficulty) -> None:
    print(f"{level.value}: {_check_openers(5000, level)}")


@pytest.mark.parametrize("level", list(Difficulty))
def test_worked_pots_payouts_and_rake_equal_the_engine_at_every_showdown(
        level: Difficulty) -> None:
    _check_showdowns(150, level)


def _check_showdowns(count: int, level: Difficulty) -> tuple[int, int]:
    showdowns = lowball = 0
    for hand in _hands(count, level=level):
        state = hand.final.state
        # chips conserved across passed-out deals: the pot carried in is the table's chips
        assert state.total_chips == sum(hand.setup.starting_stacks) + hand.setup.carried
        if state.passed_out:  # JB-NO-OPEN: MAX_DEALS deals nobody opened, or < 3 left with chips
            left = sum(1 for chips in state.stacks if chips)
            assert len(hand.passed) == MAX_DEALS - 1 or left < 3, (len(hand.passed), left)
            continue
        assert state.phase is Phase.SHOWDOWN
        engine_pots = [(p.amount, p.eligible) for p in pots(state)]
        assert pot_layers(state)[1] == engine_pots
        assert rake_steps(state)[1] == settlement(state).rake
        if state.won_by_fold:
            continue
        if state.setup.game.code in LOWBALL:  # LB-27, LB-A5, badugi read the dealer's way
            main = settlement(state).pots[0]
            assert draw_winner_steps(state)[1] == (main.high_winners or main.low_winners)
            lowball += 1
        showdowns += 1
        total = sum(p.amount for p in pots(state))
        result = settlement(state)
        drill = showdown_from_state(state)
        paid = sum(p.amount for p in drill.answer)
        assert paid + result.rake == total  # chips conserved: every chip of the pots paid
    assert showdowns > count // 5 and lowball > count // 20
    return showdowns, lowball


@pytest.mark.parametrize("kind", list(DrillKind))
@pytest.mark.parametrize("level", list(Difficulty))
def test_every_kind_is_deterministic_json_and_its_own_answer_grades_right(
        kind: DrillKind, level: Difficulty) -> None:
    for seed in range(6):
        drill = make_drill(kind, seed=seed, difficulty=level, rules=RULES)
        again = make_drill(kind, seed=seed, difficulty=level, rules=RULES)
        assert drill.to_json("en") == again.to_json("en")
        for lang in ("en", "fr"):
            data = json.loads(json.dumps(drill.to_json(lang)))
            assert data["kind"] == kind.value and data["explanation"] and data["question"]
        assert drill.rule_ids
        assert grade(drill, _typed(drill)).correct
        assert not grade(drill, _wrong(drill)).correct


def _typed(drill) -> str:  # type: ignore[no-untyped-def]
    fmt = drill.answer_format
    if fmt is AnswerFormat.POTS:
        return "; ".join(f"{p.amount}: {' '.join(map(str, p.seats))}" for p in drill.answer)
    if fmt is AnswerFormat.PAYOUTS:
        return " ".join(f"{p.seat}={p.amount}" for p in drill.answer)
    return str(drill.answer)


def _wrong(drill) -> str:  # type: ignore[no-untyped-def]
    fmt = drill.answer_format
    if fmt is AnswerFormat.POTS:
        first = drill.answer[0]
        return f"{first.amount + 1}: {' '.join(map(str, first.seats))}"
    if fmt is AnswerFormat.PAYOUTS:
        return " ".join(f"{p.seat}={p.amount + 1}" for p in drill.answer)
    if fmt is AnswerFormat.CHOICE:
        return next(letter for letter in "ABCD" if letter != drill.answer)
    return str(drill.answer + 1)


# -- jacks or better (FJB): openers, passed-out deals, proof at the showdown -----------------

def _check_jacks(count: int, level: Difficulty) -> dict[str, int]:
    """On ``count`` FJB tables: the dealer's reading and sums agree with the engine."""
    prof = profile(level)
    rng = random.Random(f"jacks-{level}")
    checked = {"may-open": 0, "opens": 0, "carried": 0, "proofs": 0, "showdowns": 0}
    for _ in range(count):
        hand = play_hand(rng, random_setup(rng, game="FJB", prof=prof, rules=RULES), prof=prof)
        for deal in (*hand.passed, hand):
            assert deal.setup.player_count >= 3
            for step in deal.decisions:
                state = step.state
                choices = legal_actions(state)
                assert choices is not None
                if state.street_index or state.opened_by >= 0 or choices.min_raise_to is None:
                    continue
                actor = choices.actor
                engine = can_bet_or_raise(state, actor, choices.min_raise_to)  # JB-OPEN
                assert opener_reading(state.hole[actor])[1] is engine, state.hole[actor]
                assert may_open_from(step).answer == ("A" if engine else "B")
                checked["may-open"] += 1
                checked["opens"] += engine
        state = hand.final.state
        if hand.passed and hand.decisions:  # JB-NO-OPEN: the antes added deal by deal
            assert carried_pot_steps(hand)[1] == hand.decisions[0].state.pot_total
            assert hand.setup.carried == hand.passed[-1].final.state.carry_forward
            checked["carried"] += 1
        if state.phase is not Phase.SHOWDOWN:
            continue
        checked["showdowns"] += 1
        total = sum(p.amount for p in pots(state))
        assert pot_layers(state)[1] == [(p.amount, p.eligible) for p in pots(state)]
        result = settlement(state)
        drill = showdown_from_state(state)
        assert sum(p.amount for p in drill.answer) + result.rake == total
        opener = state.opened_by
        if opener >= 0 and not state.folded[opener]:  # JB-PROVE: the dealer reads the proof
            proof = state.hole[opener] + (state.discards[opener] if state.discards else ())
            line = opener_proof_lines(state)[0].en
            assert ("He may win the pot" in line) is has_openers(proof)
            checked["proofs"] += 1
    assert min(checked.values()) > count // 20, checked
    return checked


@pytest.mark.parametrize("level", list(Difficulty))
def test_JB_OPEN_JB_NO_OPEN_JB_PROVE_dealers_method_agrees_with_the_engine(
        level: Difficulty) -> None:
    _check_jacks(120, level)


@pytest.mark.slow
@pytest.mark.parametrize("level", list(Difficulty))
def test_jacks_agree_with_the_engine_on_3000_tables_a_level(level: Difficulty) -> None:
    print(f"{level.value}: {_check_jacks(3000, level)}")


def test_JB_OPEN_reading_agrees_with_the_engine_on_20000_random_five_card_hands() -> None:
    rng = random.Random("openers")
    deck = list(standard_deck())
    opens = 0
    for _ in range(20000):
        cards = tuple(rng.sample(deck, 5))
        verdict = opener_reading(cards)[1]
        assert verdict is has_openers(cards), cards
        opens += verdict
    assert 3000 < opens < 6000  # about a fifth of five-card hands hold jacks or better
