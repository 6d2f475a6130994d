"""Presenter: `SessionState` -> `TableView`, the display-ready records the console draws.

Also `table_json`, the one-object-per-line summary printed by ``dealerassist table --json``
(keys: hand_id, street, to_act, to_call, min_raise_to, max_raise_to, pots, stacks, flags,
plus seats, button, board, message). Seats are numbered from 1 as on the felt; chips are
ints; cards are text.

Texts for the dealer (street names, the status line, the hand's lines and results) come in
English, the CLI's language, or in French with ``present(state, lang="fr")`` (the console in
French): `FRENCH` maps each English template to its French one. Command words the dealer
types (``hand``, ``flop``, ``show``, ``pay``) stay as they are: they are the language of
the command line in both.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dealerassist.cards import Rank
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.events import (
    BetPlaced,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    CardsShown,
    Checked,
    Folded,
    Mucked,
    PotAwarded,
    PotHalf,
    RaisedTo,
    RakeTaken,
)
from dealerassist.engine.pots import pots
from dealerassist.engine.settlement import settle
from dealerassist.engine.showdown import hand_strengths, missing_cards, show_order
from dealerassist.engine.state import HandState, Phase
from dealerassist.engine.stud import pairs_to_announce, up_positions
from dealerassist.errors import DealerAssistError, IllegalActionError
from dealerassist.evaluation.describe import describe
from dealerassist.evaluation.value import (
    LOW_BASE,
    EvaluationKind,
    HandCategory,
    HandValue,
    unpack,
)
from dealerassist.games.catalogue import game as game_spec
from dealerassist.games.spec import BettingStructure, Evaluator, Family
from dealerassist.rules.model import HouseRules
from dealerassist.session import hand as hand_adapter
from dealerassist.session import reports
from dealerassist.session.draw_messages import DRAW_FRENCH, draw_line, draw_message, drawn_count
from dealerassist.session.sightings import Proposal
from dealerassist.session.state import FinishedHand, HandInPlay, SessionState
from dealerassist.session.table import PostKind, SeatState
from dealerassist.session.viewmodels import (
    ActionBarView,
    HandSummaryView,
    PotAwardView,
    PotView,
    ProposalView,
    SeatMarker,
    SeatStatus,
    SeatView,
    ShareKind,
    ShowdownHandView,
    ShowdownPotView,
    ShowdownView,
    TableView,
)

__all__ = ["finished_showdown", "present", "proposal_view", "proposed_showdown", "table_json"]

_SHARES = {PotHalf.WHOLE: ShareKind.WHOLE, PotHalf.HIGH: ShareKind.HIGH, PotHalf.LOW: ShareKind.LOW}

_STRUCTURE = {
    BettingStructure.NO_LIMIT: "NL",
    BettingStructure.POT_LIMIT: "PL",
    BettingStructure.FIXED_LIMIT: "FL",
}
_BOARD_STREETS = ("Pre-flop", "Flop", "Turn", "River")
_DRAW_STREETS = ("Pre-draw", "First draw", "Second draw", "Third draw")
_ORDINAL_STREETS = {2: "2nd street", 3: "3rd street", 4: "4th street", 5: "5th street",
                    6: "6th street", 7: "7th street"}

FRENCH: dict[str, str] = {
    "Pre-flop": "Pré-flop",
    "Flop": "Flop",
    "Turn": "Turn",
    "River": "River",
    "Showdown": "Abattage",
    "Pre-draw": "Avant l'échange",
    "First draw": "Premier échange",
    "Second draw": "Deuxième échange",
    "Third draw": "Troisième échange",
    "2nd street": "2e rue",
    "3rd street": "3e rue",
    "4th street": "4e rue",
    "5th street": "5e rue",
    "6th street": "6e rue",
    "7th street": "7e rue",
    "Street {n}": "Tour {n}",
    "type 'hand' to deal hand {n}": "tapez 'hand' pour donner la main {n}",
    "choose a game (--game)": "choisissez un jeu (--game)",
    "seat {seat} {name} to act": "siège {seat} {name} parle",
    "announce {pairs}; ": "annoncez {pairs} ; ",
    "seat {seat} pair of {rank}s": "siège {seat} paire de {rank}",
    "deal the {street}: {command}": "donnez le {street} : {command}",
    "deal the up cards: up {seats}": "donnez les cartes visibles : up {seats}",
    "{who} draws {count}": "{who} échange {count}",
    "{who} stands pat": "{who} est servi",
    "{who} brings in {amount}": "{who} ouvre de force {amount}",
    "flop": "flop",
    "turn": "turn",
    "river": "river",
    "board": "tableau",
    "showdown: check the payouts, then pay (Confirm payouts)":
        "abattage : vérifiez les paiements, puis pay (Confirmer les paiements)",
    "showdown: enter the cards of seat(s) {seats} (show SEAT CARDS) or muck SEAT":
        "abattage : saisissez les cartes du ou des sièges {seats} (show SIÈGE CARTES) "
        "ou muck SIÈGE",
    "showdown: enter the board cards still unknown":
        "abattage : saisissez les cartes du tableau encore inconnues",
    "showdown: seat {seat} {name} must show openers to win (show SEAT CARDS)":
        "abattage : le siège {seat} {name} doit montrer l'ouverture pour gagner "
        "(show SIÈGE CARTES)",
    "{amount} carried to the next deal": "{amount} reportés à la donne suivante",
    "seat {seat} {name}": "siège {seat} {name}",
    "{who} folds": "{who} se couche",
    "{who} checks": "{who} parle",
    "{who} calls {amount}": "{who} suit {amount}",
    "{who} bets {amount}": "{who} mise {amount}",
    "{who} raises to {amount}": "{who} relance à {amount}",
    "board {cards}": "tableau {cards}",
    "{who} shows {cards}": "{who} montre {cards}",
    "{who} mucks": "{who} jette sans montrer",
    "{who} wins {amount}": "{who} gagne {amount}",
    "rake {amount}": "commission {amount}",
    "{name} wins {amount}": "{name} gagne {amount}",
    **DRAW_FRENCH,  # the draw's texts (session/draw_messages.py, DR-CHANGE, DR-DRAW-MAX)
}


def _t(lang: str, text: str, **fields: Any) -> str:
    """Return ``text`` in ``lang`` ("en" or "fr"), its ``{fields}`` filled in."""
    if lang == "fr":
        text = FRENCH.get(text, text)
    return text.format(**fields) if fields else text


def _street_name(engine: HandState, lang: str = "en") -> str:
    if engine.phase is Phase.SHOWDOWN:
        return _t(lang, "Showdown")
    if engine.phase is Phase.COMPLETE:
        return ""
    game = engine.setup.game
    index = engine.street_index
    if game.family is Family.STUD:
        # Stud streets are named by the cards each player holds (3rd street ... 7th street).
        cards = sum(s.hole_down + s.hole_up for s in game.streets[: index + 1])
        return _t(lang, _ORDINAL_STREETS.get(cards, f"{cards}th street"))
    names = _DRAW_STREETS if game.family is Family.DRAW else _BOARD_STREETS
    if index < len(names):
        return _t(lang, names[index])
    return _t(lang, "Street {n}", n=index + 1)


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
                  for seat in _seats(state))
    view_kwargs: dict[str, Any] = {
        "game": game_spec(game.game).name if game else "",
        "preset": game.preset if game else "",
        "hand_id": hand.started.hand_id if hand else (state.last_hand_id or None),
        "seats": seats,
        "structure": structure,
        "past_hands": tuple(_summary(done, lang) for done in state.finished[-20:]),
    }
    if hand is None:
        next_id = state.last_hand_id + 1
        view_kwargs["message"] = (
            _t(lang, "type 'hand' to deal hand {n}", n=next_id) if game
            else _t(lang, "choose a game (--game)")
        )
        if state.carried:
            # JB-NO-OPEN / IRR-JB-FALSE: the pot carried into the next deal stays on the table.
            view_kwargs["pots"] = (PotView(label="Main", amount=state.carried),)
        if state.finished and state.finished[-1].started.hand_id == state.last_hand_id:
            # The last hand's payouts stay on screen until the next hand is dealt.
            view_kwargs["showdown"] = finished_showdown(state.finished[-1], rules=rules,
                                                        lang=lang)
        return TableView(**view_kwargs)
    engine = hand.engine_state
    started = hand.started
    view_kwargs.update(
        street=_street_name(engine, lang),
        board=tuple(str(card) for card in engine.board),
        pots=tuple(
            PotView(
                label="Main" if k == 0 else f"Side {k}",
                amount=pot.amount,
                eligible_seats=tuple(sorted(started.seats[i] for i in pot.eligible)),
            )
            for k, pot in enumerate(pots(engine))
        ),
        action=_action(hand, structure, lang),
        showdown=_showdown(hand, lang),
        history=tuple(line for line in (_line(hand, event, lang) for event in hand.events)
                      if line),
        flags=reports.hand_flags(hand),
        message=_message(hand, lang),
    )
    return TableView(**view_kwargs)


def proposal_view(proposal: Proposal) -> ProposalView:
    """Return the console's record of a camera proposal (`TableSession.observe`)."""
    return ProposalView(
        line=proposal.line,
        message=proposal.message or (f"read from the camera: {proposal.line}"),
        doubtful=tuple(str(card) for card in proposal.doubtful),
        rule_id=proposal.rule_id,
    )


