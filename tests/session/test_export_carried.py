"""A jacks-or-better hand with money carried in exports to PHH and replays to the same stacks.

PHH has no field for dead money carried from a passed-out deal (JB-NO-OPEN), so the project
writes the extension field ``_carried`` and reads it back.
"""

from __future__ import annotations

from dealerassist.journal.phh import load_phh, parse_phh, replay
from dealerassist.session.export import hand_to_phh
from tests.session.helpers import RULES
from tests.session.test_jacks_carry import _open_and_fold_round, _pass_out, _table


def test_JB_NO_OPEN_carried_pot_round_trips_through_phh_export_and_replay(tmp_path) -> None:
    session = _table()
    for _ in range(3):
        _pass_out(session)
    started = _open_and_fold_round(session)  # no antes, 12 carried in
    session.execute(f"show {started.seats[0]} Jh Jd 2c 5s 9h")
    done = session.state.finished[-1]
    text = hand_to_phh(done, rules=RULES)
    assert "_carried = 12" in text
    history = parse_phh(text)
    assert history.carried == 12
    result = replay(history, rules=RULES)
    seats = done.started.seats
    stacks = {p.seat: p.stack for p in session.state.table.players}
    assert list(result.final_stacks) == [stacks[seat] for seat in seats]
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    assert load_phh(path).carried == 12


def test_a_hand_without_carried_money_writes_no_extension_field() -> None:
    session = _table()
    _pass_out(session)  # the first deal: antes only, nothing carried in
    text = hand_to_phh(session.state.finished[-1], rules=RULES)
    assert "_carried" not in text
