"""Print differential figures: each evaluator against pokerkit on N random hands.

Usage: .venv/bin/python scripts/evaluation_differential.py [N] [--values]

N defaults to 100,000 per evaluator. ``--values`` also checks the full HandValue path
(category and the five cards), several times slower. Exit status 1 on any disagreement.
Same harness as ``tests/evaluation/test_eval_differential.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from evaluation import oracle  # noqa: E402


def main() -> int:
    """Run every differential case and print one line per evaluator."""
    numbers = [arg for arg in sys.argv[1:] if arg.isdigit()]
    hands = int(numbers[0]) if numbers else 100_000
    values = "--values" in sys.argv[1:]
    failed = False
    runs = [
        (name, lambda name=name: oracle.run(name, hands=hands, seed=hands, values=values))
        for name in sorted(oracle.CASES)
    ]
    runs.append(("up_cards", lambda: oracle.run_up_cards(hands=hands, seed=hands)))
    runs.append(("bring_in", lambda: oracle.run_bring_in(deals=hands // 10, seed=hands)))
    for name, run in runs:
        started = time.perf_counter()
        report = run()
        elapsed = time.perf_counter() - started
        rated = f", {report.rated} rated by pokerkit" if report.rated else ""
        print(
            f"{name:16} {report.hands:>8} hands{rated}: "
            f"{len(report.disagreements)} disagreements ({elapsed:.1f} s)"
        )
        for line in report.disagreements[:5]:
            print("    ", line)
        failed = failed or bool(report.disagreements)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
