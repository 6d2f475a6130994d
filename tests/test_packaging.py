"""What a wheel install ships: every resource the app reads at run time is package data.

The vision model and the console's translations were once kept outside the package and
were then missing from a non-editable install (the camera could not start). They live
under `dealerassist/resources/` now; this test fails if a resource is added there that the
`[tool.setuptools.package-data]` patterns of pyproject.toml would leave out of the wheel.
"""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "dealerassist"


def _patterns() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["setuptools"]["package-data"]["dealerassist"]


def _shipped(relative: str, patterns: list[str]) -> bool:
    # setuptools reads "**/*.x" as any depth below the package, "*.x" as the top level.
    return any(fnmatch(relative, pattern.replace("**/", "*")) if "**/" in pattern
               else fnmatch(relative, pattern) and "/" not in relative
               for pattern in patterns)


def test_every_file_under_resources_is_package_data() -> None:
    patterns = _patterns()
    files = [path.relative_to(PACKAGE).as_posix()
             for path in (PACKAGE / "resources").rglob("*") if path.is_file()]
    assert files, "dealerassist/resources is empty"
    left_out = [name for name in files if not _shipped(name, patterns)]
    assert left_out == []


def test_the_model_and_the_french_translation_are_read_from_inside_the_package() -> None:
    base = resources.files("dealerassist") / "resources"
    assert (base / "vision" / "card_index.onnx").is_file()
    assert (base / "i18n" / "dealerassist_fr.qm").is_file()


def test_a_file_the_patterns_do_not_name_would_be_noticed() -> None:
    assert not _shipped("resources/vision/weights.pt", _patterns())
    assert _shipped("resources/vision/card_index.onnx", _patterns())
