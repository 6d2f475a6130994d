"""`dealerassist replay --json` lists the irregularity detectors' flags beside its own."""

from __future__ import annotations

import json

from dealerassist.cli.main import main

UNDER_RAISE = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 3", "p1 f", "p2 f"]
"""


def test_IRR_UNDERRAISE_is_listed_with_the_replays_own_BET_NL_MIN_flag(tmp_path, capsys):
    path = tmp_path / "under.phh"
    path.write_text(UNDER_RAISE, encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [flag["rule_id"] for flag in record["flags"]] == ["BET-NL-MIN", "IRR-UNDERRAISE"]
    # applied as recorded: the raise to 3 stands, 1 uncalled chip returns (POT-UNCALLED)
    assert record["final_stacks"] == [199, 198, 203]
    assert record["pots"] == [{"amount": 5, "eligible": [2], "awards": {"2": 5}}]


def test_a_clean_hand_has_no_flags(tmp_path, capsys):
    path = tmp_path / "clean.phh"
    path.write_text(UNDER_RAISE.replace("cbr 3", "cbr 4"), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["flags"] == []


def test_review_shortcut_a_hand_without_replay_flags_has_no_review_flag() -> None:
    # `dealerassist replay` skips the detectors for a hand the replay flagged nothing in
    # and with no short bring-in and no draw of unequal counts; over every hand of the
    # corpus (board, stud and draw) they would have found nothing.
    from pathlib import Path

    import pytest

    from dealerassist.cli.replay import _needs_review
    from dealerassist.irregular.review import review_records
    from dealerassist.journal.phh import load_phh, replay

    corpus = Path("/work/shared/corpus/phh")
    if not corpus.exists():
        pytest.skip("PHH corpus not available")
    checked = set()
    for path in sorted(corpus.rglob("*.phh")):
        result = replay(load_phh(path))
        if result.flags or _needs_review(result.events, result.state.setup.bring_in):
            continue
        assert review_records(result.state.setup, result.events) == [], path
        checked.add(result.state.setup.game.family.value)
    assert checked == {"board", "stud", "draw"}
