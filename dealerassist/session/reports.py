"""Dealer reports of irregularities and rulings: command lines -> irregularity events.

At a live table the physical event has happened whatever the rules say; the dealer tells
the app, in one short line, and the app flags it with its rule and ruling (IRR-*):

=====================================  =========================================================
``exposed 3 Ah [first|second|N]``      seat 3's hole card Ah was exposed by the dealer (seat 3's
``exposed 3 Ah deal N``                N-th card; ``deal N``: the N-th card of the whole deal,
                                       refused if it was another seat's); add ``player`` if the
                                       player exposed it, ``draw`` during the draw
``acted 3 ACTION [AMOUNT]``            seat 3 acted against the rules (out of turn, under-raise,
                                       overbet, after the cap): ``acted 3 r 30``, ``acted 5 c``
``extra 3 [COUNT]``                    extra card(s) dealt, the first to seat 3
``early CARDS`` / ``flopped CARDS``    board cards turned while betting is open / too many cards
``absent 3``                           stud: seat 3 is away when it is their turn
``wrongbutton [DETAIL]``               the button is out of position, wrong blinds posted
``dealerror KIND [SEAT]``              lowball/draw dealing error (wrong_count,
                                       first_card_wrong_seat, out_of_sequence,
                                       card_to_empty_seat, player_dealt_out)
``holding 3 COUNT [after]``            draw: seat 3 holds COUNT cards (``after`` the draw)
``falseopen 3 [allin]``                jacks or better: seat 3 shows false openers
``wronglow 3 5 [AMOUNT]``              stud: seat 3 brought in (AMOUNT, default the bring-in),
                                       seat 5 has the low card
``foldnobet 3``                        stud: seat 3 folded with no bet to call
``confirm [FLAG] [CARD] [nodeclare]``  apply the ruling of FLAG (default: the latest open flag);
                                       CARD replaces an exposed hole card; ``nodeclare``: jacks
                                       or better, nobody declared the pot open (refunds)
``misdeal``                            confirm the open misdeal flag
``overrule FLAG REASON...``            floor decision against FLAG, with its reason
=====================================  =========================================================

`parse_report(line)` reads such a line (None when the verb is not one of these);
`decide_report(hand, command, rules=)` returns the checked events; `board_events` deals the
next board cards as the rulings in force say (unburned after an early flop...);
`hand_flags(hand)` gives the flags panel's `FlagView`s. Hooks in commands.py, hand.py and
the presenter are listed in docs/irregularities.md.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import Any

from dealerassist.cards import UNKNOWN, Card, parse_cards
from dealerassist.engine import ruling_events as irr
from dealerassist.engine.rulings import evolve as evolve_any
from dealerassist.engine.rulings import is_void
from dealerassist.engine.state import HandState, Phase
from dealerassist.errors import IllegalActionError, InvalidCardError
from dealerassist.irregular.consequences import confirm, next_board, overrule
from dealerassist.irregular.detectors import detect
from dealerassist.irregular.flags import Flag, FlagStatus, Language, Severity
from dealerassist.limits import MAX_CHIPS, chips_too_large, shown
from dealerassist.rules.model import HouseRules
from dealerassist.session import hand as hand_adapter
from dealerassist.session.commands import CommandError
from dealerassist.session.events import HandFinished
from dealerassist.session.viewmodels import FlagView

__all__ = [
    "REPORT_COMMANDS",
    "REPORT_HELP",
    "ConfirmRuling",
    "OverruleFlag",
    "Report",
    "ReportCommand",
    "board_events",
    "decide_report",
    "hand_flags",
    "is_report",
    "parse_report",
]


@dataclass(frozen=True, slots=True)
class Report:
    """A physical event reported by the dealer; ``fields`` are the event's, seats not players.

    Attributes:
        verb: the report's verb ("exposed", "extra", ...).
        seat: the seat concerned, 0 if none.
        other_seat: a second seat (``wronglow``), 0 if none.
        cards: cards named.
        count: a count (extra cards, cards held), 0 if none.
        nth: the card's place in the whole deal (``exposed ... deal N``), 0 if unsaid.
        own: which of the seat's cards (``exposed 3 Ah second``: 2), 0 if unsaid.
        flag: a word option (``player``, ``draw``, ``after``, ``allin``, a dealing error).
        detail: free text (``wrongbutton``).

    """

    verb: str
    seat: int = 0
    other_seat: int = 0
    cards: tuple[Card, ...] = ()
    count: int = 0
    nth: int = 0
    own: int = 0
    flag: str = ""
    detail: str = ""


@dataclass(frozen=True, slots=True)
class ConfirmRuling:
    """Apply a flag's ruling: ``confirm [FLAG] [CARD]``; ``misdeal`` confirms a misdeal flag."""

    flag_id: str = ""
    replacement: Card = UNKNOWN
    misdeal_only: bool = False
    nobody_declares: bool = False


