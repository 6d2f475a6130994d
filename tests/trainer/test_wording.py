"""Wording of the drills (issue 39): bets called bets, kickers shown, French as dealers say it."""

from __future__ import annotations

import random
import re

from dealerassist.cards import parse_cards
from dealerassist.engine import HandSetup
from dealerassist.engine.state import Phase
from dealerassist.games.catalogue import game
from dealerassist.trainer import Difficulty, DrillKind, make_drill
from dealerassist.trainer.difficulty import profile
from dealerassist.trainer.hands import play_hand, random_setup
from dealerassist.trainer.jacks_drills import opener_reading
from dealerassist.trainer.pot_drills import showdown_from_state
from dealerassist.trainer.situation import game_name
from dealerassist.trainer.stud_drills import stud_first_from
from dealerassist.trainer.text import Text

from .helpers import RULES, final_state


def test_pl_max_says_bet_for_an_opening_bet_and_cites_the_pot_limit_rule() -> None:
    bets = raises = 0
    for seed in range(60):
        drill = make_drill(DrillKind.PL_MAX, seed=seed, difficulty="advanced", rules=RULES)
        text = " ".join(line.en for line in drill.explanation)
        assert "BET-NL-MAX" not in text and "BET-NL-MAX" not in drill.rule_ids
        assert drill.rule_ids[0] == "BET-PL-MAX"
        if "No bet yet" in text:
            assert drill.question.en.endswith("may bet?"), drill.question.en
            assert drill.answer_text.en.startswith("A bet of")
            bets += 1
        else:
            assert "raise to" in drill.question.en
            raises += 1
    assert bets > 3 and raises > 10, (bets, raises)


def test_showdown_working_tells_winner_and_loser_apart_when_the_kicker_decides() -> None:
    # G-TIE: both hold a pair of aces; seat 1's nine beats seat 2's eight as the kicker
    setup = HandSetup.create(game="NT", stacks=(1000, 1000), small_blind=5, big_blind=10,
                             rules=RULES)
    state = final_state(setup, ["c", "x", "x", "x", "x", "x", "x", "x"],
                        holes=["Ah 9c", "Ad 8c"], board="As Kd 7h 4s 2c")
    drill = showdown_from_state(state)
    assert [p.seat for p in drill.answer] == [1]
    said = {line.en.strip().split(":")[0]: line.en for line in drill.explanation
            if re.match(r"\s+Seat \d: ", line.en)}
    assert said["Seat 1"] != said["Seat 2"]
    assert "As Ah Kd 9c 7h" in said["Seat 1"] and "8c" in said["Seat 2"]


def test_a_pot_only_one_seat_can_win_is_not_split_high_low() -> None:
    prof = profile(Difficulty.ADVANCED)
    rng = random.Random("single-seat-pots")
    found = 0
    for _ in range(300):
        setup = random_setup(rng, game=rng.choice(("FO/8", "F7S/8", "NO/8")), prof=prof,
                             rules=RULES)
        state = play_hand(rng, setup, prof=prof).final.state
        if state.phase is not Phase.SHOWDOWN or state.won_by_fold:
            continue
        lines = [line.en for line in showdown_from_state(state).explanation]
        for k, line in enumerate(lines):
            if "can win this pot" in line:
                found += 1
                assert "Split high/low" not in lines[k + 1], lines
    assert found > 5


def test_french_game_headers_decimal_comma_and_hands_as_a_dealer_says_them() -> None:
    drill = make_drill(DrillKind.TO_CALL, seed=4, difficulty="advanced", rules=RULES)
    header = drill.situation[0]
    assert header.fr.split(",")[0] != header.en.split(",")[0]  # the game named in French
    rakes = [make_drill(DrillKind.RAKE, seed=s, difficulty="advanced", rules=RULES)
             for s in range(20)]
    decimals = [line.fr for d in rakes for line in d.explanation if "7,5 %" in line.fr]
    assert decimals and not any(re.search(r"\d\.\d", line) for line in decimals)
    assert opener_reading(parse_cards("As Ad 8c 6h 4s"))[0].fr.startswith("une paire d'as")
    stud = stud_first_from("F7S", (parse_cards("Ac Ad"), parse_cards("Qh 8s")))
    words = [line.fr for line in stud.explanation]
    assert "Siège 1 : une paire d'as." in words
    assert "Siège 2 : hauteur dame (D-8)." in words


def test_french_and_english_show_the_same_cards_and_figures() -> None:
    """The French drill is the same drill: same cards everywhere, same figures in the situation.

    (Explanations may say a rank in words in one language and in figures in the other, and
    the game's name "eight or better" is "8 ou mieux".)
    """
    # French names the ace "As": not a card after "Hauteur", "hauteur", "d'", "les"
    cards = re.compile(r"(?<!Hauteur )(?<!hauteur )(?<!d')(?<!les )\b[2-9TJQKA][cdhs]\b")
    numbers = re.compile(r"\d+")
    for kind in DrillKind:
        for level in Difficulty:
            for seed in range(12):
                drill = make_drill(kind, seed=seed, difficulty=level, rules=RULES)
                for line in (*drill.situation, drill.question, *drill.explanation):
                    assert sorted(cards.findall(line.en)) == sorted(cards.findall(line.fr)), \
                        (line.en, line.fr)
                if kind is DrillKind.RULING:  # "fifth street" is "5e rue"
                    continue
                name = game_name(game(drill.game)) if drill.game else Text("", "")
                for line in (*drill.situation, drill.question):
                    en, fr = line.en.replace(name.en, ""), line.fr.replace(name.fr, "")
                    assert sorted(numbers.findall(en)) == sorted(numbers.findall(fr)), (en, fr)


def test_ST_FIRST_stud_situations_name_no_button_and_board_games_keep_it() -> None:
    """Stud has no button: the cards decide who acts (ST-BRINGIN, ST-FIRST); dealt from seat 1."""
    for kind in (DrillKind.BRING_IN, DrillKind.STUD_FIRST):
        for seed in range(15):
            drill = make_drill(kind, seed=seed, difficulty="advanced", rules=RULES)
            first = drill.situation[0]
            assert "button" not in first.en and "bouton" not in first.fr, first.en
            players = re.search(r"(\d+) players, dealt from seat 1\.", first.en)
            assert players is not None, first.en
            assert f"{players[1]} joueurs, servis à partir du siège 1." in first.fr
    drill = make_drill(DrillKind.PL_MAX, seed=3, difficulty="advanced", rules=RULES)
    assert re.search(r"Seat \d+ has the button\.", drill.situation[0].en), drill.situation[0].en
