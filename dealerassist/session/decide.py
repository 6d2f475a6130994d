"""Decide: a dealer command and the current state -> the events it causes, or a refusal.

Pure: nothing is changed here. Table commands are checked with `TableState`'s ``verify_*``
methods; hand commands are checked by the engine through `session.hand`. A refusal is an
`IllegalActionError` naming the reason and the rule ID, the state being left as it was.
"""

from __future__ import annotations

from typing import Any

from dealerassist.errors import IllegalActionError
from dealerassist.rules.model import GamePreset, HouseRules, UnknownPresetError
from dealerassist.session import hand as hand_adapter
from dealerassist.session.commands import (
    AddChips,
    Command,
    CorrectStack,
    Leave,
    NewHand,
    PlaceButton,
    PostBlind,
    SelectGame,
    Sit,
    SitIn,
    SitOut,
)
from dealerassist.session.events import (
    ButtonPlaced,
    ChipsAdded,
    GameSelected,
    PlayerLeft,
    PlayerSat,
    PlayerSatIn,
    PlayerSatOut,
    PostPromised,
    StackCorrected,
)
from dealerassist.session.state import SessionState
from dealerassist.session.table import plan_hand

__all__ = ["decide", "game_selected", "named_preset", "select_game"]


def game_selected(preset: GamePreset) -> GameSelected:
    """Return the event that selects ``preset``."""
    return GameSelected(
        preset=preset.name,
        game=preset.game,
        small_blind=preset.small_blind,
        big_blind=preset.big_blind,
        ante=preset.ante,
        small_bet=preset.small_bet,
        big_bet=preset.big_bet,
        bring_in=preset.bring_in,
        max_seats=preset.max_seats,
        raked=preset.rake,  # RAKE-SHARE: a preset may be unraked (tournaments)
        straddle=preset.straddle,  # BET-STRADDLE: posted by the first seat after the big blind
        openers=preset.openers.value if preset.openers is not None else "",  # DR-OPENERS
    )


def select_game(state: SessionState, preset: GamePreset) -> list[Any]:
    """Return the events switching the table to ``preset`` (between hands only)."""
    if preset.starting_stack is not None:
        # TRN-START: a tournament preset is played by session.tournament_table, which
        # selects each level's stakes itself; chosen here its blinds would be 0.
        raise IllegalActionError(
            f"{preset.name} is a tournament: open it on a new table "
            f'(dealerassist table --game "{preset.name}" --db NEW_FILE)',
            rule_id="TRN-START",
        )
    if state.hand is not None:
        raise IllegalActionError(
            f"hand {state.hand.started.hand_id} is running; change the game after it"
        )
    highest = max((p.seat for p in state.table.players), default=0)
    if highest > preset.max_seats:
        raise IllegalActionError(
            f"{preset.name} seats {preset.max_seats} players but seat {highest} is taken"
        )
    return [game_selected(preset)]


def decide(state: SessionState, command: Command, *, rules: HouseRules) -> list[Any]:
    """Return the events ``command`` causes now; raise `IllegalActionError` if it may not."""
    table = state.table
    new_player_rule = rules.table.new_player
    if isinstance(command, Sit):
        _need_game(state)
        _verify_no_seat_change(state, command.seat, command.name)
        player = table.sit(
            seat=command.seat, name=command.name, stack=command.stack, new_player=new_player_rule
        )
        return [
            PlayerSat(
                seat=player.seat,
                name=player.name,
                stack=player.stack,
                state=player.state,
                will_post=player.will_post,
            )
        ]
    if isinstance(command, Leave):
        table.verify_leave(command.seat)
        return [PlayerLeft(seat=command.seat, stack=table.player(command.seat).stack)]  # type: ignore[union-attr]
    if isinstance(command, SitOut):
        table.verify_sit_out(command.seat)
        return [PlayerSatOut(seat=command.seat)]
    if isinstance(command, SitIn):
        table.verify_sit_in(command.seat)
        return [PlayerSatIn(seat=command.seat, state=table.sit_in_state(command.seat))]
    if isinstance(command, PostBlind):
        table.verify_post(command.seat, new_player=new_player_rule)
        return [PostPromised(seat=command.seat)]
    if isinstance(command, AddChips):
        table.verify_add_chips(command.seat, command.amount)
        return [ChipsAdded(seat=command.seat, amount=command.amount)]
    if isinstance(command, CorrectStack):
        table.verify_correct_stack(command.seat, command.stack)
        previous = table.player(command.seat).stack  # type: ignore[union-attr]
        return [
            StackCorrected(
                seat=command.seat, previous=previous, stack=command.stack, reason=command.reason
            )
        ]
    if isinstance(command, PlaceButton):
        table.verify_place_button(command.seat)
        return [ButtonPlaced(seat=command.seat)]
    if isinstance(command, SelectGame):
        preset = named_preset(rules, command.preset)
        if state.game is not None and state.game == game_selected(preset):
            raise IllegalActionError(f"{preset.name} is already the game")
        return select_game(state, preset)
    if isinstance(command, NewHand):
        game = _need_game(state)
        plan = plan_hand(
            table,
            small_blind=game.small_blind,
            big_blind=game.big_blind,
            button_rule=rules.table.button,
        )
        _verify_joining(state, plan.seats)
        # JB-NO-OPEN: a passed-out deal's antes (or a false opener's pot, IRR-JB-FALSE) are
        # carried into this deal; after draw.jacks_ante_limit consecutive passed-out deals
        # nobody antes again and the carried pot plays on.
        started = hand_adapter.hand_started(
            hand_id=state.last_hand_id + 1, game=game, plan=plan, table=table, rules=rules,
            carried=state.carried,
            ante=state.passed_out_deals < rules.draw.jacks_ante_limit,
        )
        return [started, *hand_adapter.after(started, rules=rules)]
    if state.hand is None:
        raise IllegalActionError(
            f"no hand is running: type 'hand' to deal the next one ({_describe(command)})"
        )
    return hand_adapter.decide(state.hand, command, rules=rules)


