"""The room's PostgreSQL layout (schema ``room``, version 1), its roles and functions.

Tables (owned by ``dealerassist_owner``, a role nobody logs in as):

- ``meta``: ``application`` and ``schema_version``.
- ``tables``: each registered table id and the login role allowed to write it, its house
  rules text (so the floor folds its records under the same rules) and its head (last
  sequence number stored).
- ``records``: every journal record of every table, primary key (table id, seq), the
  payload kept as the table wrote it (text, checked to be a JSON object).
- ``rulings``: the floor's answers to calls, pulled back by their table.
- ``accounts``: dealer, floor and manager accounts with scrypt password hashes; only a
  manager reads them. Everyone else signs an account in through ``room.verify_account``,
  which answers the account's role and never its hash.
- ``refusals``: every refused push or answer, who tried and why (the audit log).

Privileges are least: the three group roles get no table rights except those listed,
and do their writing through ``SECURITY DEFINER`` functions that check the caller:

- ``dealerassist_table``: ``room.hello`` (register its rules, learn its head),
  ``room.push`` (append its own records, in order), ``room.answers`` (its own rulings),
  ``room.account_salt`` and ``room.verify_account`` (to check a dealer's password).
- ``dealerassist_floor``: reads ``tables``, ``records``, ``rulings``; ``room.rule``
  appends a ruling; ``room.account_salt``, ``room.verify_account``.
- ``dealerassist_manager``: the floor's rights plus ``room.set_account`` and
  ``room.add_table``; it alone reads ``accounts`` and ``refusals``.

A push names the schema version its writer speaks; another version is refused.
Every push and every ruling wakes listeners with ``NOTIFY dealerassist_room`` (payload:
the table id); listeners then catch up by sequence number.
"""

from __future__ import annotations

SCHEMA_VERSION = 1
APPLICATION = "dealerassist-room"
CHANNEL = "dealerassist_room"

OWNER = "dealerassist_owner"
TABLE_ROLE = "dealerassist_table"
FLOOR_ROLE = "dealerassist_floor"
MANAGER_ROLE = "dealerassist_manager"
GROUP_ROLES = (OWNER, TABLE_ROLE, FLOOR_ROLE, MANAGER_ROLE)

# Signing an account in, without handing anyone its hash. The client asks for the hash's
# parameters and salt (`room.account_salt`; an unknown or inactive name gets a decoy salt
# made from the name, so names cannot be probed), derives the scrypt key of the typed
# password itself, and `room.verify_account` compares it with the stored key (through
# SHA-256, so the comparison's time says nothing of the key) and returns only the role.
# A failed sign-in is refused and logged like a refused write. `room init` applies this
# to a room that already exists too, dropping `room.account` (a function that returned
# the hash) where a room still has it.
ACCOUNT_CHECK = r"""
SET ROLE dealerassist_owner;
DROP FUNCTION IF EXISTS room.account(text);

CREATE OR REPLACE FUNCTION room.account_salt(p_name text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = room, pg_temp AS $$
    SELECT coalesce(
        (SELECT substr(password_hash, 1, length(password_hash)
                       - length(split_part(password_hash, '$', 6)) - 1)
         FROM room.accounts WHERE name = p_name AND active),
        'scrypt$16384$8$1$' || md5('dealerassist decoy salt ' || coalesce(p_name, '')))
$$;

CREATE OR REPLACE FUNCTION room.verify_account(p_name text, p_key text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = room, pg_temp AS $$
DECLARE
    entry room.accounts;
BEGIN
    SELECT * INTO entry FROM room.accounts WHERE name = p_name AND active;
    IF FOUND AND sha256(convert_to(split_part(entry.password_hash, '$', 6), 'UTF8'))
                 = sha256(convert_to(lower(coalesce(p_key, '')), 'UTF8')) THEN
        RETURN entry.role;
    END IF;
    PERFORM room.refuse(NULL, NULL, format(
        'sign-in of account %L refused: unknown account or wrong password', left(p_name, 80)));
    RETURN NULL;
END $$;

REVOKE ALL ON FUNCTION room.account_salt(text), room.verify_account(text, text) FROM PUBLIC;
RESET ROLE;
GRANT EXECUTE ON FUNCTION room.account_salt(text), room.verify_account(text, text)
    TO dealerassist_table, dealerassist_floor, dealerassist_manager;
"""

