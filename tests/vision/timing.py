"""Shared by the sameness scripts' latency figures (run as scripts, not collected by pytest)."""

from __future__ import annotations

import numpy as np


def print_percentiles(times: dict[str, dict[str, list[float]]]) -> None:
    """Print p50 / p95 of each measured kind (ms) for each variant, one line a variant."""
    for name, kinds in times.items():
        print(name, "  ".join(
            f"{kind} p50 {np.percentile(values, 50):.2f} p95 {np.percentile(values, 95):.2f}"
            f" ms (n={len(values)})" for kind, values in kinds.items()))
