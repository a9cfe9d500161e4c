"""The bot: plays Feint from a seat's view, and only from it.

"The bot never looks at a face-down strength. It reasons from the pool, from the geometry, and from the
fact that a player who pays a Move to charge you usually believes they are winning — which is why it will
stand against a bluff and run from a 4."

The line it plays is the one the rules text describes: "the strong line is therefore to attack the player
who just spent, and the reason to sit at one action a turn is to never be that player." It spends one
Move a turn and keeps one in hand, spends the second only on a charge that pays, charges where the
defender cannot refuse or would be drained by refusing, and breaks any centre hold it sees.

Every method takes a SeatView: the bot cannot cheat, because it is never given anything else.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .battle import FLANK_BY_EDGES
from .commands import Charge, Command, Deploy, EndTurn, Retreat, Stand, Step
from .hexgrid import CENTRE, Cell, distance, edges_apart, neighbours, ring_table
from .legal import may_end_turn
from .state import Phase
from .tokens import STRENGTHS, Token
from .view import SeatView

# Weights of the bot's judgement, in "tokens": a token is worth 2 plus its strength.
TOKEN_BASE_VALUE = 2.0
ADVANCE = 0.45
"""Per ring closer to the centre: the centre is a win condition and where the enemy is met."""
COHESION = 0.35
"""Standing next to a friend earns the defence bonus."""
THREAT = 0.35
"""Share of a token's value at risk next to an enemy likely to beat it (a Move in hand can still run)."""
OPPORTUNITY = 0.25
CENTRE_CELL = 2.0
CENTRE_NEIGHBOUR = 1.2
HOLD = 12.0
"""Completing a centre hold wins unless the table breaks it within a round."""
HOLD_BREAK = 15.0
"""Breaking an enemy's centre hold: otherwise that seat wins at the start of its turn."""
RETREAT_GAIN = 0.5
"""A charge met by a Retreat advances the attacker (per ring gained toward the centre) and drains a Move."""
DRAIN_GAIN = 0.7
"""Extra when the Retreat empties the defender's bank: its next turn passes."""
MOVE_COST = 0.35
REVEAL_COST = 0.3
"""Showing a face-down strength tells the table what the pool still holds."""
SECOND_MOVE_BAR = 1.2
"""A charge must be worth this much to spend the Move the bot keeps in hand."""
NOISE = 0.05


def token_value(strength: float) -> float:
    return TOKEN_BASE_VALUE + strength


@dataclass(frozen=True, slots=True)
class Weighted:
    """One possible attack total and how much the bot believes it."""

    total: int
    weight: float


