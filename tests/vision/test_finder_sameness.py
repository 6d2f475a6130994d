"""The faster card finder finds what it found before: the same quads, in the same order.

The finder of commit ``BASE`` (``geometry``, ``quads``, ``card_hypotheses`` and
``card_metric`` before the speed work) is loaded from git next to today's and both search
the same held-out-style frames of a seed other than the held-out one (all conditions).
Every clean outline, every hypothesis (with no outline settled, and with every other one
settled) and every kept quad must match, corner by corner to 1e-4 px, in the same order;
today's reader then keeps the same sightings behind either finder.

Since the hypotheses are put on the card edges at their index corners and ranked by how
well they lie there (`edge_snap`, a change of what is found, on purpose), the sameness is
proven with that step replaced by one that leaves every hypothesis where it is (the speed
work is what this proves); with it, the clean outlines are still the same and each
hypothesis is still there, only moved (as many, before repeats are dropped). The shortest
outline edge a corner is taken from (``geometry._CORNER_EDGE``) is held at ``BASE``'s for the
proof, should it be changed on purpose (a draft took 0.15 of a short side, not 0.25), and
open outlines lying on outlines settled as one card each are searched (``_COVERED``) as in
``BASE``: today's finder leaves them alone, a change of what is searched, on purpose.
Hypotheses repeat each other within ``BASE``'s distance for the proof (15 % of a quad's
diagonal; ``geometry._REPEAT`` keeps those 12-15 % apart).
More changes of what is found, on purpose, are turned off for the proof: corners of
an outline simplified to a short edge (``card_hypotheses._CUT_CORNER``, a card's rounded
or nicked corner), regions of the lifted (glare) mask searched for corners
(``geometry._LIFTED_REGIONS``), the holes dark pips leave in what a hypothesis may lie
on filled (``geometry._FILLED_SUPPORT``), a much smaller region inside a clean outline
no longer taken for it (``geometry._SMALLER_INSIDE``), and a clean outline far larger than
a card holding such a region demoted to a region (``geometry._HOSTS_DEMOTED``, which
never happens while ``_SMALLER_INSIDE`` is off), and cards whose edge is a line inside a
region of several (``geometry._LINE_HYPOTHESES``), cards whose corner is hidden between
two square edges of a region (``geometry._HIDDEN_CORNERS``), the fallback card size
taken from outlines of a card's shape (``geometry._FALLBACK_ASPECT``), and the hulls of
ragged regions of a card's shape and size (``geometry._RAGGED_HULLS``). The reader's step
past clean outlines read as no card (``recogniser._PAST_BLANKS``, which ``BASE``'s finder
had no argument for) is off too, and so is its second search of frames where no outline
was settled (``recogniser._REFIT``, which asks ``BASE``'s finder for a metric it knew
nothing of), and so are its cuts of blank hypotheses' corners to either side
(``recogniser._BESIDE``), its courts read from their faces (``recogniser._COURTS``) and
what is left of a region past the cards read searched (``recogniser._RESIDUAL``).

Run as a script for the latency figures, before and after interleaved (the machine is
shared), OpenCV on one thread (CPU time of the finder as the reader calls it, and of
the whole frame); ``--base`` takes another commit's finder as "before" (49c52bf: the
finder before `edge_snap`)::

    nice -n 5 .venv/bin/python tests/vision/test_finder_sameness.py --rounds 10
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import types
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
BASE = "94a83f9"  # the finder before the speed work (issue 9)
SEED = 777  # not the held-out seed (20261130) nor the calibration seed (2027)
_MODULES = ("quads", "card_metric", "card_hypotheses", "edge_snap", "geometry")  # import order
_TOLERANCE = 1e-4  # pixels


def _git_show(path: str, commit: str = BASE) -> str:
    return subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def base_finder(commit: str = BASE) -> types.ModuleType:
    """The ``geometry`` module of ``commit``, with its helpers of that commit too."""
    sources = {}
    try:
        for name in _MODULES:
            try:
                sources[name] = _git_show(f"dealerassist/vision/{name}.py", commit)
            except subprocess.CalledProcessError:
                if name != "edge_snap":  # the finder before edge_snap had none
                    raise
    except (OSError, subprocess.CalledProcessError):
        pytest.skip(f"git history with commit {commit} is not available")
    module = None
    for name in sources:
        source = sources[name]
        for other in _MODULES:
            source = source.replace(f"from dealerassist.vision.{other} import",
                                    f"from _base_finder_{commit}_{other} import")
        module = types.ModuleType(f"_base_finder_{commit}_{name}")
        module.__file__ = str(ROOT / "dealerassist" / "vision" / f"{name}.py")
        sys.modules[module.__name__] = module
        exec(compile(source, f"<{BASE}:{name}>", "exec"), module.__dict__)  # noqa: S102
    return module


def frames(per_condition: int) -> list[np.ndarray]:
    """Held-out-style frames of seed ``SEED``: 6 conditions x decks x per_condition."""
    from dealerassist.cli.bench_vision import _decks
    from dealerassist.vision.designs import heldout_scenes

    return [scene.image for _, _, scene in
            heldout_scenes(_decks(), per_condition=per_condition, seed=SEED)]


def _same_quads(before, after) -> bool:
    if len(before) != len(after):
        return False
    return all(a.single == b.single
               and float(np.abs(np.asarray(a.corners, np.float64)
                                - np.asarray(b.corners, np.float64)).max()) <= _TOLERANCE
               for a, b in zip(before, after, strict=True))


def _searched(module: types.ModuleType, image: np.ndarray) -> list[list]:
    """Outlines, hypotheses (none settled, every other outline settled) and kept quads."""
    search = module.CardSearch(image)
    every_other = list(range(0, len(search.singles), 2))
    hypotheses = search.hypotheses()
    return [search.singles, hypotheses, search.hypotheses(settled=every_other),
            search.found(hypotheses).quads]


_BASE_CORNER_EDGE = 0.25 / (88 / 63)  # a corner's shortest edge in BASE (0.25 short side)
_BASE_REPEAT = 0.85  # hypotheses within 15 % of a diagonal repeat each other in BASE


def _unsnapped(gray: np.ndarray, quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`edge_snap.snap_quads` that moves nothing and ranks every hypothesis the same."""
    return np.asarray(quads, np.float32), np.zeros(len(quads))