def _seats(state: SessionState) -> tuple[SeatView, ...]:
    table = state.table
    hand = state.hand
    markers: dict[int, SeatMarker] = {}
    index: dict[int, int] = {}
    stud = hand is not None and hand.engine_state.setup.game.family is Family.STUD
    if hand is not None and stud:
        index = {seat: i for i, seat in enumerate(hand.started.seats)}
        for event in hand.events:
            if isinstance(event, BringInPosted):  # ST-BRINGIN (no blinds in stud)
                markers[hand.started.seats[event.player]] = SeatMarker.BRING_IN
    elif hand is not None:
        index = {seat: i for i, seat in enumerate(hand.started.seats)}
        for post in hand.started.plan.posts:
            if post.kind is PostKind.SMALL_BLIND:
                markers[post.seat] = SeatMarker.SMALL_BLIND
            elif post.kind in (PostKind.BIG_BLIND, PostKind.ENTRY):
                markers[post.seat] = SeatMarker.BIG_BLIND
    views = []
    for number in range(1, table.max_seats + 1):
        player = table.player(number)
        if player is None:
            views.append(SeatView(seat=number, is_button=table.button == number))
            continue
        if hand is not None and number in index:
            engine = hand.engine_state
            i = index[number]
            status = SeatStatus.ACTIVE
            if engine.folded[i] or engine.mucked[i]:
                status = SeatStatus.FOLDED
            elif engine.actor == i:
                status = SeatStatus.TO_ACT
            elif engine.stacks[i] == 0:
                status = SeatStatus.ALL_IN
            hole = engine.hole[i]
            up_cards: tuple[str, ...] = ()
            down_count = len(hole)
            if stud:
                # ST7-DEAL: down cards first on each street, then up cards (stud.up_positions).
                mask = up_positions(engine.setup.game)
                up_cards = tuple(str(c) for c, up in zip(hole, mask, strict=False) if up)
                down_count = len(hole) - len(up_cards)
            drawn = drawn_count(hand.events, i)
            views.append(
                SeatView(
                    seat=number,
                    name=player.name,
                    stack=engine.stacks[i],
                    drawn_count=drawn,
                    bet=engine.bets[i],
                    status=status,
                    is_button=table.button == number,
                    marker=markers.get(number),
                    cards=tuple(str(card) for card in hole),
                    up_cards=up_cards,
                    down_count=down_count,
                    committed=engine.committed[i] + engine.bets[i],
                )
            )
            continue
        status = {
            SeatState.PLAYING: SeatStatus.ACTIVE,
            SeatState.WAITING: SeatStatus.WAITING,
            SeatState.SITTING_OUT: SeatStatus.SITTING_OUT,
        }[player.state]
        if hand is not None and status is SeatStatus.ACTIVE:
            status = SeatStatus.WAITING
        views.append(
            SeatView(
                seat=number,
                name=player.name,
                stack=player.stack,
                status=status,
                is_button=table.button == number,
            )
        )
    return tuple(views)


