"""Rulings' consequences as events: what `confirm` appends when the dealer accepts a flag.

`confirm(setup, events, flag_id)` returns `RulingApplied` followed by the events that carry
the ruling out, checked against the hand's state (the live table's fold, where an illegal
action was never applied). Nothing changes until the caller applies them:

- misdeal rulings (severity ``misdeal``): `MisdealDeclared`, every chip returned;
- IRR-HE-EXPOSE-OTHER: `HoleCardReplaced` (the top card of the deck, if known, replaces
  the exposed card, which becomes the flop's burn);
- IRR-DR-DRAW-EXPOSED: `HoleCardReplaced` (the card exposed during the draw cannot be
  taken: the player gets ``replacement`` after the draw);
- IRR-FLOP-COUNT, IRR-FLOP-EARLY, IRR-RIVER-EARLY: `BoardCardsReturned` (into the stub;
  the next board cards are turned without a burn: `next_board`);
- IRR-TURN-EARLY: `CardSetAside`; the turn is then burned and turned as usual, and at the
  river `next_board` reshuffles the card set aside into the stub (`StubReshuffled`) and
  turns the river without a burn (`BoardDealt` then `BurnSkipped`);
- IRR-UNDERRAISE (house option), IRR-OVERBET-PL, IRR-CAPPED: the corrected action (a call,
  the minimum raise, or the pot);
- IRR-ST-WRONG-LOW while the next player has not acted: `ChipsReturned` (the wrong
  bring-in back; the true low card then brings in);
- IRR-JB-FALSE with ``nobody_declares``: `HandKilled` for the opener and `ChipsReturned`
  of every bet except the opener's first (which stays with the antes for the next deal);
- dead hands (IRR-DR-FOUL, IRR-JB-FALSE, IRR-JB-ALLIN-FALSE, IRR-ST-HOLE-UP with both down
  cards up, IRR-ST-ABSENT at the seat's turn): `HandKilled`;
- the others need no change to chips or cards: `RulingApplied` alone records the dealer's
  confirmation.

`binding_action(setup, events)` returns the out-of-turn action that now binds its player
(IRR-OUT-OF-TURN, house option ``binding_unless_action_changes``): the player is to act,
on the same street, and nobody bet or raised since; otherwise None (they act anew).

`due_events(setup, events)` gathers what a confirmed ruling makes due now without a new
command: the binding out-of-turn action, or the absent stud player's hand killed when the
betting reaches the seat (IRR-ST-ABSENT).

`overrule(events, flag_id, reason)` returns the floor's `FloorOverruled`: the flag is kept
with the reason and the hand continues from its state as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealerassist.cards import UNKNOWN, Card
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.events import (
    BetPlaced,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    Checked,
    Event,
    Folded,
    RaisedTo,
)
from dealerassist.engine.ruling_events import (
    ActionAttempted,
    ActionKind,
    BoardCardsReturned,
    BurnSkipped,
    CardExposed,
    CardSetAside,
    ChipsReturned,
    FloorOverruled,
    HandKilled,
    HoleCardReplaced,
    MisdealDeclared,
    RulingApplied,
    StubReshuffled,
    WrongBringIn,
)
from dealerassist.engine.rulings import verify_apply_ruling
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.state import HandState, Phase
from dealerassist.errors import IllegalActionError
from dealerassist.irregular.detectors import attempted_event, detect
from dealerassist.irregular.flags import Flag, FlagStatus, Severity
from dealerassist.rules.model import HouseRules, OutOfTurnRuling, UnderRaiseRuling

__all__ = [
    "binding_action",
    "can_confirm",
    "confirm",
    "due_events",
    "find_flag",
    "next_board",
    "overrule",
    "verify_confirm",
]

_ACTIONS = (BetPlaced, Called, Checked, Folded, RaisedTo)
_DEAD_HAND = {"IRR-DR-FOUL", "IRR-JB-FALSE", "IRR-JB-ALLIN-FALSE"}
_RETURN_BOARD = {"IRR-FLOP-COUNT", "IRR-FLOP-EARLY", "IRR-RIVER-EARLY"}


def find_flag(flags: Sequence[Flag], flag_id: str) -> Flag:
    """Return the flag named ``flag_id``; raise `IllegalActionError` naming the open ones."""
    for flag in flags:
        if flag.flag_id == flag_id:
            return flag
    names = ", ".join(f.flag_id for f in flags if f.status is FlagStatus.OPEN) or "none"
    raise IllegalActionError(f"no flag {flag_id!r} in this hand (open flags: {names})",
                             rule_id="G-ACT")


def _open_flag(setup: HandSetup, events: Sequence[object], flag_id: str, *,
               rules: HouseRules | None, tournament: bool) -> tuple[Flag, HandState | None]:
    detection = detect(setup, events, rules=rules, tournament=tournament, as_recorded=False)
    flag = find_flag(detection.flags, flag_id)
    if flag.status is not FlagStatus.OPEN:
        raise IllegalActionError(f"flag {flag_id} is already {flag.status.value}",
                                 rule_id=flag.rule_id)
    return flag, detection.state


def _corrected_action(state: HandState, flag: Flag, report: object,
                      rules: HouseRules) -> list[Event]:
    legal = legal_actions(state)
    player = flag.player
    if legal is None or legal.actor != player:
        raise IllegalActionError(
            f"the ruling of {flag.flag_id} applies while p{(player or 0) + 1} is to act",
            rule_id=flag.rule_id)

    def call() -> Event:
        return Checked(legal.actor) if legal.can_check else Called(legal.actor, legal.to_call)

    def raise_to(to: int) -> Event:
        return BetPlaced(legal.actor, to) if legal.is_bet else RaisedTo(legal.actor, to)

    if flag.rule_id == "IRR-CAPPED" or legal.min_raise_to is None or legal.max_raise_to is None:
        return [call()]
    if flag.rule_id == "IRR-OVERBET-PL":
        return [raise_to(legal.max_raise_to)]
    # IRR-UNDERRAISE: the house option says what the short raise becomes.
    option = rules.irregularities.underraise
    if option is UnderRaiseRuling.CALL:
        return [call()]
    if option is UnderRaiseRuling.MINIMUM_RAISE:
        return [raise_to(legal.min_raise_to)]
    to = getattr(report, "to", getattr(report, "amount", 0))
    top = max(state.bets)
    full = legal.min_raise_to - top
    return [raise_to(legal.min_raise_to)] if 2 * (to - top) >= full else [call()]


def confirm(setup: HandSetup, events: Sequence[object], flag_id: str, *,
            rules: HouseRules | None = None, replacement: Card = UNKNOWN,
            tournament: bool = False, nobody_declares: bool = False) -> tuple[object, ...]:
    """Return the events that apply the ruling of flag ``flag_id`` (checked, nothing changed).

    Args:
        setup: the hand's setup.
        events: the hand's events so far.
        flag_id: the flag the dealer confirms (`Flag.flag_id`).
        rules: house rules (default: the setup's).
        replacement: IRR-HE-EXPOSE-OTHER: the card given in place of the exposed one.
        tournament: the table is a tournament.
        nobody_declares: IRR-JB-FALSE: nobody declared the pot open, so bets are refunded.

    Raises:
        IllegalActionError: no such open flag, or its consequences cannot apply now.

    """
    rules = rules if rules is not None else setup.rules
    flag, state = _open_flag(setup, events, flag_id, rules=rules, tournament=tournament)
    report = events[flag.event_index]
    out: list[object] = [RulingApplied(flag.flag_id, flag.rule_id)]
    rule = flag.rule_id
    player = flag.player
    if flag.severity is Severity.MISDEAL:
        out.append(MisdealDeclared(rule))
    elif (rule == "IRR-HE-EXPOSE-OTHER" and isinstance(report, CardExposed) and state is not None
          and flag.severity is not Severity.INFO):  # INFO: after the deal, the card plays
        if report.card.is_unknown and not any(c.is_unknown for c in state.hole[report.player]):
            raise IllegalActionError(
                f"p{report.player + 1}'s cards are known: report the exposed card by its face "
                f"(exposed SEAT CARD), then confirm that flag", rule_id=rule)
        out.append(HoleCardReplaced(report.player, report.card, replacement, rule))
    elif (rule == "IRR-DR-DRAW-EXPOSED" and isinstance(report, CardExposed) and state is not None
          and report.card in state.hole[report.player]):
        # The exposed draw card cannot be taken: after the draw it is replaced from the deck
        # (``replacement``, UNKNOWN when unseen) and stays dead with the discards.
        out.append(HoleCardReplaced(report.player, report.card, replacement, rule))
    elif rule in _RETURN_BOARD:
        cards = getattr(report, "cards", ())
        out.append(BoardCardsReturned(tuple(cards), rule))
    elif rule == "IRR-TURN-EARLY":
        out.extend(CardSetAside(card, rule) for card in getattr(report, "cards", ())
                   if not card.is_unknown)
    elif rule in ("IRR-UNDERRAISE", "IRR-OVERBET-PL", "IRR-CAPPED") and state is not None:
        out.extend(_corrected_action(state, flag, report, rules))
    elif rule == "IRR-ST-WRONG-LOW" and isinstance(report, WrongBringIn):
        amount, acted = _bring_in(events[:flag.event_index], report.player)
        amount = report.amount or amount  # the chips the report recorded, when it did
        # Corrected only if the next player has not acted. Only chips the hand holds come
        # back through the engine: a wrong bring-in the engine refused (it knows the true
        # low) was never in the pot, and the dealer simply hands it back.
        amount = min(amount, _in_play(state, report.player))
        if amount and not acted:
            out.append(ChipsReturned(report.player, amount, rule))
    elif (rule == "IRR-JB-FALSE" and not nobody_declares and player is not None
          and state is not None and state.phase is Phase.BETTING and state.street_index == 0):
        # The pot is declared open and plays on without the opener; the pre-draw action is
        # unfinished, so the opener takes back every bet beyond the opening one (IRR-JB-FALSE).
        extra = dict(_false_openers_refunds(events[:flag.event_index], player)).get(player, 0)
        extra = min(extra, _in_play(state, player))
        if extra:
            out.append(ChipsReturned(player, extra, rule))
        out.append(HandKilled(player, rule))
    elif rule == "IRR-JB-FALSE" and nobody_declares and player is not None:
        out.append(HandKilled(player, rule))
        out.extend(ChipsReturned(p, min(amount, _in_play(state, p)), rule) for p, amount in
                   _false_openers_refunds(events[:flag.event_index], player)
                   if min(amount, _in_play(state, p)))
    elif player is not None and (
        rule in _DEAD_HAND
        or (rule == "IRR-ST-HOLE-UP" and _exposures(events[:flag.event_index + 1], player) >= 2)
        or (rule == "IRR-ST-ABSENT" and state is not None and state.actor == player)
    ):
        out.append(HandKilled(player, rule, ante_returned=rule == "IRR-ST-HOLE-UP"))
    if state is not None:
        verify_apply_ruling(state, out)
    return tuple(out)


def _in_play(state: HandState | None, player: int) -> int:
    """Return the chips ``player`` has in the hand beyond antes (what can be returned)."""
    if state is None:
        return 0
    antes = state.antes_paid[player] if state.setup.ante_trimming else 0
    return state.bets[player] + state.committed[player] - antes


def _bring_in(events: Sequence[object], player: int) -> tuple[int, bool]:
    """Return what ``player`` last posted as the bring-in, and whether another acted since."""
    amount, acted = 0, False
    for event in events:
        if isinstance(event, BringInPosted) and event.player == player:
            amount, acted = event.amount, False
        elif isinstance(event, _ACTIONS) and event.player != player:
            acted = True
    return amount, acted


def _exposures(events: Sequence[object], player: int) -> int:
    """Return how many of ``player``'s cards the dealer exposed."""
    return sum(1 for e in events if isinstance(e, CardExposed) and e.player == player
               and e.by_dealer)


def _false_openers_refunds(events: Sequence[object], opener: int) -> list[tuple[int, int]]:
    """Return (player, chips) to refund before the draw: all bets but the opener's first."""
    put: dict[int, int] = {}
    first = 0
    for event in events:
        if isinstance(event, CardsDrawn):
            break
        if isinstance(event, Called):
            put[event.player] = put.get(event.player, 0) + event.amount
        elif isinstance(event, BetPlaced | RaisedTo):
            if isinstance(event, BetPlaced) and event.player == opener and not first:
                first = event.to
            put[event.player] = event.to
    return [(p, amount - (first if p == opener else 0)) for p, amount in sorted(put.items())]


def verify_confirm(setup: HandSetup, events: Sequence[object], flag_id: str, *,
                   rules: HouseRules | None = None, replacement: Card = UNKNOWN,
                   tournament: bool = False, nobody_declares: bool = False) -> None:
    """Raise like `confirm` would."""
    confirm(setup, events, flag_id, rules=rules, replacement=replacement, tournament=tournament,
            nobody_declares=nobody_declares)


def can_confirm(setup: HandSetup, events: Sequence[object], flag_id: str, *,
                rules: HouseRules | None = None, replacement: Card = UNKNOWN,
                tournament: bool = False, nobody_declares: bool = False) -> bool:
    """Tell whether `confirm` would succeed."""
    try:
        verify_confirm(setup, events, flag_id, rules=rules, replacement=replacement,
                       tournament=tournament, nobody_declares=nobody_declares)
    except IllegalActionError:
        return False
    return True


def overrule(setup: HandSetup, events: Sequence[object], flag_id: str, reason: str, *,
             rules: HouseRules | None = None, tournament: bool = False) -> FloorOverruled:
    """Return the floor's decision against flag ``flag_id`` (a reason is required)."""
    if not reason.strip():
        raise IllegalActionError("a floor overrule needs a reason, recorded with the hand",
                                 rule_id="G-ACT")
    _open_flag(setup, events, flag_id, rules=rules, tournament=tournament)
    return FloorOverruled(flag_id, reason.strip())


def next_board(setup: HandSetup, events: Sequence[object], cards: Sequence[Card], *,
               rules: HouseRules | None = None) -> tuple[object, ...]:
    """Return the events that turn the next board ``cards``, following any ruling in force.

    After IRR-FLOP-COUNT/-FLOP-EARLY/-RIVER-EARLY the cards are turned without a burn;
    after IRR-TURN-EARLY the turn is burned as usual, and at the following deal the stub
    is reshuffled with the card set aside and the card turned without a burn.
    """
    cards = tuple(cards)
    pending_unburned = ""
    aside: list[Card] = []
    deals_since_aside = 0
    for event in events:
        if isinstance(event, BoardCardsReturned):
            pending_unburned = event.rule_id
        elif isinstance(event, CardSetAside):
            aside.append(event.card)
            deals_since_aside = 0
        elif isinstance(event, StubReshuffled):
            aside = [c for c in aside if c not in event.cards]
        elif isinstance(event, BoardDealt):
            pending_unburned = ""
            if aside:
                deals_since_aside += 1
    out: list[object] = []
    if aside and deals_since_aside >= 1:
        out.append(StubReshuffled(tuple(aside), "IRR-TURN-EARLY"))
        out.extend((BoardDealt(cards), BurnSkipped("IRR-TURN-EARLY")))
    elif pending_unburned:
        out.extend((BoardDealt(cards), BurnSkipped(pending_unburned)))
    else:
        out.append(BoardDealt(cards))
    state = detect(setup, events, rules=rules, as_recorded=False).state
    if state is not None:
        verify_apply_ruling(state, out)
    return tuple(out)


def binding_action(setup: HandSetup, events: Sequence[object], *,
                   rules: HouseRules | None = None) -> Event | None:
    """Return the out-of-turn action binding the player to act now, or None.

    IRR-OUT-OF-TURN: with the house option ``binding_unless_action_changes`` a confirmed
    out-of-turn action binds its player when the action reaches them unchanged: the same
    street, the same bet to face, no bet or raise in between. A call binds for what is owed
    now. An overruled flag binds nothing.
    """
    rules = rules if rules is not None else setup.rules
    if rules.irregularities.out_of_turn is not OutOfTurnRuling.BINDING_UNLESS_ACTION_CHANGES:
        return None
    detection = detect(setup, events, rules=rules, as_recorded=False)
    state = detection.state
    if state is None or state.actor is None:
        return None
    actor = state.actor
    for flag in reversed(detection.flags):
        if (flag.rule_id != "IRR-OUT-OF-TURN" or flag.player != actor
                or flag.status is not FlagStatus.CONFIRMED):
            continue
        then = detect(setup, events[:flag.event_index], rules=rules, as_recorded=False).state
        if then is None or then.street_index != state.street_index:
            return None
        if then.raise_count != state.raise_count or max(then.bets) != max(state.bets):
            return None  # the action to that player changed: they act anew
        if any(isinstance(e, _ACTIONS) and getattr(e, "player", None) == actor
               for e in events[flag.event_index + 1:]):
            return None  # they have acted in turn since
        report = events[flag.event_index]
        if isinstance(report, ActionAttempted):
            event: Event = attempted_event(state, report)
        elif isinstance(report, Called):
            event = attempted_event(state, ActionAttempted(actor, ActionKind.CALL))
        elif isinstance(report, _ACTIONS):
            event = report  # type: ignore[assignment]
        else:
            return None
        try:
            verify_apply_ruling(state, [event])
        except IllegalActionError:
            return None
        return event
    return None


def due_events(setup: HandSetup, events: Sequence[object], *,
               rules: HouseRules | None = None) -> tuple[object, ...]:
    """Return the events confirmed rulings make due now (none most of the time).

    IRR-OUT-OF-TURN: the binding action of the player now to act (`binding_action`);
    IRR-ST-ABSENT: the absent player's hand is killed when the betting reaches the seat.
    """
    rules = rules if rules is not None else setup.rules
    detection = detect(setup, events, rules=rules, as_recorded=False)
    state = detection.state
    if state is None or state.actor is None:
        return ()
    for flag in detection.flags:
        if (flag.rule_id == "IRR-ST-ABSENT" and flag.player == state.actor
                and flag.status is FlagStatus.CONFIRMED):
            return (HandKilled(state.actor, "IRR-ST-ABSENT"),)
    binding = binding_action(setup, events, rules=rules)
    return (binding,) if binding is not None else ()
