"""The action pad of the player to act: its limits, presets and pre-flight range check.

The only logic here is arithmetic a dealer would do from the numbers shown (preset amounts
and the range check of an amount); the session validates every action again with the
engine, which stays the authority.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from dealerassist.errors import IllegalActionError
from dealerassist.session.viewmodels._checks import check_chips

__all__ = [
    "ActionBarView",
    "RaisePreset",
]


@unique
class RaisePreset(StrEnum):
    """The action pad's amount presets."""

    MINIMUM = "min"
    HALF_POT = "half"
    POT = "pot"
    ALL_IN = "allin"


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
        is_completion: Stud: the next bet completes the bring-in to the small bet
            (ST-COMPLETE): the pad says "Complete", not "Raise to".
        is_opening_bet: True when nobody has bet on this street yet (the button says
            "Bet" rather than "Raise").
        street: Street name for the panel title ("Pre-flop", "Flop", "3rd street" ...).
        structure: Betting structure: "NL" no limit, "PL" pot limit, "FL" fixed limit
            ("" unknown); chooses the rule ID a refusal cites.
        raise_rule: When no bet or raise is allowed, the rule ID that forbids it
            ("BET-FL-CAP", "BET-SHORT-ALLIN", "BET-NO-SELF-RAISE" ...); "" otherwise.
        raise_to_amounts: Fixed limit: the only legal bet/raise-to amounts, in order (one,
            or two on 4th street with an open pair, ST-OPEN-PAIR: the small or the big
            bet); empty where every amount from ``min_raise_to`` to ``max_raise_to`` is legal.

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
    is_completion: bool = False
    street: str = ""
    structure: str = ""
    raise_rule: str = ""
    raise_to_amounts: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        check_chips(
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
        if len(self.raise_to_amounts) > 1 and amount not in self.raise_to_amounts \
                and amount != self.all_in_to:
            first, *rest = self.raise_to_amounts
            raise IllegalActionError(
                f"fixed limit: {word} to {first} or {' or '.join(map(str, rest))}, not {amount}",
                rule_id="ST-OPEN-PAIR",
            )

    def can_raise_to(self, amount: int) -> bool:
        """Return True when ``amount`` passes `verify_raise_to`."""
        try:
            self.verify_raise_to(amount)
        except IllegalActionError:
            return False
        return True
