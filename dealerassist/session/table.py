"""Seats, players and the button between hands (G-BUTTON, BET-HEADSUP, BET-NEW-PLAYER).

`TableState` is frozen; every change is a function returning a new state, with the triad
``verify_x`` (raises `IllegalActionError`, state untouched) / ``can_x`` / ``x``.
`plan_hand` decides who is dealt in, where the button goes and who posts what; the session
records that plan in its ``HandStarted`` event, so a replay never decides again.

Seats are numbered 1..max_seats; clockwise (to the left) is increasing seat number,
wrapping after the last seat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum, unique

from dealerassist.errors import IllegalActionError
from dealerassist.limits import MAX_CHIPS
from dealerassist.rules.model import ButtonRule, NewPlayerRule

__all__ = [
    "HandPlan",
    "Player",
    "Post",
    "PostKind",
    "SeatState",
    "TableState",
    "plan_hand",
]


@unique
class SeatState(StrEnum):
    """Whether a seated player is dealt in."""

    PLAYING = "playing"
    """Dealt in every hand while they have chips."""
    WAITING = "waiting"
    """New or returning: waits for the big blind or posts one (BET-NEW-PLAYER)."""
    SITTING_OUT = "sitting_out"
    """Away: keeps the seat, not dealt in, misses blinds."""


@unique
class PostKind(StrEnum):
    """A forced bet of the hand plan (BET-FORCED, BET-NEW-PLAYER)."""

    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    ENTRY = "entry"
    """A big blind posted by a new or returning player to be dealt in at once (live)."""
    DEAD_SMALL = "dead_small"
    """A missed small blind made up on return: dead money, goes to the pot, not a bet."""


@dataclass(frozen=True, slots=True)
class Post:
    """One forced bet: who, what kind, how much."""

    seat: int
    kind: PostKind
    amount: int

    @property
    def is_live(self) -> bool:
        """Tell whether the chips count towards the player's bet (a dead small does not)."""
        return self.kind is not PostKind.DEAD_SMALL


@dataclass(frozen=True, slots=True)
class Player:
    """A seated player.

    Attributes:
        seat: Seat number from 1.
        name: Name shown on the seat plate.
        stack: Chips on the table (G-TABLE-STAKES).
        state: Playing, waiting for the big blind, or sitting out.
        will_post: Posts a big blind to be dealt in at the next hand (BET-NEW-PLAYER).
        missed_small: Missed a small blind while away (owes it as dead money on return).
        missed_big: Missed a big blind while away (must post or wait to come back).

    """

    seat: int
    name: str
    stack: int
    state: SeatState = SeatState.PLAYING
    will_post: bool = False
    missed_small: bool = False
    missed_big: bool = False


@dataclass(frozen=True, slots=True)
class HandPlan:
    """Who plays the next hand and what they post.

    Attributes:
        button: The button seat (may be an empty seat with a dead button).
        small_blind_seat: Who posts the small blind, None when it is dead.
        big_blind_seat: Who posts the big blind.
        seats: Seats dealt in, clockwise from the first left of the button.
        posts: Forced bets in posting order.
        missed: Seats passed over while sitting out, with (missed_small, missed_big).

    """

    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    seats: tuple[int, ...]
    posts: tuple[Post, ...]
    missed: tuple[tuple[int, bool, bool], ...] = ()


