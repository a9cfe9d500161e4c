"""Front 1901's solo games through the pipeline: a short game played to its end, each submission one transaction
that plays on through the phases that need nothing of the member, the convoys added for an army sent across the
sea, void orders reported, the negotiation (answers at once, the stored answer of an exact repeat, the limit,
accepting and cancelling, a break and the trust that follows), the help tools, the history and the record, the
AI powers' blindness to the member's orders, the replay from the seed, stopping, and a stranger's 404."""

from __future__ import annotations

import json
from typing import Any

import pytest
from front1901_script import orders_for
from gameserver.domain.front1901 import games
from gameserver.errors import Conflict, ErrorCode, IllegalOrders, InvalidInput, NotFound
from gameserver.identity import Client
from rules.front1901.solo import cancel, new_game, propose, reply, submit

HERE = Client(device="d", address="192.0.2.1")
Json = dict[str, Any]


def start(store, clock, who, *, power="FRANCE", level="easy", length="short", seed=7, setup=None) -> Json:
    return games.create_solo_game(store, clock, who, power=power, level=level, length=length, seed=seed,
                                  setup=None if setup is None else json.dumps(setup))


def send(store, clock, who, game, orders) -> Json:
    return games.submit_orders(store, clock, who, game["game_id"], game["view"]["phase"], orders, HERE)


def play_phase(store, clock, who, game) -> Json:
    view = game["view"]
    suggested = games.suggestions(store, who, game["game_id"])["orders"] if view["step"] == "movement" else []
    return send(store, clock, who, game, orders_for(view, suggested))


def play_out(store, clock, who, game) -> Json:
    for _ in range(120):
        if game["status"] != "open":
            return game
        game = play_phase(store, clock, who, game)["game"]
    raise AssertionError("a short game ends by 1910")


def position_with(units: dict[str, list[str]]) -> Json:
    """The opening position with some powers' units replaced."""
    start_position = new_game(1, "FRANCE", "normal", "short").position.to_json()
    return {**start_position, "units": {**start_position["units"], **units}}


def test_a_short_game_is_played_to_its_end_with_the_suggested_orders(store, clock, ann):
    game = start(store, clock, ann)
    assert (game["mode"], game["level"], game["length"], game["view"]["phase"]) == ("solo", "easy", "short",
                                                                                    "S1901M")
    game = play_out(store, clock, ann, game)
    view = game["view"]
    assert view["over"] and view["legal"] == [] and game["finished_at"] is not None
    assert view["result"]["kind"] in ("won", "shared", "survived", "eliminated")
    assert view["result"]["year"] <= 1910 and view["result"]["centres"] == view["counts"]["FRANCE"]
    record = games.game_record(store, clock, ann, game["game_id"], None, 50)
    assert record["final"]["result"] == view["result"] and record["final"]["winners"] == view["winners"]
    assert record["final"]["centres"] == view["centres"]
    listed = games.list_games(store, ann, None, 20)["games"]
    assert [(g["game_id"], g["status"], g["result"]) for g in listed] == [
        (game["game_id"], "over", view["result"]["kind"])]


def test_a_submission_is_one_transaction_playing_on_through_the_phases_that_need_nothing_of_me(store, clock, ann):
    game = start(store, clock, ann, level="normal")
    for _ in range(12):
        before = len(store.transactions)
        phase = game["view"]["phase"]
        answer = play_phase(store, clock, ann, game)
        assert len(store.transactions) == before + 1, "one transaction per submission"
        played = [p["phase"] for p in answer["played"]]
        assert played[0] == phase and answer["phase"] == phase
        # The phases after the first were played at once: the member had nothing to do in them.
        assert all(label[-1] in "RA" for label in played[1:])
        game = answer["game"]
        if game["status"] != "open":
            break
        assert game["view"]["phase"] not in played


def test_an_army_ordered_across_the_sea_gets_its_fleets_convoys_and_my_own_fleet_orders_win(store, clock, ann):
    setup = {"position": position_with({"ENGLAND": ["A LON", "F NTH", "F EDI"]})}
    game = start(store, clock, ann, power="ENGLAND", setup=setup)
    answer = send(store, clock, ann, game, ["A LON - BEL"])
    assert answer["convoys"] == ["F NTH C A LON - BEL"] and answer["void"] == []
    assert "F NTH C A LON - BEL" in answer["played"][0]["orders"]["ENGLAND"]
    other = start(store, clock, ann, power="ENGLAND", setup=setup)
    answer = send(store, clock, ann, other, ["A LON - BEL", "F NTH - HOL"])
    assert answer["convoys"] == [], "an order I wrote for the fleet wins"
    assert answer["played"][0]["results"]["F NTH"] in ("moves", "bounced")
    assert answer["played"][0]["results"]["A LON"] != "moves"


