"""Regenerate dealerassist/evaluation/_tables.py from the rules in evaluation/_five.py.

Usage: .venv/bin/python scripts/evaluation_make_tables.py [--check]

With --check, exit 1 if the shipped file differs from what the rules give (no write).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from dealerassist.evaluation import _generate

TARGET = Path(__file__).resolve().parent.parent / "dealerassist" / "evaluation" / "_tables.py"


def main() -> int:
    """Build, encode and write (or check) the tables."""
    started = time.perf_counter()
    text = _generate.module_text(_generate.encode(_generate.build()))
    elapsed = time.perf_counter() - started
    if "--check" in sys.argv[1:]:
        same = TARGET.exists() and TARGET.read_text(encoding="ascii") == text
        print(f"built in {elapsed:.1f} s; shipped tables {'match' if same else 'DIFFER'}")
        return 0 if same else 1
    TARGET.write_text(text, encoding="ascii")
    print(f"built in {elapsed:.1f} s; wrote {TARGET} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
