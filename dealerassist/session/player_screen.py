"""What the players' screen shows, from the table view and the house's `player_screen` rules.

The house decides (`rules.yaml`, `PlayerScreenRules`): the pot never, in pot-limit games
only (BET-PL-MAX: there a player may ask the pot) or always; the amount to call (G-ACT);
the tournament clock (TRN-LEVELS). A part the house does not allow is left out of the
view, so the console cannot show it by mistake.
"""

from __future__ import annotations

from dealerassist.rules.model import PlayerScreenRules, PotDisplay
from dealerassist.session.viewmodels import PlayerScreenView, TableView

__all__ = ["player_screen_view"]


def player_screen_view(view: TableView, rules: PlayerScreenRules) -> PlayerScreenView:
    """Return what the players' screen shows of ``view`` under the house's ``rules``."""
    pot = None
    in_hand = bool(view.street)
    if in_hand and (rules.pot is PotDisplay.ALWAYS
                    or (rules.pot is PotDisplay.POT_LIMIT and view.structure == "PL")):
        pot = view.total_in_middle
    clock = view.clock if rules.clock and view.clock is not None and view.clock.level else None
    action = view.action
    if rules.to_call and action is not None and action.call_amount > 0:
        return PlayerScreenView(pot=pot, to_call=action.call_amount, seat=action.seat,
                                name=action.name, clock=clock)
    return PlayerScreenView(pot=pot, clock=clock)
