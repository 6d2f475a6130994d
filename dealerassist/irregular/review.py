"""Flags of a recorded hand for review: what `dealerassist replay` lists beside its own.

The replay applies each recorded action as it happened and lists the actions that break
the rules in force (engine rule IDs: BET-NL-MIN, IRR-OUT-OF-TURN...). `review_flags` runs
the detectors over the same events and returns the irregularities they find, named by
their catalogue rule (IRR-UNDERRAISE, IRR-OVERBET-PL, IRR-CAPPED, IRR-DECK...), skipping
what the replay already listed under the same rule and message.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dealerassist.engine.setup import HandSetup
from dealerassist.irregular.detectors import detect
from dealerassist.irregular.flags import Flag
from dealerassist.rules.model import HouseRules

__all__ = ["review_flags", "review_records"]


def review_flags(setup: HandSetup, events: Sequence[object], *,
                 rules: HouseRules | None = None,
                 already: Iterable[tuple[str, str]] = ()) -> tuple[Flag, ...]:
    """Return the detectors' flags of a replayed hand, minus those ``already`` listed."""
    known = set(already)
    flags = detect(setup, events, rules=rules, as_recorded=True).flags
    return tuple(f for f in flags if (f.rule_id, f.message) not in known)


def review_records(setup: HandSetup, events: Sequence[object], *,
                   rules: HouseRules | None = None,
                   already: Iterable[tuple[str, str]] = ()) -> list[dict[str, str]]:
    """Return `review_flags` as replay JSON records: ``rule_id``, ``message``, ``severity``."""
    return [{"rule_id": f.rule_id, "message": f.message, "severity": f.severity.value}
            for f in review_flags(setup, events, rules=rules, already=already)]