def _without_blanks(search_class: type) -> type:
    """``BASE``'s CardSearch taking today's ``blank`` arguments (always empty in the proof).

    Today's reader passes the clean outlines read as no card at both corners (to `found`
    and `hypotheses`); ``BASE``'s finder had no such argument. The proof turns that reader step off
    (``recogniser._PAST_BLANKS``), so both finders are asked the same.
    """

    class Base(search_class):
        def found(self, hypotheses, *, max_hypotheses: int = 40, blank=()):
            assert not blank
            return super().found(hypotheses, max_hypotheses=max_hypotheses)

        def hypotheses(self, *, blank=(), **options):
            assert not blank
            return super().hypotheses(**options)

    return Base


def _sightings(recogniser, image: np.ndarray, number: int) -> list:
    return [(r.sighting.card, r.sighting.box, r.sighting.zone, r.sighting.confidence)
            for r in recogniser.trace(image, frame_index=number).kept]


@pytest.mark.slow
def test_the_faster_finder_finds_every_quad_the_finder_before_it_found():
    import cv2

    from dealerassist.vision import card_hypotheses, geometry, recogniser
    from dealerassist.vision.recogniser import Recogniser

    cv2.setNumThreads(2)
    before = base_finder()
    reader = Recogniser()
    images = frames(per_condition=9)  # 216 frames with the two Debian decks
    differing_quads, differing_sightings, differing_snapped = [], [], []
    snap, corner_edge, covered = geometry.snap_quads, geometry._CORNER_EDGE, geometry._COVERED
    repeat = geometry._REPEAT
    cut_corner, lifted = card_hypotheses._CUT_CORNER, geometry._LIFTED_REGIONS
    filled, smaller = geometry._FILLED_SUPPORT, geometry._SMALLER_INSIDE
    lines, hidden, fallback = (geometry._LINE_HYPOTHESES, geometry._HIDDEN_CORNERS,
                               geometry._FALLBACK_ASPECT)
    ragged = geometry._RAGGED_HULLS
    refit, beside, courts = recogniser._REFIT, recogniser._BESIDE, recogniser._COURTS
    residual = recogniser._RESIDUAL
    past_blanks, base_search = recogniser._PAST_BLANKS, _without_blanks(before.CardSearch)
    for number, image in enumerate(images):
        old = _searched(before, image)
        try:
            geometry._CORNER_EDGE = _BASE_CORNER_EDGE
            geometry._COVERED = 2.0  # every open outline searched, as in BASE
            geometry._REPEAT = _BASE_REPEAT  # repeats dropped as in BASE
            card_hypotheses._CUT_CORNER = 0.0  # no cut corners, as in BASE
            geometry._LIFTED_REGIONS = False  # lifted regions not searched, as in BASE
            geometry._FILLED_SUPPORT = False  # holes in the support left, as in BASE
            geometry._SMALLER_INSIDE = 0.0  # any region inside an outline is it, as in BASE
            geometry._LINE_HYPOTHESES = False  # no lines inside regions, as in BASE
            geometry._HIDDEN_CORNERS = False  # no hidden corners, as in BASE
            geometry._FALLBACK_ASPECT = None  # the median outline's size, as in BASE
            geometry._RAGGED_HULLS = None  # no hulls of ragged regions, as in BASE
            recogniser._REFIT = False  # one search a frame, as in BASE
            recogniser._BESIDE = 0.0  # nor were blank hypotheses' corners cut aside
            recogniser._COURTS = False  # nor courts read from their faces
            recogniser._RESIDUAL = False  # nor what is left past the cards read searched
            recogniser._PAST_BLANKS = False  # BASE's finder knew no blank outlines
            snapped = _searched(geometry, image)
            geometry.snap_quads = _unsnapped
            new = _searched(geometry, image)
            recogniser.CardSearch = base_search
            old_sightings = _sightings(reader, image, number)
            recogniser.CardSearch = geometry.CardSearch
            new_sightings = _sightings(reader, image, number)
        finally:
            recogniser.CardSearch = geometry.CardSearch
            geometry.snap_quads, geometry._CORNER_EDGE = snap, corner_edge
            geometry._COVERED, geometry._REPEAT = covered, repeat
            card_hypotheses._CUT_CORNER, geometry._LIFTED_REGIONS = cut_corner, lifted
            recogniser._PAST_BLANKS = past_blanks
            geometry._FILLED_SUPPORT, geometry._SMALLER_INSIDE = filled, smaller
            geometry._LINE_HYPOTHESES = lines
            geometry._HIDDEN_CORNERS, geometry._FALLBACK_ASPECT = hidden, fallback
            geometry._RAGGED_HULLS = ragged
            recogniser._REFIT, recogniser._BESIDE, recogniser._COURTS = refit, beside, courts
            recogniser._RESIDUAL = residual
        if not all(_same_quads(a, b) for a, b in zip(old, new, strict=True)):
            differing_quads.append(number)
        if old_sightings != new_sightings:
            differing_sightings.append(number)
        if not _same_quads(old[0], snapped[0]) or [len(q) for q in old[1:3]] != [
                len(q) for q in snapped[1:3]]:
            differing_snapped.append(number)
    assert len(images) >= 200
    assert differing_quads == []
    assert differing_sightings == []
    assert differing_snapped == []


