"""Showdown drills: who wins each pot and how much (hi/lo splits, ties, odd chips).

Answers come from the engine's settlement at the end of a real hand; the explanation
names each player's hand, splits hi/lo pots (O8-SPLIT, O8-QUALIFY, O8-SPLIT-ODD) and
divides ties with the house's odd-chip rule (G-ODD-CHIP), step by step (`split_steps`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

from dealerassist.cards import Card, format_cards
from dealerassist.engine.openers import needs_openers
from dealerassist.engine.pots import pots
from dealerassist.engine.settlement import settlement
from dealerassist.engine.state import HandState, Phase
from dealerassist.evaluation import (
    EvaluationKind,
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
from dealerassist.rules.model import HiLoOddChip, HouseRules, OddChipRule
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind, Payout
from dealerassist.trainer.final_hands import final_states, seat_list
from dealerassist.trainer.hands import DRAW_GAMES, STUD_GAMES
from dealerassist.trainer.jacks_drills import opener_proof_lines
from dealerassist.trainer.situation import table_lines
from dealerassist.trainer.text import Text, seat_name

__all__ = ["showdown_drill", "showdown_from_state", "split_steps"]

_SHOWDOWN_GAMES = ("NT", "FT", "PO", "FO/8", "PO/8") + STUD_GAMES + DRAW_GAMES
_LOW_RULES = {Evaluator.LOW_A5: ["RZ-LOW", "LB-A5"], Evaluator.LOW_27: ["LB-27"],
              Evaluator.BADUGI: []}


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
    if not value.is_low and value.kind is not EvaluationKind.BADUGI:
        # the five cards that play name the kickers, so a kicker decides visibly
        plays = format_cards(value.cards)
        high_text = high_text + Text(f" ({plays})", f" ({plays})")
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
        lines.append(Text(f"{name.en}: {pot.amount}, seats {seat_list(pot.eligible)}.",
                          f"{name.fr} : {pot.amount}, sièges {seat_list(pot.eligible)}."))
        for i in pot.eligible:
            high, low = _hands_played(state, i)
            extra_en = f"; low: {low.en}" if low else ""
            extra_fr = f" ; low : {low.fr}" if low else ""
            lines.append(Text(f"  {seat_name(i).en}: {high.en}{extra_en}.",
                              f"  {seat_name(i).fr} : {high.fr}{extra_fr}."))
        halves: list[tuple[int, tuple[int, ...], Text]] = []
        if len(pot.eligible) == 1:
            lines.append(Text(f"  Only {seat_name(pot.eligible[0]).en} can win this pot.",
                              f"  Seul le {seat_name(pot.eligible[0]).fr.lower()} peut gagner "
                              "ce pot."))
            halves = [(pot.amount, pot.eligible, Text("Pot", "Pot"))]
        elif hilo and pot.low_winners:
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


def opener_lines(state: HandState) -> list[Text]:
    """Jacks or better: who opened, and the discards the opener kept aside (JB-PROVE, JB-SPLIT).

    The opener wins only by showing openers, with the discards of split openers; the
    trainee needs both to settle the pot.
    """
    opener = state.opened_by
    if opener < 0 or not needs_openers(state.setup.game, state.setup.rules):
        return []
    name = seat_name(opener)
    if state.folded[opener]:
        return [Text(f"{name.en} opened the betting and folded.",
                     f"{name.fr} a ouvert les enchères puis s'est couché.")]
    lines = [Text(f"{name.en} opened the betting.", f"{name.fr} a ouvert les enchères.")]
    discards = state.discards[opener] if state.discards else ()
    if discards:
        shown = format_cards(discards)
        lines.append(Text(f"{name.en} threw {shown} at the draw and kept them aside.",
                          f"{name.fr} a écarté {shown} et les a gardées de côté."))
    else:
        lines.append(Text(f"{name.en} stood pat.", f"{name.fr} est resté servi."))
    return lines


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
    if state.board and state.setup.game.family is Family.STUD:
        # ST7-COMMUNITY: too few cards left for the last street, one card shared by all
        situation.append(Text(f"The deck ran short: the dealer turned one community card, "
                              f"{board}, which every player uses.",
                              f"Le paquet ne suffisait plus : le donneur a retourné une carte "
                              f"commune, {board}, que chaque joueur utilise."))
    elif state.board:
        situation.append(Text(f"Board: {board}.", f"Tableau : {board}."))
    for i in state.in_hand:
        cards = format_cards(state.hole[i])
        situation.append(Text(f"{seat_name(i).en} shows {cards}.",
                              f"{seat_name(i).fr} montre {cards}."))
    situation += opener_lines(state)
    for k, pot in enumerate(pots(state)):
        name = Text("Main pot", "Pot principal") if k == 0 else \
            Text(f"Side pot {k}", f"Pot annexe {k}")
        situation.append(Text(f"{name.en}: {pot.amount} for seats {seat_list(pot.eligible)}.",
                              f"{name.fr} : {pot.amount} pour les sièges "
                              f"{seat_list(pot.eligible)}."))
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


def showdown_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random showdown drill; harder levels look for ties, hi/lo splits and side pots."""
    rng = random.Random(f"showdown:{seed}")
    no_rake = dataclasses.replace(rules, rake=dataclasses.replace(rules.rake, enabled=False))
    want_split = difficulty is Difficulty.ADVANCED or (
        difficulty is Difficulty.INTERMEDIATE and rng.randrange(2) == 0)
    fallback = None
    for state in final_states(rng, games=_SHOWDOWN_GAMES, difficulty=difficulty,
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