def test_void_orders_are_reported_with_their_reason_and_the_rest_stands(store, clock, ann):
    game = start(store, clock, ann)
    answer = send(store, clock, ann, game, ["A PAR - MUN", "A MAR - SPA", "A KIE H"])
    assert [v["order"] for v in answer["void"]] == ["A PAR - MUN", "A KIE H"]
    assert all(v["reason"] for v in answer["void"])
    assert answer["played"][0]["results"]["A MAR"] in ("moves", "bounced")


def test_an_order_naming_no_province_is_refused_naming_it_and_nothing_is_written(store, clock, ann):
    game = start(store, clock, ann)
    version = store.games.get(game["game_id"]).version
    with pytest.raises(IllegalOrders) as refused:
        send(store, clock, ann, game, ["A MAR - SPA", "A PAR - XYZ"])
    assert (refused.value.field, refused.value.rule) == ("orders[1]", "unknown-province")
    assert store.games.get(game["game_id"]).version == version


def test_orders_for_a_phase_that_is_not_open_and_a_finished_game_are_refused(store, clock, ann):
    game = start(store, clock, ann)
    with pytest.raises(Conflict) as closed:
        games.submit_orders(store, clock, ann, game["game_id"], "F1901M", [], HERE)
    assert (closed.value.code, closed.value.field) == (ErrorCode.TURN_CLOSED, "phase")
    stopped = games.stop_game(store, clock, ann, game["game_id"])
    assert stopped["view"]["result"]["kind"] == "abandoned" and stopped["status"] == "over"
    for call in (lambda: send(store, clock, ann, game, []),
                 lambda: games.send_proposal(store, clock, ann, game["game_id"], "S1901M", "GERMANY",
                                             {"kind": "pact"}),
                 lambda: games.stop_game(store, clock, ann, game["game_id"]),
                 lambda: games.suggestions(store, ann, game["game_id"])):
        with pytest.raises(Conflict) as over:
            call()
        assert over.value.code is ErrorCode.GAME_OVER


def test_a_proposal_is_answered_at_once_and_an_exact_repeat_gets_the_stored_answer_writing_nothing(store, clock,
                                                                                                 ann):
    game = start(store, clock, ann, level="normal")
    gid = game["game_id"]
    first = games.send_proposal(store, clock, ann, gid, "S1901M", "GERMANY", {"kind": "pact"})
    assert first["answer"]["answer"] in ("accepted", "declined") and first["answer"]["message"]
    assert first["game"]["view"]["proposals_left"]["GERMANY"] == 2
    version = store.games.get(gid).version
    again = games.send_proposal(store, clock, ann, gid, "S1901M", "GERMANY", {"kind": "pact"})
    assert again["answer"] == first["answer"] and store.games.get(gid).version == version
    assert again["game"]["view"]["proposals_left"]["GERMANY"] == 2
    for target in ("TURKEY", "RUSSIA"):
        games.send_proposal(store, clock, ann, gid, "S1901M", "GERMANY", {"kind": "alliance", "against": target})
    with pytest.raises(Conflict) as limit:
        games.send_proposal(store, clock, ann, gid, "S1901M", "GERMANY", {"kind": "alliance", "against": "ITALY"})
    assert limit.value.rule == "limit"


def test_an_illegal_proposal_is_a_422_naming_the_field_and_the_rule(store, clock, ann):
    game = start(store, clock, ann)
    gid = game["game_id"]
    for to, proposal, field in (
        ("FRANCE", {"kind": "pact"}, "to"),
        ("GERMANY", {"kind": "split", "mine": ["BEL"], "yours": ["BEL"]}, "proposal."),
        ("GERMANY", {"kind": "alliance", "against": "GERMANY"}, "proposal."),
        ("GERMANY", {"kind": "dmz", "around": "PAR", "provinces": ["MOS"]}, "proposal."),
        ("GERMANY", {"kind": "support", "order": "A MUN S A PAR - PIC"}, "proposal."),
    ):
        with pytest.raises(InvalidInput) as refused:
            games.send_proposal(store, clock, ann, gid, "S1901M", to, proposal)
        assert refused.value.code is ErrorCode.ILLEGAL_PROPOSAL and refused.value.rule
        assert str(refused.value.field).startswith(field), (proposal, refused.value.field)
    assert store.games.get(gid).actions == ()


