"""The ``dealerassist table --json`` object of a table view (one JSON object per line).

Keys (the CLI contract of the design, kept as they are): hand_id, street, to_act,
to_call, min_raise_to, max_raise_to, pots, stacks, flags, plus seats, button, board,
message; payouts once a showdown's pots are settled, and error after a refused command.
Added for integrators: all_in (the call takes the whole stack: ``to_call`` is the full
amount owed, which may exceed the stack), raise_to_amounts (fixed limit's legal amounts),
bring_in ({seat, amount} while a stud bring-in is due), each flag's id, status and seat
(``confirm ID`` / ``overrule ID REASON``), misdeal ({hand_id, rule_id} of a hand just
voided), keep ({opener, asked_by, due, shown, holds_openers}: jacks or better, a request
that the opener keeps the opening hand and its show after the pot, JB-KEEP; else null).
Seats are numbered from 1 as on the felt; chips are ints; cards are text.
"""

from __future__ import annotations

from typing import Any

from dealerassist.session.viewmodels import TableView

__all__ = ["table_json"]


def table_json(view: TableView, *, error: str | None = None) -> dict[str, Any]:
    """Return the ``table --json`` object of ``view`` (``error`` set after a refusal)."""
    action = view.action
    occupied = [seat for seat in view.seats if seat.name]
    button = next((seat.seat for seat in view.seats if seat.is_button), None)
    result: dict[str, Any] = {
        "hand_id": view.hand_id,
        "street": view.street,
        "to_act": action.seat if action else None,
        "to_call": action.to_call if action else None,
        "all_in": bool(action and action.to_call and action.to_call >= action.stack),
        "min_raise_to": action.min_raise_to if action else None,
        "max_raise_to": action.max_raise_to if action else None,
        # Fixed limit: the only legal amounts (ST-OPEN-PAIR: [15, 30]); null for a range.
        "raise_to_amounts": list(action.raise_to_amounts) if action and action.raise_to_amounts
        else None,
        # ST-BRINGIN: the seat to act posts the bring-in (c) or completes (b).
        "bring_in": {"seat": action.seat, "amount": action.bring_in}
        if action and action.bring_in is not None else None,
        "pots": [
            {"label": pot.label, "amount": pot.amount, "eligible": list(pot.eligible_seats)}
            for pot in view.pots
        ],
        "stacks": {str(seat.seat): seat.stack for seat in occupied},
        "flags": [
            {"id": flag.flag_id, "rule_id": flag.rule_id, "message": flag.message,
             "severity": str(flag.severity), "status": str(flag.status), "seat": flag.seat}
            for flag in view.flags
        ],
        "seats": [
            {
                "seat": seat.seat,
                "name": seat.name,
                "stack": seat.stack,
                "bet": seat.bet,
                "status": str(seat.status),
                "cards": list(seat.cards),
            }
            for seat in occupied
        ],
        "button": button,
        "board": list(view.board),
        "message": view.message,
        # A hand voided by a misdeal (IRR-*-MISDEAL): redealt with the same button.
        "misdeal": {"hand_id": view.hand_id, "rule_id": view.misdeal} if view.misdeal
        else None,
        # JB-KEEP: the opener keeps the opening hand, shown after the pot is awarded.
        "keep": None if view.keep is None else {
            "opener": view.keep.opener, "asked_by": view.keep.asked_by, "due": view.keep.due,
            "shown": None if view.keep.shown is None else list(view.keep.shown),
            "holds_openers": view.keep.holds_openers},
    }
    if view.showdown is not None and view.showdown.pots:
        result["payouts"] = [
            {
                "pot": pot.label,
                "amount": pot.amount,
                "rake": pot.rake,
                "awards": {str(award.seat): award.amount for award in pot.awards},
            }
            for pot in view.showdown.pots
        ]
    if error is not None:
        result["error"] = error
    return result
