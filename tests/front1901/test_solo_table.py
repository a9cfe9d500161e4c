"""A table: the solo game's AI beside several members (``rules.front1901.solo.new_table``).

Each AI power keeps trust in every power, stands against whoever leads, writes to every member and answers
any of them; nobody reads a message they were not sent; a seat passes to an AI power and back with its
agreements; draws, concessions and ranks.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.front1901 import POWERS, legal_adjustment_orders, legal_movement_orders, legal_retreat_orders
from rules.front1901.position import Step
from rules.front1901.solo import (
    Demand,
    Message,
    MessageKind,
    SoloError,
    SoloGame,
    ai_orders,
    ai_votes_draw,
    has_orders,
    inbox,
    new_table,
    offer,
    propose,
    ranking,
    reclaim,
    reply,
    say,
    settle,
    submit,
    to_ai,
    trust_in_member,
    winners,
)
from rules.front1901.solo.game import open_phase
from rules.front1901.solo.judge import VerdictKind
from rules.front1901.solo.memory import MemberStats, Memory
from rules.front1901.solo.press import Status
from rules.front1901.solo.trust import WAR

from .solo_helpers import game_at

MEMBERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY")


def _orders(game: SoloGame, power: str, rng: random.Random) -> list[str]:
    """Random legal orders for a member's power in the open phase."""
    position = game.position
    step = position.phase.step
    if step is Step.MOVEMENT:
        legal = legal_movement_orders(position)
        return [rng.choice(legal[p]) for p, u in sorted(position.units.items()) if u.power == power]
    if step is Step.RETREAT:
        legal = legal_retreat_orders(position)
        return [rng.choice(legal[p]) for p, d in sorted(position.dislodged.items()) if d.unit.power == power]
    options = legal_adjustment_orders(position).get(power, [])
    return options[:1]


def _play_to(game: SoloGame, year: int, seed: int = 0) -> SoloGame:
    rng = random.Random(seed)
    while not game.over and game.position.phase.year <= year:
        given = {p: _orders(game, p, rng) for p in game.members if has_orders(game, p)}
        game, _ = submit(game, given)
    return game


def test_a_table_of_four_members_and_three_ai_plays_through_1902_and_round_trips() -> None:
    game = new_table(5, MEMBERS, "normal", "short")
    assert game.members == MEMBERS and set(game.levels) == {"ITALY", "RUSSIA", "TURKEY"}
    game = _play_to(game, 1902)
    assert str(game.position.phase).endswith("1903M")
    assert SoloGame.from_json(game.to_json()) == game
    assert set(game.memory.members) == set(MEMBERS)
    assert all(game.memory.members[p].phases == 4 for p in MEMBERS)  # four movement phases observed each


def test_the_ai_writes_to_every_member_and_answers_any_of_them() -> None:
    game = new_table(3, MEMBERS, "normal")
    written_to = {m.recipient for m in game.messages if m.kind is MessageKind.PROPOSAL and m.sender in game.levels}
    assert written_to & set(MEMBERS)
    for member in MEMBERS:
        game, answer = propose(game, "ITALY", {"kind": "pact"}, power=member)
        assert answer.accepted in (True, False)
    assert trust_in_member(game, "FRANCE") == {"ITALY": 50, "RUSSIA": 50, "TURKEY": 50}


def test_members_propose_to_each_other_and_the_recipient_alone_answers() -> None:
    game = new_table(1, MEMBERS, "easy")
    game = offer(game, "FRANCE", "GERMANY", {"kind": "pact"})
    [sent] = [m for m in game.messages if m.sender == "FRANCE" and m.recipient == "GERMANY"]
    with pytest.raises(SoloError):
        reply(game, sent.id, True, power="ENGLAND")
    game = reply(game, sent.id, True, power="GERMANY")
    [pact] = [a for a in game.memory.agreements if set(a.parties) == {"FRANCE", "GERMANY"}]
    assert pact.kind == "pact"


