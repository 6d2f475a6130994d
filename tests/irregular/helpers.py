"""A hand as an event list for irregularity tests: add events, detect, confirm, overrule."""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from dealerassist.cards import UNKNOWN, Card, parse_cards
from dealerassist.engine import HandSetup, HandState
from dealerassist.engine.events import CardsShown, HoleCardsDealt
from dealerassist.engine.rulings import is_void
from dealerassist.engine.settlement import can_settle, settle
from dealerassist.engine.state import Phase
from dealerassist.errors import IllegalActionError
from dealerassist.irregular.consequences import confirm, next_board, overrule
from dealerassist.irregular.detectors import Detection, detect
from dealerassist.irregular.flags import Flag
from dealerassist.rules.model import HouseRules, IrregularityRules, RakeRules, UnderRaiseRuling
from tests.engine.helpers import move_event


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
            # "bi": stud, the low card brings in (ST-BRINGIN)
            self.add(move_event(self.state, move, bring_in="bi"))
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


# ----- random hands with irregularities (the property tests) ------------------------------


def deck() -> list[Card]:
    """The 52 faces in code order."""
    return list(parse_cards(" ".join(r + s for r in "23456789TJQKA" for s in "cdhs")))


def outside(hand_setup: HandSetup) -> int:
    """Return the mask of the cards not in this game's deck (short deck: 2 to 5)."""
    ranks = hand_setup.game.deck_ranks
    return sum(1 << c.code for c in deck() if int(c.rank) not in ranks)


def mask(state: HandState) -> int:
    """Return the mask of the cards that cannot come now: seen, or not in the deck."""
    return state.seen | outside(state.setup)


def fresh(rng: random.Random, seen: int, count: int) -> tuple[Card, ...]:
    """Draw ``count`` cards at random among those not in the ``seen`` mask."""
    cards = [c for c in deck() if not seen & (1 << c.code)]
    return tuple(rng.sample(cards, count))


class RandomIrregularHand(ABC):
    """One hand played by random legal moves, with irregularities injected at random.

    `play` runs the hand to its end, checking after every event that the detectors do not
    raise and that chips are conserved; a voided hand must give back the starting stacks.
    Every open flag is confirmed (three times in four) or overruled by the floor. A family
    of games says how to bet, deal and inject (`betting_move`, `deal`, `inject`).
    """

    steps = 120
    """Events at most before the hand is left (every check still made)."""
    inject_rate = 0.25
    """How often an irregularity is tried instead of the next move."""

    def __init__(self, seed: int, hand_setup: HandSetup, stacks: tuple[int, ...]) -> None:
        self.rng = random.Random(seed)
        self.setup = hand_setup
        self.stacks = stacks
        self.events: list[object] = []

    @abstractmethod
    def inject(self, state: HandState) -> object | None:
        """Return an irregularity to report now, or None when the one drawn does not fit."""

    @abstractmethod
    def betting_move(self, state: HandState) -> object:
        """Return a random legal move for the player to act."""

    @abstractmethod
    def deal(self, state: HandState) -> list[object]:
        """Return the events of the next deal (board cards, hole cards or a draw)."""

    def can_inject(self, state: HandState) -> bool:
        """Whether an irregularity may be tried now (checked before the random draw)."""
        return True

    def due_events(self) -> list[object]:
        """Events a confirmed ruling makes due before anything else (none by default)."""
        return []

    def confirm_options(self, state: HandState) -> dict[str, object]:
        """Keyword arguments of `confirm` (a replacement card, for board games)."""
        return {}

    def play(self) -> None:
        """Play the hand to its end, checking the chips after every event."""
        total = sum(self.stacks)
        for _step in range(self.steps):
            detection = detect(self.setup, self.events, as_recorded=False)
            state = detection.state
            assert state is not None
            assert state.total_chips == total
            if state.phase is Phase.COMPLETE:
                if is_void(state):
                    assert state.stacks == self.stacks
                return
            due = self.due_events()
            if due:
                self.events.extend(due)
                continue
            open_flags = detection.open_flags()
            if open_flags:
                self._rule_on(self.rng.choice(open_flags), state)
                continue
            if self.can_inject(state) and self.rng.random() < self.inject_rate:
                injected = self.inject(state)
                if injected is not None:
                    self.events.append(injected)
                    continue
            if state.phase is Phase.BETTING:
                self.events.append(self.betting_move(state))
            elif state.phase is Phase.DEALING:
                self.events.extend(self.deal(state))
            else:  # showdown: table every hand, then settle
                self._show_or_settle(state)
        state = detect(self.setup, self.events, as_recorded=False).state
        assert state is not None and state.total_chips == total

    def _rule_on(self, flag: Flag, state: HandState) -> None:
        if self.rng.random() < 0.75:
            options = self.confirm_options(state)
            try:
                self.events.extend(confirm(self.setup, self.events, flag.flag_id, **options))
                return
            except IllegalActionError:
                # The ruling no longer applies to this hand (e.g. the last live hand cannot
                # be killed): the floor overrules it, as below.
                self.events.append(overrule(self.setup, self.events, flag.flag_id,
                                            "floor: play on"))
                return
        self.events.append(overrule(self.setup, self.events, flag.flag_id, "floor: play on"))

    def _show_or_settle(self, state: HandState) -> None:
        for player in state.in_hand:
            if not state.shown[player]:
                self.events.append(CardsShown(player, self.faces(state, player)))
                return
        assert can_settle(state)
        self.events.extend(settle(state))

    def faces(self, state: HandState, player: int) -> tuple[Card, ...]:
        """The player's hand as shown: known cards kept, unknown ones drawn at random."""
        hole = state.hole[player]
        faces = [c for c in hole if not c.is_unknown]
        wanted = len(hole) - len(faces)
        seen = mask(state)
        unseen = sum(1 for c in deck() if not seen & (1 << c.code))
        if unseen >= wanted:
            return tuple(faces + list(fresh(self.rng, seen, wanted)))
        # DR-DRAW: the stub ran out and the discards were shuffled to finish the draw, so a
        # face-down replacement may be a card discarded earlier.
        held = {c for cards in state.hole for c in cards}
        back = sorted({c for cards in state.discards for c in cards
                       if not c.is_unknown and c not in held}, key=lambda c: c.code)
        pool = [c for c in deck() if not seen & (1 << c.code)] + back
        return tuple(faces + self.rng.sample(pool, wanted))
