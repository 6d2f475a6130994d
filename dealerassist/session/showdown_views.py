"""The showdown of a table view: hands in showing order, pots, winners, odd chips, rake.

`live_showdown` is the showdown of the running hand: the settlement a ``pay`` would apply
(`proposed_showdown`, computed by the engine's `settle`, so the dealer sees exactly what
is journalled), or the hands entered so far and the seats whose cards are awaited.
`finished_showdown` rebuilds a paid hand's showdown from its events (the console keeps it
on screen until the next hand). Hands are named in words ("Kings full of sevens") from
the strengths the engine compared (G-SHOW-ORDER, POT-AWARD, G-ODD-CHIP, O8-SPLIT).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dealerassist.engine.events import CardsShown, Mucked, PotAwarded, PotHalf, RakeTaken
from dealerassist.engine.settlement import settle
from dealerassist.engine.showdown import hand_strengths, in_show_order, missing_cards, show_order
from dealerassist.engine.state import HandState, Phase
from dealerassist.errors import DealerAssistError, IllegalActionError
from dealerassist.evaluation.describe import describe
from dealerassist.evaluation.value import LOW_BASE, EvaluationKind, HandCategory, HandValue, unpack
from dealerassist.games.spec import Evaluator, Family
from dealerassist.rules.model import HouseRules
from dealerassist.session import hand as hand_adapter
from dealerassist.session.state import FinishedHand, HandInPlay
from dealerassist.session.viewmodels import (
    PotAwardView,
    ShareKind,
    ShowdownHandView,
    ShowdownPotView,
    ShowdownView,
)

__all__ = ["finished_showdown", "live_showdown", "proposed_showdown"]

_SHARES = {PotHalf.WHOLE: ShareKind.WHOLE, PotHalf.HIGH: ShareKind.HIGH, PotHalf.LOW: ShareKind.LOW}


def live_showdown(hand: HandInPlay, lang: str = "en") -> ShowdownView | None:
    """Return the running hand's showdown: the proposed payouts, else the hands entered."""
    engine = hand.engine_state
    if engine.phase is not Phase.SHOWDOWN:
        return None
    proposed = proposed_showdown(hand, lang)
    if proposed is not None:
        return proposed
    show_seats, hands = _hands_in_show_order(hand)
    return ShowdownView(
        show_order=show_seats,
        hands=hands,
        awaiting_cards=tuple(hand.started.seats[i] for i in in_show_order(engine,
                                                                         missing_cards(engine))),
    )


def _hands_in_show_order(
    hand: HandInPlay,
) -> tuple[tuple[int, ...], tuple[ShowdownHandView, ...]]:
    """Return the seats in showing order (G-SHOW-ORDER) and their hands as entered."""
    engine = hand.engine_state
    seats = hand.started.seats
    order = show_order(engine)
    hands = tuple(
        ShowdownHandView(
            seat=seats[i],
            name=hand.started.names[i],
            cards=tuple(str(card) for card in engine.hole[i]),
            mucked=engine.mucked[i],
        )
        for i in order
    )
    return tuple(seats[i] for i in order), hands


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
    view = _in_show_order(view, engine, done.started.seats)
    return _with_words(view, engine, done.started.seats, lang)


def _in_show_order(view: ShowdownView, engine: HandState,
                   seats: tuple[int, ...]) -> ShowdownView:
    """Return the paid view's hands in showing order, as they were before the payout."""
    order = in_show_order(engine, (seats.index(h.seat) for h in view.hands))
    by_seat = {h.seat: h for h in view.hands}
    return replace(view, show_order=tuple(seats[i] for i in order),
                   hands=tuple(by_seat[seats[i]] for i in order))


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
    # Every hand still in, in showing order (G-SHOW-ORDER), as entered.
    show_seats, hands = _hands_in_show_order(hand)
    # G-PLAY-BOARD: a hand thrown away unshown where the board plays is listed with its
    # lost claim, after the hands still in.
    started = hand.started
    hands += tuple(ShowdownHandView(seat=started.seats[i], name=started.names[i], mucked=True)
                   for i in _board_claims_lost(engine, engine.setup.game.high))
    view = replace(view, show_order=show_seats, hands=hands)
    return _with_words(view, engine, hand.started.seats, lang)


def _with_words(view: ShowdownView, engine: HandState, seats: tuple[int, ...],
                lang: str) -> ShowdownView:
    """Name each hand of ``view`` and the hand winning each award (high or low half)."""
    words = dict(_hand_words(engine, lang))
    high_kind = engine.setup.game.high
    none = ("", "")
    for player in _board_claims_lost(engine, high_kind):
        # G-PLAY-BOARD: the board plays, yet this player threw the cards away unshown.
        words[player] = (_CLAIM_LOST_FR if lang == "fr" else _CLAIM_LOST, "")
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
    for player in _playing_the_board(engine, game.high):
        # HE-BEST5: a player whose best five are the board's five plays the board.
        halves[0][player] += " (joue le tableau)" if lang == "fr" else " (plays the board)"
    players = set(halves[0]) | set(halves[1])
    return {i: (halves[0].get(i, ""), halves[1].get(i, "")) for i in players}


def _playing_the_board(engine: HandState, kind: Evaluator | None) -> list[int]:
    """Return the shown hands of a hold'em showdown whose best five are the five board cards."""
    board = engine.board
    if kind not in (Evaluator.HIGH, Evaluator.SHORT_DECK_HIGH) or len(board) != 5 \
            or engine.setup.game.family is not Family.BOARD:
        return []
    from dealerassist.evaluation.high import high_strength, short_deck_strength

    strength = high_strength if kind is Evaluator.HIGH else short_deck_strength
    codes = tuple(card.code for card in board)
    if any(code >= 52 for code in codes):
        return []
    on_board = strength(codes)
    try:
        strengths = hand_strengths(engine, kind)
    except IllegalActionError:
        return []
    return sorted(player for player, value in strengths.items() if value == on_board)


_CLAIM_LOST = "mucked without showing: no claim, not even playing the board (G-PLAY-BOARD)"
_CLAIM_LOST_FR = ("jeté sans montrer : aucun droit au pot, même en jouant le tableau "
                  "(G-PLAY-BOARD)")


def _board_claims_lost(engine: HandState, kind: Evaluator | None) -> list[int]:
    """Return the players who mucked unshown where the board alone would tie for the pot.

    G-PLAY-BOARD: a hold'em player who plays the board must show (or declare) before
    throwing the cards away, or loses all claim to the pot. Named only when the five board
    cards are at least as strong as every hand shown, so that playing the board would
    have split the pot; the settlement already leaves the mucked hand out (G-SHOW-CLAIM).
    """
    board = engine.board
    if not any(engine.mucked) or kind not in (Evaluator.HIGH, Evaluator.SHORT_DECK_HIGH) \
            or len(board) != 5 or engine.setup.game.family is not Family.BOARD:
        return []
    from dealerassist.evaluation.high import high_strength, short_deck_strength

    strength = high_strength if kind is Evaluator.HIGH else short_deck_strength
    codes = tuple(card.code for card in board)
    if any(code >= 52 for code in codes):
        return []
    try:
        shown = [v for v in hand_strengths(engine, kind).values() if v is not None]
    except IllegalActionError:
        return []
    if shown and max(shown) > strength(codes):
        return []  # a shown hand beats the board: playing it would not have won a share
    return [player for player, out in enumerate(engine.mucked)
            if out and not engine.folded[player]]


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
    # In the order the hands were shown (the engine's order replaces it where known).
    players = list(dict.fromkeys(i for i in (*shown, *sorted(mucked))))
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
