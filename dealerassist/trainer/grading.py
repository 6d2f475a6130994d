"""Reading a trainee's answer and marking it against the drill's answer.

Input is typed at the console or written on a paper quiz, so it is read leniently (spaces
inside numbers, "seat 3", lower-case letters) but never guessed: an answer that cannot be
read is UNREADABLE with the expected format, and does not count as a wrong answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum, unique

from dealerassist.trainer.drill import AnswerFormat, Drill, Payout, PotAnswer
from dealerassist.trainer.text import Text

__all__ = ["Grade", "Mark", "grade", "parse_answer"]


@unique
class Mark(StrEnum):
    """The verdict on one answer."""

    CORRECT = "correct"
    WRONG = "wrong"
    UNREADABLE = "unreadable"


@dataclass(frozen=True, slots=True)
class Grade:
    """The mark and what to tell the trainee."""

    mark: Mark
    message: Text

    @property
    def correct(self) -> bool:
        """True for a right answer."""
        return self.mark is Mark.CORRECT


class _Unreadable(ValueError):
    pass


def _number(text: str) -> int:
    cleaned = re.sub(r"(?i)^(seat|siège|siege)\s*", "", text.strip())
    cleaned = cleaned.replace(" ", "").replace("\u202f", "").replace("\u00a0", "")
    if not re.fullmatch(r"\d+", cleaned):
        raise _Unreadable(text)
    return int(cleaned)


def parse_answer(answer_format: AnswerFormat, text: str):  # type: ignore[no-untyped-def]
    """Read ``text`` in ``answer_format``; raises ValueError when it cannot be read."""
    text = text.strip()
    if not text:
        raise _Unreadable(text)
    if answer_format in (AnswerFormat.AMOUNT, AnswerFormat.SEAT):
        return _number(text)
    if answer_format is AnswerFormat.CHOICE:
        letter = text.strip().upper().rstrip(").")
        if letter not in ("A", "B", "C", "D"):
            raise _Unreadable(text)
        return letter
    if answer_format is AnswerFormat.POTS:
        result = []
        for part in re.split(r"[;\n]", text):
            if not part.strip():
                continue
            if ":" not in part:
                raise _Unreadable(part)
            amount, seats = part.split(":", 1)
            numbers = tuple(sorted(_number(s) for s in re.split(r"[\s,]+", seats.strip()) if s))
            result.append(PotAnswer(_number(amount), numbers))
        return tuple(result)
    pattern = r"(\d+)\s*[=:]\s*(\d+)"
    pairs = re.findall(pattern, text)
    leftover = re.sub(pattern, "", text)
    if not pairs or re.search(r"\w", leftover):
        raise _Unreadable(text)
    return tuple(sorted((Payout(int(s), _number(a)) for s, a in pairs), key=lambda p: p.seat))


def grade(drill: Drill, text: str) -> Grade:
    """Mark ``text`` as the answer to ``drill``."""
    try:
        given = parse_answer(drill.answer_format, text)
    except ValueError:
        hint = drill.answer_format.hint
        return Grade(Mark.UNREADABLE, Text(f"Cannot read {text!r}: write {hint.en}.",
                                           f"Réponse illisible {text!r} : écrivez {hint.fr}."))
    expected = drill.answer
    if drill.answer_format is AnswerFormat.PAYOUTS:
        given = tuple(p for p in given if p.amount)
        expected = tuple(sorted(expected, key=lambda p: p.seat))
    if given == expected:
        return Grade(Mark.CORRECT, Text("Right: ", "Juste : ") + drill.answer_text)
    return Grade(Mark.WRONG, Text("Wrong. The answer: ", "Faux. La réponse : ") +
                 drill.answer_text)