def _action(hand: HandInPlay, structure: str, lang: str = "en") -> ActionBarView | None:
    engine = hand.engine_state
    choices = legal_actions(engine)
    if choices is None:
        return None
    i = choices.actor
    return ActionBarView(
        seat=hand.started.seats[i],
        name=hand.started.names[i],
        stack=engine.stacks[i],
        to_call=choices.to_call,
        can_check=choices.can_check,
        can_fold=choices.can_fold,
        min_raise_to=choices.min_raise_to,
        max_raise_to=choices.max_raise_to,
        raises_left=choices.raises_left,
        pot_size=choices.pot,
        bet=engine.bets[i],
        current_bet=engine.max_bet,
        is_opening_bet=choices.is_bet,
        bring_in=choices.bring_in,
        street=_street_name(engine, lang),
        structure=structure,
    )


def _showdown(hand: HandInPlay, lang: str = "en") -> ShowdownView | None:
    engine = hand.engine_state
    if engine.phase is not Phase.SHOWDOWN:
        return None
    proposed = proposed_showdown(hand, lang)
    if proposed is not None:
        return proposed
    seats = hand.started.seats
    order = show_order(engine)
    return ShowdownView(
        show_order=tuple(seats[i] for i in order),
        hands=tuple(
            ShowdownHandView(
                seat=seats[i],
                name=hand.started.names[i],
                cards=tuple(str(card) for card in engine.hole[i]),
                mucked=engine.mucked[i],
            )
            for i in order
        ),
        awaiting_cards=tuple(seats[i] for i in missing_cards(engine)),
    )


