"""Fixed-limit drills: is this raise legal, and what may be bet on an open pair.

- `limit-raise` (BET-FL-SIZES, BET-FL-CAP, BET-SHORT-ALLIN): a decision of a real
  fixed-limit hand (hold'em, Omaha hi-lo, stud, draw) where a player wants to raise to a
  figure; four choices: legal, capped, the wrong size, or not reopened by a short all-in.
  The answer is the engine's (`legal_actions`: ``raise_rule``, ``min_raise_to``). Some
  rounds are raised to the cap through the engine first, so capped spots are common.
- `open-pair` (ST-OPEN-PAIR): the first decision on 4th street of a stud hand; the most
  the player may bet is the engine's ``max_raise_to``: the big bet when a pair shows among
  the up cards of a player still in, the small bet otherwise, never more than the stack.
"""

from __future__ import annotations

import random

from dealerassist.engine.actions import bet_or_raise
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.state import evolve
from dealerassist.games.spec import BetSize, Family
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.betting_drills import _situation
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.drill import AnswerFormat, Choice, Drill, DrillKind
from dealerassist.trainer.hands import Step, play_hand, random_setup
from dealerassist.trainer.text import Text, seat_name

__all__ = ["LIMIT_CHOICES", "limit_raise_drill", "limit_raise_from", "open_pair_drill",
           "open_pair_from"]

_LIMIT_GAMES = ("FT", "FO/8", "F7S", "F7S/8", "F2L3D", "FB")
_STUD_HIGH = ("F7S", "F7S/8", "F5S")

LIMIT_CHOICES = (
    Choice("A", Text("Yes: a raise of exactly one bet, the betting is not capped.",
                     "Oui : une relance d'exactement une mise, les enchères ne sont pas "
                     "plafonnées."), "BET-FL-SIZES"),
    Choice("B", Text("No: the betting is capped; he may only call or fold.",
                     "Non : les enchères sont plafonnées ; il ne peut que suivre ou se "
                     "coucher."), "BET-FL-CAP"),
    Choice("C", Text("No: in fixed limit a raise is exactly one bet more; that figure is "
                     "wrong.",
                     "Non : en limite fixe une relance est exactement une mise de plus ; ce "
                     "montant est faux."), "BET-FL-SIZES"),
    Choice("D", Text("No: he has acted and only a short all-in raised since; the betting is "
                     "not reopened to him.",
                     "Non : il a déjà parlé et seul un tapis incomplet a relancé depuis ; les "
                     "enchères ne lui sont pas rouvertes."), "BET-SHORT-ALLIN"),
)


def _house_line(step: Step) -> Text:
    setup = step.state.setup
    fixed = setup.rules.fixed_limit
    family = setup.game.family
    cap = fixed.cap_for(family, players_in_hand=3)
    lifted = fixed.cap_for(family, players_in_hand=2) is None
    half = fixed.half_bet_allin_reopens
    cap_en = f"a cap of {cap} bets a round (the bet and its raises)" if cap else "no cap"
    cap_fr = f"un plafond de {cap} mises par tour (la mise et ses relances)" if cap else \
        "pas de plafond"
    blind = " (before the flop or the draw the big blind is the bet)" \
        if any(setup.blinds) and fixed.blind_counts_as_bet else ""
    blind_fr = " (avant le flop ou l'échange la grosse blinde est la mise)" \
        if any(setup.blinds) and fixed.blind_counts_as_bet else ""
    return Text(f"House: {cap_en}{blind}" + (", lifted heads-up" if lifted else "")
                + ("; an all-in of half a bet or more reopens the betting" if half else
                   "; only a full bet reopens the betting") + ".",
                f"Maison : {cap_fr}{blind_fr}" + (", levé en tête-à-tête" if lifted else "")
                + ("; un tapis d'au moins une demi-mise rouvre les enchères" if half else
                   " ; seule une mise complète rouvre les enchères") + ".")


def _still_in(step: Step) -> Text:
    state = step.state
    seats = ", ".join(str(i + 1) for i in range(state.player_count) if not state.folded[i])
    return Text(f"Still in the hand: seats {seats}.", f"Encore dans le coup : sièges {seats}.")


