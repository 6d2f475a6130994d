"""The card room's load and fault run at any size (docs/room.md, "Load and faults").

    python scripts/room_load.py --tables 40 --hands 300 --kills 20 --cutoff 600

prints one JSON object: tables, hands, records, seconds to deal and to catch up, records
lost / duplicated / different (room vs each table's journal), how many tables' floor state
equals the fold of their journal, the floor's latency from a table's commit to the floor
seeing the record (p50/p95/max; ``floor_latency_s`` leaves out records committed while
the server was down or the table cut off, ``floor_latency_all_s`` counts them), the kills
done and how long the cut-off table was cut off. Needs the PostgreSQL server binaries.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealerassist.room.load import run_load  # noqa: E402


def main() -> int:
    """Run the load with the sizes given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--kill-every", type=float, default=5.0, help="seconds between kills")
    parser.add_argument("--down", type=float, default=0.5, help="seconds the server stays down")
    parser.add_argument("--cutoff", type=float, default=600.0,
                        help="seconds the first table deals with its outbox cut off")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each simulated dealer waits between lines")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    figures = run_load(tables=args.tables, hands=args.hands, kills=args.kills,
                       kill_every_s=args.kill_every, down_s=args.down, cutoff_s=args.cutoff,
                       think_s=args.think, seed=args.seed)
    print(json.dumps(figures))
    return 0 if figures["lost"] == figures["duplicated"] == figures["different"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