def test_an_ai_proposal_accepted_is_an_agreement_in_force_and_cancelling_it_ends_it(store, clock, ann):
    game = start(store, clock, ann, level="normal")
    gid = game["game_id"]
    offered = next(m for m in game["view"]["messages"] if m["kind"] == "proposal" and m["status"] == "open")
    accepted = games.reply_to_message(store, clock, ann, gid, "S1901M", offered["id"], True)
    agreement = next(a for a in accepted["view"]["agreements"] if offered["from"] in (a["proposer"], a["recipient"]))
    assert agreement["kind"] == offered["proposal"]["kind"]
    assert next(m for m in accepted["view"]["messages"] if m["id"] == offered["id"])["status"] == "accepted"
    with pytest.raises(NotFound):
        games.reply_to_message(store, clock, ann, gid, "S1901M", 999, True)
    ended = games.end_agreement(store, clock, ann, gid, "S1901M", agreement["id"])
    assert agreement["id"] not in [a["id"] for a in ended["view"]["agreements"]]
    assert any(m["kind"] == "cancel" for m in ended["view"]["messages"])
    # Read again, the phase stands as its actions left it.
    assert games.read_game(store, clock, ann, gid)["view"] == ended["view"]


def test_a_pact_i_break_is_named_with_my_order_and_the_victims_trust_falls(store, clock, ann):
    setup = {"position": position_with({"FRANCE": ["A BUR", "A MAR", "F BRE"]}),
             "agreements": [["FRANCE", "GERMANY", {"kind": "pact"}]], "trust": {"GERMANY": 80}}
    game = start(store, clock, ann, level="normal", setup=setup)
    assert game["view"]["trust"]["GERMANY"] == 80 and [a["kind"] for a in game["view"]["agreements"]] == ["pact"]
    answer = send(store, clock, ann, game, ["A BUR - MUN"])
    verdict = answer["played"][0]["verdicts"][0]
    assert (verdict["outcome"], verdict["order"], verdict["breakers"]) == ("broken", "A BUR - MUN", ["FRANCE"])
    view = answer["game"]["view"]
    assert view["trust"]["GERMANY"] <= 80 - 30 and "pact" not in [a["kind"] for a in view["agreements"]]
    declined = games.send_proposal(store, clock, ann, game["game_id"], view["phase"], "GERMANY", {"kind": "pact"})
    assert (declined["answer"]["answer"], declined["answer"]["reason"]) == ("declined", "distrust")


def test_help_estimates_my_draft_maps_the_threats_and_suggests_legal_orders(store, clock, ann):
    game = start(store, clock, ann, level="normal")
    gid = game["game_id"]
    assert games.estimates(store, ann, gid)["estimates"] == []
    saved = games.save_draft(store, clock, ann, gid, "S1901M", ["A PAR - BUR", "A MAR S A PAR - BUR"])
    assert saved["draft"]["void"] == [] and saved["game"]["view"]["draft"] == saved["draft"]
    estimated = games.estimates(store, ann, gid)
    assert estimated["draft"] == ["A PAR - BUR", "A MAR S A PAR - BUR"]
    assert next(e for e in estimated["estimates"] if e["order"] == "A PAR - BUR")["strength"] == 2
    threats = games.threats(store, ann, gid)["threats"]
    mine = [t["member_centre"] for t in threats]
    assert mine == sorted(mine, reverse=True), "my centres under threat first"
    legal = {order for entry in game["view"]["legal"] for order in entry["orders"]}
    suggested = games.suggestions(store, ann, gid)["orders"]
    assert suggested and all(s["order"] in legal and s["reason"] for s in suggested)


def test_the_history_shows_every_order_and_my_messages_and_the_record_every_message(store, clock, ann):
    game = start(store, clock, ann, level="normal")
    gid = game["game_id"]
    games.send_proposal(store, clock, ann, gid, "S1901M", "GERMANY", {"kind": "pact"})
    with pytest.raises(Conflict) as in_play:
        games.game_record(store, clock, ann, gid, None, 50)
    assert in_play.value.code is ErrorCode.IN_PLAY
    for _ in range(3):
        game = play_phase(store, clock, ann, game)["game"]
    history = games.game_history(store, ann, gid, None, 50)["phases"]
    assert history[0]["phase"] == "S1901M" and len(history[0]["orders"]) == 7
    assert all("FRANCE" in (m["from"], m["to"]) for p in history for m in p["messages"])
    assert any(m["from"] == "FRANCE" and m["to"] == "GERMANY" for m in history[0]["messages"])
    assert games.past_phase(store, ann, gid, "F1901M") == next(p for p in history if p["phase"] == "F1901M")
    with pytest.raises(NotFound):
        games.past_phase(store, ann, gid, "S1909M")
    game = games.stop_game(store, clock, ann, gid)
    record = games.game_record(store, clock, ann, gid, None, 50)
    assert record["steps"][0]["actions"][0]["kind"] == "propose"
    everyone = [m for step in record["steps"] for p in step["phases"] for m in p["messages"]]
    assert any("FRANCE" not in (m["from"], m["to"]) for m in everyone), "the AI powers' messages to each other"


