"""The game codes a house file may name agree with the games catalogue."""

from __future__ import annotations

from dealerassist.games import catalogue
from dealerassist.rules import game_codes
from dealerassist.rules.game_codes import KNOWN_GAMES, game_code, known_game_codes


def test_known_codes_are_the_catalogue_codes() -> None:
    assert set(known_game_codes()) == set(catalogue.GAMES)


def test_fallback_table_matches_the_catalogue() -> None:
    # Used only by a build without the games layer; it must say the same things.
    assert set(KNOWN_GAMES) == set(catalogue.GAMES)
    for code, spec in catalogue.GAMES.items():
        local = KNOWN_GAMES[code]
        assert local.family.value == spec.family.value, code
        assert local.fixed_limit == (spec.structure.value == "fixed_limit"), code
        assert local.max_players == spec.max_players, code
        assert game_code(code) == game_code(code) and game_code(code).forced is local.forced


def test_without_the_catalogue_the_fallback_is_used(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(game_codes, "_catalogue", lambda: None)
    assert known_game_codes() == tuple(KNOWN_GAMES)
    assert game_code("FR") == KNOWN_GAMES["FR"]
    assert game_code("XX") is None
