"""`dealerassist bench`: speed figures for the engine, evaluators and recogniser.

Each part lives in its own module (``bench_evaluator``, ``bench_replay``,
``bench_vision``) exposing ``measure(*, quick: bool) -> dict``; this module only gathers
them and prints. Reference libraries (pokerkit, treys) are measured in the same run when
installed; a figure that cannot be measured is ``null``. Speed goals are checked here,
never by timed tests.
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
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `dealerassist bench`."""
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (smoke test)")
    parser.add_argument(
        "--only", choices=sorted(_PARTS), action="append", help="measure only these parts"
    )


def _startup_seconds() -> float:
    """Time to import the console's modules in a fresh interpreter (proxy for cold start)."""
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
            if error.name != module_name:
                raise
            notes[part] = "not measurable in this build yet"
            continue
        measured = module.measure(quick=args.quick)
        for section, values in measured.items():
            result.setdefault(section, {}).update(values)
    result["startup_s"] = _startup_seconds()
    if notes:
        result["notes"] = notes
    if args.json:
        print(json.dumps(result))
    else:
        for section, values in result.items():
            print(f"{section}: {values}")
    return 0
