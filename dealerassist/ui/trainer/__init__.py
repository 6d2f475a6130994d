"""Trainer mode widgets (issue 10): drill session, certification, progress chart.

Entry point: `open_trainer(parent, rules=..., db_path=...)`.
"""

from dealerassist.ui.trainer.window import TrainerWindow, open_trainer

__all__ = ["TrainerWindow", "open_trainer"]
