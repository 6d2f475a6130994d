"""Pot drills: main and side pots, layer by layer as a dealer builds them.

Answers come from the engine (`pots`) at the end of a real hand; the explanation builds
the pots layer by layer as a dealer does (POT-MAIN-SIDE: "each all-in closes a pot"),
with uncalled bets returned (POT-UNCALLED) and folded chips left in (POT-FOLDED). The
showdown and rake drills live in `showdown_drills` and `rake_drills`; their public names
are re-exported here, where they were first written.
"""

from __future__ import annotations

import random

from dealerassist.engine.pots import pots
from dealerassist.engine.state import HandState, Phase
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind, PotAnswer
from dealerassist.trainer.final_hands import POT_GAMES, final_states, seat_list
from dealerassist.trainer.rake_drills import rake_drill, rake_from_state, rake_steps
from dealerassist.trainer.showdown_drills import showdown_drill, showdown_from_state, split_steps
from dealerassist.trainer.situation import table_lines
from dealerassist.trainer.text import Text, seat_name

__all__ = [
    "pot_layers",
    "pots_drill",
    "pots_from_state",
    "rake_drill",
    "rake_from_state",
    "rake_steps",
    "showdown_drill",
    "showdown_from_state",
    "split_steps",
]


def _dead_words(state: HandState) -> Text:
    carried = state.setup.carried
    if carried and carried == state.dead_antes:
        return Text("carried in (JB-NO-OPEN)", "reportés (JB-NO-OPEN)")
    if carried:
        return Text(f"dead (antes, and {carried} carried in, JB-NO-OPEN)",
                    f"morts (antes, et {carried} reportés, JB-NO-OPEN)")
    return Text("dead (antes)", "morts (antes)")


def pot_layers(state: HandState) -> tuple[list[Text], list[tuple[int, tuple[int, ...]]]]:
    """Build the pots as a dealer does: each all-in player still in closes a layer.

    Returns:
        The worked lines and the pots reached: (amount, eligible players), main first.

    """
    n = state.player_count
    put = state.committed
    in_hand = [i for i in range(n) if not state.folded[i] and not state.mucked[i]]
    lines: list[Text] = []
    for i in range(n):
        if state.returned[i]:
            lines.append(Text(
                f"{seat_name(i).en}: {state.returned[i]} of the bet was not called and goes "
                "back (POT-UNCALLED).",
                f"{seat_name(i).fr} : {state.returned[i]} de la mise n'ont pas été suivis et "
                "lui reviennent (POT-UNCALLED)."))
    levels = sorted({put[i] for i in in_hand})
    result: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for number, level in enumerate(levels):
        parts = [(i, min(put[i], level) - min(put[i], previous)) for i in range(n)]
        parts = [(i, a) for i, a in parts if a]
        amount = sum(a for _, a in parts)
        shown = " + ".join(str(a) for _, a in parts)
        shown_fr = shown
        if number == 0 and state.dead_antes:
            # antes and money carried in from a passed-out deal (JB-NO-OPEN) are dead money
            # in the main pot
            amount += state.dead_antes
            dead = _dead_words(state)
            shown = f"{shown} + {state.dead_antes} {dead.en}" if shown else \
                f"{state.dead_antes} {dead.en}"
            shown_fr = f"{shown_fr} + {state.dead_antes} {dead.fr}" if shown_fr else \
                f"{state.dead_antes} {dead.fr}"
        eligible = tuple(i for i in in_hand if put[i] >= level)
        name = Text("main pot", "pot principal") if not result else \
            Text(f"side pot {len(result)}", f"pot annexe {len(result)}")
        if result and result[-1][1] == eligible:
            result[-1] = (result[-1][0] + amount, eligible)
            lines.append(Text(
                f"From {previous} to {level} a player: {shown} = {amount}, the same players: "
                f"added to the last pot, now {result[-1][0]}.",
                f"De {previous} à {level} par joueur : {shown_fr} = {amount}, mêmes joueurs : "
                f"ajouté au dernier pot, soit {result[-1][0]}."))
        elif amount:
            result.append((amount, eligible))
            lines.append(Text(
                f"Up to {level} a player: {shown} = {amount}, the {name.en}, for seats "
                f"{seat_list(eligible)}.",
                f"Jusqu'à {level} par joueur : {shown_fr} = {amount}, le {name.fr}, pour les "
                f"sièges {seat_list(eligible)}."))
        previous = level
    folded = [i for i in range(n) if state.folded[i] and put[i]]
    if folded:
        lines.append(Text(
            f"Folded (seats {seat_list(folded)}): their chips stay in the pots, but they win none "
            "(POT-FOLDED).",
            f"Couchés (sièges {seat_list(folded)}) : leurs jetons restent dans les pots, sans "
            "droit à aucun pot (POT-FOLDED)."))
    return lines, result


