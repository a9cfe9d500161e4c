"""What the AI powers write when a movement phase opens: demands, proposals, support requests, cancellations,
news of agreements among themselves."""

from __future__ import annotations

from dataclasses import replace

from rules.front1901.solo import trust as T
from rules.front1901.solo.game import inbox, open_phase
from rules.front1901.solo.levels import Level
from rules.front1901.solo.press import MessageKind, Status
from rules.front1901.solo.proposals import Alliance, Demand, Pact, SupportRequest, check_proposal

from .solo_helpers import agreement, game_at

CENTRES = {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN", "BER", "KIE"], "ITALY": ["VEN", "ROM", "NAP"],
           "ENGLAND": ["LON", "EDI", "LVP"]}


def _proposals_to_member(game):  # type: ignore[no-untyped-def]
    return [m for m in inbox(game) if m.kind is MessageKind.PROPOSAL and m.recipient == game.member]


def test_a_member_unit_on_an_ai_centre_draws_a_demand_in_force_at_once() -> None:
    game = game_at({"FRANCE": ["A MUN", "A BUR"], "GERMANY": ["A BER", "A KIE", "F HEL"]}, "S1902M", CENTRES, member="FRANCE")
    opened = open_phase(game)
    [demand] = [m for m in _proposals_to_member(opened) if m.sender == "GERMANY"]
    assert demand.proposal == Demand(("MUN",)) and demand.status is None
    assert any(a.id == demand.agreement and a.terms == Demand(("MUN",)) for a in opened.memory.agreements)


def test_an_ally_asks_the_member_to_support_a_planned_move_with_a_legal_order() -> None:
    pact = agreement(1, "FRANCE", "GERMANY", Alliance("ENGLAND"))
    units = {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A RUH", "A MUN"], "ENGLAND": ["A BEL"], "ITALY": ["A ROM"]}
    game = game_at(units, "F1901M", {**CENTRES, "ENGLAND": ["LON", "EDI", "LVP", "BEL"]}, [pact], member="FRANCE", seed=3)
    game = replace(game, levels={**game.levels, "ENGLAND": Level.RANDOM, "ITALY": Level.RANDOM})  # no press
    opened = open_phase(game)
    requests = [m for m in _proposals_to_member(opened) if isinstance(m.proposal, SupportRequest)]
    assert requests, [m.text for m in inbox(opened)]
    request = requests[0]
    assert request.sender == "GERMANY" and request.status is Status.OPEN
    assert check_proposal(request.proposal, "GERMANY", "FRANCE", game.position) == request.proposal
    assert request.proposal.support.unit.province in ("BUR", "PAR")
    assert request.proposal.order in request.text


def test_an_ai_cancels_its_agreements_with_a_power_it_no_longer_trusts() -> None:
    pact = agreement(1, "FRANCE", "GERMANY", Pact())
    game = game_at({"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}, "S1903M", CENTRES, [pact], member="FRANCE")
    values = {a: dict(row) for a, row in game.memory.trust.values.items()}
    values["GERMANY"]["FRANCE"] = T.CANCEL - 1
    game = replace(game, memory=replace(game.memory, trust=replace(game.memory.trust, values=values)))
    opened = open_phase(game)
    assert all(a.id != 1 for a in opened.memory.agreements)
    [notice] = [m for m in inbox(opened) if m.kind is MessageKind.CANCEL]
    assert notice.sender == "GERMANY" and notice.agreement == 1


def test_agreements_among_ai_powers_are_news_to_the_member() -> None:
    game = game_at({"FRANCE": ["A PAR", "A MAR"], "ITALY": ["A PIE", "A VEN"], "GERMANY": ["A KIE"], "ENGLAND": ["F LON"]},
                   "S1901M", CENTRES, member="GERMANY")
    opened = open_phase(game)
    made = [a for a in opened.memory.agreements if "GERMANY" not in a.parties]
    news = [m.text for m in inbox(opened) if m.kind is MessageKind.NEWS]
    assert made
    for a in made:
        assert any(a.describe().lower() in text.lower() for text in news)
    assert all(m.recipient == "GERMANY" or m.sender == "GERMANY" for m in inbox(opened))


def test_the_member_is_shown_messages_numbered_one_by_one_whatever_the_ai_powers_sent_each_other() -> None:
    from rules.front1901.solo.game import new_game, submit

    private_seen = 0
    for seed in range(2):
        game = new_game(seed, "FRANCE", "hard")
        for _ in range(2):
            shown = [m.id for m in inbox(game)]
            assert shown == list(range(1, len(shown) + 1)), shown
            private = [m.id for m in game.messages if game.member not in (m.sender, m.recipient)]
            assert not set(private) & set(shown)
            private_seen += len(private)
            game, _ = submit(game)
    assert private_seen, "no game sent a message among the AI powers: the test shows nothing"