@dataclass(frozen=True, slots=True)
class OverruleFlag:
    """A floor person overrules a flag, with the reason recorded: ``overrule FLAG REASON``."""

    flag_id: str
    reason: str


ReportCommand = Report | ConfirmRuling | OverruleFlag
REPORT_COMMANDS = (Report, ConfirmRuling, OverruleFlag)

#: (usage, example, meaning) of every report verb, for ``help`` and the docs.
REPORT_HELP: tuple[tuple[str, str, str], ...] = (
    ("exposed SEAT CARD [first|second|N | deal N] [player] [draw]", "exposed 3 Ah second",
     "a hole card was exposed"),
    ("acted SEAT f|x|c|b|r|allin [AMOUNT]", "acted 3 r 30",
     "a player acted against the rules (out of turn, under-raise, overbet, after the cap)"),
    ("extra SEAT [COUNT]", "extra 3", "extra card(s) dealt, the first to SEAT"),
    ("early CARDS", "early Ks", "board cards turned while betting is open"),
    ("flopped CARDS", "flopped Ah Kd 7c 2s", "too many cards flopped"),
    ("absent SEAT", "absent 3", "stud: a player absent at their turn"),
    ("wrongbutton [DETAIL]", "wrongbutton should be seat 5", "button or blinds wrong"),
    ("dealerror KIND [SEAT]", "dealerror out_of_sequence", "lowball/draw dealing error"),
    ("holding SEAT COUNT [after]", "holding 3 4", "draw: a hand of the wrong size"),
    ("falseopen SEAT [allin]", "falseopen 3", "jacks or better: false openers"),
    ("wronglow SEAT TRUE_SEAT [AMOUNT]", "wronglow 3 5",
     "stud: the wrong player brought in (AMOUNT put out, default the bring-in)"),
    ("foldnobet SEAT", "foldnobet 3", "stud: folded with no bet to call"),
    ("confirm [FLAG] [CARD] [nodeclare]", "confirm 5:IRR-HE-EXPOSE-OTHER Qs",
     "apply a flag's ruling"),
    ("misdeal", "misdeal", "confirm the open misdeal flag"),
    ("overrule FLAG REASON", "overrule 5:IRR-FLOP-EARLY cards not seen", "floor decision"),
)

_VERBS = {usage.split()[0] for usage, _, _ in REPORT_HELP}
_ACTION_WORDS = {
    "f": irr.ActionKind.FOLD, "fold": irr.ActionKind.FOLD,
    "x": irr.ActionKind.CHECK, "k": irr.ActionKind.CHECK, "check": irr.ActionKind.CHECK,
    "c": irr.ActionKind.CALL, "call": irr.ActionKind.CALL,
    "b": irr.ActionKind.BET, "bet": irr.ActionKind.BET,
    "r": irr.ActionKind.RAISE, "raise": irr.ActionKind.RAISE,
}
_ORDINALS = {"first": 1, "second": 2, "1st": 1, "2nd": 2}


def is_report(line: str) -> bool:
    """Tell whether ``line`` starts with a report verb."""
    words = line.strip().split()
    return bool(words) and words[0].lower() in _VERBS


def _usage(verb: str) -> str:
    for usage, example, _ in REPORT_HELP:
        if usage.split()[0] == verb:
            return f"usage: {usage}, e.g. {example}"
    return ""  # pragma: no cover - every verb has a usage line


def _int(verb: str, raw: str, what: str) -> int:
    if not (raw.isascii() and raw.isdigit()):
        raise CommandError(f"{verb}: {what} {raw!r} is not a whole number; {_usage(verb)}")
    if chips_too_large(raw):
        raise CommandError(f"{verb}: {what} {shown(raw)} is too large (at most {MAX_CHIPS}); "
                           f"{_usage(verb)}")
    return int(raw)


