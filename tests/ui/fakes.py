"""A fake controller for console tests: records lines, answers from a script."""

from __future__ import annotations

from collections.abc import Callable

from dealerassist.session.viewmodels import TableView
from dealerassist.ui.bridge import SubmitResult

Answer = Callable[[str, TableView], SubmitResult]


class FakeController:
    """Records every submitted line; ``answer`` decides the result (default: accept)."""

    def __init__(self, view: TableView, answer: Answer | None = None):
        self.view = view
        self.lines: list[str] = []
        self.answer = answer

    def current_view(self) -> TableView:
        return self.view

    def submit(self, line: str) -> SubmitResult:
        self.lines.append(line)
        if self.answer is None:
            return SubmitResult(ok=True, view=self.view)
        result = self.answer(line, self.view)
        if result.ok:
            self.view = result.view
        return result
