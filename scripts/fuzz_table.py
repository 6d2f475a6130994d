"""Run random dealer lines on every cash game and report the anomalies (issue 41's proof).

    python scripts/fuzz_table.py [--lines 30000] [--seed 0] [--run 500] [--replay-every 25]

Each run is a fresh table (three players) of one cash preset, in turn, driven by
`tests/session/table_fuzz.py`: legal and illegal commands, reports, rulings, malformed
lines. After every line the invariants are checked (no folded seat to act, chips
conserved, a refusal changes nothing, no internal error); a replay of the journal is
compared with the live state every ``--replay-every`` lines and at the end of each run.
Prints the counts and each anomaly; exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.session.table_fuzz import CASH_PRESETS, Fuzz  # noqa: E402


def main() -> int:
    """Run the lines, print the figures and the anomalies; 1 if there is any."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=30_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--run", type=int, default=500, help="lines per table")
    parser.add_argument("--replay-every", type=int, default=25)
    args = parser.parse_args()
    started = time.perf_counter()
    lines = accepted = refused = hands = runs = 0
    anomalies: list[str] = []
    while lines < args.lines:
        preset = CASH_PRESETS[runs % len(CASH_PRESETS)]
        rng = random.Random(args.seed * 1_000_003 + runs)
        fuzz = Fuzz(preset, replay_every=args.replay_every)
        for seat, stack in ((1, 500), (2, 300), (3, 800)):
            fuzz.session.execute(f"sit {seat} P{seat} {stack}")
        for _ in range(min(args.run, args.lines - lines)):
            fuzz.step(rng.choice, rng)
        fuzz.check_replay("end of run")
        lines += len(fuzz.lines)
        accepted += fuzz.accepted
        refused += fuzz.refused
        hands += len(fuzz.session.state.finished)
        anomalies += fuzz.anomalies
        runs += 1
    seconds = time.perf_counter() - started
    print(f"{lines} lines ({accepted} accepted, {refused} refused) on {runs} tables of "
          f"{len(CASH_PRESETS)} cash games, {hands} hands finished, {seconds:.1f} s: "
          f"{len(anomalies)} anomalies")
    for anomaly in anomalies:
        print("  " + anomaly)
    return 1 if anomalies else 0


if __name__ == "__main__":
    sys.exit(main())
