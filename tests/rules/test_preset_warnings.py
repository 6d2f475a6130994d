"""Preset blinds against the catalogue's guide: warnings, never errors (BET-SB-SIZE,
BET-BB-SIZE)."""

from __future__ import annotations

from pathlib import Path

from dealerassist.cli.main import main
from dealerassist.rules import default_rules, parse_rules_text
from dealerassist.rules.checks import preset_warnings

_LIMIT = """schema_version: 1
presets:
  - {name: Limit 10/20, game: FT, small_blind: SB, big_blind: BB, small_bet: 10, big_bet: 20}
"""


def _warnings(small: int, big: int) -> list[str]:
    text = _LIMIT.replace("SB", str(small)).replace("BB", str(big))
    return preset_warnings(parse_rules_text(text, "house.yaml"))


def test_BET_SB_SIZE_BET_BB_SIZE_worked_example() -> None:
    # Limit hold'em 10/20: blinds 5/10 follow the guide; 4/10 too (rounded down to the
    # house's chips); 2/10 is a small blind far from half the big blind; 5/8 is a big
    # blind that is not the lower limit. Warnings only: the file stays valid.
    assert _warnings(5, 10) == [] and _warnings(4, 10) == []
    assert _warnings(2, 10) == ["preset 'Limit 10/20': small blind 2 is not about half the "
                                "big blind 10 (BET-SB-SIZE)"]
    assert _warnings(4, 8) == ["preset 'Limit 10/20': big blind 8 is not the lower limit 10 "
                               "(BET-BB-SIZE)"]
    assert preset_warnings(default_rules()) == []


def test_BET_SB_SIZE_check_rules_prints_the_warning_and_exits_0(tmp_path: Path,
                                                                 capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "house.yaml"
    path.write_text(_LIMIT.replace("SB", "2").replace("BB", "10"))
    assert main(["check-rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}: warning: preset 'Limit 10/20': small blind 2" in out
    assert f"{path}: ok" in out


def test_ST7_DEAL_preset_seats_default_to_the_house_family_number() -> None:
    text = """schema_version: 1
presets:
  - {name: Stud, game: P7S, ante: 1, bring_in: 1, small_bet: 2, big_bet: 4}
  - {name: Deuce, game: N2L3D, small_blind: 1, big_blind: 2}
  - {name: Holdem, game: NT, small_blind: 1, big_blind: 2}
"""
    seats = [p.max_seats for p in parse_rules_text(text, "house.yaml").presets]
    assert seats == [8, 8, 9]
