"""Bench part: PHH replay throughput (dealerassist vs pokerkit, same run) and action latency.

``measure(quick=...)`` replays the board-game hands of the PHH corpus to their settled end
with both engines (pokerkit only if installed: it is a bench reference, never a run-time
dependency):

- ``replay.dealerassist_hands_per_s`` / ``replay.pokerkit_hands_per_s``: the replay itself,
  each engine starting from its own parsed hand record (`HandHistory` here,
  ``pokerkit.HandHistory`` there) and applying every action to the settled end;
- ``replay.*_with_parse_hands_per_s``: the same from the file text (TOML parsing included);
- ``action_latency_ms``: one dealer action to fresh limits and pots: applying a betting
  event with `apply` (verified) and computing `legal_actions` and `pots`;
- ``replay.whole_command``: the whole command, as a user runs it: ``dealerassist replay
  FILES... --json`` over every corpus file (process start, imports, reading, parsing,
  replay and JSON output) beside a Python process that loads each file with pokerkit's
  ``HandHistory.load`` and plays it to the end: ``{files, runs, dealerassist_wall_s,
  pokerkit_wall_s, ratio, dealerassist_cpu_s, pokerkit_cpu_s, cpu_ratio}``, medians of
  interleaved runs of the two child processes (`_compare`), ratio = pokerkit /
  dealerassist (wall time; ``cpu_ratio`` the same in CPU seconds, every process of the
  command counted); ``jobs``, the processes the command's default takes for that many
  files on the machine as it is (one per idle CPU), and ``one_process``: the same
  figures for ``--jobs 1``;
- ``replay.whole_command_generated``: the same over 2,200 hands of the eleven standard
  PHH variants that pokerkit plays and writes (`bench_hands`), plus ``variants``;
- ``replay.per_variant``: for each variant of the corpus the engine plays (board, stud, draw),
  ``{hands, dealerassist_hands_per_s, pokerkit_hands_per_s}`` over the hands both engines
  replay (the top-level figures stay those of the board games, comparable over time).

Times are CPU times of this process (best of a few runs), so other programs on the machine
do not skew the ratio. A variant has only a few hands in the corpus (one to a few dozen), so
`_per_variant` times each engine over passes of its hands repeated until one timed sample
lasts at least ``_SAMPLE_S`` (about 0.05 s), and takes the best of as many samples as fit in
``_VARIANT_BUDGET_S`` (about 0.3 s, at least three): the same rule for both engines, so
the ratio is not the noise of a few milliseconds. The corpus is looked for in
``$DEALERASSIST_CORPUS``, ``/work/shared/corpus`` and ``shared/corpus`` next to the working
directory or the package; without it every figure is null.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from dealerassist.engine import apply, legal_actions, pots
from dealerassist.games import GAMES, Family
from dealerassist.journal.phh import parse_phh, replay

_BOARD_CODES = {code for code, spec in GAMES.items() if spec.family is Family.BOARD}
_PLAYED_CODES = {code for code, spec in GAMES.items()
                 if spec.family in (Family.BOARD, Family.STUD, Family.DRAW)}


def _corpus_dir() -> Path | None:
    candidates = []
    if os.environ.get("DEALERASSIST_CORPUS"):
        candidates.append(Path(os.environ["DEALERASSIST_CORPUS"]))
    candidates.append(Path("/work/shared/corpus"))
    candidates.append(Path.cwd() / "shared" / "corpus")
    candidates.append(Path(__file__).resolve().parents[2] / "shared" / "corpus")
    for candidate in candidates:
        if (candidate / "phh").is_dir():
            return candidate
    return None


def _board_texts(limit: int | None, codes: set[str] = _BOARD_CODES) -> list[str]:
    corpus = _corpus_dir()
    if corpus is None:
        return []
    texts = []
    for path in sorted((corpus / "phh").rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        try:
            variant = parse_phh(text).variant
        except Exception:  # noqa: BLE001 - a bad file is simply not benchmarked
            continue
        if variant in codes:
            texts.append(text)
        if limit is not None and len(texts) >= limit:
            break
    return texts


def _rate(function: Any, items: list[Any], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        for item in items:
            function(item)
        best = min(best, time.process_time() - started)
    return round(len(items) / best, 1) if best > 0 else 0.0


_SAMPLE_S = 0.05
_VARIANT_BUDGET_S = 0.3


def _steady_rate(function: Any, items: list[Any], *, quick: bool) -> float:
    """Items per CPU second over repeated passes (see the module docstring)."""
    if not items:
        return 0.0
    started = time.process_time()
    for item in items:  # one untimed pass: warm the caches, size the samples
        function(item)
    one_pass = max(time.process_time() - started, 1e-6)
    budget = _VARIANT_BUDGET_S / 5 if quick else _VARIANT_BUDGET_S
    passes = max(1, int(_SAMPLE_S / one_pass))
    samples = max(3, int(budget / (passes * one_pass)))
    best = float("inf")
    for _ in range(samples):
        started = time.process_time()
        for _ in range(passes):
            for item in items:
                function(item)
        best = min(best, time.process_time() - started)
    return round(passes * len(items) / best, 1) if best > 0 else 0.0


def _ours(text: str) -> None:
    replay(parse_phh(text))


def _pokerkit_functions() -> tuple[Any, Any, Any] | None:
    try:
        from pokerkit import HandHistory  # bench reference only, never imported at run time
    except ImportError:
        return None

    def from_text(text: str) -> None:
        for _ in HandHistory.loads(text):
            pass

    def from_record(history: Any) -> None:
        for _ in history:
            pass

    return HandHistory.loads, from_record, from_text


def _latencies(texts: list[str]) -> list[float]:
    """Milliseconds from one betting event to fresh limits and pots, over every action."""
    from dealerassist.engine import BetPlaced, Called, Checked, Folded, RaisedTo, new_hand
    from dealerassist.rules import phh_profile

    rules = phh_profile()
    samples: list[float] = []
    betting = (Folded, Checked, Called, BetPlaced, RaisedTo)
    for text in texts:
        result = replay(parse_phh(text), rules=rules)
        state = new_hand(result.history.setup(rules))
        for event in result.events:
            if isinstance(event, betting):
                started = time.perf_counter()
                state = apply(state, event)
                legal_actions(state)
                pots(state)
                samples.append((time.perf_counter() - started) * 1000.0)
            else:
                from dealerassist.engine import evolve

                state = evolve(state, event)
    return samples


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))
    return round(ordered[index], 4)


def _per_variant(quick: bool) -> dict[str, dict[str, float | int | None]]:
    """Replay rates per variant over the corpus hands both engines replay."""
    import warnings

    groups: dict[str, list[Any]] = {}
    for text in _board_texts(None, _PLAYED_CODES):
        history = parse_phh(text)
        groups.setdefault(history.variant, []).append((history, text))
    theirs = _pokerkit_functions()
    figures: dict[str, dict[str, float | int | None]] = {}
    for variant, items in sorted(groups.items()):
        if quick:
            items = items[:40]
        histories = [history for history, _ in items]
        records: list[Any] = []
        if theirs is not None:
            loads, from_record, _ = theirs
            kept = []
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for history, text in items:
                    try:
                        record = loads(text)
                        from_record(record)
                    except Exception:  # noqa: BLE001 - a hand pokerkit refuses is left out
                        continue
                    kept.append(history)
                    records.append(loads(text))
            histories = kept
        entry: dict[str, float | int | None] = {
            "hands": len(histories),
            "dealerassist_hands_per_s": _steady_rate(replay, histories, quick=quick),
            "pokerkit_hands_per_s": None,
        }
        if theirs is not None and records:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                entry["pokerkit_hands_per_s"] = _steady_rate(theirs[1], records, quick=quick)
        figures[variant] = entry
    return figures


def measure(*, quick: bool) -> dict[str, Any]:
    """Replay throughput and action latency; null figures when the corpus is missing."""
    texts = _board_texts(120 if quick else None)
    result: dict[str, Any] = {
        "replay": {"dealerassist_hands_per_s": None, "pokerkit_hands_per_s": None},
        "action_latency_ms": {"p50": None, "p99": None},
    }
    if not texts:
        return result
    import warnings

    repeats = 1 if quick else 3
    histories = [parse_phh(text) for text in texts]
    replay(histories[0])  # warm the caches (evaluator tables) outside the timing
    result["replay"]["dealerassist_hands_per_s"] = _rate(replay, histories, repeats)
    result["replay"]["dealerassist_with_parse_hands_per_s"] = _rate(_ours, texts, repeats)
    theirs = _pokerkit_functions()
    if theirs is not None:
        loads, from_record, from_text = theirs
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            records = [loads(text) for text in texts]
            result["replay"]["pokerkit_hands_per_s"] = _rate(from_record, records, repeats)
            result["replay"]["pokerkit_with_parse_hands_per_s"] = _rate(from_text, texts,
                                                                        repeats)
    samples = _latencies(texts)
    if samples:
        result["action_latency_ms"] = {"p50": _percentile(samples, 0.5),
                                       "p99": _percentile(samples, 0.99)}
    result["replay"]["per_variant"] = _per_variant(quick)
    result["replay"]["whole_command"] = _whole_command(quick)
    result["replay"]["whole_command_generated"] = _whole_command_generated(quick)
    return result


_POKERKIT_SCRIPT = """
import sys, warnings
from pokerkit import HandHistory
warnings.simplefilter("ignore")
for path in sys.argv[1:]:
    with open(path, "rb") as file:
        try:
            for _ in HandHistory.load(file):  # each state of the hand, played to the end
                continue
        except Exception:  # a hand pokerkit cannot play: timed as far as it got
            continue
