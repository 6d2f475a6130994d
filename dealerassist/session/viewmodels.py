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

The only logic here is arithmetic a dealer would do from the numbers shown (preset amounts
of the action pad and the pre-flight range check of an amount); the session validates every
action again with the engine, which stays the authority.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from dealerassist.errors import IllegalActionError

__all__ = [
    "ActionBarView",
    "ClockView",
    "FlagSeverity",
    "FlagStatus",
    "FlagView",
    "HandSummaryView",
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


def _check_chips(owner: str, **amounts: int | None) -> None:
    """Raise ValueError naming the field when an amount is not a non-negative int."""
    for name, value in amounts.items():
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{owner}.{name} must be an int number of chips, got {value!r}")
        if value < 0:
            raise ValueError(f"{owner}.{name} must not be negative, got {value}")


@unique
class SeatStatus(StrEnum):
    """What a seat is doing, as shown on its plate."""

    EMPTY = "empty"
    """Nobody sits here."""
    WAITING = "waiting"
    """Seated but not dealt in this hand (waiting for the big blind, BET-NEW-PLAYER)."""
    ACTIVE = "active"
    """In the hand, not the one to act."""
    TO_ACT = "to_act"
    """In the hand and the action is on this seat."""
    FOLDED = "folded"
    """Folded this hand (POT-FOLDED: no claim to any pot)."""
    ALL_IN = "all_in"
    """All chips in (G-ALLIN); no more decisions this hand."""
    SITTING_OUT = "sitting_out"
    """Seated, away from the table, not dealt in."""


@unique
class SeatMarker(StrEnum):
    """A forced-bet marker placed by a seat (BET-FORCED, ST-BRINGIN, BET-STRADDLE)."""

    SMALL_BLIND = "SB"
    BIG_BLIND = "BB"
    BRING_IN = "BI"
    STRADDLE = "STR"


@unique
class FlagSeverity(StrEnum):
    """How urgently a flag needs the dealer."""

    INFO = "info"
    """Worth knowing; play continues (e.g. an announcement to make)."""
    WARNING = "warning"
    """An irregularity with a ruling to apply before play continues."""
    MISDEAL = "misdeal"
    """The hand cannot continue as dealt (IRR-* rulings ending in a misdeal)."""


@unique
class FlagStatus(StrEnum):
    """Where a flag stands in its life."""

    OPEN = "open"
    CONFIRMED = "confirmed"
    OVERRULED = "overruled"


@unique
class ShareKind(StrEnum):
    """Which part of a pot an award is (O8-SPLIT)."""

    WHOLE = "whole"
    """The whole pot (one winner, or a tie splitting the whole pot)."""
    HIGH = "high"
    """The high half of a hi/lo pot."""
    LOW = "low"
    """The low half of a hi/lo pot."""


@unique
class RaisePreset(StrEnum):
    """The action pad's amount presets."""

    MINIMUM = "min"
    HALF_POT = "half"
    POT = "pot"
    ALL_IN = "allin"


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat around the oval.

    Attributes:
        seat: Seat number, from 1.
        name: Player name ("" for an empty seat).
        stack: Chips behind (not counting ``bet``).
        bet: Chips put in on the current street (shown in front of the seat).
        status: What the seat is doing this hand.
        is_button: The dealer button is at this seat (G-BUTTON).
        marker: Forced bet posted by this seat this hand, or None.
        cards: Hole cards known to the dealer (shown at showdown, or entered), "??" when
            dealt but unknown; empty when no cards.
        up_cards: Stud up cards in the order dealt (ST-ORDER); empty in other games.
        down_count: Number of face-down cards the seat holds (0 when none or all shown).
        drawn_count: Draw games: cards drawn on the last draw (0 = stood pat); None when
            the seat has not drawn yet or the game has no draw.
        last_action: Short text of the seat's last action this street ("raise 60", "check"),
            "" if none.
        committed: Chips put in the pots this hand, all streets and forced bets included.
        away: Tournament: the player stepped away (``out SEAT``); still dealt in and posting,
            folded when the action reaches them (blinded off).

    """

    seat: int
    name: str = ""
    stack: int = 0
    bet: int = 0
    status: SeatStatus = SeatStatus.EMPTY
    is_button: bool = False
    marker: SeatMarker | None = None
    cards: tuple[str, ...] = ()
    up_cards: tuple[str, ...] = ()
    down_count: int = 0
    drawn_count: int | None = None
    last_action: str = ""
    committed: int = 0
    away: bool = False

    def __post_init__(self) -> None:
        if self.seat < 1:
            raise ValueError(f"SeatView.seat must be 1 or more, got {self.seat}")
        _check_chips("SeatView", stack=self.stack, bet=self.bet, committed=self.committed)

    @property
    def in_hand(self) -> bool:
        """True while the seat can still win a pot (active, to act or all-in)."""
        return self.status in (SeatStatus.ACTIVE, SeatStatus.TO_ACT, SeatStatus.ALL_IN)


@dataclass(frozen=True, slots=True)
class PotAwardView:
    """Chips one seat receives from one pot.

    Attributes:
        seat: Winning seat number.
        name: Winner's name.
        amount: Chips received from this pot (after rake), odd chips included.
        share: Whole pot, high half or low half (O8-SPLIT).
        odd_chips: Of ``amount``, the indivisible chips given to this seat (G-ODD-CHIP,
            O8-SPLIT-ODD).
        hand: The winning hand in words ("Two pair, aces and kings"), "" when won
            without showdown (G-WIN-FOLD).
        best_cards: The five cards that make the hand, "" when not shown.

    """

    seat: int
    name: str
    amount: int
    share: ShareKind = ShareKind.WHOLE
    odd_chips: int = 0
    hand: str = ""
    best_cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_chips("PotAwardView", amount=self.amount, odd_chips=self.odd_chips)


@dataclass(frozen=True, slots=True)
class PotView:
    """One pot in the middle (POT-MAIN-SIDE).

    Attributes:
        label: "Main", "Side 1", "Side 2" ...
        amount: Chips in the pot now (bets of the current street not yet gathered are
            NOT counted here; they are in each SeatView.bet).
        eligible_seats: Seats that can win this pot, ascending (POT-FOLDED excludes folds).
        awards: Who received what, once the pot is settled; empty before.

    """

    label: str
    amount: int
    eligible_seats: tuple[int, ...] = ()
    awards: tuple[PotAwardView, ...] = ()

    def __post_init__(self) -> None:
        _check_chips("PotView", amount=self.amount)


@dataclass(frozen=True, slots=True)
class ActionBarView:
    """The big panel for the player to act, and the limits of the action pad.

    Attributes:
        seat: Seat to act.
        name: Name of the player to act.
        stack: Chips behind of the player to act.
        bet: What that player has already put in on this street.
        current_bet: The highest bet on this street (what ``bet`` must reach to call).
        to_call: Chips the player must add to call (0 = may check when ``can_check``);
            may exceed ``stack``, a call then being all-in for less (G-ALLIN).
        can_check: Check is legal (G-ACT).
        can_fold: Fold is legal (False e.g. when checking is free and the house forbids
            folding then, or before the lowball opening, LB-OPEN, is handled elsewhere).
        min_raise_to: Smallest legal bet/raise TO (total for the street), None when no
            bet or raise is allowed (capped, BET-NO-SELF-RAISE, BET-SHORT-ALLIN ...).
        max_raise_to: Largest legal bet/raise TO, None when none is allowed (BET-NL-MAX,
            BET-PL-MAX; equal to ``min_raise_to`` in fixed limit, BET-FL-SIZES).
        raises_left: Raises left before the cap (BET-FL-CAP), None when there is no cap.
        pot_size: Everything in the middle: all pots plus every bet on the table this street.
            Used for the half-pot and pot presets.
        bring_in: Stud: the bring-in this player must post (``c``) unless they complete
            (bet ``min_raise_to``, ST-COMPLETE); None otherwise (ST-BRINGIN, RZ-BRINGIN).
        is_opening_bet: True when nobody has bet on this street yet (the button says
            "Bet" rather than "Raise").
        street: Street name for the panel title ("Pre-flop", "Flop", "3rd street" ...).
        structure: Betting structure: "NL" no limit, "PL" pot limit, "FL" fixed limit
            ("" unknown); chooses the rule ID a refusal cites.
        raise_rule: When no bet or raise is allowed, the rule ID that forbids it
            ("BET-FL-CAP", "BET-SHORT-ALLIN", "BET-NO-SELF-RAISE" ...); "" otherwise.

    """

    seat: int
    name: str
    stack: int
    to_call: int
    can_check: bool
    can_fold: bool = True
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    raises_left: int | None = None
    pot_size: int = 0
    bet: int = 0
    current_bet: int = 0
    is_opening_bet: bool = False
    bring_in: int | None = None
    street: str = ""
    structure: str = ""
    raise_rule: str = ""

    def __post_init__(self) -> None:
        _check_chips(
            "ActionBarView",
            stack=self.stack,
            to_call=self.to_call,
            min_raise_to=self.min_raise_to,
            max_raise_to=self.max_raise_to,
            raises_left=self.raises_left,
            pot_size=self.pot_size,
            bet=self.bet,
            current_bet=self.current_bet,
        )
        if (self.min_raise_to is None) != (self.max_raise_to is None):
            raise ValueError("ActionBarView: set both min_raise_to and max_raise_to, or neither")
        if self.min_raise_to is not None and self.max_raise_to is not None:
            if self.min_raise_to > self.max_raise_to:
                raise ValueError(
                    f"ActionBarView: min_raise_to {self.min_raise_to} "
                    f"exceeds max_raise_to {self.max_raise_to}"
                )

    @property
    def call_amount(self) -> int:
        """Chips a call actually adds: ``to_call``, or the whole stack when short (G-ALLIN)."""
        return min(self.to_call, self.stack)

    @property
    def all_in_to(self) -> int:
        """The street total if the player pushes every chip in."""
        return self.bet + self.stack

    @property
    def can_raise(self) -> bool:
        """True when some bet or raise is allowed."""
        return self.min_raise_to is not None

    def preset_raise_to(self, preset: RaisePreset) -> int | None:
        """Return the bet/raise-to amount of an action-pad preset, clamped into the legal range.

        Pot arithmetic (BET-PL-MAX): call first, then raise by the whole pot after the call:
        ``current_bet + pot_size + to_call``. Half pot raises by half of that pot (rounded
        down to a whole chip). Returns None when no raise is allowed.
        """
        if self.min_raise_to is None or self.max_raise_to is None:
            return None
        if preset is RaisePreset.MINIMUM:
            wanted = self.min_raise_to
        elif preset is RaisePreset.ALL_IN:
            wanted = self.max_raise_to
        else:
            pot_after_call = self.pot_size + self.to_call
            raise_by = pot_after_call if preset is RaisePreset.POT else pot_after_call // 2
            wanted = self.current_bet + raise_by
        return max(self.min_raise_to, min(self.max_raise_to, wanted))

    def verify_raise_to(self, amount: int) -> None:
        """Raise IllegalActionError with the reason and rule ID when ``amount`` is out of range.

        This is the console's pre-flight check; the session checks again with the engine.
        Going all-in for less than a full raise is allowed (G-ALLIN).
        """
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalActionError(f"amount must be a whole number of chips, got {amount!r}")
        word = "bet" if self.is_opening_bet else "raise"
        if self.min_raise_to is None or self.max_raise_to is None:
            if self.raise_rule:
                raise IllegalActionError(
                    f"no {word} allowed for {self.name or 'seat ' + str(self.seat)} now; "
                    "call, check or fold",
                    rule_id=self.raise_rule,
                )
            if self.to_call >= self.stack:
                raise IllegalActionError(
                    f"no {word} possible: calling takes all {self.stack} chips; "
                    "call (all-in) or fold",
                    rule_id="G-ALLIN",
                )
            if self.raises_left == 0:
                raise IllegalActionError(
                    f"no {word} allowed: the betting is capped; call or fold", rule_id="BET-FL-CAP"
                )
            raise IllegalActionError(
                f"no {word} allowed for {self.name or 'seat ' + str(self.seat)} now; "
                "call, check or fold",
                rule_id="BET-SHORT-ALLIN",
            )
        if amount > self.all_in_to:
            raise IllegalActionError(
                f"{word} to {amount} is more than {self.name or 'the player'} has: "
                f"all-in is {word} to {self.all_in_to}",
                rule_id="G-TABLE-STAKES",
            )
        fixed = self.structure == "FL"
        if amount > self.max_raise_to:
            if fixed:
                raise IllegalActionError(
                    f"fixed limit: {word} to exactly {self.max_raise_to}, not {amount}",
                    rule_id="BET-FL-SIZES",
                )
            raise IllegalActionError(
                f"{word} to {amount} is over the maximum {self.max_raise_to}",
                rule_id="BET-PL-MAX" if self.structure == "PL" else "BET-NL-MAX",
            )
        if amount < self.min_raise_to and amount != self.all_in_to:
            raise IllegalActionError(
                f"{word} to {amount} is under the minimum {self.min_raise_to}",
                rule_id="BET-FL-SIZES" if fixed else "BET-NL-MIN",
            )

    def can_raise_to(self, amount: int) -> bool:
        """Return True when ``amount`` passes `verify_raise_to`."""
        try:
            self.verify_raise_to(amount)
        except IllegalActionError:
            return False
        return True


@dataclass(frozen=True, slots=True)
class FlagView:
    """An irregularity shown in the flags panel, with its ruling.

    Attributes:
        flag_id: Identifier the dealer's ``confirm``/``overrule`` commands refer to.
        rule_id: The rule from the catalogue ("IRR-UNDERRAISE").
        severity: How urgent.
        message: What happened, in plain words.
        ruling_steps: What the dealer does next, one step per item.
        status: Open, confirmed or overruled.
        overrule_reason: The reason given when overruled, else "".
        seat: The seat concerned, or None.

    """

    flag_id: str
    rule_id: str
    severity: FlagSeverity
    message: str
    ruling_steps: tuple[str, ...] = ()
    status: FlagStatus = FlagStatus.OPEN
    overrule_reason: str = ""
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class ShowdownHandView:
    """A hand as shown at showdown (G-SHOW-ORDER gives the order).

    Attributes:
        seat: Seat number.
        name: Player name.
        cards: Hole cards shown ("??" for a card not entered yet).
        high: High hand in words, "" if not evaluated.
        low: Qualifying low in words ("8-6-4-2-A"), "" when no low or not a low game.
        mucked: The player gave up without showing (G-SHOW-CLAIM).

    """

    seat: int
    name: str
    cards: tuple[str, ...] = ()
    high: str = ""
    low: str = ""
    mucked: bool = False


@dataclass(frozen=True, slots=True)
class ShowdownPotView:
    """How one pot is settled.

    Attributes:
        label: "Main", "Side 1" ...
        amount: Pot before rake.
        rake: Rake taken from this pot (RAKE-RATE); ``amount - rake`` is paid out.
        awards: Each winner's share (whole, high half or low half), odd chips marked.
        low_qualified: Hi/lo games: whether a low qualified (O8-QUALIFY); None otherwise.

    """

    label: str
    amount: int
    rake: int = 0
    awards: tuple[PotAwardView, ...] = ()
    low_qualified: bool | None = None

    def __post_init__(self) -> None:
        _check_chips("ShowdownPotView", amount=self.amount, rake=self.rake)

    @property
    def paid(self) -> int:
        """Chips paid to winners from this pot."""
        return sum(award.amount for award in self.awards)


@dataclass(frozen=True, slots=True)
class ShowdownView:
    """The showdown panel: hands, each pot's winners, then confirmation.

    Attributes:
        show_order: Seats in the order they must show (G-SHOW-ORDER).
        hands: The hands shown or awaited, in ``show_order``.
        pots: Settlement of each pot, main first.
        total_rake: Sum of the pots' rake.
        awaiting_cards: Seats whose cards the dealer still has to enter.
        confirmed: The dealer confirmed; stacks in the SeatViews include the winnings.

    """

    show_order: tuple[int, ...] = ()
    hands: tuple[ShowdownHandView, ...] = ()
    pots: tuple[ShowdownPotView, ...] = ()
    total_rake: int = 0
    awaiting_cards: tuple[int, ...] = ()
    confirmed: bool = False

    def __post_init__(self) -> None:
        _check_chips("ShowdownView", total_rake=self.total_rake)

    def winnings_by_seat(self) -> dict[int, int]:
        """Chips won by each seat over all pots."""
        totals: dict[int, int] = {}
        for pot in self.pots:
            for award in pot.awards:
                totals[award.seat] = totals.get(award.seat, 0) + award.amount
        return totals


@dataclass(frozen=True, slots=True)
class ProposalView:
    """A command line the camera proposes, waiting for the dealer (session.sightings).

    Attributes:
        line: The command it stands for (``"flop Ah Kd 7c"``); "" when it is only a warning.
        message: Text for the dealer ("flop read from the camera").
        doubtful: Cards read with low confidence, for the dealer to look at.
        rule_id: ``IRR-DECK`` when the reading clashes with cards already in the hand.

    """

    line: str
    message: str = ""
    doubtful: tuple[str, ...] = ()
    rule_id: str = ""


@dataclass(frozen=True, slots=True)
class HandSummaryView:
    """One finished hand in the history panel.

    Attributes:
        hand_id: Hand number.
        game: Game name.
        total_pot: All pots together, before rake.
        rake: Rake taken.
        result: One line of the result ("Alice wins 340 with a flush").
        lines: The hand's action lines, in order.

    """

    hand_id: int
    game: str
    total_pot: int
    rake: int = 0
    result: str = ""
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ClockView:
    """Tournament level and blinds (placeholder for cash games: ``level`` 0).

    Attributes:
        level: Level number (TRN-LEVELS), 0 for a cash game.
        stakes: Blinds and ante as text ("25/50 ante 5").
        seconds_left: Seconds to the next level, None when no clock runs.

    """

    level: int = 0
    stakes: str = ""
    seconds_left: int | None = None


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the console draws at one moment.

    Attributes:
        game: Game name for the title ("No Limit Hold'em").
        preset: Key of the game preset in rules.yaml ("nlhe-1-2").
        hand_id: Current hand number, None between hands before the first.
        street: Current street ("Pre-flop", "Flop", "Turn", "River", "Showdown",
            "3rd street" ..., "" between hands).
        board: Community cards, in order dealt.
        pots: Pots, main first (bets of the current street are in the seats).
        seats: Every seat of the table, empty ones included, by seat number.
        action: The action panel, None when nobody is to act (between hands, dealing,
            showdown).
        flags: Irregularities of the hand, newest last.
        showdown: The showdown panel, None before showdown.
        history: The current hand's action lines, in order.
        past_hands: Finished hands, most recent last.
        clock: Level/stakes, None when not shown.
        structure: Betting structure code ("NL", "PL", "FL").
        message: A status line for the dealer ("Deal the flop"), "" when none.
        proposals: Camera proposals waiting for the dealer's confirmation (the camera
            proposes, the dealer confirms).
        extras: Free (key, value) text pairs for facts not modelled yet (status bar).

    """

    game: str = ""
    preset: str = ""
    hand_id: int | None = None
    street: str = ""
    board: tuple[str, ...] = ()
    pots: tuple[PotView, ...] = ()
    seats: tuple[SeatView, ...] = ()
    action: ActionBarView | None = None
    flags: tuple[FlagView, ...] = ()
    showdown: ShowdownView | None = None
    history: tuple[str, ...] = ()
    past_hands: tuple[HandSummaryView, ...] = ()
    clock: ClockView | None = None
    structure: str = ""
    message: str = ""
    proposals: tuple[ProposalView, ...] = ()
    extras: tuple[tuple[str, str], ...] = ()

    def seat(self, number: int) -> SeatView | None:
        """Return the SeatView of seat ``number``, or None if the table has no such seat."""
        for seat in self.seats:
            if seat.seat == number:
                return seat
        return None

    @property
    def total_in_middle(self) -> int:
        """All pots plus every bet on the table this street."""
        return sum(pot.amount for pot in self.pots) + sum(seat.bet for seat in self.seats)

    @property
    def open_flags(self) -> tuple[FlagView, ...]:
        """Flags still waiting for the dealer."""
        return tuple(flag for flag in self.flags if flag.status is FlagStatus.OPEN)
