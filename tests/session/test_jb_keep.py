"""JB-KEEP: any player may ask that the opener keeps the opening hand and shows it after
the pot is awarded.

``keep SEAT`` at the table (jacks or better only, once someone opened, from a player of
the hand other than the opener); the opener's muck is then refused, a fold stays allowed
(the cards are kept aside); after the pot is awarded the hand waits for ``show OPENER
CARDS`` (the five cards held when opening). An opening hand without openers is flagged
(JB-PROVE when the opener won, a false opening otherwise; JB-KEEP when thrown away
unshown) and the hand ends once the flag is confirmed or overruled. Jacks or Better
1-2, ante 1, seats 1-4 with 100 each; the first hand deals seats 2, 3, 4, 1 (button 1),
seat 2 acts first.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.cards import parse_cards
from dealerassist.engine import keep as engine_keep
from dealerassist.engine.events import KeepOpenersAsked, OpeningHandShown, PotAwarded
from dealerassist.errors import IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.phh import parse_phh, replay
from dealerassist.session.commands import CommandError, KeepOpeners, parse_command
from dealerassist.session.controller import TableSession
from dealerassist.session.dealer_texts import hand_line
from dealerassist.session.export import hand_to_phh
from dealerassist.session.presenter import present, table_json
from dealerassist.session.state import HandInPlay
from tests.session.helpers import RULES, clock
from tests.session.table_fuzz import Fuzz

JACKS = RULES.preset("Jacks or Better")


def _table(journal: InMemoryJournal, *, preset: str = "Jacks or Better",
           confirm: bool = False) -> TableSession:
    return TableSession(journal, rules=RULES, preset=RULES.preset(preset), clock=clock,
                        confirm_payouts=confirm)


def _play(session: TableSession, journal: InMemoryJournal, *lines: str,
          confirm: bool = False) -> None:
    for line in lines:
        session.execute(line)
        reopened = TableSession(journal, rules=RULES, clock=clock, confirm_payouts=confirm)
        assert reopened.state == session.state, line  # the journal replays to the live state


def _refused(session: TableSession, journal: InMemoryJournal, line: str,
             rule_id: str | None) -> str:
    state, records = session.state, journal.last_seq()
    with pytest.raises(IllegalActionError) as error:
        session.execute(line)
    assert (error.value.rule_id or None) == rule_id, error.value
    assert "\n" not in str(error.value)
    assert session.state == state and journal.last_seq() == records  # nothing changed
    return str(error.value)


def _seated(journal: InMemoryJournal, **kwargs: object) -> TableSession:
    session = _table(journal, **kwargs)  # type: ignore[arg-type]
    for seat in range(1, 5):
        session.execute(f"sit {seat} P{seat} 100")
    return session


def _engine(session: TableSession):  # noqa: ANN202
    assert session.state.hand is not None
    return session.state.hand.engine_state


def _stacks(session: TableSession) -> dict[int, int]:
    return {p.seat: p.stack for p in session.state.table.players}


def test_JB_KEEP_keep_is_a_command_and_bad_ones_say_how() -> None:
    assert parse_command("keep 3") == KeepOpeners(seat=3)
    for line in ("keep", "keep x", "keep 3 4"):
        with pytest.raises(CommandError) as error:
            parse_command(line)
        assert "usage: keep SEAT" in str(error.value) and "\n" not in str(error.value)


def test_JB_KEEP_request_only_in_jacks_or_better_only_once_opened_only_from_the_hand() -> None:
    journal = InMemoryJournal()
    holdem = _table(journal, preset="NLHE 1/2")
    for seat in range(1, 4):
        holdem.execute(f"sit {seat} P{seat} 100")
    holdem.execute("hand")
    holdem.execute("r 6")  # someone bet first, but hold'em has no openers
    assert "jacks or better" in _refused(holdem, journal, "keep 3", "JB-KEEP")

    journal = InMemoryJournal()
    session = _seated(journal)
    session.execute("sit 5 P5 100")
    session.execute("out 5")
    _refused(session, journal, "keep 3", None)  # no hand running
    _play(session, journal, "hand")
    assert "nobody has opened" in _refused(session, journal, "keep 3", "JB-KEEP")
    _play(session, journal, "b 2")  # seat 2 opens
    assert "is the opener" in _refused(session, journal, "keep 2", "JB-KEEP")
    assert "not in this hand" in _refused(session, journal, "keep 5", None)  # sitting out
    assert "not in this hand" in _refused(session, journal, "keep 6", None)  # empty seat
    _play(session, journal, "keep 4")
    engine = _engine(session)
    assert engine.keep_asked_by == 2 and engine.opened_by == 0  # seat 4 asked, seat 2 opened
    assert isinstance(session.state.hand.events[-1], KeepOpenersAsked)  # type: ignore[union-attr]
    assert "asked already" in _refused(session, journal, "keep 3", "JB-KEEP")
    view = present(session.state)
    assert view.keep is not None and (view.keep.opener, view.keep.asked_by) == (2, 4)
    assert table_json(view)["keep"] == {"opener": 2, "asked_by": 4, "due": False,
                                        "shown": None, "holds_openers": None}
    assert view.history[-1] == "seat 4 P4 asks that the opener keep the opening hand (JB-KEEP)"
    # undo takes the request back
    _play(session, journal, "undo")
    assert _engine(session).keep_asked_by == -1 and present(session.state).keep is None


def test_JB_KEEP_the_openers_muck_is_refused_and_the_pot_waits_for_the_opening_hand() -> None:
    journal = InMemoryJournal()
    session = _seated(journal)
    _play(session, journal, "hand", "b 2", "keep 4", "c", "f", "f",  # seats 2, 3 draw
          "draw 2", "draw 1", "b 4", "c")
    text = _refused(session, journal, "muck 2", "JB-KEEP")
    assert "keeps the opening hand" in text and "seat 4" in text
    _play(session, journal, "show 3 As Kd 7c 5h 2d", "show 2 Ah Ad Kc Qd Js")
    engine = _engine(session)  # the pot is awarded but the hand is not finished
    assert engine.is_complete and engine_keep.opening_show_due(engine)
    assert sum(e.amount for e in session.state.hand.events  # type: ignore[union-attr]
               if isinstance(e, PotAwarded)) == 4 + 2 * 6
    view = present(session.state)
    assert view.message.startswith("pot awarded: seat 2 P2 shows the opening hand kept")
    assert view.pots == () and view.seat(2).stack == 100 - 7 + 16  # paid, not in the middle
    assert table_json(view)["keep"]["due"] is True
    _refused(session, journal, "hand", None)  # the next hand waits for the show
    assert "did not open" in _refused(session, journal, "show 3 Ah Ad Kc 8d 2s", "JB-KEEP")
    assert "holds 3 of the final hand's cards, not 2" in _refused(
        session, journal, "show 2 Ah Ad 9c 8d 2s", "JB-KEEP")  # drew 2: kept 3
    assert "5 cards, not 4" in _refused(session, journal, "show 2 Ah Ad Kc 8d", "JB-KEEP")
    assert "holds a card" in _refused(session, journal, "show 2 Ah Ad Kc As 2s", "IRR-DECK")
    _play(session, journal, "show 2 Ah Ad Kc 8d 2s")
    assert session.state.hand is None
    done = session.state.finished[-1]
    shown = [e for e in done.events if isinstance(e, OpeningHandShown)]
    assert shown == [OpeningHandShown(0, parse_cards("Ah Ad Kc 8d 2s"))]
    assert _stacks(session) == {1: 99, 2: 100 - 7 + 16, 3: 93, 4: 99}
    lines = [hand_line(HandInPlay(done.started, None, done.events), e) for e in done.events]
    assert "seat 2 P2 shows the opening hand Ah Ad Kc 8d 2s (JB-KEEP)" in lines
    assert hand_line(HandInPlay(done.started, None, done.events), shown[0], "fr") == (
        "siège 2 P2 montre sa main d'ouverture Ah Ad Kc 8d 2s (JB-KEEP)")


def test_JB_KEEP_opening_hand_without_openers_after_winning_is_flagged_JB_PROVE() -> None:
    journal = InMemoryJournal()
    session = _seated(journal)
    # Seat 2 opens, draws three to a pair of jacks and wins; the opening hand kept was
    # A-K-9-5-4: no openers.
    _play(session, journal, "hand", "b 2", "keep 3", "c", "f", "f", "draw 3", "draw 1",
          "b 4", "c", "show 3 As Kd 7c 6h 2d", "show 2 Jh Jd 9c 5s 3h")
    _play(session, journal, "show 2 9c 5s Ah Kh 4d")
    flags = present(session.state).flags
    assert [f.rule_id for f in flags] == ["JB-PROVE"]
    assert "holds no openers" in flags[0].message and "JB-KEEP" in flags[0].message
    assert "could not win" in flags[0].ruling_steps[0]
    assert session.state.hand is not None  # waits for the ruling
    assert present(session.state).message == ("the opening hand shown holds no openers: "
                                              "confirm the flag or overrule it")
    assert table_json(present(session.state))["keep"]["holds_openers"] is False
    _play(session, journal, "confirm")
    assert session.state.hand is None
    assert _stacks(session) == {1: 99, 2: 109, 3: 93, 4: 99}  # the pot stays awarded
    done = session.state.finished[-1]
    assert [type(e).__name__ for e in done.events[-2:]] == ["OpeningHandShown",
                                                           "RulingApplied"]
    assert done.finished.final_stacks == (109, 93, 99, 99)


def test_JB_KEEP_opener_who_folds_keeps_the_hand_and_throwing_it_away_is_flagged() -> None:
    journal = InMemoryJournal()
    session = _seated(journal)
    _play(session, journal, "hand", "b 2", "c", "keep 3", "f", "f", "draw 1", "pat",
          "x", "b 4", "f")  # seat 2, the opener, folds after the draw: allowed
    engine = _engine(session)
    assert engine.folded[0] and engine_keep.opening_show_due(engine)
    _play(session, journal, "muck 2")  # thrown away unshown after the pot
    flags = present(session.state).flags
    assert [f.rule_id for f in flags] == ["JB-KEEP"]
    assert "unshown" in flags[0].message and "pot stands" in flags[0].ruling_steps[1]
    _play(session, journal, f"overrule {flags[0].flag_id} the floor saw the hand")
    assert session.state.hand is None
    assert _stacks(session) == {1: 99, 2: 97, 3: 105, 4: 99}


def test_JB_KEEP_an_opener_everyone_folded_to_has_shown_the_opening_hand_already() -> None:
    journal = InMemoryJournal()
    session = _seated(journal)
    _play(session, journal, "hand", "b 2", "keep 3", "f", "f", "f",
          "show 2 Jh Jd 2c 5s 9h")  # JB-PROVE: shown to win; no draw: the opening hand
    assert session.state.hand is None
    done = session.state.finished[-1]
    assert OpeningHandShown(0, parse_cards("Jh Jd 2c 5s 9h")) in done.events
    assert _stacks(session) == {1: 99, 2: 103, 3: 99, 4: 99}


def test_JB_KEEP_with_payouts_confirmed_pay_then_the_opening_hand() -> None:
    journal = InMemoryJournal()
    session = _seated(journal, confirm=True)
    lines = ("hand", "b 2", "c", "f", "f", "draw 0", "draw 0", "x", "x",
             "show 2 Qh Qd 2c 5s 9h", "keep 3", "show 3 Kh Kd 2d 5h 9c", "pay")
    _play(session, journal, *lines[:-1], confirm=True)
    engine = _engine(session)
    assert engine.keep_asked_by == 1 and not engine_keep.opening_show_due(engine)
    assert "check the payouts" in present(session.state).message
    _play(session, journal, "pay", confirm=True)
    # The opener stood pat: the hand shown at the showdown is the opening hand, shown at
    # once after the pot, and the hand ends with the pay.
    assert session.state.hand is None
    done = session.state.finished[-1]
    assert OpeningHandShown(0, parse_cards("Qh Qd 2c 5s 9h")) in done.events
    assert _stacks(session) == {1: 99, 2: 97, 3: 105, 4: 99}


def test_JB_KEEP_illegal_lines_change_nothing_and_the_hand_exports_and_replays() -> None:
    journal = InMemoryJournal()
    session = _seated(journal)
    _play(session, journal, "hand", "b 2", "keep 4", "c", "f", "f", "draw 2", "draw 1",
          "b 4", "c", "show 3 As Kd 7c 5h 2d", "show 2 Ah Ad Kc Qd Js")
    for line, rule in (("keep 4", "JB-KEEP"), ("keep 1", "JB-KEEP"),
                       ("show 2 Ah Ad Kc Qd", "JB-KEEP"), ("show 2 Ah Ad Kc Qd Kd", "IRR-DECK"),
                       ("show 2 Ah Ad Kc Qd ??", "JB-KEEP")):
        _refused(session, journal, line, rule)
    _play(session, journal, "show 2 Ah Ad Kc 8d 2s")
    done = session.state.finished[-1]
    text = hand_to_phh(done, rules=RULES)
    result = replay(parse_phh(text), rules=RULES)
    assert result.final_stacks == done.finished.final_stacks


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_JB_KEEP_random_jacks_or_better_lines_keep_the_table_invariants(
        data: st.DataObject) -> None:
    """Random dealer lines (``keep``, shows and mucks after the pot among them): chips
    conserved, a refusal changes nothing, replay equals live, never an internal error."""
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    fuzz = Fuzz("Jacks or Better", replay_every=5)
    for seat, stack in ((1, 500), (2, 300), (3, 800), (4, 40)):
        fuzz.session.execute(f"sit {seat} P{seat} {stack}")
    for _ in range(120):
        fuzz.step(lambda lines: data.draw(st.sampled_from(lines)), rng)
        assert not fuzz.anomalies, fuzz.anomalies