def test_nobody_reads_a_message_between_two_others_nor_learns_of_it_from_the_ids() -> None:
    base = new_table(2, MEMBERS, "normal")
    one = say(say(base, "FRANCE", "GERMANY", "Let us take Belgium together."), "FRANCE", None, "Hello all")
    other = say(say(base, "FRANCE", "GERMANY", "Nothing."), "FRANCE", None, "Hello all")
    assert [m.to_json() for m in inbox(one, "ENGLAND")] == [m.to_json() for m in inbox(other, "ENGLAND")]
    assert not any(m.kind is MessageKind.TEXT and m.recipient == "GERMANY" for m in inbox(one, "ENGLAND"))
    assert any(m.text == "Let us take Belgium together." for m in inbox(one, "GERMANY"))
    # A private message between two others shifts no id the third member sees.
    plain = say(base, "FRANCE", None, "Hello all")
    assert [m.id for m in inbox(plain, "ENGLAND")] == [m.id for m in inbox(one, "ENGLAND")]
    # The AI decide from the game, and no member's text reaches them: the same orders.
    assert ai_orders(one) == ai_orders(other)


def test_texts_have_a_length_limit_and_gunboat_has_no_messages() -> None:
    game = new_table(2, MEMBERS, "normal")
    with pytest.raises(SoloError) as error:
        say(game, "FRANCE", "GERMANY", "x" * 1001)
    assert (error.value.field, error.value.rule) == ("text", "length")
    gunboat = new_table(2, MEMBERS, "normal", gunboat=True)
    assert gunboat.messages == ()
    with pytest.raises(SoloError) as error:
        say(gunboat, "FRANCE", None, "hi")
    assert error.value.rule == "gunboat"
    with pytest.raises(SoloError):
        propose(gunboat, "ITALY", {"kind": "pact"}, power="FRANCE")


def test_the_coalition_stands_against_an_ai_power_that_leads() -> None:
    units = {"FRANCE": ["A BUR"], "GERMANY": ["A MUN"], "ITALY": ["A VEN"], "ENGLAND": ["F LON"]}
    centres = {"GERMANY": ["MUN", "BER", "KIE", "HOL", "BEL", "DEN", "SWE", "NWY", "WAR"],
               "FRANCE": ["PAR", "BRE", "MAR"], "ITALY": ["VEN", "ROM", "NAP"], "ENGLAND": ["LON", "EDI", "LVP"]}
    solo = game_at(units, "S1905M", centres, member="FRANCE")
    table = replace(solo, member=None, table=True, seated=("FRANCE",),
                    levels={p: lvl for p, lvl in solo.levels.items()},
                    memory=Memory(solo.memory.trust, (), 1, None, {"FRANCE": MemberStats()}))
    opened = open_phase(table, ())
    assert opened.against == "GERMANY"
    assert "GERMANY" not in opened.coalition and {"ITALY", "ENGLAND"} <= set(opened.coalition)
    [news] = [m for m in opened.messages if m.text.startswith("Coalition")]
    assert news.recipient is None and "against Germany" in news.text
    assert not open_phase(solo, ()).coalition  # the solo game's coalition stands against its member alone


def test_a_seat_passed_to_an_ai_keeps_its_agreements_and_trust_and_is_reclaimed() -> None:
    game = new_table(4, MEMBERS, "normal")
    game = offer(game, "FRANCE", "ENGLAND", {"kind": "pact"})
    [sent] = [m for m in game.messages if m.sender == "FRANCE" and m.recipient == "ENGLAND"]
    game = reply(game, sent.id, True, power="ENGLAND")
    passed = to_ai(game, "ENGLAND", "normal")
    assert "ENGLAND" not in passed.members and "ENGLAND" in passed.levels
    assert [a.parties for a in passed.memory.agreements if "ENGLAND" in a.parties] == [("FRANCE", "ENGLAND")]
    assert passed.memory.trust == game.memory.trust
    assert "ENGLAND" in ai_orders(passed)
    back = reclaim(passed, "ENGLAND")
    assert back.members == MEMBERS and "ENGLAND" not in back.levels
    assert back.memory.agreements == passed.memory.agreements


