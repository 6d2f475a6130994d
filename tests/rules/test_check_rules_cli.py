"""``dealerassist check-rules``: exit status and ``FILE:LINE: message`` lines."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from dealerassist.cli.main import main

REPO = Path(__file__).resolve().parents[2]


def test_valid_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-rules", str(REPO / "rules.yaml")]) == 0
    assert capsys.readouterr().out.strip().endswith(": ok")


def test_invalid_file_exits_1_with_one_line_per_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nrake:\n  percent: 101\n  cap: x\ntable:\n  buton: dead\n",
                   "utf-8")
    assert main(["check-rules", str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [re.match(rf"{re.escape(str(bad))}:(\d+): .+", line).group(1)  # type: ignore[union-attr]
            for line in lines] == ["3", "4", "6"]
    assert "did you mean 'button'" in lines[2]


def test_several_files_missing_one_included(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.yaml"
    assert main(["check-rules", "-q", str(REPO / "rules.yaml"), str(missing)]) == 1
    assert capsys.readouterr().out == f"{missing}:1: no such file\n"


def test_no_traceback_from_the_real_command(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"schema_version: 1\nrake: {percent: [\x00\n")
    done = subprocess.run([sys.executable, "-m", "dealerassist", "check-rules", str(bad)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert re.fullmatch(rf"{re.escape(str(bad))}:2: .+\n", done.stdout)
