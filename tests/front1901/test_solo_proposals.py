"""The proposal kinds' wire format and validation, and negotiating during a phase."""

from __future__ import annotations

import pytest
from rules.front1901.solo.errors import SoloError
from rules.front1901.solo.game import cancel, new_game, propose, reply, submit
from rules.front1901.solo.press import MessageKind, Status
from rules.front1901.solo.proposals import (
    Alliance,
    Demand,
    Dmz,
    Pact,
    ProposalError,
    Split,
    SupportRequest,
    check_proposal,
    read_proposal,
)

from .helpers import position
from .solo_helpers import agreement, game_at

UNITS = {"FRANCE": ["A PIC", "F ENG"], "ENGLAND": ["A LON", "F NTH"], "GERMANY": ["A MUN", "A RUH"], "ITALY": ["A VEN"]}
CENTRES = {"FRANCE": ["PAR", "BRE", "MAR"], "ENGLAND": ["LON", "EDI", "LVP"], "GERMANY": ["MUN", "BER", "KIE"]}
START = position(UNITS, "S1901M", CENTRES)


@pytest.mark.parametrize(
    ("body", "value"),
    [
        ({"kind": "pact"}, Pact()),
        ({"kind": "support", "order": "f nth supports a lon - bel"}, SupportRequest("F NTH S A LON - BEL")),
        ({"kind": "split", "mine": ["bel", "BEL"], "yours": ["HOL"]}, Split(("BEL",), ("HOL",))),
        ({"kind": "alliance", "against": "germany"}, Alliance("GERMANY")),
        ({"kind": "dmz", "around": "MUN", "provinces": ["TYR", "BOH"]}, Dmz("MUN", ("BOH", "TYR"))),
        ({"kind": "demand", "leave": ["BEL"]}, Demand(("BEL",))),
    ],
)
def test_each_kind_reads_its_wire_body_normalised_and_writes_it_back(body: dict, value: object) -> None:
    read = read_proposal(body)
    assert read == value
    assert read_proposal(read.to_json()) == read


@pytest.mark.parametrize(
    ("body", "recipient", "field", "rule"),
    [
        ({"kind": "truce"}, "ENGLAND", "kind", "unknown-kind"),
        ({"kind": "pact", "extra": 1}, "ENGLAND", "extra", "shape"),
        ({"kind": "pact"}, "FRANCE", "recipient", "self"),
        ({"kind": "pact"}, "TURKEY", "recipient", "not-alive"),
        ({"kind": "support", "order": "F NTH - BEL"}, "ENGLAND", "order", "not-a-move-support"),
        ({"kind": "support", "order": "F NTH S A LON - NOWHERE"}, "ENGLAND", "order", "unreadable"),
        ({"kind": "support", "order": "F NTH S A PIC - BUR"}, "ENGLAND", "order", "illegal"),
        ({"kind": "support", "order": "A LON S F NTH - YOR"}, "ENGLAND", "order", "not-proposers-move"),
        ({"kind": "split", "mine": ["PIC"], "yours": ["HOL"]}, "ENGLAND", "mine", "not-a-centre"),
        ({"kind": "split", "mine": ["BEL"], "yours": ["BEL"]}, "ENGLAND", "yours", "overlap"),
        ({"kind": "split", "mine": ["PAR"], "yours": ["HOL"]}, "ENGLAND", "mine", "already-owned"),
        ({"kind": "split", "mine": ["BEL"], "yours": ["LON"]}, "ENGLAND", "yours", "already-owned"),
        ({"kind": "split", "mine": ["BEL", "HOL", "DEN", "NWY"], "yours": ["SWE"]}, "ENGLAND", "mine", "too-many"),
        ({"kind": "alliance", "against": "ENGLAND"}, "ENGLAND", "against", "party"),
        ({"kind": "alliance", "against": "TURKEY"}, "ENGLAND", "against", "not-alive"),
        ({"kind": "alliance", "against": "PRUSSIA"}, "ENGLAND", "against", "unknown-power"),
        ({"kind": "dmz", "around": "MUN", "provinces": ["BUR"]}, "ENGLAND", "around", "not-proposers-centre"),
        ({"kind": "dmz", "around": "PAR", "provinces": ["MUN"]}, "ENGLAND", "provinces", "not-neighbour"),
        ({"kind": "dmz", "around": "PAR", "provinces": []}, "ENGLAND", "provinces", "empty"),
    ],
)
def test_invalid_proposals_name_the_field_and_the_rule(body: dict, recipient: str, field: str, rule: str) -> None:
    with pytest.raises(ProposalError) as caught:
        check_proposal(read_proposal(body), "FRANCE", recipient, START)
    assert (caught.value.field, caught.value.rule) == (field, rule)
    assert isinstance(caught.value, ValueError)