def _timed(search_class: type) -> tuple[type, list[float]]:
    """A subclass of a CardSearch adding the CPU seconds of its three steps to a counter."""
    spent = [0.0]

    class Timed(search_class):
        def __init__(self, frame: np.ndarray) -> None:
            start = time.process_time()
            super().__init__(frame)
            spent[0] += time.process_time() - start

        def hypotheses(self, **kwargs):
            start = time.process_time()
            out = super().hypotheses(**kwargs)
            spent[0] += time.process_time() - start
            return out

        def found(self, *args, **kwargs):
            start = time.process_time()
            out = super().found(*args, **kwargs)
            spent[0] += time.process_time() - start
            return out

    return Timed, spent


def main() -> None:
    """Print p50/p95 CPU ms per frame of the finder (as the reader calls it) and of the frame."""
    import cv2

    from dealerassist.vision import geometry, recogniser
    from dealerassist.vision.recogniser import Recogniser

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--rounds", type=int, default=10, help="even: half start with each")
    parser.add_argument("--per-condition", type=int, default=3)
    parser.add_argument("--base", default=BASE, help="the commit whose finder is 'before'")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    images = frames(args.per_condition)
    finders = {"before": _timed(base_finder(args.base).CardSearch),
               "after": _timed(geometry.CardSearch)}
    reader = Recogniser()
    for image in images[:3]:
        reader.recognise(image)
    times = {name: {"finder": [], "frame": []} for name in finders}
    for number in range(args.rounds):
        order = list(finders) if number % 2 == 0 else list(finders)[::-1]
        for name in order:
            search_class, spent = finders[name]
            recogniser.CardSearch = search_class
            for image in images:
                spent[0] = 0.0
                cpu = time.process_time()
                reader.recognise(image)
                times[name]["frame"].append((time.process_time() - cpu) * 1000.0)
                times[name]["finder"].append(spent[0] * 1000.0)
    recogniser.CardSearch = geometry.CardSearch
    from tests.vision.timing import print_percentiles

    print_percentiles(times)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
