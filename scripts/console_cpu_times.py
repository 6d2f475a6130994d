"""The console's speed in CPU time, which a busy shared machine disturbs less than wall time.

    python scripts/console_cpu_times.py [CHECKOUT ...]

For each checkout (default: this one), six starts of ``python -m dealerassist --demo``
with the start-up probe, interleaved between checkouts: the first paint's wall time and
the process's CPU time. Then, for this checkout, the GUI thread's CPU time from a click on
the pad to the end of the table's repaint (60 clicks of `ui.measure`).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

PROBE = "DEALERASSIST_STARTUP_PROBE"


def cold_starts(trees: list[str], runs: int = 6) -> None:
    """Print first paint (wall) and CPU time per start, for each checkout."""
    env = dict(os.environ, **{PROBE: "1", "QT_QPA_PLATFORM": "offscreen"})
    figures: dict[str, tuple[list[float], list[float]]] = {t: ([], []) for t in trees}
    for _ in range(runs):
        for tree in trees:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.time()
            done = subprocess.run([sys.executable, "-m", "dealerassist", "--demo"],
                                  env=dict(env, PYTHONPATH=tree), cwd=tree,
                                  capture_output=True, text=True, check=True)
            stamp = next(line.split("=", 1)[1] for line in done.stdout.splitlines()
                         if line.startswith(PROBE + "="))
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            figures[tree][0].append(float(stamp) - started)
            figures[tree][1].append(after.ru_utime - before.ru_utime
                                    + after.ru_stime - before.ru_stime)
    for tree, (wall, cpu) in figures.items():
        print(f"{tree}: first paint p50 {statistics.median(wall):.3f} s (min {min(wall):.3f}),"
              f" CPU per start p50 {statistics.median(cpu):.3f} s (min {min(cpu):.3f})")


def click_cpu() -> None:
    """Print the GUI thread's CPU time from click to repaint (ms)."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from dealerassist.ui import measure

    wall = time.perf_counter
    time.perf_counter = time.thread_time  # measure's clock: the GUI thread's CPU time
    try:
        figures = sorted(measure.measure_click_to_repaint(clicks=60))
    finally:
        time.perf_counter = wall
    print(f"click to repaint, GUI thread CPU: p50 {statistics.median(figures):.2f} ms, "
          f"p90 {figures[int(len(figures) * 0.9)]:.2f} ms, max {max(figures):.2f} ms")


if __name__ == "__main__":
    cold_starts(sys.argv[1:] or [str(Path(__file__).resolve().parent.parent)])
    click_cpu()
    print(f"load average {os.getloadavg()[0]:.1f}")
