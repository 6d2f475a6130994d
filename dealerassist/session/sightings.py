"""Camera sightings -> dealer command lines: the camera proposes, the dealer confirms.

`propose(state, sightings)` looks at what the hand is waiting for and at the stable
sightings of the vision layer (``dealerassist.vision.sighting.Sighting``), and proposes the
command line the dealer would type: ``flop Ah Kd 7c`` when three new cards lie in the
board zone while the flop is due, ``up 1 Kh 3 2d`` when a stud street's up cards are seen
in the zones of the seats they are due to (ST7-DEAL, ST5-DEAL), ``show 3 Ah Ad`` when seat
3's cards are seen in its zone at showdown. A proposal whose cards were all read with
high confidence may be applied at once (`Proposal.automatic`); otherwise the console
shows it and the dealer confirms by sending the line (design: "a misread card must
never silently change a pot"). Either way the line goes through `TableSession.execute`,
so it is checked by the engine and journaled like a typed one. A card seen that is
already elsewhere in the hand is reported (IRR-DECK) instead of proposed.

The camera also notices what the dealer did not say: new board cards while betting is
still open propose the report ``early CARDS`` (IRR-FLOP-EARLY, IRR-TURN-EARLY,
IRR-RIVER-EARLY), and more cards than the flop holds propose ``flopped CARDS``
(IRR-FLOP-COUNT). Those are never applied by themselves: the dealer confirms the report,
then the ruling (docs/irregularities.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealerassist.cards import Card
from dealerassist.engine.state import Phase
from dealerassist.session.state import HandInPlay, SessionState
from dealerassist.vision.sighting import Sighting

__all__ = ["Proposal", "propose"]

_STREET_NAMES = {1: "flop", 2: "turn", 3: "river"}
# The board card the betting round before each street was protecting (HE-STREETS).
_EARLY_RULES = {0: "IRR-FLOP-EARLY", 1: "IRR-TURN-EARLY", 2: "IRR-RIVER-EARLY"}


@dataclass(frozen=True, slots=True)
class Proposal:
    """A command line read from the camera.

    Attributes:
        line: The dealer command it stands for (``"flop Ah Kd 7c"``).
        automatic: Every card was read with high confidence: it may be applied at once.
        doubtful: Cards read with low confidence (the dealer must look at them).
        rule_id: ``IRR-DECK`` when the reading conflicts with cards already in the hand
            (then ``line`` is empty and ``message`` says what is wrong), else "".
        message: Text for the dealer.

    """

    line: str
    automatic: bool
    doubtful: tuple[Card, ...] = ()
    rule_id: str = ""
    message: str = ""


def _board_zone(sighting: Sighting) -> bool:
    return sighting.zone in ("board", "")


def propose(state: SessionState, sightings: Sequence[Sighting]) -> Proposal | None:
    """Return the command the sightings stand for now, or None when they add nothing."""
    hand = state.hand
    if hand is None:
        return None
    engine = hand.engine_state
    started = hand.started
    known_board = {card for card in engine.board if card.is_face}
    in_holes = {card for hole in engine.hole for card in hole if card.is_face}
    if engine.phase is Phase.DEALING and engine.due_hole and engine.street.hole_up:
        return _up_cards(hand, sightings, known_board)
    if engine.phase is Phase.DEALING and engine.due_board and not engine.due_hole:
        seen = sorted(
            (s for s in sightings if _board_zone(s) and s.card not in known_board),
            key=lambda s: (s.box[0], s.box[1]),
        )
        clash = [s.card for s in seen if s.card in in_holes]
        if clash:
            return _clash(clash)
        if engine.street_index == 1 and len(seen) > engine.due_board:
            return _report(
                "flopped", seen, rule_id="IRR-FLOP-COUNT",
                message=f"{len(seen)} cards on the flop: the flop must be redealt",
            )
        if len(seen) != engine.due_board:
            return None
        name = _STREET_NAMES.get(engine.street_index, "board")
        return _proposal(f"{name} " + " ".join(str(s.card) for s in seen), seen)
    if engine.phase is Phase.BETTING and engine.street_index in _EARLY_RULES:
        # Board cards appearing while the round is open were turned too early.
        seen = sorted(
            (s for s in sightings if _board_zone(s) and s.card not in known_board),
            key=lambda s: (s.box[0], s.box[1]),
        )
        clash = [s.card for s in seen if s.card in in_holes]
        if clash:
            return _clash(clash)
        if seen and len(engine.board) < engine.setup.game.board_card_count:
            return _report(
                "early", seen, rule_id=_EARLY_RULES[engine.street_index],
                message="board card turned while the betting is open: confirm the report",
            )
    if engine.phase is Phase.SHOWDOWN:
        for player in engine.in_hand:
            hole = engine.hole[player]
            if not any(card.is_unknown for card in hole):
                continue
            seat = started.seats[player]
            seen = [s for s in sightings if s.zone == f"seat{seat}"]
            if len(seen) != len(hole):
                continue
            clash = [s.card for s in seen if s.card in known_board or s.card in in_holes]
            if clash:
                return _clash(clash)
            seen.sort(key=lambda s: (s.box[0], s.box[1]))
            return _proposal(f"show {seat} " + " ".join(str(s.card) for s in seen), seen)
    return None


def _up_cards(
    hand: HandInPlay, sightings: Sequence[Sighting], known_board: set[Card]
) -> Proposal | None:
    """Stud: the up cards seen in the zones of the seats they are due to, as one ``up`` line.

    A seat's zone holds its earlier up cards too: only the cards not yet dealt to that
    seat are new. A seat is proposed when exactly the street's up cards are new there
    (the dealer may still be dealing to the others: they follow in a later line); a card
    new to a seat that is on the board or in another hand is a clash (IRR-DECK). Without
    calibrated seat zones nothing is proposed.
    """
    engine, started = hand.engine_state, hand.started
    due = engine.street.hole_up
    faces = [{card for card in hole if card.is_face} for hole in engine.hole]
    parts: list[str] = []
    seen_all: list[Sighting] = []
    for player in engine.due_hole:
        seat = started.seats[player]
        new = sorted((s for s in sightings
                      if s.zone == f"seat{seat}" and s.card not in faces[player]),
                     key=lambda s: (s.box[0], s.box[1]))
        elsewhere = known_board.union(*(cards for other, cards in enumerate(faces)
                                        if other != player))
        clash = [s.card for s in new if s.card in elsewhere]
        if clash:
            return _clash(clash)
        if len(new) == due:
            parts.append(f"{seat} " + " ".join(str(s.card) for s in new))
            seen_all.extend(new)
    if not parts:
        return None
    return _proposal("up " + " ".join(parts), seen_all)


def _report(verb: str, seen: Sequence[Sighting], *, rule_id: str, message: str) -> Proposal:
    """Return a report of an irregularity the camera saw (never applied without the dealer)."""
    line = f"{verb} " + " ".join(str(s.card) for s in seen)
    return Proposal(line=line, automatic=False, rule_id=rule_id, message=message)


def _proposal(line: str, seen: Sequence[Sighting]) -> Proposal:
    doubtful = tuple(s.card for s in seen if s.needs_confirmation)
    message = (
        "confirm the cards read: " + " ".join(str(card) for card in doubtful) if doubtful else ""
    )
    return Proposal(line=line, automatic=not doubtful, doubtful=doubtful, message=message)


def _clash(cards: Sequence[Card]) -> Proposal:
    shown = " ".join(str(card) for card in cards)
    return Proposal(
        line="",
        automatic=False,
        rule_id="IRR-DECK",
        message=f"the camera sees {shown}, already in this hand: check the deck or the reading",
    )
