"""What a hand starts from: the game, stakes, stacks, forced bets and house rules.

`HandSetup` is a frozen record; build it with `HandSetup.create` (table terms: blinds,
straddles, ante) or `HandSetup.from_phh_fields` (PHH arrays). Players are indexed 0..n-1 in
PHH order: 0 is the first player left of the button, n-1 the button. Heads-up (BET-HEADSUP)
the button posts the small blind: index 1 is the button and small blind, index 0 the big
blind, as in PHH and pokerkit (PHH lists heads-up blinds as ``[small, big]`` and applies them
reversed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from dealerassist.games.catalogue import game as game_by_code
from dealerassist.games.spec import BettingStructure, Family, ForcedBets, GameSpec
from dealerassist.records import quick_init
from dealerassist.rules.model import GameFamily, HouseRules

__all__ = ["HandSetup"]

# The rules layer's family of each game family (same values; a lookup, not an enum call).
_FAMILIES = {family: GameFamily(family.value) for family in Family
             if family.value in GameFamily._value2member_map_}


_INT_ONLY = {int}
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT  # a module constant: no enum metaclass lookup


def _default_rules() -> HouseRules:
    return HouseRules()


@quick_init
@dataclass(frozen=True, slots=True)
class HandSetup:
    """Everything fixed at the start of one hand.

    Attributes:
        game: the variant.
        starting_stacks: chips each player has behind at the start (G-TABLE-STAKES).
        antes: ante owed by each player index (BB ante: only the big blind's entry).
        blinds: blind or straddle owed by each player index, as posted (already heads-up
            mapped; BET-FORCED, BET-STRADDLE).
        min_bet: no/pot limit: the smallest opening bet and raise increment (BET-NL-MIN).
        small_bet: fixed limit: the small bet (BET-FL-SIZES).
        big_bet: fixed limit: the big bet.
        bring_in: stud bring-in (ST-BRINGIN); 0 for blind games.
        rules: the house rules in force.
        ante_trimming: PHH ``ante_trimming_status``: an ante above every other player's ante
            is returned like an uncalled bet (else antes are dead money in the main pot).
        big_blind: the nominal big blind (raise increment pre-flop), 0 to use ``min_bet``.
        posts: live big blinds of new players posted out of position (BET-NEW-PLAYER).
        carried: dead money carried in from an earlier deal, in the main pot from the start:
            the antes of a passed-out jacks-or-better deal (JB-NO-OPEN), or what a false
            opener left with them (IRR-JB-FALSE, JB-PROVE). It belongs to nobody: every
            player dealt in can win it, and chips in play are the stacks plus it.
        seat_limit: whether the house's ``table.max_players`` applies (ST7-DEAL): a table
            refuses a hand above it; a recorded hand (`from_phh_fields`) is only held to
            what the deck can deal (`GameSpec.max_players`) and replay flags the excess.
        stub_burns: whether the stub is short of one burn per street (ST7-COMMUNITY): at a
            table it is; a hand history records no burns, so a recorded hand
            (`from_phh_fields`) gets the community card only when the cards nobody has
            seen do not suffice.

    """

    game: GameSpec
    starting_stacks: tuple[int, ...]
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    min_bet: int
    small_bet: int = 0
    big_bet: int = 0
    bring_in: int = 0
    rules: HouseRules = field(default_factory=_default_rules)
    ante_trimming: bool = False
    big_blind: int = 0
    posts: tuple[int, ...] = ()
    carried: int = 0
    seat_limit: bool = True
    stub_burns: bool = True

    def __post_init__(self) -> None:
        n = len(self.starting_stacks)
        if self.posts and len(self.posts) != n:
            raise ValueError(f"posts has {len(self.posts)} entries for {n} players")
        if n < 2:
            raise ValueError(f"a hand needs at least 2 players, not {n}")
        if n > self.game.max_players:
            raise ValueError(f"the deck deals {self.game.code} to at most "
                             f"{self.game.max_players} players, not {n}")
        if self.seat_limit and n > self.seats:
            raise ValueError(f"the house deals {self.game.code} to at most {self.seats} "
                             f"players, not {n} (table.max_players)")
        for name, values in (("antes", self.antes), ("blinds", self.blinds)):
            if len(values) != n:
                raise ValueError(f"{name} has {len(values)} entries for {n} players")
            # Whole chips (int, not bool) of 0 or more; checked per value only when the
            # quick test over the whole tuple fails (every replay builds a setup).
            if set(map(type, values)) != _INT_ONLY or min(values) < 0:
                for value in values:
                    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                        raise ValueError(f"{name} must be whole chip amounts of 0 or more: "
                                         f"{values}")
        if not isinstance(self.carried, int) or isinstance(self.carried, bool) \
                or self.carried < 0:
            raise ValueError(f"carried must be a whole chip amount of 0 or more (JB-NO-OPEN): "
                             f"{self.carried!r}")
        if set(map(type, self.starting_stacks)) != _INT_ONLY or min(self.starting_stacks) <= 0:
            for stack in self.starting_stacks:
                if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
                    raise ValueError(f"stacks must be whole chip amounts of at least 1 "
                                     f"(TRN-OUT): {self.starting_stacks}")
        if self.game.structure is _FIXED_LIMIT:
            if self.small_bet <= 0 or self.big_bet <= 0:
                raise ValueError(f"{self.game.code} is fixed limit: small_bet and big_bet needed")
        elif self.min_bet <= 0:
            raise ValueError(f"{self.game.code}: min_bet (the big blind) must be positive")

    @property
    def seats(self) -> int:
        """The most players the house deals this game to (``table.max_players``)."""
        return self.rules.table.seats_for(self.family)

    @property
    def player_count(self) -> int:
        """Number of players dealt in."""
        return len(self.starting_stacks)

    @property
    def family(self) -> GameFamily:
        """The rules layer's family of this game (fixed-limit caps are per family)."""
        family = _FAMILIES.get(self.game.family)
        return family if family is not None else GameFamily(self.game.family.value)

    @property
    def nominal_big_blind(self) -> int:
        """The big blind used for the pre-flop raise size and rake bands."""
        if self.big_blind:
            return self.big_blind
        if self.game.structure is _FIXED_LIMIT:
            return self.small_bet
        return self.min_bet

    @classmethod
    def create(
        cls,
        *,
        game: GameSpec | str,
        stacks: Sequence[int],
        small_blind: int = 0,
        big_blind: int = 0,
        straddles: Sequence[int] = (),
        ante: int = 0,
        big_blind_ante: int = 0,
        small_bet: int = 0,
        big_bet: int = 0,
        bring_in: int = 0,
        new_player_posts: Sequence[int] = (),
        rules: HouseRules | None = None,
        carried: int = 0,
    ) -> HandSetup:
        """Return a hand in table terms; ``stacks`` in PHH order (index n-1 is the button).

        Args:
            game: the variant or its code.
            stacks: starting stacks, first left of the button first, button last.
            small_blind: posted by index 0 (heads-up: by the button, index 1).
            big_blind: posted by index 1 (heads-up: index 0).
            straddles: straddles posted by indices 2, 3... (BET-STRADDLE).
            ante: ante of every player (BET-FORCED).
            big_blind_ante: an ante posted by the big blind alone.
            small_bet: fixed limit small bet (default: the big blind).
            big_bet: fixed limit big bet (default: twice the small bet).
            bring_in: stud bring-in.
            new_player_posts: indices of new players posting a big blind to be dealt in at
                once (BET-NEW-PLAYER); their blind is live.
            rules: house rules (default: the catalogue's defaults).
            carried: dead money carried in from a passed-out deal (JB-NO-OPEN,
                IRR-JB-FALSE): in the main pot from the start.

        Raises:
            ValueError: straddles the house does not allow (BET-STRADDLE), or bad amounts.

        """
        spec = game_by_code(game) if isinstance(game, str) else game
        house = rules if rules is not None else HouseRules()
        if straddles and not house.straddle.allowed:
            raise ValueError("this house does not allow straddles (BET-STRADDLE)")
        if len(straddles) > house.straddle.max_straddles:
            raise ValueError(f"at most {house.straddle.max_straddles} straddle(s) allowed "
                             "(BET-STRADDLE)")
        n = len(stacks)
        posts = [0] * n
        for index in new_player_posts:
            posts[index] = big_blind
        blinds = [0] * n
        antes = [ante] * n
        if spec.forced is ForcedBets.BLINDS:
            if n == 2:
                blinds[1], blinds[0] = small_blind, big_blind
                bb_index = 0
            else:
                blinds[0], blinds[1] = small_blind, big_blind
                bb_index = 1
                for offset, straddle in enumerate(straddles):
                    blinds[2 + offset] = straddle
            if big_blind_ante:
                antes[bb_index] += big_blind_ante
        fixed = spec.structure is BettingStructure.FIXED_LIMIT
        small = small_bet or (big_blind if fixed else 0)
        return cls(
            game=spec,
            starting_stacks=tuple(stacks),
            antes=tuple(antes),
            blinds=tuple(blinds),
            # No/pot-limit games without blinds (stud, draw with antes) bet the small bet.
            min_bet=(big_blind or small_bet) if not fixed else small,
            small_bet=small,
            big_bet=big_bet or 2 * small,
            bring_in=bring_in,
            rules=house,
            big_blind=big_blind,
            posts=tuple(posts) if any(posts) else (),
            carried=carried,
        )

    @classmethod
    def from_phh_fields(
        cls,
        *,
        game: GameSpec,
        stacks: Sequence[int],
        antes: Sequence[int],
        blinds_or_straddles: Sequence[int],
        min_bet: int = 0,
        small_bet: int = 0,
        big_bet: int = 0,
        bring_in: int = 0,
        ante_trimming: bool = False,
        carried: int = 0,
        rules: HouseRules | None = None,
    ) -> HandSetup:
        """Return a hand from PHH fields; heads-up arrays are applied reversed, as PHH says."""
        antes_list = tuple(map(abs, antes)) or (0,) * len(stacks)
        blinds_list = tuple(map(abs, blinds_or_straddles)) or (0,) * len(stacks)
        if len(stacks) == 2:
            antes_list = antes_list[::-1]
            blinds_list = blinds_list[::-1]
        return cls(
            game=game,
            starting_stacks=tuple(stacks),
            antes=antes_list,
            blinds=blinds_list,
            min_bet=min_bet or small_bet,
            small_bet=small_bet,
            big_bet=big_bet,
            bring_in=bring_in,
            rules=rules if rules is not None else HouseRules(),
            ante_trimming=ante_trimming,
            carried=carried,
            seat_limit=False,
            stub_burns=False,
        )
