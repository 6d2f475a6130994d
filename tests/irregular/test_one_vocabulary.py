"""The flag vocabulary is defined once, and the report rules' helpers are truly abstract.

`FlagStatus` and `Severity` (the panel's `FlagSeverity`) travel from the detector
(`irregular.flags`) to the flags panel (`session.viewmodels`) as one enum each, so a status
never needs translating on the way; the detector's helpers that `ReportRules` relies on
are abstract methods, so a detector that forgets one cannot be created (rather than
failing mid-hand).
"""

from __future__ import annotations

import pytest

from dealerassist.irregular import flags as irregular_flags
from dealerassist.irregular.report_rules import ReportRules
from dealerassist.session import viewmodels
from dealerassist.session.viewmodels import FlagSeverity, FlagView


def test_the_flags_panel_uses_the_detectors_FlagStatus() -> None:
    assert viewmodels.FlagStatus is irregular_flags.FlagStatus
    view = FlagView(flag_id="f1", rule_id="IRR-UNDERRAISE", severity=FlagSeverity.WARNING,
                    message="m", status=irregular_flags.FlagStatus.OVERRULED)
    assert view.status is viewmodels.FlagStatus.OVERRULED


def test_the_flags_panel_uses_the_detectors_Severity() -> None:
    # A misdeal flag must reach the panel as a misdeal (its colour and label), untranslated.
    assert FlagSeverity is irregular_flags.Severity
    assert FlagSeverity.MISDEAL is irregular_flags.Severity.MISDEAL


_HELPERS = {
    "flag": lambda self, rule_id, en, fr, *, player=None, severity=None: None,
    "flag_as": lambda self, flag: None,
    "seat": lambda self, player: f"p{player + 1}",
}


@pytest.mark.parametrize("missing", sorted(_HELPERS))
def test_a_detector_missing_a_report_helper_cannot_be_created(missing: str) -> None:
    partial = type("Partial", (ReportRules,),
                   {name: helper for name, helper in _HELPERS.items() if name != missing})
    with pytest.raises(TypeError, match=rf"\b{missing}\b"):
        partial()


def test_a_detector_with_every_report_helper_can_be_created() -> None:
    complete = type("Complete", (ReportRules,), dict(_HELPERS))
    assert complete().seat(2) == "p3"
