"""A floor overrule's reason is free text: apostrophes and quotes are kept as typed."""

import pytest

from dealerassist.session.commands import CommandError, parse_command


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("overrule 1 player didn't see the bet", "player didn't see the bet"),
        ('overrule 2 "dealer called it late"', "dealer called it late"),
        ("OVERRULE 3 it's the house's call", "it's the house's call"),
    ],
)
def test_overrule_keeps_the_floor_reason_as_typed(line, reason):
    command = parse_command(line)
    assert command.reason == reason


def test_overrule_without_a_reason_asks_for_one():
    with pytest.raises(CommandError, match="overrule"):
        parse_command("overrule 1")
