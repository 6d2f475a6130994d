"""Stud drills: who brings in on third street, and who acts first on a later street.

The drills stop in real stud hands (seven card stud, stud hi-lo, razz, five card stud)
played through the engine (`trainer/hands.py`): the answer is the engine's own actor, the
bring-in when it is due (ST-BRINGIN, RZ-BRINGIN) or the opener of a later round
(ST-FIRST). The explanation works it out again the dealer's way from the up cards
(`bring_in_player`, `rank_up_cards_high`, `rank_up_cards_low`): lowest card, suits clubs <
diamonds < hearts < spades; razz highest card, aces low; best high hand showing, ties to
the seat nearest the dealer's left; in razz the lowest hand showing; an all-in opener is
passed over for the next seat still in with chips. Seat 1 is the first seat dealt (the
dealer's left).
"""

from __future__ import annotations

import random
from collections import Counter

from dealerassist.cards import Card, format_cards
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.stud import up_cards as engine_up_cards
from dealerassist.evaluation.partial import bring_in_player, rank_up_cards_high, rank_up_cards_low
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind
from dealerassist.trainer.hands import STUD_GAMES, Step, play_hand, random_setup
from dealerassist.trainer.situation import table_lines
from dealerassist.trainer.text import Text, seat_name

__all__ = ["bring_in_drill", "bring_in_from", "bring_in_steps", "first_to_act", "first_up_cards",
           "stud_first_drill", "stud_first_from", "stud_first_step_drill", "up_cards_in_hand"]

_NAMES = {"F7S": Text("Seven-card stud", "Stud à sept cartes"),
          "F7S/8": Text("Seven-card stud hi-lo", "Stud à sept cartes hi-lo"),
          "FR": Text("Razz", "Razz"),
          "F5S": Text("Five-card stud", "Stud à cinq cartes")}
_SUITS = Text("clubs, diamonds, hearts, spades (lowest first)",
              "trèfle, carreau, cœur, pique (du plus bas au plus haut)")


def _first_street(game: str) -> int:
    return 2 if game == "F5S" else 3  # ST5-DEAL: five card stud starts on second street


def bring_in_from(game: str, up_cards: tuple[Card, ...], *, seed: int = 0,
                  difficulty: str = "", answer: int | None = None, amount: int = 0,
                  header: tuple[Text, ...] = ()) -> Drill:
    """Who brings in, given each seat's first up card (ST-BRINGIN / RZ-BRINGIN).

    Args:
        game: the stud game's code.
        up_cards: each seat's up card, seat 1 first.
        seed: the drill's seed.
        difficulty: the level's name.
        answer: the engine's bring-in player (index) when the drill comes from a played hand;
            by default the dealer's method below.
        amount: the bring-in the engine asks for (0: not stated).
        header: table lines (stakes, stacks) shown first.

    """
    razz = game == "FR"
    player = bring_in_player(up_cards, highest=razz)
    if answer is not None:
        player = answer
    card = up_cards[player]
    first = _first_street(game)
    situation = list(header) + [_NAMES[game] + Text(
        f". Street {first}, after the antes.", f". {first}e rue, après les antes.")]
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
    if amount:
        lines.append(Text(f"The bring-in is {amount}; that seat may complete instead "
                          "(ST-COMPLETE) but may not check or fold.",
                          f"Le bring-in est de {amount} ; ce siège peut compléter à la place "
                          "(ST-COMPLETE) mais ne peut ni checker ni se coucher."))
    return Drill(
        kind=DrillKind.BRING_IN, seed=seed, difficulty=difficulty, game=game,
        situation=tuple(situation),
        question=Text("Which seat brings in?", "Quel siège paie le bring-in ?"),
        answer_format=AnswerFormat.SEAT, answer=player + 1,
        answer_text=Text(f"Seat {player + 1} brings in.", f"Le siège {player + 1} paie."),
        explanation=tuple(lines), rule_ids=("RZ-BRINGIN",) if razz else ("ST-BRINGIN",),
    )


def first_to_act(game: str, up_cards: tuple[tuple[Card, ...] | None, ...]) -> int:
    """Return the best (razz: lowest) hand showing; ``None`` for a folded seat (ST-FIRST)."""
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


#: Ranks as a French dealer says them: the figures by name, with their symbol R, D, V.
_FR_PLURAL = {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit",
              9: "neuf", 10: "dix", 11: "valets", 12: "dames", 13: "rois", 14: "as"}
