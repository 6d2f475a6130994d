"""The console's bridge to a live table: `TableSession` behind the `Controller` protocol.

`SessionController.submit` runs one dealer command line through the session (which checks
it with the engine, journals it, then applies it) and answers with the presenter's
TableView; a refusal comes back as the session's message and rule ID, the table unchanged.

Handled here rather than in the session:
- Why no raise is allowed (``ActionBarView.raise_rule``), from the engine's legal actions.
- Camera proposals: `observe` gives the stable sightings to the session; a proposal it does
  not apply by itself is shown in the view until the dealer sends a command.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dealerassist.engine.betting import legal_actions
from dealerassist.errors import DealerAssistError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.paths import default_journal_path
from dealerassist.journal.records import Journal
from dealerassist.journal.store import SQLiteJournal
from dealerassist.rules import default_rules, load_rules
from dealerassist.rules.model import HouseRules, UnknownPresetError
from dealerassist.rules.profiles import default_rules_text
from dealerassist.session.controller import TableSession, utc_now
from dealerassist.session.dealer_texts import say
from dealerassist.session.desk import desk_of, is_desk_line, record_desk_line, signing_in
from dealerassist.session.export import export_hands
from dealerassist.session.presenter import present, proposal_view
from dealerassist.session.state import SessionState
from dealerassist.session.tournament_table import TournamentTable, holds_tournament
from dealerassist.session.viewmodels import (
    ProposalView,
    TableView,
)
from dealerassist.ui.bridge import SubmitResult
from dealerassist.ui.workers import Progress

__all__ = ["SessionController", "open_session"]


class SessionController:
    """A `TableSession` seen through the console's `Controller` protocol."""

    def __init__(self, session: TableSession, *, lang: str = "en", link: Any = None):
        self.session = session
        self.link = link  # the card room's link (room.table_link.TableLink), or None
        # Asks a dealer's password without echo (the console sets it); None: no one to ask.
        self.ask_password: Callable[[str], str | None] | None = None
        self._floor_said = ""
        self._room_line = ""
        self.lang = lang  # the presenter's texts (street, status line, hand lines): en or fr
        self._proposals: tuple[ProposalView, ...] = ()
        self._observed: tuple[Any, ...] = ()

    @property
    def journal_warnings(self) -> tuple[str, ...]:
        """What opening the journal warned of (a copy without its -wal, docs/journal.md)."""
        return tuple(getattr(self.session.journal, "warnings", ()))

    def observe(self, sightings: Sequence[Any]) -> SubmitResult:
        """Give the session the camera's stable cards (the camera proposes, the dealer confirms).

        A confident reading is applied by the session (checked, journaled, ``# camera``); a
        doubtful or clashing one is kept as a proposal in the view until the dealer sends a
        command. The same cards seen again propose nothing new.
        """
        sightings = tuple(sightings)
        key = tuple(sorted((str(s.card), s.zone) for s in sightings))
        if key == self._observed:
            return SubmitResult(ok=True, view=self.current_view())
        self._observed = key
        try:
            proposal = self.session.observe(sightings)
        except DealerAssistError as error:
            return SubmitResult(ok=False, view=self.current_view(), error=f"camera: {error}",
                                rule_id=getattr(error, "rule_id", ""))
        if proposal is not None and not (proposal.automatic and proposal.line):
            self._proposals = (proposal_view(proposal),)
        elif proposal is not None:
            self._proposals = ()
        return SubmitResult(ok=True, view=self.current_view())

    def export_day(self, *, day: str, folder: str) -> Callable[[Progress], str]:
        """Return work (for `ui.workers.Task`) writing ``day``'s finished hands as PHH files.

        The work opens its own read-only connection to the journal file, so it can run in a
        pool thread while the dealer keeps playing.
        """
        journal = self.session.journal
        path = getattr(journal, "path", None)
        rules = self.session.rules

        def work(progress: Progress) -> str:
            if path is None:
                raise DealerAssistError("this table has no journal file to export from")
            with SQLiteJournal(path, create=False) as reader:
                hands = export_hands(reader, rules=rules, day=day)
            if not hands:
                raise DealerAssistError(f"no finished hand on {day} in {path}")
            target = Path(folder)
            target.mkdir(parents=True, exist_ok=True)
            for done, exported in enumerate(hands, 1):
                (target / f"hand-{exported.hand_id:04d}.phh").write_text(
                    exported.text, encoding="utf-8")
                progress(done, len(hands))
            return f"exported {len(hands)} hands of {day} to {target}"

        return work

    @property
    def state(self) -> SessionState:
        """The session's state."""
        return self.session.state

    def current_view(self) -> TableView:
        """Return the presenter's view, with the last hand's payouts between hands."""
        state = self.session.state
        tournament = getattr(self.session, "tournament", None)
        away = getattr(tournament, "away", frozenset())  # TournamentTable: players away
        view = present(state, lang=self.lang, away=frozenset(away), rules=self.session.rules)
        if state.hand is None and view.message:
            # Between hands the console names its menu and hotkey, not the CLI's words.
            view = replace(view, message=console_prompt(state, self.lang))
        if view.action is not None and view.action.min_raise_to is None and state.hand:
            # Why no raise is allowed, from the engine (BET-FL-CAP, BET-SHORT-ALLIN ...),
            # until the presenter passes it on.
            choices = legal_actions(state.hand.engine_state)
            if choices is not None and choices.raise_rule:
                view = replace(view, action=replace(view.action, raise_rule=choices.raise_rule))
        if self._proposals:
            view = replace(view, proposals=self._proposals)
        clock_view = getattr(self.session, "clock_view", None)
        if clock_view is not None:  # a tournament table: level, stakes, time left
            view = replace(view, clock=clock_view())
        extras = list(view.extras)
        desk = desk_of(self.session.history())
        waiting = desk.waiting
        if waiting:
            extras.append(("floor", ", ".join(f"{call.call_id} waiting" for call in waiting)))
        if self._floor_said:
            extras.append(("floor said", self._floor_said))
        if desk.dealer is not None:
            extras.append(("dealer", desk.dealer.name))
        if self.link is not None:
            extras.append(("room", self.link.status().line().removeprefix("room: ")))
        return replace(view, extras=tuple(extras)) if extras else view

    def poll(self) -> bool:
        """Take the floor's answers from the room; return True when the view changed."""
        if self.link is None:
            return False
        said = self.link.apply_answers()
        if said:
            self._floor_said = said[-1]
        line = self.link.status().line()
        changed = bool(said) or line != self._room_line
        self._room_line = line
        return changed

    def tournament_stacks(self) -> dict[str, int]:
        """Return the tournament presets of the house rules and their starting stacks."""
        return {preset.name: preset.starting_stack for preset in self.session.rules.presets
                if preset.starting_stack is not None}

    def start_tournament(self, preset: str, *,
                         journal: Journal | None = None) -> SessionController:
        """Open a new tournament table of ``preset`` on a new journal (TRN-START).

        The journal is ``journal``, else a new SQLite file beside this table's journal
        (``tournament-<UTC time>.sqlite3``); a table without a journal file (tests) gets one
        in memory. The old table's journal is closed once the new one is open.

        Raises:
            DealerAssistError: not a tournament preset, or the file cannot be made.

        """
        rules = self.session.rules
        try:
            chosen = rules.preset(preset)
        except UnknownPresetError as error:
            raise DealerAssistError(str(error)) from None
        if chosen.starting_stack is None:
            raise DealerAssistError(f"{preset} is not a tournament preset (no starting_stack)")
        old = self.session.journal
        if journal is None:
            path = getattr(old, "path", None)
            if path is None:
                journal = InMemoryJournal()
            else:
                stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
                journal = SQLiteJournal(Path(path).parent / f"tournament-{stamp}.sqlite3")
        try:
            table = TournamentTable(journal, rules=rules, preset=chosen, confirm_payouts=True)
        except BaseException:
            journal.close()
            raise
        if old is not journal and hasattr(old, "close"):
            old.close()
        return SessionController(table, lang=self.lang)  # type: ignore[arg-type]

    def _dealer_check(self, line: str) -> str:
        """Check a ``dealer in NAME`` against the room (`DealerSignedIn.verified`)."""
        name = signing_in(line)
        if name is None or self.link is None:
            return ""
        password = self.ask_password(name) if self.ask_password is not None else None
        return str(self.link.verify_dealer(name, password))

    def submit(self, line: str) -> SubmitResult:
        """Run one command line; a refusal leaves the table as it was."""
        self._proposals = ()  # the dealer has spoken: a camera proposal is answered
        try:
            if is_desk_line(line) and line.split()[0].lower() != "handover":
                place = self.link.outbox.table_id if self.link is not None else "local"
                record_desk_line(self.session, line, now=utc_now(), place=place,
                                 verified=self._dealer_check(line))
            else:
                self.session.execute(line)
            if self.link is not None:
                self.link.committed()
        except DealerAssistError as error:
            return SubmitResult(ok=False, view=self.current_view(), error=str(error),
                                rule_id=getattr(error, "rule_id", ""))
        return SubmitResult(ok=True, view=self.current_view())



