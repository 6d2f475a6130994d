"""`dealerassist.records.quick_init`: the records it speeds up are the same frozen dataclasses.

Same parameters, defaults, default factories and ``__post_init__`` as the ``__init__``
`dataclasses` writes, the same values stored, and still frozen.
"""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from dealerassist.engine import events
from dealerassist.engine.pots import Pot
from dealerassist.engine.settlement import PotResult, Settlement
from dealerassist.engine.setup import HandSetup
from dealerassist.games import GAMES
from dealerassist.journal.phh import HandHistory, ReplayResult
from dealerassist.records import quick_init
from dealerassist.rules.model import HouseRules

QUICK = [
    events.HoleCardsDealt, events.BoardDealt, events.Folded, events.Checked, events.Called,
    events.BetPlaced, events.RaisedTo, events.BringInPosted, events.CardsDrawn,
    events.CardsShown, events.Mucked, events.RakeTaken, events.PotAwarded, Pot, PotResult,
    Settlement, HandSetup, HandHistory, ReplayResult,
]


def _twin(cls: type) -> type:
    """The same fields in a frozen slotted dataclass with `dataclasses`' own ``__init__``."""
    spec = [(f.name, f.type, f) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(f"Twin{cls.__name__}", spec, frozen=True, slots=True)


@pytest.mark.parametrize("cls", QUICK, ids=lambda cls: cls.__name__)
def test_quick_records_take_the_dataclass_parameters(cls: type) -> None:
    assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"
    ours = inspect.signature(cls).parameters
    theirs = inspect.signature(_twin(cls)).parameters
    assert list(ours) == list(theirs)
    for name, parameter in ours.items():
        assert parameter.kind is theirs[name].kind
        # A factory's default shows as <factory> in both.
        assert repr(parameter.default) == repr(theirs[name].default), name


@pytest.mark.parametrize("cls", [c for c in QUICK if c not in (HandSetup, HandHistory)],
                         ids=lambda cls: cls.__name__)
def test_quick_records_store_what_they_are_given_and_stay_frozen(cls: type) -> None:
    names = [f.name for f in dataclasses.fields(cls)]
    values = [object() for _ in names]
    by_position, by_keyword = cls(*values), cls(**dict(zip(names, values, strict=True)))
    for name, value in zip(names, values, strict=True):
        assert getattr(by_position, name) is value
        assert getattr(by_keyword, name) is value
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(by_position, names[0], 1)
    with pytest.raises(TypeError):
        cls(*values, object())


def test_hand_setup_defaults_factory_and_checks_as_before() -> None:
    game = GAMES["NT"]
    setup = HandSetup(game, (100, 100), (0, 0), (1, 2), 2)
    assert setup.rules == HouseRules() and setup.small_bet == 0 and setup.seat_limit is True
    assert HandSetup(game, (100, 100), (0, 0), (1, 2), 2).rules is not setup.rules
    with pytest.raises(ValueError, match="at least 2 players"):  # __post_init__ still runs
        HandSetup(game, (100,), (0,), (1,), 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setup.min_bet = 4  # type: ignore[misc]


def test_hand_history_gets_a_dict_of_its_own() -> None:
    first = HandHistory("NT", (0, 0), (1, 2), (100, 100), ())
    second = HandHistory("NT", (0, 0), (1, 2), (100, 100), ())
    assert first == second and first.fields == {} and first.fields is not second.fields


def test_quick_init_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Hidden:
        x: int
        y: int = dataclasses.field(default=0, init=False)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Passed:
        x: int
        y: dataclasses.InitVar[int] = 0

    for cls in (NoSlots, Hidden, Passed):
        with pytest.raises(TypeError, match="quick_init"):
            quick_init(cls)
