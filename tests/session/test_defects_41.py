"""Issue 41's defects, each reproduced (commands refused with their rule, hands never stuck)."""

from __future__ import annotations

import time

import pytest

from dealerassist.engine.state import Phase
from dealerassist.errors import IllegalActionError
from dealerassist.irregular.flags import FlagStatus
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.limits import MAX_CHIPS, MAX_LINE
from dealerassist.session.commands import CommandError
from dealerassist.session.controller import TableSession
from dealerassist.session.presenter import present, table_json
from dealerassist.session.reports import hand_flags
from dealerassist.session.state import SessionState

from .helpers import RULES, clock

FAMILY_PRESETS = (
    "NLHE 1/2",
    "PLO 1/2",
    "Stud 15/30 ante 2 bring-in 5",
    "Razz",
    "2-7 Triple Draw 10/20",
    "Jacks or Better",
)

_DECK = [rank + suit for suit in "cdhs" for rank in "23456789TJQKA"]


def up_card(seat: int, street: int) -> str:
    """A distinct up card per seat and street (stud tests have no board)."""
    return _DECK[(seat - 1) * 7 + street]


def table(preset: str, players: int = 3, stack: int = 500) -> TableSession:
    session = TableSession(InMemoryJournal(), rules=RULES, preset=RULES.preset(preset),
                           clock=clock)
    for seat in range(1, players + 1):
        session.execute(f"sit {seat} P{seat} {stack}")
    return session


def passive_line(state: SessionState) -> str:
    """The next line of a hand where everyone calls or checks (or opens, at jacks)."""
    hand = state.hand
    assert hand is not None
    engine = hand.engine_state
    if engine.phase is Phase.BETTING:
        return "c"
    if engine.phase is Phase.DEALING:
        if engine.due_board:
            name = {1: "flop", 2: "turn", 3: "river"}[engine.street_index]
            cards = ["Ah Kd 7c", "2s", "9h"][engine.street_index - 1]
            return f"{name} {cards}"
        if engine.due_draw:
            return "pat"
        if engine.due_hole:
            seats = [hand.started.seats[p] for p in engine.due_hole]
            return "up " + " ".join(f"{seat} {up_card(seat, engine.street_index)}"
                                    for seat in seats)
    raise AssertionError(f"no passive line in {engine.phase}")


def chips(state: SessionState) -> int:
    total = sum(p.stack for p in state.table.players)
    if state.hand is not None:
        engine = state.hand.engine_state
        total += sum(engine.bets) + engine.pot_total - sum(engine.won) + engine.rake
        total -= sum(p.stack for p in state.table.players if p.seat in state.hand.started.seats)
        total += sum(engine.stacks)
    return total


def no_folded_seat_acts(state: SessionState) -> None:
    if state.hand is None:
        return
    engine = state.hand.engine_state
    actor = engine.actor
    if actor is not None:
        assert not engine.folded[actor] and not engine.mucked[actor]
    for player in (*engine.due_draw, *engine.due_hole):
        assert not engine.folded[player] and not engine.mucked[player]


@pytest.mark.parametrize("preset", FAMILY_PRESETS[:-1])
def test_defect_41_1_muck_between_betting_rounds_is_refused_in_every_family(preset: str) -> None:
    session = table(preset)
    session.execute("hand")
    # Play passively to the first street change: cards (or a draw) are due, betting to come.
    while not (session.state.hand.engine_state.phase is Phase.DEALING
               and session.state.hand.engine_state.street_index > 0):
        session.execute(passive_line(session.state))
    before = session.state
    for seat in (1, 2, 3):
        with pytest.raises(IllegalActionError) as refused:
            session.execute(f"muck {seat}")
        assert refused.value.rule_id == "G-SHOW-CLAIM"
        with pytest.raises(IllegalActionError) as refused:
            session.execute(f"show {seat} As Ad")
        assert refused.value.rule_id == "G-SHOW-ORDER"
        assert session.state == before
    # The hand plays on to its showdown with every seat in: nobody folded is asked to act.
    while session.state.hand.engine_state.phase is not Phase.SHOWDOWN:
        no_folded_seat_acts(session.state)
        session.execute(passive_line(session.state))
    engine = session.state.hand.engine_state
    assert engine.in_hand == (0, 1, 2)
    # At the showdown a muck is what it says: the seat gives up its claim.
    session.execute(f"muck {session.state.hand.started.seats[0]}")
    assert session.state.hand.engine_state.in_hand == (1, 2)


