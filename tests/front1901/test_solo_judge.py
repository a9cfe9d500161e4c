"""The keep/break judge: each agreement kind kept and broken, with the order that broke it; trust after it."""

from __future__ import annotations

from rules.front1901 import play
from rules.front1901.solo.judge import VerdictKind, judge
from rules.front1901.solo.proposals import Alliance, Demand, Dmz, Pact, Split, SupportRequest

from .helpers import position
from .solo_helpers import agreement

FRANCE_GERMANY = {"FRANCE": ["A BUR", "A PIC", "F ENG"], "GERMANY": ["A MUN", "A RUH", "F HOL"]}
CENTRES = {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN", "BER", "KIE", "HOL"]}


def _verdicts(orders: dict[str, list[str]], agreements: list, phase: str = "S1901M", units=FRANCE_GERMANY):
    start = position(units, phase, CENTRES)
    after = play(start, orders).position
    return judge(start, after, orders, agreements)


def test_a_pact_is_broken_by_a_move_into_the_others_unit_and_names_the_order() -> None:
    pact = agreement(1, "FRANCE", "GERMANY", Pact())
    [verdict] = _verdicts({"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN H"]}, [pact])
    assert verdict.outcome is VerdictKind.BROKEN
    assert verdict.breakers == ("FRANCE",) and verdict.order == "A BUR - MUN"
    assert verdict.sentence() == "France broke the pact: A BUR - MUN"


def test_a_pact_is_broken_by_supporting_a_third_powers_move_into_the_others_centre() -> None:
    units = {**FRANCE_GERMANY, "ENGLAND": ["A BEL"]}
    pact = agreement(1, "FRANCE", "GERMANY", Pact())
    [verdict] = _verdicts({"FRANCE": ["A PIC S A BEL - HOL"], "ENGLAND": ["A BEL - HOL"]}, [pact], units=units)
    assert verdict.outcome is VerdictKind.BROKEN and verdict.order == "A PIC S A BEL - HOL"


def test_a_failed_or_void_breaking_order_still_breaks() -> None:
    pact = agreement(1, "GERMANY", "FRANCE", Pact())
    # Bounces off the French army, and a move the rules refuse (not adjacent): both judged as written.
    [verdict] = _verdicts({"GERMANY": ["A RUH - BUR", "A MUN - PAR"], "FRANCE": ["A BUR H"]}, [pact])
    assert verdict.breakers == ("GERMANY",) and verdict.order == "A MUN - PAR"


def test_both_sides_breaking_are_both_named_and_the_first_order_in_canonical_order_is_reported() -> None:
    pact = agreement(1, "FRANCE", "GERMANY", Pact())
    [verdict] = _verdicts({"FRANCE": ["A BUR - RUH"], "GERMANY": ["A RUH - BUR"]}, [pact])
    assert verdict.breakers == ("FRANCE", "GERMANY") and verdict.order == "A BUR - RUH"


def test_a_pact_in_force_through_both_movement_phases_counts_once_as_kept_after_the_fall() -> None:
    pact = agreement(1, "FRANCE", "GERMANY", Pact(), since="S1901M")
    quiet = {"FRANCE": ["A BUR - GAS"], "GERMANY": ["A MUN - BOH"]}
    assert _verdicts(quiet, [pact], "S1901M") == []
    [verdict] = _verdicts(quiet, [pact], "F1901M")
    assert verdict.outcome is VerdictKind.KEPT and verdict.ends is False
    made_in_the_fall = agreement(2, "FRANCE", "GERMANY", Pact(), since="F1901M")
    assert _verdicts(quiet, [made_in_the_fall], "F1901M") == []


def test_an_alliance_includes_a_pact_and_ends_kept_when_its_target_is_eliminated() -> None:
    alliance = agreement(1, "FRANCE", "GERMANY", Alliance("ITALY"))
    [broken] = _verdicts({"GERMANY": ["A RUH - BUR"]}, [alliance])
    assert broken.outcome is VerdictKind.BROKEN and broken.order == "A RUH - BUR"
    # Italy has nothing left on the board: the alliance is over, kept.
    [ended] = _verdicts({}, [alliance])
    assert ended.outcome is VerdictKind.ENDED and ended.ends


def test_a_split_is_broken_by_entering_a_centre_assigned_to_the_other_side_in_any_season() -> None:
    units = {"FRANCE": ["A PIC", "A BUR"], "GERMANY": ["A RUH", "F HOL"]}
    split = agreement(1, "FRANCE", "GERMANY", Split(("BEL",), ("DEN",)))
    [verdict] = _verdicts({"GERMANY": ["A RUH - BEL"]}, [split], "S1901M", units)
    assert verdict.breakers == ("GERMANY",) and verdict.order == "A RUH - BEL"
    # France moving into Belgium, its own share, breaks nothing.
    assert _verdicts({"FRANCE": ["A PIC - BEL"]}, [split], "S1901M", units) == []


def test_a_dmz_binds_the_recipient_only() -> None:
    dmz = agreement(1, "GERMANY", "FRANCE", Dmz("MUN", ("BUR", "RUH")))
    units = {"FRANCE": ["A PIC", "A PAR"], "GERMANY": ["A MUN", "A KIE"]}
    [verdict] = _verdicts({"FRANCE": ["A PAR - BUR"]}, [dmz], "S1901M", units)
    assert verdict.breakers == ("FRANCE",) and verdict.order == "A PAR - BUR"
    [supported] = _verdicts({"FRANCE": ["A PIC S A PAR - BUR", "A PAR - GAS"]}, [dmz], "S1901M", units)
    assert supported.order == "A PIC S A PAR - BUR"
    assert _verdicts({"GERMANY": ["A MUN - BUR", "A KIE - RUH"]}, [dmz], "S1901M", units) == []


def test_a_support_promise_is_kept_when_the_order_is_given_whatever_its_result() -> None:
    units = {"FRANCE": ["A PIC"], "ENGLAND": ["F ENG"], "GERMANY": ["A BEL", "A HOL", "A RUH"]}
    promise = agreement(1, "FRANCE", "ENGLAND", SupportRequest("F ENG S A PIC - BEL"))
    # The supported move fails (Belgium is held with two supports): the promise is still kept.
    orders = {"ENGLAND": ["f ech supports a pic - bel"], "FRANCE": ["A PIC - BEL"], "GERMANY": ["A HOL S A BEL", "A RUH S A BEL"]}
    [kept] = _verdicts(orders, [promise], "S1901M", units)
    assert kept.outcome is VerdictKind.KEPT and kept.ends
    [broken] = _verdicts({"ENGLAND": ["F ENG - NTH"]}, [promise], "S1901M", units)
    assert broken.outcome is VerdictKind.BROKEN and broken.order == "F ENG - NTH"
    [silent] = _verdicts({}, [promise], "S1901M", units)
    assert silent.order == "F ENG H"


def test_a_demand_ignored_is_war_and_a_demand_met_is_kept() -> None:
    demand = agreement(1, "FRANCE", "GERMANY", Demand(("BUR",)))
    units = {"FRANCE": ["A PAR"], "GERMANY": ["A BUR"]}
    [ignored] = _verdicts({"GERMANY": ["A BUR H"]}, [demand], "S1901M", units)
    assert ignored.outcome is VerdictKind.IGNORED and "war" in ignored.sentence()
    [met] = _verdicts({"GERMANY": ["A BUR - MUN"]}, [demand], "S1901M", units)
    assert met.outcome is VerdictKind.KEPT

