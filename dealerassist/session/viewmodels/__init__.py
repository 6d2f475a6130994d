"""Display-ready view-models: what the dealer console draws, as frozen records.

The session's presenter PRODUCES these records from the table state; the console (``ui/``)
only RENDERS them and sends dealer command lines back. Keeping them plain (no Qt, ints for
chips, card text as ``"Ah"``) lets the presenter be tested without a screen and the console
be tested with a fake feed (``ui/demo.py``).

Conventions:
- Chips are ``int`` in the table's smallest unit; never floats.
- Seats are numbered from 1, as printed on the felt.
- Cards are two-character text (``"Ah"``, ``"Td"``); ``"??"`` is a card dealt face down
  whose face is unknown to the dealer.
- Every collection is a tuple, so a view is hashable and can be compared in tests.

One module per part of the screen: `seats`, `pots`, `action_bar` (the only arithmetic:
presets and the pre-flight range check), `flags`, `showdown`, `panels` (camera proposals,
finished hands, clock), `player_screen` (the players' second window) and `table` (the
`TableView` holding them all). Import them from here.
"""

from __future__ import annotations

from dealerassist.session.viewmodels.action_bar import ActionBarView, RaisePreset
from dealerassist.session.viewmodels.flags import FlagSeverity, FlagStatus, FlagView
from dealerassist.session.viewmodels.panels import (
    ClockView,
    HandSummaryView,
    KeepView,
    ProposalView,
)
from dealerassist.session.viewmodels.player_screen import PlayerScreenView
from dealerassist.session.viewmodels.pots import PotAwardView, PotView, ShareKind
from dealerassist.session.viewmodels.seats import SeatMarker, SeatStatus, SeatView
from dealerassist.session.viewmodels.showdown import (
    ShowdownHandView,
    ShowdownPotView,
    ShowdownView,
)
from dealerassist.session.viewmodels.table import TableView

__all__ = [
    "ActionBarView",
    "ClockView",
    "FlagSeverity",
    "FlagStatus",
    "FlagView",
    "PlayerScreenView",
    "HandSummaryView",
    "KeepView",
    "PotAwardView",
    "PotView",
    "ProposalView",
    "RaisePreset",
    "SeatMarker",
    "SeatStatus",
    "SeatView",
    "ShareKind",
    "ShowdownHandView",
    "ShowdownPotView",
    "ShowdownView",
    "TableView",
]
