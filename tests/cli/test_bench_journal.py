"""`dealerassist bench`'s journal part (defect 41.14): the figures, on a short journal."""

from __future__ import annotations

from dealerassist.cli import bench_journal


def test_defect_41_14_bench_opens_a_journal_it_built_and_times_commands() -> None:
    figures = bench_journal.measure_hands(120, command_hands=3)["journal"]
    assert figures["hands"] == 120  # measure_hands asserts the journal opened whole
    assert set(figures) >= {"open_s", "open_empty_s", "verified_s", "command_ms_p50",
                            "command_ms_p99", "command_ms_p50_new", "file_mb"}
    assert 0 < figures["open_s"] <= figures["verified_s"]
    assert 0 < figures["command_ms_p50"] <= figures["command_ms_p99"]
