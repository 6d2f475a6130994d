"""Counting drills: making change and colouring up, and a tournament's finishing order.

- `change` (G-TABLE-STAKES): a player puts out more than he owes and the dealer gives the
  change back, or colours up small chips into bigger ones (the value on the table never
  changes). Beginners see one chip and round figures; harder levels several chips and
  odd figures.
- `finish-order` (TRN-RANK): players knocked out of a tournament finish in the reverse
  order of elimination; players knocked out in the same hand rank by the chips they held
  before that hand, the fewer chips finishing lower.
"""

from __future__ import annotations

import random

from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind
from dealerassist.trainer.text import Text

__all__ = ["change_drill", "chip_words", "finish_order_drill"]

_CHIPS = {Difficulty.BEGINNER: (5, 25, 100), Difficulty.INTERMEDIATE: (1, 5, 25, 100, 500),
          Difficulty.ADVANCED: (1, 5, 25, 100, 500, 1000)}


def chip_words(counts: dict[int, int]) -> Text:
    """Chips in words, biggest first: "two 100 chips and one 25 chip"."""
    numbers = {1: ("one", "un"), 2: ("two", "deux"), 3: ("three", "trois"),
               4: ("four", "quatre")}
    parts_en, parts_fr = [], []
    for value in sorted(counts, reverse=True):
        k = counts[value]
        en, fr = numbers.get(k, (str(k), str(k)))
        parts_en.append(f"{en} {value} chip" + ("s" if k > 1 else ""))
        parts_fr.append(f"{fr} jeton" + ("s" if k > 1 else "") + f" de {value}")
    join_en = ", ".join(parts_en[:-1]) + " and " + parts_en[-1] if len(parts_en) > 1 \
        else parts_en[0]
    join_fr = ", ".join(parts_fr[:-1]) + " et " + parts_fr[-1] if len(parts_fr) > 1 \
        else parts_fr[0]
    return Text(join_en, join_fr)


def _change(rng: random.Random, level: Difficulty, seed: int) -> Drill:
    chips = _CHIPS[level]
    seat = rng.randint(1, 9)
    if level is Difficulty.BEGINNER:
        big = rng.choice(chips[1:])
        counts = {big: 1}
        owed = rng.randrange(chips[0], big, chips[0])
    else:
        used = rng.sample(chips[1:], rng.randint(1, 2))
        counts = {value: rng.randint(1, 3) for value in used}
        paid = sum(v * k for v, k in counts.items())
        smallest = min(used)
        owed = rng.randrange(max(1, paid - smallest + 1), paid)
    paid = sum(v * k for v, k in counts.items())
    answer = paid - owed
    shown = chip_words(counts)
    sum_en = " + ".join(f"{k} x {v}" for v, k in sorted(counts.items(), reverse=True))
    return Drill(
        kind=DrillKind.CHANGE, seed=seed, difficulty=level.value, game="",
        situation=(Text(f"Seat {seat} must put in {owed} to call and puts out {shown.en}.",
                        f"Le siège {seat} doit mettre {owed} pour suivre et pose {shown.fr}."),),
        question=Text("How much change does the dealer give back?",
                      "Combien le donneur rend-il de monnaie ?"),
        answer_format=AnswerFormat.AMOUNT, answer=answer,
        answer_text=Text(f"{answer} in change.", f"{answer} de monnaie."),
        explanation=(Text(f"Put out: {sum_en} = {paid}.", f"Posé : {sum_en} = {paid}."),
                     Text(f"Change: {paid} - {owed} = {answer}; the call of {owed} goes in, "
                          "the chips' value on the table stays the same (G-TABLE-STAKES).",
                          f"Monnaie : {paid} - {owed} = {answer} ; le suivi de {owed} va au "
                          "pot, la valeur des jetons sur la table ne change pas "
                          "(G-TABLE-STAKES).")),
        rule_ids=("G-TABLE-STAKES",),
    )


