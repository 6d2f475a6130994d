"""The one check every view-model makes of its amounts: whole, non-negative chips."""

from __future__ import annotations

__all__ = ["check_chips"]


def check_chips(owner: str, **amounts: int | None) -> None:
    """Raise ValueError naming the field when an amount is not a non-negative int."""
    for name, value in amounts.items():
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{owner}.{name} must be an int number of chips, got {value!r}")
        if value < 0:
            raise ValueError(f"{owner}.{name} must not be negative, got {value}")