def test_defect_41_1_the_reported_session_now_plays_to_the_end() -> None:
    session = table("NLHE 1/2", players=2, stack=200)
    for line in ("hand", "c", "x"):
        session.execute(line)
    with pytest.raises(IllegalActionError):
        session.execute("muck 1")
    for line in ("flop Ah Kd 7c", "x", "b 10", "f"):
        session.execute(line)
    assert session.state.hand is None
    stacks = {p.seat: p.stack for p in session.state.table.players}
    assert sum(stacks.values()) + sum(d.finished.rake for d in session.state.finished) == 400
    assert stacks[2] == 198  # Bob checked the flop, Ann bet 10, Bob folded his big blind


def heads_up_at_the_flop() -> TableSession:
    session = table("NLHE 1/2", players=2, stack=200)
    for line in ("hand", "c", "x"):
        session.execute(line)
    return session


@pytest.mark.parametrize("line", ["flop Xx Kd 7c", "flop ?? Kd 7c", "flop Ah ?? 7c",
                                  "board ??"])
def test_defect_41_2_an_unknown_board_card_is_refused_and_the_hand_goes_on(line: str) -> None:
    session = heads_up_at_the_flop()
    before = session.state
    with pytest.raises(CommandError, match="named, not '\\?\\?'"):
        session.execute(line)
    assert session.state == before
    for line in ("flop Ah Kd 7c", "x", "x", "turn 2s", "x", "x", "river 9h", "x", "x",
                 "show 1 Qs Qd", "show 2 Js Jd"):
        session.execute(line)
    assert session.state.hand is None  # settled: nothing stuck at the showdown
    assert {p.seat: p.stack for p in session.state.table.players}[1] > 200


def test_defect_41_2_a_stud_up_card_is_named_too() -> None:
    session = table("Stud 15/30 ante 2 bring-in 5")
    session.execute("hand")
    with pytest.raises(CommandError, match="named"):
        session.execute("up 1 ?? 2 7c 3 2d")


@pytest.mark.parametrize("line", [
    "sit 4 Dan 1" + "0" * 4300, "add 1 9" + "9" * 4000, "correct 1 " + "7" * 4001,
    "sit 4 Dan 1000000000001", "sit " + "9" * 4000 + " Dan 100", "button " + "5" * 4000,
])
def test_defect_41_3_huge_numbers_are_refused_with_one_line(line: str) -> None:
    session = table("NLHE 1/2", players=3)
    before = session.state
    with pytest.raises(CommandError) as refused:
        session.execute(line)
    message = str(refused.value)
    assert "\n" not in message and len(message) < 400
    assert "too large" in message or "line too long" in message
    assert session.state == before


def test_defect_41_3_a_stack_never_grows_past_the_bound() -> None:
    session = table("NLHE 1/2", players=2)
    session.execute(f"add 1 {MAX_CHIPS - 500}")  # exactly the bound: accepted
    with pytest.raises(IllegalActionError, match="at most"):
        session.execute("add 1 1")
    assert {p.seat: p.stack for p in session.state.table.players}[1] == MAX_CHIPS


@pytest.mark.parametrize("line", ["r " + "9" * 5000, "exposed 1 Ah " + "9" * 4000,
                                  "acted 1 r " + "9" * 4000, "confirm " + "9" * 4000,
                                  "extra 1 " + "9" * 4000])
def test_defect_41_3_huge_numbers_in_a_hand_are_refused(line: str) -> None:
    session = heads_up_at_the_flop()
    before = session.state
    with pytest.raises((CommandError, IllegalActionError)) as refused:
        session.execute(line)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 400
    assert session.state == before


def test_defect_41_12_a_megabyte_line_is_refused_at_once() -> None:
    session = heads_up_at_the_flop()
    started = time.perf_counter()
    for line in ("r " + "1" * 1_000_000, "flop " + "Ah" * 500_000, "x" * 1_000_000,
                 "sit 3 " + "A" * 1_000_000 + " 100"):
        with pytest.raises(CommandError, match="line too long: .* \\(at most 4096\\)"):
            session.execute(line)
    assert time.perf_counter() - started < 0.5
    session.execute("flop Ah Kd 7c " + " " * (MAX_LINE - 40))  # a long line within the bound


def test_defect_41_15_a_bad_rank_is_named_as_a_rank() -> None:
    session = heads_up_at_the_flop()
    with pytest.raises(CommandError, match="bad card '1h': unknown rank '1'"):
        session.execute("flop 1h 2h 3h")


