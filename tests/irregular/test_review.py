"""`dealerassist replay` flags: the detectors' flags of a recorded hand (IRR-UNDERRAISE...)."""

from __future__ import annotations

from pathlib import Path

from dealerassist.irregular.review import review_flags, review_records
from dealerassist.journal.phh import load_phh, replay

UNDERRAISE = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 7s6d', 'd dh p2 Kh4h', 'd dh p3 Kd4c', 'p3 cbr 150', 'p1 f', 'p2 cc',
           'd db 5h8cAc', 'p2 cc', 'p3 cc', 'd db 2d', 'p2 cc', 'p3 cc', 'd db Ts', 'p2 cc',
           'p3 cc', 'p2 sm Kh4h', 'p3 sm Kd4c']
"""

OVERBET = UNDERRAISE.replace("'NT'", "'PT'").replace("'p3 cbr 150'", "'p3 cbr 900'")


def _replayed(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "hand.phh"
    path.write_text(text)
    return replay(load_phh(path))


def test_IRR_UNDERRAISE_listed_beside_the_replays_own_flag(tmp_path: Path) -> None:
    result = _replayed(tmp_path, UNDERRAISE)
    assert [f.rule_id for f in result.flags] == ["BET-NL-MIN"]
    flags = review_flags(result.state.setup, result.events,
                         already=[(f.rule_id, f.message) for f in result.flags])
    assert [f.rule_id for f in flags] == ["IRR-UNDERRAISE"]
    assert "p3 raises to 150" in flags[0].message
    assert result.final_stacks == (9950, 10025, 10025)  # applied as recorded; split pot


def test_IRR_OVERBET_PL_listed_for_a_pot_limit_hand(tmp_path: Path) -> None:
    result = _replayed(tmp_path, OVERBET)
    records = review_records(result.state.setup, result.events)
    assert [r["rule_id"] for r in records] == ["IRR-OVERBET-PL"]
    assert records[0]["severity"] == "warning"


def test_a_clean_hand_has_no_review_flags(tmp_path: Path) -> None:
    result = _replayed(tmp_path, UNDERRAISE.replace("'p3 cbr 150'", "'p3 cbr 300'"))
    assert result.flags == () and review_flags(result.state.setup, result.events) == ()
