"""Reading a drill the way a trainee does: only its situation text, in English.

Each ``answer_of_<kind>`` parses the lines the trainee sees (never the drill's hidden
state) and works the answer out again from the game's rules; the property test in
`test_answer_from_text` asserts it equals the drill's answer. A situation that leaves out
something the answer depends on cannot be read to the right figure, which is how a spot
that cannot be answered from its text is found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from dealerassist.cards import Card, parse_cards
from dealerassist.evaluation import (
    evaluate_badugi,
    evaluate_high,
    evaluate_low8,
    evaluate_low_27,
    evaluate_low_a5,
    evaluate_omaha_high,
    evaluate_omaha_low8,
    rank_up_cards_high,
    rank_up_cards_low,
)
from dealerassist.games.catalogue import GAMES
from dealerassist.games.spec import BetSize, Evaluator, ForcedBets, GameSpec
from dealerassist.trainer.drill import Drill, Payout, PotAnswer

# the catalogue's names, as the console shows them (without PHH's "(extension)" note)
_BY_NAME = {spec.name.removesuffix(" (extension)"): spec for spec in GAMES.values()}
_SEAT = r"Seat (\d+)"


@dataclass
class Table:
    """What the header and the lines of a situation say."""

    game: GameSpec
    players: int = 0
    button: int = 0
    small: int = 0
    big: int = 0
    ante: int = 0
    bring_in: int = 0
    limits: tuple[int, int] = (0, 0)
    carried: int = 0
    stacks: dict[int, int] = field(default_factory=dict)


def lines_of(drill: Drill) -> list[str]:
    return [line.en for line in drill.situation]


def header(line: str) -> Table:
    """Read "<game>, <stakes>. Seat N has the button.[ C carried in ...]".

    Stud names no button: "<game>, <stakes>. N players, dealt from seat 1."
    """
    name = next((n for n in sorted(_BY_NAME, key=len, reverse=True)
                 if line.startswith(n + ",")), None)
    assert name is not None, line
    table = Table(_BY_NAME[name])
    if m := re.search(r"blinds (\d+)/(\d+)", line):
        table.small, table.big = int(m[1]), int(m[2])
    if m := re.search(r"antes (\d+)", line):
        table.ante = int(m[1])
    if m := re.search(r"bring-in (\d+)", line):
        table.bring_in = int(m[1])
    if m := re.search(r"limits (\d+)/(\d+)", line):
        table.limits = (int(m[1]), int(m[2]))
    if m := re.search(r"Seat (\d+) has the button", line):
        table.button = int(m[1])
        table.players = table.button
    if m := re.search(r"(\d+) players, dealt from seat 1", line):  # stud: no button
        table.button = table.players = int(m[1])
    if m := re.search(r"(\d+) carried in from passed-out deals", line):
        table.carried = int(m[1])
    return table


def read_table(lines: list[str]) -> Table:
    table = header(lines[0])
    for line in lines:
        if line.startswith("Starting stacks:"):
            for seat, chips in re.findall(r"Seat (\d+) (\d+)", line):
                table.stacks[int(seat)] = int(chips)
    return table


# -- betting: to call, minimum and pot-limit maximum ------------------------------------------

@dataclass
class Round:
    """The street being bet: in front of each seat, actions in order, the actor."""

    table: Table
    index: int = 0
    middle: int = 0
    front: dict[int, int] = field(default_factory=dict)
    # seat, verb, bet in front after it, all in
    actions: list[tuple[int, str, int, bool]] = field(default_factory=list)
    actor: int = 0
    own: int = 0
    behind: int = 0
    shows: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    all_in_before: set[int] = field(default_factory=set)


def _round_index(line: str, game: GameSpec) -> int | None:
    if line.startswith(("Pre-flop", "Before the draw")):
        return 0
    if line.startswith("On the flop"):
        return 1
    if line.startswith("On the turn"):
        return 2
    if line.startswith("On the river"):
        return 3
    if m := re.match(r"After the (first|second|third) draw", line):
        return ("first", "second", "third").index(m[1]) + 1
    if m := re.match(r"On street (\d+)\.", line):
        first = 2 if len(game.streets) == 4 else 3
        return int(m[1]) - first
    return None


def read_round(lines: list[str]) -> Round:
    table = read_table(lines)
    rnd = Round(table)
    for line in lines[1:]:
        index = _round_index(line, table.game)
        if index is not None:
            rnd.index = index
            continue
        if m := re.match(r"In the pot from the earlier rounds: (\d+)\.", line):
            rnd.middle = int(m[1])
            continue
        if m := re.match(_SEAT + r" shows (.*?)( \(all in\))?\.$", line):
            rnd.shows[int(m[1])] = parse_cards(m[2])
            if m[3]:
                rnd.all_in_before.add(int(m[1]))
            continue
        if m := re.match(_SEAT + r" is to act, with (\d+) in front and (\d+) behind\.", line):
            rnd.actor, rnd.own, rnd.behind = int(m[1]), int(m[2]), int(m[3])
            continue
        m = re.match(_SEAT + r" (posts the small blind|posts the big blind|brings in|calls|bets|"
                     r"raises to|completes to|folds|checks|draws|stands pat)(?: (\d+))?", line)
        if not m:
            continue
        seat, verb, amount = int(m[1]), m[2], int(m[3] or 0)
        all_in = line.endswith("(all in).")
        if verb == "calls":
            in_front = re.search(r"\((\d+) in front\)", line)
            assert in_front, line
            rnd.front[seat] = int(in_front[1])
        elif verb in ("bets", "raises to", "completes to", "brings in") or \
                verb.startswith("posts"):
            rnd.front[seat] = amount
        rnd.actions.append((seat, verb, rnd.front.get(seat, 0), all_in))
    if rnd.index == 0:  # the antes and any carried pot are in the middle before the first bet
        rnd.middle = rnd.table.carried + _antes_in(rnd.table)
    return rnd


def _antes_in(table: Table) -> int:
    return sum(min(table.ante, chips) for chips in table.stacks.values())


def _bet_size(rnd: Round) -> int:
    street = rnd.table.game.streets[rnd.index]
    small, big = rnd.table.limits
    return big if street.bet_size is BetSize.BIG else small


def answer_of_to_call(drill: Drill) -> int:
    rnd = read_round(lines_of(drill))
    top = max(rnd.front.values(), default=0)
    game = rnd.table.game
    if game.forced is ForcedBets.ANTES_ONLY and rnd.index == 0:
        # DR-ANTE-ONLY: an all-in opener of the pot (before the draw) short of the bet;
        # callers still owe the full bet
        bets = [a for a in rnd.actions if a[1] == "bets"]
        if bets and bets[0][3]:
            full = _bet_size(rnd) if rnd.table.limits != (0, 0) else rnd.table.big
            top = max(top, full)
    return min(top - rnd.own, rnd.behind)


def answer_of_pl_max(drill: Drill) -> int:
    rnd = read_round(lines_of(drill))
    top = max(rnd.front.values(), default=0)
    after_call = rnd.middle + sum(rnd.front.values()) + (top - rnd.own)
    return min(top + after_call, rnd.own + rnd.behind)


def answer_of_nl_min(drill: Drill) -> int:
    rnd = read_round(lines_of(drill))
    big = rnd.table.big
    top = big if rnd.index == 0 else 0
    size = big
    for _seat, verb, to, _all_in in rnd.actions:
        if verb not in ("bets", "raises to"):
            continue
        increase = to - top
        if increase >= size:
            size = increase
        top = max(top, to)
    return min(top + size, rnd.own + rnd.behind)


def stud_first_actor(game: GameSpec, shows: dict[int, tuple[Card, ...]],
                     skip: set[int]) -> int:
    """The seat the up cards name first on a later street (ST-FIRST, RZ-BRINGIN)."""
    razz = game.low is Evaluator.LOW_A5
    rank = rank_up_cards_low if razz else rank_up_cards_high
    best = max(rank(cards) for cards in shows.values())
    first = min(seat for seat, cards in shows.items() if rank(cards) == best)
    seats = sorted(shows)
    start = seats.index(first)
    for k in range(len(seats)):
        seat = seats[(start + k) % len(seats)]
        if seat not in skip:
            return seat
    return first


def bring_in_seat(game: GameSpec, up: dict[int, Card]) -> int:
    """Lowest up card, suits c < d < h < s; razz highest, aces low (ST-BRINGIN, RZ-BRINGIN)."""
    if game.low is Evaluator.LOW_A5:
        return max(up, key=lambda s: (up[s].rank.low_value, "cdhs".index(str(up[s])[-1])))
    return min(up, key=lambda s: (up[s].rank.value, "cdhs".index(str(up[s])[-1])))


# -- pots -----------------------------------------------------------------------------------

def layered_pots(put: dict[int, int], live: set[int], dead: int) -> tuple[PotAnswer, ...]:
    """Main and side pots from what each seat put in (uncalled excess returned first)."""
    put = dict(put)
    ordered = sorted(put.values(), reverse=True)
    top_seat = max(put, key=lambda s: put[s])
    if len(ordered) > 1 and ordered[0] > ordered[1]:
        put[top_seat] = ordered[1]  # POT-UNCALLED
    levels = sorted({put[s] for s in live})
    result: list[PotAnswer] = []
    previous = 0
    for number, level in enumerate(levels):
        amount = sum(min(p, level) - min(p, previous) for p in put.values())
        if number == 0:
            amount += dead
        eligible = tuple(sorted(s for s in live if put[s] >= level))
        if result and result[-1].seats == eligible:
            result[-1] = PotAnswer(result[-1].amount + amount, eligible)
        elif amount:
            result.append(PotAnswer(amount, eligible))
        previous = level
    return tuple(result)


def answer_of_pots(drill: Drill) -> tuple[PotAnswer, ...]:
    lines = lines_of(drill)
    put: dict[int, int] = {}
    live: set[int] = set()
    dead = 0
    for line in lines[1:]:
        if m := re.match(_SEAT + r" put in (\d+) in bets[^,]*, (folded|all in|still in)\.", line):
            put[int(m[1])] = int(m[2])
            if m[3] != "folded":
                live.add(int(m[1]))
        if m := re.search(r"Dead money in the main pot: (\d+)", line):
            dead = int(m[1])
    return layered_pots(put, live, dead)


# -- showdown -------------------------------------------------------------------------------

def _strength(evaluator: Evaluator, hole: tuple[Card, ...], board: tuple[Card, ...]) -> int | None:
    if evaluator is Evaluator.OMAHA_HIGH:
        return evaluate_omaha_high(hole, board).strength
    if evaluator is Evaluator.OMAHA_LOW8:
        value = evaluate_omaha_low8(hole, board)
        return value.strength if value else None
    cards = hole + board
    if evaluator is Evaluator.HIGH:
        return evaluate_high(cards).strength
    if evaluator is Evaluator.LOW8:
        value = evaluate_low8(cards)
        return value.strength if value else None
    if evaluator is Evaluator.LOW_A5:
        return evaluate_low_a5(cards).strength
    if evaluator is Evaluator.LOW_27:
        return evaluate_low_27(cards).strength
    return evaluate_badugi(cards).strength


def _best(strengths: dict[int, int | None], seats: tuple[int, ...]) -> tuple[int, ...]:
    values = [strengths[s] for s in seats if strengths.get(s) is not None]
    if not values:
        return ()
    return tuple(s for s in seats if strengths.get(s) == max(values))


def _split(amount: int, winners: tuple[int, ...], unit: int) -> dict[int, int]:
    """Equal shares, odd units one each clockwise from the button (seat 1 first)."""
    units, below = divmod(amount, unit)
    base, extra = divmod(units, len(winners))
    shares = {w: base * unit + (unit if k < extra else 0) for k, w in enumerate(winners)}
    shares[winners[0]] += below
    return shares


def answer_of_showdown(drill: Drill, *, unit: int = 1, odd_to_high: bool = True,
                       ) -> tuple[Payout, ...]:
    """Rank each pot's hands from the cards shown; split and odd chips by the house rules."""
    from dealerassist.engine.openers import has_openers

    lines = lines_of(drill)
    table = header(lines[0])
    game = table.game
    board: tuple[Card, ...] = ()
    hands: dict[int, tuple[Card, ...]] = {}
    pots: list[tuple[int, tuple[int, ...]]] = []
    opener = 0
    kept: dict[int, tuple[Card, ...]] = {}
    for line in lines[1:]:
        if m := re.search(r"Board: (.*?)\.", line):
            board = parse_cards(m[1])
        elif m := re.search(r"turned one community card, (.*?), which every player uses", line):
            board = parse_cards(m[1])
        elif m := re.match(_SEAT + r" shows (.*?)\.$", line):
            hands[int(m[1])] = parse_cards(m[2])
        elif m := re.match(r"(?:Main pot|Side pot \d+): (\d+) for seats ([\d, ]+)\.", line):
            pots.append((int(m[1]), tuple(int(s) for s in m[2].split(", "))))
        elif m := re.match(_SEAT + r" opened the betting", line):
            opener = int(m[1])
        elif m := re.match(_SEAT + r" threw (.*?) at the draw and kept them aside", line):
            kept[int(m[1])] = parse_cards(m[2])
    highs = {s: _strength(game.high, h, board) for s, h in hands.items()} if game.high else {}
    lows = {s: _strength(game.low, h, board) for s, h in hands.items()} if game.low else {}
    if opener and opener in hands and not has_openers(hands[opener] + kept.get(opener, ())):
        highs.pop(opener, None)  # JB-PROVE: no openers shown, no pot
    paid: dict[int, int] = {}
    for amount, seats in pots:
        high = _best(highs, seats) if highs else ()
        low = _best(lows, seats) if lows else ()
        if high and low:
            units, below = divmod(amount, unit)
            low_units = units // 2
            high_units = units - low_units
            if not odd_to_high:
                high_units, low_units = low_units, high_units
            parts = [(high_units * unit + below, high), (low_units * unit, low)]
        else:
            parts = [(amount, high or low)]
        for part, winners in parts:
            if not winners:
                continue
            for seat, share in _split(part, winners, unit).items():
                paid[seat] = paid.get(seat, 0) + share
    return tuple(Payout(s, a) for s, a in sorted(paid.items()) if a)


