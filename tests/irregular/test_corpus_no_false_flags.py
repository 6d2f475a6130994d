"""No false alarms: the detectors raise no flag on the corpus's real board-game hands.

865 hands played at real tables (PHH corpus) replay with the replay's own flags only (one
action out of turn); the detectors add nothing, and their fold ends on the replay's final
stacks, so a flag at the live table means something.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealerassist.errors import DealerAssistError
from dealerassist.games import GAMES, Family
from dealerassist.irregular.detectors import detect
from dealerassist.journal.phh import load_phh, replay

CORPUS = Path("/work/shared/corpus")
if not CORPUS.exists():
    CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

pytestmark = pytest.mark.skipif(not (CORPUS / "phh").exists(), reason="PHH corpus not available")


def test_detectors_raise_no_flag_on_real_hands() -> None:
    replayed = 0
    flagged = []
    for path in sorted((CORPUS / "phh").rglob("*.phh")):
        try:
            history = load_phh(path)
            if GAMES[history.variant].family is not Family.BOARD:
                continue
            result = replay(history)
        except (DealerAssistError, KeyError):
            continue
        replayed += 1
        detection = detect(result.state.setup, result.events, as_recorded=True)
        if detection.flags:
            flagged.append((path.name, [f.rule_id for f in detection.flags]))
        assert detection.state is not None
        assert detection.state.stacks == result.final_stacks, path.name
    assert replayed >= 800
    assert flagged == []