def test_draw_votes_concession_and_shared_ranks() -> None:
    game = new_table(1, MEMBERS, "normal")
    assert ai_votes_draw(game)
    drawn = settle(game, "draw")
    assert drawn.over and winners(drawn) == POWERS
    conceded = settle(game, "concession", "TURKEY")
    assert winners(conceded) == ("TURKEY",) and ranking(conceded)["TURKEY"] == 1
    ranks = ranking(game)
    assert ranks["RUSSIA"] == 1 and ranks["FRANCE"] == ranks["ENGLAND"] == 2  # 4, then 3 centres each
    units = {"TURKEY": ["A CON"], "FRANCE": ["A PAR"]}
    strong = {"TURKEY": ["CON", "ANK", "SMY", "BUL", "GRE", "SER", "RUM", "SEV", "MOS", "WAR", "BUD", "VIE"],
              "FRANCE": ["PAR"]}
    big = replace(game, position=game_at(units, "S1906M", strong).position)
    assert not ai_votes_draw(big)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_each_memory_stays_bounded_and_the_ai_never_read_a_members_orders(seed: int) -> None:
    game = _play_to(new_table(seed, MEMBERS, "easy"), 1902, seed)
    assert game.memory.size() <= 8192
    assert SoloGame.from_json(game.to_json()) == game


def test_an_answer_changes_the_proposal_answered_and_no_other() -> None:
    """Message ids are numbered per channel, so a message is found by its id, never by its place."""
    from rules.front1901.solo import new_game

    game = new_game(0, "FRANCE", "normal")
    open_to_me = [m for m in game.messages if m.status is not None and m.status.value == "open"]
    assert open_to_me
    target = open_to_me[-1]
    answered = reply(game, target.id, False)
    changed = [(a, b) for a, b in zip(game.messages, answered.messages, strict=True) if a != b]
    assert [(a.id, b.status.value if b.status else None) for a, b in changed] == [(target.id, "declined")]


def test_a_private_pact_between_two_members_broken_teaches_no_ai_power() -> None:
    """An AI power reads its power's view: a pact between two members is in neither of the AIs' views, so
    its break moves the victim's trust alone, and no AI's model of the breaker."""
    from .helpers import position as make_position

    game = new_table(2, MEMBERS, "normal")
    units = {"AUSTRIA": ["A VIE"], "ENGLAND": ["F LON"], "FRANCE": ["A BUR"], "GERMANY": ["A MUN"],
             "ITALY": ["A VEN"], "RUSSIA": ["A MOS"], "TURKEY": ["A CON"]}
    game = open_phase(replace(game, position=make_position(units, "S1901M")))
    game = offer(game, "FRANCE", "GERMANY", {"kind": "pact"})
    [sent] = [m for m in game.messages if m.sender == "FRANCE" and m.recipient == "GERMANY"]
    game = reply(game, sent.id, True, power="GERMANY")
    before = trust_in_member(game, "FRANCE")
    stats_before = game.memory.members["FRANCE"]
    after, [record] = submit(game, {"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN H"], "AUSTRIA": ["A VIE H"],
                                    "ENGLAND": ["F LON H"]})
    assert [v.outcome.value for v in record.verdicts if set(v.agreement.parties) == {"FRANCE", "GERMANY"}] \
        == ["broken"]
    assert trust_in_member(after, "FRANCE") == before
    assert after.memory.members["FRANCE"].broken == stats_before.broken
    assert after.memory.trust.of("GERMANY", "FRANCE") < game.memory.trust.of("GERMANY", "FRANCE")


def _table_at(units: dict[str, list[str]], phase: str, centres: dict[str, list[str]], members: tuple[str, ...]) -> SoloGame:
    """A table at a crafted position: ``members`` seated, the others AI powers at normal."""
    solo = game_at(units, phase, centres)
    return replace(solo, table=True, seated=members, levels={p: lvl for p, lvl in solo.levels.items() if p not in members},
                   memory=Memory(solo.memory.trust, (), 1, None, {m: MemberStats() for m in members}))


_CENTRES = {"AUSTRIA": ["VIE", "BUD", "TRI", "SER"], "ITALY": ["VEN", "ROM", "NAP"], "FRANCE": ["PAR", "BRE", "MAR"],
            "ENGLAND": ["LON", "EDI", "LVP"]}


def _demand_to_italy(game: SoloGame) -> Message:
    [demand] = [m for m in game.messages if m.proposal is not None and m.proposal.kind == "demand" and m.recipient == "ITALY"]
    return demand