# -- rake -----------------------------------------------------------------------------------

def answer_of_rake(drill: Drill) -> int:
    lines = lines_of(drill)
    pots: list[int] = []
    early = False
    percent = Decimal(0)
    step, cap, per_pot, nfnd, enabled = 1, None, False, False, False
    table = header(lines[0])
    for line in lines[1:]:
        if m := re.match(r"The hand ended (.*?); the pots hold (\d+) in all \((.*?)\)", line):
            early = m[1] in ("before the flop", "on the first betting round")
            pots = [int(p) for p in m[3].split(", ")]
        if line.startswith("House rake:") and "none" not in line:
            enabled = True
            m = re.search(r"House rake: ([\d.]+)% (on each pot|on the whole hand), rounded "
                          r"down to (\d+), (?:capped at (\d+)|no cap|capped by stakes .*?: "
                          r"(.*?), (\d+) above), (no flop, no drop|raked even without a flop)",
                          line)
            assert m, line
            percent = Decimal(m[1])
            per_pot = m[2] == "on each pot"
            step = int(m[3])
            cap = int(m[4]) if m[4] else None
            if m[5]:  # RAKE-RATE caps by stakes: the band of the big blind (or small bet)
                big = table.big or table.limits[0]
                bands = sorted((int(bb), int(c)) for c, bb in
                               re.findall(r"(\d+) up to a big blind of (\d+)", m[5]))
                cap = next((c for bb, c in bands if big <= bb), int(m[6]))
            nfnd = m[7] == "no flop, no drop"
    if not enabled or (nfnd and early):
        return 0
    bases = pots if per_pot else [sum(pots)]
    total = 0
    for amount in bases:
        rake = int(Decimal(amount) * percent / 100) // step * step
        total += min(rake, cap) if cap is not None else rake
    return total