class Bot:
    """A seat's bot: ``setup``, ``next``, ``defend`` and ``pick``, each returning a command."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 7919 + seat)

    # -- the four questions --------------------------------------------------------------------

    def pick(self, v: SeatView) -> Command:
        """Whatever this seat owes the game now: its deployment, its answer to a charge, or its next command."""
        if v.phase is Phase.DEPLOYMENT and not v.deployed[self.seat - 1]:
            return self.setup(v)
        if v.asked_to_defend:
            return self.defend(v)
        if v.my_turn:
            return self.next(v)
        raise ValueError(f"seat {self.seat} has nothing to answer now")

    def setup(self, v: SeatView) -> Deploy:
        """Fill six of the seven home cells: the gap at random, the front row mostly strong, with a bluff."""
        front = [c for c in v.home if distance(c) < v.radius]
        back = [c for c in v.home if distance(c) == v.radius]
        self.rng.shuffle(front)
        self.rng.shuffle(back)
        cells = (front + back)[: len(STRENGTHS)]
        # Strong tokens lead; a 0 sometimes stands in front, where it reads exactly like a 4.
        forward = [4, 3, 0] if self.rng.random() < 0.35 else [4, 3, 2]
        rest = list(STRENGTHS)
        for s in forward:
            rest.remove(s)
        by_strength: dict[int, list[Cell]] = {}
        for cell, strength in zip(cells, forward + rest, strict=True):
            by_strength.setdefault(strength, []).append(cell)
        return Deploy(self.seat, tuple(by_strength[s].pop() for s in STRENGTHS))

    def defend(self, v: SeatView) -> Retreat | Stand:
        """Stand when the charge is likely a bluff, Retreat when it is likely to win."""
        pending = v.pending
        assert pending is not None and pending.defender_seat == self.seat
        defender = v.tokens[pending.target]
        assert defender.cell is not None and defender.strength is not None
        attackers = [v.tokens[t] for t in pending.tokens]
        defence = defender.strength + self.defence_bonus(v, defender, defender.cell)
        p_lose = loss_chance(attack_totals(v, attackers, defender.cell), defence)
        exits = [n for n in neighbours(defender.cell, v.radius) if n not in v.cells]
        if p_lose < 0.5 or not exits or v.bank(self.seat) < 1:
            return Stand(self.seat)
        return Retreat(self.seat, max(exits, key=lambda c: self.refuge_score(v, defender, c)))

    def next(self, v: SeatView) -> Command:
        """The next command of the bot's turn."""
        bank = v.bank(self.seat)
        can_end = may_end_turn(v)
        if bank < 1:
            return EndTurn(self.seat)
        charges = self.charges(v, bank)
        best_charge = max(charges, key=lambda x: x[0], default=None)
        if can_end:
            # A Move spent now leaves none in hand: only a charge that pays, or a winning hold, is worth it.
            if best_charge is not None and best_charge[0] >= SECOND_MOVE_BAR:
                return best_charge[1]
            if self.hold_within_a_step(v):
                best_step = max(self.steps(v), key=lambda x: x[0], default=None)
                if best_step is not None and best_step[0] >= HOLD / 2:
                    return best_step[1]
            return EndTurn(self.seat)
        options = [*charges, *self.steps(v)]
        if not options:
            return EndTurn(self.seat)
        return max(options, key=lambda x: x[0])[1]

    # -- charges -------------------------------------------------------------------------------

    def charges(self, v: SeatView, bank: int) -> list[tuple[float, Command]]:
        """Every charge the bot could make now, with its worth."""
        found: list[tuple[float, Command]] = []
        in_contact: dict[str, list[Token]] = {}
        for t in v.alive(self.seat):
            assert t.cell is not None
            for n in neighbours(t.cell, v.radius):
                tid = v.cells.get(n)
                if tid is not None and v.tokens[tid].seat != self.seat:
                    in_contact.setdefault(tid, []).append(t)
        whole_turn = v.spent == 0 and bank >= 2
        for tid, attackers in in_contact.items():
            target = v.tokens[tid]
            for a in attackers:
                found.append((self.charge_value(v, [a], target), Charge(self.seat, (a.id,), tid)))
            if whole_turn:
                for i, a in enumerate(attackers):
                    for b in attackers[i + 1 :]:
                        walker = walker_of([a, b])
                        found.append(
                            (
                                self.charge_value(v, [a, b], target),
                                Charge(self.seat, (a.id, b.id), tid, walk_in=walker.id),
                            )
                        )
        return found

    def charge_value(self, v: SeatView, attackers: list[Token], target: Token) -> float:
        """Expected worth of a charge over what the target can still be.

        For each strength the pool leaves it, the defender is expected to play as this bot would: Retreat
        when it reads the charge as a likely win for us (and can), stand otherwise.
        """
        assert target.cell is not None
        cells = [a.cell for a in attackers if a.cell is not None]
        flank = flank_of(target.cell, cells)
        bonus = self.defence_bonus(v, target, target.cell)
        ours = sum(a.strength or 0 for a in attackers) + flank
        seen_by_them = attack_totals(v, attackers, target.cell)
        defender_bank = v.bank(target.seat)
        can_retreat = defender_bank >= 1 and any(n not in v.cells for n in neighbours(target.cell, v.radius))
        values = [target.strength] if target.strength is not None else list(v.pool(target.seat))
        committed = sum(token_value(a.strength or 0) for a in attackers)
        reveal = REVEAL_COST * sum(1 for a in attackers if not a.revealed)
        walker = walker_of(attackers)
        assert walker.cell is not None
        advance = RETREAT_GAIN * (distance(walker.cell) - distance(target.cell))
        worth = 0.0
        read: dict[int, float] = {}
        for s in values:
            defence = s + bonus
            if defence not in read:
                read[defence] = loss_chance(seen_by_them, defence)
            if can_retreat and read[defence] >= 0.5:
                worth += advance + (DRAIN_GAIN if defender_bank == 1 else 0.0)
            elif ours > defence:
                worth += token_value(s) - reveal
            else:
                worth -= committed + reveal
        worth /= len(values)
        if self.holds(v, target.seat) and (target.cell == CENTRE or distance(target.cell) == 1):
            worth += HOLD_BREAK
        return worth - MOVE_COST * len(attackers) + self.rng.random() * NOISE

    # -- steps ---------------------------------------------------------------------------------

    def steps(self, v: SeatView) -> list[tuple[float, Command]]:
        """Every single step, scored by what it changes for the moving token (the bot never two-steps:
        it keeps a Move in hand)."""
        found: list[tuple[float, Command]] = []
        rings = ring_table(v.radius)
        centre, ring = self.centre_count(v)
        before = centre_worth(centre, ring)
        places: dict[Cell, tuple[int, list[Token]]] = {}
        strengths: dict[str, Sequence[int]] = {}
        for t in v.alive(self.seat):
            assert t.cell is not None
            here = self.place_score(v, t, t.cell, t.cell, rings, places, strengths)
            frm_ring = rings[t.cell] == 1
            for n in neighbours(t.cell, v.radius):
                if n in v.cells:
                    continue
                gain = self.place_score(v, t, n, t.cell, rings, places, strengths) - here
                after_centre = (centre and t.cell != CENTRE) or n == CENTRE
                gain += centre_worth(after_centre, ring - frm_ring + (rings[n] == 1)) - before
                found.append((gain + self.rng.random() * NOISE, Step(self.seat, t.id, n)))
        return found

    def surroundings(self, v: SeatView, cell: Cell) -> tuple[int, list[Token]]:
        """The bot's tokens around ``cell`` (a count) and the enemy tokens there."""
        friends = 0
        enemies: list[Token] = []
        for n in neighbours(cell, v.radius):
            tid = v.cells.get(n)
            if tid is not None:
                other = v.tokens[tid]
                if other.seat == self.seat:
                    friends += 1
                else:
                    enemies.append(other)
        return friends, enemies

    def place_score(
        self,
        v: SeatView,
        t: Token,
        cell: Cell,
        leaving: Cell,
        rings: dict[Cell, int],
        places: dict[Cell, tuple[int, list[Token]]],
        strengths: dict[str, Sequence[int]],
    ) -> float:
        """How good ``cell`` is for token ``t`` (which stands at ``leaving`` now)."""
        strength = t.strength or 0
        score = -ADVANCE * rings[cell]
        around = places.get(cell)
        if around is None:
            around = places[cell] = self.surroundings(v, cell)
        friends, enemies = around
        if cell != leaving:
            friends -= 1  # the token itself counts around its destination, which it is about to leave for
        if friends:
            score += COHESION
        defence = strength + (1 if friends else 0)
        for e in enemies:
            dist = strengths.get(e.id)
            if dist is None:
                dist = strengths[e.id] = self.strengths_of(v, e)
            beaten = 0
            beats = 0
            for s in dist:
                beaten += s > defence
                beats += strength > s
            score += (OPPORTUNITY * beats - THREAT * beaten * token_value(strength)) / len(dist)
        return score

    def hold_within_a_step(self, v: SeatView) -> bool:
        """Whether one step could leave the bot holding the centre and two of its neighbours."""
        centre, ring = self.centre_count(v)
        if centre:
            return ring >= 1
        # Every cell next to the centre is one of its neighbours: stepping in costs the ring one token.
        return CENTRE not in v.cells and ring >= 3

    def centre_count(self, v: SeatView) -> tuple[bool, int]:
        """Whether the bot holds the centre, and how many of the centre's neighbours it holds."""
        on_centre = v.cells.get(CENTRE)
        mine = on_centre is not None and v.tokens[on_centre].seat == self.seat
        ring = sum(
            1
            for n in neighbours(CENTRE, v.radius)
            if (tid := v.cells.get(n)) is not None and v.tokens[tid].seat == self.seat
        )
        return mine, ring

    # -- reading the board ---------------------------------------------------------------------

    def strengths_of(self, v: SeatView, t: Token) -> Sequence[int]:
        """What a token can be: its strength if the bot sees it, else its seat's remaining pool."""
        if t.strength is not None:
            return (t.strength,)
        return v.pool(t.seat) or (0,)

    def defence_bonus(self, v: SeatView, t: Token, cell: Cell) -> int:
        for n in neighbours(cell, v.radius):
            tid = v.cells.get(n)
            if tid is not None and tid != t.id and v.tokens[tid].seat == t.seat:
                return 1
        return 0

    def holds(self, v: SeatView, seat: int) -> bool:
        """Whether ``seat`` holds the centre and two of its neighbours right now."""
        on_centre = v.cells.get(CENTRE)
        if on_centre is None or v.tokens[on_centre].seat != seat:
            return False
        ring = sum(
            1 for n in neighbours(CENTRE, v.radius) if (tid := v.cells.get(n)) is not None and v.tokens[tid].seat == seat
        )
        return ring >= 2

    def refuge_score(self, v: SeatView, t: Token, cell: Cell) -> float:
        """Where a retreating token is safest: next to friends, away from enemies, nearer home."""
        assert t.cell is not None
        score = 0.0
        for n in neighbours(cell, v.radius):
            if n == t.cell:
                score -= 1.0  # the attacker walks into the cell given up
                continue
            tid = v.cells.get(n)
            if tid is not None:
                score += 1.0 if v.tokens[tid].seat == self.seat else -1.0
        return score + self.rng.random() * NOISE


