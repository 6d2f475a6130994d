"""Rake drills: how much the house takes from a hand (RAKE-RATE, RAKE-NFND, RAKE-SHARE).

The answer is the engine's settlement rake; the explanation works it from the house's
rate, rounding step and cap, pot by pot or on the whole hand, and says when no flop means
no drop. Beginners work with the house's own rake; harder levels with the structures
rooms use (`level_rake`): a rounding step of 5, caps by stakes, advanced also 10 % or
7.5 % and the rake taken pot by pot; hands that end on the first round (no flop, no drop,
in stud and draw too) are more frequent at harder levels.
"""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

from dealerassist.engine.pots import pots
from dealerassist.engine.settlement import settlement
from dealerassist.engine.state import HandState, Phase
from dealerassist.games.spec import Family
from dealerassist.rules.model import HouseRules, RakeBase, RakeRules, StakeCap
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind
from dealerassist.trainer.final_hands import POT_GAMES, final_states
from dealerassist.trainer.situation import table_lines
from dealerassist.trainer.text import Text

__all__ = ["BANDS", "level_rake", "rake_drill", "rake_from_state", "rake_steps"]

#: Caps by stakes of the harder levels: (the big blind up to, cap), about three big blinds.
BANDS = ((5, 15), (20, 60), (100, 300), (200, 600))
_ABOVE = 1800


def level_rake(rng: random.Random, level: Difficulty, rules: HouseRules) -> HouseRules:
    """Return the rules whose rake a drill of ``level`` uses: the house's, or a room's usual."""
    if level is Difficulty.BEGINNER or not rules.rake.enabled:
        return rules
    bands = tuple(StakeCap(max_big_blind=bb, cap=cap) for bb, cap in BANDS)
    rake = dataclasses.replace(rules.rake, rounding_step=5, caps_by_stakes=bands, cap=_ABOVE,
                               no_flop_no_drop=True, base=RakeBase.HAND)
    if level is Difficulty.ADVANCED:
        rake = dataclasses.replace(rake, percent=rng.choice((Decimal(10), Decimal("7.5"))),
                                   base=rng.choice((RakeBase.HAND, RakeBase.POT)),
                                   rounding_step=rng.choice((1, 5)))
    return dataclasses.replace(rules, rake=rake)


def _fr_number(value: Decimal | str) -> str:
    """Write a figure the French way, with the decimal comma (6,75)."""
    return str(value).replace(".", ",")


def _cap_words(rake: RakeRules, big_blind: int) -> Text:
    if rake.caps_by_stakes:
        bands = sorted(rake.caps_by_stakes, key=lambda b: b.max_big_blind)
        en = ", ".join(f"{b.cap} up to a big blind of {b.max_big_blind}" for b in bands)
        fr = ", ".join(f"{b.cap} jusqu'à une grosse blinde de {b.max_big_blind}" for b in bands)
        above = f", {rake.cap} above" if rake.cap is not None else ", no cap above"
        above_fr = f", {rake.cap} au-delà" if rake.cap is not None else ", sans plafond au-delà"
        return Text(f"capped by stakes (the big blind, or the small bet without blinds: here "
                    f"{big_blind}): {en}{above}",
                    f"plafonnée selon les enjeux (la grosse blinde, ou la petite mise sans "
                    f"blindes : ici {big_blind}) : {fr}{above_fr}")
    cap = rake.cap
    return Text(f"capped at {cap}" if cap is not None else "no cap",
                f"plafond {cap}" if cap is not None else "sans plafond")


def _saw_flop(state: HandState) -> bool:
    """Board games: a flop was dealt; stud and draw: the hand passed its first round."""
    if state.setup.game.family is Family.BOARD:
        return len(state.board) >= 3
    return state.street_index >= 1


