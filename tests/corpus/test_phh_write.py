"""PHH writing: a replayed hand written back and read again gives the same hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealerassist.journal.phh import format_amount, load_phh, parse_phh, replay, to_phh

CORPUS = Path("/work/shared/corpus/phh/data")
pytestmark = pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")

FILES = [
    "dwan-ivey-2009.phh",
    "antonius-blom-2009.phh",
    "phua-xuan-2019.phh",
    "wsop/2023/43/5/12.phh",
    "wsop/2023/43/5/27.phh",
    "wsop/2023/43/5/34.phh",
    "pluribus/100/22.phh",
]


@pytest.mark.parametrize("name", FILES)
def test_written_phh_replays_to_the_same_final_stacks(name: str) -> None:
    history = load_phh(CORPUS / name)
    result = replay(history)
    text = to_phh(result.state.setup, result.events, scale=history.scale,
                  players=history.players,
                  finishing_stacks=result.final_stacks, extra={"event": "round trip"})
    again = parse_phh(text)
    assert again.scale == history.scale
    assert again.starting_stacks == history.starting_stacks
    second = replay(again)
    assert second.final_stacks == result.final_stacks
    assert [format_amount(v, again.scale) for v in second.final_stacks] == [
        format_amount(v, history.scale) for v in result.final_stacks]
    assert again.fields["finishing_stacks"] == [
        format_amount(v, history.scale) if isinstance(format_amount(v, history.scale), int)
        else __import__("decimal").Decimal(format_amount(v, history.scale))
        for v in result.final_stacks]


def _stud_files() -> list[str]:
    names = []
    for path in sorted((CORPUS / "wsop" / "2023" / "43" / "5").glob("*.phh")):
        if load_phh(path).variant in ("F7S", "F7S/8", "FR"):
            names.append(str(path.relative_to(CORPUS)))
    return names


def test_every_stud_hand_written_and_read_again_gives_the_same_events_and_stacks() -> None:
    names = _stud_files()
    assert len(names) == 30
    for name in names:
        history = load_phh(CORPUS / name)
        result = replay(history)
        again = replay(parse_phh(to_phh(result.state.setup, result.events,
                                        scale=history.scale)))
        assert again.events == result.events, name
        assert again.final_stacks == result.final_stacks, name


def test_ST5_DEAL_five_card_stud_extension_exports_and_reimports_to_the_same_result() -> None:
    # F5S is a project extension of PHH (docs/engine.md): same fields as F7S.
    text = "\n".join([
        'variant = "F5S"', "ante_trimming_status = false", "antes = [1, 1, 1]",
        "bring_in = 2", "small_bet = 4", "big_bet = 8", "starting_stacks = [100, 100, 100]",
        'actions = ["d dh p1 Ah2c", "d dh p2 9s9d", "d dh p3 KcQd", "p1 pb", "p2 cbr 4",',
        '"p3 f", "p1 cc", "d dh p1 Ac", "d dh p2 3c", "p1 cbr 4", "p2 cc", "d dh p1 Ad",',
        '"d dh p2 Tc", "p1 cc", "p2 cc", "d dh p1 7c", "d dh p2 Jd", "p1 cc", "p2 cc",',
        '"p1 sm Ah2cAcAd7c", "p2 sm 9s9d3cTcJd"]',
    ])
    result = replay(parse_phh(text))
    assert result.flags == ()
    assert result.final_stacks == (100 - 1 - 8 + 19, 91, 99)
    again = replay(parse_phh(to_phh(result.state.setup, result.events)))
    assert again.events == result.events and again.final_stacks == result.final_stacks


def test_every_draw_hand_written_and_read_again_gives_the_same_events_and_stacks() -> None:
    names = [str(p.relative_to(CORPUS)) for p in sorted(CORPUS.rglob("*.phh"))
             if load_phh(p).variant in ("N2L1D", "F2L3D", "FB")]
    assert len(names) == 16
    for name in names:
        history = load_phh(CORPUS / name)
        result = replay(history)
        again = replay(parse_phh(to_phh(result.state.setup, result.events,
                                        scale=history.scale)))
        assert again.events == result.events, name
        assert again.final_stacks == result.final_stacks, name


@pytest.mark.parametrize("game", ["FA5L3D", "FA5L1D", "F5D", "FJB"])
def test_draw_extensions_export_and_reimport_to_the_same_events_and_stacks(game: str) -> None:
    # A-5 lowball, draw high and jacks or better are project extensions of PHH
    # (docs/engine.md): the same fields and actions as the PHH draw games.
    from dealerassist.cards import parse_cards
    from dealerassist.engine import (
        CardsDrawn,
        CardsShown,
        HandSetup,
        Phase,
        apply,
        bet_or_raise,
        check_or_call,
        deal_hole,
        evolve,
        evolve_all,
        new_hand,
        settle,
    )
    from dealerassist.rules import phh_profile

    antes_only = game in ("F5D", "FJB")
    setup = HandSetup.create(game=game, stacks=(100, 100, 100), small_blind=0 if antes_only
                             else 1, big_blind=0 if antes_only else 2,
                             ante=1 if antes_only else 0, small_bet=2, big_bet=4,
                             rules=phh_profile())
    state = new_hand(setup)
    events = []
    holes = ["JcJd9h8h7h", "2c3d5h6s9c", "4c4d5d6d8d"]
    for player, text in enumerate(holes):
        event = deal_hole(state, player, parse_cards(text))
        state = apply(state, event)
        events.append(event)
    first = bet_or_raise(state, state.actor, 2 if antes_only else 4)  # J-J open / a raise
    state = apply(state, first)
    events.append(first)
    fresh = iter(parse_cards("ThKcAsKsQsJsTsTc9s8s"))
    while state.phase is not Phase.SHOWDOWN:
        if state.due_draw:
            player = state.due_draw[0]
            out = state.hole[player][:1]
            event = CardsDrawn(player, out, (next(fresh),))
        else:
            event = check_or_call(state, state.actor)
        state = evolve(state, event)
        events.append(event)
    shows = [CardsShown(p, state.hole[p]) for p in state.in_hand]
    state = evolve_all(state, shows)
    events.extend(shows)
    settled = evolve_all(state, settle(state))
    again = replay(parse_phh(to_phh(setup, events)))
    assert again.final_stacks == settled.stacks
    assert list(again.events[:len(events)]) == events