_FR_ONE = {11: "valet", 12: "dame", 13: "roi", 14: "as"}
_FR_SYM = {10: "10", 11: "V", 12: "D", 13: "R", 14: "A"}


def _of(rank: int) -> str:
    """French "de" before a rank: de rois, de sept, d'as."""
    word = _FR_PLURAL[int(rank)]
    return f"d'{word}" if word[0] in "aeiou" else f"de {word}"


def _fr_sym(rank: int) -> str:
    return _FR_SYM.get(int(rank), str(int(rank)))


def _fr_high(rank: int) -> str:
    return _FR_ONE.get(int(rank), str(int(rank)))


def _showing(cards: tuple[Card, ...], *, razz: bool) -> Text:
    counts = Counter(c.rank for c in cards)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0].value), reverse=True)
    top, count = groups[0]
    pairs = [r for r, c in groups if c == 2]
    if count == 4:
        return Text(f"four {_sym(top)}s", f"carré {_of(top)}")
    if count == 3:
        return Text(f"three {_sym(top)}s", f"brelan {_of(top)}")
    if len(pairs) == 2:
        low, high = _sym(pairs[1]), _sym(pairs[0])
        return Text(f"two pair {high} and {low}",
                    f"double paire, {_FR_PLURAL[int(pairs[0])]} et {_FR_PLURAL[int(pairs[1])]}")
    if pairs:
        return Text(f"a pair of {_sym(pairs[0])}", f"une paire {_of(pairs[0])}")
    if razz:
        high = max(cards, key=lambda c: c.rank.low_value)
        order = sorted(cards, key=lambda c: -c.rank.low_value)
        ranks = "-".join(str(c)[:-1] for c in order)
        ranks_fr = "-".join("A" if c.rank.low_value == 1 else _fr_sym(c.rank) for c in order)
        top_fr = "as" if high.rank.low_value == 1 else _fr_high(high.rank)
        return Text(f"{ranks} ({_sym(high.rank)} high)", f"{ranks_fr} (hauteur {top_fr})")
    order = sorted(cards, key=lambda c: -c.rank.value)
    ranks = "-".join(str(c)[:-1] for c in order)
    ranks_fr = "-".join(_fr_sym(c.rank) for c in order)
    return Text(f"{ranks} high", f"hauteur {_fr_high(order[0].rank)} ({ranks_fr})")


