"""Jacks or better drills: may this player open, and what is in a pot carried from passed deals.

`jb-open` asks one of two things a dealer of jacks or better (FJB) settles at the table,
on deals played through the engine (`trainer/hands.py`: openers only with jacks or better,
passed-out deals dealt again with the pot carried in):

- "May seat N open?": before anybody opened, the player to act shows their five cards;
  the answer is the engine's (`can_bet_or_raise` refuses a bet without openers, JB-OPEN).
  The explanation reads the hand the dealer's way: three of a kind or better, two pair,
  or a pair of jacks, queens, kings or aces open; a pair of tens or less does not.
- "How much is in the pot?": after one or more passed-out deals the pot is carried into
  the next deal and everyone antes again, until the house's ``draw.jacks_ante_limit``
  deals in a row were passed out (JB-NO-OPEN); the answer is the engine's pot at the new
  deal's first decision, the explanation adds the antes deal by deal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from dealerassist.cards import Card, format_cards
from dealerassist.engine.actions import can_bet_or_raise
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.openers import has_openers, needs_openers
from dealerassist.engine.state import HandState, Phase
from dealerassist.evaluation import describe, evaluate_high
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.drill import AnswerFormat, Choice, Drill, DrillKind
from dealerassist.trainer.hands import PlayedHand, Step, play_hand, random_setup
from dealerassist.trainer.situation import action_lines, game_name, table_lines
from dealerassist.trainer.text import Text, seat_name

__all__ = [
    "JACKS_GAME",
    "opener_proof_lines",
    "carried_pot_from",
    "carried_pot_steps",
    "jb_open_drill",
    "may_open_from",
    "opener_reading",
]

JACKS_GAME = "FJB"

_NAMES = {2: ("twos", "deux"), 3: ("threes", "trois"), 4: ("fours", "quatre"),
          5: ("fives", "cinq"), 6: ("sixes", "six"), 7: ("sevens", "sept"),
          8: ("eights", "huit"), 9: ("nines", "neuf"), 10: ("tens", "dix"),
          11: ("jacks", "valets"), 12: ("queens", "dames"), 13: ("kings", "rois"),
          14: ("aces", "as")}


def _rank_words(value: int) -> tuple[str, str]:
    return _NAMES[value]


def opener_reading(cards: Sequence[Card]) -> tuple[Text, bool]:
    """Read five cards the dealer's way: whether they hold jacks or better (JB-OPEN).

    Three of a kind, a straight, a flush or better open; so does any two pair (it beats a
    pair of jacks); one pair opens only if it is jacks, queens, kings or aces.

    Returns:
        The sentence that says why, and whether the cards open.

    """
    counts = Counter(int(c.rank) for c in cards)
    pairs = sorted((r for r, k in counts.items() if k == 2), reverse=True)
    if max(counts.values()) >= 3:
        return Text("three of a kind or better: openers.",
                    "brelan ou mieux : ouverture possible."), True
    if len(pairs) >= 2:
        return Text("two pair: any two pair beats a pair of jacks, openers.",
                    "deux paires : toute double paire bat une paire de valets, ouverture "
                    "possible."), True
    if pairs:
        en, fr = _rank_words(pairs[0])
        of = f"d'{fr}" if fr[0] in "aeiou" else f"de {fr}"  # une paire d'as, de rois
        if pairs[0] >= 11:
            return Text(f"a pair of {en}: jacks or better, openers.",
                        f"une paire {of} : valets ou mieux, ouverture possible."), True
        return Text(f"a pair of {en}: below jacks, no openers.",
                    f"une paire {of} : moins que les valets, pas d'ouverture."), False
    ranks = sorted(counts)
    wheel = ranks == [2, 3, 4, 5, 14]
    straight = len(ranks) == 5 and (ranks[-1] - ranks[0] == 4 or wheel)
    if straight or len({c.suit for c in cards}) == 1:
        return Text("a straight or a flush: openers.",
                    "une quinte ou une couleur : ouverture possible."), True
    return Text("no pair: no openers.", "aucune paire : pas d'ouverture."), False


_CHOICES = (
    Choice("A", Text("Yes: a pair of jacks or better, he may open (JB-OPEN).",
                     "Oui : une paire de valets ou mieux, il peut ouvrir (JB-OPEN)."), "JB-OPEN"),
    Choice("B", Text("No: without a pair of jacks or better he may only check or fold "
                     "(JB-OPEN).",
                     "Non : sans une paire de valets ou mieux il ne peut que checker ou se "
                     "coucher (JB-OPEN)."), "JB-OPEN"),
    Choice("C", Text("Yes: anybody may open; openers are only checked at the showdown.",
                     "Oui : tout le monde peut ouvrir ; l'ouverture n'est vérifiée qu'à "
                     "l'abattage."), "JB-PROVE"),
    Choice("D", Text("No: only the first seat left of the button may open.",
                     "Non : seul le premier siège à gauche du bouton peut ouvrir."),
           "DR-STRUCT"),
)


def may_open_from(step: Step, *, seed: int = 0, difficulty: str = "",
                  passed: int = 0) -> Drill:
    """Return the "may seat N open?" drill at a decision before anybody opened (JB-OPEN).

    Args:
        step: a decision of a jacks-or-better deal before the first bet.
        seed: the drill's seed.
        difficulty: the level's name.
        passed: deals passed out just before this one (said in the situation).

    """
    state = step.state
    choices = legal_actions(state)
    assert choices is not None and choices.min_raise_to is not None
    actor = choices.actor
    may = can_bet_or_raise(state, actor, choices.min_raise_to)  # the engine's answer
    cards = state.hole[actor]
    reading, _ = opener_reading(cards)
    value = evaluate_high(tuple(cards))
    name = seat_name(actor)
    situation = table_lines(state.setup)
    if passed:
        situation.append(Text(f"The last {passed} deal(s) were passed out: nobody opened.",
                              f"Les {passed} dernière(s) donne(s) ont été passées : personne "
                              "n'a ouvert."))
    situation.append(Text("Before the draw.", "Avant l'échange."))
    situation += action_lines(state, step.street_events)
    shown = format_cards(cards)
    situation.append(Text(f"{name.en} is to act and holds {shown}.",
                          f"{name.fr} doit parler et tient {shown}."))
    lines = [
        Text("Jacks or better: the first bet before the draw needs a pair of jacks or better "
             "(JB-OPEN); until somebody opens, the others may only check.",
             "Jacks or better : la première mise avant l'échange exige une paire de valets ou "
             "mieux (JB-OPEN) ; tant que personne n'a ouvert, les autres ne peuvent que "
             "checker."),
        Text(f"{name.en} holds {shown}, {describe(value, 'en')}: ",
             f"{name.fr} tient {shown}, {describe(value, 'fr')} : ") + reading,
        Text("He may open." if may else "He may not open: he checks (or folds).",
             "Il peut ouvrir." if may else "Il ne peut pas ouvrir : il checke (ou se couche)."),
    ]
    answer = "A" if may else "B"
    return Drill(
        kind=DrillKind.JB_OPEN, seed=seed, difficulty=difficulty, game=state.setup.game.code,
        situation=tuple(situation),
        question=Text(f"Nobody has opened yet. May {name.en} open the betting?",
                      f"Personne n'a encore ouvert. Le {name.fr.lower()} peut-il ouvrir ?"),
        answer_format=AnswerFormat.CHOICE, answer=answer,
        answer_text=_CHOICES[0 if may else 1].text,
        explanation=tuple(lines), rule_ids=("JB-OPEN", "DR-OPENERS"), choices=_CHOICES,
    )


def ante_limit_line(limit: int) -> Text:
    """Say the house's ``draw.jacks_ante_limit`` as it is applied (JB-NO-OPEN, `next_deal`).

    Everyone antes on each of the first ``limit`` deals in a row; a deal after ``limit``
    passed-out deals in a row gets no new ante, the carried pot plays on.
    """
    if limit <= 1:
        return Text("House: everyone antes on the first deal only; after a passed-out deal the "
                    "pot is carried and plays on without new antes (JB-NO-OPEN).",
                    "Maison : chacun met l'ante à la première donne seulement ; après une donne "
                    "passée le pot est reporté et se joue sans nouvelle ante (JB-NO-OPEN).")
    return Text(f"House: everyone antes on each of the first {limit} deals in a row; after "
                f"{limit} passed-out deals in a row the pot is carried and plays on without new "
                "antes (JB-NO-OPEN).",
                f"Maison : chacun met l'ante à chacune des {limit} premières donnes de suite ; "
                f"après {limit} donnes passées de suite le pot est reporté et se joue sans "
                "nouvelle ante (JB-NO-OPEN).")


def carried_pot_steps(hand: PlayedHand) -> tuple[list[Text], int]:
    """Add the antes deal by deal up to the last deal's first decision (JB-NO-OPEN).

    Returns:
        The worked lines and the chips in the pot as the last deal begins.

    """
    limit = hand.setup.rules.draw.jacks_ante_limit
    deals = [*(h.setup for h in hand.passed), hand.setup]
    lines = [Text("Nobody opened: the deal is passed out, the button moves and the pot stays. ",
                  "Personne n'a ouvert : la donne est passée, le bouton avance, le pot reste. ")
             + ante_limit_line(limit)]
    total = 0
    for number, setup in enumerate(deals, start=1):
        n = setup.player_count
        ante = max(setup.antes)
        if ante:
            short = [(i, setup.starting_stacks[i]) for i in range(n)
                     if setup.starting_stacks[i] <= ante]
            full = n - len(short)
            added = full * ante + sum(chips for _, chips in short)
            sum_en = f"{total} + " if number > 1 else ""
            total += added
            terms = f"{full} x {ante}" + "".join(f" + {chips}" for _, chips in short)
            lines.append(Text(f"Deal {number}: {n} players ante {ante}: {sum_en}{terms} "
                              f"= {total}.",
                              f"Donne {number} : {n} joueurs mettent {ante} : {sum_en}{terms} "
                              f"= {total}."))
            for i, chips in short:
                lines.append(Text(
                    f"  {seat_name(i).en} had only {chips}: all in with the ante, he plays "
                    "for the antes only (DR-ANTE-ONLY).",
                    f"  {seat_name(i).fr} n'avait que {chips} : à tapis avec l'ante, il ne "
                    "joue que pour les antes (DR-ANTE-ONLY)."))
        else:
            lines.append(Text(f"Deal {number}: {number - 1} deals in a row passed out, the "
                              f"house's limit of {limit}: no new ante, the pot stays {total}.",
                              f"Donne {number} : {number - 1} donnes passées de suite, la limite "
                              f"de la maison ({limit}) : pas de nouvelle ante, le pot reste "
                              f"{total}."))
    lines.append(Text(f"In the pot as deal {len(deals)} begins: {total}.",
                      f"Dans le pot au début de la donne {len(deals)} : {total}."))
    return lines, total


def carried_pot_from(hand: PlayedHand, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the carried-pot drill: the engine's pot at the new deal's first decision."""
    first = hand.decisions[0].state
    answer = first.pot_total
    setup = hand.passed[0].setup
    lines, _ = carried_pot_steps(hand)
    short = any("DR-ANTE-ONLY" in line.en for line in lines)
    rule_ids = ("JB-NO-OPEN", "DR-ANTE-ONLY") if short else ("JB-NO-OPEN",)
    limit = setup.rules.draw.jacks_ante_limit
    ante = max(setup.antes)
    game = setup.game
    count = len(hand.passed)
    stacks = ", ".join(f"{seat_name(i).en} {chips}"
                       for i, chips in enumerate(setup.starting_stacks))
    stacks_fr = ", ".join(f"{seat_name(i).fr} {chips}"
                          for i, chips in enumerate(setup.starting_stacks))
    name = game_name(game)
    situation = (
        Text(f"{name.en}, antes {ante}, limits {setup.small_bet}/{setup.big_bet}, "
             f"{setup.player_count} players.",
             f"{name.fr}, antes {ante}, limites {setup.small_bet}/{setup.big_bet}, "
             f"{setup.player_count} joueurs."),
        Text(f"Starting stacks as deal 1 began: {stacks}.",
             f"Tapis au début de la donne 1 : {stacks_fr}."),
        ante_limit_line(limit),
        Text("A player with less than the ante puts in what he has, all in; a player with no "
             "chips left is not dealt in (DR-ANTE-ONLY).",
             "Un joueur qui a moins que l'ante met ce qu'il a, à tapis ; un joueur sans jetons "
             "n'est plus servi (DR-ANTE-ONLY)."),
        Text(f"{count} deals in a row were passed out: nobody opened."
             if count > 1 else "The first deal was passed out: nobody opened.",
             f"{count} donnes de suite ont été passées : personne n'a ouvert."
             if count > 1 else "La première donne a été passée : personne n'a ouvert."),
    )
    return Drill(
        kind=DrillKind.JB_OPEN, seed=seed, difficulty=difficulty, game=game.code,
        situation=situation,
        question=Text(f"Deal {count + 1} begins: how many chips are in the pot before anyone "
                      "acts?",
                      f"La donne {count + 1} commence : combien de jetons y a-t-il dans le pot "
                      "avant que quiconque parle ?"),
        answer_format=AnswerFormat.AMOUNT, answer=answer,
        answer_text=Text(f"{answer} in the pot.", f"{answer} dans le pot."),
        explanation=tuple(lines), rule_ids=rule_ids,
    )