# -- stud: bring-in and first to act --------------------------------------------------------

def answer_of_bring_in(drill: Drill) -> int:
    lines = lines_of(drill)
    table = read_table(lines)
    up = {int(m[1]): parse_cards(m[2])[-1] for line in lines
          if (m := re.match(_SEAT + r" shows (.*?)\.$", line))}
    seat = bring_in_seat(table.game, up)
    if table.stacks and table.stacks.get(seat, 1) <= table.ante:
        # IRR-ST-ALLIN-LOW: the low card is all in with the ante; the seat to its left acts
        order = sorted(up)
        k = order.index(seat)
        seat = next(order[(k + j) % len(order)] for j in range(1, len(order))
                    if table.stacks[order[(k + j) % len(order)]] > table.ante)
    return seat


def answer_of_stud_first(drill: Drill) -> int:
    lines = lines_of(drill)
    table = header(lines[0])
    shows: dict[int, tuple[Card, ...]] = {}
    all_in: set[int] = set()
    for line in lines[1:]:
        if m := re.match(_SEAT + r" shows (.*?)( \(all in\))?\.$", line):
            shows[int(m[1])] = parse_cards(m[2])
            if m[3]:
                all_in.add(int(m[1]))
    return stud_first_actor(table.game, shows, all_in)