def _seat(verb: str, raw: str) -> int:
    seat = _int(verb, raw, "seat")
    if seat < 1:
        raise CommandError(f"{verb}: seats are numbered from 1; {_usage(verb)}")
    return seat


def _cards(verb: str, words: list[str]) -> tuple[Card, ...]:
    try:
        cards = parse_cards(" ".join(words))
    except InvalidCardError as error:
        raise CommandError(f"{verb}: {error}; {_usage(verb)}") from None
    if not cards:
        raise CommandError(f"{verb} needs cards; {_usage(verb)}")
    return cards


def parse_report(line: str) -> ReportCommand | None:
    """Read a report line; None when its verb is no report verb.

    Raises:
        CommandError: a report verb with bad values; the message says how to fix it.

    """
    raw = line.strip().split(None, 2)
    if raw and raw[0].lower() == "overrule":
        return _parse_overrule(raw)
    try:
        words = shlex.split(line, comments=True)
    except ValueError as error:
        raise CommandError(f"cannot read {line!r}: {error}") from None
    if not words or words[0].lower() not in _VERBS:
        return None
    verb, args = words[0].lower(), words[1:]
    need = {"exposed": 2, "acted": 2, "extra": 1, "early": 1, "flopped": 1, "absent": 1,
            "dealerror": 1, "holding": 2, "falseopen": 1, "wronglow": 2, "foldnobet": 1,
            "overrule": 2}
    if len(args) < need.get(verb, 0):
        raise CommandError(f"{verb} needs more values; {_usage(verb)}")
    if verb == "exposed":
        options = [a.lower() for a in args[2:]]
        nth = own = 0
        words = iter(options)
        for option in words:
            if option in _ORDINALS:
                own = _ORDINALS[option]
            elif option.isascii() and option.isdigit():
                own = _int(verb, option, "card number")
            elif option == "deal":
                # The card's place in the whole deal, said explicitly: "deal 5".
                position = next(words, "")
                nth = _ORDINALS.get(position) or _int(verb, position, "deal position")
            elif option not in ("player", "draw"):
                raise CommandError(f"exposed: unknown option {option!r}; {_usage(verb)}")
        flag = "player" if "player" in options else ("draw" if "draw" in options else "")
        return Report(verb, seat=_seat(verb, args[0]), cards=_cards(verb, args[1:2]), nth=nth,
                      own=own, flag=flag)
    if verb == "acted":
        if args[1].lower() in ("allin", "all-in", "a"):
            # Every chip in: a bet, raise or call worked out from the hand when reported.
            return Report(verb, seat=_seat(verb, args[0]), flag="allin")
        kind = _ACTION_WORDS.get(args[1].lower())
        if kind is None:
            raise CommandError(f"acted: {args[1]!r} is not f, x, c, b, r or allin; "
                               f"{_usage(verb)}")
        amount = 0
        if kind in (irr.ActionKind.BET, irr.ActionKind.RAISE):
            if len(args) < 3:
                raise CommandError(f"acted: a {kind.value} needs its amount; {_usage(verb)}")
            amount = _int(verb, args[2], "amount")
        return Report(verb, seat=_seat(verb, args[0]), count=amount, flag=kind.value)
    if verb == "extra":
        count = _int(verb, args[1], "count") if len(args) > 1 else 1
        return Report(verb, seat=_seat(verb, args[0]), count=max(count, 1))
    if verb in ("early", "flopped"):
        return Report(verb, cards=_cards(verb, args))
    if verb in ("absent", "foldnobet"):
        return Report(verb, seat=_seat(verb, args[0]))
    if verb == "wrongbutton":
        return Report(verb, detail=" ".join(args))
    if verb == "dealerror":
        kinds = ", ".join(k.value for k in irr.DealErrorKind)
        if args[0].lower() not in {k.value for k in irr.DealErrorKind}:
            raise CommandError(f"dealerror: {args[0]!r} is not one of {kinds}")
        seat = _seat(verb, args[1]) if len(args) > 1 else 0
        return Report(verb, seat=seat, flag=args[0].lower())
    if verb == "holding":
        after = len(args) > 2 and args[2].lower() == "after"
        return Report(verb, seat=_seat(verb, args[0]), count=_int(verb, args[1], "count"),
                      flag="after" if after else "")
    if verb == "falseopen":
        allin = len(args) > 1 and args[1].lower() in ("allin", "all-in")
        return Report(verb, seat=_seat(verb, args[0]), flag="allin" if allin else "")
    if verb == "wronglow":
        amount = _int(verb, args[2], "amount") if len(args) > 2 else 0
        return Report(verb, seat=_seat(verb, args[0]), other_seat=_seat(verb, args[1]),
                      count=amount)
    if verb == "confirm":
        # A flag is named by its id (``5:IRR-FLOP-EARLY``, the JSON's flags[].id) or by the
        # number before the colon; a card is never all digits.
        flag_id = args[0] if args and (":" in args[0] or args[0].isdigit()) else ""
        rest = args[1:] if flag_id else args
        nodeclare = [a for a in rest if a.lower() == "nodeclare"]
        rest = [a for a in rest if a.lower() != "nodeclare"]
        replacement = _cards(verb, rest)[0] if rest else UNKNOWN
        return ConfirmRuling(flag_id=flag_id, replacement=replacement,
                             nobody_declares=bool(nodeclare))
    if verb == "misdeal":
        return ConfirmRuling(misdeal_only=True)
    raise CommandError(f"unknown report {verb!r}")  # pragma: no cover - every verb handled


