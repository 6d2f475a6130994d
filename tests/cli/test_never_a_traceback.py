"""Never a traceback: every CLI command over malformed inputs prints one line and exits 1.

The inputs are the files of ``tests/cli/malformed/`` (issue 41): command lines for
``table``, house rules for ``check-rules`` and ``table --rules``, PHH files for ``replay``,
journals for ``table --db`` and ``export --db``, images for ``recognize``; plus a
megabyte command line made here. Each run is in-process with the file descriptors
captured (``recognize`` in its own process), so a C library's warning counts as a line.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dealerassist.cli.main import main

MALFORMED = Path(__file__).parent / "malformed"


def files(kind: str) -> list[Path]:
    found = sorted((MALFORMED / kind).iterdir())
    assert found, kind
    return found


def one_line(capfd: pytest.CaptureFixture[str], status: int, *, names: str = "") -> str:
    out, err = capfd.readouterr()
    text = (out + err).strip()
    assert status == 1, text[:500]
    assert "Traceback" not in text and "internal error" not in text, text[:500]
    assert len(text.splitlines()) == 1, text[:800]
    assert names in text
    return text


@pytest.mark.parametrize("path", files("commands"), ids=lambda p: p.name)
def test_table_refuses_each_malformed_line_in_one_line(
        path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(path.read_text(encoding="utf-8")))
    status = main(["table", "--db", str(tmp_path / "t.sqlite3"), "--game", "NLHE 1/2",
                   "--json"])
    out, err = capfd.readouterr()
    lines = out.splitlines()
    assert status == 1 and not err, err[:500]
    assert len(lines) == 2  # the state at start, then the refusal
    refusal = json.loads(lines[1])
    assert "\n" not in refusal["error"] and len(refusal["error"]) < 600


def test_table_refuses_a_megabyte_line_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("r " + "1" * 1_000_000 + "\n"))
    status = main(["table", "--db", str(tmp_path / "t.sqlite3"), "--game", "NLHE 1/2"])
    out, err = capfd.readouterr()
    assert status == 1 and not err
    assert [line for line in out.splitlines() if "error:" in line] == [
        "  error: line too long: 1000002 characters (at most 4096); one command per line"]


@pytest.mark.parametrize("path", files("rules"), ids=lambda p: p.name)
def test_check_rules_and_table_refuse_a_malformed_rules_file_in_one_line(
        path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capfd: pytest.CaptureFixture[str]) -> None:
    one_line(capfd, main(["check-rules", str(path)]), names=f"{path}:")
    monkeypatch.setattr(sys, "stdin", io.StringIO("hand\n"))
    journal = tmp_path / "t.sqlite3"
    one_line(capfd, main(["table", "--db", str(journal), "--rules", str(path)]),
             names=f"{path}:")


@pytest.mark.parametrize("path", files("phh"), ids=lambda p: p.name)
def test_replay_refuses_a_malformed_hand_history_in_one_line(
        path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    one_line(capfd, main(["replay", str(path)]), names=str(path))


@pytest.mark.parametrize("path", files("journals"), ids=lambda p: p.name)
def test_table_and_export_refuse_a_malformed_journal_in_one_line(
        path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capfd: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / path.name
    shutil.copyfile(path, journal)
    monkeypatch.setattr(sys, "stdin", io.StringIO("hand\n"))
    one_line(capfd, main(["table", "--db", str(journal)]), names=str(journal))
    one_line(capfd, main(["export", "--db", str(journal), "--all", "--out",
                          str(tmp_path / "out")]), names=str(journal))
    assert journal.read_bytes() == path.read_bytes()  # left untouched


@pytest.mark.parametrize("path", files("images"), ids=lambda p: p.name)
def test_recognize_refuses_a_malformed_image_in_one_line(path: Path) -> None:
    # A real process: OpenCV and libpng write their warnings on file descriptor 2 itself,
    # which the command keeps quiet only where it owns it (not under pytest's capture).
    pytest.importorskip("cv2")
    process = subprocess.run([sys.executable, "-m", "dealerassist", "recognize", str(path)],
                             capture_output=True, text=True, timeout=120, check=False,
                             cwd=Path(__file__).resolve().parents[2])
    text = (process.stdout + process.stderr).strip()
    assert process.returncode == 1, text[:500]
    assert "Traceback" not in text and "internal error" not in text, text[:500]
    assert len(text.splitlines()) == 1 and str(path) in text, text[:800]
