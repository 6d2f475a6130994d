"""Floor tools: rulings browser, hand stepper, incident records (issue 10).

- `search(query, rules=)` over the shipped rules catalogue (English and French) with the
  house's option values (`house_options`);
- `hand_steps` / `steps_from_journal`: a hand event by event with pots, limits and cards;
- `IncidentBook`: disputes, rulings and who decided, exported as CSV or printable HTML.

See docs/floor.md.
"""

from dealerassist.floor.catalogue import (
    HouseOption,
    RuleEntry,
    house_options,
    rule_catalogue,
    search,
)
from dealerassist.floor.incidents import (
    IncidentBook,
    IncidentError,
    check_incident,
    incidents_csv,
    incidents_html,
)
from dealerassist.floor.stepper import (
    HandStep,
    PotLine,
    SeatLine,
    hand_steps,
    steps_from_journal,
    steps_of_session,
)

__all__ = [
    "HandStep",
    "HouseOption",
    "IncidentBook",
    "IncidentError",
    "PotLine",
    "RuleEntry",
    "SeatLine",
    "check_incident",
    "hand_steps",
    "house_options",
    "incidents_csv",
    "incidents_html",
    "rule_catalogue",
    "search",
    "steps_from_journal",
    "steps_of_session",
]