def _parse_overrule(raw: list[str]) -> OverruleFlag:
    """Read ``overrule FLAG REASON``: the reason is free text (quoted or not, any apostrophe)."""
    if len(raw) < 3 or not raw[2].strip():
        raise CommandError(f"overrule needs a flag and the floor's reason; {_usage('overrule')}")
    reason = raw[2].strip()
    if reason[0] in "\"'":
        # The console's button sends the reason shell-quoted as one word; typed text with
        # apostrophes ("it's the house's call") is kept exactly as typed.
        try:
            words = shlex.split(reason)
        except ValueError:
            words = []
        if len(words) == 1:
            reason = words[0].strip()
    return OverruleFlag(flag_id=raw[1], reason=reason)


# ----- deciding ------------------------------------------------------------------------


def _report_event(hand: Any, report: Report) -> object:
    started = hand.started

    def player(seat: int) -> int:
        return hand_adapter.player_of_seat(started, seat)

    verb = report.verb
    if verb == "exposed":
        exposed = player(report.seat)
        return irr.CardExposed(exposed, report.cards[0],
                               nth=_deal_position(hand, exposed, report),
                               by_dealer=report.flag != "player",
                               during_draw=report.flag == "draw")
    if verb == "acted":
        if report.flag == "allin":
            return _all_in_attempt(hand.engine_state, player(report.seat))
        return irr.ActionAttempted(player(report.seat), irr.ActionKind(report.flag),
                                   report.count)
    if verb == "extra":
        return irr.ExtraCardDealt(player(report.seat), report.count)
    if verb in ("early", "flopped"):
        return irr.BoardCardsExposed(report.cards)
    if verb == "absent":
        return irr.PlayerAbsent(player(report.seat))
    if verb == "foldnobet":
        return irr.FoldedWithoutBet(player(report.seat))
    if verb == "wrongbutton":
        return irr.ButtonMisplaced(report.detail)
    if verb == "dealerror":
        return irr.DealError(irr.DealErrorKind(report.flag),
                             player(report.seat) if report.seat else -1)
    if verb == "holding":
        return irr.HandSizeWrong(player(report.seat), report.count,
                                 after_draw=report.flag == "after")
    if verb == "falseopen":
        return irr.FalseOpeners(player(report.seat), all_in=report.flag == "allin")
    if verb == "wronglow":
        # IRR-ST-WRONG-LOW: the wrong player's chips are out: the amount typed, else the
        # bring-in (their stack if shorter), so the stacks show it and the ruling returns it.
        wrong = player(report.seat)
        state = hand.engine_state
        amount = report.count or min(state.setup.bring_in, state.stacks[wrong])
        return irr.WrongBringIn(wrong, player(report.other_seat), amount)
    raise IllegalActionError(f"unknown report {verb!r}")  # pragma: no cover


