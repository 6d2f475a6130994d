"""The console's settings (language, text size, window geometry, keypad mode), in QSettings."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from PySide6.QtCore import QByteArray, QSettings

__all__ = ["ConsoleSettings", "Language", "MAX_SCALE", "MIN_SCALE"]

MIN_SCALE = 80
MAX_SCALE = 200


@unique
class Language(StrEnum):
    """Languages the console speaks."""

    ENGLISH = "en"
    FRENCH = "fr"


@dataclass
class ConsoleSettings:
    """Typed access to the stored settings; bad stored values fall back to defaults."""

    store: QSettings

    @classmethod
    def default(cls) -> ConsoleSettings:
        """Return the user's settings (organisation "dealerassist", application "console")."""
        return cls(QSettings("dealerassist", "console"))

    @property
    def language(self) -> Language:
        """The chosen language (English by default)."""
        value = str(self.store.value("language", Language.ENGLISH.value))
        try:
            return Language(value)
        except ValueError:
            return Language.ENGLISH

    @language.setter
    def language(self, value: Language) -> None:
        self.store.setValue("language", Language(value).value)

    @property
    def scale(self) -> int:
        """Text scale in percent (100 = default), clamped to 80..200."""
        try:
            value = int(str(self.store.value("scale", 100)))
        except ValueError:
            value = 100
        return max(MIN_SCALE, min(MAX_SCALE, value))

    @scale.setter
    def scale(self, value: int) -> None:
        self.store.setValue("scale", max(MIN_SCALE, min(MAX_SCALE, int(value))))

    @property
    def geometry(self) -> QByteArray | None:
        """The main window's saved geometry, if any."""
        value = self.store.value("geometry")
        return value if isinstance(value, QByteArray) else None

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self.store.setValue("geometry", value)

    @property
    def keypad(self) -> bool:
        """Keypad mode: the numeric keypad (or a foot pedal) drives the actions (`ui.keypad`)."""
        return str(self.store.value("keypad", "false")).lower() in ("true", "1")

    @keypad.setter
    def keypad(self, value: bool) -> None:
        self.store.setValue("keypad", "true" if value else "false")

    def sync(self) -> None:
        """Write the settings to disk now."""
        self.store.sync()
