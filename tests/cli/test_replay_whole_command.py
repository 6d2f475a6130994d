"""`dealerassist replay FILES... --json` as a whole: the same bytes by the plain path, few imports.

The command's shortcuts (the line reader `_line_toml`, card texts read pair by pair, the
evaluator tables built on first read, names loaded on first use) must not change a byte
of its output: the corpus (911 files) and a set of pokerkit-played hands of the eleven
standard variants are replayed by the command, and in this process with every shortcut
turned off, and the outputs compared. Speed itself is measured by ``dealerassist bench
--only replay`` (``replay.whole_command``), never here.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from dealerassist.cli import replay as replay_command
from dealerassist.journal import phh

CORPUS = Path("/work/shared/corpus/phh")
MALFORMED = Path(__file__).parent / "malformed" / "phh"


def _command(files: list[str], *options: str) -> str:
    done = subprocess.run([sys.executable, "-m", "dealerassist", "replay", *files, *options],
                          capture_output=True, text=True, check=False)
    assert "Traceback" not in done.stderr
    return done.stdout


def _plain(files: list[str], monkeypatch: pytest.MonkeyPatch, *, trace: bool) -> str:
    """The command's output in this process with the reading shortcuts turned off."""
    monkeypatch.setattr(phh, "_line_toml", lambda text: None)
    monkeypatch.setattr(phh, "_PHH_FACES", {})  # every card text through parse_cards
    monkeypatch.setattr(phh, "_CARDS_CACHE", {})
    out = io.StringIO()
    args = argparse.Namespace(files=files, replay_rules=None, rules=None, json=True,
                              trace=trace)
    with contextlib.redirect_stdout(out):
        replay_command.run(args)
    return out.getvalue()


@pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")
def test_replay_json_of_the_corpus_is_byte_identical_to_the_plain_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    files = [str(path) for path in sorted(CORPUS.rglob("*.phh"))]
    files += [str(path) for path in sorted(MALFORMED.glob("*.phh"))]  # errors, in order
    ours = _command(files, "--json")
    assert len(ours.splitlines()) == len(files) == 911 + 13
    assert ours == _plain(files, monkeypatch, trace=False)
    records = [json.loads(line) for line in ours.splitlines()[:911]]
    assert not [r for r in records if "error" in r]  # 911 of 911 replay


def test_replay_json_trace_of_pokerkit_hands_is_byte_identical_to_the_plain_path(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bench_hands = pytest.importorskip("dealerassist.cli.bench_hands")  # needs pokerkit
    files = [str(path) for path in bench_hands.write_hands(tmp_path, 110, seed=7)]
    ours = _command(files, "--json", "--trace")
    records = [json.loads(line) for line in ours.splitlines()]
    assert len(records) == 110 and not [r for r in records if "error" in r]
    assert {r["variant"] for r in records} == set(bench_hands.VARIANTS)
    assert ours == _plain(files, monkeypatch, trace=True)


_PROBE = """
import sys
from dealerassist.cli.main import main
main(sys.argv[1:])
print(" ".join(sorted(sys.modules)))
"""

# Never needed to replay a hand history: the console, the camera, the house file's YAML,
# the journal's database, the card room, and the modules that need them.
_NEVER = ("PySide6", "cv2", "onnxruntime", "numpy", "yaml", "sqlite3", "psycopg",
          "dealerassist.ui", "dealerassist.vision", "dealerassist.session",
          "dealerassist.room", "dealerassist.trainer", "dealerassist.floor",
          "dealerassist.rules.loader")


def _modules_after(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True,
                          text=True, check=False)
    assert "Traceback" not in done.stderr
    return set(done.stdout.splitlines()[-1].split())


def _loaded(modules: set[str], name: str) -> bool:
    return any(module == name or module.startswith(name + ".") for module in modules)


@pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")
def test_replay_imports_no_console_camera_yaml_or_database() -> None:
    # A hand decided without a showdown, read by the line reader, flagged nothing.
    folded = CORPUS / "data" / "pluribus" / "100" / "2.phh"
    modules = _modules_after("replay", str(folded), "--json")
    assert "dealerassist.journal.phh" in modules
    assert not [name for name in _NEVER if _loaded(modules, name)]
    # Nor what only other paths need: tomllib (files outside the line reader), the
    # evaluator tables (a showdown), the detectors (a flagged hand), hashlib, random.
    for name in ("tomllib", "dealerassist.evaluation._tables", "dealerassist.irregular",
                 "hashlib", "random", "difflib", "fractions"):
        assert not _loaded(modules, name), name


@pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")
def test_replay_of_holdem_builds_no_lowball_tables() -> None:
    # Hold'em showdowns need the high-hand tables (and high.py's 6+ ones, small): the one
    # key-to-row dict the standard tables share and their high column; the A-5 and 2-7
    # columns are read only for a game that rates lows, and no per-table dict is built.
    files = [str(path) for path in sorted((CORPUS / "data" / "pluribus").rglob("*.phh"))[:200]]
    probe = _PROBE.replace(
        'print(" ".join(sorted(sys.modules)))',
        'from dealerassist.evaluation import _lookup\n'
        'print(" ".join(sorted(vars(_lookup))))')
    done = subprocess.run([sys.executable, "-c", probe, "replay", *files, "--json"],
                          capture_output=True, text=True, check=False)
    built = set(done.stdout.splitlines()[-1].split())
    assert {"MULTISET_ROW", "HIGH_COLUMN", "HIGH_FLUSH"} <= built  # a showdown was rated
    assert not built & {"LOW_A5_COLUMN", "LOW_27_COLUMN", "HIGH_NOFLUSH", "LOW_A5",
                        "LOW_27_NOFLUSH"}
