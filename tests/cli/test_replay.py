"""`dealerassist replay`: the JSON Lines contract of design.md."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

CORPUS = Path("/work/shared/corpus/phh/data")
pytestmark = pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")


def _run(*args: str) -> tuple[int, list[dict]]:
    done = subprocess.run([sys.executable, "-m", "dealerassist", "replay", *args],
                          capture_output=True, text=True, check=False)
    assert "Traceback" not in done.stderr
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()]


def test_replay_json_lines_keys_amounts_and_trace(tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = 'NT'\nthis is not toml\n")
    code, lines = _run(str(CORPUS / "dwan-ivey-2009.phh"), str(bad),
                       str(CORPUS / "antonius-blom-2009.phh"), "--json", "--trace")
    assert code == 1
    assert [line["file"] for line in lines] == [
        str(CORPUS / "dwan-ivey-2009.phh"), str(bad), str(CORPUS / "antonius-blom-2009.phh")]
    dwan, broken, blom = lines
    assert set(broken) == {"file", "error"} and "TOML" in broken["error"]
    assert dwan["variant"] == "NT" and dwan["final_stacks"] == [572100, 1997500, 1109500]
    assert dwan["rake"] == 0 and dwan["flags"] == []
    assert dwan["pots"] == [{"amount": 1109500, "eligible": [0, 2], "awards": {"2": 1109500}}]
    first = dwan["decisions"][0]
    assert first == {"actor": 2, "to_call": 2000, "min_raise_to": 4000, "max_raise_to": 553000}
    assert dwan["decisions"][-1]["min_raise_to"] is None  # facing an all-in: call or fold
    assert blom["final_stacks"] == ["1937923.75", 0]  # exact decimals as strings
    assert any(isinstance(d["max_raise_to"], str) for d in blom["decisions"])


def test_replay_flags_rule_breaking_actions_and_applies_them(tmp_path: Path) -> None:
    hand = tmp_path / "underraise.phh"
    hand.write_text(
        "variant = 'NT'\nante_trimming_status = false\nantes = [0, 0, 0]\n"
        "blinds_or_straddles = [10, 20, 0]\nmin_bet = 20\nstarting_stacks = [1000, 1000, 1000]\n"
        "actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'd dh p3 2c7d', 'p3 cbr 30', 'p1 f',"
        " 'p2 f']\n")
    code, (line,) = _run(str(hand), "--json")
    assert code == 0
    assert line["flags"][0]["rule_id"] == "BET-NL-MIN"
    assert line["final_stacks"] == [990, 980, 1030]


def test_replay_error_for_more_chips_than_the_stack(tmp_path: Path) -> None:
    hand = tmp_path / "over.phh"
    hand.write_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [10, 20]\nmin_bet = 20\n"
        "starting_stacks = [100, 100]\nactions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'p2 cbr 500']\n")
    code, (line,) = _run(str(hand), "--json")
    assert code == 1 and "only" in line["error"] and "p2 cbr 500" in line["error"]


def test_replay_under_house_rules_takes_the_house_rake() -> None:
    repo_rules = Path(__file__).resolve().parents[2] / "rules.yaml"
    if not repo_rules.exists():
        pytest.skip("no rules.yaml at the repository root")
    hand = str(CORPUS / "wsop/2023/43/5/34.phh")
    _, (profile,) = _run(hand, "--json")
    _, (house,) = _run(hand, "--rules", str(repo_rules), "--json")
    assert profile["rake"] == 0 and profile["final_stacks"][1] == 11925000
    assert house["rake"] > 0  # the shipped house rakes 5 % (RAKE-RATE)
    assert house["final_stacks"][1] == 11925000 - house["rake"]


def test_replay_stud_json_bring_in_decision_and_the_razz_hand_pokerkit_refuses() -> None:
    stud = CORPUS / "wsop" / "2023" / "43" / "5" / "71.phh"
    razz = CORPUS / "wsop" / "2023" / "43" / "5" / "85.phh"
    code, lines = _run(str(stud), str(razz), "--json", "--trace")
    assert code == 0
    first, second = lines
    assert first["variant"] == "F7S" and first["flags"] == []
    assert first["final_stacks"] == [2375000, 2525000, 21475000, 3325000]
    # p3 (9h 2h down, 2d up) brings in 75,000 or completes to the small bet of 250,000.
    assert first["decisions"][0] == {"actor": 2, "to_call": 0, "min_raise_to": 250000,
                                     "max_raise_to": 250000}
    assert second["variant"] == "FR" and second["final_stacks"] == [0, 29700000]
    assert "BET-FL-SIZES" in {flag["rule_id"] for flag in second["flags"]}


def test_replay_json_line_encoder_writes_what_json_dumps_writes() -> None:
    """The encoder made once (`replay._json_line`) gives json.dumps's bytes, non-ASCII included."""
    import json

    from dealerassist.cli.replay import _json_line

    record = {"file": "mains/hand é 1.phh", "variant": "NT", "final_stacks": [None, 12, -3],
              "pots": [{"amount": "1937923.75", "eligible": [0, 1], "winners": []}],
              "flags": [{"rule_id": "IRR-DECK", "message": "Joueur 1 « ?? »\n"}],
              "ok": True, "rake": 0}
    assert _json_line(record) == json.dumps(record)
    assert "\\u00e9" in _json_line(record)  # ASCII output, as json.dumps by default
