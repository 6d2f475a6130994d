"""Split the real photographs of ``vision-real-dev`` into development and held-out images.

The set holds runs of near-duplicate shots, so it is split by group of consecutive shots,
never image by image. Each record's ``origin`` names its shot: ``WIN_YYYYMMDD_HH_MM_SS``
(webcam, a time), ``IMG_YYYYMMDD_HHMMSS`` (Android phone, a time) or ``IMG_NNNN`` (iPhone,
a counter). Shots of one collection on one background form a group while each follows the
previous one within ``_GAP`` (60 s webcam, 12 s Android, 2 counts iPhone); a longer gap is
a new arrangement of the cards. Within each (collection, background) stratum with two or
more groups, every third group in time order from the second (1, 4, 7, ...) is held out;
a stratum of one group stays in development. The split is deterministic (no random draw):
run it once, commit the two lists, never regenerate them against results.

Usage: python scripts/vision_real_split.py [/work/shared/vision-real-dev]
Writes dealerassist/resources/vision/real_split/{dev,heldout}.txt (paths as in labels.json).
"""

from __future__ import annotations

import datetime
import json
import re
import sys
from pathlib import Path

_GAP = {"webcam": 60.0, "android": 12.0, "iphone": 2.0}
_OUT = Path(__file__).resolve().parents[1] / "dealerassist/resources/vision/real_split"


def shot(origin: str) -> tuple[str, float]:
    """Return (collection, time or counter) of a record's ``origin``."""
    name = origin.rsplit("/", 1)[-1]
    if m := re.match(r"WIN_(\d{8})_(\d\d)_(\d\d)_(\d\d)", name):
        stamp = datetime.datetime.strptime("".join(m.groups()), "%Y%m%d%H%M%S")
        return "webcam", stamp.replace(tzinfo=datetime.UTC).timestamp()
    if m := re.match(r"IMG_(\d{8})_(\d{6})", name):
        stamp = datetime.datetime.strptime("".join(m.groups()), "%Y%m%d%H%M%S")
        return "android", stamp.replace(tzinfo=datetime.UTC).timestamp()
    if m := re.match(r"IMG_(\d{4})_", name):
        return "iphone", float(m.group(1))
    raise ValueError(f"unknown shot name: {origin}")


def groups(records: list[dict]) -> list[list[dict]]:
    """Return the runs of consecutive shots of one collection and background, in time order."""
    ordered = sorted(records, key=lambda r: (shot(r["origin"]), r["file"]))
    out: list[list[dict]] = []
    previous: tuple[str, float, str] | None = None
    for record in ordered:
        collection, when = shot(record["origin"])
        if (previous is None or previous[0] != collection or previous[2] != record["background"]
                or when - previous[1] > _GAP[collection]):
            out.append([])
        out[-1].append(record)
        previous = (collection, when, record["background"])
    return out


def split(records: list[dict]) -> tuple[list[str], list[str]]:
    """Return (development files, held-out files)."""
    strata: dict[tuple[str, str], list[list[dict]]] = {}
    for group in groups(records):
        key = (shot(group[0]["origin"])[0], group[0]["background"])
        strata.setdefault(key, []).append(group)
    dev: list[str] = []
    held: list[str] = []
    for runs in strata.values():
        for n, group in enumerate(runs):
            target = held if len(runs) > 1 and n % 3 == 1 else dev
            target.extend(r["file"] for r in group)
    return sorted(dev), sorted(held)


def main() -> int:
    """Write the two lists."""
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/vision-real-dev")
    records = json.loads((root / "labels.json").read_text())
    dev, held = split(records)
    _OUT.mkdir(parents=True, exist_ok=True)
    (_OUT / "dev.txt").write_text("".join(f"{f}\n" for f in dev))
    (_OUT / "heldout.txt").write_text("".join(f"{f}\n" for f in held))
    cards = {r["file"]: len(r["cards"]) for r in records}
    print(f"development: {len(dev)} images, {sum(cards[f] for f in dev)} cards")
    print(f"held out: {len(held)} images, {sum(cards[f] for f in held)} cards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
