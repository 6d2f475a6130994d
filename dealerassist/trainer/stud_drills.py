"""Stud drills: who brings in on third street, and who acts first on a later street.

Answers come from the evaluators' stud up-card ranking (`bring_in_player`,
`rank_up_cards_high`, `rank_up_cards_low`): ST-BRINGIN (lowest card, suits clubs <
diamonds < hearts < spades), RZ-BRINGIN (razz: highest card, aces low), ST-FIRST (best
high hand showing, ties to the seat nearest the dealer's left) and, in razz, the lowest
hand showing. Seat 1 is the first seat dealt (the dealer's left).
"""

from __future__ import annotations

import random
from collections import Counter

from dealerassist.cards import Card, format_cards, standard_deck
from dealerassist.evaluation.partial import bring_in_player, rank_up_cards_high, rank_up_cards_low
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind
from dealerassist.trainer.text import Text, seat_name

__all__ = ["bring_in_from", "bring_in_drill", "first_to_act", "stud_first_drill",
           "stud_first_from"]

_NAMES = {"F7S": Text("Seven-card stud", "Stud à sept cartes"),
          "F7S/8": Text("Seven-card stud hi-lo", "Stud à sept cartes hi-lo"),
          "FR": Text("Razz", "Razz")}
_SUITS = Text("clubs, diamonds, hearts, spades (lowest first)",
              "trèfle, carreau, cœur, pique (du plus bas au plus haut)")


def bring_in_from(game: str, up_cards: tuple[Card, ...], *, seed: int = 0,
                  difficulty: str = "") -> Drill:
    """Who brings in, given each seat's first up card (ST-BRINGIN / RZ-BRINGIN)."""
    razz = game == "FR"
    player = bring_in_player(up_cards, highest=razz)
    card = up_cards[player]
    situation = [_NAMES[game] + Text(". Third street, after the antes.",
                                     ". Troisième rue, après les antes.")]
    situation += [Text(f"{seat_name(i).en} shows {c}.", f"{seat_name(i).fr} montre {c}.")
                  for i, c in enumerate(up_cards)]
    values = [c.rank.low_value if razz else c.rank.value for c in up_cards]
    target = max(values) if razz else min(values)
    tied = [i for i, v in enumerate(values) if v == target]
    if razz:
        lines = [Text("Razz: the highest up card brings in, aces count low (RZ-BRINGIN).",
                      "Razz : la plus haute carte visible paie le bring-in, l'as compte bas "
                      "(RZ-BRINGIN).")]
    else:
        lines = [Text("The lowest up card brings in, aces high (ST-BRINGIN).",
                      "La plus basse carte visible paie le bring-in, l'as est haut "
                      "(ST-BRINGIN).")]
    shown = ", ".join(str(up_cards[i]) for i in tied)
    if len(tied) > 1:
        lines.append(Text(f"Several show that rank: {shown}; suits break the tie: {_SUITS.en}.",
                          f"Plusieurs montrent ce rang : {shown} ; la couleur départage : "
                          f"{_SUITS.fr}."))
        lines.append(Text("Razz: the highest suit brings in." if razz else
                          "The lowest suit brings in.",
                          "Razz : la couleur la plus haute paie." if razz else
                          "La couleur la plus basse paie."))
    lines.append(Text(f"{seat_name(player).en} ({card}) brings in.",
                      f"{seat_name(player).fr} ({card}) paie le bring-in."))
    return Drill(
        kind=DrillKind.BRING_IN, seed=seed, difficulty=difficulty, game=game,
        situation=tuple(situation),
        question=Text("Which seat brings in?", "Quel siège paie le bring-in ?"),
        answer_format=AnswerFormat.SEAT, answer=player + 1,
        answer_text=Text(f"Seat {player + 1} brings in.", f"Le siège {player + 1} paie."),
        explanation=tuple(lines), rule_ids=("RZ-BRINGIN",) if razz else ("ST-BRINGIN",),
    )


def first_to_act(game: str, up_cards: tuple[tuple[Card, ...] | None, ...]) -> int:
    """Return the player acting first on a later street; ``None`` for a folded seat (ST-FIRST)."""
    rank = rank_up_cards_low if game == "FR" else rank_up_cards_high
    best = None
    chosen = -1
    for i, cards in enumerate(up_cards):
        if cards is None:
            continue
        key = rank(cards)
        if best is None or key > best:  # strictly better: ties stay with the earlier seat
            best, chosen = key, i
    return chosen


def _sym(rank: int) -> str:
    return "23456789TJQKA"[int(rank) - 2]


def _showing(cards: tuple[Card, ...], *, razz: bool) -> Text:
    counts = Counter(c.rank for c in cards)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0].value), reverse=True)
    top, count = groups[0]
    pairs = [r for r, c in groups if c == 2]
    if count == 4:
        return Text(f"four {_sym(top)}s", f"carré de {_sym(top)}")
    if count == 3:
        return Text(f"three {_sym(top)}s", f"brelan de {_sym(top)}")
    if len(pairs) == 2:
        low, high = _sym(pairs[1]), _sym(pairs[0])
        return Text(f"two pair {high} and {low}", f"deux paires {high} et {low}")
    if pairs:
        return Text(f"a pair of {_sym(pairs[0])}", f"une paire de {_sym(pairs[0])}")
    if razz:
        high = max(cards, key=lambda c: c.rank.low_value)
        ranks = "-".join(str(c)[:-1] for c in sorted(cards, key=lambda c: -c.rank.low_value))
        return Text(f"{ranks} ({_sym(high.rank)} high)", f"{ranks} ({_sym(high.rank)} haut)")
    ranks = "-".join(str(c)[:-1] for c in sorted(cards, key=lambda c: -c.rank.value))
    return Text(f"{ranks} high", f"{ranks} hauteur")


