"""The players' screen shows what the house allows (`rules.yaml` ``player_screen``).

Each option is read from the shipped rules file, then from the same file with that option
changed, and shown changing what the players' screen view holds (the console's second
window draws exactly that view: tests/ui/test_player_screen.py).
"""

from __future__ import annotations

from pathlib import Path

from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import parse_rules_text
from dealerassist.session.controller import TableSession
from dealerassist.session.player_screen import player_screen_view
from dealerassist.session.presenter import present
from dealerassist.session.viewmodels import ClockView, TableView

SHIPPED = (Path(__file__).resolve().parents[2] / "rules.yaml").read_text("utf-8")


def _rules(**changed: str):
    text = SHIPPED
    for key, value in changed.items():
        old = {"pot": "  pot: pot_limit\n", "to_call": "  to_call: true\n",
               "clock": "  clock: true\n"}[key]
        assert text.count(old) == 1, key
        text = text.replace(old, f"  {key}: {value}\n")
    return parse_rules_text(text, "rules.yaml")


def _table(rules, preset: str, lines: list[str]) -> TableView:
    session = TableSession(InMemoryJournal(), rules=rules, preset=rules.preset(preset))
    for line in ["sit 1 Ann 500", "sit 2 Bob 500", "sit 3 Cy 500", *lines]:
        session.execute(line)
    return present(session.state)


def test_BET_PL_MAX_player_screen_pot_pot_limit_then_always_then_never():
    shipped = _rules()
    assert shipped.player_screen.pot.value == "pot_limit"
    # PLO 1/2, three players: Ann on the button raises to 7 after the blinds 1 and 2.
    plo = _table(shipped, "PLO 1/2", ["hand", "r 7"])
    assert plo.structure == "PL"
    assert player_screen_view(plo, shipped.player_screen).pot == 1 + 2 + 7
    nl = _table(shipped, "NLHE 1/2", ["hand", "r 7"])
    assert player_screen_view(nl, shipped.player_screen).pot is None  # no count in no-limit
    always = _rules(pot="always")
    assert player_screen_view(nl, always.player_screen).pot == 10
    never = _rules(pot="never")
    assert player_screen_view(plo, never.player_screen).pot is None
    between = _table(shipped, "PLO 1/2", [])  # no hand: no pot to show
    assert player_screen_view(between, always.player_screen).pot is None


def test_G_ACT_player_screen_to_call_true_then_false():
    shipped = _rules()
    view = _table(shipped, "NLHE 1/2", ["hand", "r 7"])  # Bob (small blind 1) to act
    shown = player_screen_view(view, shipped.player_screen)
    assert (shown.seat, shown.name, shown.to_call) == (2, "Bob", 6)
    hidden = player_screen_view(view, _rules(to_call="false").player_screen)
    assert (hidden.seat, hidden.to_call) == (None, None)
    # All-in for less: the amount a call adds is the stack (G-ALLIN).
    short = _table(shipped, "NLHE 1/2", ["hand", "r 500"])
    assert player_screen_view(short, shipped.player_screen).to_call == 499
    checked = _table(shipped, "NLHE 1/2", ["hand", "c", "c"])  # the big blind may check
    assert player_screen_view(checked, shipped.player_screen).to_call is None


def test_TRN_LEVELS_player_screen_clock_true_then_false():
    clock = ClockView(level=3, stakes="25/50 ante 5", seconds_left=312)
    view = TableView(street="Flop", structure="NL", clock=clock)
    assert player_screen_view(view, _rules().player_screen).clock == clock
    assert player_screen_view(view, _rules(clock="false").player_screen).clock is None
    cash = TableView(street="Flop", clock=ClockView(level=0, stakes="5/10"))
    assert player_screen_view(cash, _rules().player_screen).clock is None  # no clock runs


def test_player_screen_all_off_shows_nothing():
    rules = _rules(pot="never", to_call="false", clock="false")
    view = _table(rules, "PLO 1/2", ["hand", "r 7"])
    assert player_screen_view(view, rules.player_screen).empty


def test_player_screen_a_bad_value_is_refused_with_its_line():
    from dealerassist.rules import validate_rules_text

    text = SHIPPED.replace("  pot: pot_limit\n", "  pot: sometimes\n")
    problems = validate_rules_text(text, "rules.yaml")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "pot: sometimes" in row)
    assert [(p.line, p.message) for p in problems] == [
        (line, "player_screen.pot must be one of never, pot_limit, always, not 'sometimes'")]
