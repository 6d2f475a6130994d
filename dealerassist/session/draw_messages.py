"""The dealer's texts for the draw: whose draw, the announced number, the five-card draw.

Kept out of `session.presenter` (already long) and used by it: `draw_message` is the
status line while a draw is due, `draw_line` the hand log line of a draw event. They say
what the dealer does (DR-DRAW-MAX): "seat 3 Cy draws 5: deal 4 now, the fifth after
everyone" or, for the last to draw, "... last to draw: deal 4, burn one, then the fifth";
when the deferred fifth is due, "burn one, then deal the fifth card" or "deal the fifth
card"; when the stub runs out, the reshuffle's line names DR-DRAW. English templates;
`DRAW_FRENCH` holds their French (`session/dealer_texts.py` merges it into its `FRENCH`
table). Command words (``draw``, ``pat``, ``fifth``) stay as typed.
"""

from __future__ import annotations

from typing import Any

from dealerassist.engine.draws import (
    FivePlan,
    can_reshuffle,
    declared,
    draw_stub,
    fifth_due,
    five_card_plan,
)
from dealerassist.engine.events import (
    BetPlaced,
    Called,
    CardsDrawn,
    Checked,
    DiscardsReshuffled,
    DrawDeclared,
    Folded,
    RaisedTo,
)
from dealerassist.engine.state import HandState, Phase

__all__ = ["DRAW_FRENCH", "draw_line", "draw_message", "drawn_count"]

DRAW_FRENCH: dict[str, str] = {
    "seat {seat} {name} draws: draw N (0 = pat)":
        "siège {seat} {name} échange : draw N (0 = servi)",
    "seat {seat} {name} draws {count}: draw {count}":
        "siège {seat} {name} demande {count} : draw {count}",
    "seat {seat} {name} stands pat: pat": "siège {seat} {name} est servi : pat",
    "seat {seat} {name} draws 5: deal 4 now, the fifth after everyone (draw 5)":
        "siège {seat} {name} demande 5 : donnez 4 maintenant, la cinquième après tout le "
        "monde (draw 5)",
    "seat {seat} {name} draws 5, last to draw: deal 4, burn one, then the fifth (draw 5)":
        "siège {seat} {name} demande 5, dernier à échanger : donnez 4, brûlez une carte, "
        "puis la cinquième (draw 5)",
    "seat {seat} {name}: deal the fifth card now (fifth)":
        "siège {seat} {name} : donnez la cinquième carte maintenant (fifth)",
    "seat {seat} {name}: burn one, then deal the fifth card (fifth)":
        "siège {seat} {name} : brûlez une carte, puis donnez la cinquième (fifth)",
    "; then the fifth card to seat {seats}": " ; puis la cinquième carte au siège {seats}",
    "{who} asks for {count}": "{who} demande {count}",
    "{who} asks to stand pat": "{who} annonce servi",
    "{who} draws 5: 4 dealt, the fifth to come":
        "{who} échange 5 : 4 données, la cinquième à venir",
    "{who} gets the fifth card": "{who} reçoit la cinquième carte",
    "seat {seat} {name}: the stub holds {stub}, reshuffle the others' discards first "
    "(reshuffle)":
        "siège {seat} {name} : le talon compte {stub} carte(s), mélangez d'abord les écarts "
        "des autres (reshuffle)",
    "stub out: the others' discards shuffled to serve {who} (DR-DRAW)":
        "talon épuisé : les écarts des autres sont mélangés pour servir {who} (DR-DRAW)",
}


def _t(lang: str, text: str, **fields: Any) -> str:
    if lang == "fr":
        text = DRAW_FRENCH.get(text, text)
    return text.format(**fields)