def test_defect_41_15_confirm_a_number_names_a_flag_not_a_card() -> None:
    session = table("NLHE 1/2", players=2, stack=200)
    session.execute("hand")
    session.execute("c")
    with pytest.raises(IllegalActionError, match="no flag 12345 in this hand") as refused:
        session.execute("confirm 12345")
    assert refused.value.rule_id == "G-ACT"
    session.execute("early Qs")  # IRR-FLOP-EARLY while the big blind is still to act
    flag_id = hand_flags(session.state.hand)[0].flag_id
    number = flag_id.split(":")[0]
    session.execute(f"confirm {number}")
    assert hand_flags(session.state.hand)[0].status is FlagStatus.CONFIRMED


@pytest.mark.parametrize("line", ["game Limit Hold'em 10/20", 'game "Limit Hold\'em 10/20"',
                                  "game limit hold'em 10/20", "game 3",
                                  "game Limit Hold'em 10/20  # after the break"])
def test_defect_41_15_a_preset_by_its_name_unquoted_or_its_number(line: str) -> None:
    session = table("NLHE 1/2", players=2)
    session.execute(line)
    assert session.state.game.preset == "Limit Hold'em 10/20"


def test_defect_41_15_an_unknown_preset_number_names_the_range() -> None:
    session = table("NLHE 1/2", players=2)
    with pytest.raises(IllegalActionError, match=f"1 to {len(RULES.presets)}"):
        session.execute("game 99")


def test_defect_41_8_fixed_limit_allin_raises_the_largest_legal_amount_then_calls() -> None:
    session = table("Limit Hold'em 10/20", players=3, stack=500)
    session.execute("hand")
    with pytest.raises(IllegalActionError) as refused:
        session.execute("r 15")
    # The refusal names no all-in to 500: in limit the stack goes in by steps.
    assert str(refused.value) == ("raise to 15 is under the minimum: raise to at least 20 "
                                  "[BET-FL-SIZES]")
    session.execute("allin")  # seat 1: the largest legal raise, to 20
    assert session.state.hand.engine_state.bets == (5, 10, 20)
    for _ in range(3):  # raise to 30, then 40 (the cap), then a call
        session.execute("allin")
    engine = session.state.hand.engine_state
    assert engine.bets == (30, 40, 40)
    with pytest.raises(IllegalActionError) as capped:
        session.check("r 50")
    assert capped.value.rule_id == "BET-FL-CAP"  # the blind and three raises


def test_defect_41_8_a_short_stack_in_limit_still_goes_all_in_for_less() -> None:
    session = table("Limit Hold'em 10/20", players=3, stack=500)
    session.execute("correct 1 15")
    session.execute("hand")
    session.execute("allin")  # seat 1 has 15: all-in for less than the raise to 20
    assert session.state.hand.engine_state.bets[2] == 15
    assert session.state.hand.engine_state.stacks[2] == 0


def stud_open_pair_on_fourth_street() -> TableSession:
    session = table("Stud 15/30 ante 2 bring-in 5")
    # Seat 3's deuce brings in; everyone calls; seat 1 pairs its king on 4th street.
    for line in ("hand", "up 1 Kh 2 7c 3 2d", "c", "c", "c", "up 1 Kd 2 8c 3 3d"):
        session.execute(line)
    return session


def test_defect_41_9_open_pair_limits_list_the_two_legal_amounts() -> None:
    session = stud_open_pair_on_fourth_street()
    view = present(session.state)
    record = table_json(view)
    assert (record["to_act"], record["min_raise_to"], record["max_raise_to"]) == (1, 15, 30)
    assert record["raise_to_amounts"] == [15, 30]  # ST-OPEN-PAIR: nothing between
    assert view.action.raise_to_amounts == (15, 30)
    with pytest.raises(IllegalActionError) as refused:
        view.action.verify_raise_to(20)  # the console's own pre-flight check says so too
    assert refused.value.rule_id == "ST-OPEN-PAIR"
    with pytest.raises(IllegalActionError):
        session.execute("b 20")
    session.execute("b 30")
    assert table_json(present(session.state))["raise_to_amounts"] == [60]


def test_defect_41_9_the_text_table_says_15_or_30() -> None:
    session = stud_open_pair_on_fourth_street()
    from dealerassist.cli.table import _text

    assert "seat 1 P1 to act: check, bet 15 or 30" in _text(present(session.state), command=None)


def test_defect_41_9_no_limit_keeps_a_range() -> None:
    session = heads_up_at_the_flop()
    assert table_json(present(session.state))["raise_to_amounts"] is None


# ----- the table's JSON for integrators (issue 41) -------------------------------------------


