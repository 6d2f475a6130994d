"""`dealerassist replay --jobs N`: the files shared out to N processes, the same output.

The lines come out in the order of the files given, byte for byte what one process
writes, with the same exit status; a share whose process does not end normally is
replayed by the parent. Speed is measured by ``dealerassist bench --only replay``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealerassist.cli import replay as replay_command

CORPUS = Path("/work/shared/corpus/phh")
MALFORMED = Path(__file__).parent / "malformed" / "phh"


def _files() -> list[str]:
    files = [str(path) for path in sorted(CORPUS.rglob("*.phh"))[:150]]
    # Errors among them, at the start, in the middle and at the end.
    bad = [str(path) for path in sorted(MALFORMED.glob("*.phh"))]
    return bad[:4] + files[:75] + bad[4:9] + files[75:] + bad[9:]


def _command(files: list[str], *options: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "dealerassist", "replay", *files, *options],
                          capture_output=True, text=True, check=False)
    assert "Traceback" not in done.stderr
    return done.returncode, done.stdout


@pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")
@pytest.mark.parametrize("options", [("--json",), ("--json", "--trace"), ()])
def test_replay_jobs_writes_the_bytes_and_status_of_one_process(
        options: tuple[str, ...]) -> None:
    files = _files()
    status, one = _command(files, *options, "--jobs", "1")
    assert status == 1  # the malformed files fail, the others replay
    assert len(one.splitlines()) == len(files)
    for jobs in ("2", "3"):
        assert _command(files, *options, "--jobs", jobs) == (status, one)


@pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")
def test_replay_jobs_status_is_0_when_every_share_replays() -> None:
    files = [str(path) for path in sorted(CORPUS.rglob("*.phh"))[:40]]
    assert _command(files, "--json", "--jobs", "3")[0] == 0


def test_replay_jobs_default_forks_only_for_many_files_on_idle_cpus(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    monkeypatch.setattr(replay_command, "_busy_cpus", lambda: 0.4)  # four CPUs idle
    assert replay_command.job_count(None, 1) == 1
    assert replay_command.job_count(None, 200) == 1  # a fork costs more than they do
    assert replay_command.job_count(None, 2200) == 4
    assert replay_command.job_count(None, 250) == 2  # 100 files a process
    monkeypatch.setattr(replay_command, "_busy_cpus", lambda: 2.6)  # one CPU left idle
    assert replay_command.job_count(None, 2200) == 1
    monkeypatch.setattr(replay_command, "_busy_cpus", lambda: 1.4)  # three, rounded
    assert replay_command.job_count(None, 2200) == 3
    monkeypatch.setattr(replay_command, "_busy_cpus", lambda: 9.0)  # all busy: one
    assert replay_command.job_count(None, 2200) == 1
    # --jobs N is taken as asked, never more processes than files.
    assert replay_command.job_count(4, 3) == 3
    assert replay_command.job_count(4, 1000) == 4


def test_replay_jobs_refuses_a_count_below_one_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "dealerassist", "replay", "x.phh",
                           "--jobs", "0"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "--jobs needs a whole number of processes, at least 1, not '0'" in done.stderr


@pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")
def test_replay_jobs_replays_here_the_share_of_a_process_that_died(
        monkeypatch: pytest.MonkeyPatch) -> None:
    files = _files()[:30]
    parent = os.getpid()
    plain = replay_command._replay_files

    def dies_in_a_child(*args, **kwargs):  # type: ignore[no-untyped-def]
        if os.getpid() != parent:
            os._exit(9)  # killed before it sends anything
        return plain(*args, **kwargs)

    def run(jobs: int) -> tuple[int, str]:
        out = io.StringIO()
        args = argparse.Namespace(files=files, replay_rules=None, rules=None, json=True,
                                  trace=False, jobs=jobs)
        with contextlib.redirect_stdout(out):
            status = replay_command.run(args)
        return status, out.getvalue()

    expected = run(1)
    monkeypatch.setattr(replay_command, "_replay_files", dies_in_a_child)
    assert run(3) == expected


def test_replay_jobs_counts_the_tasks_running_besides_itself() -> None:
    busy = replay_command._busy_cpus()
    assert busy >= 0
    if Path("/proc/loadavg").exists():  # Linux: the runnable count of the moment, an int
        assert busy == int(busy)
