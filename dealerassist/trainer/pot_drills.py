"""Pot drills: main and side pots, showdown payouts (hi/lo, odd chips), and the rake.

Answers come from the engine (`pots`, `settlement`) at the end of a real hand; the
explanation builds the pots layer by layer as a dealer does (POT-MAIN-SIDE: "each all-in
closes a pot"), splits each pot with the house's odd-chip rule (G-ODD-CHIP, O8-SPLIT-ODD)
and works the rake from the house's rate (RAKE-RATE, RAKE-NFND).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from dealerassist.cards import Card, format_cards
from dealerassist.engine.pots import pots
from dealerassist.engine.settlement import settlement
from dealerassist.engine.state import HandState, Phase
from dealerassist.evaluation import (
    HandValue,
    describe,
    evaluate_badugi,
    evaluate_high,
    evaluate_low8,
    evaluate_low_27,
    evaluate_low_a5,
    evaluate_omaha_high,
    evaluate_omaha_low8,
)
from dealerassist.games.spec import Evaluator, Family
from dealerassist.rules.model import HiLoOddChip, HouseRules, OddChipRule, RakeBase
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind, Payout, PotAnswer
from dealerassist.trainer.hands import DRAW_GAMES, STUD_GAMES, choose_game, play_hand, random_setup
from dealerassist.trainer.jacks_drills import opener_proof_lines
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

_POT_GAMES = ("NT", "PO", "FT", "NO/8", "PT")
_SHOWDOWN_GAMES = ("NT", "FT", "PO", "FO/8", "PO/8") + STUD_GAMES + DRAW_GAMES
_POT_GAMES = _POT_GAMES + STUD_GAMES + DRAW_GAMES
_LOW_RULES = {Evaluator.LOW_A5: ["RZ-LOW", "LB-A5"], Evaluator.LOW_27: ["LB-27"],
              Evaluator.BADUGI: []}


def _seats(players: tuple[int, ...] | list[int]) -> str:
    return ", ".join(str(p + 1) for p in players)


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
                f"{_seats(eligible)}.",
                f"Jusqu'à {level} par joueur : {shown_fr} = {amount}, le {name.fr}, pour les "
                f"sièges {_seats(eligible)}."))
        previous = level
    folded = [i for i in range(n) if state.folded[i] and put[i]]
    if folded:
        lines.append(Text(
            f"Folded (seats {_seats(folded)}): their chips stay in the pots, but they win none "
            "(POT-FOLDED).",
            f"Couchés (sièges {_seats(folded)}) : leurs jetons restent dans les pots, sans droit "
            "à aucun pot (POT-FOLDED)."))
    return lines, result


def _contribution_lines(state: HandState) -> list[Text]:
    lines = []
    for i in range(state.player_count):
        gross = state.committed[i] + state.returned[i]
        name = seat_name(i)
        if state.folded[i]:
            status = Text("folded", "s'est couché")
        elif state.stacks[i] == 0 or state.stacks[i] == state.returned[i]:
            status = Text("all in", "à tapis")
        else:
            status = Text("still in", "toujours en jeu")
        lines.append(Text(f"{name.en} put in {gross} in all, {status.en}.",
                          f"{name.fr} a misé {gross} en tout, {status.fr}."))
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


def _value(evaluator: Evaluator, hole: tuple, board: tuple) -> HandValue | None:  # type: ignore[type-arg]
    if evaluator is Evaluator.OMAHA_HIGH:
        return evaluate_omaha_high(hole, board)
    if evaluator is Evaluator.OMAHA_LOW8:
        return evaluate_omaha_low8(hole, board)
    cards = tuple(hole) + tuple(board)
    if evaluator is Evaluator.LOW8:  # stud hi-lo: best eight-or-better low of seven (O8-QUALIFY)
        return evaluate_low8(cards)
    if evaluator is Evaluator.LOW_A5:  # RZ-LOW, LB-A5
        return evaluate_low_a5(cards)
    if evaluator is Evaluator.LOW_27:  # LB-27
        return evaluate_low_27(cards)
    if evaluator is Evaluator.BADUGI:
        return evaluate_badugi(cards)
    return evaluate_high(cards)


def _hands_played(state: HandState, player: int) -> tuple[Text, Text | None]:
    """Return the hand each half plays, in words (high first; a hi-lo game's low second)."""
    game = state.setup.game
    hole = tuple(state.hole[player])
    board = tuple(state.board)
    first = game.high if game.high is not None else game.low
    assert first is not None
    value = _value(first, hole, board)
    assert value is not None
    high_text = Text(describe(value, "en"), describe(value, "fr"))
    if game.high is None or game.low is None:
        return high_text, None
    low = _value(game.low, hole, board)
    if low is None:
        return high_text, Text("no low", "pas de low")
    return high_text, Text(describe(low, "en"), describe(low, "fr"))


def _by_high_card(winners: tuple[int, ...],
                  cards: Mapping[int, Sequence[Card]]) -> tuple[tuple[int, ...], dict[int, Card]]:
    """Winners in order of their highest known card dealt, suits s > h > d > c (G-ODD-CHIP).

    A card's code is (rank - 2) * 4 + suit order (c, d, h, s), so the largest code is the
    highest rank, ace high, with the suit breaking ties; a winner with no known card comes
    last, then clockwise, as the engine settles it.
    """
    highest: dict[int, Card] = {}
    for w in winners:
        known = [c for c in cards.get(w, ()) if not c.is_unknown]
        if known:
            highest[w] = max(known, key=lambda c: c.code)
    order = tuple(sorted(winners, key=lambda w: (-(highest[w].code if w in highest else -1),
                                                 winners.index(w))))
    return order, highest


def split_steps(amount: int, winners: tuple[int, ...], *, rules: HouseRules,
                stud: bool = False,
                cards: Mapping[int, Sequence[Card]] | None = None) -> tuple[Text, dict[int, int]]:
    """Split ``amount`` between winners (clockwise from the button) as G-ODD-CHIP says.

    Args:
        amount: The chips to split.
        winners: The tied winners, clockwise from the button.
        rules: The house rules (``odd_chip``).
        stud: Whether the game is stud (``odd_chip.stud`` applies, else ``odd_chip.board``).
        cards: All the cards dealt to each winner, read by the stud option
            ``high_card_by_suit`` (odd chips one each in order of the highest card, suits
            s > h > d > c); without it no card is known and the order stays clockwise.

    Returns:
        The worked sentence and each winner's share.

    """
    rule = rules.odd_chip.stud if stud else rules.odd_chip.board
    unit = rules.odd_chip.unit
    k = len(winners)
    if k == 1:
        return (Text(f"{seat_name(winners[0]).en} takes {amount}.",
                     f"{seat_name(winners[0]).fr} prend {amount}."), {winners[0]: amount})
    units, below = divmod(amount, unit)
    base, extra = divmod(units, k)
    shares = {w: base * unit for w in winners}
    first = winners[0]
    if extra:
        if rule is OddChipRule.LOWEST_SEAT:
            shares[winners[0]] += extra * unit
            who = Text(f"all to {seat_name(winners[0]).en}, the lowest seat",
                       f"tous au {seat_name(winners[0]).fr.lower()}, le plus petit siège")
        elif rule is OddChipRule.HIGH_CARD_BY_SUIT and stud:
            order, highest = _by_high_card(winners, cards or {})
            first = order[0]
            for w in order[:extra]:
                shares[w] += unit
            ranked = ", ".join(f"{seat_name(w).en} ({highest[w]})" if w in highest
                               else seat_name(w).en for w in order)
            ranked_fr = ", ".join(f"{seat_name(w).fr} ({highest[w]})" if w in highest
                                  else seat_name(w).fr for w in order)
            who = Text(f"one each by highest card dealt, suits s > h > d > c: {ranked}",
                       f"un chacun selon la plus haute carte reçue, couleurs s > h > d > c :"
                       f" {ranked_fr}")
        else:
            for w in winners[:extra]:
                shares[w] += unit
            who = Text("one each to the first winners clockwise from the button",
                       "un chacun aux premiers gagnants à gauche du bouton")
    shares[first] += below
    names = ", ".join(seat_name(w).en for w in winners)
    names_fr = ", ".join(seat_name(w).fr for w in winners)
    text = Text(f"{names} tie: {amount} / {k} = {base * unit} each",
                f"{names_fr} à égalité : {amount} / {k} = {base * unit} chacun")
    if extra:
        text = text + Text(f"; {extra} odd chip(s) of {unit}: {who.en} (G-ODD-CHIP)",
                           f" ; {extra} jeton(s) en trop de {unit} : {who.fr} (G-ODD-CHIP)")
    return text + Text(".", "."), shares


def _showdown_lines(state: HandState, rules: HouseRules) -> tuple[list[Text], dict[int, int]]:
    result = settlement(state)
    totals: dict[int, int] = {}
    lines: list[Text] = []
    hilo = state.setup.game.low is not None and state.setup.game.high is not None
    stud = state.setup.game.family is Family.STUD
    for k, pot in enumerate(result.pots):
        name = Text("Main pot", "Pot principal") if k == 0 else \
            Text(f"Side pot {k}", f"Pot annexe {k}")
        lines.append(Text(f"{name.en}: {pot.amount}, seats {_seats(pot.eligible)}.",
                          f"{name.fr} : {pot.amount}, sièges {_seats(pot.eligible)}."))
        for i in pot.eligible:
            high, low = _hands_played(state, i)
            extra_en = f"; low: {low.en}" if low else ""
            extra_fr = f" ; low : {low.fr}" if low else ""
            lines.append(Text(f"  {seat_name(i).en}: {high.en}{extra_en}.",
                              f"  {seat_name(i).fr} : {high.fr}{extra_fr}."))
        halves: list[tuple[int, tuple[int, ...], Text]] = []
        if hilo and pot.low_winners:
            unit = rules.odd_chip.unit
            units, below = divmod(pot.amount, unit)
            low_units = units // 2
            high_units = units - low_units
            if rules.odd_chip.hilo is HiLoOddChip.LOW:
                high_units, low_units = low_units, high_units
            high_amount, low_amount = high_units * unit + below, low_units * unit
            to_high = rules.odd_chip.hilo is HiLoOddChip.HIGH
            odd = Text("", "")
            if units % 2:
                odd = Text(f" (odd chip to the {'high' if to_high else 'low'}, O8-SPLIT-ODD)",
                           f" (jeton impair au {'haut' if to_high else 'bas'}, O8-SPLIT-ODD)")
            lines.append(Text(
                f"  Split high/low (O8-SPLIT): high {high_amount}, low {low_amount}",
                f"  Partage haut/bas (O8-SPLIT) : haut {high_amount}, bas {low_amount}",
            ) + odd + Text(".", "."))
            halves = [(high_amount, pot.high_winners, Text("High", "Haut")),
                      (low_amount, pot.low_winners, Text("Low", "Bas"))]
        else:
            if hilo:
                lines.append(Text("  No qualifying low: the high hand scoops (O8-QUALIFY).",
                                  "  Pas de low qualifié : le haut rafle tout (O8-QUALIFY)."))
            halves = [(pot.amount, pot.high_winners or pot.low_winners, Text("Pot", "Pot"))]
        for amount, winners, label in halves:
            text, shares = split_steps(amount, winners, rules=rules, stud=stud,
                                       cards=dict(enumerate(state.hole)))
            lines.append(Text(f"  {label.en}: ", f"  {label.fr} : ") + text)
            for player, share in shares.items():
                totals[player] = totals.get(player, 0) + share
    return lines, totals


def showdown_from_state(state: HandState, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the showdown drill: who wins each pot and how much (the engine's settlement)."""
    rules = state.setup.rules
    result = settlement(state)
    awards = result.awards_by_player()
    answer = tuple(Payout(p + 1, a) for p, a in sorted(awards.items()) if a)
    lines, _ = _showdown_lines(state, rules)
    proof = opener_proof_lines(state)  # jacks or better: JB-PROVE, JB-CALL-LOSE
    lines = proof + lines
    board = format_cards(state.board)
    situation = table_lines(state.setup)[:1]
    if state.board:
        situation.append(Text(f"Board: {board}.", f"Tableau : {board}."))
    for i in state.in_hand:
        cards = format_cards(state.hole[i])
        situation.append(Text(f"{seat_name(i).en} shows {cards}.",
                              f"{seat_name(i).fr} montre {cards}."))
    for k, pot in enumerate(pots(state)):
        name = Text("Main pot", "Pot principal") if k == 0 else \
            Text(f"Side pot {k}", f"Pot annexe {k}")
        situation.append(Text(f"{name.en}: {pot.amount} for seats {_seats(pot.eligible)}.",
                              f"{name.fr} : {pot.amount} pour les sièges "
                              f"{_seats(pot.eligible)}."))
    situation.append(Text("No rake in this drill.", "Pas de commission dans cet exercice."))
    shown_en = ", ".join(f"Seat {p.seat} {p.amount}" for p in answer)
    shown_fr = ", ".join(f"Siège {p.seat} {p.amount}" for p in answer)
    ids = ["POT-AWARD", "G-TIE", "G-ODD-CHIP"]
    game = state.setup.game
    if game.low is not None and game.high is not None:
        ids += ["O8-SPLIT", "O8-QUALIFY", "O8-SPLIT-ODD"]
    ids += _LOW_RULES.get(game.low, []) if game.high is None else []
    if proof:
        ids += ["JB-PROVE", "JB-CALL-LOSE"]
    return Drill(
        kind=DrillKind.SHOWDOWN, seed=seed, difficulty=difficulty, game=state.setup.game.code,
        situation=tuple(situation),
        question=Text("How many chips does each winning seat receive?",
                      "Combien de jetons reçoit chaque siège gagnant ?"),
        answer_format=AnswerFormat.PAYOUTS, answer=answer,
        answer_text=Text(shown_en + ".", shown_fr + "."),
        explanation=tuple(lines), rule_ids=tuple(ids),
    )


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
            f"{amount} x {rake.percent} % = {exact} ; arrondi vers le bas au multiple de "
            f"{step} : {rounded} (RAKE-RATE)."))
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
    cap = rake.cap_at(state.setup.nominal_big_blind)
    cap_en = f"capped at {cap}" if cap is not None else "no cap"
    cap_fr = f"plafond {cap}" if cap is not None else "sans plafond"
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
             f"Commission de la maison : {rake.percent} % {base_fr}, arrondie vers le bas à "
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


def _final_states(rng: random.Random, *, games: tuple[str, ...], difficulty: Difficulty,
                  rules: HouseRules, all_in: int):  # type: ignore[no-untyped-def]
    prof = profile(difficulty)
    prof = dataclasses.replace(prof, all_in_percent=max(prof.all_in_percent, all_in),
                               short_stack_percent=max(prof.short_stack_percent, all_in))
    for _ in range(400):
        setup = random_setup(rng, game=choose_game(rng, games), prof=prof, rules=rules)
        yield play_hand(rng, setup, prof=prof).final.state


def pots_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random pots drill: a showdown with all-ins (side pots from intermediate on)."""
    rng = random.Random(f"pots:{seed}")
    wanted = {Difficulty.BEGINNER: 1, Difficulty.INTERMEDIATE: 2, Difficulty.ADVANCED: 3}
    best = None
    for state in _final_states(rng, games=_POT_GAMES, difficulty=difficulty, rules=rules,
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


def showdown_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random showdown drill; harder levels look for ties, hi/lo splits and side pots."""
    rng = random.Random(f"showdown:{seed}")
    no_rake = dataclasses.replace(rules, rake=dataclasses.replace(rules.rake, enabled=False))
    want_split = difficulty is Difficulty.ADVANCED or (
        difficulty is Difficulty.INTERMEDIATE and rng.randrange(2) == 0)
    fallback = None
    for state in _final_states(rng, games=_SHOWDOWN_GAMES, difficulty=difficulty,
                               rules=no_rake, all_in=10):
        if state.phase is not Phase.SHOWDOWN or state.won_by_fold:
            continue
        fallback = fallback or state
        result = settlement(state)
        split = any(len(p.high_winners) > 1 or len(p.low_winners) > 0 or len(p.awards) > 1
                    for p in result.pots)
        if split or not want_split:
            return showdown_from_state(state, seed=seed, difficulty=difficulty.value)
    assert fallback is not None
    return showdown_from_state(fallback, seed=seed, difficulty=difficulty.value)


def rake_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random rake drill: a hand won before or after the flop."""
    rng = random.Random(f"rake:{seed}")
    pre_flop = rng.randrange(100) < 20
    for state in _final_states(rng, games=_POT_GAMES, difficulty=difficulty, rules=rules,
                               all_in=5):
        if state.phase is not Phase.SHOWDOWN:
            continue
        if (not _saw_flop(state)) == pre_flop:
            return rake_from_state(state, seed=seed, difficulty=difficulty.value)
    raise RuntimeError("no hand found for a rake drill")  # pragma: no cover