def record(session: TableSession) -> dict:  # type: ignore[type-arg]
    return table_json(present(session.state))


def test_issue_41_json_ST_BRINGIN_bring_in_seat_and_amount_while_due() -> None:
    session = table("Stud 15/30 ante 2 bring-in 5")
    session.execute("hand")
    assert record(session)["bring_in"] is None  # nobody acts before the up cards
    session.execute("up 1 Kh 2 7c 3 2d")  # seat 3's deuce brings in
    state = record(session)
    assert state["bring_in"] == {"seat": 3, "amount": 5}
    assert state["to_act"] == 3 and state["min_raise_to"] == 15  # or complete to 15
    session.execute("c")
    assert record(session)["bring_in"] is None and record(session)["to_call"] == 5


def test_issue_41_json_flags_carry_id_and_status_for_confirm_and_overrule() -> None:
    session = table("NLHE 1/2", players=3)
    session.execute("hand")
    session.execute("early Qs")  # IRR-FLOP-EARLY
    [flag] = record(session)["flags"]
    assert flag["rule_id"] == "IRR-FLOP-EARLY" and flag["status"] == "open"
    assert flag["id"].endswith(":IRR-FLOP-EARLY")
    session.execute(f"confirm {flag['id']}")
    assert record(session)["flags"][0]["status"] == "confirmed"
    session.execute("undo")
    session.execute(f"overrule {flag['id']} the card was not seen")
    assert record(session)["flags"][0]["status"] == "overruled"


def test_issue_41_json_misdeal_field_names_the_voided_hand_and_its_rule() -> None:
    session = table("NLHE 1/2", players=3)
    session.execute("hand")
    assert record(session)["misdeal"] is None
    session.execute("extra 1 2")  # IRR-HE-EXTRA-2: a misdeal
    session.execute("misdeal")
    assert record(session)["misdeal"] == {"hand_id": 1, "rule_id": "IRR-HE-EXTRA-2"}
    session.execute("hand")
    assert record(session)["misdeal"] is None


def test_issue_41_json_G_ALLIN_to_call_is_the_full_amount_owed_and_all_in_says_short() -> None:
    session = table("NLHE 1/2", players=3)
    session.execute("correct 2 50")
    session.execute("hand")  # button 1: seat 2 small blind, seat 3 big blind
    session.execute("r 100")
    state = record(session)
    assert state["to_act"] == 2
    assert state["to_call"] == 99 and state["all_in"] is True  # 49 behind: a call is all-in
    assert state["stacks"]["2"] == 49
    session.execute("c")
    assert record(session)["all_in"] is False


def test_issue_41_json_acted_allin_out_of_turn_is_a_raise_of_every_chip() -> None:
    session = table("NLHE 1/2", players=3, stack=300)
    session.execute("hand")
    session.execute("acted 3 allin")  # seat 3, the big blind, pushes before seat 1 acts
    [flag] = record(session)["flags"]
    assert flag["rule_id"] == "IRR-OUT-OF-TURN" and flag["seat"] == 3
    assert "raises to 300" in flag["message"]


@pytest.mark.parametrize(("line", "rule_id"), [
    ("exposed 2 Ah first", "IRR-HE-EXPOSE-FIRST2"),  # seat 2 is dealt first: card 1
    ("exposed 3 Ah first", "IRR-HE-EXPOSE-FIRST2"),  # card 2 of the deal
    ("exposed 1 Ah first", "IRR-HE-EXPOSE-OTHER"),  # the button's first card is card 3
    ("exposed 2 Ah second", "IRR-HE-EXPOSE-OTHER"),  # seat 2's second card is card 4
    ("exposed 2 Ah deal 1", "IRR-HE-EXPOSE-FIRST2"),
    ("exposed 1 Ah deal 6", "IRR-HE-EXPOSE-OTHER"),
])
def test_issue_41_exposed_counts_the_seats_own_cards_the_deal_position_explicit(
        line: str, rule_id: str) -> None:
    session = table("NLHE 1/2", players=3)
    session.execute("hand")  # button 1: the deal starts with seat 2
    session.execute(line)
    assert [flag["rule_id"] for flag in record(session)["flags"]] == [rule_id]


@pytest.mark.parametrize(("line", "words"), [
    ("exposed 2 Ah deal 2", "card 2 of the deal went to seat 3, not to seat 2"),
    ("exposed 2 Ah deal 7", "was never dealt"),
    ("exposed 2 Ah third", "unknown option"),
    ("exposed 2 Ah 3", "seat 2 holds 2 card\\(s\\): there is no card 3"),
])
def test_issue_41_exposed_a_position_not_that_seats_is_refused(line: str, words: str) -> None:
    session = table("NLHE 1/2", players=3)
    session.execute("hand")
    before = session.state
    with pytest.raises((IllegalActionError, CommandError), match=words):
        session.execute(line)
    assert session.state == before


