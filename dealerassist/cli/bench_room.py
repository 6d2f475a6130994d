"""`dealerassist bench --only room`: the card room under load, with its server killed.

Runs `dealerassist.room.load.run_load` on a throwaway PostgreSQL server (skipped, with
the reason, where no server binaries or psycopg are installed). The default size is kept
to a few minutes; ``scripts/room_load.py`` takes the size as options (the issue's full
run: 40 tables x 300 hands, 20 kills, a table cut off 600 s).
"""

from __future__ import annotations

from typing import Any

from dealerassist.room.load import run_load  # psycopg missing: the bench notes it, no figure
from dealerassist.room.local_server import find_binaries


def measure(*, quick: bool) -> dict[str, Any]:
    """Return the ``room`` section of the bench."""
    if find_binaries() is None:
        return {"room": {"skipped": "no PostgreSQL server binaries (initdb, pg_ctl)"}}
    if quick:
        figures = run_load(tables=4, hands=5, kills=2, kill_every_s=1.0, cutoff_s=1.0)
    else:
        figures = run_load(tables=40, hands=30, kills=20, kill_every_s=2.0, cutoff_s=30.0)
    return {"room": figures}
