"""A hand as an event list for irregularity tests: add events, detect, confirm, overrule."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from dealerassist.cards import UNKNOWN, Card, parse_cards
from dealerassist.engine import HandSetup, HandState
from dealerassist.engine.actions import bet_or_raise, call, check, fold, post_bring_in
from dealerassist.engine.events import HoleCardsDealt
from dealerassist.irregular.consequences import confirm, next_board, overrule
from dealerassist.irregular.detectors import Detection, detect
from dealerassist.irregular.flags import Flag
from dealerassist.rules.model import HouseRules, IrregularityRules, RakeRules, UnderRaiseRuling


def rules(*, underraise: UnderRaiseRuling | None = None) -> HouseRules:
    """Default house rules without rake (and with an under-raise option if given)."""
    base = dataclasses.replace(HouseRules(), rake=RakeRules(enabled=False))
    if underraise is not None:
        base = dataclasses.replace(base, irregularities=IrregularityRules(underraise=underraise))
    return base


def card(text: str) -> Card:
    """One card."""
    return parse_cards(text)[0]


def setup(game: str = "NT", stacks: Sequence[int] = (1000, 800, 1500), *,
          house: HouseRules | None = None, **kw: int) -> HandSetup:
    """A hand setup, blinds 10/20 by default."""
    return HandSetup.create(game=game, stacks=tuple(stacks), small_blind=kw.pop("small_blind", 10),
                            big_blind=kw.pop("big_blind", 20), straddles=(),
                            ante=kw.pop("ante", 0), big_blind_ante=0,
                            rules=house or rules(), **kw)


class Hand:
    """One hand's events, detected the live way (rule-breaking actions left out)."""

    def __init__(self, hand_setup: HandSetup, *, tournament: bool = False) -> None:
        self.setup = hand_setup
        self.events: list[object] = []
        self.tournament = tournament

    @property
    def detection(self) -> Detection:
        return detect(self.setup, self.events, tournament=self.tournament, as_recorded=False)

    @property
    def state(self) -> HandState:
        state = self.detection.state
        assert state is not None
        return state

    @property
    def flags(self) -> list[Flag]:
        return self.detection.flags

    def add(self, *events: object) -> Hand:
        self.events.extend(events)
        return self

    def deal(self, holes: Sequence[str] | None = None) -> Hand:
        count = self.setup.game.streets[0].hole_down
        for player in range(self.setup.player_count):
            cards = parse_cards(holes[player]) if holes else (UNKNOWN,) * count
            self.add(HoleCardsDealt(player, cards))
        return self

    def play(self, *moves: str | tuple[str, int]) -> Hand:
        """Play ``f`` fold, ``k`` check, ``c`` call, ``bi`` bring-in, ``("b", to)`` bet/raise."""
        for move in moves:
            state = self.state
            actor = state.actor
            assert actor is not None, f"nobody to act for {move!r}"
            if move == "f":
                event = fold(state, actor)
            elif move == "k":
                event = check(state, actor)
            elif move == "c":
                event = call(state, actor)
            elif move == "bi":  # stud: the low card brings in (ST-BRINGIN)
                event = post_bring_in(state, actor)
            else:
                assert isinstance(move, tuple)
                event = bet_or_raise(state, actor, move[1])
            self.add(event)
        return self

    def board(self, cards: str) -> Hand:
        self.add(*next_board(self.setup, self.events, parse_cards(cards)))
        return self

    def only_flag(self, rule_id: str) -> Flag:
        found = [f for f in self.flags if f.rule_id == rule_id]
        assert len(found) == 1, [f.rule_id for f in self.flags]
        return found[0]

    def confirm(self, flag: Flag, **kw: object) -> tuple[object, ...]:
        events = confirm(self.setup, self.events, flag.flag_id, tournament=self.tournament,
                         **kw)  # type: ignore[arg-type]
        self.add(*events)
        return events

    def overrule(self, flag: Flag, reason: str) -> None:
        self.add(overrule(self.setup, self.events, flag.flag_id, reason,
                          tournament=self.tournament))
