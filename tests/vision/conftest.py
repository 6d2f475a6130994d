"""Shared fixtures of the vision tests: the shipped recogniser and the fixture images."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def recogniser():
    from dealerassist.vision.recogniser import Recogniser

    return Recogniser()


@pytest.fixture(scope="session")
def expected() -> dict[str, dict[str, object]]:
    return json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))
