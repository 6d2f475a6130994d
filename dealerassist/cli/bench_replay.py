"""Bench part: PHH replay throughput (dealerassist vs pokerkit, same run) and action latency.

``measure(quick=...)`` replays the board-game hands of the PHH corpus from their text to the
settled end with both engines (pokerkit only if installed: it is a bench reference, never a
run-time dependency) and reports hands per second, plus the latency of one dealer action:
applying a betting event and computing the fresh limits (`legal_actions`) and pots.
The corpus is looked for in ``$DEALERASSIST_CORPUS``, ``/work/shared/corpus`` and
``shared/corpus`` next to the working directory or the package; without it every figure is
null.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from dealerassist.engine import apply, legal_actions, pots
from dealerassist.games import GAMES, Family
from dealerassist.journal.phh import parse_phh, replay

_BOARD_CODES = {code for code, spec in GAMES.items() if spec.family is Family.BOARD}


def _corpus_dir() -> Path | None:
    candidates = []
    if os.environ.get("DEALERASSIST_CORPUS"):
        candidates.append(Path(os.environ["DEALERASSIST_CORPUS"]))
    candidates.append(Path("/work/shared/corpus"))
    candidates.append(Path.cwd() / "shared" / "corpus")
    candidates.append(Path(__file__).resolve().parents[2] / "shared" / "corpus")
    for candidate in candidates:
        if (candidate / "phh").is_dir():
            return candidate
    return None


def _board_texts(limit: int | None) -> list[str]:
    corpus = _corpus_dir()
    if corpus is None:
        return []
    texts = []
    for path in sorted((corpus / "phh").rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        try:
            variant = parse_phh(text).variant
        except Exception:  # noqa: BLE001 - a bad file is simply not benchmarked
            continue
        if variant in _BOARD_CODES:
            texts.append(text)
        if limit is not None and len(texts) >= limit:
            break
    return texts


def _rate(function: Any, texts: list[str], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        for text in texts:
            function(text)
        best = min(best, time.perf_counter() - started)
    return round(len(texts) / best, 1) if best > 0 else 0.0


def _ours(text: str) -> None:
    replay(parse_phh(text))


def _pokerkit_function() -> Any:
    try:
        from pokerkit import HandHistory  # bench reference only, never imported at run time
    except ImportError:
        return None

    def run(text: str) -> None:
        for _ in HandHistory.loads(text):
            pass

    return run


def _latencies(texts: list[str]) -> list[float]:
    """Milliseconds from one betting event to fresh limits and pots, over every action."""
    from dealerassist.engine import BetPlaced, Called, Checked, Folded, RaisedTo, new_hand
    from dealerassist.rules import phh_profile

    rules = phh_profile()
    samples: list[float] = []
    betting = (Folded, Checked, Called, BetPlaced, RaisedTo)
    for text in texts:
        result = replay(parse_phh(text), rules=rules)
        state = new_hand(result.history.setup(rules))
        for event in result.events:
            if isinstance(event, betting):
                started = time.perf_counter()
                state = apply(state, event)
                legal_actions(state)
                pots(state)
                samples.append((time.perf_counter() - started) * 1000.0)
            else:
                from dealerassist.engine import evolve

                state = evolve(state, event)
    return samples


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))
    return round(ordered[index], 4)


def measure(*, quick: bool) -> dict[str, dict[str, float | None]]:
    """Replay throughput and action latency; null figures when the corpus is missing."""
    texts = _board_texts(120 if quick else None)
    result: dict[str, dict[str, float | None]] = {
        "replay": {"dealerassist_hands_per_s": None, "pokerkit_hands_per_s": None},
        "action_latency_ms": {"p50": None, "p99": None},
    }
    if not texts:
        return result
    import warnings

    repeats = 1 if quick else 3
    result["replay"]["dealerassist_hands_per_s"] = _rate(_ours, texts, repeats)
    theirs = _pokerkit_function()
    if theirs is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result["replay"]["pokerkit_hands_per_s"] = _rate(theirs, texts, repeats)
    samples = _latencies(texts)
    if samples:
        result["action_latency_ms"] = {"p50": _percentile(samples, 0.5),
                                       "p99": _percentile(samples, 0.99)}
    return result
