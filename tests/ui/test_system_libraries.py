"""When Qt cannot start for want of system libraries, one line names them and the packages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QLibraryInfo

from dealerassist.cli.main import main as cli_main
from dealerassist.ui import system_libraries
from dealerassist.ui.system_libraries import (
    PACKAGES,
    libraries_named,
    missing_for_plugin,
    missing_message,
)

PLUGIN = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms" / "libqxcb.so"


NOT_FOUND = ": cannot open shared object file: No such file or directory"


def _loader_without(*absent: str):
    def load(name: str) -> object:
        if name in absent:
            raise OSError(name + NOT_FOUND)
        if name.endswith("libqxcb.so") and absent:
            raise OSError(absent[0] + NOT_FOUND)
        return object()
    return load


def test_missing_xcb_libraries_are_named_with_their_packages(tmp_path):
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    missing = missing_for_plugin(plugin, load=_loader_without("libxcb-cursor.so.0",
                                                              "libxkbcommon-x11.so.0"))
    assert missing == ["libxcb-cursor.so.0", "libxkbcommon-x11.so.0"]
    line = missing_message(missing)
    assert "\n" not in line
    assert line.endswith("sudo apt install libxcb-cursor0 libxkbcommon-x11-0")
    assert "libxcb-cursor.so.0, libxkbcommon-x11.so.0" in line


def test_nothing_missing_when_the_plugin_loads(tmp_path):
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    assert missing_for_plugin(plugin, load=_loader_without()) == []
    assert missing_for_plugin(tmp_path / "absent.so", load=_loader_without("libxcb.so.1")) == []


@pytest.mark.skipif(not PLUGIN.is_file(), reason="this Qt has no xcb plugin file")
def test_this_machine_has_every_library_of_the_xcb_plugin():
    assert missing_for_plugin(PLUGIN) == []


def test_every_package_name_is_a_debian_name():
    for soname, package in PACKAGES.items():
        assert soname.startswith("lib") and ".so" in soname
        assert package == package.lower() and " " not in package


def test_libraries_are_read_from_the_loaders_message():
    text = "libEGL.so.1: cannot open shared object file: No such file or directory"
    assert libraries_named(text) == ["libEGL.so.1"]
    assert libraries_named("libglib-2.0.so.0: cannot open") == ["libglib-2.0.so.0"]


def test_the_console_names_missing_xcb_packages_in_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    plugin_dir = tmp_path / "platforms"
    plugin_dir.mkdir()
    (plugin_dir / "libqxcb.so").write_bytes(b"")
    monkeypatch.setenv("QT_QPA_PLATFORM_PLUGIN_PATH", str(plugin_dir))
    monkeypatch.setattr(system_libraries, "_dlopen", _loader_without("libxcb-cursor.so.0"))
    monkeypatch.setattr("PySide6.QtWidgets.QApplication.instance", staticmethod(lambda: None))
    assert cli_main(["--demo"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "libxcb-cursor.so.0" in err and "sudo apt install libxcb-cursor0" in err


@pytest.mark.skipif(not PLUGIN.is_file() or not sys.platform.startswith("linux"),
                    reason="needs Qt's xcb plugin on Linux")
def test_a_real_plugin_that_cannot_load_is_one_line_not_an_abort(tmp_path):
    # A copy of the real plugin whose link to libxcb-cursor names a library no system has:
    # the dynamic loader refuses it as it would on a desktop without libxcb-cursor0.
    data = PLUGIN.read_bytes()
    assert b"libxcb-cursor.so.0" in data
    # Laid out as in PySide6 (plugins/platforms beside lib) so its RUNPATH finds Qt.
    plugin_dir = tmp_path / "plugins" / "platforms"
    plugin_dir.mkdir(parents=True)
    (tmp_path / "lib").symlink_to(PLUGIN.parents[2] / "lib")
    (plugin_dir / "libqxcb.so").write_bytes(data.replace(b"libxcb-cursor.so.0",
                                                         b"libxcb-cursoX.so.0"))
    env = dict(os.environ, DISPLAY=":0", QT_QPA_PLATFORM_PLUGIN_PATH=str(plugin_dir))
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run([sys.executable, "-m", "dealerassist", "--demo"], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "libxcb-cursoX.so.0" in done.stderr
    assert "could not load the Qt platform plugin" not in done.stderr.lower()