# -- draw ------------------------------------------------------------------------------------

def answer_of_draw_first(drill: Drill) -> int:
    lines = lines_of(drill)
    table = header(lines[0])
    opener = 0
    out: set[int] = set()
    for line in lines[1:]:
        if m := re.match(_SEAT + r" opened the betting", line):
            opener = int(m[1])
        if m := re.match(_SEAT + r" (has folded|is all in)", line):
            out.add(int(m[1]))
    n = table.players
    start = opener if table.game.forced is ForcedBets.ANTES_ONLY and opener else 1
    return next((start - 1 + k) % n + 1 for k in range(n) if (start - 1 + k) % n + 1 not in out)


def answer_of_draw_winner(drill: Drill) -> int:
    lines = lines_of(drill)
    game = header(lines[0]).game
    hands = {int(m[1]): parse_cards(m[2]) for line in lines
             if (m := re.match(_SEAT + r" shows (.*?)\.$", line))}
    assert game.low is not None
    strengths = {s: _strength(game.low, h, ()) for s, h in hands.items()}
    winners = _best(strengths, tuple(sorted(hands)))
    assert len(winners) == 1
    return winners[0]


# -- jacks or better -------------------------------------------------------------------------

def answer_of_jb_open(drill: Drill) -> str | int:
    from dealerassist.engine.openers import has_openers

    lines = lines_of(drill)
    for line in lines:
        if m := re.match(_SEAT + r" is to act and holds (.*?)\.$", line):
            return "A" if has_openers(parse_cards(m[2])) else "B"
    final = [parse_cards(m[1]) for line in lines
             if (m := re.match(r"At the showdown Seat \d+ shows (.*?)\.$", line))]
    if final:  # JB-PROVE, JB-SPLIT: the final hand, then the discards kept aside
        kept = [parse_cards(m[1]) for line in lines
                if (m := re.match(r"Seat \d+ threw (.*?) at the draw and kept them aside", line))]
        if has_openers(final[0]):
            return "A"
        if kept and has_openers(final[0] + kept[0]):
            return "B"
        return "C"
    return carried_pot(lines)


