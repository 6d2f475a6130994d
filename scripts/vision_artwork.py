"""Rasterise Debian's packaged card decks into PNG faces for the vision data generator.

Why: the recogniser is trained on synthetic scenes rendered from real deck artwork, so it
learns many index designs. The artwork is NOT shipped in the repository (most decks are
GPL); this script fetches it from Debian's ``kdegames-card-data-kf5`` package at
generation time and writes ``<out>/<deck>/<card>.png`` (``Ah``, ``Td`` ... and ``back``).

Usage::

    python scripts/vision_artwork.py --out /tmp/dealerassist-vision/art

Needs ``apt-get`` (Debian) and ``rsvg-convert`` (package ``librsvg2-bin``).
"""

from __future__ import annotations

import argparse
import gzip
import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np

RANK_IDS = {
    "A": "1", "K": "king", "Q": "queen", "J": "jack", "T": "10", "9": "9", "8": "8",
    "7": "7", "6": "6", "5": "5", "4": "4", "3": "3", "2": "2",
}
SUIT_IDS = {"c": "club", "d": "diamond", "h": "heart", "s": "spade"}
# Decks with French-suited A/K/Q/J indices (German-suited and French-lettered decks left out).
DECKS = (
    "svg-standard", "svg-tigullio-international", "svg-oxygen", "svg-oxygen-air",
    "svg-oxygen-white", "svg-nicu-white", "svg-nicu-ornamental", "svg-penguins",
    "svg-jolly-royal", "svg-ancient-egyptians", "svg-dondorf", "svg-gm-paris",
)


def _fetch(workdir: Path) -> Path:
    subprocess.run(["apt-get", "download", "kdegames-card-data-kf5"], cwd=workdir, check=True)
    deb = next(workdir.glob("kdegames-card-data-kf5_*.deb"))
    subprocess.run(["dpkg", "-x", str(deb), str(workdir / "ex")], check=True)
    return workdir / "ex" / "usr" / "share" / "carddecks"


def _render(svg: Path, element: str, out: Path, width: int) -> np.ndarray | None:
    result = subprocess.run(
        ["rsvg-convert", "-i", element, "-w", str(width), "-b", "none", "-o", str(out), str(svg)],
        capture_output=True,
        check=False,
    )
    if result.returncode != 0 or not out.exists():
        return None
    image = cv2.imread(str(out), cv2.IMREAD_UNCHANGED)
    if image is None or image.ndim != 3 or image.shape[2] != 4:
        return None
    ys, xs = np.nonzero(image[:, :, 3] > 16)
    if len(xs) == 0:
        return None
    return image[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


def _rasterise(svg: Path, element: str, out: Path, width: int) -> bool:
    """Render one element, crop it to its visible bounds and scale it to ``width``.

    Some decks export the whole page for one element, so the card comes out small: it is
    rendered again larger until the crop is at least ``width`` pixels wide.
    """
    scale = width
    for _ in range(3):
        card = _render(svg, element, out, scale)
        if card is None:
            out.unlink(missing_ok=True)
            return False
        if card.shape[1] >= width * 0.95:
            break
        scale = min(int(scale * width / max(card.shape[1], 1) * 1.05), 12000)
    aspect = card.shape[0] / card.shape[1]
    if not 1.25 <= aspect <= 1.65:  # not a whole card (a broken export)
        out.unlink(missing_ok=True)
        return False
    card = cv2.resize(card, (width, round(width * aspect)), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(out), card)
    return True


def main() -> None:
    """Fetch and rasterise every deck."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/dealerassist-vision/art"))
    parser.add_argument("--width", type=int, default=240)
    parser.add_argument("--source", type=Path, help="an already extracted carddecks folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = args.source or _fetch(Path(tmp))
        for deck in DECKS:
            svgz = next((root / deck).glob("*.svgz"))
            target = args.out / deck.removeprefix("svg-")
            target.mkdir(parents=True, exist_ok=True)
            svg = target / "_deck.svg"
            svg.write_bytes(gzip.decompress(svgz.read_bytes()))
            count = 0
            for rank, rank_id in RANK_IDS.items():
                for suit, suit_id in SUIT_IDS.items():
                    count += _rasterise(svg, f"{rank_id}_{suit_id}", target / f"{rank}{suit}.png",
                                        args.width)
            _rasterise(svg, "back", target / "back.png", args.width)
            svg.unlink()
            print(f"{deck}: {count} faces")


if __name__ == "__main__":
    main()
