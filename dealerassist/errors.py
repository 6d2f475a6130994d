"""The project's exception tree, so callers can catch one family and show a clear message.

DealerAssistError
 ├── InvalidCardError (also ValueError)      bad card text, duplicate card, wrong card count
 ├── RulesFileError(path, line)              rules.yaml problems, one per message
 ├── IllegalActionError(rule_id, reason)     an action the rules forbid; state unchanged
 ├── HandHistoryError(path, detail)          a PHH file that cannot be read or replayed
 ├── JournalError                            journal database problems (corrupt, foreign, locked)
 └── RecognitionError                        camera / image problems
"""

from __future__ import annotations


class DealerAssistError(Exception):
    """Base of every error this package raises on purpose."""


class InvalidCardError(DealerAssistError, ValueError):
    """Card text that cannot be read, a duplicate card, or a wrong number of cards."""


class RulesFileError(DealerAssistError):
    """A problem in a house rules file, located by file and line."""

    def __init__(self, message: str, *, path: str = "", line: int = 0) -> None:
        self.path = path
        self.line = line
        self.detail = message
        where = f"{path}:{line}: " if path else ""
        super().__init__(f"{where}{message}")


class IllegalActionError(DealerAssistError, ValueError):
    """An action the rules forbid. The state it was tried on is left unchanged."""

    def __init__(self, reason: str, *, rule_id: str = "") -> None:
        self.rule_id = rule_id
        self.reason = reason
        super().__init__(f"{reason} [{rule_id}]" if rule_id else reason)


class HandHistoryError(DealerAssistError):
    """A hand history file that cannot be read or replayed."""

    def __init__(self, detail: str, *, path: str = "") -> None:
        self.path = path
        self.detail = detail
        super().__init__(f"{path}: {detail}" if path else detail)


class JournalError(DealerAssistError):
    """The journal database cannot be opened, read or written safely."""


class RecognitionError(DealerAssistError):
    """A frame source or image that cannot be read."""
