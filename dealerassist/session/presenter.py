"""Presenter: `SessionState` -> `TableView`, the display-ready records the console draws.

`present` assembles the view from the modules that each build one part of it:
`session.seat_views` (seats, pots, the action bar and its limits), `session.showdown_views`
(the showdown: hands, pots, winners, odd chips, rake), `session.dealer_texts` (street names,
the status line, the hand's lines and past hands, in English or French with
``present(state, lang="fr")``). `table_json` (`session.table_json`) is the
one-object-per-line summary printed by ``dealerassist table --json``; it, `FRENCH`,
`finished_showdown` and `proposed_showdown` stay importable from here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dealerassist.engine.keep import opening_holds_openers, opening_show_due
from dealerassist.engine.ruling_events import MisdealDeclared
from dealerassist.engine.state import HandState, Phase
from dealerassist.games.catalogue import game as game_spec
from dealerassist.games.spec import BettingStructure
from dealerassist.rules.model import HouseRules
from dealerassist.session import reports
from dealerassist.session.dealer_texts import (
    FRENCH,
    dealer_message,
    game_name,
    hand_line,
    hand_summary,
    say,
    street_name,
)
from dealerassist.session.seat_views import action_bar, pot_views, seat_views
from dealerassist.session.showdown_views import (
    finished_showdown,
    live_showdown,
    proposed_showdown,
)
from dealerassist.session.sightings import Proposal
from dealerassist.session.state import HandInPlay, SessionState
from dealerassist.session.table_json import table_json
from dealerassist.session.viewmodels import KeepView, PotView, ProposalView, TableView

__all__ = [
    "FRENCH",
    "finished_showdown",
    "keep_view",
    "present",
    "proposal_view",
    "proposed_showdown",
    "table_json",
]

_STRUCTURE = {
    BettingStructure.NO_LIMIT: "NL",
    BettingStructure.POT_LIMIT: "PL",
    BettingStructure.FIXED_LIMIT: "FL",
}


def present(state: SessionState, *, lang: str = "en",
            away: frozenset[int] = frozenset(), rules: HouseRules | None = None) -> TableView:
    """Return the view of ``state`` for the console, its texts in ``lang`` ("en"/"fr").

    ``away``: at a tournament table, the seats of players away (each `SeatView.away`).
    ``rules``: the house rules, to name the last hand's winning hands once it is paid.
    """
    game = state.game
    hand = state.hand
    structure = _STRUCTURE.get(game_spec(game.game).structure, "") if game else ""
    seats = tuple(replace(seat, away=True) if seat.seat in away and seat.name else seat
                  for seat in seat_views(state))
    view_kwargs: dict[str, Any] = {
        "game": game_name(game.game, game_spec(game.game).name, lang) if game else "",
        "preset": game.preset if game else "",
        "hand_id": hand.started.hand_id if hand else (state.last_hand_id or None),
        "seats": seats,
        "structure": structure,
        "past_hands": tuple(hand_summary(done, lang) for done in state.finished[-20:]),
    }
    if hand is None:
        next_id = state.last_hand_id + 1
        view_kwargs["message"] = (
            say(lang, "type 'hand' to deal hand {n}", n=next_id) if game
            else say(lang, "choose a game (--game)")
        )
        if state.carried:
            # JB-NO-OPEN / IRR-JB-FALSE: the pot carried into the next deal stays on the table.
            view_kwargs["pots"] = (PotView(label="Main", amount=state.carried),)
        if state.finished and state.finished[-1].started.hand_id == state.last_hand_id:
            misdeal = next((event.rule_id for event in state.finished[-1].events
                            if isinstance(event, MisdealDeclared)), "")
            if misdeal:
                view_kwargs["misdeal"] = misdeal
            # The last hand's payouts stay on screen until the next hand is dealt.
            view_kwargs["showdown"] = finished_showdown(state.finished[-1], rules=rules,
                                                        lang=lang)
        return TableView(**view_kwargs)
    engine = hand.engine_state
    view_kwargs.update(
        street=street_name(engine, lang),
        board=tuple(str(card) for card in engine.board),
        pots=pot_views(hand),
        action=action_bar(hand, structure, lang),
        showdown=live_showdown(hand, lang),
        history=tuple(line for line in (hand_line(hand, event, lang) for event in hand.events)
                      if line),
        flags=reports.hand_flags(hand),
        message=dealer_message(hand, lang),
        keep=keep_view(hand),
    )
    due = _board_due(engine)
    if due:
        view_kwargs.update(board_due=due, board_command=_BOARD_COMMANDS[engine.street_index])
    return TableView(**view_kwargs)


def keep_view(hand: HandInPlay) -> KeepView | None:
    """Return the request that the opener keeps the opening hand (JB-KEEP), if any."""
    engine: HandState = hand.engine_state
    if engine.keep_asked_by < 0:
        return None
    seats = hand.started.seats
    shown = engine.opening_hand if engine.opening_shown else None
    return KeepView(
        opener=seats[engine.opened_by],
        asked_by=seats[engine.keep_asked_by],
        due=opening_show_due(engine),
        shown=None if shown is None else tuple(str(card) for card in shown),
        holds_openers=opening_holds_openers(engine),
    )


# The board lines of the command language, by street index (HE-STREETS).
_BOARD_COMMANDS = {1: "flop", 2: "turn", 3: "river"}


def _board_due(engine: HandState) -> int:
    """Return the board cards the dealer must enter now (0: none, or another card first)."""
    if (engine.phase is not Phase.DEALING or not engine.due_board or engine.due_draw
            or engine.due_hole or engine.street_index not in _BOARD_COMMANDS):
        return 0
    return int(engine.due_board)


def proposal_view(proposal: Proposal) -> ProposalView:
    """Return the console's record of a camera proposal (`TableSession.observe`)."""
    return ProposalView(
        line=proposal.line,
        message=proposal.message or (f"read from the camera: {proposal.line}"),
        doubtful=tuple(str(card) for card in proposal.doubtful),
        rule_id=proposal.rule_id,
    )