def opener_proof_lines(state: HandState) -> list[Text]:
    """At a jacks-or-better showdown: the opener shows openers to win (JB-PROVE, JB-SPLIT).

    The proof is the final hand together with the discards (a player who split openers
    kept them aside); the dealer reads it with `opener_reading`. Empty when the game needs
    no openers or nobody opened.
    """
    opener = state.opened_by
    if opener < 0 or not needs_openers(state.setup.game, state.setup.rules):
        return []
    name = seat_name(opener)
    if state.folded[opener]:
        return [Text(f"{name.en} opened and folded: he wins nothing, no openers to show "
                     "(JB-PROVE).",
                     f"{name.fr} a ouvert puis s'est couché : il ne gagne rien, pas "
                     "d'ouverture à montrer (JB-PROVE).")]
    discards = state.discards[opener] if state.discards else ()
    reading, proven = opener_reading(state.hole[opener])
    if not proven and discards:
        # JB-SPLIT: openers split to draw are proven with the discards kept aside
        cards = (*state.hole[opener], *discards)
        best = max(combinations(cards, 5), key=lambda five: opener_reading(five)[1])
        proof, proven = opener_reading(best)
        if proven:
            reading = Text(f"the final hand has no openers, but with the discards kept aside "
                           f"(split openers, JB-SPLIT): {proof.en}",
                           f"la main finale n'ouvre pas, mais avec les écarts mis de côté "
                           f"(ouverture cassée, JB-SPLIT) : {proof.fr}")
    kept = f" (discards {format_cards(discards)})" if discards else ""
    kept_fr = f" (écarts {format_cards(discards)})" if discards else ""
    verdict = Text(" He may win the pot; a caller who cannot beat openers loses (JB-CALL-LOSE).",
                   " Il peut gagner le pot ; qui a suivi sans battre l'ouverture perd "
                   "(JB-CALL-LOSE).") if proven else \
        Text(" No openers: he cannot win (JB-PROVE).",
             " Pas d'ouverture : il ne peut pas gagner (JB-PROVE).")
    return [Text(f"{name.en} opened: he must show openers to win (JB-PROVE): "
                 f"{format_cards(state.hole[opener])}{kept}, ",
                 f"{name.fr} a ouvert : il doit montrer l'ouverture pour gagner (JB-PROVE) : "
                 f"{format_cards(state.hole[opener])}{kept_fr}, ") + reading + verdict]


