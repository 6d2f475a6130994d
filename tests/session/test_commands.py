from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealerassist.cards import parse_cards
from dealerassist.session.commands import (
    AddChips,
    AllIn,
    Bet,
    Board,
    Call,
    Check,
    CommandError,
    CorrectStack,
    Fold,
    Leave,
    Muck,
    NewHand,
    PlaceButton,
    PostBlind,
    RaiseTo,
    Show,
    Sit,
    SitIn,
    SitOut,
    Undo,
    parse_command,
)


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("sit 3 Alice 1500", Sit(seat=3, name="Alice", stack=1500)),
        ('sit 4 "Jean Paul" 800', Sit(seat=4, name="Jean Paul", stack=800)),
        ("leave 3", Leave(3)),
        ("out 2", SitOut(2)),
        ("sitin 2", SitIn(2)),
        ("post 7", PostBlind(7)),
        ("add 3 500", AddChips(3, 500)),
        ("correct 3 1450 miscount at the break", CorrectStack(3, 1450, "miscount at the break")),
        ("button 5", PlaceButton(5)),
        ("hand", NewHand()),
        ("f", Fold()),
        ("FOLD", Fold()),
        ("x", Check()),
        ("c", Call()),
        ("b 40", Bet(40)),
        ("r 60", RaiseTo(60)),
        ("raise 180", RaiseTo(180)),
        ("allin", AllIn()),
        ("flop Ah Kd 7c", Board("flop", parse_cards("Ah Kd 7c"))),
        ("turn 10s", Board("turn", parse_cards("Ts"))),
        ("river 9h", Board("river", parse_cards("9h"))),
        ("show 3 Ah Ad", Show(3, parse_cards("Ah Ad"))),
        ("muck 6", Muck(6)),
        ("undo", Undo()),
        ("  c   # a comment", Call()),
    ],
)
def test_each_command_reads_as_documented(line: str, command: object) -> None:
    assert parse_command(line) == command


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "empty command"),
        ("rasie 60", "did you mean 'raise'"),
        ("flod", "did you mean 'fold'"),
        ("r", "usage: r AMOUNT, e.g. r 60"),
        ("r 60.5", "not a whole number of chips"),
        ("r 1,5", "not a whole number of chips"),
        ("r -20", "cannot be negative"),
        ("r sixty", "'sixty' is not a number"),
        ("sit 3 Alice", "usage: sit SEAT NAME STACK, e.g. sit 3 Alice 1500"),
        ("sit 0 Alice 100", "seats are numbered from 1"),
        ("sit 3 1500 Alice", "'1500' is not a player name"),
        ("flop Ah Kd", "flop takes 3 card(s), got 2"),
        ("flop Ah Kd Kd", "Kd"),
        ("turn Zz", "usage: turn CARD"),
        ("show 3", "show needs a seat and the cards shown"),
        ("c 20", "c takes no value"),
        ('sit 3 "Alice 100', "cannot read"),
    ],
)
def test_bad_lines_name_the_problem_and_the_fix(line: str, message: str) -> None:
    with pytest.raises(CommandError) as caught:
        parse_command(line)
    assert message in str(caught.value)


@given(st.text(max_size=40))
def test_any_text_either_parses_or_raises_command_error(line: str) -> None:
    try:
        parse_command(line)
    except CommandError as error:
        assert str(error)