def stud_first_from(game: str, up_cards: tuple[tuple[Card, ...] | None, ...], *, seed: int = 0,
                    difficulty: str = "", all_in: tuple[bool, ...] = (),
                    answer: int | None = None, header: tuple[Text, ...] = ()) -> Drill:
    """Who acts first on a later street, from each seat's up cards (None: folded).

    ``all_in`` marks seats still in without chips: an all-in opener is passed over for the
    next seat clockwise still in with chips. ``answer`` is the engine's actor when the drill
    comes from a played hand (by default the dealer's method).
    """
    razz = game == "FR"
    opener = first_to_act(game, up_cards)
    count = max(len(c) for c in up_cards if c is not None)
    street = count + _first_street(game) - 1
    situation = list(header) + [_NAMES[game] + Text(f". Street {street}: the up cards.",
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
        tail = Text(" (all in)", " (à tapis)") if all_in and all_in[i] else Text("", "")
        situation.append(Text(f"{name.en} shows {shown}", f"{name.fr} montre {shown}")
                         + tail + Text(".", "."))
        hand = _showing(cards, razz=razz)
        lines.append(Text(f"{name.en}: {hand.en}.", f"{name.fr} : {hand.fr}."))
    rank = rank_up_cards_low if razz else rank_up_cards_high
    best = rank(up_cards[opener])  # type: ignore[arg-type]
    ties = [i for i, c in enumerate(up_cards) if c is not None and rank(c) == best]
    if len(ties) > 1:
        lines.append(Text(
            f"Seats {', '.join(str(i + 1) for i in ties)} show equal hands: the first from the "
            "dealer's left acts first.",
            f"Les sièges {', '.join(str(i + 1) for i in ties)} montrent des mains égales : le "
            "premier à gauche du donneur parle d'abord."))
    player = opener
    if all_in and all_in[opener]:
        n = len(up_cards)
        player = next((k % n for k in range(opener + 1, opener + n)
                       if up_cards[k % n] is not None and not all_in[k % n]), opener)
        lines.append(Text(
            f"{seat_name(opener).en} is all in: the next seat clockwise still in with chips "
            "acts.",
            f"{seat_name(opener).fr} est à tapis : le siège suivant encore en jeu avec des "
            "jetons parle."))
    if answer is not None:
        player = answer
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


def first_up_cards(step: Step) -> tuple[Card, ...]:
    """Each seat's up card on the first street (the card the bring-in is decided on)."""
    game = step.state.setup.game
    return tuple(engine_up_cards(game, hole)[-1] for hole in step.state.hole)


def up_cards_in_hand(step: Step) -> tuple[tuple[Card, ...] | None, ...]:
    """Each seat's up cards, ``None`` for a folded seat."""
    state = step.state
    return tuple(None if state.folded[i] else engine_up_cards(state.setup.game, state.hole[i])
                 for i in range(state.player_count))


def _header(step: Step) -> tuple[Text, ...]:
    return tuple(table_lines(step.state.setup))


def bring_in_steps(step: Step, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the bring-in drill at a hand's first decision (the engine's actor)."""
    choices = legal_actions(step.state)
    assert choices is not None and choices.bring_in is not None
    return bring_in_from(step.state.setup.game.code, first_up_cards(step), seed=seed,
                         difficulty=difficulty, answer=choices.actor, amount=choices.bring_in,
                         header=_header(step))


def stud_first_step_drill(step: Step, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the first-to-act drill at a later street's first decision (engine's actor)."""
    state = step.state
    all_in = tuple(state.stacks[i] == 0 and not state.folded[i]
                   for i in range(state.player_count))
    return stud_first_from(state.setup.game.code, up_cards_in_hand(step), seed=seed,
                           difficulty=difficulty, all_in=all_in, answer=state.actors[0],
                           header=_header(step))


def _stud_hands(rng: random.Random, difficulty: Difficulty, rules: HouseRules):  # type: ignore[no-untyped-def]
    prof = profile(difficulty)
    for _ in range(300):
        setup = random_setup(rng, game=rng.choice(STUD_GAMES), prof=prof, rules=rules)
        yield play_hand(rng, setup, prof=prof)


def _rank_tie(cards: tuple[Card, ...], player: int, *, razz: bool) -> bool:
    def value(card: Card) -> int:
        return card.rank.low_value if razz else card.rank.value
    return sum(value(c) == value(cards[player]) for c in cards) > 1


def bring_in_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a bring-in drill from a real stud hand; harder levels look for suit ties."""
    rng = random.Random(f"bring-in:{seed}")
    want_tie = difficulty is Difficulty.ADVANCED or (
        difficulty is Difficulty.INTERMEDIATE and rng.randrange(2) == 0)
    fallback = None
    for hand in _stud_hands(rng, difficulty, rules):
        if not hand.decisions:
            continue
        step = hand.decisions[0]
        choices = legal_actions(step.state)
        if choices is None or choices.bring_in is None:
            continue
        fallback = fallback or step
        razz = step.state.setup.game.code == "FR"
        if not want_tie or _rank_tie(first_up_cards(step), choices.actor, razz=razz):
            return bring_in_steps(step, seed=seed, difficulty=difficulty.value)
    assert fallback is not None
    return bring_in_steps(fallback, seed=seed, difficulty=difficulty.value)


def stud_first_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a first-to-act drill on a later street of a real stud hand."""
    rng = random.Random(f"stud-first:{seed}")
    want_tie = difficulty is Difficulty.ADVANCED or (
        difficulty is Difficulty.INTERMEDIATE and rng.randrange(3) == 0)
    fallback = None
    for hand in _stud_hands(rng, difficulty, rules):
        firsts = [step for step in hand.decisions
                  if step.state.street_index > 0 and not step.street_events]
        if not firsts:
            continue
        fallback = fallback or rng.choice(firsts)
        if not want_tie:
            return stud_first_step_drill(rng.choice(firsts), seed=seed,
                                         difficulty=difficulty.value)
        tied = [step for step in firsts if _tied_best(step)]
        if tied:
            return stud_first_step_drill(rng.choice(tied), seed=seed,
                                         difficulty=difficulty.value)
    assert fallback is not None
    return stud_first_step_drill(fallback, seed=seed, difficulty=difficulty.value)


def _tied_best(step: Step) -> bool:
    """Two seats still in show equal best hands: the one nearest the dealer's left acts."""
    razz = step.state.setup.game.code == "FR"
    rank = rank_up_cards_low if razz else rank_up_cards_high
    keys = [rank(cards) for cards in up_cards_in_hand(step) if cards]
    return keys.count(max(keys)) > 1
