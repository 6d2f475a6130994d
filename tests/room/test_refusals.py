"""Who may do what in the room: refused writes are logged and never stop the others."""

from __future__ import annotations

import json
import random
from pathlib import Path

import psycopg
import pytest

from dealerassist.room import admin
from dealerassist.room.connection import RoomError, connect
from dealerassist.room.floor import RoomFloor
from dealerassist.room.passwords import derive_key, hash_password, verify_password

from .conftest import Room
from .test_outbox import deal, open_table, room_records

GOOD = {"seq": 1, "hand_id": None, "type": "CommandReceived", "class_version": 1,
        "payload": '{"text":"sit 1 a 100"}', "recorded_at": "2026-12-05T10:00:00.000000Z"}


def push(dsn: str, table_id: str, records: list[dict], version: int = 1):  # type: ignore[no-untyped-def, type-arg]
    with connect(dsn) as connection:
        return connection.execute("SELECT last_seq, refused FROM room.push(%s, %s, %s)",
                                  (table_id, version, json.dumps(records))).fetchone()


def refusals(room: Room) -> list[tuple]:  # type: ignore[type-arg]
    with room.admin() as connection:
        return connection.execute(
            "SELECT table_id, seq, reason, db_role FROM room.refusals ORDER BY id").fetchall()


def test_unknown_table_wrong_owner_and_wrong_schema_version_are_refused_and_logged(
        room: Room) -> None:
    dsn = room.add_table("A")
    room.add_table("B")
    assert push(dsn, "NOPE", [GOOD]) == (None, "unknown table 'NOPE'")
    assert push(dsn, "B", [GOOD])[1] == f"role {room.dbname}_a may not write table 'B'"
    assert push(dsn, "A", [GOOD], version=2)[1] == (
        "schema version 2 refused: this room speaks version 1")
    logged = refusals(room)
    assert [(row[0], row[2]) for row in logged] == [
        ("NOPE", "unknown table 'NOPE'"),
        ("B", f"role {room.dbname}_a may not write table 'B'"),
        ("A", "schema version 2 refused: this room speaks version 1"),
    ]
    assert all(row[3] == f"{room.dbname}_a" for row in logged)
    assert push(dsn, "A", [GOOD]) == (1, None)  # the table itself still pushes


def test_a_replayed_record_is_skipped_when_equal_and_refused_when_different(room: Room) -> None:
    dsn = room.add_table("A")
    assert push(dsn, "A", [GOOD]) == (1, None)
    assert push(dsn, "A", [GOOD]) == (1, None)  # idempotent re-push
    forged = {**GOOD, "payload": '{"text":"sit 1 a 999999"}'}
    assert push(dsn, "A", [forged]) == (1, "replayed record 1 differs from the one stored")
    with room.admin() as connection:
        stored = connection.execute("SELECT payload FROM room.records").fetchall()
    assert stored == [(GOOD["payload"],)]


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ({**GOOD, "payload": "{not json"}, "malformed record: invalid input syntax for type json"),
        ({**GOOD, "payload": "[1, 2]"}, "malformed record: the payload is not a JSON object"),
        ({**GOOD, "seq": "one"}, "malformed record: needs seq, type, class_version, payload, "
                                 "recorded_at, hand_id of the right kinds"),
        ({**GOOD, "type": "x; DROP"}, "malformed record: bad type name 'x; DROP'"),
        ({**GOOD, "seq": 3}, "record 3 out of order: the room has 0, expects 1"),
    ],
)
def test_a_malformed_record_is_refused_without_stopping_other_tables(
        room: Room, bad: dict, reason: str) -> None:  # type: ignore[type-arg]
    dsn_a = room.add_table("A")
    dsn_b = room.add_table("B")
    assert push(dsn_a, "A", [bad]) == (0, reason)
    assert push(dsn_b, "B", [GOOD]) == (1, None)
    assert refusals(room)[-1][2] == reason


