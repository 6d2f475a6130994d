"""Hand histories of every game at every structure, and of what real tables record.

Structure letters (HE-LIMITS), unknown stacks (``inf``), unknown cards shown at showdown,
the house's seat limits (ST7-DEAL, ST5-DEAL), the seventh street of a crowded stud table
without burns (ST7-COMMUNITY), who acts first after the draw (DR-AFTER) and the house rake
written as user-defined fields (RAKE-RATE, RAKE-NFND).
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from dealerassist.games import GAMES, BettingStructure, game
from dealerassist.journal.phh import UNKNOWN_STACK, parse_phh, replay, to_phh
from dealerassist.rules import default_rules, phh_profile
from dealerassist.rules.model import RakeBase, RakeRules


def _phh(variant: str, actions: list[str], **fields: object) -> str:
    lines = [f'variant = "{variant}"']
    for key, value in fields.items():
        text = json.dumps(value) if not isinstance(value, str) or value != "inf" else value
        lines.append(f"{key} = {text}")
    lines.append("actions = [" + ", ".join(json.dumps(a) for a in actions) + "]")
    return "\n".join(lines) + "\n"


def test_HE_LIMITS_every_game_at_every_structure() -> None:
    letters = {"F": BettingStructure.FIXED_LIMIT, "P": BettingStructure.POT_LIMIT,
               "N": BettingStructure.NO_LIMIT}
    bodies = {code[1:] for code in GAMES}
    assert {"T", "S", "O", "O/8", "7S", "7S/8", "R", "5S", "2L1D", "2L3D", "A5L3D", "A5L1D",
            "B", "5D", "JB"} == bodies
    for body in bodies:
        specs = [game(letter + body) for letter in letters]
        for (letter, structure), spec in zip(letters.items(), specs, strict=True):
            assert spec.structure is structure and spec.code == letter + body
            # Only the structure differs: the same deal, evaluators and forced bets.
            assert (spec.streets, spec.high, spec.low, spec.forced) == (
                specs[0].streets, specs[0].high, specs[0].low, specs[0].forced)
    for code in ("N5D", "NA5L1D", "P7S", "PO/8", "N2L3D"):
        assert code in GAMES


# Five card draw no limit with blinds 1/2: the button raises to 6, the small blind folds,
# the big blind calls; both draw; after the draw the big blind acts first (position, as
# PHH and pokerkit: DR-AFTER's opener-first is for games without blinds), checks, the
# button bets 10, the big blind moves all in and is called. Quads beat a full house.
N5D = _phh("N5D", [
    "d dh p1 7s5d4c3h2d", "d dh p2 KsKd8c6h4s", "d dh p3 AcAdAhJc9s",
    "p3 cbr 6", "p1 f", "p2 cc",
    "p2 sd 8c6h4s", "p3 sd 9s", "d dh p2 KhKc2s", "d dh p3 Js",
    "p2 cc", "p3 cbr 10", "p2 cbr 94", "p3 cc",
    "p2 sm KsKdKhKc2s", "p3 sm AcAdAhJcJs",
], antes=[0, 0, 0], blinds_or_straddles=[1, 2, 0], min_bet=2,
    starting_stacks=[100, 100, 100])


def test_HE_LIMITS_DR_AFTER_no_limit_five_card_draw_with_blinds_replays() -> None:
    result = replay(parse_phh(N5D), trace=True)
    assert result.flags == ()
    assert result.final_stacks == (99, 201, 0)
    # No limit: after the draw the big blind (p2) may bet anything from 2 to 94.
    after_draw = [d for d in result.decisions if d.actor == 1][-2]
    assert (after_draw.to_call, after_draw.min_raise_to, after_draw.max_raise_to) == (0, 2, 94)


# Pot-limit seven-card stud, ante 1, bring-in 1, bets 2/4: p1 (2c up) brings in, p2
# completes to 2, p1 raises the pot: 2 (call) + 3 antes + 1 + 2 (bets) + 2 = to 8... the
# limits are read from the trace.
P7S = _phh("P7S", [
    "d dh p1 AhKd2c", "d dh p2 9s3s9d",
    "p1 pb", "p2 cbr 2", "p1 cbr 8", "p2 cc",
    "d dh p1 Ac", "d dh p2 Ts", "p1 cc", "p2 cc",
    "d dh p1 Kc", "d dh p2 Jd", "p1 cbr 4", "p2 f",
], antes=[1, 1], bring_in=1, small_bet=2, big_bet=4, starting_stacks=[100, 100])


def test_HE_LIMITS_pot_limit_stud_raises_the_pot_and_bets_the_big_bet_late() -> None:
    result = replay(parse_phh(P7S), trace=True)
    assert result.flags == ()
    third = result.decisions[:3]
    # p2 faces the bring-in: completes to 2 at least, pot limit 1 + (2 antes + 1) + 1 = 5.
    assert (third[1].to_call, third[1].min_raise_to, third[1].max_raise_to) == (1, 2, 5)
    # p1 faces the completion: call 1, raise by the completion (to 4), pot to 8.
    assert (third[2].to_call, third[2].min_raise_to, third[2].max_raise_to) == (1, 4, 8)
    fifth = result.decisions[-2]  # 5th street, p1 (ace high) bets: the big bet at least
    assert (fifth.to_call, fifth.min_raise_to, fifth.max_raise_to) == (0, 4, 18)
    assert result.final_stacks == (109, 91)


def test_unknown_stacks_inf_replay_and_never_run_out(tmp_path: Path) -> None:
    text = _phh("NT", [
        "d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 2c7h",
        "p3 cbr 600", "p1 cbr 5000", "p2 cc", "p3 f",
        "d db 2h3h4d", "p1 cbr 100000", "p2 cc", "d db 9c", "p1 cc", "p2 cc",
        "d db Tc", "p1 cc", "p2 cc",
        "p1 sm AsAd", "p2 sm KsKd",
    ], antes=[0, 0, 0], blinds_or_straddles=[50, 100, 0], min_bet=100,
        starting_stacks="[inf, inf, 1000]")
    text = text.replace('starting_stacks = "[inf, inf, 1000]"',
                        "starting_stacks = [inf, inf, 1000]")
    history = parse_phh(text)
    assert history.unknown_stacks == (0, 1)
    result = replay(history)
    assert result.final_stacks == (UNKNOWN_STACK + 105600, UNKNOWN_STACK - 105000, 400)
    path = tmp_path / "inf.phh"
    path.write_text(text)
    done = subprocess.run([sys.executable, "-m", "dealerassist", "replay", str(path),
                           "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    record = json.loads(done.stdout)
    assert record["final_stacks"] == [None, None, 400] and record["unknown_stacks"] == [0, 1]
    assert record["pots"][0]["amount"] == 210600 and record["pots"][0]["awards"] == {
        "0": 210600}


def test_IRR_DECK_unknown_cards_shown_at_showdown_are_the_cards_dealt() -> None:
    text = _phh("NT", [
        "d dh p1 AsAd", "d dh p2 KsKd", "p2 cc", "p1 cc",
        "d db 2h3h4d", "p1 cc", "p2 cc", "d db 9c", "p1 cc", "p2 cc", "d db Tc",
        "p1 cc", "p2 cc", "p1 sm ????", "p2 sm Ks??",
    ], antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2, starting_stacks=[100, 100])
    result = replay(parse_phh(text))
    assert result.flags == ()
    assert result.final_stacks == (102, 98)  # the aces dealt to p1 win


_DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def test_ST5_DEAL_nine_players_of_five_card_stud_are_flagged_and_played() -> None:
    cards = iter(_DECK)
    actions = [f"d dh p{i + 1} {next(cards)}{next(cards)}" for i in range(9)]
    # The lowest up card (2d of p1) brings in; everybody else folds.
    actions += ["p1 pb"] + [f"p{i + 1} f" for i in range(1, 9)]
    text = _phh("F5S", actions, antes=[1] * 9, bring_in=1, small_bet=2, big_bet=4,
                starting_stacks=[50] * 9)
    result = replay(parse_phh(text))
    assert [f.rule_id for f in result.flags] == ["ST5-DEAL"]
    assert "9 players" in result.flags[0].message and "at most 8" in result.flags[0].message
    assert result.final_stacks == (58,) + (49,) * 8


def test_ST7_COMMUNITY_seven_razz_players_without_burns_get_a_seventh_card_each() -> None:
    # Seven players, every card written, no burns: 42 cards dealt by 6th street, 10 unseen,
    # so each player gets a 7th card (the community card is for a stub that cannot).
    deck = iter(_DECK)
    actions = []
    for i in range(7):
        actions.append(f"d dh p{i + 1} {next(deck)}{next(deck)}{next(deck)}")
    # Razz: the highest up card brings in: up cards 2h 3c 3s 4h 5c 5s 6h: p7 (6h).
    actions += ["p7 pb"] + [f"p{i + 1} cc" for i in range(6)]
    for _ in range(4):
        actions += [f"d dh p{i + 1} {next(deck)}" for i in range(7)]
        actions += [f"p{i + 1} cc" for i in range(7)]
    text = _phh("FR", actions, antes=[0] * 7, bring_in=1, small_bet=2, big_bet=4,
                starting_stacks=[50] * 7)
    result = replay(parse_phh(text))
    assert result.state.board == ()
    assert all(len(hole) == 7 for hole in result.state.hole)
    assert sum(result.final_stacks) == 350


def _raked_setup():  # type: ignore[no-untyped-def]
    from dealerassist.engine import HandSetup

    rake = RakeRules(percent=Decimal("4.5"), cap=3, rounding_step=1, no_flop_no_drop=True,
                     base=RakeBase.POT)
    rules = dataclasses.replace(default_rules(), rake=rake)
    return HandSetup.create(game="NT", stacks=(100, 100), small_blind=1, big_blind=2,
                            rules=rules)


def test_RAKE_RATE_house_rake_is_written_as_user_fields_and_applied_on_replay() -> None:
    from dealerassist.cards import parse_cards
    from dealerassist.engine import (
        BoardDealt,
        Called,
        Checked,
        HoleCardsDealt,
        RaisedTo,
        new_hand,
    )
    from dealerassist.engine.state import evolve_all

    setup = _raked_setup()
    events = [HoleCardsDealt(0, tuple(parse_cards("AsAd"))),
              HoleCardsDealt(1, tuple(parse_cards("KsKd"))),
              RaisedTo(1, 40), Called(0, 38),
              BoardDealt(tuple(parse_cards("2h3h4d"))), Checked(0), Checked(1),
              BoardDealt(tuple(parse_cards("9c"))), Checked(0), Checked(1),
              BoardDealt(tuple(parse_cards("Tc"))), Checked(0), Checked(1)]
    evolve_all(new_hand(setup), events)
    text = to_phh(setup, events)
    assert "_rake_percent = 4.5" in text and "_rake_cap = 3" in text
    assert '_rake_base = "pot"' in text and "_rake_no_flop_no_drop = true" in text
    history = parse_phh(text)
    assert history.rake == dataclasses.replace(setup.rules.rake, enabled=True)
    result = replay(history)
    assert result.state.rake == 3  # 4.5 % of 80 is 3.6: 3, the cap
    assert result.final_stacks == (137, 60)
    # --rules overrides the file's rake: the PHH profile takes none.
    assert replay(history, rules=phh_profile()).state.rake == 0


def test_RAKE_RATE_bad_rake_fields_are_one_line_errors() -> None:
    from dealerassist.errors import HandHistoryError

    base = _phh("NT", ["d dh p1 AsAd", "d dh p2 KsKd", "p2 f"], blinds_or_straddles=[1, 2],
                min_bet=2, starting_stacks=[100, 100])
    with pytest.raises(HandHistoryError, match="_rake_percent"):
        parse_phh(base + "_rake_percent = 120\n")
    with pytest.raises(HandHistoryError, match="_rake_base"):
        parse_phh(base + '_rake_percent = 5\n_rake_base = "table"\n')


def test_HE_LIMITS_every_code_has_an_english_and_a_french_name() -> None:
    from dealerassist.session.dealer_texts import game_name

    for code, spec in GAMES.items():
        english, french = game_name(code, spec.name), game_name(code, spec.name, "fr")
        assert english and french and english != french, code
    assert game_name("P7S", game("P7S").name) == "Pot-limit seven-card stud"
    assert game_name("P7S", game("P7S").name, "fr") == "Stud à sept cartes, pot limit"
    assert game_name("N5D", game("N5D").name, "fr") == "Poker fermé à cinq cartes, no limit"


def test_IRR_OUT_OF_TURN_an_action_recorded_after_its_repair_leaves_the_hand_playable() -> None:
    # On the flop p2 checks before p1, and the file records p1's check after it: the
    # actions are written out of order, so p2's check waits for p2's turn (flagged) and
    # the hand plays on.
    text = _phh("NT", [
        "d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 2c7h",
        "p3 cc", "p1 cc", "p2 cc",
        "d db 2h3h4d", "p2 cc", "p1 cc", "p3 cc",
        "d db 9c", "p1 cc", "p2 cc", "p3 cc", "d db Tc", "p1 cc", "p2 cc", "p3 cc",
        "p1 sm AsAd", "p2 sm KsKd", "p3 sm 2c7h",
    ], antes=[0, 0, 0], blinds_or_straddles=[1, 2, 0], min_bet=2,
        starting_stacks=[100, 100, 100])
    result = replay(parse_phh(text))
    assert [f.rule_id for f in result.flags] == ["IRR-OUT-OF-TURN"]
    assert "p2 acted before p1; applied in turn" in result.flags[0].message
    assert result.final_stacks == (104, 98, 98)


def test_IRR_OUT_OF_TURN_a_skipped_action_the_file_omits_is_taken_as_pokerkit_does() -> None:
    # On the flop p2 bets before p1 and the file never records p1's action on the flop:
    # p1 is taken to check (pokerkit's repair), p2's bet stands, p3 and p1 call.
    text = _phh("NT", [
        "d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 2c7h",
        "p3 cc", "p1 cc", "p2 cc",
        "d db 2h3h4d", "p2 cbr 10", "p3 cc", "p1 cc",
        "d db 9c", "p1 cc", "p2 cc", "p3 cc", "d db Tc", "p1 cc", "p2 cc", "p3 cc",
        "p1 sm AsAd", "p2 sm KsKd", "p3 sm 2c7h",
    ], antes=[0, 0, 0], blinds_or_straddles=[1, 2, 0], min_bet=2,
        starting_stacks=[100, 100, 100])
    result = replay(parse_phh(text))
    assert [f.rule_id for f in result.flags] == ["IRR-OUT-OF-TURN"]
    assert "p1 is taken to check" in result.flags[0].message
    assert result.final_stacks == (124, 88, 88)


def test_IRR_OUT_OF_TURN_a_raise_the_action_overtook_goes_in_as_a_call() -> None:
    # Pre-flop p2 (big blind) "raises to 6" before p1 acts; p1 then raises to 10: when p2's
    # turn comes the recorded raise to 6 is no raise any more, so p2's chips go in as a
    # call of 10 (IRR-OUT-OF-TURN: binding unless the action changes; a replay cannot ask).
    text = _phh("NT", [
        "d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 2c7h",
        "p3 f", "p2 cbr 6", "p1 cbr 10",
        "d db 2h3h4d", "p1 cc", "p2 cc", "d db 9c", "p1 cc", "p2 cc", "d db Tc", "p1 cc",
        "p2 cc", "p1 sm AsAd", "p2 sm KsKd",
    ], antes=[0, 0, 0], blinds_or_straddles=[1, 2, 0], min_bet=2,
        starting_stacks=[100, 100, 100])
    result = replay(parse_phh(text))
    assert [f.rule_id for f in result.flags] == ["IRR-OUT-OF-TURN", "IRR-OUT-OF-TURN"]
    assert "taken as a call" in result.flags[1].message
    assert result.final_stacks == (110, 90, 100)