PROOF_CHOICES = (
    Choice("A", Text("Yes: his final hand shows openers (JB-PROVE).",
                     "Oui : sa main finale montre l'ouverture (JB-PROVE)."), "JB-PROVE"),
    Choice("B", Text("Yes: with the discards kept aside he shows openers (JB-SPLIT).",
                     "Oui : avec les écarts gardés de côté il montre l'ouverture (JB-SPLIT)."),
           "JB-SPLIT"),
    Choice("C", Text("No: he cannot show openers, so he cannot win the pot (JB-PROVE).",
                     "Non : il ne peut pas montrer l'ouverture, il ne peut donc pas gagner le "
                     "pot (JB-PROVE)."), "JB-PROVE"),
    Choice("D", Text("Yes: openers only matter before the draw; nothing is shown at the end.",
                     "Oui : l'ouverture ne compte qu'avant l'échange ; rien n'est montré à la "
                     "fin."), "DR-OPENERS"),
)


def opener_proof_from(state: HandState, *, mucked: bool = False, seed: int = 0,
                      difficulty: str = "") -> Drill:
    """Return "may the opener win?" at a jacks-or-better showdown (JB-PROVE, JB-SPLIT).

    The proof is the final hand with the discards kept aside (`has_openers`, the engine's
    reading). ``mucked``: the opener threw his discards into the muck, so only the final
    hand can prove openers: a false opener's hand cannot win (JB-SPLIT).
    """
    opener = state.opened_by
    assert opener >= 0 and not state.folded[opener]
    name = seat_name(opener)
    final = state.hole[opener]
    discards = state.discards[opener] if state.discards else ()
    if has_openers(final):
        letter = "A"
    elif not mucked and has_openers((*final, *discards)):
        letter = "B"
    else:
        letter = "C"
    situation = table_lines(state.setup)[:1]
    situation.append(Text(f"{name.en} opened the betting before the draw.",
                          f"{name.fr} a ouvert les enchères avant l'échange."))
    if discards and mucked:
        situation.append(Text(f"{name.en} threw {len(discards)} cards into the muck at the "
                              "draw.",
                              f"{name.fr} a jeté {len(discards)} cartes au rebut à "
                              "l'échange."))
    elif discards:
        situation.append(Text(f"{name.en} threw {format_cards(discards)} at the draw and kept "
                              "them aside.",
                              f"{name.fr} a écarté {format_cards(discards)} et les a gardées "
                              "de côté."))
    else:
        situation.append(Text(f"{name.en} stood pat.", f"{name.fr} est resté servi."))
    situation.append(Text(f"At the showdown {name.en} shows {format_cards(final)}.",
                          f"À l'abattage le {name.fr.lower()} montre {format_cards(final)}."))
    reading, _ = opener_reading(final)
    lines = [Text("The opener must show openers to win: his final hand, with the discards of "
                  "split openers kept aside (JB-PROVE, JB-SPLIT).",
                  "L'ouvreur doit montrer l'ouverture pour gagner : sa main finale, avec les "
                  "écarts d'une ouverture cassée gardés de côté (JB-PROVE, JB-SPLIT)."),
             Text(f"Final hand {format_cards(final)}: ", f"Main finale {format_cards(final)} : ")
             + reading]
    if letter == "B":
        proof = max(combinations((*final, *discards), 5), key=lambda f: opener_reading(f)[1])
        lines.append(Text(f"With the discards {format_cards(discards)}: ",
                          f"Avec les écarts {format_cards(discards)} : ")
                     + opener_reading(proof)[0])
    elif letter == "C" and mucked:
        lines.append(Text("His discards are in the muck: nothing else can prove openers.",
                          "Ses écarts sont au rebut : rien d'autre ne peut prouver "
                          "l'ouverture."))
    right = next(c for c in PROOF_CHOICES if c.letter == letter)
    return Drill(
        kind=DrillKind.JB_OPEN, seed=seed, difficulty=difficulty, game=state.setup.game.code,
        situation=tuple(situation),
        question=Text(f"May {name.en}, the opener, win the pot with the best hand?",
                      f"Le {name.fr.lower()}, l'ouvreur, peut-il gagner le pot avec la "
                      "meilleure main ?"),
        answer_format=AnswerFormat.CHOICE, answer=letter, answer_text=right.text,
        explanation=tuple(lines), rule_ids=("JB-PROVE", "JB-SPLIT", "JB-OPEN"),
        choices=PROOF_CHOICES,
    )