@dataclass(frozen=True, slots=True)
class TableState:
    """The table between (and during) hands.

    Attributes:
        max_seats: Seats at the table.
        players: Seated players, by seat number.
        button: Button seat of the last hand, or the placed button before the first one.
        last_small_blind: Seat of the last small blind (dead-button bookkeeping).
        last_big_blind: Seat of the last big blind.
        hands_played: Hands started so far.
        hand_in_progress: Seats dealt into the running hand (empty between hands).

    """

    max_seats: int = 9
    players: tuple[Player, ...] = ()
    button: int | None = None
    last_small_blind: int | None = None
    last_big_blind: int | None = None
    hands_played: int = 0
    hand_in_progress: tuple[int, ...] = ()

    def player(self, seat: int) -> Player | None:
        """Return the player in ``seat``, or None."""
        for player in self.players:
            if player.seat == seat:
                return player
        return None

    def _with(self, player: Player) -> TableState:
        others = [p for p in self.players if p.seat != player.seat]
        return replace(self, players=tuple(sorted([*others, player], key=lambda p: p.seat)))

    def _without(self, seat: int) -> TableState:
        return replace(self, players=tuple(p for p in self.players if p.seat != seat))

    def _seated(self, seat: int) -> Player:
        player = self.player(seat)
        if player is None:
            raise IllegalActionError(f"seat {seat} is empty; seated: {self.seat_list()}")
        return player

    def seat_list(self) -> str:
        """Return the seated players as text, for error messages."""
        return ", ".join(f"{p.seat} {p.name}" for p in self.players) or "nobody"

    def _check_seat_number(self, seat: int) -> None:
        if not 1 <= seat <= self.max_seats:
            raise IllegalActionError(f"no seat {seat}: this table has seats 1 to {self.max_seats}")

    def _check_not_in_hand(self, seat: int, doing: str) -> None:
        if seat in self.hand_in_progress:
            raise IllegalActionError(
                f"seat {seat} is in the hand: {doing} after the hand", rule_id="G-TABLE-STAKES"
            )

    # -- sit ------------------------------------------------------------------------------

    def verify_sit(self, *, seat: int, name: str, stack: int) -> None:
        """Raise `IllegalActionError` unless ``name`` may sit in ``seat`` with ``stack``."""
        self._check_seat_number(seat)
        taken = self.player(seat)
        if taken is not None:
            free = [s for s in range(1, self.max_seats + 1) if self.player(s) is None]
            raise IllegalActionError(
                f"seat {seat} is taken by {taken.name}; free seats: "
                f"{', '.join(map(str, free)) or 'none'}"
            )
        if any(p.name.casefold() == name.casefold() for p in self.players):
            raise IllegalActionError(f"{name} is already seated; use another name")
        if stack <= 0:
            raise IllegalActionError(f"{name} needs chips to sit: a stack above 0, not {stack}")

    def can_sit(self, *, seat: int, name: str, stack: int) -> bool:
        """Tell whether `verify_sit` passes."""
        return _passes(lambda: self.verify_sit(seat=seat, name=name, stack=stack))

    def sit(self, *, seat: int, name: str, stack: int, new_player: NewPlayerRule) -> Player:
        """Return the player as seated: waiting once the game is running (BET-NEW-PLAYER)."""
        self.verify_sit(seat=seat, name=name, stack=stack)
        if self.hands_played == 0:
            return Player(seat=seat, name=name, stack=stack)
        # BET-NEW-PLAYER: post a big blind to play at once, or wait for it (house option).
        return Player(
            seat=seat,
            name=name,
            stack=stack,
            state=SeatState.WAITING,
            will_post=new_player is NewPlayerRule.MUST_POST,
        )

    def seated(self, player: Player) -> TableState:
        """Return the table with ``player`` in their seat."""
        return self._with(player)

    # -- leave, sit out, sit in, post, chips --------------------------------------------------

    def verify_leave(self, seat: int) -> None:
        """Raise unless ``seat`` is seated and not in the running hand."""
        self._seated(seat)
        self._check_not_in_hand(seat, "leave")

    def left(self, seat: int) -> TableState:
        """Return the table without the player of ``seat``."""
        return self._without(seat)

    def verify_sit_out(self, seat: int) -> None:
        """Raise unless the player of ``seat`` is seated and not already sitting out."""
        player = self._seated(seat)
        if player.state is SeatState.SITTING_OUT:
            raise IllegalActionError(f"{player.name} (seat {seat}) is already sitting out")

    def sat_out(self, seat: int) -> TableState:
        """Return the table with ``seat`` sitting out from the next hand."""
        player = self._seated(seat)
        return self._with(replace(player, state=SeatState.SITTING_OUT, will_post=False))

    def verify_sit_in(self, seat: int) -> None:
        """Raise unless the player of ``seat`` is sitting out."""
        player = self._seated(seat)
        if player.state is not SeatState.SITTING_OUT:
            raise IllegalActionError(f"{player.name} (seat {seat}) is not sitting out")

    def sit_in_state(self, seat: int) -> SeatState:
        """Return the state a returning player gets: waiting if they missed a blind."""
        player = self._seated(seat)
        if player.missed_big or player.missed_small:
            return SeatState.WAITING
        return SeatState.PLAYING

    def sat_in(self, seat: int, state: SeatState) -> TableState:
        """Return the table with ``seat`` back in ``state``."""
        return self._with(replace(self._seated(seat), state=state))

    def verify_post(self, seat: int, *, new_player: NewPlayerRule) -> None:
        """Raise unless the player of ``seat`` is waiting and the house lets them post."""
        player = self._seated(seat)
        if player.state is not SeatState.WAITING:
            raise IllegalActionError(
                f"{player.name} (seat {seat}) is not waiting to come in; nothing to post",
                rule_id="BET-NEW-PLAYER",
            )
        if new_player is NewPlayerRule.WAIT_FOR_BIG_BLIND:
            raise IllegalActionError(
                "this house has new players wait for the big blind; they cannot post",
                rule_id="BET-NEW-PLAYER",
            )
        if player.will_post:
            raise IllegalActionError(
                f"{player.name} already posts next hand", rule_id="BET-NEW-PLAYER"
            )

    def will_post(self, seat: int) -> TableState:
        """Return the table with ``seat`` posting a big blind next hand."""
        return self._with(replace(self._seated(seat), will_post=True))

    def verify_add_chips(self, seat: int, amount: int) -> None:
        """Raise unless ``seat`` is out of the running hand (G-TABLE-STAKES)."""
        self._seated(seat)
        self._check_not_in_hand(seat, "add chips")
        if amount <= 0:
            raise IllegalActionError(f"add a positive number of chips, not {amount}")
        stack = self._seated(seat).stack
        if stack + amount > MAX_CHIPS:
            raise IllegalActionError(f"seat {seat} would hold {stack + amount} chips: a stack "
                                     f"holds at most {MAX_CHIPS}")

    def with_stack(self, seat: int, stack: int) -> TableState:
        """Return the table with ``seat`` holding ``stack`` chips."""
        return self._with(replace(self._seated(seat), stack=stack))

    def verify_correct_stack(self, seat: int, stack: int) -> None:
        """Raise unless ``seat`` is out of the running hand and ``stack`` is not negative."""
        self._seated(seat)
        self._check_not_in_hand(seat, "correct the stack")
        if stack < 0:
            raise IllegalActionError(f"a stack cannot be negative ({stack})")

    def verify_place_button(self, seat: int) -> None:
        """Raise unless between hands and ``seat`` holds a player."""
        self._check_seat_number(seat)
        if self.hand_in_progress:
            raise IllegalActionError("the button moves only between hands", rule_id="G-BUTTON")
        self._seated(seat)

    def button_placed(self, seat: int) -> TableState:
        """Return the table with the button on ``seat`` for the next hand (not moved again)."""
        # Placing the button before a hand means the next hand uses exactly this seat;
        # the previous-blind bookkeeping is cleared so the dead-button walk restarts here.
        return replace(self, button=seat, last_small_blind=None, last_big_blind=None)

    # -- hands ----------------------------------------------------------------------------

    def started(self, plan: HandPlan) -> TableState:
        """Return the table once the hand of ``plan`` is dealt: blinds owed are settled."""
        state = self
        for seat, missed_small, missed_big in plan.missed:
            player = state._seated(seat)
            state = state._with(
                replace(
                    player,
                    missed_small=player.missed_small or missed_small,
                    missed_big=player.missed_big or missed_big,
                )
            )
        for seat in plan.seats:
            player = state._seated(seat)
            state = state._with(
                replace(
                    player,
                    state=SeatState.PLAYING,
                    will_post=False,
                    missed_small=False,
                    missed_big=False,
                )
            )
        return replace(
            state,
            button=plan.button,
            last_small_blind=plan.small_blind_seat,
            last_big_blind=plan.big_blind_seat,
            hands_played=state.hands_played + 1,
            hand_in_progress=plan.seats,
        )

    def finished(self, stacks: tuple[tuple[int, int], ...]) -> TableState:
        """Return the table after a hand, with each dealt seat's final stack."""
        state = self
        for seat, stack in stacks:
            state = state.with_stack(seat, stack)
        return replace(state, hand_in_progress=())