def _deal_position(hand: Any, player: int, report: Report) -> int:
    """Return the place in the deal of the exposed card (1: first off the deck), 0 if unsaid.

    ``exposed 3 Ah second`` is seat 3's second card: the deal goes round one card at a
    time from the first player left of the button (HE-DEAL), so it is card
    ``n + index + 1`` of the deal. ``deal N`` names the place itself, refused when that
    card went to another seat.
    """
    started = hand.started
    seats = started.seats
    count = len(seats)
    held = len(hand.engine_state.hole[player])
    if report.own:
        if report.own > held:
            raise IllegalActionError(f"seat {seats[player]} holds {held} card(s): there is no "
                                     f"card {report.own} of theirs", rule_id="HE-DEAL")
        return (report.own - 1) * count + player + 1
    if report.nth:
        owner = (report.nth - 1) % count
        if owner != player or report.nth > held * count:
            whose = (f"went to seat {seats[owner]}" if report.nth <= held * count
                     else f"was never dealt (the deal holds {held * count})")
            raise IllegalActionError(f"card {report.nth} of the deal {whose}, not to seat "
                                     f"{seats[player]}", rule_id="HE-DEAL")
        return report.nth
    return 0


def _all_in_attempt(state: HandState, player: int) -> irr.ActionAttempted:
    """Return ``player``'s all-in as the action it is: a bet, a raise or a call.

    Every chip the player has, their bet of this street included; no more than the bet to
    match is a call (all-in for less, G-ALLIN).
    """
    all_in_to = state.bets[player] + state.stacks[player]
    top = max(state.bets)
    if all_in_to <= top:
        return irr.ActionAttempted(player, irr.ActionKind.CALL, 0)
    kind = irr.ActionKind.BET if top == 0 else irr.ActionKind.RAISE
    return irr.ActionAttempted(player, kind, all_in_to)


def _setup(hand: Any, rules: HouseRules):  # type: ignore[no-untyped-def]
    return hand_adapter.setup_of(hand.started, rules=rules)


def flag_named(flags: list[Flag] | tuple[Any, ...], name: str) -> str:
    """Return the id of the flag ``name`` names: its id, or the number before the colon.

    Raises:
        IllegalActionError: no flag of this hand has that id or number.

    """
    ids = [flag.flag_id for flag in flags]
    if name in ids:
        return name
    if name.isdigit():
        numbered = [flag_id for flag_id in ids if flag_id.split(":", 1)[0] == name]
        if len(numbered) == 1:
            return numbered[0]
    listed = ", ".join(ids) if ids else "none"
    raise IllegalActionError(f"no flag {shown(name)} in this hand (flags: {listed})",
                             rule_id="G-ACT")


def _pick_flag(flags: list[Flag], command: ConfirmRuling) -> str:
    if command.flag_id:
        return flag_named(flags, command.flag_id)
    open_flags = [f for f in flags if f.status is FlagStatus.OPEN]
    if command.misdeal_only:
        open_flags = [f for f in open_flags if f.severity is Severity.MISDEAL]
        if not open_flags:
            raise IllegalActionError(
                "no open misdeal flag: report what happened first (exposed, extra, "
                "dealerror...) so the misdeal is recorded with its rule", rule_id="G-ACT")
    if not open_flags:
        raise IllegalActionError("no open flag to confirm", rule_id="G-ACT")
    return open_flags[-1].flag_id


def decide_report(hand: Any, command: ReportCommand, *, rules: HouseRules) -> list[Any]:
    """Return the checked events of a report or ruling command on the running hand.

    A misdeal (or a dead hand leaving one player) finishes the hand in the same command
    group: `HandFinished` with every stack as it now is.

    Raises:
        IllegalActionError: the seat is not in the hand, no such flag, or the ruling's
            consequences cannot apply now (the state is untouched).

    """
    try:
        return _decide_report(hand, command, rules=rules)
    except IllegalActionError as error:
        # Name seats, as the dealer sees them, not the engine's player indices.
        error = hand_adapter._in_seats(error, hand.started)  # noqa: SLF001 - same layer
        reason = _PLAYER.sub(lambda m: _seat_word(hand.started.seats, int(m.group(1))),
                             error.reason)
        raise IllegalActionError(reason, rule_id=error.rule_id) from None