def carried_pot(lines: list[str]) -> int:
    """The pot as deal K begins, from the players, stacks, ante and the house's limit."""
    ante = limit = deals = 0
    stacks: list[int] = []
    for line in lines:
        if m := re.search(r"antes (\d+)", line):
            ante = ante or int(m[1])
        if m := re.search(r"on each of the first (\d+) deals in a row", line):
            limit = int(m[1])
        if "antes on the first deal only" in line:
            limit = 1
        if m := re.match(r"Starting stacks as deal 1 began: (.*)\.", line):
            stacks = [int(c) for _, c in re.findall(r"Seat (\d+) (\d+)", m[1])]
        if m := re.match(r"(\d+) deals in a row were passed out", line):
            deals = int(m[1])
        if line.startswith("The first deal was passed out"):
            deals = 1
    assert ante and limit and stacks and deals, lines
    pot = 0
    for number in range(1, deals + 2):
        # JB-NO-OPEN: everyone antes on each of the first `limit` deals in a row only
        if number > limit:
            continue
        for k, chips in enumerate(stacks):
            paid = min(ante, chips)
            pot += paid
            stacks[k] = chips - paid
        stacks = [c for c in stacks if c > 0]  # all in with the ante: not dealt in again
    return pot


# -- rulings ---------------------------------------------------------------------------------

