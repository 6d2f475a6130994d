"""Floor tools widgets (issue 10): rulings browser, hand stepper, incident records.

Entry point: `open_floor(parent, rules=..., db_path=...)`.
"""

from dealerassist.ui.floor.window import FloorWindow, open_floor

__all__ = ["FloorWindow", "open_floor"]
