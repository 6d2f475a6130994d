from __future__ import annotations

import pytest

from dealerassist.journal.memory import InMemoryJournal

from .contract import JournalContract


class TestInMemoryJournal(JournalContract):
    @pytest.fixture
    def make_journal(self):  # type: ignore[no-untyped-def]
        return InMemoryJournal

    @pytest.fixture
    def journal(self) -> InMemoryJournal:
        return InMemoryJournal()
