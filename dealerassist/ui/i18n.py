"""Loading the console's Qt translation files (resources/i18n/dealerassist_<lang>.qm).

English is the source language; French comes from ``dealerassist_fr.qm``, compiled from
``dealerassist_fr.ts`` with ``pyside6-lrelease`` (see docs/console.md).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator

from dealerassist.ui.settings import Language

__all__ = ["I18N_DIR", "install_translator", "translations_path"]

I18N_DIR = Path(__file__).resolve().parents[1] / "resources" / "i18n"


def translations_path(language: Language) -> Path:
    """Return the .qm file for a language."""
    return I18N_DIR / f"dealerassist_{language.value}.qm"


_installed: QTranslator | None = None


def install_translator(app: QCoreApplication, language: Language) -> bool:
    """Switch the application's translator to ``language``; True when one is loaded.

    English needs none. A missing file leaves English in place (never an error for a
    dealer mid-shift).
    """
    global _installed
    if _installed is not None:
        app.removeTranslator(_installed)
        _installed = None
    if language is Language.ENGLISH:
        return False
    translator = QTranslator(app)
    if not translator.load(str(translations_path(language))):
        return False
    app.installTranslator(translator)
    _installed = translator
    return True