def _unopened(hand: PlayedHand) -> list[tuple[Step, int]]:
    """Decisions before anybody opened, in every deal (with the deals passed out before)."""
    deals = [*hand.passed, hand]
    found = []
    for number, deal in enumerate(deals):
        for step in deal.decisions:
            state = step.state
            choices = legal_actions(state)
            if state.street_index == 0 and state.opened_by < 0 and choices is not None \
                    and choices.min_raise_to is not None:
                found.append((step, number))
    return found


def _cards(step: Step) -> tuple[Card, ...]:
    return step.state.hole[step.state.actors[0]]


def _opens(step: Step) -> bool:
    choices = legal_actions(step.state)
    assert choices is not None and choices.min_raise_to is not None
    return can_bet_or_raise(step.state, choices.actor, choices.min_raise_to)


def _tricky(cards: Sequence[Card]) -> bool:
    """Hands a new dealer misreads, near the line either way.

    Openers: a pair of jacks or queens, two small pairs, a straight or a flush. No openers:
    a pair of sevens to tens, ace-king high, four to a flush or four to a straight.
    """
    counts = Counter(int(c.rank) for c in cards)
    pairs = [r for r, k in counts.items() if k == 2]
    if len(pairs) == 1:
        return 7 <= pairs[0] <= 12
    if len(pairs) == 2:
        return max(pairs) < 11
    if len(counts) < 5:
        return False
    if opener_reading(cards)[1]:
        return True  # a straight or a flush
    ranks = sorted(counts)
    four_flush = max(Counter(c.suit for c in cards).values()) == 4
    four_straight = any(ranks[k + 3] - ranks[k] == 3 for k in range(2))
    return four_flush or four_straight or ranks[-2:] == [13, 14]


