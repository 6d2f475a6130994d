"""House rules: ``rules.yaml`` read into typed, validated `HouseRules` (errors carry FILE:LINE).

The rules layer may import games, evaluation, cards and errors only (never the engine).
"""

from dealerassist.rules.loader import (
    load_rules,
    parse_rules_text,
    validate_rules_file,
    validate_rules_text,
)
from dealerassist.rules.model import HouseRules
from dealerassist.rules.problems import Problem, RulesFileErrors
from dealerassist.rules.profiles import default_rules, phh_profile

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
