"""Every drill's answer follows from the text the trainee sees (issue 39).

For every kind and level, drills are generated, only their situation text is read
(`reading`), the answer is worked out again from it with the game's rules, and it must
equal the drill's answer: the check a new user makes by hand.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from dealerassist.engine.openers import has_openers
from dealerassist.engine.state import Phase
from dealerassist.trainer import Difficulty, DrillKind, make_drill
from dealerassist.trainer.difficulty import profile
from dealerassist.trainer.hands import play_hand, random_setup
from dealerassist.trainer.pot_drills import showdown_from_state

from . import reading
from .helpers import RULES

READERS = {
    DrillKind.PL_MAX: reading.answer_of_pl_max,
    DrillKind.NL_MIN: reading.answer_of_nl_min,
    DrillKind.TO_CALL: reading.answer_of_to_call,
    DrillKind.POTS: reading.answer_of_pots,
    DrillKind.BRING_IN: reading.answer_of_bring_in,
    DrillKind.STUD_FIRST: reading.answer_of_stud_first,
    DrillKind.SHOWDOWN: reading.answer_of_showdown,
    DrillKind.RAKE: reading.answer_of_rake,
    DrillKind.DRAW_FIRST: reading.answer_of_draw_first,
    DrillKind.DRAW_WINNER: reading.answer_of_draw_winner,
    DrillKind.JB_OPEN: reading.answer_of_jb_open,
    DrillKind.RULING: reading.answer_of_ruling,
    DrillKind.FIRST_TO_ACT: reading.answer_of_first_to_act,
    DrillKind.SHOW_ORDER: reading.answer_of_show_order,
    DrillKind.LIMIT_RAISE: reading.answer_of_limit_raise,
    DrillKind.OPEN_PAIR: reading.answer_of_open_pair,
    DrillKind.BUTTON: reading.answer_of_button,
    DrillKind.CHANGE: reading.answer_of_change,
    DrillKind.FINISH_ORDER: reading.answer_of_finish_order,
}

SEEDS = range(1000, 1040)
NO_RAKE = dataclasses.replace(RULES, rake=dataclasses.replace(RULES.rake, enabled=False))


def test_every_kind_has_a_reader() -> None:
    assert set(READERS) == set(DrillKind)


@pytest.mark.parametrize("level", list(Difficulty))
@pytest.mark.parametrize("kind", sorted(READERS, key=str))
def test_the_answer_is_a_function_of_the_situation_text(kind: DrillKind, level: Difficulty,
                                                        ) -> None:
    wrong = []
    for seed in SEEDS:
        drill = make_drill(kind, seed=seed, difficulty=level, rules=RULES)
        read = READERS[kind](drill)
        if read != drill.answer:
            wrong.append((seed, read, drill.answer))
    assert not wrong, wrong


@pytest.mark.parametrize("level", list(Difficulty))
def test_defect_39_5_stud_situations_show_every_seat_that_acts_and_who_opens_the_street(
        level: Difficulty) -> None:
    """ST-FIRST, ST-BRINGIN: the up cards shown name the seat that acts first on the street."""
    checked = 0
    for seed in range(2000, 2150):
        drill = make_drill(DrillKind.TO_CALL, seed=seed, difficulty=level, rules=RULES)
        rnd = reading.read_round(reading.lines_of(drill))
        if rnd.table.game.family.value != "stud":
            continue
        acting = [seat for seat, *_ in rnd.actions] + [rnd.actor]
        assert set(acting) <= set(rnd.shows), (seed, acting, rnd.shows)
        if rnd.index == 0:
            up = {seat: cards[-1] for seat, cards in rnd.shows.items()}
            first = reading.bring_in_seat(rnd.table.game, up)
        else:
            first = reading.stud_first_actor(rnd.table.game, rnd.shows, rnd.all_in_before)
        assert acting[0] == first, (seed, acting, rnd.shows)
        checked += 1
    assert checked > 25


def _jacks_showdowns(count: int, level: Difficulty):  # type: ignore[no-untyped-def]
    prof = profile(level)
    rng = random.Random(f"jacks-showdowns-{level}")
    for _ in range(count):
        state = play_hand(rng, random_setup(rng, game="FJB", prof=prof, rules=NO_RAKE),
                          prof=prof).final.state
        if state.phase is Phase.SHOWDOWN and not state.won_by_fold:
            yield state


@pytest.mark.parametrize("level", list(Difficulty))
def test_defect_39_6_jacks_showdowns_show_the_opener_and_his_discards(level: Difficulty) -> None:
    """JB-PROVE, JB-SPLIT: the payouts follow from the text, and the discards decide pots."""
    split = decided = showdowns = 0
    for state in _jacks_showdowns(400, level):
        drill = showdown_from_state(state)
        assert reading.answer_of_showdown(drill) == drill.answer
        showdowns += 1
        opener = state.opened_by
        if opener < 0 or state.folded[opener] or has_openers(state.hole[opener]):
            continue
        split += 1  # the final hand alone holds no openers: the discards prove them
        hidden = dataclasses.replace(drill, situation=tuple(
            line for line in drill.situation if "kept them aside" not in line.en))
        decided += reading.answer_of_showdown(hidden) != drill.answer
    assert showdowns > 100 and split > 10 and decided > 3, (showdowns, split, decided)


@pytest.mark.slow
@pytest.mark.parametrize("level", list(Difficulty))
def test_the_answer_is_a_function_of_the_text_on_400_seeds_of_every_kind(level: Difficulty,
                                                                         ) -> None:
    wrong = []
    for kind, reader in READERS.items():
        for seed in range(400):
            drill = make_drill(kind, seed=seed, difficulty=level, rules=RULES)
            if reader(drill) != drill.answer:
                wrong.append((kind.value, seed))
    assert not wrong, wrong
