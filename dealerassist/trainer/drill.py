"""A drill: one question a dealer must answer at the table, its answer and the worked steps.

Every answer is computed by the engine (or the rules catalogue for irregularity
rulings), never by the drill's own arithmetic; the explanation re-derives the figure
step by step in the words a trainer uses, and the tests check that both agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any

from dealerassist.trainer.text import Lang, Text

__all__ = ["AnswerFormat", "Choice", "Drill", "DrillKind", "Payout", "PotAnswer"]


@unique
class DrillKind(StrEnum):
    """What a drill asks (the names are stable: the CLI, the database and tests use them)."""

    PL_MAX = "pl-max"  # BET-PL-MAX: pot-limit maximum raise
    NL_MIN = "nl-min"  # BET-NL-MIN: no-limit minimum raise
    TO_CALL = "to-call"  # G-ACT, G-ALLIN: the amount to call
    POTS = "pots"  # POT-MAIN-SIDE: main and side pots and who can win each
    BRING_IN = "bring-in"  # ST-BRINGIN, RZ-BRINGIN
    STUD_FIRST = "stud-first"  # ST-FIRST, RZ-BRINGIN: first to act on a later street
    SHOWDOWN = "showdown"  # POT-AWARD, G-ODD-CHIP, O8-SPLIT: winners and exact payouts
    RAKE = "rake"  # RAKE-RATE, RAKE-NFND
    RULING = "ruling"  # IRR-*: the ruling of an irregularity (multiple choice)
    DRAW_FIRST = "draw-first"  # DR-AFTER, LB-DEAL: first to act after the draw
    DRAW_WINNER = "draw-winner"  # LB-27, LB-A5, badugi: who wins a lowball showdown
    JB_OPEN = "jb-open"  # JB-OPEN, JB-NO-OPEN: may this hand open; the pot after passed deals
    FIRST_TO_ACT = "first-to-act"  # HE-FIRST, BET-HEADSUP: who speaks first on a board round
    SHOW_ORDER = "show-order"  # G-SHOW-ORDER: who shows first at the showdown
    LIMIT_RAISE = "limit-raise"  # BET-FL-CAP, BET-SHORT-ALLIN: is this raise legal in limit?
    OPEN_PAIR = "open-pair"  # ST-OPEN-PAIR: the most a player may bet on 4th street
    BUTTON = "button"  # G-BUTTON, BET-NEW-PLAYER: the button and blinds next hand
    CHANGE = "change"  # making change and colouring up
    FINISH_ORDER = "finish-order"  # TRN-RANK: a tournament's finishing order

    @property
    def title(self) -> Text:
        """The skill's name in both languages."""
        return _TITLES[self]


_TITLES = {
    DrillKind.PL_MAX: Text("Pot-limit maximum raise", "Relance maximale au pot-limit"),
    DrillKind.NL_MIN: Text("No-limit minimum raise", "Relance minimale en no-limit"),
    DrillKind.TO_CALL: Text("Amount to call", "Montant pour suivre"),
    DrillKind.POTS: Text("Main and side pots", "Pot principal et pots annexes"),
    DrillKind.BRING_IN: Text("Stud bring-in", "Bring-in au stud"),
    DrillKind.STUD_FIRST: Text("Stud: first to act", "Stud : premier à parler"),
    DrillKind.SHOWDOWN: Text("Showdown payouts", "Partage au showdown"),
    DrillKind.RAKE: Text("Rake", "Commission (rake)"),
    DrillKind.RULING: Text("Irregularity ruling", "Décision sur une irrégularité"),
    DrillKind.DRAW_FIRST: Text("Draw: first to act after the draw",
                               "Tirage : premier à parler après l'échange"),
    DrillKind.DRAW_WINNER: Text("Draw: lowball and badugi winner",
                                "Tirage : gagnant en lowball et badugi"),
    DrillKind.JB_OPEN: Text("Jacks or better: openers and carried pots",
                            "Jacks or better : ouverture et pots reportés"),
    DrillKind.FIRST_TO_ACT: Text("First to act", "Premier à parler"),
    DrillKind.SHOW_ORDER: Text("Who shows first", "Qui montre en premier"),
    DrillKind.LIMIT_RAISE: Text("Limit: is this raise legal?",
                                "Limite : cette relance est-elle permise ?"),
    DrillKind.OPEN_PAIR: Text("Stud: open pair on 4th street", "Stud : paire servie en 4e rue"),
    DrillKind.BUTTON: Text("Button and blinds with new players",
                           "Bouton et blindes avec de nouveaux joueurs"),
    DrillKind.CHANGE: Text("Making change and colouring up", "Rendre la monnaie et changer "
                           "les jetons"),
    DrillKind.FINISH_ORDER: Text("Tournament finishing order", "Ordre d'arrivée en tournoi"),
}