"""

_RUNS = 5  # timed runs of each side (one in ``quick``), after one untimed run each
_GENERATED_HANDS = 2200  # `bench_hands.write_hands`: the eleven standard variants
_GENERATED_SEED = 38


def _child_env(pycache: str) -> dict[str, str]:
    """Return the environment of both timed commands: bytecode cached, as when installed.

    ``PYTHONDONTWRITEBYTECODE`` is dropped and ``PYTHONPYCACHEPREFIX`` points at a
    temporary folder, so after the untimed first run neither side compiles its sources
    again (a wheel install ships them compiled) and the checkout is left untouched.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def _timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one child run to its end, output discarded."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def _compare(files: list[str], *, quick: bool) -> dict[str, Any]:
    """Time ``dealerassist replay FILES... --json`` beside pokerkit's script on ``files``.

    Both run as child processes, interleaved (the first side alternates each round) so a
    change of load on the machine falls on both; each is run once untimed, then
    ``_RUNS`` times. Reports the medians: ``dealerassist_wall_s`` / ``pokerkit_wall_s``
    and ``ratio`` (pokerkit / dealerassist, wall time: the whole command as a user waits
    for it), ``dealerassist_cpu_s`` / ``pokerkit_cpu_s`` and ``cpu_ratio`` (CPU seconds of
    every process of each side), ``runs``, and ``jobs``, the processes the command's
    default takes for this many files when the measure starts (`replay.job_count`: one
    per idle CPU, so it varies with the machine's load). For more files than the default
    ever forks for, ``one_process`` holds the same figures for ``--jobs 1`` (``wall_s``,
    ``cpu_s``, ``ratio``, ``cpu_ratio``), timed in the same rounds.
    """
    import statistics
    import sys
    import tempfile

    from dealerassist.cli.replay import _AUTO_JOBS_FILES, job_count

    ours = [sys.executable, "-m", "dealerassist", "replay", *files, "--json"]
    theirs = ([sys.executable, "-c", _POKERKIT_SCRIPT, *files]
              if _pokerkit_functions() is not None else None)
    runs = 1 if quick else _RUNS
    jobs = job_count(None, len(files))
    figures: dict[str, Any] = {"files": len(files), "runs": runs, "jobs": jobs}
    times: dict[str, list[tuple[float, float]]] = {"dealerassist": [], "pokerkit": [],
                                                   "one_process": []}
    sides = [("dealerassist", ours)] + ([("pokerkit", theirs)] if theirs else [])
    if len(files) > _AUTO_JOBS_FILES:  # the default may fork: --jobs 1 timed beside
        sides.append(("one_process", [*ours, "--jobs", "1"]))
    with tempfile.TemporaryDirectory(prefix="dealerassist-bench-pyc-") as pycache:
        env = _child_env(pycache)
        for _, command in sides:
            _timed(command, env)  # untimed: bytecode cached, files in the page cache
        for round_ in range(runs):
            for name, command in sides if round_ % 2 == 0 else sides[::-1]:
                times[name].append(_timed(command, env))
    for name in ("dealerassist", "pokerkit"):
        samples = times[name]
        figures[f"{name}_wall_s"] = (round(statistics.median(w for w, _ in samples), 3)
                                     if samples else None)
        figures[f"{name}_cpu_s"] = (round(statistics.median(c for _, c in samples), 3)
                                    if samples else None)
    figures["ratio"] = figures["cpu_ratio"] = None
    if figures["pokerkit_wall_s"] and figures["dealerassist_wall_s"]:
        figures["ratio"] = round(figures["pokerkit_wall_s"] / figures["dealerassist_wall_s"], 2)
    if figures["pokerkit_cpu_s"] and figures["dealerassist_cpu_s"]:
        figures["cpu_ratio"] = round(figures["pokerkit_cpu_s"] / figures["dealerassist_cpu_s"],
                                     2)
    if times["one_process"]:
        one = times["one_process"]
        wall = round(statistics.median(w for w, _ in one), 3)
        cpu = round(statistics.median(c for _, c in one), 3)
        figures["one_process"] = {
            "wall_s": wall, "cpu_s": cpu,
            "ratio": round(figures["pokerkit_wall_s"] / wall, 2)
            if figures["pokerkit_wall_s"] and wall else None,
            "cpu_ratio": round(figures["pokerkit_cpu_s"] / cpu, 2)
            if figures["pokerkit_cpu_s"] and cpu else None,
        }
    return figures


def _whole_command(quick: bool) -> dict[str, Any] | None:
    """Time the whole command over every corpus file (`_compare`); None without the corpus."""
    corpus = _corpus_dir()
    if corpus is None:
        return None
    files = [str(path) for path in sorted((corpus / "phh").rglob("*.phh"))]
    return _compare(files, quick=quick)


def _whole_command_generated(quick: bool) -> dict[str, Any] | None:
    """Time the whole command over pokerkit-played hands of the eleven standard variants.

    2,200 hands (220 in ``quick``) written by `bench_hands.write_hands` (seed 38, the same
    files every run) to a temporary folder; None without pokerkit. Adds ``variants``.
    """
    if _pokerkit_functions() is None:
        return None
    import tempfile

    from dealerassist.cli.bench_hands import VARIANTS, write_hands

    count = _GENERATED_HANDS // 10 if quick else _GENERATED_HANDS
    with tempfile.TemporaryDirectory(prefix="dealerassist-bench-phh-") as folder:
        paths = write_hands(Path(folder), count, seed=_GENERATED_SEED)
        figures = _compare([str(path) for path in paths], quick=quick)
    figures["variants"] = sorted(VARIANTS)
    return figures
