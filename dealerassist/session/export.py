"""Export finished hands of a table journal as PHH files (``dealerassist export``).

A finished hand is rebuilt from the journal (the fold of its effective events, undo
applied) and written with `dealerassist.journal.phh.to_phh`: its setup in PHH player
order, every action, the players' names, the finishing stacks and where it was played
(``hand``, ``year``, ``month``, ``day``, ``time`` from the journal's timestamps). A hand
ended by a misdeal was never played and is not exported.
Replaying the exported file under the same house rules gives the session's final stacks.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.engine.events import HoleCardsDealt
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
    session = TableSession(journal, rules=rules)
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
    """Return the hand's events with face-down hole cards replaced by the faces learnt later.

    Cards shown, or exposed and reported, are written in the deal, so the history can be
    replayed and ranked like the live hand.
    """
    final = _final_state(done, rules=rules).hole
    dealt = [0] * len(final)
    events: list[object] = []
    for event in done.events:
        if isinstance(event, HoleCardsDealt):
            start = dealt[event.player]
            dealt[event.player] += len(event.cards)
            known = final[event.player][start : start + len(event.cards)]
            if len(known) == len(event.cards) and all(card.is_face for card in known):
                event = HoleCardsDealt(player=event.player, cards=tuple(known))
        events.append(event)
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