def dead_money_line(state: HandState) -> list[Text]:
    """Name the antes (and a pot carried from passed-out deals): dead money in the main pot."""
    dead = state.dead_antes
    if not dead:
        return []
    carried = state.setup.carried
    antes = dead - carried
    parts_en = [f"{antes} in antes"] if antes else []
    parts_fr = [f"{antes} d'antes"] if antes else []
    if carried:
        parts_en.append(f"{carried} carried in")
        parts_fr.append(f"{carried} reportés")
    return [Text(f"Dead money in the main pot: {dead} ({', '.join(parts_en)}).",
                 f"Argent mort dans le pot principal : {dead} ({', '.join(parts_fr)}).")]


def _contribution_lines(state: HandState) -> list[Text]:
    """Say what each seat bet, the antes apart (they are dead money), and its status."""
    lines = dead_money_line(state)
    apart = Text(" (ante apart)", " (ante à part)") if state.dead_antes else Text("", "")
    for i in range(state.player_count):
        gross = state.committed[i] + state.returned[i]
        name = seat_name(i)
        if state.folded[i]:
            status = Text("folded", "s'est couché")
        elif state.stacks[i] == 0 or state.stacks[i] == state.returned[i]:
            status = Text("all in", "à tapis")
        else:
            status = Text("still in", "toujours en jeu")
        lines.append(Text(f"{name.en} put in {gross} in bets{apart.en}, {status.en}.",
                          f"{name.fr} a misé {gross} en enchères{apart.fr}, {status.fr}."))
    return lines


def pots_from_state(state: HandState, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the pots drill at the end of the betting (the engine's `pots`)."""
    answer = tuple(PotAnswer(p.amount, tuple(i + 1 for i in p.eligible)) for p in pots(state))
    lines, _ = pot_layers(state)
    shown_en = "; ".join(f"{p.amount} for seats {', '.join(map(str, p.seats))}" for p in answer)
    shown_fr = "; ".join(f"{p.amount} pour les sièges {', '.join(map(str, p.seats))}"
                         for p in answer)
    return Drill(
        kind=DrillKind.POTS, seed=seed, difficulty=difficulty, game=state.setup.game.code,
        situation=tuple(table_lines(state.setup)[:1] + _contribution_lines(state)),
        question=Text("What are the pots, main pot first, and which seats can win each?",
                      "Quels sont les pots, le principal d'abord, et quels sièges peuvent "
                      "gagner chacun ?"),
        answer_format=AnswerFormat.POTS, answer=answer,
        answer_text=Text(shown_en + ".", shown_fr + "."),
        explanation=tuple(lines), rule_ids=("POT-MAIN-SIDE", "POT-FOLDED", "POT-UNCALLED"),
    )


def pots_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random pots drill: a showdown with all-ins (side pots from intermediate on)."""
    rng = random.Random(f"pots:{seed}")
    wanted = {Difficulty.BEGINNER: 1, Difficulty.INTERMEDIATE: 2, Difficulty.ADVANCED: 3}
    best = None
    for state in final_states(rng, games=POT_GAMES, difficulty=difficulty, rules=rules,
                               all_in=30):
        if state.phase is not Phase.SHOWDOWN or state.won_by_fold:
            continue
        count = len(pots(state))
        if best is None or count > len(pots(best)):
            best = state
        if count >= wanted[difficulty]:
            break
    assert best is not None
    return pots_from_state(best, seed=seed, difficulty=difficulty.value)
