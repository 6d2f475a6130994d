"""`dealerassist bench`: speed figures for the engine, evaluators and recogniser.

Each part lives in its own module (``bench_evaluator``, ``bench_replay``,
``bench_vision``, ``bench_journal``) exposing ``measure(*, quick: bool) -> dict``; this
module only gathers them and prints. Reference libraries (pokerkit, treys) are measured in
the same run when installed; a figure that cannot be measured is ``null``. Speed goals are
checked here, never by timed tests.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from typing import Any

# section -> (module, the keys it reports, each null until measured)
_PARTS: dict[str, tuple[str, dict[str, tuple[str, ...]]]] = {
    "evaluator": (
        "dealerassist.cli.bench_evaluator",
        {"evaluator": ("dealerassist_per_s", "treys_per_s", "pokerkit_per_s")},
    ),
    "replay": (
        "dealerassist.cli.bench_replay",
        {
            "replay": ("dealerassist_hands_per_s", "pokerkit_hands_per_s"),
            "action_latency_ms": ("p50", "p99"),
        },
    ),
    "vision": ("dealerassist.cli.bench_vision", {"vision": ("frame_ms_p50", "frame_ms_p95")}),
    "journal": (
        "dealerassist.cli.bench_journal",
        {"journal": ("hands", "open_s", "verified_s", "command_ms_p50", "command_ms_p99")},
    ),
    "console": ("dealerassist.ui.measure", {"console": ()}),
    "room": ("dealerassist.cli.bench_room", {"room": ()}),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `dealerassist bench`."""
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (smoke test)")
    parser.add_argument(
        "--only", choices=sorted(_PARTS), action="append", help="measure only these parts"
    )


def _startup_seconds() -> float:
    """Time to start the command line in a fresh interpreter (the fallback without Qt)."""
    import subprocess

    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", "import dealerassist.cli.main"],
        check=False,
        capture_output=True,
    )
    return round(time.perf_counter() - started, 3)


def run(args: argparse.Namespace) -> int:
    """Measure every part and print the figures."""
    result: dict[str, Any] = {}
    notes: dict[str, str] = {}
    for part, (module_name, sections) in _PARTS.items():
        for section, keys in sections.items():
            result[section] = dict.fromkeys(keys)
        if args.only and part not in args.only:
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            # A part whose module or library (PySide6, cv2) is missing is reported, not fatal.
            notes[part] = f"not measurable here: module {error.name} is not installed"
            continue
        measured = module.measure(quick=args.quick)
        for section, values in measured.items():
            result.setdefault(section, {}).update(values)
    # Cold start of the console to its first paint when Qt is here, else the import time.
    console_start = result.get("console", {}).get("cold_start_s_p50")
    result["startup_s"] = console_start if console_start is not None else _startup_seconds()
    if notes:
        result["notes"] = notes
    if args.json:
        print(json.dumps(result))
    else:
        for section, values in result.items():
            print(f"{section}: {values}")
    return 0