def test_issue_41_help_json_lists_every_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json
    import subprocess
    import sys

    for extra, line in (([], "help --json"), (["--json"], "help")):
        process = subprocess.run(
            [sys.executable, "-m", "dealerassist", "table", "--db", str(tmp_path / "t.db"),
             *extra], input=line + "\n", capture_output=True, text=True, timeout=120,
            check=False)
        listing = json.loads(process.stdout.splitlines()[-1])
        verbs = {entry["verb"] for entry in listing["commands"]}
        assert {"sit", "hand", "r", "flop", "exposed", "confirm", "overrule"} <= verbs
        assert all(entry["usage"] and entry["example"] for entry in listing["commands"])


def test_issue_41_json_IRR_DECK_a_board_card_already_out_raises_the_flag_and_its_ruling() -> None:
    session = heads_up_at_the_flop()
    for line in ("flop Ah Kd 7c", "x", "x"):
        session.execute(line)
    session.execute("turn 7c")  # 7c is on the flop: reported, not dealt
    state = record(session)
    [flag] = state["flags"]
    assert flag["rule_id"] == "IRR-DECK" and flag["status"] == "open"
    assert "7c" in flag["message"]
    assert state["board"] == ["Ah", "Kd", "7c"]  # the turn is still due
    [view] = present(session.state).flags
    assert view.ruling_steps[0].startswith("Check the card")
    session.execute(f"confirm {flag['id']}")
    session.execute("turn 2c")
    assert record(session)["board"] == ["Ah", "Kd", "7c", "2c"]
    replayed = TableSession(session.journal, rules=RULES, preset=None)
    assert replayed.state == session.state


def test_issue_41_json_IRR_DECK_a_board_card_out_of_turn_is_still_refused() -> None:
    session = heads_up_at_the_flop()
    with pytest.raises(IllegalActionError) as refused:
        session.execute("turn 2c")  # the flop is due: no flag, a plain refusal
    assert refused.value.rule_id == "HE-STREETS"


def test_issue_41_json_IRR_ST_WRONG_LOW_the_wrong_bring_in_is_out_then_comes_back() -> None:
    session = table("Stud 15/30 ante 2 bring-in 5")
    for line in ("hand", "up 1 Kh 2 7c 3 2d"):  # seat 3's deuce must bring in
        session.execute(line)
    session.execute("wronglow 1 3")  # seat 1 put out the bring-in instead
    state = record(session)
    assert state["stacks"] == {"1": 493, "2": 498, "3": 498}  # ante 2 and the wrong 5
    assert sum(pot["amount"] for pot in state["pots"]) == 11
    assert state["bring_in"] == {"seat": 3, "amount": 5}  # the true low still brings in
    [flag] = state["flags"]
    assert flag["rule_id"] == "IRR-ST-WRONG-LOW" and flag["seat"] == 1
    session.execute(f"confirm {flag['id']}")  # nobody acted since: corrected
    state = record(session)
    assert state["stacks"] == {"1": 498, "2": 498, "3": 498}
    assert sum(pot["amount"] for pot in state["pots"]) == 6
    replayed = TableSession(session.journal, rules=RULES, preset=None)
    assert replayed.state == session.state


def test_issue_41_json_IRR_ST_WRONG_LOW_an_amount_typed_is_the_amount_out() -> None:
    session = table("Stud 15/30 ante 2 bring-in 5")
    for line in ("hand", "up 1 Kh 2 7c 3 2d", "wronglow 2 3 15"):
        session.execute(line)
    assert record(session)["stacks"]["2"] == 498 - 15
    with pytest.raises(IllegalActionError):
        session.execute("wronglow 2 3 5000")  # more than seat 2 has behind


@pytest.mark.parametrize(("line", "verb"), [("muck 1", "muck"), ("confirm 12345", "confirm"),
                                            ("flop Ah Kd 7c", "flop"), ("r 5", "r")])
def test_defect_41_15_a_hand_command_between_hands_names_its_verb(line: str, verb: str) -> None:
    session = table("NLHE 1/2")
    with pytest.raises(IllegalActionError) as refused:
        session.execute(line)
    assert str(refused.value) == (f"no hand is running: type 'hand' to deal the next one "
                                  f"('{verb}' is for a running hand)")
