"""Trust: breaks cost it (victim and witnesses), kept promises earn it, it recovers slowly and never fully,
and it changes the answers that follow."""

from __future__ import annotations

from dataclasses import replace

from rules.front1901.solo import trust as T
from rules.front1901.solo.answers import Reason, answer
from rules.front1901.solo.game import propose, submit, trust_in_member
from rules.front1901.solo.proposals import Dmz, Pact
from rules.front1901.solo.trust import Trust

from .solo_helpers import agreement, game_at

UNITS = {"FRANCE": ["A BUR", "A RUH", "F BRE"], "GERMANY": ["A MUN", "F KIE"], "ITALY": ["A VEN"]}
"""France presses on Munich with two armies: Germany, with one, wants peace."""
CENTRES = {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN", "BER", "KIE"], "ITALY": ["VEN", "ROM", "NAP"]}


def test_a_break_costs_the_victim_at_least_30_and_every_witness_at_least_10() -> None:
    after = Trust.fresh().broken("FRANCE", "GERMANY", 1901)
    assert after.of("GERMANY", "FRANCE") == T.START - T.VICTIM <= T.START - 30
    for witness in ("AUSTRIA", "ENGLAND", "ITALY", "RUSSIA", "TURKEY"):
        assert after.of(witness, "FRANCE") == T.START - T.WITNESS <= T.START - 10
    assert after.holds_grudge("GERMANY", "FRANCE", 1901) and not after.holds_grudge("GERMANY", "FRANCE", 1902)


def test_trust_recovers_slowly_and_never_to_its_former_level() -> None:
    trust = Trust.fresh().broken("FRANCE", "GERMANY", 1901)
    for _ in range(40):
        trust = trust.recover().kept("FRANCE", "GERMANY")
    assert trust.of("GERMANY", "FRANCE") == T.START - T.SCAR
    assert trust.of("ITALY", "FRANCE") == T.START - T.SCAR
    once = Trust.fresh().broken("FRANCE", "GERMANY", 1901).recover()
    assert once.of("GERMANY", "FRANCE") == T.START - T.VICTIM + T.RECOVERY


def test_the_member_breaking_a_pact_loses_trust_and_the_victim_declines_with_distrust_until_next_year() -> None:
    pact = agreement(1, "FRANCE", "GERMANY", Pact())
    game = game_at(UNITS, "S1901M", CENTRES, [pact], member="FRANCE")
    before = trust_in_member(game)
    game, [record] = submit(game, ["A BUR - MUN", "A RUH H", "F BRE H"])
    [verdict] = record.verdicts
    assert verdict.breakers == ("FRANCE",) and verdict.order == "A BUR - MUN"
    after = trust_in_member(game)
    assert before["GERMANY"] - after["GERMANY"] >= 30
    assert all(before[p] - after[p] >= 10 for p in ("ITALY", "ENGLAND", "AUSTRIA", "RUSSIA", "TURKEY"))
    assert not game.memory.agreements or all(a.id != 1 for a in game.memory.agreements)
    assert any(m.kind.value == "notice" and "France broke the pact: A BUR - MUN" in m.text for m in game.messages)
    game, reply = propose(game, "GERMANY", {"kind": "pact"})
    assert (reply.accepted, reply.reason) == (False, Reason.DISTRUST)


def test_without_the_break_the_same_pact_is_welcome() -> None:
    game = game_at(UNITS, "S1901M", CENTRES, member="FRANCE")
    game, _ = submit(game, ["A BUR H", "A RUH H", "F BRE H"])
    game, reply = propose(game, "GERMANY", {"kind": "pact"})
    assert (reply.accepted, reply.reason) == (True, Reason.GAIN)


def test_a_pact_kept_through_a_year_raises_trust() -> None:
    pact = agreement(1, "FRANCE", "GERMANY", Pact(), since="S1901M")
    game = game_at(UNITS, "F1901M", CENTRES, [pact], member="FRANCE", seed=4)
    before = trust_in_member(game)["GERMANY"]
    game, records = submit(game, ["A BUR H", "A RUH H", "F BRE H"])
    verdicts = [v for r in records for v in r.verdicts if v.agreement.id == 1]
    assert [v.outcome.value for v in verdicts] == ["kept"]
    assert trust_in_member(game)["GERMANY"] == before + T.KEPT


def test_trust_changes_the_answer_to_a_deal_that_costs_a_little() -> None:
    # A neutral zone on Burgundy costs Germany a little (its armies could use it): declined by a stranger,
    # accepted from a power it trusts.
    game = game_at(UNITS, "S1901M", {**CENTRES, "FRANCE": ["PAR", "BRE", "MAR", "BEL"]}, member="FRANCE")
    zone = Dmz("BEL", ("HOL",))
    stranger = answer(game.seed, game.position, game.memory, "GERMANY", "FRANCE", zone, game.levels["GERMANY"], False)
    values = {a: dict(row) for a, row in game.memory.trust.values.items()}
    values["GERMANY"]["FRANCE"] = T.TRUSTED
    trusted_memory = replace(game.memory, trust=replace(game.memory.trust, values=values))
    friend = answer(game.seed, game.position, trusted_memory, "GERMANY", "FRANCE", zone, game.levels["GERMANY"], False)
    assert (stranger.accepted, stranger.reason) == (False, Reason.NO_GAIN)
    assert (friend.accepted, friend.reason) == (True, Reason.TRUST)