def draw_message(engine: HandState, seats: tuple[int, ...], names: tuple[str, ...],
                 lang: str = "en") -> str:
    """Return the status line while a draw is due, or "" when none is.

    Args:
        engine: The hand's engine state.
        seats: Seat number of each PHH player index.
        names: Name of each player.
        lang: "en" or "fr".

    """
    if engine.phase is not Phase.DEALING or not engine.due_draw:
        return ""
    served = engine.due_draw[0]
    if can_reshuffle(engine, served):
        announced = declared(engine, served)
        need = 1 if served in engine.draw_owed or not announced else min(announced, 4)
        stub = draw_stub(engine)
        if stub < need:  # DR-DRAW: the stub cannot serve the cards due
            return _t(lang, "seat {seat} {name}: the stub holds {stub}, reshuffle the "
                      "others' discards first (reshuffle)", seat=seats[served],
                      name=names[served], stub=stub)
    owed = fifth_due(engine)
    if owed is not None:
        text = ("seat {seat} {name}: burn one, then deal the fifth card (fifth)"
                if engine.draw_burn == owed else
                "seat {seat} {name}: deal the fifth card now (fifth)")
        return _t(lang, text, seat=seats[owed], name=names[owed])
    player = engine.due_draw[0]
    count = declared(engine, player)
    fields = {"seat": seats[player], "name": names[player]}
    if count is None:
        text = _t(lang, "seat {seat} {name} draws: draw N (0 = pat)", **fields)
    elif count == 0:
        text = _t(lang, "seat {seat} {name} stands pat: pat", **fields)
    elif count >= 5 and five_card_plan(engine, player) is FivePlan.LAST_BURN:
        # DR-DRAW-MAX: the last to draw gets four, a burn, then the fifth.
        text = _t(lang, "seat {seat} {name} draws 5, last to draw: deal 4, burn one, then "
                  "the fifth (draw 5)", **fields)
    elif count >= 5:
        # DR-DRAW-MAX: four in a row at most; the fifth after every other player.
        text = _t(lang, "seat {seat} {name} draws 5: deal 4 now, the fifth after everyone "
                  "(draw 5)", **fields)
    else:
        text = _t(lang, "seat {seat} {name} draws {count}: draw {count}", count=count,
                  **fields)
    owed_live = [p for p in engine.draw_owed if p in engine.due_draw]  # a dead hand: none
    if owed_live:
        waiting = ", ".join(str(seats[p]) for p in owed_live)
        text += _t(lang, "; then the fifth card to seat {seats}", seats=waiting)
    return text


def draw_line(event: Any, who: str, lang: str = "en") -> str | None:
    """Return the hand log line of a draw event, or None for another event."""
    if isinstance(event, DrawDeclared):
        if event.count == 0:
            return _t(lang, "{who} asks to stand pat", who=who)
        return _t(lang, "{who} asks for {count}", who=who, count=event.count)
    if isinstance(event, DiscardsReshuffled):
        return _t(lang, "stub out: the others' discards shuffled to serve {who} (DR-DRAW)",
                  who=who)
    if isinstance(event, CardsDrawn):
        if not event.discarded and event.received:
            return _t(lang, "{who} gets the fifth card", who=who)
        if len(event.discarded) > len(event.received):
            return _t(lang, "{who} draws 5: 4 dealt, the fifth to come", who=who)
    return None


def drawn_count(events: tuple[Any, ...], player: int) -> int | None:
    """Return how many cards ``player`` drew on their last draw (0: pat), or None.

    A draw of five counts five from its first part on; its fifth card adds nothing.
    DR-ASK: the dealer answers "how many did they draw?" only until there is action after
    the draw; once a betting action follows the player's last draw, the dealer may not
    answer, so this is None. None too before any draw.
    """
    for event in reversed(events):
        if isinstance(event, _ACTIONS):
            return None  # DR-ASK: action after the draw, the dealer may not answer
        if isinstance(event, CardsDrawn) and event.player == player \
                and (event.discarded or not event.received):
            return len(event.discarded)
    return None


_ACTIONS = (Folded, Checked, Called, BetPlaced, RaisedTo)
"""The betting actions: the first one after a draw ends the dealer's answer (DR-ASK)."""