def _passes(check: object) -> bool:
    try:
        check()  # type: ignore[operator]
    except IllegalActionError:
        return False
    return True


def _clockwise(start: int, max_seats: int) -> list[int]:
    """Return the seats after ``start``, clockwise, ending with ``start`` itself."""
    return [(start + offset - 1) % max_seats + 1 for offset in range(1, max_seats + 1)]


def _next(seats: set[int], after: int, max_seats: int) -> int:
    for seat in _clockwise(after, max_seats):
        if seat in seats:
            return seat
    raise IllegalActionError("no seat found")  # pragma: no cover - callers check emptiness


def plan_hand(
    table: TableState,
    *,
    small_blind: int,
    big_blind: int,
    button_rule: ButtonRule = ButtonRule.MOVING,
) -> HandPlan:
    """Decide the next hand's button, blinds and players (G-BUTTON, BET-HEADSUP).

    Moving button: the button goes to the next player who played, clockwise; the small
    blind is the next playing seat, the big blind the next playing or waiting seat (a
    waiting player comes in when the big blind reaches them, BET-NEW-PLAYER). Heads-up,
    the button posts the small blind (BET-HEADSUP). Dead button: the big blind moves to
    the next player; the small blind is the last big blind's seat if that player still
    plays (else no small blind), and the button the last small blind's seat, even empty.
    Waiting players who chose to post are dealt in with a big blind, returning players
    also pay a missed small blind as dead money.

    Raises:
        IllegalActionError: a hand is running, or fewer than two players can play.

    """
    if table.hand_in_progress:
        raise IllegalActionError("a hand is in progress; finish it before the next one")
    playing = {p.seat for p in table.players if p.state is SeatState.PLAYING and p.stack > 0}
    waiting = {p.seat for p in table.players if p.state is SeatState.WAITING and p.stack > 0}
    posting = {seat for seat in waiting if table._seated(seat).will_post}
    if len(playing | waiting) < 2:
        raise IllegalActionError(
            f"a hand needs two players with chips; seated: {table.seat_list()}", rule_id="G-BUTTON"
        )
    if len(playing) <= 2:
        # With fewer than three players there is no blind order to wait for: waiting
        # players are dealt in at once, without posting (documented in docs/commands.md).
        playing |= waiting
        waiting = set()
        posting = set()
    first_hand = table.last_big_blind is None
    small_seat: int | None
    if button_rule is ButtonRule.DEAD and not first_hand and len(playing) > 2:
        button, small_seat, big_seat = _dead_button_seats(table, playing=playing, waiting=waiting)
    else:
        button = _moving_button(table, playing=playing, first_hand=first_hand)
        small_seat, big_seat = _moving_blind_seats(
            table, button=button, playing=playing, waiting=waiting, posting=posting
        )
    return _finish_plan(
        table,
        button=button,
        small_seat=small_seat,
        big_seat=big_seat,
        playing=playing,
        posting=posting,
        small_blind=small_blind,
        big_blind=big_blind,
    )