def rake_steps(state: HandState) -> tuple[list[Text], int]:
    """Work out the rake from the house's rate, step, cap and no-flop-no-drop (RAKE-*)."""
    rake = state.setup.rules.rake
    hand_pots = pots(state)
    total = sum(p.amount for p in hand_pots)
    saw_flop = _saw_flop(state)
    if not rake.enabled:
        return [Text("The house takes no rake (RAKE-SHARE).",
                      "La maison ne prend pas de commission (RAKE-SHARE).")], 0
    if rake.no_flop_no_drop and not saw_flop and state.setup.game.family is not Family.BOARD:
        return [Text("The hand ended on the first betting round: no drop (RAKE-NFND).",
                     "La main s'est finie au premier tour d'enchères : pas de commission "
                     "(RAKE-NFND).")], 0
    if rake.no_flop_no_drop and not saw_flop:
        return [Text("The hand ended before the flop: no flop, no drop (RAKE-NFND).",
                     "La main s'est finie avant le flop : pas de flop, pas de commission "
                     "(RAKE-NFND).")], 0
    bases = [p.amount for p in hand_pots] if rake.base is RakeBase.POT else [total]
    cap = rake.cap_at(state.setup.nominal_big_blind)
    lines: list[Text] = []
    taken = 0
    for amount in bases:
        exact = Decimal(amount) * rake.percent / Decimal(100)
        step = rake.rounding_step
        rounded = int(exact) // step * step
        lines.append(Text(
            f"{amount} x {rake.percent}% = {exact}; rounded down to a multiple of {step}: "
            f"{rounded} (RAKE-RATE).",
            f"{amount} x {_fr_number(rake.percent)} % = {_fr_number(exact)} ; arrondi vers le "
            f"bas au multiple de {step} : {rounded} (RAKE-RATE)."))
        if cap is not None and rounded > cap:
            lines.append(Text(f"Capped at {cap}.", f"Plafonné à {cap}."))
            rounded = cap
        taken += rounded
    return lines, taken


def rake_from_state(state: HandState, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the rake drill at the end of a hand (the engine's settlement rake)."""
    rake = state.setup.rules.rake
    answer = settlement(state).rake
    lines, _ = rake_steps(state)
    total = sum(p.amount for p in pots(state))
    if state.setup.game.family is not Family.BOARD:
        ended = Text("after the first betting round", "après le premier tour d'enchères") \
            if _saw_flop(state) else Text("on the first betting round",
                                         "au premier tour d'enchères")
    else:
        ended = Text("after the flop", "après le flop") if _saw_flop(state) else \
            Text("before the flop", "avant le flop")
    cap_words = _cap_words(rake, state.setup.nominal_big_blind)
    cap_en, cap_fr = cap_words.en, cap_words.fr
    nfnd_en = "no flop, no drop" if rake.no_flop_no_drop else "raked even without a flop"
    nfnd_fr = "pas de flop, pas de commission" if rake.no_flop_no_drop else \
        "commission même sans flop"
    base_en = "on each pot" if rake.base is RakeBase.POT else "on the whole hand"
    base_fr = "sur chaque pot" if rake.base is RakeBase.POT else "sur toute la main"
    situation = table_lines(state.setup)[:1] + [
        Text(f"The hand ended {ended.en}; the pots hold {total} in all "
             f"({', '.join(str(p.amount) for p in pots(state))}).",
             f"La main s'est finie {ended.fr} ; les pots contiennent {total} en tout "
             f"({', '.join(str(p.amount) for p in pots(state))})."),
        Text(f"House rake: {rake.percent}% {base_en}, rounded down to {rake.rounding_step}, "
             f"{cap_en}, {nfnd_en}." if rake.enabled else "House rake: none.",
             f"Commission de la maison : {_fr_number(rake.percent)} % {base_fr}, arrondie vers "
             "le bas à "
             f"{rake.rounding_step}, {cap_fr}, {nfnd_fr}." if rake.enabled else
             "Commission de la maison : aucune."),
    ]
    return Drill(
        kind=DrillKind.RAKE, seed=seed, difficulty=difficulty, game=state.setup.game.code,
        situation=tuple(situation),
        question=Text("How much rake does the house take?",
                      "Combien la maison prend-elle de commission ?"),
        answer_format=AnswerFormat.AMOUNT, answer=answer,
        answer_text=Text(f"{answer} in rake.", f"{answer} de commission."),
        explanation=tuple(lines), rule_ids=("RAKE-RATE", "RAKE-NFND", "RAKE-SHARE"),
    )


def rake_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random rake drill: a hand won before or after the flop."""
    rng = random.Random(f"rake:{seed}")
    early = {Difficulty.BEGINNER: 15, Difficulty.INTERMEDIATE: 25, Difficulty.ADVANCED: 35}
    pre_flop = rng.randrange(100) < early[difficulty]
    rules = level_rake(rng, difficulty, rules)
    for state in final_states(rng, games=POT_GAMES, difficulty=difficulty, rules=rules,
                               all_in=5):
        if state.phase is not Phase.SHOWDOWN:
            continue
        if (not _saw_flop(state)) == pre_flop:
            return rake_from_state(state, seed=seed, difficulty=difficulty.value)
    raise RuntimeError("no hand found for a rake drill")  # pragma: no cover
