"""Figures for the irregularity property test: how many flags of each rule were raised,
confirmed or overruled over N random hands, and how many hands ended void.

Run from the repository root: ``.venv/bin/python -m tests.irregular.fuzz_report 3000``
(board games) or ``... fuzz_report 2000 stud-draw`` (seven-card stud, razz, 2-7 triple draw:
`test_stud_draw_properties`).
Every hand is checked as in the property test (chips conserved after every event, a void
hand gives back the starting stacks); a failure raises.
"""

from __future__ import annotations

import collections
import random
import sys
import time

from dealerassist.engine.rulings import is_void
from dealerassist.irregular import detectors

from . import test_irregularity_properties as board_prop
from . import test_stud_draw_properties as stud_draw_prop

GAMES = ["NT", "PT", "FT", "PO", "NS", "FO/8", "PO/8"]
STUD_DRAW_GAMES = ["F7S", "FR", "F2L3D"]


def main(count: int, seed: int = 2026, *, family: str = "board") -> None:
    """Play ``count`` random hands with irregularities and print the figures."""
    rng = random.Random(seed)
    prop = stud_draw_prop if family == "stud-draw" else board_prop
    games = STUD_DRAW_GAMES if family == "stud-draw" else GAMES
    top = 1500 if family == "stud-draw" else 3000
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    last: dict[str, object] = {}
    original = prop.detect

    def spy(setup, events, **kw):  # type: ignore[no-untyped-def]
        detection = original(setup, events, **kw)
        last["detection"] = detection
        return detection

    prop.detect = spy  # type: ignore[assignment]
    void = 0
    started = time.perf_counter()
    try:
        for _ in range(count):
            game = rng.choice(games)
            stacks = tuple(rng.randint(1, top) for _ in range(rng.randint(2, 6)))
            prop._play(rng.randrange(2**32), game, stacks)  # noqa: SLF001
            detection = last["detection"]
            assert isinstance(detection, detectors.Detection)
            for flag in detection.flags:
                counts[(flag.rule_id, flag.status.value)] += 1
            assert detection.state is not None
            void += is_void(detection.state)
    finally:
        prop.detect = original  # type: ignore[assignment]
    seconds = time.perf_counter() - started
    print(f"{count} random hands ({', '.join(games)}), seed {seed}: chips conserved after "
          f"every event, {void} voided by a misdeal, {seconds:.1f} s")
    rules = sorted({rule for rule, _ in counts})
    print(f"{'rule':24} {'confirmed':>9} {'overruled':>9} {'open':>5}")
    for rule in rules:
        print(f"{rule:24} {counts[(rule, 'confirmed')]:9} {counts[(rule, 'overruled')]:9} "
              f"{counts[(rule, 'open')]:5}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000,
         family=sys.argv[2] if len(sys.argv) > 2 else "board")
