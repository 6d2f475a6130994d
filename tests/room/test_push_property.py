"""Property: whatever slices a table re-sends (lost answers, retries), the room ends equal."""

from __future__ import annotations

import itertools
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.room.connection import connect

from .conftest import Room

_tables = itertools.count(1)


def _record(seq: int) -> dict:  # type: ignore[type-arg]
    return {"seq": seq, "hand_id": seq // 5 or None, "type": "CommandReceived",
            "class_version": 1, "payload": json.dumps({"text": f"line {seq}"}),
            "recorded_at": f"2026-12-05T10:00:{seq % 60:02d}.000000Z"}


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(total=st.integers(1, 30),
       sends=st.lists(st.tuples(st.integers(1, 31), st.integers(0, 12)), max_size=12))
def test_any_resent_slices_leave_each_record_once_and_equal(room: Room, total: int,
                                                            sends: list[tuple[int, int]]) -> None:
    table_id = f"P{next(_tables)}"
    dsn = room.add_table(table_id)
    records = [_record(seq) for seq in range(1, total + 1)]
    head = 0
    with connect(dsn) as connection:
        def push(batch: list[dict]) -> tuple[int, str | None]:  # type: ignore[type-arg]
            row = connection.execute("SELECT last_seq, refused FROM room.push(%s, 1, %s)",
                                     (table_id, json.dumps(batch))).fetchone()
            return int(row[0]), row[1]

        for start, length in sends:
            batch = records[start - 1:start - 1 + length]
            last, refused = push(batch)
            if batch and batch[0]["seq"] > head + 1:
                assert (last, refused) == (head, f"record {batch[0]['seq']} out of order: "
                                           f"the room has {head}, expects {head + 1}")
            else:
                assert refused is None
                head = max(head, batch[-1]["seq"]) if batch else head
                assert last == head
        assert push(records[head - 1 if head else 0:]) == (total, None)
    with room.admin() as connection:
        stored = connection.execute(
            "SELECT seq, hand_id, type, class_version, payload, recorded_at FROM room.records "
            "WHERE table_id = %s ORDER BY seq", (table_id,)).fetchall()
    assert stored == [(r["seq"], r["hand_id"], r["type"], r["class_version"], r["payload"],
                       r["recorded_at"]) for r in records]
