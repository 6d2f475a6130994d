"""One contract for every `Journal` store: subclass `JournalContract` and provide `journal`."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.errors import JournalError
from dealerassist.journal.records import SCHEMA_VERSION, Journal, PendingRecord


def pending(type_name: str = "Folded", *, hand_id: int | None = 1, n: int = 0) -> PendingRecord:
    return PendingRecord(
        type=type_name,
        class_version=1,
        payload=f'{{"n":{n}}}',
        hand_id=hand_id,
        recorded_at=f"2026-11-30T01:{n % 60:02d}:00Z",
    )


batches = st.lists(
    st.lists(
        st.builds(
            pending,
            type_name=st.sampled_from(["HandStarted", "Folded", "PlayerSat"]),
            hand_id=st.one_of(st.none(), st.integers(1, 5)),
            n=st.integers(0, 10_000),
        ),
        max_size=4,
    ),
    max_size=6,
)


class JournalContract:
    """Behaviour every store must show; subclasses define the ``journal`` fixture."""

    def test_is_a_journal_with_the_current_schema(self, journal: Journal) -> None:
        assert isinstance(journal, Journal)
        assert journal.schema_version == SCHEMA_VERSION

    def test_empty_journal_reads_nothing(self, journal: Journal) -> None:
        assert journal.read() == ()
        assert journal.last_seq() == 0
        assert journal.hands() == ()

    def test_append_numbers_records_from_one_in_order(self, journal: Journal) -> None:
        first = journal.append([pending(n=1), pending(n=2)])
        second = journal.append([pending(n=3)])
        assert [r.seq for r in first + second] == [1, 2, 3]
        assert [r.payload for r in journal.read()] == ['{"n":1}', '{"n":2}', '{"n":3}']
        assert journal.last_seq() == 3

    def test_read_after_seq_and_by_hand(self, journal: Journal) -> None:
        journal.append(
            [pending(hand_id=None, n=0), pending(hand_id=1, n=1), pending(hand_id=2, n=2)]
        )
        journal.append([pending(hand_id=1, n=3)])
        assert [r.seq for r in journal.read(after_seq=2)] == [3, 4]
        assert [r.seq for r in journal.read(hand_id=1)] == [2, 4]
        assert [r.seq for r in journal.read(after_seq=2, hand_id=1)] == [4]

    def test_hands_index_spans_each_hand(self, journal: Journal) -> None:
        journal.append([pending(hand_id=None, n=0), pending(hand_id=7, n=1)])
        journal.append([pending(hand_id=8, n=2), pending(hand_id=7, n=3)])
        index = journal.hands()
        assert [(h.hand_id, h.first_seq, h.last_seq, h.record_count) for h in index] == [
            (7, 2, 4, 2),
            (8, 3, 3, 1),
        ]
        assert index[0].started_at == "2026-11-30T01:01:00Z"
        assert index[0].day == "2026-11-30"

    def test_append_of_nothing_stores_nothing(self, journal: Journal) -> None:
        assert journal.append([]) == ()
        assert journal.last_seq() == 0

    def test_a_bad_record_in_a_batch_stores_none_of_it(self, journal: Journal) -> None:
        journal.append([pending(n=1)])
        with pytest.raises(JournalError):
            journal.append([pending(n=2), "not a record"])  # type: ignore[list-item]
        assert [r.payload for r in journal.read()] == ['{"n":1}']

    def test_closed_journal_refuses_calls(self, journal: Journal) -> None:
        journal.close()
        with pytest.raises(JournalError):
            journal.append([pending()])
        with pytest.raises(JournalError):
            journal.read()

    def test_pending_record_rejects_bad_fields(self) -> None:
        with pytest.raises(JournalError):
            PendingRecord(type="", class_version=1, payload="{}", hand_id=None, recorded_at="")
        with pytest.raises(JournalError):
            PendingRecord(type="X", class_version=0, payload="{}", hand_id=None, recorded_at="")
        with pytest.raises(JournalError):
            PendingRecord(type="X", class_version=1, payload="{}", hand_id="3", recorded_at="")  # type: ignore[arg-type]

    @settings(
        max_examples=25,
        deadline=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.differing_executors,
        ],
    )
    @given(batches=batches)
    def test_read_is_the_concatenation_of_appends(self, make_journal, batches) -> None:  # type: ignore[no-untyped-def]
        journal = make_journal()
        try:
            expected = []
            for batch in batches:
                stored = journal.append(batch)
                assert [r.seq for r in stored] == list(
                    range(len(expected) + 1, len(expected) + 1 + len(batch))
                )
                expected.extend(batch)
            got = journal.read()
            assert [(r.type, r.payload, r.hand_id) for r in got] == [
                (p.type, p.payload, p.hand_id) for p in expected
            ]
            assert [r.seq for r in got] == list(range(1, len(expected) + 1))
        finally:
            journal.close()

    def test_append_after_another_writer_is_refused_and_writes_nothing(
        self, journal: Journal
    ) -> None:
        journal.append([pending(n=1)], expected_last_seq=0)
        journal.append([pending(n=2)])  # another writer
        with pytest.raises(JournalError, match="another program is writing"):
            journal.append([pending(n=3)], expected_last_seq=1)
        assert journal.last_seq() == 2
        assert journal.append([pending(n=3)], expected_last_seq=2)[0].seq == 3