def test_an_ai_power_demands_of_another_which_accepts_leaves_and_keeps_it() -> None:
    """"Demands to any power": Austria, threatening Italy from VIE and BUD, demands that it leave TRI; Italy
    answers as it answers a member's proposal (the war it avoids outweighs the centre), its orders move out,
    and the judge finds the demand kept."""
    units = {"AUSTRIA": ["A VIE", "A BUD", "F ALB"], "ITALY": ["A TRI", "A VEN", "F NAP"], "FRANCE": ["A PAR"],
             "ENGLAND": ["F LON"]}
    game = open_phase(_table_at(units, "S1902M", _CENTRES, ("FRANCE", "ENGLAND")), ())
    demand = _demand_to_italy(game)
    assert (demand.sender, demand.proposal, demand.status) == ("AUSTRIA", Demand(("TRI",)), Status.ACCEPTED)
    assert demand.answer is not None and demand.answer.accepted
    assert any(a.id == demand.agreement and a.terms == Demand(("TRI",)) for a in game.memory.agreements)
    assert any(m.recipient is None and "Italy agreed to leave TRI" in m.text for m in game.messages)
    assert all(demand not in inbox(game, member) for member in game.members)  # between two AI powers
    moved = [o for o in ai_orders(game)["ITALY"] if o.startswith("A TRI")]
    assert moved and " - " in moved[0]
    played, records = submit(game, {"FRANCE": ["A PAR H"], "ENGLAND": ["F LON H"]})
    assert [v.outcome for v in records[0].verdicts if v.agreement.kind == "demand"] == [VerdictKind.KEPT]
    assert played.position.units.get("TRI") is None or played.position.units["TRI"].power != "ITALY"
    assert open_phase(game, ()) == open_phase(game, ())  # drawn from the seed


def test_an_ai_power_refuses_a_demand_it_does_not_fear_and_it_is_war() -> None:
    """Austria's units are nowhere near Italy: leaving TRI buys Italy nothing, it refuses, and it is war at
    once (Austria's trust in Italy falls by WAR, and Austria offers it no peace this phase)."""
    units = {"AUSTRIA": ["A GAL", "A RUM"], "ITALY": ["A TRI", "F NAP"], "FRANCE": ["A PAR"], "ENGLAND": ["F LON"]}
    base = _table_at(units, "S1902M", _CENTRES, ("FRANCE", "ENGLAND"))
    game = open_phase(base, ())
    demand = _demand_to_italy(game)
    assert demand.status is Status.DECLINED and demand.answer is not None and not demand.answer.accepted
    assert game.memory.trust.of("AUSTRIA", "ITALY") == base.memory.trust.of("AUSTRIA", "ITALY") - WAR
    assert not any(a.kind == "demand" for a in game.memory.agreements)
    assert any(m.recipient is None and "Italy refused the demand of Austria" in m.text for m in game.messages)
    assert not any(m.sender == "AUSTRIA" and m.recipient == "ITALY" and m.proposal != demand.proposal for m in game.messages)


def test_the_solo_game_makes_its_demands_of_its_member_alone() -> None:
    units = {"AUSTRIA": ["A VIE", "A BUD", "F ALB"], "ITALY": ["A TRI", "A VEN", "F NAP"], "FRANCE": ["A PAR"]}
    solo = open_phase(game_at(units, "S1902M", _CENTRES, member="FRANCE"), ())
    assert not any(m.proposal is not None and m.proposal.kind == "demand" and m.recipient != "FRANCE" for m in solo.messages)


def test_a_demand_is_not_kept_by_a_move_out_its_own_side_bounces() -> None:
    from rules.front1901.notation import parse_order
    from rules.front1901.solo.decisions import breaks
    from rules.front1901.solo.policy import Bounds

    leave = Bounds(frozenset({"TRI"}), leave=frozenset({"TRI"}))
    def orders(*texts: str) -> list[Any]:
        return [parse_order(t) for t in texts]
    assert not breaks(orders("A TRI - TYR", "A VEN H"), leave)
    assert breaks(orders("A TRI - TYR", "A VEN - TYR"), leave)  # a bounce of its own making keeps it in TRI
    assert breaks(orders("A TRI - VEN", "A VEN H"), leave)
    assert breaks(orders("A TRI H", "A VEN H"), leave)
