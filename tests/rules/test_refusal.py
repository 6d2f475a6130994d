"""The app refuses to run on an invalid rules file and shows the check-rules lines."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealerassist.rules import validate_rules_file

_NO_QT = importlib.util.find_spec("PySide6") is None

BAD = "schema_version: 1\nrake:\n  percent: 101\n  cap: lots\ntable:\n  buton: dead\n"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "dealerassist", *args], input="",
                          capture_output=True, text=True, timeout=120, env=env, check=False)


@pytest.mark.parametrize(
    "command",
    [
        ["table", "--rules"],
        pytest.param(
            ["--screenshot", "{png}", "--rules"],
            marks=pytest.mark.skipif(_NO_QT, reason="the console needs PySide6 (headless job)"),
        ),
    ],
    ids=["table", "console"],
)
def test_invalid_rules_file_refused_with_every_problem(tmp_path: Path,
                                                       command: list[str]) -> None:
    bad = tmp_path / "house.yaml"
    bad.write_text(BAD, "utf-8")
    png = tmp_path / "console.png"
    done = _run(*[part.format(png=png) for part in command], str(bad))
    expected = [str(problem) for problem in validate_rules_file(bad)]
    assert [line.split(":", 1)[1] for line in expected] == [
        "3: rake.percent must be at most 100, not 101",
        "4: rake.cap must be a whole number, not 'lots'",
        "6: unknown key 'table.buton'; did you mean 'button'?",
    ]
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    for line in expected:
        assert line in done.stderr
    assert not png.exists()  # no console was drawn on half a configuration
