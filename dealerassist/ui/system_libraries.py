"""The system libraries Qt needs to open a window on Linux, and the packages that hold them.

On a fresh Linux desktop Qt's X11 platform plugin (``libqxcb.so``) may not load because
a system library is missing; Qt then prints a generic "could not load the Qt platform
plugin xcb" and aborts. Before Qt starts, the console loads that plugin itself: when it
cannot, it names the missing libraries and the Debian / Ubuntu packages to install, in
one line (`missing_message`). A library missing under PySide6 itself (``libEGL.so.1``
when ``PySide6.QtGui`` is imported) is named the same way.

No PySide6 here: the CLI reads this module when PySide6 itself could not be imported.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["PACKAGES", "libraries_named", "missing_for_plugin", "missing_message"]

PACKAGES: dict[str, str] = {
    # What libqxcb.so and libQt6XcbQpa.so.6 link (readelf -d), by Debian 12 / Ubuntu package.
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libGL.so.1": "libgl1",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    # What PySide6's QtGui itself links beyond the C++ runtime.
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
}
"""Shared library (soname) -> the Debian and Ubuntu package that installs it."""

_SONAME = re.compile(r"(lib[\w.+-]+?\.so(?:\.\d+)*)")

Loader = Callable[[str], object]


def _dlopen(name: str) -> object:
    return ctypes.CDLL(name)


def libraries_named(text: str) -> list[str]:
    """Return the shared libraries an error message names (``libEGL.so.1: cannot open``)."""
    return list(dict.fromkeys(_SONAME.findall(text)))


def missing_for_plugin(plugin: Path, *, load: Loader | None = None) -> list[str]:
    """Return the libraries missing for ``plugin`` to load ([] when it loads or is absent).

    The plugin is loaded as Qt would load it (the dynamic loader then keeps it for Qt).
    When it fails, every library of `PACKAGES` is tried, so that one message names all of
    those missing, not only the first the loader met.
    """
    if not plugin.is_file():
        return []  # not this Qt's layout: Qt reports for itself
    load = load or _dlopen
    try:
        load(str(plugin))
    except OSError as error:
        named = [name for name in libraries_named(str(error)) if Path(name).name != plugin.name]
    else:
        return []
    missing = []
    for soname in PACKAGES:
        try:
            load(soname)
        except OSError:
            missing.append(soname)
    return list(dict.fromkeys([*named, *missing])) or [plugin.name]


def missing_message(missing: Iterable[str], *, what: str = "open a window") -> str:
    """Return one line naming the missing libraries and the packages to install."""
    missing = list(missing)
    packages = list(dict.fromkeys(PACKAGES[name] for name in missing if name in PACKAGES))
    unknown = [name for name in missing if name not in PACKAGES]
    line = (f"the console cannot {what}: Qt needs system libraries that are missing "
            f"({', '.join(missing)})")
    if packages:
        line += f"; on Debian or Ubuntu: sudo apt install {' '.join(packages)}"
    if unknown and not packages:
        line += "; install them with your system's package manager"
    return line