def _verify_no_seat_change(state: SessionState, seat: int, name: str) -> None:
    """Refuse a player of the last deal taking another seat while it left money (DR-SEAT).

    DR-SEAT: no seat changes between hands while multiple antes (JB-NO-OPEN) or
    forfeited money (IRR-JB-FALSE, JB-PROVE) are in the pot, that is while the table
    carries chips into the next deal.
    """
    if not state.carried or not state.finished:
        return
    last = state.finished[-1].started
    for played, played_name in zip(last.seats, last.names, strict=True):
        if played != seat and played_name.casefold() == name.casefold():
            raise IllegalActionError(
                f"{name} played seat {played} in the last deal: no seat change while the pot "
                f"holds {state.carried} carried into the next deal", rule_id="DR-SEAT")


def _verify_joining(state: SessionState, seats: tuple[int, ...]) -> None:
    """Refuse dealing in a player who did not play the deal that forfeited money (DR-JOIN).

    DR-JOIN: a player may join by paying the ante(s), unless the pot holds money forfeited
    in a deal they did not play. Forfeited money: a pot carried with no passed-out deal
    counted, that is a false opener's (IRR-JB-FALSE) or one nobody could win (JB-PROVE);
    the passed-out antes of JB-NO-OPEN are not forfeited. The dealer sits the newcomer
    out until that pot is won.
    """
    if not state.carried or state.passed_out_deals or not state.finished:
        return
    last = state.finished[-1].started
    for seat in seats:
        if seat not in last.seats:
            player = state.table.player(seat)
            name = f" {player.name}" if player is not None else ""
            raise IllegalActionError(
                f"seat {seat}{name} did not play the deal that forfeited the {state.carried} "
                f"in the pot: sit them out (out {seat}) until it is won", rule_id="DR-JOIN")


def named_preset(rules: HouseRules, text: str) -> GamePreset:
    """Return the preset ``text`` names: its name (in any case) or its number in the list.

    ``game 3`` names the third preset of the rules file.

    Raises:
        IllegalActionError: no such preset; the message names the closest ones.

    """
    try:
        return rules.preset(text)
    except UnknownPresetError as error:
        folded = [p for p in rules.presets if p.name.casefold() == text.casefold()]
        if len(folded) == 1:
            return folded[0]
        if text.isdigit() and len(text) < 4 and 1 <= int(text) <= len(rules.presets):
            return rules.presets[int(text) - 1]
        raise IllegalActionError(f"{error}; or give its number, 1 to {len(rules.presets)}"
                                 ) from None


def _need_game(state: SessionState) -> GameSelected:
    if state.game is None:
        raise IllegalActionError("no game chosen yet: start the table with --game PRESET")
    return state.game


def _describe(command: Command) -> str:
    """Name the command refused as the dealer typed it: its verb, not its class."""
    verb = (getattr(command, "verb", "") or getattr(command, "street", "")
            or _VERB_OF.get(type(command).__name__, ""))
    if not verb:
        verb = "confirm" if type(command).__name__ == "ConfirmRuling" else (
            "overrule" if type(command).__name__ == "OverruleFlag"
            else type(command).__name__.lower())
    return f"'{verb}' is for a running hand"


_VERB_OF = {
    "Fold": "f", "Check": "x", "Call": "c", "Bet": "b", "RaiseTo": "r", "AllIn": "allin",
    "Show": "show", "Muck": "muck", "DealUp": "up", "Draw": "draw", "DeclareDraw": "ask",
    "ChangeDraw": "change", "FifthCard": "fifth", "Reshuffle": "reshuffle", "Rap": "rap",
    "KeepOpeners": "keep", "Pay": "pay",
}