def walker_of(attackers: Sequence[Token]) -> Token:
    """The attacker that walks in: the stronger, which is the better one to stand in contested ground."""
    return max(attackers, key=lambda a: a.strength or 0)


def centre_worth(centre: bool, ring: int) -> float:
    if not centre:
        return CENTRE_NEIGHBOUR * min(ring, 2) * 0.5
    return CENTRE_CELL + CENTRE_NEIGHBOUR * min(ring, 2) + (HOLD if ring >= 2 else 0.0)


def flank_of(defender: Cell, attackers: Sequence[Cell]) -> int:
    if len(attackers) < 2:
        return 0
    return FLANK_BY_EDGES[edges_apart(defender, attackers[0], attackers[1])]


def attack_totals(v: SeatView, attackers: Sequence[Token], defender: Cell) -> list[Weighted]:
    """The attack totals the public can believe, from the attackers' revealed strengths or their pool.

    "A player who pays a Move to charge you usually believes they are winning": each total is weighted
    by 1 + its strength, so a charge reads as stronger than the bare pool says.
    """
    flank = flank_of(defender, [a.cell for a in attackers if a.cell is not None])
    known = sum(a.strength for a in attackers if a.revealed and a.strength is not None)
    hidden = [a for a in attackers if not a.revealed]
    pool = list(v.pool(attackers[0].seat)) or [0]
    draws: list[int]
    if not hidden:
        draws = [0]
    elif len(hidden) == 1:
        draws = pool
    else:
        draws = [x + y for i, x in enumerate(pool) for j, y in enumerate(pool) if i != j] or [2 * pool[0]]
    return [Weighted(known + d + flank, 1.0 + known + d) for d in draws]


def loss_chance(totals: Sequence[Weighted], defence: int) -> float:
    """The believed chance that an attack beats ``defence`` (higher total wins; ties to the defender)."""
    weight = sum(w.weight for w in totals)
    return sum(w.weight for w in totals if w.total > defence) / weight
