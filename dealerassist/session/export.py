"""Export finished hands of a table journal as PHH files (``dealerassist export``).

A finished hand is rebuilt from the journal (the fold of its effective events, undo
applied) and written with `dealerassist.journal.phh.to_phh`: its setup in PHH player
order, every action, the players' names, the finishing stacks and where it was played
(``hand``, ``year``, ``month``, ``day``, ``time`` from the journal's timestamps). A hand
ended by a misdeal was never played and is not exported.
Replaying the exported file under the same house rules gives the session's final stacks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from dealerassist.cards import Card
from dealerassist.engine.events import CardsDrawn, HoleCardsDealt
from dealerassist.errors import DealerAssistError
from dealerassist.journal.phh import to_phh
from dealerassist.journal.records import Journal
from dealerassist.rules.model import HouseRules
from dealerassist.session import hand as hand_adapter
from dealerassist.session.controller import TableSession
from dealerassist.session.state import FinishedHand

__all__ = ["ExportedHand", "export_hands", "hand_to_phh"]


@dataclass(frozen=True, slots=True)
class ExportedHand:
    """One exported hand: its number, UTC start time and PHH text."""

    hand_id: int
    started_at: str
    text: str

    @property
    def day(self) -> str:
        """The UTC day the hand started, ``YYYY-MM-DD``."""
        return self.started_at[:10]


def hand_to_phh(done: FinishedHand, *, rules: HouseRules, started_at: str = "") -> str:
    """Return the PHH text of one finished hand."""
    started = done.started
    setup = hand_adapter.setup_of(started, rules=rules)
    extra: dict[str, object] = {"hand": started.hand_id}
    if len(started_at) >= 19:
        extra.update(
            year=int(started_at[0:4]),
            month=int(started_at[5:7]),
            day=int(started_at[8:10]),
            time=started_at[11:19],
        )
    extra["seats"] = list(started.seats)
    extra["seat_count"] = max(started.seats)
    return to_phh(
        setup,
        _with_known_hole_cards(done, rules=rules),
        players=started.names,
        finishing_stacks=done.finished.final_stacks,
        extra=extra,
    )


def export_hands(
    journal: Journal,
    *,
    rules: HouseRules,
    hand_ids: set[int] | None = None,
    day: str | None = None,
) -> list[ExportedHand]:
    """Return the finished hands of ``journal`` chosen by number and/or UTC day.

    Raises:
        DealerAssistError: a hand asked for by number is not in the journal or not finished.

    """
    session = TableSession(journal, rules=rules, recent_hands=None)
    started_at = {entry.hand_id: entry.started_at for entry in journal.hands()}
    finished = {
        done.started.hand_id: done
        for done in session.state.finished
        if not _void(done, rules=rules)  # a misdealt hand was never played: no history
    }
    if hand_ids:
        for hand_id in sorted(hand_ids):
            if hand_id not in finished:
                if hand_id in started_at:
                    raise DealerAssistError(
                        f"hand {hand_id} is not finished (or was undone); nothing to export"
                    )
                last = max(finished, default=0)
                raise DealerAssistError(
                    f"no hand {hand_id} in this journal (finished hands: "
                    f"{_ranges(sorted(finished)) or 'none'}; the last is {last})"
                )
    chosen = []
    for hand_id, done in sorted(finished.items()):
        when = started_at.get(hand_id, "")
        if hand_ids and hand_id not in hand_ids:
            continue
        if day and not when.startswith(day):
            continue
        chosen.append(
            ExportedHand(
                hand_id=hand_id,
                started_at=when,
                text=hand_to_phh(done, rules=rules, started_at=when),
            )
        )
    return chosen


def _final_state(done: FinishedHand, *, rules: HouseRules):  # type: ignore[no-untyped-def]
    state = hand_adapter.start(done.started, rules=rules)
    for event in done.events:
        state = hand_adapter.apply(state, event)
    return state


def _with_known_hole_cards(done: FinishedHand, *, rules: HouseRules) -> list[object]:
    """Return the hand's events with face-down cards replaced by the faces learnt later.

    Cards shown, or exposed and reported, are written where they were dealt (the deal, or
    the replacements of a draw), so the history can be replayed and ranked like the live
    hand. Each card a player holds is followed from the event that gave it, through the
    draws, the way the engine does (a discarded face leaves its own slot, a discarded
    unknown card the first unknown slot, replacements go to the end: LB-DEAL, DR-DRAW).
    A player whose cards cannot be followed that way keeps the faces as dealt.
    """
    final = _final_state(done, rules=rules).hole
    events: list[object] = list(done.events)
    # Per player: (event index, position in that event's cards) of each card held.
    slots: list[list[tuple[int, int]]] = [[] for _ in final]
    cards: list[list[Card]] = [[] for _ in final]
    lost: set[int] = set()
    for index, event in enumerate(events):
        if isinstance(event, HoleCardsDealt):
            player, given = event.player, event.cards
        elif isinstance(event, CardsDrawn):
            player, given = event.player, event.received
            for card in event.discarded:
                held = cards[player]
                if not card.is_unknown and card in held:
                    k = held.index(card)
                elif any(c.is_unknown for c in held):
                    k = next(k for k, c in enumerate(held) if c.is_unknown)
                else:
                    lost.add(player)
                    continue
                del held[k], slots[player][k]
        else:
            continue
        for position, card in enumerate(given):
            slots[player].append((index, position))
            cards[player].append(card)
    learnt: dict[tuple[int, int], Card] = {}
    for player, held in enumerate(final):
        if player in lost or len(held) != len(slots[player]):
            continue
        for slot, was, now in zip(slots[player], cards[player], held, strict=True):
            if was.is_unknown and now.is_face:
                learnt[slot] = now
    for index, event in enumerate(events):
        if isinstance(event, HoleCardsDealt | CardsDrawn):
            given = event.cards if isinstance(event, HoleCardsDealt) else event.received
            known = tuple(learnt.get((index, k), card) for k, card in enumerate(given))
            if known != tuple(given):
                events[index] = (replace(event, cards=known) if isinstance(event, HoleCardsDealt)
                                 else replace(event, received=known))
    return events


def _void(done: FinishedHand, *, rules: HouseRules) -> bool:
    return hand_adapter.is_void(_final_state(done, rules=rules))


def _ranges(numbers: list[int]) -> str:
    parts: list[str] = []
    for number in numbers:
        if parts and parts[-1].split("-")[-1] == str(number - 1):
            head = parts[-1].split("-")[0]
            parts[-1] = f"{head}-{number}"
        else:
            parts.append(str(number))
    return ", ".join(parts)
