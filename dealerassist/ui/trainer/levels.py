"""The trainer's levels as the screens name them, in the console's language.

One translation context (``TrainerLevels``) so the drill, certification and progress screens
say "beginner" / "débutant" the same way; the value kept with each item is the level's
stable name (`Difficulty`), which the history records.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox

from dealerassist.trainer import Difficulty

__all__ = ["fill_level_box", "level_name"]


def level_name(level: str) -> str:
    """Return a level's name in the console's language (its own value if unknown)."""
    names = {
        Difficulty.BEGINNER.value: QCoreApplication.translate("TrainerLevels", "beginner"),
        Difficulty.INTERMEDIATE.value: QCoreApplication.translate("TrainerLevels",
                                                                  "intermediate"),
        Difficulty.ADVANCED.value: QCoreApplication.translate("TrainerLevels", "advanced"),
    }
    return names.get(level, level)


def fill_level_box(box: QComboBox, *, current: Difficulty = Difficulty.BEGINNER) -> None:
    """Put every level in ``box`` (shown translated, data: the level's value)."""
    for level in Difficulty:
        box.addItem(level_name(level.value), level.value)
    box.setCurrentIndex(box.findData(current.value))