def jb_open_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random jacks-or-better drill: may a player open, or the pot after passed deals.

    Beginners get one passed-out deal or any hand; harder levels two or more passed-out
    deals (up to the ante limit) and hands near the line (tens to queens, low two pair).
    """
    rng = random.Random(f"jb-open:{seed}")
    prof = profile(difficulty)
    question = rng.randrange(3)
    carried = question == 0
    want_yes = rng.randrange(2) == 0
    wanted = {Difficulty.BEGINNER: 1, Difficulty.INTERMEDIATE: 2, Difficulty.ADVANCED: 3}
    split_share = {Difficulty.BEGINNER: 3, Difficulty.INTERMEDIATE: 2, Difficulty.ADVANCED: 1}
    want_split = rng.randrange(split_share[difficulty]) == 0
    mucked = want_split and rng.randrange(3) == 0
    fallback: Drill | None = None
    for _ in range(300):
        setup = random_setup(rng, game=JACKS_GAME, prof=prof, rules=rules)
        hand = play_hand(rng, setup, prof=prof)
        if question == 2:  # the opener's proof at the showdown (JB-PROVE, JB-SPLIT)
            state = hand.final.state
            opener = state.opened_by
            if state.phase is not Phase.SHOWDOWN or state.won_by_fold or opener < 0 \
                    or state.folded[opener]:
                continue
            split = not has_openers(state.hole[opener])
            fallback = fallback or opener_proof_from(state, seed=seed,
                                                     difficulty=difficulty.value)
            if split == want_split:
                return opener_proof_from(state, mucked=mucked, seed=seed,
                                         difficulty=difficulty.value)
            continue
        if carried:
            if not hand.passed or not hand.decisions:
                continue
            drill = carried_pot_from(hand, seed=seed, difficulty=difficulty.value)
            fallback = fallback or drill
            if len(hand.passed) >= min(wanted[difficulty], rules.draw.jacks_ante_limit):
                return drill
            continue
        steps = _unopened(hand)
        if not steps:
            continue
        if fallback is None:
            step, number = rng.choice(steps)
            fallback = may_open_from(step, seed=seed, difficulty=difficulty.value, passed=number)
        good = [(step, number) for step, number in steps
                if _opens(step) == want_yes
                and (difficulty is Difficulty.BEGINNER or _tricky(_cards(step)))]
        if good:
            step, number = rng.choice(good)
            return may_open_from(step, seed=seed, difficulty=difficulty.value, passed=number)
    assert fallback is not None
    return fallback