@unique
class AnswerFormat(StrEnum):
    """How a trainee writes the answer."""

    AMOUNT = "amount"  # whole chips: 800
    SEAT = "seat"  # a seat number: 3
    POTS = "pots"  # each pot with who can win it: 1500: 1 2 3; 1400: 2 3
    PAYOUTS = "payouts"  # chips each seat receives: 1=450 3=451
    CHOICE = "choice"  # a letter: B

    @property
    def hint(self) -> Text:
        """How to type an answer of this format."""
        return _HINTS[self]


_HINTS = {
    AnswerFormat.AMOUNT: Text("a whole number of chips, e.g. 800",
                              "un nombre entier de jetons, par ex. 800"),
    AnswerFormat.SEAT: Text("a seat number, e.g. 3", "un numéro de siège, par ex. 3"),
    AnswerFormat.POTS: Text("each pot, main first: amount, colon, seats; pots separated by ';' "
                            "e.g. 1500: 1 2 3; 1400: 2 3",
                            "chaque pot, le principal d'abord : montant, deux-points, sièges ; "
                            "pots séparés par ';' ex. 1500: 1 2 3; 1400: 2 3"),
    AnswerFormat.PAYOUTS: Text("seat=chips for every seat paid, e.g. 1=450 3=451",
                               "siège=jetons pour chaque siège payé, ex. 1=450 3=451"),
    AnswerFormat.CHOICE: Text("the letter of the ruling, e.g. B",
                              "la lettre de la décision, ex. B"),
}


@dataclass(frozen=True, slots=True)
class PotAnswer:
    """One pot of an answer: its chips and the seats (1-based) who can win it."""

    amount: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Payout:
    """Chips one seat (1-based) receives at showdown."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer of a multiple-choice drill, citing its rule."""

    letter: str
    text: Text
    rule_id: str


@dataclass(frozen=True, slots=True)
class Drill:
    """One question with its answer and the worked explanation.

    Attributes:
        kind: the skill drilled.
        seed: the seed it was generated from (same seed, same drill).
        difficulty: the difficulty level's name.
        game: PHH code of the game, or "" where no game applies.
        situation: what the trainee sees on the table, line by line.
        question: what is asked.
        answer_format: how the answer is written.
        answer: the engine's answer: an int (amount, seat), a tuple of `PotAnswer`, a tuple
            of `Payout` (by seat), or a choice letter.
        answer_text: the answer as a dealer would announce it.
        explanation: the worked steps, in order.
        rule_ids: the catalogue rules the drill exercises.
        choices: the options of a multiple-choice drill.

    """

    kind: DrillKind
    seed: int
    difficulty: str
    game: str
    situation: tuple[Text, ...]
    question: Text
    answer_format: AnswerFormat
    answer: Any
    answer_text: Text
    explanation: tuple[Text, ...]
    rule_ids: tuple[str, ...]
    choices: tuple[Choice, ...] = ()

    def answer_json(self) -> Any:
        """Return the answer as plain JSON values (the CLI contract)."""
        if self.answer_format is AnswerFormat.POTS:
            return [{"amount": p.amount, "eligible_seats": list(p.seats)} for p in self.answer]
        if self.answer_format is AnswerFormat.PAYOUTS:
            return {str(p.seat): p.amount for p in self.answer}
        return self.answer

    def to_json(self, lang: Lang | str = Lang.EN) -> dict[str, Any]:
        """Return the drill as the JSON object ``dealerassist drill --json`` prints."""
        return {
            "kind": self.kind.value,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "game": self.game,
            "lang": str(lang),
            "situation": [line.get(lang) for line in self.situation],
            "question": self.question.get(lang),
            "answer_format": self.answer_format.value,
            "choices": [
                {"letter": c.letter, "text": c.text.get(lang), "rule_id": c.rule_id}
                for c in self.choices
            ],
            "answer": self.answer_json(),
            "answer_text": self.answer_text.get(lang),
            "explanation": [line.get(lang) for line in self.explanation],
            "rule_ids": list(self.rule_ids),
        }