def _decide_report(hand: Any, command: ReportCommand, *, rules: HouseRules) -> list[Any]:
    setup = _setup(hand, rules)
    events = list(hand.events)
    if isinstance(command, Report):
        out: list[Any] = [_report_event(hand, command)]
        if command.verb == "acted":
            _verify_irregular_action(setup, events, out[0], rules=rules)
    elif isinstance(command, OverruleFlag):
        flags = detect(setup, events, rules=rules, as_recorded=False).flags
        flag_id = flag_named(flags, command.flag_id)
        out = [overrule(setup, events, flag_id, command.reason, rules=rules)]
    else:
        flags = detect(setup, events, rules=rules, as_recorded=False).flags
        flag_id = _pick_flag(flags, command)
        out = list(confirm(setup, events, flag_id, rules=rules,
                           replacement=command.replacement,
                           nobody_declares=command.nobody_declares))
    state: HandState = hand.engine_state
    for event in out:
        state = evolve_any(state, event)  # raises, nothing journaled, if it cannot apply
    if state.phase is Phase.COMPLETE and state.opening_shown:
        # JB-KEEP: the flag of the opening hand shown after the pot is ruled: the hand ends.
        ruled = detect(setup, [*events, *out], rules=rules, as_recorded=False).flags
        if not any(f.status is FlagStatus.OPEN and f.rule_id in ("JB-KEEP", "JB-PROVE")
                   for f in ruled):
            return out + hand_adapter._after_pot(state, hand.started,  # noqa: SLF001
                                                 ruled=True)
    return out + _closing(hand, state, voided=any(isinstance(e, irr.MisdealDeclared) for e in out))


def _verify_irregular_action(setup: Any, events: list[Any], report: Any, *,
                             rules: HouseRules) -> None:
    """Refuse ``acted`` for an action the rules allow now: it is entered as usual."""
    index = len(events)
    flags = detect(setup, [*events, report], rules=rules, as_recorded=False).flags
    if not any(flag.event_index == index for flag in flags):
        amount = f" {report.amount}" if report.amount else ""
        raise IllegalActionError(
            f"player {report.player}'s {report.action.value}{amount} breaks no rule now: enter "
            "it as usual", rule_id="G-ACT")


def _closing(hand: Any, state: HandState, *, voided: bool) -> list[Any]:
    if voided or is_void(state):
        return [HandFinished(hand_id=hand.started.hand_id, final_stacks=state.stacks, rake=0)]
    if state.phase is Phase.SHOWDOWN:
        return hand_adapter._closing_events(state, hand.started)  # noqa: SLF001 - same layer
    return []


def board_events(hand: Any, cards: tuple[Card, ...], *, rules: HouseRules) -> list[Any]:
    """Return the events dealing the next board ``cards`` as the rulings in force say."""
    return list(next_board(_setup(hand, rules), list(hand.events), cards, rules=rules))


# ----- the flags panel -----------------------------------------------------------------


_PLAYER = re.compile(r"\bp(\d+)\b")


def _seat_word(seats: tuple[int, ...], number: int, word: str = "seat") -> str:
    return f"{word} {seats[number - 1]}" if 1 <= number <= len(seats) else f"p{number}"


def hand_flags(hand: Any, *, rules: HouseRules | None = None,
               language: Language = Language.EN) -> tuple[FlagView, ...]:
    """Return the running hand's flags as the console shows them (seats, not players).

    Args:
        hand: the running hand (None between hands).
        rules: the house rules (default: the hand's).
        language: English or French messages and ruling steps.

    """
    if hand is None:
        return ()
    engine: HandState = hand.engine_state
    setup = engine.setup if rules is None else _setup(hand, rules)
    flags = detect(setup, list(hand.events), rules=rules, as_recorded=False).flags
    seats = hand.started.seats
    word = "siège" if language is Language.FR else "seat"

    def name_seat(match: re.Match[str]) -> str:
        return _seat_word(seats, int(match.group(1)), word)

    views = []
    for flag in flags:
        seat = seats[flag.player] if flag.player is not None else None
        message = _PLAYER.sub(name_seat, flag.text(language))
        views.append(FlagView(
            flag_id=flag.flag_id,
            rule_id=flag.rule_id,
            severity=flag.severity,
            message=message,
            ruling_steps=flag.ruling(language),
            status=flag.status,
            overrule_reason=flag.overrule_reason,
            seat=seat,
        ))
    return tuple(views)
