"""Resolving a movement phase: Kruijswijk's guess-and-check algorithm with a backup rule.

Every unit's order is one yes/no decision, keyed by the unit's province: a move *succeeds*, a support is
*given* (neither cut nor dislodged), a convoy *holds* (its fleet is not dislodged).  ``resolve`` adjudicates a
decision from the others ("The Math of Adjudication", L. B. Kruijswijk).  A decision met again while it is
being adjudicated gets a guess, first "fails"; if its own adjudication then depended on that guess, it is
adjudicated again with "succeeds".  One consistent answer: that is the result.  None or two: the cycle is a
paradox, settled by the backup rule — a circular movement all moves, a cycle through a convoy is broken by
the Szykman rule (the convoys in it fail, so the armies they carry neither move nor cut support).  As in
godip's resolver, results are kept only once no guess is outstanding, so nothing computed under a guess
outlives it.

The strengths are those of the DATC (section 5.B): attack, hold, defend and prevent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .board import SEA_NEIGHBOURS, Power, Province

HOLD, MOVE, SUPPORT, CONVOY = range(4)


def sea_chain(start: Province, end: Province, fleets: set[Province],
              sails: Callable[[Province], bool] = lambda sea: True) -> bool:
    """Whether these fleets at sea join the two coasts, counting only the fleets that ``sails`` keeps
    (the resolver's: those not dislodged). ``sails`` is asked in the order the search reaches the fleets."""
    goal = SEA_NEIGHBOURS[end]
    frontier = [s for s in SEA_NEIGHBOURS[start] if s in fleets]
    seen = set(frontier)
    while frontier:
        sea = frontier.pop()
        if not sails(sea):
            continue
        if sea in goal:
            return True
        for nxt in SEA_NEIGHBOURS[sea]:
            if nxt in fleets and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return False


class Resolver:
    """The orders of one movement phase (given) and the decisions being computed.

    ``kind[p]`` is the order of the unit in province ``p`` (HOLD, MOVE, SUPPORT, CONVOY; void orders are
    holds).  For a move ``dest[p]`` is the province entered and ``p in convoyed`` when it goes by convoy; for a
    support or convoy ``aim[p]`` is the province the support or convoy is aimed at (a support is not cut by
    an attack from there).  ``moves_into``, ``supports`` (per mover), ``hold_supports`` and ``convoys`` (per
    army) hold only the orders that match what the supported or convoyed unit was ordered to do.
    """

    __slots__ = (
        "power", "kind", "dest", "convoyed", "aim", "moves_into", "supports", "hold_supports", "convoys",
        "result", "guesses", "resolving", "deps", "paradox", "paths",
    )  # fmt: skip

    def __init__(self, power: dict[Province, Power]) -> None:
        self.power = power
        self.kind: dict[Province, int] = dict.fromkeys(power, HOLD)
        self.dest: dict[Province, Province] = {}
        self.convoyed: set[Province] = set()
        self.aim: dict[Province, Province] = {}
        self.moves_into: dict[Province, list[Province]] = {}
        self.supports: dict[Province, list[Province]] = {}
        self.hold_supports: dict[Province, list[Province]] = {}
        self.convoys: dict[Province, set[Province]] = {}
        self.result: dict[Province, bool] = {}
        self.guesses: dict[Province, bool] = {}
        self.resolving: set[Province] = set()
        self.deps: list[Province] = []
        self.paradox: set[Province] = set()
        self.paths: dict[Province, bool] = {}

    # -- the guess-and-check loop -------------------------------------------------------------------

    def resolve(self, p: Province) -> bool:
        """The decision for the order in ``p``.  A decision met again while it is being adjudicated gets a
        guess (first "fails", then "succeeds"); results are kept only once no guess is outstanding."""
        result = self.result.get(p)
        if result is not None:
            return result
        guesses = self.guesses
        guess = guesses.get(p)
        if guess is not None:
            return guess
        deps = self.deps
        resolving = self.resolving
        if p in resolving:
            guesses[p] = False
            deps.append(p)
            return False
        resolving.add(p)
        mark, outstanding = len(deps), len(guesses)
        # Most decisions are moves: call their rule without going through ``adjudicate``.
        is_move = self.kind[p] == MOVE
        first = self._move_succeeds(p) if is_move else self.adjudicate(p)
        resolving.discard(p)
        if p in guesses:
            # The decision depends on itself: try the other guess.
            guesses[p] = True
            second = self._move_succeeds(p) if is_move else self.adjudicate(p)
            del guesses[p]
            if first != second:
                self._backup_rule(set(deps[mark:]))
                del deps[mark:]
                return self.resolve(p)
            # Settled either way.  With a guess still outstanding, this decision and those met inside may
            # belong to a cycle around it: they stay noted for that cycle's backup rule.
            if guesses:
                deps.append(p)
            else:
                del deps[mark:]
        elif len(guesses) != outstanding:
            deps.append(p)
        if not guesses:
            self.result[p] = first
        return first

    def _backup_rule(self, cycle: set[Province]) -> None:
        """Szykman when the cycle goes through a convoy, else circular movement: every move in it succeeds."""
        kind, result = self.kind, self.result
        through_convoy = any(kind[q] == CONVOY for q in cycle)
        for q in cycle:
            if through_convoy and kind[q] == CONVOY:
                result[q] = False
                self.paradox.add(q)
            elif not through_convoy and kind[q] == MOVE:
                result[q] = True

    def adjudicate(self, p: Province) -> bool:
        kind = self.kind[p]
        if kind == MOVE:
            return self._move_succeeds(p)
        if kind == SUPPORT:
            return self._support_given(p)
        if kind == CONVOY:
            return not any(self.resolve(q) for q in self.moves_into.get(p, ()))
        return True

    # -- decisions ------------------------------------------------------------------------------------

    def _move_succeeds(self, p: Province) -> bool:
        d = self.dest[p]
        there = self.kind.get(d)
        convoyed = self.convoyed
        head_to_head = there == MOVE and self.dest[d] == p and p not in convoyed and d not in convoyed
        attack = self.attack_into(p, d, there, head_to_head)
        if attack == 0:
            return False
        if head_to_head:
            if attack <= self.defend_strength(d):
                return False
        elif there is not None and attack <= self.hold_strength(d):
            return False
        for q in self.moves_into[d]:  # noqa: SIM110 (a loop: no generator to make on this hot path)
            if q != p and attack <= self.prevent_strength(q):
                return False
        return True

    def _support_given(self, p: Province) -> bool:
        """"A support is cut if the supporting unit is attacked by another power, even unsuccessfully ...
        an attack coming from the province the support is aimed at does not cut it, unless it dislodges
        the supporting unit." """
        attackers = self.moves_into.get(p)
        if not attackers:
            return True
        power, aim = self.power[p], self.aim[p]
        for q in attackers:
            if self.power[q] != power and q != aim and (q not in self.convoyed or self.path(q)):
                return False
        return not any(self.resolve(q) for q in attackers if q == aim and self.power[q] != power)

    def path(self, p: Province) -> bool:
        """Whether a chain of convoying fleets, none dislodged, carries the army in ``p`` to its destination."""
        known = self.paths.get(p)
        if known is not None:
            return known
        found = self._path(p)
        if not self.guesses:
            self.paths[p] = found
        return found

    def _path(self, p: Province) -> bool:
        fleets = self.convoys.get(p)
        if not fleets:
            return False
        return sea_chain(p, self.dest[p], fleets, self.resolve)

    def head_to_head(self, p: Province) -> bool:
        """Two units moving into each other's province, neither by convoy."""
        d = self.dest[p]
        return (
            self.kind.get(d) == MOVE
            and self.dest[d] == p
            and p not in self.convoyed
            and d not in self.convoyed
        )

    # -- strengths (DATC 5.B) ---------------------------------------------------------------------------

    def given_count(self, supporters: Iterable[Province]) -> int:
        """How many of these supports are given."""
        # Most supports are settled already (nobody attacks them): read those without a call.
        known = self.result.get
        resolve = self.resolve
        count = 0
        for s in supporters:
            given = known(s)
            if given is None:
                given = resolve(s)
            if given:
                count += 1
        return count

    def attack_strength(self, p: Province) -> int:
        d = self.dest[p]
        return self.attack_into(p, d, self.kind.get(d), self.head_to_head(p))

    def attack_into(self, p: Province, d: Province, there: int | None, head_to_head: bool) -> int:
        """The attack strength of the move from ``p`` into ``d`` (``there``: the order's kind in ``d``, None
        when ``d`` is empty), for a caller that knows whether it is a head-to-head battle."""
        if p in self.convoyed and not self.path(p):
            return 0
        supporters = self.supports.get(p)
        if there is not None:
            if there == MOVE and not head_to_head and self.resolve(d):
                return 1 + self.given_count(supporters) if supporters else 1
            # The unit there stays: "You can never dislodge your own unit, nor help it be dislodged."
            power = self.power
            owner = power[d]
            if power[p] == owner:
                return 0
            if not supporters:
                return 1
            return 1 + self.given_count([s for s in supporters if power[s] != owner])
        return 1 + self.given_count(supporters) if supporters else 1

    def hold_strength(self, d: Province) -> int:
        kind = self.kind.get(d)
        if kind is None:
            return 0
        if kind == MOVE:
            return 0 if self.resolve(d) else 1
        supporters = self.hold_supports.get(d)
        return 1 + self.given_count(supporters) if supporters else 1

    def defend_strength(self, d: Province) -> int:
        supporters = self.supports.get(d)
        return 1 + self.given_count(supporters) if supporters else 1

    def prevent_strength(self, q: Province) -> int:
        if q in self.convoyed and not self.path(q):
            return 0
        if self.head_to_head(q) and self.resolve(self.dest[q]):
            return 0
        supporters = self.supports.get(q)
        return 1 + self.given_count(supporters) if supporters else 1
