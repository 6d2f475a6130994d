"""PHH writing: a replayed hand written back and read again gives the same hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealerassist.journal.phh import format_amount, load_phh, parse_phh, replay, to_phh

CORPUS = Path("/work/shared/corpus/phh/data")
pytestmark = pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")

FILES = [
    "dwan-ivey-2009.phh",
    "antonius-blom-2009.phh",
    "phua-xuan-2019.phh",
    "wsop/2023/43/5/12.phh",
    "wsop/2023/43/5/27.phh",
    "wsop/2023/43/5/34.phh",
    "pluribus/100/22.phh",
]


@pytest.mark.parametrize("name", FILES)
def test_written_phh_replays_to_the_same_final_stacks(name: str) -> None:
    history = load_phh(CORPUS / name)
    result = replay(history)
    text = to_phh(result.state.setup, result.events, scale=history.scale,
                  players=history.players,
                  finishing_stacks=result.final_stacks, extra={"event": "round trip"})
    again = parse_phh(text)
    assert again.scale == history.scale
    assert again.starting_stacks == history.starting_stacks
    second = replay(again)
    assert second.final_stacks == result.final_stacks
    assert [format_amount(v, again.scale) for v in second.final_stacks] == [
        format_amount(v, history.scale) for v in result.final_stacks]
    assert again.fields["finishing_stacks"] == [
        format_amount(v, history.scale) if isinstance(format_amount(v, history.scale), int)
        else __import__("decimal").Decimal(format_amount(v, history.scale))
        for v in result.final_stacks]