def _moving_button(table: TableState, *, playing: set[int], first_hand: bool) -> int:
    """Return the moving button's seat (G-BUTTON); a first hand keeps a placed button."""
    if first_hand and table.button is not None and table.button in playing:
        return table.button
    if first_hand:
        return _next(playing, table.button, table.max_seats) if table.button else min(playing)
    return _next(playing, table.button or 0, table.max_seats)


def _moving_blind_seats(
    table: TableState,
    *,
    button: int,
    playing: set[int],
    waiting: set[int],
    posting: set[int],
) -> tuple[int, int]:
    """Return the small and big blind seats after ``button`` (BET-HEADSUP when two are dealt)."""
    max_seats = table.max_seats
    if len(playing | posting) == 2:
        # BET-HEADSUP: the button posts the small blind and the other player the big.
        return button, _next((playing | posting) - {button}, button, max_seats)
    small_seat = _next(playing - {button}, button, max_seats)
    big_seat = _next((playing | waiting) - {button, small_seat}, small_seat, max_seats)
    return small_seat, big_seat


def _dead_button_seats(
    table: TableState, *, playing: set[int], waiting: set[int]
) -> tuple[int, int | None, int]:
    """Return the button, small blind (None when dead) and big blind seats, dead button."""
    last_big = table.last_big_blind or 0
    big_seat = _next(playing | waiting, last_big, table.max_seats)
    small_seat: int | None = last_big if last_big in playing and last_big != big_seat else None
    button = table.last_small_blind or (table.button or big_seat)
    return button, small_seat, big_seat


def _finish_plan(
    table: TableState,
    *,
    button: int,
    small_seat: int | None,
    big_seat: int,
    playing: set[int],
    posting: set[int],
    small_blind: int,
    big_blind: int,
) -> HandPlan:
    max_seats = table.max_seats
    dealt = set(playing) | posting | {big_seat}
    order = [seat for seat in _clockwise(button, max_seats) if seat in dealt]
    posts: list[Post] = []
    if small_seat is not None and small_blind > 0:
        posts.append(Post(small_seat, PostKind.SMALL_BLIND, small_blind))
    posts.append(Post(big_seat, PostKind.BIG_BLIND, big_blind))
    for seat in order:
        if seat in posting and seat != big_seat:
            player = table._seated(seat)
            posts.append(Post(seat, PostKind.ENTRY, big_blind))
            if player.missed_small and small_blind > 0:
                posts.append(Post(seat, PostKind.DEAD_SMALL, small_blind))
    # Players away when a blind passes them owe it on return.
    away = {p.seat for p in table.players if p.state is SeatState.SITTING_OUT}
    missed = []
    passed_small = _between(button, small_seat or button, max_seats)
    passed_big = _between(small_seat or button, big_seat, max_seats)
    for seat in sorted(away):
        missed_small = seat in passed_small
        missed_big = seat in passed_big
        if missed_small or missed_big:
            missed.append((seat, missed_small, missed_big))
    return HandPlan(
        button=button,
        small_blind_seat=small_seat,
        big_blind_seat=big_seat,
        seats=tuple(order),
        posts=tuple(posts),
        missed=tuple(missed),
    )


def _between(start: int, end: int, max_seats: int) -> set[int]:
    """Return the seats strictly between ``start`` and ``end``, clockwise."""
    seats: set[int] = set()
    for seat in _clockwise(start, max_seats):
        if seat == end:
            return seats
        seats.add(seat)
    return seats