def test_a_refused_record_shows_on_the_table_and_others_keep_pushing(
        room: Room, tmp_path: Path) -> None:
    dsn_a = room.add_table("A")
    dsn_b = room.add_table("B")
    # The room already holds a different record 1 for A (say, another journal used A's id).
    assert push(dsn_a, "A", [{**GOOD, "payload": '{"text":"other"}'}]) == (1, None)
    a, journal_a, link_a = open_table(tmp_path / "a.sqlite3", dsn_a, "A")
    b, journal_b, link_b = open_table(tmp_path / "b.sqlite3", dsn_b, "B")
    try:
        deal(a, link_a, random.Random(1), 10, "A")
        deal(b, link_b, random.Random(2), 10, "B")
        status_a = link_a.outbox.drain(5)
        assert status_a.state == "refused"
        assert "replayed record 1 differs" in status_a.detail
        assert link_b.outbox.drain(5).pending == 0
        assert len(room_records(room, "B")) == journal_b.last_seq()
    finally:
        for link, journal in ((link_a, journal_a), (link_b, journal_b)):
            link.close()
            journal.close()


def test_roles_have_least_privilege(room: Room) -> None:
    table = room.add_table("A")
    floor = room.add_login("floor", "dealerassist_floor")
    manager = room.add_login("boss", "dealerassist_manager")
    with connect(table) as connection:
        for query in ("SELECT * FROM room.records", "SELECT * FROM room.accounts",
                      "SELECT room.rule('A', 1, 'c1', 'ruling', '', 'x', 'f')",
                      "INSERT INTO room.records VALUES ('A', 1, NULL, 'X', 1, '{}', 'x')"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                connection.execute(query)
    with connect(floor) as connection:
        connection.execute("SELECT * FROM room.records").fetchall()  # the floor reads all
        for query in ("SELECT * FROM room.push('A', 1, '[]')", "SELECT * FROM room.accounts",
                      "SELECT room.set_account('x', 'floor', 'scrypt$1', true)",
                      "DELETE FROM room.records"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                connection.execute(query)
        with pytest.raises(RoomError, match="lacks the right"):
            admin.set_account(connection, "eve", "manager", "secret")
    with connect(manager) as connection:
        admin.set_account(connection, "eve", "floor", "s3cret")
        row = connection.execute("SELECT role, password_hash FROM room.accounts").fetchone()
    assert row[0] == "floor" and row[1].startswith("scrypt$") and "s3cret" not in row[1]
    assert verify_password("s3cret", row[1]) and not verify_password("wrong", row[1])


def test_a_ruling_needs_a_floor_account_and_a_known_table(room: Room) -> None:
    room.add_table("A")
    manager = room.add_login("boss", "dealerassist_manager")
    with connect(manager) as connection:
        admin.set_account(connection, "dan", "dealer", "pw-dan")
        admin.set_account(connection, "flo", "floor", "pw-flo")
    floor = RoomFloor(room.add_login("floor", "dealerassist_floor"))
    try:
        with pytest.raises(RoomError, match="may not rule"):
            floor.rule("A", "c1", "ruling", reason="play on", account="dan")
        with pytest.raises(RoomError, match="unknown table"):
            floor.rule("Z", "c1", "ruling", reason="play on", account="flo")
        assert floor.rule("A", "c1", "ruling", reason="play on", account="flo") >= 1
        with pytest.raises(RoomError, match="wrong password"):
            admin.sign_in(floor.connection, "flo", "nope", roles=("floor",))
        with pytest.raises(RoomError, match="is a dealer account"):
            admin.sign_in(floor.connection, "dan", "pw-dan", roles=("floor", "manager"))
        assert admin.sign_in(floor.connection, "flo", "pw-flo", roles=("floor",)) == "floor"
    finally:
        floor.close()
    reasons = [row[2] for row in refusals(room)]
    assert "account 'dan' may not rule (not an active floor or manager account)" in reasons
    assert "ruling for unknown table 'Z'" in reasons


def test_password_hashes_are_salted_scrypt() -> None:
    one, two = hash_password("pw"), hash_password("pw")
    assert one != two and one.startswith("scrypt$16384$8$1$")
    assert verify_password("pw", one) and verify_password("pw", two)
    assert not verify_password("pw ", one) and not verify_password("pw", "garbage")


def test_defect_40_2_table_and_floor_logins_cannot_read_account_hashes(room: Room) -> None:
    table = room.add_table("A")
    floor = room.add_login("floor", "dealerassist_floor")
    with connect(room.add_login("boss", "dealerassist_manager")) as connection:
        admin.set_account(connection, "dan", "dealer", "pw-dan")
        admin.set_account(connection, "flo", "floor", "pw-flo")
        stored = dict(connection.execute("SELECT name, password_hash FROM room.accounts"))
    for dsn in (table, floor):
        with connect(dsn) as connection:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                connection.execute("SELECT password_hash FROM room.accounts")
            with pytest.raises(psycopg.errors.UndefinedFunction):
                connection.execute("SELECT * FROM room.account('dan')")
            salt = connection.execute("SELECT room.account_salt('dan')").fetchone()[0]
            params, _, key = stored["dan"].rpartition("$")
            assert salt == params and key not in salt
            decoy = connection.execute("SELECT room.account_salt('nobody')").fetchone()[0]
            assert decoy.startswith("scrypt$16384$8$1$") and len(decoy.split("$")) == 5
            assert decoy == connection.execute(
                "SELECT room.account_salt('nobody')").fetchone()[0]  # no probing by change
            assert connection.execute(
                "SELECT room.verify_account('dan', %s)", ("0" * 64,)).fetchone()[0] is None
            assert admin.sign_in(connection, "dan", "pw-dan", roles=("dealer",)) == "dealer"
            with pytest.raises(RoomError, match="unknown or wrong password"):
                admin.sign_in(connection, "dan", "pw-flo", roles=("dealer",))
            with pytest.raises(RoomError, match="unknown or wrong password"):
                admin.sign_in(connection, "nobody", "pw-dan", roles=("dealer",))
    reasons = [row[2] for row in refusals(room)]
    assert reasons.count(
        "sign-in of account 'dan' refused: unknown account or wrong password") == 4
    assert "sign-in of account 'nobody' refused: unknown account or wrong password" in reasons


def test_defect_40_2_room_init_takes_the_hash_function_away_from_an_existing_room(
        room: Room) -> None:
    table = room.add_table("A")
    with room.admin() as connection:
        connection.execute(
            "SET ROLE dealerassist_owner; "
            "CREATE FUNCTION room.account(p_name text) RETURNS TABLE (role text, hash text) "
            "LANGUAGE sql SECURITY DEFINER AS "
            "$$ SELECT role, password_hash FROM room.accounts WHERE name = p_name $$; "
            "RESET ROLE; GRANT EXECUTE ON FUNCTION room.account(text) TO dealerassist_table")
    with connect(table) as connection:
        connection.execute("SELECT * FROM room.account('dan')").fetchall()
    with room.admin() as connection:
        assert admin.init(connection) is False
    with connect(table) as connection:
        with pytest.raises(psycopg.errors.UndefinedFunction):
            connection.execute("SELECT * FROM room.account('dan')")
        assert connection.execute("SELECT room.verify_account('dan', '')").fetchone() == (None,)


def test_a_key_derived_from_the_salt_alone_matches_the_hash() -> None:
    stored = hash_password("pw")
    params, _, key = stored.rpartition("$")
    assert derive_key("pw", params) == key and derive_key("px", params) != key
    assert derive_key("pw", "bcrypt$1$2$3$00") is None and derive_key("pw", "nonsense") is None
    assert not verify_password("pw", params + "$" + "é" * 64)