#: What a trainee reads in a ruling's situation, and the rule it points to (first match).
RULING_CUES: tuple[tuple[str, str], ...] = (
    (r"exposes the (first|second) card of the deal .*?, to seat", "IRR-HE-EXPOSE-FIRST2"),
    (r"^(Hold'em|Omaha), .*exposes seat \d+'s \w+ hole card", "IRR-HE-EXPOSE-OTHER"),
    (r"^(Hold'em|Omaha), .*exposes two hole cards", "IRR-HE-EXPOSE-2"),
    (r"gives seat 1 a third card", "IRR-HE-EXTRA-1"),
    (r"(deals two more cards|gives seat 1 two more cards)", "IRR-HE-EXTRA-2"),
    (r"flop of four cards", "IRR-FLOP-COUNT"),
    (r"the flop \(.*\) is turned before", "IRR-FLOP-EARLY"),
    (r"the turn card \(.*\) is shown before", "IRR-TURN-EARLY"),
    (r"the river card \(.*\) is shown before", "IRR-RIVER-EARLY"),
    (r"down card \(.*\) is dealt face up", "IRR-ST-HOLE-UP"),
    (r"is away from the table", "IRR-ST-ABSENT"),
    (r"folds his hand although nobody has bet", "IRR-ST-FOLD-NOBET"),
    (r"shows the lowest card, .*, but went all in with the ante", "IRR-ST-ALLIN-LOW"),
    (r"brought in \d+, but seat \d+ shows the lower card", "IRR-ST-WRONG-LOW"),
    (r"^(2-7|A-5|Five-card draw).*(card of the deal|cards of the deal|went to seat|"
     r"empty seat).*no player has acted", "IRR-LB-MISDEAL"),
    (r"before the draw the dealer exposes .*not one of the first two", "IRR-DR-EXPOSED"),
    (r"during the draw a card dealt to seat", "IRR-DR-DRAW-EXPOSED"),
    (r"before the first draw seat \d+ finds only four cards", "IRR-DR-SHORT"),
    (r"after the draw seat \d+ is found holding", "IRR-DR-FOUL"),
    (r"opened for \d+; before the draw he shows .* no openers", "IRR-JB-FALSE"),
    (r"opened for \d+ and .*(raised to \d+|called); after the draw the opener.s hand is "
     r"found foul", "IRR-JB-PLAYED"),
    (r"opened all in for \d+, declaring openers", "IRR-JB-ALLIN-FALSE"),
    (r"cap of \d+ bets\), \d+ players in: seat \d+ puts in another raise", "IRR-CAPPED"),
    (r"the pot allows a raise to \d+; seat \d+ puts out \d+", "IRR-OVERBET-PL"),
    (r"puts out \d+, below the minimum \d+", "IRR-UNDERRAISE"),
    (r"before seat \d+, whose turn it was, has acted", "IRR-OUT-OF-TURN"),
    (r"The camera reads (\w+) on the \w+; \1 is already", "IRR-DECK"),
    (r"sees the button at seat \d+; it should be at seat \d+", "IRR-BUTTON"),
)


def ruling_rule_of(drill: Drill) -> str:
    """The rule a trainee recognises in the situation (exactly one cue must match)."""
    text = drill.situation[0].en
    matched = [rule for cue, rule in RULING_CUES if re.search(cue, text)]
    assert len(matched) == 1, (text, matched)
    return matched[0]


# -- table kinds: first to act, show order, button --------------------------------------------

def _seats_out(lines: list[str]) -> set[int]:
    return {int(m[1]) for line in lines
            if (m := re.match(_SEAT + r" (has folded|is all in)\.", line))}


def answer_of_first_to_act(drill: Drill) -> int:
    lines = lines_of(drill)
    table = header(lines[0])
    n = table.players
    out = _seats_out(lines)
    index = next(i for line in lines[1:] if (i := _round_index(line, table.game)) is not None)
    if index == 0:
        start = n if n == 2 else 3 % n or n  # BET-HEADSUP: the button; else left of the BB
    else:
        start = 1
    return next(s for k in range(n) if (s := (start - 1 + k) % n + 1) not in out)


def answer_of_show_order(drill: Drill) -> int:
    lines = lines_of(drill)
    still = [int(s) for s in re.search(r"seats ([\d, ]+)\.", lines[1])[1].split(", ")]
    bettors = [int(m[1]) for line in lines if (m := re.match(_SEAT + r" (bets|raises to) ", line))]
    if bettors:
        return bettors[-1]
    assert "first player left of the button" in " ".join(lines)
    return min(still)


def answer_of_button(drill: Drill) -> int:
    lines = lines_of(drill)
    m = re.search(r"players in seats ([\d, ]+); button seat (\d+), small blind seat (\w+), "
                  r"big blind seat (\d+)", lines[1])
    assert m, lines
    playing = {int(s) for s in m[1].split(", ")}
    button = int(m[2])
    waiting: set[int] = set()
    posting: set[int] = set()
    for line in lines[2:]:
        if g := re.match(r"Seat (\d+) busts", line):
            playing.discard(int(g[1]))
        if g := re.match(r"A new player sits down in seat (\d+) and (posts|waits)", line):
            waiting.add(int(g[1]))
            if g[2] == "posts":
                posting.add(int(g[1]))
    if len(playing) <= 2:  # nobody waits for a blind order with fewer than three players
        playing |= waiting
        waiting, posting = set(), set()

    def after(seats: set[int], seat: int) -> int:
        return next(s for k in range(1, 10) if (s := (seat - 1 + k) % 9 + 1) in seats)

    new_button = after(playing, button)
    if len(playing | posting) == 2:  # BET-HEADSUP: the button posts the small blind
        small, big = new_button, after((playing | posting) - {new_button}, new_button)
    else:
        small = after(playing - {new_button}, new_button)
        big = after((playing | waiting) - {new_button, small}, small)
    question = drill.question.en
    if "button" in question:
        return new_button
    return small if "small blind" in question else big


