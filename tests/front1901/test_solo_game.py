"""A solo game's flow and results: the short game's end, won/shared/survived/eliminated/abandoned, an AI
reaching 18, demands ignored, phases with nothing for the member played at once."""

from __future__ import annotations

import pytest
from rules.front1901.position import Dislodgement, Phase, Position, parse_unit
from rules.front1901.solo import trust as T
from rules.front1901.solo.errors import SoloError
from rules.front1901.solo.game import ResultKind, SoloGame, abandon, member_has_orders, new_game, submit
from rules.front1901.solo.press import MessageKind
from rules.front1901.solo.proposals import Demand, Pact

from .solo_helpers import agreement, game_at

POOL = ["PAR", "BRE", "MAR", "BEL", "HOL", "SPA", "POR", "DEN", "NWY", "SWE", "TUN", "GRE", "SER", "BUL", "RUM", "MUN",
        "BER", "KIE", "VEN", "ROM", "NAP", "VIE", "TRI", "BUD"]


def _short_end(france: int, germany: int) -> SoloGame:
    """F1910M with France (the member) and Germany (no units left to move) owning these many centres."""
    centres = {"FRANCE": POOL[:france], "GERMANY": POOL[france:france + germany]}
    game = game_at({"FRANCE": ["A PAR"]}, "F1910M", centres, member="FRANCE")
    game, _ = submit(game, ["A PAR H"])
    return game


@pytest.mark.parametrize(("france", "germany", "kind"), [(6, 5, "won"), (5, 5, "shared"), (4, 5, "survived")])
def test_the_short_game_ends_after_the_fall_of_1910_with_the_result(france: int, germany: int, kind: str) -> None:
    game = _short_end(france, germany)
    assert game.over and game.result is not None
    assert (game.result.kind.value, game.result.centres, game.result.year) == (kind, france, 1910)


def test_an_ai_power_reaching_18_ends_the_game_and_the_member_survived() -> None:
    centres = {"GERMANY": POOL[:18], "FRANCE": ["LON", "EDI"]}
    game = game_at({"FRANCE": ["A LON"], "GERMANY": ["A BER"]}, "S1906M", centres, member="FRANCE")
    game, _ = submit(game, ["A LON H"])
    assert game.over and game.result is not None
    assert (game.result.kind, game.result.centres, game.result.year) == (ResultKind.SURVIVED, 2, 1906)


def test_reaching_18_wins_and_a_full_game_plays_on_until_the_member_stops() -> None:
    centres = {"FRANCE": POOL[:18], "GERMANY": ["STP"]}
    game = game_at({"FRANCE": ["A PAR"], "GERMANY": ["A STP"]}, "S1906M", centres, member="FRANCE")
    game = SoloGame(game.seed, game.member, game.levels, None, game.position, game.memory)
    game, _ = submit(game, ["A PAR H"])
    assert not game.over and game.result is not None and game.result.kind is ResultKind.WON
    stopped = abandon(game)
    assert stopped.over and stopped.result == game.result


def test_abandoning_records_the_centres_and_the_year() -> None:
    game = abandon(new_game(2, "ITALY", "easy"))
    assert game.over and game.result is not None
    assert (game.result.kind, game.result.centres, game.result.year) == (ResultKind.ABANDONED, 3, 1901)
    with pytest.raises(SoloError):
        submit(game, [])


def test_losing_the_last_unit_and_centre_eliminates_the_member() -> None:
    unit = parse_unit("FRANCE", "A RUH")
    position = Position(Phase.parse("F1903R"), {}, {"GERMANY": "MUN"}, {"RUH": Dislodgement(unit, "BUR", ("BEL",))})
    base = game_at({}, "F1903R", {}, member="FRANCE")
    game = SoloGame(base.seed, "FRANCE", base.levels, 1910, position, base.memory)
    assert member_has_orders(game)
    game, _ = submit(game, ["A RUH D"])
    assert game.over and game.result is not None
    assert (game.result.kind, game.result.centres, game.result.year) == (ResultKind.ELIMINATED, 0, 1903)


def test_an_ignored_demand_is_war_every_agreement_between_the_two_ends() -> None:
    demand = agreement(1, "FRANCE", "GERMANY", Demand(("PAR",)))
    pact = agreement(2, "FRANCE", "GERMANY", Pact())
    centres = {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN", "BER", "KIE"]}
    game = game_at({"FRANCE": ["A BRE", "A GAS"], "GERMANY": ["A PAR", "A MUN"]}, "S1902M", centres, [demand, pact], member="GERMANY")
    before = game.memory.trust.of("FRANCE", "GERMANY")
    game, [record, *_] = submit(game, ["A PAR H", "A MUN H"])
    assert [v.outcome.value for v in record.verdicts if v.agreement.id == 1] == ["ignored"]
    assert {1, 2}.isdisjoint(a.id for a in game.memory.agreements)
    assert game.memory.trust.of("FRANCE", "GERMANY") <= before - T.WAR
    [notice] = [m for m in game.messages if m.kind is MessageKind.NOTICE and m.agreement == 1]
    assert notice.sender == "FRANCE" and "war" in notice.text.lower()


def test_a_retreat_into_a_partners_province_breaks_nothing() -> None:
    unit = parse_unit("FRANCE", "A BUR")
    position = Position(Phase.parse("S1902R"), {"PAR": parse_unit("ITALY", "A PAR")}, {"GERMANY": "MUN"},
                        {"BUR": Dislodgement(unit, "PAR", ("MUN", "RUH"))})
    pact = agreement(1, "FRANCE", "GERMANY", Pact())
    base = game_at({}, "S1902R", {}, [pact], member="FRANCE")
    game = SoloGame(base.seed, "FRANCE", base.levels, 1910, position, base.memory)
    game, records = submit(game, ["A BUR R MUN"])
    assert records[0].verdicts == ()
    assert [a.id for a in game.memory.agreements if a.kind == "pact"] == [1]


def test_the_phases_with_nothing_for_the_member_are_played_at_once() -> None:
    game = new_game(4, "ENGLAND", "normal")
    game, _ = submit(game, ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"])
    game, records = submit(game, ["F NTH - HEL", "F NWG - BAR", "A YOR H"])
    phases = [str(r.phase) for r in records]
    assert phases[0] == "F1901M" and len(phases) >= 1
    assert str(game.position.phase) in ("S1902M", "W1901A", "F1901R")
    if str(game.position.phase) != "S1902M":
        assert member_has_orders(game)
    assert all(str(r.phase)[-1] != "M" for r in records[1:])