def _colour_up(rng: random.Random, level: Difficulty, seed: int) -> Drill:
    chips = _CHIPS[level]
    small = rng.choice(chips[:-1])
    big = rng.choice([c for c in chips if c > small and c % small == 0])
    count = rng.randint(big // small + 1, 4 * big // small + 3)
    seat = rng.randint(1, 9)
    value = count * small
    answer, rest = divmod(value, big)
    return Drill(
        kind=DrillKind.CHANGE, seed=seed, difficulty=level.value, game="",
        situation=(Text(f"Seat {seat} has {count} chips of {small} and asks to colour up into "
                        f"{big} chips; what cannot make a {big} chip stays in {small} chips.",
                        f"Le siège {seat} a {count} jetons de {small} et demande à les changer "
                        f"en jetons de {big} ; ce qui ne fait pas un jeton de {big} reste en "
                        f"jetons de {small}."),),
        question=Text(f"How many {big} chips does he get?",
                      f"Combien de jetons de {big} reçoit-il ?"),
        answer_format=AnswerFormat.AMOUNT, answer=answer,
        answer_text=Text(f"{answer} chips of {big}.", f"{answer} jetons de {big}."),
        explanation=(Text(f"{count} x {small} = {value}.", f"{count} x {small} = {value}."),
                     Text(f"{value} = {answer} x {big} + {rest}: {answer} chips of {big}, "
                          f"{rest // small} of {small} stay (G-TABLE-STAKES).",
                          f"{value} = {answer} x {big} + {rest} : {answer} jetons de {big}, "
                          f"{rest // small} de {small} restent (G-TABLE-STAKES).")),
        rule_ids=("G-TABLE-STAKES",),
    )


def change_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a making-change or colouring-up drill (half each)."""
    rng = random.Random(f"change:{difficulty.value}:{seed}")
    if rng.randrange(2):
        return _change(rng, Difficulty(difficulty), seed)
    return _colour_up(rng, Difficulty(difficulty), seed)


def finish_order_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a finishing-order drill (TRN-RANK): several players out in one hand."""
    rng = random.Random(f"finish-order:{difficulty.value}:{seed}")
    level = Difficulty(difficulty)
    left = rng.randint(3, 9) if level is Difficulty.BEGINNER else rng.randint(4, 40)
    out_count = {Difficulty.BEGINNER: 2, Difficulty.INTERMEDIATE: rng.randint(2, 3),
                 Difficulty.ADVANCED: rng.randint(2, 4)}[level]
    out_count = min(out_count, left - 1)
    seats = rng.sample(range(1, 10), out_count)
    unit = 100 if level is Difficulty.BEGINNER else rng.choice((25, 5, 1))
    chips = rng.sample(range(1, 200), out_count)
    before = {seat: c * unit for seat, c in zip(seats, chips, strict=True)}
    asked = rng.choice(seats)
    order = sorted(seats, key=lambda s: before[s])  # fewest chips first: finishes lowest
    places = {seat: left - k for k, seat in enumerate(order)}
    answer = places[asked]
    listed = ", ".join(f"seat {s} ({before[s]})" for s in seats)
    listed_fr = ", ".join(f"siège {s} ({before[s]})" for s in seats)
    lines = [Text(f"{left} players were left before the hand; those knocked out in it take "
                  f"places {left}, {left - 1}... in turn, the fewest chips before the hand "
                  "finishing lowest (TRN-RANK).",
                  f"Il restait {left} joueurs avant la main ; les éliminés de cette main "
                  f"prennent les places {left}, {left - 1}... dans l'ordre, le moins de jetons "
                  "avant la main finissant le plus bas (TRN-RANK).")]
    lines += [Text(f"Seat {s} ({before[s]}): place {places[s]}.",
                   f"Siège {s} ({before[s]}) : place {places[s]}.") for s in order]
    return Drill(
        kind=DrillKind.FINISH_ORDER, seed=seed, difficulty=level.value, game="",
        situation=(Text(f"Tournament: {left} players are left. In one hand {out_count} players "
                        f"are knocked out; their chips before the hand: {listed}.",
                        f"Tournoi : il reste {left} joueurs. Dans une même main {out_count} "
                        f"joueurs sont éliminés ; leurs jetons avant la main : {listed_fr}."),),
        question=Text(f"In which place does seat {asked} finish?",
                      f"À quelle place finit le siège {asked} ?"),
        answer_format=AnswerFormat.AMOUNT, answer=answer,
        answer_text=Text(f"Seat {asked} finishes in place {answer}.",
                         f"Le siège {asked} finit à la place {answer}."),
        explanation=tuple(lines), rule_ids=("TRN-RANK",),
    )