def finished_showdown(done: FinishedHand, *, rules: HouseRules | None = None,
                      lang: str = "en") -> ShowdownView:
    """Return the settled showdown of a finished hand (pots, winners, odd chips, rake).

    Odd chips (G-ODD-CHIP, O8-SPLIT-ODD): within one pot half shared by several winners,
    what a winner got above the smallest share. With ``rules`` the hands are named in
    words as before the payout (the hand replayed to its showdown).
    """
    view = _settled_view(done.started, done.events, rake_total=done.finished.rake,
                         confirmed=True)
    if rules is None:
        return view
    try:
        engine = hand_adapter.start(done.started, rules=rules)
        for event in done.events:
            if isinstance(event, (RakeTaken, PotAwarded)):
                break
            engine = hand_adapter.apply(engine, event)
    except DealerAssistError:
        return view  # a hand the engine cannot replay here: amounts only
    if engine.phase is not Phase.SHOWDOWN or engine.won_by_fold:
        return view
    return _with_words(view, engine, done.started.seats, lang)


def proposed_showdown(hand: HandInPlay, lang: str = "en") -> ShowdownView | None:
    """Return the settlement a ``pay`` would apply, unapplied; None when none is due.

    Computed with the engine's `settle` on the hand as it stands, so what the dealer sees
    before confirming is exactly what ``pay`` journals (POT-AWARD, G-ODD-CHIP, RAKE-*).
    """
    engine = hand.engine_state
    if not hand_adapter.payout_due(engine):
        return None
    settling = settle(engine)
    rake_total = sum(event.amount for event in settling if isinstance(event, RakeTaken))
    view = _settled_view(hand.started, (*hand.events, *settling), rake_total=rake_total,
                         confirmed=False)
    order = show_order(engine)
    seats = hand.started.seats
    # Every hand still in, in showing order (G-SHOW-ORDER), as entered.
    view = replace(
        view,
        show_order=tuple(seats[i] for i in order),
        hands=tuple(
            ShowdownHandView(
                seat=seats[i],
                name=hand.started.names[i],
                cards=tuple(str(card) for card in engine.hole[i]),
                mucked=engine.mucked[i],
            )
            for i in order
        ),
    )
    return _with_words(view, engine, seats, lang)


def _with_words(view: ShowdownView, engine: HandState, seats: tuple[int, ...],
                lang: str) -> ShowdownView:
    """Name each hand of ``view`` and the hand winning each award (high or low half)."""
    words = _hand_words(engine, lang)
    high_kind = engine.setup.game.high
    none = ("", "")
    return replace(
        view,
        hands=tuple(replace(h, high=words.get(seats.index(h.seat), none)[0],
                            low=words.get(seats.index(h.seat), none)[1])
                    for h in view.hands),
        pots=tuple(
            replace(pot, awards=tuple(
                replace(award, hand=words.get(seats.index(award.seat), none)[
                    1 if award.share is ShareKind.LOW or high_kind is None else 0])
                for award in pot.awards))
            for pot in view.pots
        ),
    )


_EVALUATION_KINDS = {
    Evaluator.HIGH: EvaluationKind.HIGH,
    Evaluator.SHORT_DECK_HIGH: EvaluationKind.SHORT_DECK_HIGH,
    Evaluator.OMAHA_HIGH: EvaluationKind.HIGH,
    Evaluator.OMAHA_LOW8: EvaluationKind.LOW_8,
    Evaluator.LOW8: EvaluationKind.LOW_8,
    Evaluator.LOW_A5: EvaluationKind.LOW_A5,
    Evaluator.LOW_27: EvaluationKind.LOW_27,
}


