"""Write random PHH hands of the standard variants, played by pokerkit, for speed figures.

Usage: .venv/bin/python scripts/phh_generate.py OUT_DIR [N] [--seed S]

N hands (default 2,200, seed 38: the set ``dealerassist bench --only replay`` times as
``replay.whole_command_generated``) as `dealerassist.cli.bench_hands.write_hands` writes
them: the eleven standard PHH variants in turn, ``OUT_DIR/VARIANT/NNNN.phh``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from dealerassist.cli.bench_hands import write_hands


def main() -> int:
    """Write the hands; print how many."""
    parser = argparse.ArgumentParser(description="random PHH hands played by pokerkit")
    parser.add_argument("folder", type=Path)
    parser.add_argument("count", type=int, nargs="?", default=2200)
    parser.add_argument("--seed", type=int, default=38)
    args = parser.parse_args()
    paths = write_hands(args.folder, args.count, seed=args.seed)
    print(f"{len(paths)} hands in {args.folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