LAYOUT = r"""
CREATE SCHEMA room AUTHORIZATION dealerassist_owner;
SET ROLE dealerassist_owner;

CREATE TABLE room.meta (key text PRIMARY KEY, value text NOT NULL);

CREATE TABLE room.tables (
    table_id text PRIMARY KEY CHECK (table_id ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
    db_role text NOT NULL,
    rules_text text,
    last_seq bigint NOT NULL DEFAULT 0,
    registered_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    last_push_at timestamptz
);

CREATE TABLE room.records (
    table_id text NOT NULL REFERENCES room.tables,
    seq bigint NOT NULL CHECK (seq >= 1),
    hand_id bigint,
    type text NOT NULL,
    class_version integer NOT NULL CHECK (class_version >= 1),
    payload text NOT NULL,
    recorded_at text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX records_by_day ON room.records (substr(recorded_at, 1, 10), table_id, seq);

CREATE TABLE room.rulings (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    table_id text NOT NULL REFERENCES room.tables,
    call_id text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('confirm', 'overrule', 'ruling')),
    flag_id text NOT NULL DEFAULT '',
    reason text NOT NULL DEFAULT '',
    by_account text NOT NULL,
    by_role text NOT NULL DEFAULT session_user,
    from_address text NOT NULL DEFAULT coalesce(host(inet_client_addr()), 'local'),
    at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX rulings_by_table ON room.rulings (table_id, id);

CREATE TABLE room.accounts (
    name text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
    role text NOT NULL CHECK (role IN ('dealer', 'floor', 'manager')),
    password_hash text NOT NULL CHECK (password_hash LIKE 'scrypt$%'),
    active boolean NOT NULL DEFAULT true,
    changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    changed_by text NOT NULL DEFAULT session_user
);

CREATE TABLE room.refusals (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT clock_timestamp(),
    db_role text NOT NULL DEFAULT session_user,
    from_address text NOT NULL DEFAULT coalesce(host(inet_client_addr()), 'local'),
    table_id text,
    seq bigint,
    reason text NOT NULL
);

-- Nothing stored is edited or deleted, even by the owner's functions.
CREATE FUNCTION room.append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'room.% is append-only', TG_TABLE_NAME;
END $$;
CREATE TRIGGER records_append_only BEFORE UPDATE OR DELETE ON room.records
    FOR EACH ROW EXECUTE FUNCTION room.append_only();
CREATE TRIGGER rulings_append_only BEFORE UPDATE OR DELETE ON room.rulings
    FOR EACH ROW EXECUTE FUNCTION room.append_only();

CREATE FUNCTION room.refuse(p_table text, p_seq bigint, p_reason text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO room.refusals (table_id, seq, reason) VALUES (p_table, p_seq, p_reason);
    RAISE LOG 'dealerassist room refused (role %, table %, seq %): %',
        session_user, p_table, p_seq, p_reason;
    RETURN p_reason;
END $$;

-- The caller's table row, locked, after the version and ownership checks; NULL + reason.
CREATE FUNCTION room.check_table(p_table text, p_version integer, OUT ok boolean,
                                 OUT reason text, OUT head bigint)
LANGUAGE plpgsql AS $$
DECLARE
    entry room.tables;
BEGIN
    ok := false;
    IF p_version IS DISTINCT FROM (SELECT value::integer FROM room.meta
                                    WHERE key = 'schema_version') THEN
        reason := room.refuse(p_table, NULL, format(
            'schema version %s refused: this room speaks version %s', p_version,
            (SELECT value FROM room.meta WHERE key = 'schema_version')));
        RETURN;
    END IF;
    SELECT * INTO entry FROM room.tables WHERE table_id = p_table FOR UPDATE;
    IF NOT FOUND THEN
        reason := room.refuse(p_table, NULL, format('unknown table %L', p_table));
        RETURN;
    END IF;
    IF entry.db_role <> session_user THEN
        reason := room.refuse(p_table, NULL, format(
            'role %I may not write table %L', session_user, p_table));
        RETURN;
    END IF;
    ok := true;
    head := entry.last_seq;
END $$;

CREATE FUNCTION room.hello(p_table text, p_version integer, p_rules text)
RETURNS TABLE (last_seq bigint, refused text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = room, pg_temp AS $$
DECLARE
    verdict record;
BEGIN
    SELECT * INTO verdict FROM room.check_table(p_table, p_version);
    IF NOT verdict.ok THEN
        RETURN QUERY SELECT NULL::bigint, verdict.reason;
        RETURN;
    END IF;
    UPDATE room.tables SET rules_text = p_rules WHERE table_id = p_table;
    RETURN QUERY SELECT verdict.head, NULL::text;
END $$;

-- Append records (a JSON array, in sequence order) to the caller's own table. A record
-- already stored identically is skipped (the push is idempotent); a different one under
-- the same number, a gap, or a malformed record is refused and stops this batch there.
CREATE FUNCTION room.push(p_table text, p_version integer, p_records jsonb)
RETURNS TABLE (last_seq bigint, refused text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = room, pg_temp AS $$
DECLARE
    verdict record;
    head bigint;
    item jsonb;
    r_seq bigint;
    r_hand bigint;
    r_type text;
    r_version integer;
    r_payload text;
    r_at text;
    stored room.records;
    problem text;
BEGIN
    SELECT * INTO verdict FROM room.check_table(p_table, p_version);
    IF NOT verdict.ok THEN
        RETURN QUERY SELECT NULL::bigint, verdict.reason;
        RETURN;
    END IF;
    head := verdict.head;
    IF jsonb_typeof(p_records) IS DISTINCT FROM 'array' THEN
        RETURN QUERY SELECT head, room.refuse(p_table, NULL, 'a push must be a JSON array');
        RETURN;
    END IF;
    FOR item IN SELECT value FROM jsonb_array_elements(p_records) LOOP
        problem := NULL;
        IF jsonb_typeof(item) IS DISTINCT FROM 'object'
           OR jsonb_typeof(item->'seq') IS DISTINCT FROM 'number'
           OR jsonb_typeof(item->'type') IS DISTINCT FROM 'string'
           OR jsonb_typeof(item->'class_version') IS DISTINCT FROM 'number'
           OR jsonb_typeof(item->'payload') IS DISTINCT FROM 'string'
           OR jsonb_typeof(item->'recorded_at') IS DISTINCT FROM 'string'
           OR jsonb_typeof(item->'hand_id') NOT IN ('number', 'null') THEN
            problem := 'malformed record: needs seq, type, class_version, payload, '
                       'recorded_at, hand_id of the right kinds';
        END IF;
        IF problem IS NULL THEN
            BEGIN
                r_seq := (item->>'seq')::bigint;
                r_hand := (item->>'hand_id')::bigint;
                r_type := item->>'type';
                r_version := (item->>'class_version')::integer;
                r_payload := item->>'payload';
                r_at := item->>'recorded_at';
                IF jsonb_typeof(r_payload::jsonb) <> 'object' THEN
                    problem := 'malformed record: the payload is not a JSON object';
                ELSIF r_type !~ '^[A-Za-z][A-Za-z0-9_]{0,63}$' THEN
                    problem := format('malformed record: bad type name %L', left(r_type, 80));
                ELSIF r_version < 1 OR r_seq < 1 THEN
                    problem := 'malformed record: seq and class_version start at 1';
                ELSIF r_at !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}' THEN
                    problem := 'malformed record: recorded_at is not an ISO 8601 time';
                END IF;
            EXCEPTION WHEN others THEN
                problem := 'malformed record: ' || SQLERRM;
            END;
        END IF;
        IF problem IS NOT NULL THEN
            RETURN QUERY SELECT head, room.refuse(p_table, r_seq, problem);
            RETURN;
        END IF;
        IF r_seq <= head THEN
            SELECT * INTO stored FROM room.records WHERE table_id = p_table AND seq = r_seq;
            IF stored.type IS DISTINCT FROM r_type
               OR stored.class_version IS DISTINCT FROM r_version
               OR stored.payload IS DISTINCT FROM r_payload
               OR stored.hand_id IS DISTINCT FROM r_hand
               OR stored.recorded_at IS DISTINCT FROM r_at THEN
                RETURN QUERY SELECT head, room.refuse(p_table, r_seq, format(
                    'replayed record %s differs from the one stored', r_seq));
                RETURN;
            END IF;
            CONTINUE;  -- already stored as it is: an idempotent re-push
        END IF;
        IF r_seq <> head + 1 THEN
            RETURN QUERY SELECT head, room.refuse(p_table, r_seq, format(
                'record %s out of order: the room has %s, expects %s', r_seq, head, head + 1));
            RETURN;
        END IF;
        INSERT INTO room.records (table_id, seq, hand_id, type, class_version, payload,
                                  recorded_at)
        VALUES (p_table, r_seq, r_hand, r_type, r_version, r_payload, r_at);
        head := r_seq;
    END LOOP;
    IF head <> verdict.head THEN
        UPDATE room.tables SET last_seq = head, last_push_at = clock_timestamp()
        WHERE table_id = p_table;
        PERFORM pg_notify('dealerassist_room', p_table);
    END IF;
    RETURN QUERY SELECT head, NULL::text;
END $$;

CREATE FUNCTION room.answers(p_table text, p_version integer, p_after bigint)
RETURNS SETOF room.rulings
LANGUAGE plpgsql SECURITY DEFINER SET search_path = room, pg_temp AS $$
DECLARE
    verdict record;
BEGIN
    SELECT * INTO verdict FROM room.check_table(p_table, p_version);
    IF NOT verdict.ok THEN
        RAISE EXCEPTION 'refused: %', verdict.reason;
    END IF;
    RETURN QUERY SELECT * FROM room.rulings WHERE table_id = p_table AND id > p_after
                 ORDER BY id;
END $$;

CREATE FUNCTION room.rule(p_table text, p_version integer, p_call text, p_kind text,
                          p_flag text, p_reason text, p_account text)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = room, pg_temp AS $$
DECLARE
    made bigint;
BEGIN
    IF p_version IS DISTINCT FROM (SELECT value::integer FROM room.meta
                                    WHERE key = 'schema_version') THEN
        PERFORM room.refuse(p_table, NULL, format('ruling with schema version %s', p_version));
        RETURN NULL;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM room.tables WHERE table_id = p_table) THEN
        PERFORM room.refuse(p_table, NULL, format('ruling for unknown table %L', p_table));
        RETURN NULL;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM room.accounts WHERE name = p_account AND active
                   AND role IN ('floor', 'manager')) THEN
        PERFORM room.refuse(p_table, NULL, format(
            'account %L may not rule (not an active floor or manager account)', p_account));
        RETURN NULL;
    END IF;
    INSERT INTO room.rulings (table_id, call_id, kind, flag_id, reason, by_account)
    VALUES (p_table, p_call, p_kind, coalesce(p_flag, ''), coalesce(p_reason, ''), p_account)
    RETURNING id INTO made;
    PERFORM pg_notify('dealerassist_room', p_table);
    RETURN made;
END $$;

CREATE FUNCTION room.set_account(p_name text, p_role text, p_hash text, p_active boolean)
RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = room, pg_temp AS $$
    INSERT INTO room.accounts (name, role, password_hash, active)
    VALUES (p_name, p_role, p_hash, p_active)
    ON CONFLICT (name) DO UPDATE SET role = excluded.role,
        password_hash = excluded.password_hash, active = excluded.active,
        changed_at = clock_timestamp(), changed_by = session_user
$$;

CREATE FUNCTION room.add_table(p_table text, p_role text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = room, pg_temp AS $$
    INSERT INTO room.tables (table_id, db_role) VALUES (p_table, p_role)
    ON CONFLICT (table_id) DO UPDATE SET db_role = excluded.db_role
$$;

REVOKE ALL ON ALL TABLES IN SCHEMA room FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA room FROM PUBLIC;
RESET ROLE;
GRANT USAGE ON SCHEMA room TO dealerassist_table, dealerassist_floor, dealerassist_manager;
GRANT EXECUTE ON FUNCTION room.hello(text, integer, text), room.push(text, integer, jsonb),
    room.answers(text, integer, bigint) TO dealerassist_table;
GRANT SELECT ON room.meta, room.tables, room.records, room.rulings
    TO dealerassist_floor, dealerassist_manager;
GRANT EXECUTE ON FUNCTION room.rule(text, integer, text, text, text, text, text)
    TO dealerassist_floor, dealerassist_manager;
GRANT SELECT ON room.accounts, room.refusals TO dealerassist_manager;
""" + ACCOUNT_CHECK + r"""
GRANT EXECUTE ON FUNCTION room.set_account(text, text, text, boolean),
    room.add_table(text, text) TO dealerassist_manager;
"""