def limit_raise_from(step: Step, wanted: int, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return "may seat N raise to ``wanted``?" at a fixed-limit decision (the engine's answer)."""
    state = step.state
    choices = legal_actions(state)
    assert choices is not None
    rule = choices.raise_rule
    if rule == "BET-FL-CAP":
        letter = "B"
    elif rule == "BET-SHORT-ALLIN":
        letter = "D"
    elif choices.min_raise_to is not None and wanted == choices.min_raise_to:
        letter = "A"
    else:
        letter = "C"
    name = seat_name(choices.actor)
    situation = list(_situation(step))
    situation.insert(1, _house_line(step))
    situation.insert(2, _still_in(step))
    setup = state.setup
    size = setup.big_bet if state.street.bet_size is BetSize.BIG else setup.small_bet
    lines = [Text(f"This round's bet is {size} (BET-FL-SIZES); the highest bet is "
                  f"{max(state.bets)}.",
                  f"La mise de ce tour est de {size} (BET-FL-SIZES) ; la plus forte mise est "
                  f"{max(state.bets)}.")]
    if letter == "B":
        lines.append(Text("The bets and raises of the round have reached the house's cap, with "
                          "more than two players in: only call or fold (BET-FL-CAP).",
                          "Les mises et relances du tour ont atteint le plafond de la maison, "
                          "à plus de deux joueurs : suivre ou se coucher (BET-FL-CAP)."))
    elif letter == "D":
        lines.append(Text("He already acted; the only raise since is an all-in short of a "
                          "reopening raise: he may only call or fold (BET-SHORT-ALLIN).",
                          "Il a déjà parlé ; la seule relance depuis est un tapis insuffisant "
                          "pour rouvrir : il ne peut que suivre ou se coucher "
                          "(BET-SHORT-ALLIN)."))
    elif setup.bring_in and state.street_index == 0 and max(state.bets) < setup.small_bet:
        lines.append(Text(f"Only the bring-in is in: the raise completes it to the full bet, "
                          f"{choices.min_raise_to} (ST-COMPLETE); to {wanted} is "
                          + ("right." if letter == "A" else "wrong."),
                          f"Seul le bring-in est misé : la relance le complète à la mise "
                          f"entière, {choices.min_raise_to} (ST-COMPLETE) ; à {wanted} c'est "
                          + ("juste." if letter == "A" else "faux.")))
    else:
        lines.append(Text(f"The raise is to {choices.min_raise_to}, exactly one bet more; "
                          f"to {wanted} is " + ("right." if letter == "A" else "wrong."),
                          f"La relance est à {choices.min_raise_to}, exactement une mise de "
                          f"plus ; à {wanted} c'est " + ("juste." if letter == "A" else
                                                         "faux.")))
    right = next(c for c in LIMIT_CHOICES if c.letter == letter)
    return Drill(
        kind=DrillKind.LIMIT_RAISE, seed=seed, difficulty=difficulty,
        game=setup.game.code, situation=tuple(situation),
        question=Text(f"{name.en} wants to raise to {wanted}. Is it allowed?",
                      f"Le {name.fr.lower()} veut relancer à {wanted}. Est-ce permis ?"),
        answer_format=AnswerFormat.CHOICE, answer=letter,
        answer_text=right.text, explanation=tuple(lines),
        rule_ids=("BET-FL-SIZES", "BET-FL-CAP", "BET-SHORT-ALLIN"), choices=LIMIT_CHOICES,
    )


def _raise_to_cap(step: Step) -> Step | None:
    """Raise through the engine, one bet at a time, until the next player is capped."""
    state, events, street = step.state, list(step.events), list(step.street_events)
    for _ in range(8):
        choices = legal_actions(state)
        if choices is None:
            return None
        if choices.raise_rule == "BET-FL-CAP":
            return Step(state, tuple(events), tuple(street))
        if choices.min_raise_to is None or choices.min_raise_to >= \
                state.stacks[choices.actor] + state.bets[choices.actor]:
            return None  # a raise would be all in: the spot is not a plain cap
        event = bet_or_raise(state, choices.actor, choices.min_raise_to)
        state = evolve(state, event)
        events.append(event)
        street.append(event)
        if state.street_index != step.state.street_index:
            return None
    return None


def limit_raise_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a limit-raise drill: legal, capped, wrong size or not reopened, at random."""
    rng = random.Random(f"limit-raise:{seed}")
    prof = profile(difficulty)
    case = rng.choice(("A", "B", "C", "B", "D")) if difficulty is not Difficulty.BEGINNER \
        else rng.choice(("A", "B", "C"))
    fallback = None
    for _ in range(300):
        setup = random_setup(rng, game=rng.choice(_LIMIT_GAMES), prof=prof, rules=rules)
        hand = play_hand(rng, setup, prof=prof)
        # 4th street of stud is left out: an open pair allows two bet sizes (open-pair drills)
        steps = [s for s in hand.decisions if (c := legal_actions(s.state)) is not None
                 and c.bring_in is None and max(s.state.bets) > 0
                 and not (s.state.setup.game.family is Family.STUD
                          and s.state.street_index == 1)]
        if not steps:
            continue
        step = rng.choice(steps)
        choices = legal_actions(step.state)
        assert choices is not None
        if fallback is None and choices.min_raise_to is not None:
            fallback = (step, choices.min_raise_to)
        if case == "B" and choices.raise_rule != "BET-FL-CAP":
            capped = _raise_to_cap(step)
            if capped is None:
                continue
            step, choices = capped, legal_actions(capped.state)
            assert choices is not None
        if case == "D" and choices.raise_rule != "BET-SHORT-ALLIN":
            continue
        if case in ("A", "C") and choices.min_raise_to is None:
            continue
        top = max(step.state.bets)
        size = step.state.setup.small_bet
        wanted = choices.min_raise_to if choices.min_raise_to is not None else top + size
        if case == "C":
            delta = max(1, size // 2)
            wanted += delta * rng.choice((-1, 1))
            if wanted <= top:
                wanted += 2 * delta
        return limit_raise_from(step, wanted, seed=seed, difficulty=difficulty.value)
    assert fallback is not None  # pragma: no cover - a fallback is always found
    return limit_raise_from(*fallback, seed=seed, difficulty=difficulty.value)


def open_pair_from(step: Step, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return "what is the most seat N may bet?" on 4th street (ST-OPEN-PAIR)."""
    state = step.state
    choices = legal_actions(state)
    assert choices is not None and choices.max_raise_to is not None
    setup = state.setup
    answer = choices.max_raise_to
    pairs = [i for i in state.in_hand
             if len({c.rank for c in _up(state, i)}) < len(_up(state, i))]
    name = seat_name(choices.actor)
    if pairs:
        lines = [Text(f"{seat_name(pairs[0]).en} shows an open pair on 4th street: any player "
                      f"may bet the small bet {setup.small_bet} or the big bet {setup.big_bet} "
                      "(ST-OPEN-PAIR).",
                      f"{seat_name(pairs[0]).fr} montre une paire servie en 4e rue : chacun "
                      f"peut miser la petite mise {setup.small_bet} ou la grosse "
                      f"{setup.big_bet} (ST-OPEN-PAIR).")]
        most = setup.big_bet
    else:
        lines = [Text(f"No open pair shows: 4th street is bet at the small bet {setup.small_bet} "
                      "(ST-OPEN-PAIR).",
                      f"Aucune paire servie : la 4e rue se joue à la petite mise "
                      f"{setup.small_bet} (ST-OPEN-PAIR).")]
        most = setup.small_bet
    stack = state.stacks[choices.actor]
    if stack < most:
        lines.append(Text(f"He has only {stack}: all in for {stack} (G-ALLIN).",
                          f"Il n'a que {stack} : tapis pour {stack} (G-ALLIN)."))
    return Drill(
        kind=DrillKind.OPEN_PAIR, seed=seed, difficulty=difficulty, game=setup.game.code,
        situation=_situation(step),
        question=Text(f"What is the most {name.en} may bet?",
                      f"Quelle est la mise maximale du {name.fr.lower()} ?"),
        answer_format=AnswerFormat.AMOUNT, answer=answer,
        answer_text=Text(f"A bet of {answer} at most.", f"Une mise de {answer} au plus."),
        explanation=tuple(lines), rule_ids=("ST-OPEN-PAIR",),
    )


def _up(state, player):  # type: ignore[no-untyped-def]
    from dealerassist.engine.stud import up_cards

    return up_cards(state.setup.game, state.hole[player])


def open_pair_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return an open-pair drill; half of them with a pair showing."""
    rng = random.Random(f"open-pair:{seed}")
    prof = profile(difficulty)
    want_pair = rng.randrange(2) == 0
    fallback = None
    for _ in range(400):
        setup = random_setup(rng, game=rng.choice(_STUD_HIGH), prof=prof, rules=rules)
        hand = play_hand(rng, setup, prof=prof)
        steps = [s for s in hand.decisions if s.state.street_index == 1 and not s.street_events]
        if not steps:
            continue
        step = steps[0]
        choices = legal_actions(step.state)
        if choices is None or choices.max_raise_to is None:
            continue
        fallback = fallback or step
        state = step.state
        paired = any(len({c.rank for c in _up(state, i)}) < 2 for i in state.in_hand)
        if paired == want_pair:
            return open_pair_from(step, seed=seed, difficulty=difficulty.value)
    assert fallback is not None
    return open_pair_from(fallback, seed=seed, difficulty=difficulty.value)

