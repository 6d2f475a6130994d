from __future__ import annotations

from dealerassist.engine.events import RakeTaken
from dealerassist.rules.model import GamePreset
from dealerassist.session.controller import session_codec
from dealerassist.session.events import GameSelected

from .helpers import new_session

UNRAKED = GamePreset(name="Home game", game="NT", small_blind=5, big_blind=10, rake=False)
RAKED = GamePreset(name="Cash", game="NT", small_blind=5, big_blind=10)
SHOWDOWN = [
    "hand",
    "c",
    "x",
    "flop 2c 3d 4h",
    "b 100",
    "c",
    "turn 9s",
    "x",
    "x",
    "river Jd",
    "x",
    "x",
    "show 1 Ah As",
    "show 2 Kh Ks",
]


def play(preset: GamePreset):  # type: ignore[no-untyped-def]
    session = new_session(preset=preset)
    session.execute("sit 1 Ann 1000")
    session.execute("sit 2 Ben 1000")
    for line in SHOWDOWN:
        session.execute(line)
    return session


def test_RAKE_SHARE_a_preset_with_rake_false_takes_no_rake() -> None:
    session = play(UNRAKED)
    assert not any(isinstance(e, RakeTaken) for e in session.state.finished[-1].events)
    assert [p.stack for p in session.state.table.players] == [1110, 890]


def test_RAKE_RATE_a_raked_preset_takes_the_house_rake() -> None:
    session = play(RAKED)
    rake = session.state.finished[-1].finished.rake
    assert rake > 0  # 5% of the 220 pot under the shipped rules, after the flop
    assert [p.stack for p in session.state.table.players] == [1110 - rake, 890]


def test_version_1_game_selected_records_are_upcast_as_raked() -> None:
    old = '{"preset": "NLHE 1/2", "game": "NT", "small_blind": 1, "big_blind": 2}'
    event = session_codec().decode("GameSelected", 1, old)
    assert event == GameSelected(preset="NLHE 1/2", game="NT", small_blind=1, big_blind=2)
    assert event.raked