# -- counting kinds: change and colouring up, finishing order ----------------------------------

_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def answer_of_change(drill: Drill) -> int:
    text = drill.situation[0].en
    if m := re.search(r"must put in (\d+) to call and puts out (.*)\.$", text):
        paid = sum((_COUNT_WORDS.get(k) or int(k)) * int(v)
                   for k, v in re.findall(r"(\w+) (\d+) chips?", m[2]))
        return paid - int(m[1])
    m = re.search(r"has (\d+) chips of (\d+) and asks to colour up into (\d+) chips", text)
    assert m, text
    return int(m[1]) * int(m[2]) // int(m[3])


def answer_of_finish_order(drill: Drill) -> int:
    text = drill.situation[0].en
    left = int(re.search(r"(\d+) players are left", text)[1])
    chips = {int(s): int(c) for s, c in re.findall(r"seat (\d+) \((\d+)\)", text)}
    asked = int(re.search(r"seat (\d+) finish", drill.question.en)[1])
    below = sum(1 for c in chips.values() if c < chips[asked])
    return left - below


# -- fixed limit: open pair, is this raise legal -----------------------------------------------

def answer_of_open_pair(drill: Drill) -> int:
    rnd = read_round(lines_of(drill))
    small, big = rnd.table.limits
    paired = any(len({c.rank for c in cards}) < len(cards) for cards in rnd.shows.values())
    return min(big if paired else small, rnd.behind)


def answer_of_limit_raise(drill: Drill) -> str:
    lines = lines_of(drill)
    rnd = read_round(lines)
    house = next(line for line in lines if line.startswith("House:"))
    cap_m = re.search(r"a cap of (\d+) bets", house)
    cap = int(cap_m[1]) if cap_m else None
    lifted = "lifted heads-up" in house
    half = "half a bet or more reopens" in house
    still = [int(s) for s in re.search(r"Still in the hand: seats ([\d, ]+)\.",
                                       " ".join(lines))[1].split(", ")]
    wanted = int(re.search(r"wants to raise to (\d+)", drill.question.en)[1])
    size = _bet_size(rnd)
    blinds = rnd.index == 0 and "big blind is the bet" in house and rnd.table.big > 0
    raises = [a for a in rnd.actions if a[1] in ("bets", "raises to", "completes to")]
    count = len(raises) + (1 if blinds else 0)
    if cap is not None and not (lifted and len(still) <= 2) and count >= cap:
        return "B"
    mine = [k for k, a in enumerate(rnd.actions) if a[0] == rnd.actor
            and a[1] in ("calls", "checks", "bets", "raises to", "completes to")]
    if mine:
        top = rnd.actions[mine[-1]][2]
        reopened = False
        for _seat, verb, to, all_in in rnd.actions[mine[-1] + 1:]:
            if verb not in ("bets", "raises to", "completes to"):
                continue
            increase = to - top
            completes = top < size <= to  # ST-COMPLETE: completing the bring-in is a full bet
            if increase >= size or completes or (all_in and half and 2 * increase >= size):
                reopened = True
            top = max(top, to)
        if not reopened:
            return "D"
    top = max(rnd.front.values(), default=0)
    legal = min(rnd.own + rnd.behind, top + size)
    if not raises and any(a[1] == "brings in" for a in rnd.actions):
        legal = min(rnd.own + rnd.behind, size)  # ST-COMPLETE: the bring-in completed
    return "A" if wanted == legal else "C"


def answer_of_ruling(drill: Drill) -> str:
    """The letter of the catalogue's ruling for the rule read from the situation."""
    from dealerassist.rules import default_rules
    from dealerassist.trainer.ruling_drills import ruling_for

    ruling = ruling_for(ruling_rule_of(drill), default_rules())
    letters = [c.letter for c in drill.choices if c.text == ruling]
    assert len(letters) == 1
    return letters[0]
