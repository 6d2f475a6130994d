"""Small builders for engine tests: a dealt hand, compact moves, random-command checks.

The random-command driver (`play_random_commands`) serves the invariant properties of
hold'em, stud and draw alike.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator, Sequence
from pathlib import Path

from hypothesis import strategies as st

from dealerassist.cards import UNKNOWN, Card, parse_cards
from dealerassist.engine import (
    BetPlaced,
    BoardDealt,
    Called,
    CardsShown,
    Checked,
    Event,
    Folded,
    HandSetup,
    HandState,
    HoleCardsDealt,
    Mucked,
    Phase,
    RaisedTo,
    apply,
    bet_or_raise,
    call,
    check,
    deal_board,
    deal_hole,
    fold,
    legal_actions,
    new_hand,
    post_bring_in,
    pots,
    settle,
)
from dealerassist.errors import IllegalActionError
from dealerassist.rules.model import HouseRules, RakeRules


def no_rake() -> HouseRules:
    """The catalogue's defaults without rake (most betting tests do not care about rake)."""
    return dataclasses.replace(HouseRules(), rake=RakeRules(enabled=False))


def dealt(setup: HandSetup, holes: Sequence[str] | None = None) -> HandState:
    """A new hand with hole cards dealt (given, or unknown)."""
    return deal_holes(new_hand(setup), holes or [""] * setup.player_count)


def deal_holes(state: HandState, holes: Sequence[str], *, skip_empty: bool = False) -> HandState:
    """Deal each player's first hole cards, in order: ``"AhKd 5c"`` (spaces ignored).

    An empty text deals the first street's down cards face unknown, or deals that player
    nothing when ``skip_empty`` (stud scenarios dealing some players only).
    """
    count = state.setup.game.streets[0].hole_down
    for player, text in enumerate(holes):
        if text:
            cards = parse_cards(text.replace(" ", ""))
        elif skip_empty:
            continue
        else:
            cards = (UNKNOWN,) * count
        state = apply(state, deal_hole(state, player, cards))
    return state


def move_event(state: HandState, move: str | tuple[str, int], *, bring_in: str = "") -> Event:
    """The event of one move by whoever is to act.

    ``"f"`` fold, ``"k"`` check, ``"c"`` call, ``(word, to)`` bet or raise to ``to``, and
    ``bring_in`` (when given) the stud bring-in (ST-BRINGIN).
    """
    actor = state.actor
    assert actor is not None, f"nobody to act for {move!r} ({state.phase})"
    if bring_in and move == bring_in:
        return post_bring_in(state, actor)
    if move == "f":
        return fold(state, actor)
    if move == "k":
        return check(state, actor)
    if move == "c":
        return call(state, actor)
    assert isinstance(move, tuple), move
    return bet_or_raise(state, actor, move[1])


def play(state: HandState, *moves: str | tuple[str, int], bring_in: str = "") -> HandState:
    """Apply moves for whoever is to act: "f", "k" (check), "c" (call), ("r", to).

    Stud scenarios name the bring-in move with ``bring_in`` (``"b"``).
    """
    for move in moves:
        assert isinstance(move, str) or move[0] == "r", move
        state = apply(state, move_event(state, move, bring_in=bring_in))
    return state


def board(state: HandState, cards: str) -> HandState:
    """Turn the next board cards."""
    assert state.phase is Phase.DEALING, state.phase
    return apply(state, deal_board(state, parse_cards(cards)))


# ----- random commands (the invariant properties) ---------------------------------------


def check_invariants(state: HandState, total: int) -> None:
    """Chips conserved, nothing negative, pots add up, and the limits consistent."""
    assert state.total_chips == total
    assert all(s >= 0 for s in state.stacks) and all(b >= 0 for b in state.bets)
    if not any(state.won) and not state.rake:
        assert sum(p.amount for p in pots(state)) == state.pot_total
    legal = legal_actions(state)
    if legal is not None:
        actor = legal.actor
        assert 0 <= legal.to_call <= state.stacks[actor]
        if legal.min_raise_to is not None:
            assert legal.max_raise_to is not None
            assert legal.min_raise_to <= legal.max_raise_to
            assert legal.max_raise_to <= state.stacks[actor] + state.bets[actor]
            assert legal.min_raise_to > max(state.bets)