def console_prompt(state: SessionState, lang: str = "en") -> str:
    """Return what the console asks for between hands: set the table up, or press N."""
    if state.game is None or not state.table.players:
        return say(lang, "Table → Set up table…: seat the players and choose the game "
                         "(F1: the keys)")
    return say(lang, "press N to deal hand {n}", n=state.last_hand_id + 1)


def _rules(path: str | None) -> HouseRules:
    if path:
        return load_rules(path)
    if Path("rules.yaml").is_file():
        return load_rules("rules.yaml")
    return default_rules()


def open_session(*, rules: str | None, db: str | None, room: str | None = None,
                 table_id: str | None = None) -> SessionController:
    """Open the table journal (``db`` or the user data folder) with the house rules.

    Raises:
        DealerAssistError: the rules file or the journal cannot be used (names the file).

    """
    house = _rules(rules)
    path = Path(db) if db else default_journal_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    journal = SQLiteJournal(path)
    if holds_tournament(journal):
        # TRN-*: a tournament journal resumes its blind clock, levels and standings.
        table: Any = TournamentTable(journal, rules=house, confirm_payouts=True)
    else:
        # The console's dealer confirms each showdown's payouts (``pay``, POT-AWARD).
        table = TableSession(journal, rules=house, confirm_payouts=True)
    link = None
    if room:
        # The card room (docs/room.md): the journal is pushed in the background; the
        # table deals whether the room answers or not.
        from dealerassist.room.table_link import TableLink

        rules_text = Path(rules).read_text(encoding="utf-8") if rules else (
            Path("rules.yaml").read_text(encoding="utf-8") if Path("rules.yaml").is_file()
            else default_rules_text())
        link = TableLink(table, journal, table_id=table_id or journal.table_id(), dsn=room,
                         rules_text=rules_text)
    return SessionController(table, link=link)
