"""House rules: ``rules.yaml`` read into typed, validated `HouseRules` (errors carry FILE:LINE).

The rules layer may import games, evaluation, cards and errors only (never the engine).
Names are loaded on first use (PEP 562), so code that only needs `HouseRules` or
`phh_profile` (the engine, ``dealerassist replay``) never imports the YAML reader.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dealerassist.rules.loader import (
        load_rules,
        parse_rules_text,
        validate_rules_file,
        validate_rules_text,
    )
    from dealerassist.rules.model import HouseRules
    from dealerassist.rules.problems import Problem, RulesFileErrors
    from dealerassist.rules.profiles import default_rules, phh_profile

# public name -> the module defining it
_HOMES = {
    "HouseRules": "dealerassist.rules.model",
    "Problem": "dealerassist.rules.problems",
    "RulesFileErrors": "dealerassist.rules.problems",
    "default_rules": "dealerassist.rules.profiles",
    "load_rules": "dealerassist.rules.loader",
    "parse_rules_text": "dealerassist.rules.loader",
    "phh_profile": "dealerassist.rules.profiles",
    "validate_rules_file": "dealerassist.rules.loader",
    "validate_rules_text": "dealerassist.rules.loader",
}

__all__ = [
    "HouseRules",
    "Problem",
    "RulesFileErrors",
    "default_rules",
    "load_rules",
    "parse_rules_text",
    "phh_profile",
    "validate_rules_file",
    "validate_rules_text",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
