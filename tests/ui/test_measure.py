"""The console's speed measurements run (figures are reported by the slow test / bench)."""

from __future__ import annotations

import pytest

from dealerassist.ui.measure import (
    measure_click_to_repaint,
    measure_click_to_repaint_live,
    measure_cold_start,
)


def test_click_to_repaint_is_measured_for_every_click(qapp):
    figures = measure_click_to_repaint(clicks=4)
    assert len(figures) == 4 and all(value > 0 for value in figures)


def test_live_click_to_repaint_goes_through_the_journal(qapp, tmp_path):
    figures = measure_click_to_repaint_live(clicks=4, db=str(tmp_path / "j.sqlite3"))
    assert len(figures) == 4


def test_cold_start_probe_reports_the_first_paint(tmp_path):
    (seconds,) = measure_cold_start(runs=1, db=str(tmp_path / "journal.sqlite3"))
    assert 0 < seconds < 60


@pytest.mark.slow
def test_console_speed_figures(qapp, capsys, tmp_path):
    start = sorted(measure_cold_start(runs=5))
    live = sorted(measure_cold_start(runs=5, db=str(tmp_path / "journal.sqlite3")))
    repaint = sorted(measure_click_to_repaint(clicks=100))
    live_repaint = sorted(measure_click_to_repaint_live(
        clicks=100, db=str(tmp_path / "clicks.sqlite3")))
    with capsys.disabled():
        print(f"\ncold start to first paint, s: median {start[2]:.3f} max {start[-1]:.3f}")
        print(f"live (journal) cold start, s: median {live[2]:.3f} max {live[-1]:.3f}")
        print(f"click to repaint, ms: median {repaint[50]:.2f} "
              f"p95 {repaint[94]:.2f} max {repaint[-1]:.2f}")
        print(f"click to repaint on a live SQLite journal, ms: median {live_repaint[50]:.2f} "
              f"p95 {live_repaint[94]:.2f} max {live_repaint[-1]:.2f}")
    assert start[2] < 2.0 and live[2] < 2.0
    assert repaint[50] < 50.0 and live_repaint[50] < 50.0