def stud_first_from(game: str, up_cards: tuple[tuple[Card, ...] | None, ...], *, seed: int = 0,
                    difficulty: str = "") -> Drill:
    """Who acts first on a later street, from each seat's up cards (None: folded)."""
    razz = game == "FR"
    player = first_to_act(game, up_cards)
    count = max(len(c) for c in up_cards if c is not None)
    street = count + 2
    situation = [_NAMES[game] + Text(f". Street {street}: the up cards.",
                                     f". {street}e rue : les cartes visibles.")]
    lines = [Text("Razz: the lowest hand showing acts first; pairs count against it "
                  "(RZ-BRINGIN)." if razz else
                  "The best high hand showing acts first; straights and flushes do not count "
                  "(ST-FIRST).",
                  "Razz : la main visible la plus basse parle d'abord ; les paires comptent "
                  "contre elle (RZ-BRINGIN)." if razz else
                  "La meilleure main haute visible parle d'abord ; quintes et couleurs ne "
                  "comptent pas (ST-FIRST).")]
    for i, cards in enumerate(up_cards):
        name = seat_name(i)
        if cards is None:
            situation.append(Text(f"{name.en} has folded.", f"{name.fr} s'est couché."))
            continue
        shown = format_cards(cards)
        situation.append(Text(f"{name.en} shows {shown}.", f"{name.fr} montre {shown}."))
        hand = _showing(cards, razz=razz)
        lines.append(Text(f"{name.en}: {hand.en}.", f"{name.fr} : {hand.fr}."))
    rank = rank_up_cards_low if razz else rank_up_cards_high
    best = rank(up_cards[player])  # type: ignore[arg-type]
    ties = [i for i, c in enumerate(up_cards) if c is not None and rank(c) == best]
    if len(ties) > 1:
        lines.append(Text(
            f"Seats {', '.join(str(i + 1) for i in ties)} show equal hands: the first from the "
            "dealer's left acts first.",
            f"Les sièges {', '.join(str(i + 1) for i in ties)} montrent des mains égales : le "
            "premier à gauche du donneur parle d'abord."))
    lines.append(Text(f"{seat_name(player).en} acts first.", f"{seat_name(player).fr} parle "
                      "en premier."))
    return Drill(
        kind=DrillKind.STUD_FIRST, seed=seed, difficulty=difficulty, game=game,
        situation=tuple(situation),
        question=Text("Which seat acts first on this street?",
                      "Quel siège parle en premier sur cette rue ?"),
        answer_format=AnswerFormat.SEAT, answer=player + 1,
        answer_text=Text(f"Seat {player + 1} acts first.", f"Le siège {player + 1} parle."),
        explanation=tuple(lines), rule_ids=("RZ-BRINGIN",) if razz else ("ST-FIRST",),
    )


def _stud_players(rng: random.Random, difficulty: Difficulty) -> int:
    low, high = profile(difficulty).players
    return rng.randint(max(2, low), min(8, high))  # ST7-DEAL: at most eight players


def bring_in_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random bring-in drill; harder levels make suit ties more likely."""
    del rules  # the bring-in player is not a house option
    rng = random.Random(f"bring-in:{seed}")
    game = rng.choice(("F7S", "F7S/8", "FR"))
    n = _stud_players(rng, difficulty)
    deck = list(standard_deck())
    rng.shuffle(deck)
    if difficulty is not Difficulty.BEGINNER:
        # deal from a short deck of a few ranks so that ties on rank happen
        ranks = rng.sample(range(2, 15), 3 if difficulty is Difficulty.ADVANCED else 5)
        deck = [c for c in deck if int(c.rank) in ranks]
    return bring_in_from(game, tuple(deck[:n]), seed=seed, difficulty=difficulty.value)


def stud_first_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random first-to-act drill on 4th to 7th street (7th: four up cards)."""
    del rules
    rng = random.Random(f"stud-first:{seed}")
    game = rng.choice(("F7S", "F7S/8", "FR"))
    n = _stud_players(rng, difficulty)
    count = rng.randint(2, 4)
    deck = list(standard_deck())
    rng.shuffle(deck)
    if difficulty is Difficulty.ADVANCED:
        ranks = rng.sample(range(2, 15), 6)
        deck = [c for c in deck if int(c.rank) in ranks][: n * count]
        deck += [c for c in standard_deck() if c not in deck]
    hands: list[tuple[Card, ...] | None] = []
    for i in range(n):
        folded = i and rng.randrange(100) < 20 and sum(h is not None for h in hands) >= 2
        hands.append(None if folded else tuple(deck[i * count:(i + 1) * count]))
    return stud_first_from(game, tuple(hands), seed=seed, difficulty=difficulty.value)
