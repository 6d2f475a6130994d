"""A tournament table's loose ends: ``pay`` when payouts wait for the dealer, the draw
line, and the clock face in French (the console's clock in the console's language)."""

from __future__ import annotations

import pytest

from dealerassist.errors import IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.session.clock import FakeClock
from dealerassist.session.tournament_events import EndReason
from dealerassist.session.tournament_table import TournamentTable

from .test_tournament_table import CLOCKED, NAMES, SNG, T_RULES, run


def confirmed(players: int) -> TournamentTable:
    tournament = TournamentTable(InMemoryJournal(), rules=T_RULES, preset=SNG,
                                 clock=FakeClock(), confirm_payouts=True)
    for seat in range(1, players + 1):
        tournament.execute(f"sit {seat} {NAMES[seat - 1]} {SNG.starting_stack}")
    return tournament


def test_POT_AWARD_TRN_OUT_showdown_waits_for_pay_then_the_knockout_follows() -> None:
    tournament = confirmed(2)
    run(tournament, "hand", "allin", "c", "flop 2c 3d 4h", "turn 9s", "river Jd",
        "show 1 Ah As", "show 2 Kh Ks")
    # Held: nobody is paid, nobody is out, the table has not ended (POT-AWARD).
    assert tournament.state.hand is not None
    assert [p.name for p in tournament.state.table.players] == ["Ann", "Ben"]
    assert tournament.tournament.eliminated == ()
    assert tournament.tournament.ended is None
    tournament.check("pay")  # check agrees with execute and changes nothing
    assert tournament.state.hand is not None
    tournament.execute("pay")
    # After the pay: the end-of-hand step runs (TRN-OUT: Ben out, Ann wins 1000).
    assert tournament.state.hand is None
    assert [(p.name, p.stack) for p in tournament.state.table.players] == [("Ann", 1000)]
    ended = tournament.tournament.ended
    assert ended is not None and ended.reason is EndReason.LAST_PLAYER
    assert [(s.place, s.name, s.chips) for s in tournament.standings()] == [
        (1, "Ann", 1000), (2, "Ben", 0)]


def test_POT_AWARD_tournament_undo_after_pay_waits_again_and_pay_with_nothing_is_refused(
) -> None:
    tournament = confirmed(3)
    run(tournament, "hand")
    with pytest.raises(IllegalActionError) as refused:
        tournament.execute("pay")
    assert refused.value.rule_id == "POT-AWARD"
    run(tournament, "c", "c", "x", "flop 2c 3d 4h", "x", "x", "x", "turn 9s", "x", "x", "x",
        "river Jd", "x", "x", "x", "show 1 Ah As", "show 2 Kh Ks", "show 3 7h 8s")
    assert tournament.state.hand is not None  # waits for pay
    run(tournament, "pay")
    stacks = {p.name: p.stack for p in tournament.state.table.players}
    assert stacks == {"Ann": 540, "Ben": 480, "Cy": 480}  # 3 x 20 pot, no rake (TRN-START)
    run(tournament, "undo")
    assert tournament.state.hand is not None
    assert {p.name: p.stack for p in tournament.state.table.players} == {
        "Ann": 500, "Ben": 500, "Cy": 500}


def test_DR_DRAW_draw_and_pat_reach_the_tournament_table_as_commands() -> None:
    tournament = confirmed(2)
    run(tournament, "hand")
    for line in ("draw 2", "pat"):
        with pytest.raises(IllegalActionError) as refused:  # a hold'em hand: no draw due
            tournament.execute(line)
        assert refused.value.rule_id == "DR-DRAW"


def test_TRN_LEVELS_clock_face_in_french_and_english() -> None:
    tournament = confirmed(2)
    english, french = tournament.face(), tournament.face(lang="fr")
    assert (english.level, english.hands_left) == ("Level 1", "2 hands left")
    assert (french.level, french.hands_left) == ("Niveau 1", "2 mains restantes")
    assert french.stakes == english.stakes == "10/20"
    assert french.next_stakes == "25/50 ante 5"
    run(tournament, "hand", "f")
    assert tournament.face(lang="fr").hands_left == "1 main restante"
    assert tournament.face().hands_left == "1 hand left"


def test_TRN_LEVELS_break_reads_pause_in_french() -> None:
    clock = FakeClock()
    tournament = TournamentTable(InMemoryJournal(), rules=T_RULES, preset=CLOCKED, clock=clock)
    for seat in (1, 2):
        tournament.execute(f"sit {seat} {NAMES[seat - 1]} 500")
    run(tournament, "hand", "f")
    clock.advance(minutes=11)  # the 10-minute level is over: a break
    assert (tournament.face().level, tournament.face().stakes) == ("Break", "Break")
    assert (tournament.face(lang="fr").level, tournament.face(lang="fr").stakes) == (
        "Pause", "Pause")