def _random_cards(data, state: HandState, count: int) -> tuple[Card, ...]:  # type: ignore[no-untyped-def]
    if data.draw(st.integers(0, 9), label="card mode") == 0:
        return tuple(Card.from_code(data.draw(st.integers(0, 53))) for _ in range(count))
    seen = {c.code for hand in state.hole for c in hand} | {c.code for c in state.board}
    ranks = state.setup.game.deck_ranks
    free = [c for c in range(52) if c not in seen and c // 4 + 2 in ranks]
    picks = data.draw(st.permutations(free), label="deck")[:count]
    return tuple(Card.from_code(c) for c in picks)


def random_command(data, state: HandState):  # type: ignore[no-untyped-def]
    """Draw a command for ``state``: mostly for the player to act, one in six wild."""
    n = state.player_count
    legal = legal_actions(state)
    wild = data.draw(st.integers(0, 5), label="wild") == 0
    player = data.draw(st.integers(0, n - 1), label="player") if wild or legal is None \
        else legal.actor
    if state.phase is Phase.DEALING and not wild:
        if state.due_hole:
            count = state.street.hole_count
            known = data.draw(st.booleans(), label="known")
            cards = _random_cards(data, state, count) if known else (UNKNOWN,) * count
            return HoleCardsDealt(state.due_hole[0], cards)
        return BoardDealt(_random_cards(data, state, state.due_board))
    if state.phase is Phase.SHOWDOWN and not wild:
        kind = data.draw(st.integers(0, 3), label="showdown")
        if kind == 0:
            return Mucked(player)
        if kind == 1:
            return CardsShown(player, _random_cards(data, state, len(state.hole[player])))
        events = settle(state)  # may raise (unknown cards): then show first
        return events[0]
    kind = data.draw(st.sampled_from(["f", "k", "c", "r", "r", "c"]), label="kind")
    if kind == "f":
        return Folded(player)
    if kind == "k":
        return Checked(player)
    if kind == "c":
        return Called(player, legal.to_call if legal else 0)
    low = legal.min_raise_to if legal and legal.min_raise_to else max(state.bets) + 1
    high = legal.max_raise_to if legal and legal.max_raise_to else low + 50
    to = data.draw(st.integers(max(1, low - 30), high + 30), label="to")
    return BetPlaced(player, to) if max(state.bets) == 0 else RaisedTo(player, to)


def play_random_commands(data, state: HandState, *, total: int, steps: int,  # type: ignore[no-untyped-def]
                         choose=random_command) -> HandState:
    """Apply up to ``steps`` random commands drawn by ``choose``, checking every one.

    An illegal command must raise `IllegalActionError` with a rule ID and leave the state
    untouched; after a legal one `check_invariants` holds (``total``: the chips at the
    start). A command that cannot even be built (settling with unknown cards) is replaced
    by an empty show, which the engine refuses.
    """
    check_invariants(state, total)
    for _ in range(steps):
        if state.phase is Phase.COMPLETE:
            break
        try:
            command = choose(data, state)
        except IllegalActionError:
            command = CardsShown(0, ())
        snapshot = copy.deepcopy(state)
        try:
            new = apply(state, command)
        except IllegalActionError as error:
            assert error.rule_id, f"no rule ID for {command}: {error}"
            assert state == snapshot  # untouched
            continue
        state = new
        check_invariants(state, total)
    return state


CORPUS = Path("/work/shared/corpus")
if not CORPUS.exists():
    CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
HAS_CORPUS = (CORPUS / "phh").is_dir()


def corpus_replays(per_variant: int) -> Iterator[tuple[str, HandState, tuple[object, ...]]]:
    """Yield variant, first state and recorded events of corpus hands, ``per_variant`` each.

    The fast paths of the engine are held to the plain definitions on real hands; a hand
    the replay refuses is left to the corpus tests, which rule on it separately.
    """
    from dealerassist.journal.phh import load_phh, replay
    from dealerassist.rules import phh_profile

    taken: dict[str, int] = {}
    for path in sorted((CORPUS / "phh").rglob("*.phh")):
        history = load_phh(path)
        if taken.get(history.variant, 0) >= per_variant:
            continue
        try:
            result = replay(history)
        except Exception:  # noqa: BLE001 - a hand the corpus test rules on separately
            continue
        taken[history.variant] = taken.get(history.variant, 0) + 1
        yield history.variant, new_hand(history.setup(phh_profile())), tuple(result.events)