def test_a_support_order_is_normalised_to_its_legal_form() -> None:
    asked = check_proposal(read_proposal({"kind": "support", "order": "nth S pic - bel"}), "FRANCE", "ENGLAND", START)
    assert asked == SupportRequest("F NTH S A PIC - BEL")


def test_at_most_three_proposals_to_one_power_a_phase_and_a_repeat_returns_the_stored_answer() -> None:
    game = game_at(UNITS, "S1901M", CENTRES, member="FRANCE")
    game, first = propose(game, "ENGLAND", {"kind": "split", "mine": ["BEL"], "yours": ["HOL"]})
    again, repeated = propose(game, "ENGLAND", {"kind": "split", "yours": ["hol"], "mine": ["BEL"]})
    assert repeated == first and again == game
    game, _ = propose(game, "ENGLAND", {"kind": "alliance", "against": "GERMANY"})
    game, _ = propose(game, "ENGLAND", {"kind": "dmz", "around": "PAR", "provinces": ["PIC"]})
    with pytest.raises(SoloError) as caught:
        propose(game, "ENGLAND", {"kind": "pact"})
    assert (caught.value.field, caught.value.rule) == ("recipient", "limit")
    game, _ = propose(game, "GERMANY", {"kind": "pact"})  # another power: its own three


def test_the_member_cannot_make_demands() -> None:
    game = game_at(UNITS, "S1901M", CENTRES, member="FRANCE")
    with pytest.raises(SoloError) as caught:
        propose(game, "ENGLAND", {"kind": "demand", "leave": ["LON"]})
    assert caught.value.rule == "ai-only"


def test_answering_an_ai_proposal_makes_the_agreement_and_unanswered_ones_lapse() -> None:
    game = new_game(0, "FRANCE", "normal")
    offers = [m for m in game.messages if m.kind is MessageKind.PROPOSAL and m.recipient == "FRANCE" and m.status is Status.OPEN]
    assert offers, "some AI writes to the member at the start"
    accepted = reply(game, offers[0].id, True)
    [made] = [a for a in accepted.memory.agreements if "FRANCE" in a.parties]
    assert made.proposer == offers[0].sender and made.terms == offers[0].proposal
    with pytest.raises(SoloError):
        reply(accepted, offers[0].id, False)
    _, [record, *_] = submit(game, [])
    assert all(m.status is not Status.OPEN for m in record.messages)
    assert any(m.status is Status.LAPSED for m in record.messages)


def test_cancelling_ends_the_agreement_before_the_orders_and_is_not_a_break() -> None:
    pact = agreement(7, "FRANCE", "GERMANY", Pact())
    game = game_at(UNITS, "S1901M", CENTRES, [pact], member="FRANCE")
    game = cancel(game, 7)
    assert all(a.id != 7 for a in game.memory.agreements)
    assert any(m.kind is MessageKind.CANCEL and m.recipient == "GERMANY" for m in game.messages)
    after, [record, *_] = submit(game, ["A PIC - BEL"])
    assert record.verdicts == () or all(v.agreement.id != 7 for v in record.verdicts)
    with pytest.raises(SoloError) as caught:
        cancel(game, 7)
    assert caught.value.rule == "not-found"


def test_an_answer_is_a_function_of_the_seed_phase_recipient_proposal_and_state() -> None:
    game = new_game(9, "RUSSIA", "normal")
    body = {"kind": "alliance", "against": "GERMANY"}
    answers = {propose(new_game(9, "RUSSIA", "normal"), "AUSTRIA", body)[1] for _ in range(2)}
    assert len(answers) == 1
    assert propose(game, "AUSTRIA", {"against": "germany", "kind": "alliance"})[1] in answers
    voices = {propose(new_game(seed, "RUSSIA", "normal"), "AUSTRIA", body)[1].message for seed in range(12)}
    assert len(voices) > 1  # the sentence is drawn from the seed, among the nation's