def _hand_words(engine: HandState, lang: str) -> dict[int, tuple[str, str]]:
    """Each shown hand's high and low in words ("Kings full of sevens", "7-5-4-3-2 low").

    From the engine's strengths (the ones `settle` compares), so the words name exactly
    the hands that win; badugi and hands not shown are left without words.
    """
    game = engine.setup.game
    halves: list[dict[int, str]] = []
    for kind in (game.high, game.low):
        words: dict[int, str] = {}
        evaluation = _EVALUATION_KINDS.get(kind) if kind is not None else None
        if evaluation is not None:
            try:
                strengths = hand_strengths(engine, kind)  # type: ignore[arg-type]
            except IllegalActionError:
                strengths = {}  # a board card still unknown: no words yet
            low = evaluation not in (EvaluationKind.HIGH, EvaluationKind.SHORT_DECK_HIGH)
            for player, strength in strengths.items():
                if strength is None:
                    continue
                packed = LOW_BASE - strength if low else strength
                value = HandValue(strength=strength, category=HandCategory(unpack(packed)[0]),
                                  cards=(), kind=evaluation)
                words[player] = describe(value, lang)
        halves.append(words)
    players = set(halves[0]) | set(halves[1])
    return {i: (halves[0].get(i, ""), halves[1].get(i, "")) for i in players}


def _settled_view(started: Any, events: Any, *, rake_total: int,
                  confirmed: bool) -> ShowdownView:
    seats, names = started.seats, started.names
    rake: dict[int, int] = {}
    awards: dict[int, list[PotAwarded]] = {}
    shown: dict[int, tuple[str, ...]] = {}
    mucked: set[int] = set()
    for event in events:
        if isinstance(event, RakeTaken):
            rake[event.pot_index] = rake.get(event.pot_index, 0) + event.amount
        elif isinstance(event, PotAwarded):
            awards.setdefault(event.pot_index, []).append(event)
        elif isinstance(event, CardsShown):
            shown[event.player] = tuple(str(card) for card in event.cards)
        elif isinstance(event, Mucked):
            mucked.add(event.player)
    pot_views = []
    for index in sorted(set(awards) | set(rake)):
        paid = awards.get(index, [])
        smallest: dict[PotHalf, int] = {}
        for award in paid:
            smallest[award.half] = min(smallest.get(award.half, award.amount), award.amount)
        pot_views.append(
            ShowdownPotView(
                label="Main" if index == 0 else f"Side {index}",
                amount=sum(a.amount for a in paid) + rake.get(index, 0),
                rake=rake.get(index, 0),
                awards=tuple(
                    PotAwardView(
                        seat=seats[a.player],
                        name=names[a.player],
                        amount=a.amount,
                        share=_SHARES[a.half],
                        odd_chips=a.amount - smallest[a.half],
                    )
                    for a in paid
                ),
            )
        )
    players = sorted(set(shown) | mucked)
    return ShowdownView(
        show_order=tuple(seats[i] for i in players),
        hands=tuple(
            ShowdownHandView(
                seat=seats[i], name=names[i], cards=shown.get(i, ()), mucked=i in mucked
            )
            for i in players
        ),
        pots=tuple(pot_views),
        total_rake=rake_total,
        confirmed=confirmed,
    )


def _announcements(hand: HandInPlay, lang: str) -> str:
    """Razz (RZ-ANNOUNCE): the pairs the dealer announces the first time they show on board."""
    engine = hand.engine_state
    if engine.setup.game.code != "FR":
        return ""
    live = tuple(p in engine.in_hand for p in range(len(engine.hole)))
    pairs = pairs_to_announce(engine.setup.game, engine.hole, live)
    if not pairs:
        return ""
    text = ", ".join(
        _t(lang, "seat {seat} pair of {rank}s", seat=hand.started.seats[player],
           rank=Rank(rank).symbol)
        for player, rank in pairs
    )
    return _t(lang, "announce {pairs}; ", pairs=text)


