"""Problems found in a house rules file, and the error that carries all of them.

A `Problem` prints as ``FILE:LINE: message``, the form ``dealerassist check-rules`` prints
and the app shows when it refuses a file.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.errors import RulesFileError

__all__ = ["Problem", "RulesFileErrors", "sort_problems"]


@dataclass(frozen=True, order=True)
class Problem:
    """One problem in a rules file: where it is and what is wrong, in plain words."""

    line: int
    message: str
    path: str = ""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def _by_line(problem: Problem) -> int:
    """Sort key: by line; problems on one line keep the order they were found in."""
    return problem.line


class RulesFileErrors(RulesFileError):
    """Every problem found in a rules file.

    ``path``/``line``/``detail`` describe the first problem; ``problems`` holds them all, and
    ``str()`` (what the command line prints) is `report`: the same ``FILE:LINE: message``
    lines as ``dealerassist check-rules``, one per problem.
    """

    def __init__(self, problems: list[Problem]) -> None:
        if not problems:
            raise ValueError("RulesFileErrors needs at least one problem")
        self.problems = tuple(sorted(problems, key=_by_line))
        first = self.problems[0]
        super().__init__(first.message, path=first.path, line=first.line)

    def report(self) -> str:
        """Return one ``FILE:LINE: message`` line per problem."""
        return "\n".join(str(problem) for problem in self.problems)

    def __str__(self) -> str:
        return self.report()


def sort_problems(problems: list[Problem]) -> list[Problem]:
    """Return the problems by line; problems on one line keep the order they were found in."""
    return sorted(problems, key=_by_line)