def _ai_orders_of(store, ann, gid, phase) -> Json:
    played = games.past_phase(store, ann, gid, phase)
    return {power: orders for power, orders in played["orders"].items() if power != "FRANCE"}


def test_the_ai_powers_never_see_my_orders_of_the_phase_being_decided(store, clock, ann):
    first, second = start(store, clock, ann, level="normal", seed=21), start(store, clock, ann, level="normal",
                                                                             seed=21)
    for game in (first, second):
        games.send_proposal(store, clock, ann, game["game_id"], "S1901M", "ITALY", {"kind": "pact"})
        game = send(store, clock, ann, game, ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"])["game"]
    first = games.read_game(store, clock, ann, first["game_id"])
    second = games.read_game(store, clock, ann, second["game_id"])
    assert first["view"] == second["view"]
    phase = first["view"]["phase"]
    send(store, clock, ann, first, ["A BUR - MUN", "A SPA - POR", "F MAO - IRI"])
    send(store, clock, ann, second, ["A BUR H", "A SPA H", "F MAO - NAO"])
    assert _ai_orders_of(store, ann, first["game_id"], phase) == _ai_orders_of(store, ann, second["game_id"], phase)


def test_a_finished_game_replays_from_its_seed_my_orders_and_my_messages(store, clock, ann):
    game = start(store, clock, ann, level="easy", seed=5)
    gid = game["game_id"]
    offered = next(m for m in game["view"]["messages"] if m["kind"] == "proposal" and m["status"] == "open")
    games.reply_to_message(store, clock, ann, gid, "S1901M", offered["id"], True)
    games.send_proposal(store, clock, ann, gid, "S1901M", "GERMANY", {"kind": "pact"})
    game = play_out(store, clock, ann, games.read_game(store, clock, ann, gid))
    record = games.game_record(store, clock, ann, gid, None, 50)
    replayed = new_game(store.games.board(gid).seed, "FRANCE", "easy", "short")
    for step in record["steps"]:
        assert str(replayed.position.phase) == step["phase"]
        for action in step["actions"]:
            if action["kind"] == "propose":
                replayed, answer = propose(replayed, action["to"], action["proposal"])
                assert answer.to_json() == action["answer"]
            elif action["kind"] == "reply":
                replayed = reply(replayed, action["message_id"], action["accept"])
            else:
                replayed = cancel(replayed, action["agreement_id"])
        replayed, _ = submit(replayed, step["orders"])
        shown = replayed.position.to_json()
        assert {"units": shown["units"], "centres": shown["centers"]} == step["position"]
    assert replayed.result is not None
    assert (replayed.result.kind, replayed.result.centres, replayed.result.year) == tuple(game["view"]["result"].values())


def test_a_stranger_gets_the_404_of_a_game_that_does_not_exist(store, clock, ann, bob):
    game = start(store, clock, ann)
    gid = game["game_id"]
    calls = [
        lambda g: games.read_game(store, clock, bob, g),
        lambda g: games.submit_orders(store, clock, bob, g, "S1901M", [], HERE),
        lambda g: games.send_proposal(store, clock, bob, g, "S1901M", "GERMANY", {"kind": "pact"}),
        lambda g: games.reply_to_message(store, clock, bob, g, "S1901M", 1, True),
        lambda g: games.end_agreement(store, clock, bob, g, "S1901M", 1),
        lambda g: games.save_draft(store, clock, bob, g, "S1901M", []),
        lambda g: games.estimates(store, bob, g),
        lambda g: games.threats(store, bob, g),
        lambda g: games.suggestions(store, bob, g),
        lambda g: games.past_phase(store, bob, g, "S1901M"),
        lambda g: games.game_history(store, bob, g, None, 50),
        lambda g: games.game_record(store, clock, bob, g, None, 50),
        lambda g: games.stop_game(store, clock, bob, g),
    ]
    for call in calls:
        answers = []
        for target in (gid, "0" * 20):
            with pytest.raises(NotFound) as missing:
                call(target)
            answers.append((missing.value.code, missing.value.field, str(missing.value).replace(target, "ID")))
        assert answers[0] == answers[1]


def test_a_drawn_power_is_one_of_the_seven_and_a_member_has_several_games(store, clock, ann):
    drawn = games.create_solo_game(store, clock, ann, power=None, level="normal", length="full")
    other = start(store, clock, ann)
    assert drawn["view"]["power"] in games.rules().powers and drawn["length"] == "full"
    assert {g["game_id"] for g in games.list_games(store, ann, None, 20)["games"]} == {drawn["game_id"],
                                                                                     other["game_id"]}