def _message(hand: HandInPlay, lang: str = "en") -> str:
    engine = hand.engine_state
    if engine.phase is Phase.BETTING and engine.actor is not None:
        i = engine.actor
        return _announcements(hand, lang) + _t(
            lang, "seat {seat} {name} to act", seat=hand.started.seats[i],
            name=hand.started.names[i])
    if engine.phase is Phase.DEALING and engine.due_draw:
        # DR-DRAW, DR-CHANGE, DR-DRAW-MAX: whose draw, the number announced, the fifth card.
        return draw_message(engine, hand.started.seats, hand.started.names, lang)
    if engine.phase is Phase.DEALING and engine.due_hole and engine.street.hole_up:
        seats = " ".join(f"{hand.started.seats[i]} C" for i in engine.due_hole)
        return _t(lang, "deal the up cards: up {seats}", seats=seats)
    if engine.phase is Phase.DEALING and engine.due_board:
        name = {1: "flop", 2: "turn", 3: "river"}.get(engine.street_index, "board")
        command = f"{name} " + " ".join(["C"] * engine.due_board)
        return _t(lang, "deal the {street}: {command}", street=_t(lang, name), command=command)
    if hand_adapter.payout_due(engine):
        return _t(lang, "showdown: check the payouts, then pay (Confirm payouts)")
    if engine.phase is Phase.SHOWDOWN:
        waiting = missing_cards(engine)
        if waiting and not engine.won_by_fold:
            seats = ", ".join(str(hand.started.seats[i]) for i in waiting)
            return _t(lang, "showdown: enter the cards of seat(s) {seats} (show SEAT CARDS) or "
                      "muck SEAT", seats=seats)
        if engine.won_by_fold and engine.opened_by >= 0:
            # JB-PROVE: an opener everyone folded to must still show openers to win.
            i = engine.opened_by
            return _t(lang, "showdown: seat {seat} {name} must show openers to win "
                      "(show SEAT CARDS)", seat=hand.started.seats[i],
                      name=hand.started.names[i])
        return _t(lang, "showdown: enter the board cards still unknown")
    return ""


def _line(hand: HandInPlay, event: Any, lang: str = "en") -> str:
    seats = hand.started.seats
    names = hand.started.names
    player = getattr(event, "player", None)
    who = (_t(lang, "seat {seat} {name}", seat=seats[player], name=names[player])
           if player is not None else "")
    cards = " ".join(str(card) for card in getattr(event, "cards", ()))
    if isinstance(event, Folded):
        return _t(lang, "{who} folds", who=who)
    if isinstance(event, Checked):
        return _t(lang, "{who} checks", who=who)
    if isinstance(event, Called):
        return _t(lang, "{who} calls {amount}", who=who, amount=event.amount)
    if isinstance(event, BetPlaced):
        return _t(lang, "{who} bets {amount}", who=who, amount=event.to)
    if isinstance(event, RaisedTo):
        return _t(lang, "{who} raises to {amount}", who=who, amount=event.to)
    if isinstance(event, BringInPosted):
        return _t(lang, "{who} brings in {amount}", who=who, amount=event.amount)
    drawn = draw_line(event, who, lang)
    if drawn is not None:
        return drawn
    if isinstance(event, CardsDrawn):
        if not event.received:
            return _t(lang, "{who} stands pat", who=who)
        return _t(lang, "{who} draws {count}", who=who, count=len(event.received))
    if isinstance(event, BoardDealt):
        return _t(lang, "board {cards}", cards=cards)
    if isinstance(event, CardsShown):
        return _t(lang, "{who} shows {cards}", who=who, cards=cards)
    if isinstance(event, Mucked):
        return _t(lang, "{who} mucks", who=who)
    if isinstance(event, PotAwarded):
        return _t(lang, "{who} wins {amount}", who=who, amount=event.amount)
    if isinstance(event, RakeTaken):
        return _t(lang, "rake {amount}", amount=event.amount)
    return ""


def _summary(done: FinishedHand, lang: str = "en") -> HandSummaryView:
    started = done.started
    total = sum(e.amount for e in done.events if isinstance(e, PotAwarded)) + done.finished.rake
    winners: dict[int, int] = {}
    for event in done.events:
        if isinstance(event, PotAwarded):
            winners[event.player] = winners.get(event.player, 0) + event.amount
    parts = [_t(lang, "{name} wins {amount}", name=started.names[i], amount=amount)
             for i, amount in sorted(winners.items())]
    if done.carried:
        # JB-NO-OPEN / JB-PROVE / IRR-JB-FALSE: the pot nobody won waits for the next deal.
        parts.append(_t(lang, "{amount} carried to the next deal", amount=done.carried))
    result = ", ".join(parts)
    return HandSummaryView(
        hand_id=started.hand_id,
        game=started.game,
        total_pot=total + done.carried,
        rake=done.finished.rake,
        result=result,
    )


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
        "min_raise_to": action.min_raise_to if action else None,
        "max_raise_to": action.max_raise_to if action else None,
        "pots": [
            {"label": pot.label, "amount": pot.amount, "eligible": list(pot.eligible_seats)}
            for pot in view.pots
        ],
        "stacks": {str(seat.seat): seat.stack for seat in occupied},
        "flags": [
            {"rule_id": flag.rule_id, "message": flag.message, "severity": str(flag.severity)}
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
