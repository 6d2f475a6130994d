"""The dealer's command refusals, word for word, for every shape of verb.

The messages below were recorded from the parser before it became table-driven (one
field list per verb); they pin what the dealer reads when a line cannot be read: which
verb, which value, and the usage with an example. `test_commands.py` checks fragments;
these check the whole text, so a change of wording or of the order in which the words
of a line are checked fails here.
"""

from __future__ import annotations

import pytest

from dealerassist.cards import parse_cards
from dealerassist.session.commands import (
    COMMAND_HELP,
    ChangeDraw,
    CommandError,
    CorrectStack,
    DeclareDraw,
    Draw,
    SelectGame,
    Show,
    Sit,
    parse_command,
)

_SIT = "usage: sit SEAT NAME STACK, e.g. sit 3 Alice 1500"
_CHANGE = "usage: change SEAT N, e.g. change 3 1"
_CORRECT = "usage: correct SEAT STACK [REASON], e.g. correct 3 1450 miscount"
_DRAW = "usage: draw N | pat, e.g. draw 2"
_UP = "usage: up SEAT CARD [SEAT CARD ...], e.g. up 1 Kh 2 7c 3 2d"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        # fixed number of values: the verb as typed, the count, what came
        ("sit 3 abc", f"sit takes 3 value(s), got '3 abc'; {_SIT}"),
        ("b", "b takes 1 value(s), got 'nothing'; usage: b AMOUNT, e.g. b 40"),
        ("muck 3 3", "muck takes 1 value(s), got '3 3'; usage: muck SEAT, e.g. muck 3"),
        # the player name is checked before the seat and the stack
        ("sit 1.5 0 5", f"sit: '0' is not a player name; {_SIT}"),
        ("sit 0 Bob 100", f"sit: seats are numbered from 1, not '0'; {_SIT}"),
        ("in 0", "in: seats are numbered from 1, not '0'; usage: in SEAT, e.g. in 3"),
        ("leave abc", "leave: seat 'abc' is not a number; usage: leave SEAT, e.g. leave 3"),
        ("add 1.5 3", "add: seat '1.5' is not a whole number of chips; "
                      "usage: add SEAT AMOUNT, e.g. add 3 500"),
        ("add -1 3", "add: seat cannot be negative ('-1'); usage: add SEAT AMOUNT, e.g. add 3 500"),
        ("add 3 abc", "add: amount 'abc' is not a number; usage: add SEAT AMOUNT, e.g. add 3 500"),
        ("r ,5", "r: amount ',5' is not a whole number of chips; usage: r AMOUNT, e.g. r 60"),
        # no value at all
        ("c 3", "c takes no value, got '3'"),
        ("fifth 3", "fifth takes no value, got '3'"),
        # the rest of the line: too short
        ("correct 3", f"correct needs a seat and the right stack; {_CORRECT}"),
        ("correct 0 abc", f"correct: seats are numbered from 1, not '0'; {_CORRECT}"),
        ("game", "game needs a preset name from rules.yaml; "
                 "usage: game PRESET, e.g. game NLHE 2/5"),
        ("show 3", "show needs a seat and the cards shown; "
                   "usage: show SEAT CARDS, e.g. show 3 Ah Ad"),
        ("show 3 abc", "show: bad card 'abc': unknown rank (use 2-9, T or 10, J, Q, K, A); "
                       "usage: show SEAT CARDS, e.g. show 3 Ah Ad"),
        # draw games (DR-DRAW, DR-CHANGE)
        ("draw", f"draw takes the number of cards drawn, got 'nothing'; {_DRAW}"),
        ("pat 3", f"pat takes no value, got '3'; {_DRAW}"),
        ("ask", "ask takes the number of cards announced, got 'nothing'; usage: ask N, e.g. ask 2"),
        ("change 3", f"change takes a seat and the new number of cards, got '3'; {_CHANGE}"),
        ("change 0 3", f"change: seats are numbered from 1, got 0; {_CHANGE}"),
        # stud up cards and the board
        ("up Ah", f"up: a seat number comes before the cards, got 'Ah'; {_UP}"),
        ("up 3", f"up: each seat needs its up card(s); {_UP}"),
        ("flop Ah Kd",
         "flop takes 3 card(s), got 2; usage: flop CARD CARD CARD, e.g. flop Ah Kd 7c"),
        ("board", "board needs cards; usage: board CARDS, e.g. board 5h"),
    ],
)
def test_a_refused_line_reads_word_for_word(line: str, message: str) -> None:
    with pytest.raises(CommandError) as caught:
        parse_command(line)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("sit 1500 Bob 100", Sit(seat=1500, name="Bob", stack=100)),
        ("correct 3 0 5", CorrectStack(seat=3, stack=0, reason="5")),
        ("correct 3 1450", CorrectStack(seat=3, stack=1450, reason="")),
        ("game Alice 3", SelectGame(preset="Alice 3")),
        ("show 3 Ah", Show(seat=3, cards=parse_cards("Ah"))),
        ("pat", Draw(count=0)),
        ("draw 0", Draw(count=0)),
        ("ask 2", DeclareDraw(count=2)),
        ("change 3 1", ChangeDraw(seat=3, count=1)),
    ],
)
def test_rest_of_line_and_draw_verbs_read_as_documented(line: str, command: object) -> None:
    assert parse_command(line) == command


def test_command_help_lists_every_verb_once_in_its_order() -> None:
    usages = [usage.split()[0] for usage, _, _ in COMMAND_HELP]
    assert usages == [
        "sit", "leave", "out", "in", "post", "add", "correct", "button", "game", "hand",
        "f", "x", "c", "b", "r", "allin", "flop", "turn", "river", "board", "show", "muck",
        "pay", "up", "draw", "ask", "change", "fifth", "rap", "reshuffle", "keep", "undo",
    ]
    assert ("correct SEAT STACK [REASON]", "correct 3 1450 miscount",
            "set a stack right between hands") in COMMAND_HELP
