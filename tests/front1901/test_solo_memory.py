"""The AI's memory: a fixed-size summary (at most 8 KB), and the game state's JSON round trip."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rules.front1901 import CENTRES, POWERS, Phase, legal_movement_orders
from rules.front1901.position import NEIGHBOURS
from rules.front1901.solo.agreements import Agreement
from rules.front1901.solo.game import SoloGame, new_game, submit
from rules.front1901.solo.help import suggest
from rules.front1901.solo.memory import MemberStats, Memory
from rules.front1901.solo.proposals import (
    DEMAND_MOST,
    SPLIT_MOST,
    Alliance,
    Demand,
    Dmz,
    Pact,
    Split,
    SupportRequest,
)
from rules.front1901.solo.random_play import random_adjustment_orders, random_retreat_orders
from rules.front1901.solo.trust import Trust

from .helpers import position

LIMIT = 8 * 1024


def _longest_support() -> str:
    return "F STP/NC S F NWY - STP/NC"


def test_memory_with_every_slot_filled_by_its_longest_entry_fits_in_8_kb() -> None:
    """The worst case the rules allow: every pair of powers in an alliance; between the member and each AI
    a split of the most centres and a dmz each way around the centre with the most neighbours (the AIs make
    splits and zones only with the member); the most support promises a phase can bring (three asked of
    each AI by the member, one asked of the member by each AI); a demand from every AI; a grudge per pair;
    the member's counters at their longest."""
    member = "AUSTRIA"
    year = Phase.parse("F1920M")
    agreements: list[Agreement] = []
    widest = max(sorted(CENTRES), key=lambda c: (len(NEIGHBOURS[c]), c))
    zone = tuple(sorted(NEIGHBOURS[widest]))
    centres = sorted(CENTRES)
    n = 10_000
    for i, a in enumerate(POWERS):
        for b in POWERS[i + 1:]:
            agreements.append(Agreement(n, a, b, Alliance("RUSSIA"), year))
            n += 1
    for ai in POWERS[1:]:
        agreements.append(Agreement(n, member, ai, Split(tuple(centres[:SPLIT_MOST]), tuple(centres[-SPLIT_MOST:])), year))
        agreements.append(Agreement(n + 1, member, ai, Dmz(widest, zone), year))
        agreements.append(Agreement(n + 2, ai, member, Dmz(widest, zone), year))
        agreements.append(Agreement(n + 3, ai, member, Demand(tuple(centres[:DEMAND_MOST])), year))
        agreements += [Agreement(n + 4 + k, member, ai, SupportRequest(_longest_support()), year) for k in range(3)]
        agreements.append(Agreement(n + 7, ai, member, SupportRequest(_longest_support()), year))
        n += 8
    grudges = {a: {b: 1920 for b in POWERS if b != a} for a in POWERS}
    trust = Trust(Trust.fresh().values, Trust.fresh().ceilings, grudges)
    stats = MemberStats({k: 999.999 for k in ("hold", "move", "support", "convoy")}, dict.fromkeys(POWERS, 999.999), 9999, 9999, 9999)
    memory = Memory(trust, tuple(agreements), 99_999, stats)
    assert memory.size() <= LIMIT, memory.size()


def _member_orders(game: SoloGame, rng: random.Random) -> list[str]:
    """The member plays as the normal level would (help's suggestion), retreats and builds at random."""
    position, member = game.position, game.member
    assert member is not None
    step = position.phase.step.value
    if step == "M":
        return [s.order for s in suggest(game)]
    if step == "R":
        return random_retreat_orders(position, member, rng)
    return random_adjustment_orders(position, member, rng)


def test_a_game_to_1920_keeps_the_memory_small_and_the_state_reads_back_equal() -> None:
    """A full game (the member plays on after 18 centres) against the easy level, to 1920."""
    rng = random.Random(5)
    game = new_game(5, "ENGLAND", "easy", "full")
    sizes = []
    while not game.over and game.position.phase.year <= 1920:
        assert SoloGame.from_json(json.loads(json.dumps(game.to_json()))) == game
        sizes.append(game.memory.size())
        game, _ = submit(game, _member_orders(game, rng))
    assert game.position.phase.year > 1920
    assert max(sizes) <= LIMIT


_PROPOSALS = st.one_of(
    st.just(Pact()),
    st.sampled_from(POWERS).map(Alliance),
    st.tuples(st.sets(st.sampled_from(sorted(CENTRES)), min_size=1, max_size=3), st.sets(st.sampled_from(sorted(CENTRES)), min_size=1, max_size=3)).map(
        lambda t: Split(tuple(sorted(t[0])), tuple(sorted(t[1])))
    ),
    st.sampled_from(sorted(CENTRES)).map(lambda c: Dmz(c, tuple(sorted(NEIGHBOURS[c]))[:2])),
    st.sets(st.sampled_from(sorted(CENTRES)), min_size=1, max_size=DEMAND_MOST).map(lambda s: Demand(tuple(sorted(s)))),
)


@st.composite
def memories(draw: st.DrawFn) -> Memory:
    memory = Memory(member=MemberStats())
    start = position({"FRANCE": ["A PAR", "F BRE"], "GERMANY": ["A MUN"], "ENGLAND": ["F NTH"]}, "S1901M")
    legal = [o for os in legal_movement_orders(start).values() for o in os]
    for _ in range(draw(st.integers(0, 12))):
        a, b = draw(st.sampled_from(POWERS)), draw(st.sampled_from(POWERS))
        choice = draw(st.integers(0, 5))
        if choice == 0 and a != b:
            memory, _ = memory.agreed(Agreement(0, a, b, draw(_PROPOSALS), Phase.parse(draw(st.sampled_from(["S1901M", "F1907M"])))))
        elif choice == 1 and a != b:
            memory = Memory(memory.trust.broken(a, b, draw(st.integers(1901, 1920))), memory.agreements, memory.next_id, memory.member)
        elif choice == 2 and a != b:
            memory = Memory(memory.trust.kept(a, b).recover().war(a, b), memory.agreements, memory.next_id, memory.member)
        elif choice == 3 and memory.member is not None:
            orders = draw(st.lists(st.sampled_from(legal), max_size=4))
            stats = memory.member.observe(start, "FRANCE", orders).promise(draw(st.booleans()))
            memory = Memory(memory.trust, memory.agreements, memory.next_id, stats)
        elif choice == 4 and memory.agreements:
            memory = memory.without({memory.agreements[0].id})
    return memory


@settings(max_examples=60, deadline=None)
@given(memories())
def test_memory_json_round_trip(memory: Memory) -> None:
    assert Memory.from_json(json.loads(json.dumps(memory.to_json()))) == memory
