"""What the console needs from the session, and the Qt object that connects them.

The console never decides anything about the hand: it sends the dealer's command lines to
a `Controller` and draws the TableView it gets back. `Controller` is the small protocol
below; the session's controller (``dealerassist.session.controller``) satisfies it through
`SessionControllerAdapter`, the demo through ``ui.demo.DemoController``, and tests through
a fake. `ConsoleBridge` turns each answer into Qt signals for the widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import QObject, Signal

from dealerassist.errors import DealerAssistError
from dealerassist.session.viewmodels import TableView

__all__ = ["Controller", "ConsoleBridge", "LoadingController", "SubmitResult"]


@dataclass(frozen=True, slots=True)
class SubmitResult:
    """The answer to one command line.

    Attributes:
        ok: The command was accepted (journaled and applied).
        view: The table after the command (unchanged when refused).
        error: Why the command was refused, naming the problem; "" when accepted.
        rule_id: The rule that refused it, if any.

    """

    ok: bool
    view: TableView
    error: str = ""
    rule_id: str = ""


@runtime_checkable
class Controller(Protocol):
    """What the console needs from a table session."""

    def submit(self, line: str) -> SubmitResult:
        """Apply one command-language line; a refusal leaves the table unchanged."""
        ...

    def current_view(self) -> TableView:
        """Return the table as it stands."""
        ...


class ConsoleBridge(QObject):
    """Sends command lines to the controller and signals the result to the widgets."""

    view_changed = Signal(object)
    """A new TableView to draw."""
    refused = Signal(str)
    """A command was refused; the message says why."""
    accepted = Signal(str)
    """A command line was accepted."""

    def __init__(self, controller: Controller, parent: QObject | None = None):
        super().__init__(parent)
        self.controller = controller
        self.sent: list[str] = []
        # Asks a dealer's password without echo for ``dealer in NAME`` at a room's table.
        self.ask_password: Any = None

    def view(self) -> TableView:
        """Return the controller's current view."""
        return self.controller.current_view()

    def poll(self) -> None:
        """Ask the controller for news from outside (the card room); redraw if any."""
        poll = getattr(self.controller, "poll", None)
        if poll is not None and poll():
            self.view_changed.emit(self.controller.current_view())

    def send(self, line: str) -> SubmitResult:
        """Submit one line; never raises (a failure becomes a `refused` signal)."""
        self.sent.append(line)
        if self.ask_password is not None and hasattr(self.controller, "ask_password"):
            self.controller.ask_password = self.ask_password
        try:
            result = self.controller.submit(line)
        except DealerAssistError as error:
            result = SubmitResult(ok=False, view=self.controller.current_view(), error=str(error),
                                  rule_id=getattr(error, "rule_id", ""))
        except Exception as error:  # noqa: BLE001 - a dealer never sees a traceback
            result = SubmitResult(ok=False, view=self.controller.current_view(),
                                  error=f"internal error: {type(error).__name__}: {error}")
        if result.ok:
            self.accepted.emit(line)
            self.view_changed.emit(result.view)
        else:
            self.refused.emit(f"{line}: {result.error}")
        return result


class LoadingController:
    """Stands in while the journal is replayed in the background: refuses every command."""

    def __init__(self, message: str = "Opening the table journal…"):
        self._view = TableView(message=message)

    def current_view(self) -> TableView:
        """Return an empty table with the loading message."""
        return self._view

    def submit(self, line: str) -> SubmitResult:
        """Refuse: nothing can be recorded before the journal is open."""
        return SubmitResult(ok=False, view=self._view,
                            error="the table journal is still opening; try again in a moment")
