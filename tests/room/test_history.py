"""`export --room DSN --day DATE`: a day's hands from the room equal each table's own export."""

from __future__ import annotations

import random
from pathlib import Path

from dealerassist.room.history import export_day
from dealerassist.rules.profiles import default_rules
from dealerassist.session.export import export_hands

from .conftest import Room
from .test_cli_room import cli
from .test_outbox import deal, open_table


def test_a_days_hands_from_the_room_are_the_tables_own_phh(room: Room, tmp_path: Path) -> None:
    texts = {}
    day = ""
    for table_id, seed in (("T1", 1), ("T2", 2)):
        session, journal, link = open_table(tmp_path / f"{table_id}.sqlite3",
                                            room.add_table(table_id), table_id)
        try:
            deal(session, link, random.Random(seed), 120, table_id)
            assert link.outbox.drain(10).pending == 0
            day = journal.read()[-1].recorded_at[:10]
            local = export_hands(journal, rules=default_rules(), day=day)
            assert local, "the simulated dealer finished no hand"
            texts[table_id] = {hand.hand_id: hand.text for hand in local}
        finally:
            link.close()
            journal.close()
    floor_dsn = room.add_login("floor", "dealerassist_floor")
    exported = export_day(floor_dsn, day)
    got: dict[str, dict[int, str]] = {}
    for table_id, hand in exported:
        got.setdefault(table_id, {})[hand.hand_id] = hand.text
    assert got == texts
    assert export_day(floor_dsn, "1999-01-01") == []
    out = tmp_path / "out"
    done = cli("export", "--room", floor_dsn, "--day", day, "--out", str(out))
    assert done.returncode == 0, done.stderr
    written = sorted(str(path.relative_to(out)) for path in out.rglob("*.phh"))
    assert written == sorted(f"{table}/hand-{hand:04d}.phh"
                             for table, hands in texts.items() for hand in hands)
    assert (out / "T1" / written[0].split("/")[1]).read_text(encoding="utf-8") in \
        texts["T1"].values()
