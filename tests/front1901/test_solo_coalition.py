"""The coalition: a member who leads by 3 centres, or has 1.5 times the second's count, faces it."""

from __future__ import annotations

from rules.front1901.solo.answers import Reason
from rules.front1901.solo.coalition import coalition_holds
from rules.front1901.solo.game import open_phase, propose
from rules.front1901.solo.proposals import Pact

from .helpers import position
from .solo_helpers import agreement, game_at

UNITS = {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN"], "ITALY": ["A VEN"], "ENGLAND": ["F LON"]}


def _centres(france: int, germany: int, italy: int = 3) -> dict[str, list[str]]:
    pool = ["PAR", "BRE", "MAR", "BEL", "HOL", "SPA", "POR", "DEN", "NWY", "SWE", "TUN"]
    return {"FRANCE": pool[:france], "GERMANY": ["MUN", "BER", "KIE", "MOS", "WAR", "STP"][:germany],
            "ITALY": ["VEN", "ROM", "NAP"][:italy]}


def test_a_lead_of_three_centres_triggers_it_and_two_does_not() -> None:
    assert coalition_holds(position(UNITS, "S1903M", _centres(9, 6)), "FRANCE")
    assert not coalition_holds(position(UNITS, "S1903M", _centres(8, 6)), "FRANCE")


def test_one_and_a_half_times_the_second_triggers_it_and_just_below_does_not() -> None:
    # 6 against 4: a lead of 2, but 1.5 times the second's count; 5 against 4 is neither.
    assert coalition_holds(position(UNITS, "S1903M", _centres(6, 4)), "FRANCE")
    assert not coalition_holds(position(UNITS, "S1903M", _centres(5, 4)), "FRANCE")


def test_while_it_holds_the_allies_are_named_the_members_pacts_end_and_new_ones_are_declined() -> None:
    pact = agreement(1, "FRANCE", "GERMANY", Pact())
    game = game_at(UNITS, "S1903M", _centres(9, 6), [pact], member="FRANCE")
    opened = open_phase(game, ())
    assert opened.coalition == ("ENGLAND", "GERMANY", "ITALY")
    [news] = [m for m in opened.messages if m.text.startswith("Coalition")]
    assert "England, Germany, Italy" in news.text and news.recipient == "FRANCE"
    assert not opened.memory.agreements
    assert any(m.kind.value == "cancel" and m.sender == "GERMANY" for m in opened.messages)
    _, reply = propose(opened, "ITALY", {"kind": "pact"})
    assert (reply.accepted, reply.reason) == (False, Reason.TOO_STRONG)


def test_just_below_the_threshold_nothing_happens() -> None:
    pact = agreement(1, "FRANCE", "GERMANY", Pact())
    opened = open_phase(game_at(UNITS, "S1903M", _centres(8, 6), [pact], member="FRANCE"), ())
    assert opened.coalition == ()
    assert [a.id for a in opened.memory.agreements][:1] == [1]
    assert not any(m.text.startswith("Coalition") for m in opened.messages)
