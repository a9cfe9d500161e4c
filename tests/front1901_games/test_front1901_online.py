"""Front 1901 online through the pipeline, on the in-memory store and a manual clock: tables that start full or
at their start time, phases with deadlines by the table's pace, members' messages and proposals among members and
AI powers, votes, and fog (no member's response depends on another's orders of the open phase, nor on a message
between two others)."""

from __future__ import annotations

import json
import threading
from datetime import timedelta
from typing import Any

import pytest
from feint_script import member
from gameserver.clock import iso, parse_iso
from gameserver.domain.front1901 import games, online
from gameserver.errors import Conflict, DomainError, NotFound
from gameserver.identity import Client
from gameserver.play import steps
from gameserver.storage.memory import MemoryStore

HERE = Client(device="d", address="192.0.2.1")
MEMBERS = {"AUSTRIA": "ann", "ENGLAND": "bob", "FRANCE": "cat", "GERMANY": "dan"}
CALLERS = {power: member(sub) for power, sub in MEMBERS.items()}


def _profile(store: MemoryStore, *subs: str) -> None:
    from gameserver.storage.records import LedgerLine, Profile

    at = "2026-12-01T09:00:00Z"
    for sub in subs:
        store.members.create_profile(Profile(sub, sub, at, 100), LedgerLine(sub, 100, "grant", at, f"g-{sub}"))


def table_game(store: MemoryStore, clock: Any, pace: str = "live", seed: int = 3, **options: Any) -> str:
    new = online.open_game(store, clock, players=dict(MEMBERS), pace=pace, seed=seed, game_id="g1", **options)
    return new.game.game_id


def view(store: MemoryStore, clock: Any, power: str, game_id: str = "g1") -> dict[str, Any]:
    return games.read_game(store, clock, CALLERS[power], game_id)


def first_orders(shown: dict[str, Any]) -> list[str]:
    """Holds in movement (the first legal order of each unit is its hold), the first retreat, the first builds."""
    v = shown["view"]
    if v["step"] == "adjustment":
        owed = abs(v["adjustment"])
        return v["legal"][0]["orders"][:owed] if v["legal"] else []
    return [entry["orders"][0] for entry in v["legal"]]


def play_phase(store: MemoryStore, clock: Any, game_id: str = "g1") -> None:
    """Every member with orders to give sends them; the last one resolves the phase."""
    game = store.games.get(game_id)
    assert game is not None
    for seat in list(game.awaiting):
        shown = view(store, clock, seat, game_id)
        games.submit_orders(store, clock, CALLERS[seat], game_id, shown["view"]["phase"], first_orders(shown), HERE)


def test_four_members_and_three_ai_play_through_1902_with_messages_and_proposals(store, clock) -> None:
    game_id = table_game(store, clock)
    first = view(store, clock, "AUSTRIA")
    assert first["mode"] == "front1901-online" and first["view"]["members"] == list(MEMBERS)
    game = store.games.get(game_id)
    assert game is not None and parse_iso(game.deadline) == clock.now() + timedelta(minutes=5)
    assert set(game.awaiting) == set(MEMBERS)
    # A proposal to an AI power is answered at once; one to a member waits for their reply.
    to_ai = games.send_proposal(store, clock, CALLERS["AUSTRIA"], game_id, "S1901M", "ITALY", {"kind": "pact"})
    assert to_ai["answer"]["answer"] in ("accepted", "declined")
    games.send_proposal(store, clock, CALLERS["FRANCE"], game_id, "S1901M", "ENGLAND", {"kind": "pact"})
    [offered] = [m for m in view(store, clock, "ENGLAND")["view"]["messages"]
                 if m["from"] == "FRANCE" and m["kind"] == "proposal"]
    games.reply_to_message(store, clock, CALLERS["ENGLAND"], game_id, "S1901M", offered["id"], True)
    games.send_message(store, clock, CALLERS["GERMANY"], game_id, "S1901M", None, "Peace in our time.")
    games.send_message(store, clock, CALLERS["GERMANY"], game_id, "S1901M", "AUSTRIA", "Just between us.")
    assert any(m["text"] == "Just between us." for m in view(store, clock, "AUSTRIA")["view"]["messages"])
    assert not any(m["text"] == "Just between us." for m in view(store, clock, "ENGLAND")["view"]["messages"])
    assert any(m["text"] == "Peace in our time." for m in view(store, clock, "ENGLAND")["view"]["messages"])
    pact = [a for a in view(store, clock, "FRANCE")["view"]["agreements"] if a["kind"] == "pact"]
    assert [(a["proposer"], a["recipient"]) for a in pact if a["recipient"] == "ENGLAND"] == [("FRANCE", "ENGLAND")]
    while store.games.get(game_id).label != "S1903M":  # type: ignore[union-attr]
        play_phase(store, clock)
    records = store.games.step_records(game_id)
    assert [r.label for r in records][:2] == ["S1901M", "F1901M"] and all(r.closed_by == "orders" for r in records)
    assert view(store, clock, "FRANCE")["view"]["phase"] == "S1903M"


def test_a_phase_closes_at_its_deadline_the_missing_member_holds_and_a_late_timer_changes_nothing(store, clock):
    game_id = table_game(store, clock)
    for power in ("AUSTRIA", "ENGLAND", "FRANCE"):
        shown = view(store, clock, power)
        games.submit_orders(store, clock, CALLERS[power], game_id, "S1901M", first_orders(shown), HERE)
    assert steps.resolve(store, clock, game_id, 1) == "early"
    clock.advance(5 * 60)
    assert steps.resolve(store, clock, game_id, 1) == "resolved"
    assert steps.resolve(store, clock, game_id, 1) == "stale"  # delivered twice
    clock.advance(3600)
    assert steps.resolve(store, clock, game_id, 1) == "stale"  # delivered late
    [record] = store.games.step_records(game_id)
    assert record.closed_by == "deadline" and record.missed["GERMANY"] and not record.missed["FRANCE"]
    played = record.record["phases"][0]
    assert [played["results"][unit] for unit in ("A BER", "A MUN", "F KIE")] == ["holds"] * 3  # missed: they hold
    game = store.games.get(game_id)
    assert game is not None and game.label == "F1901M"


def test_retreats_and_adjustments_take_the_shorter_time_of_the_pace() -> None:
    from gameserver.clock import PhasePace, phase_time

    assert [phase_time(p, False) for p in PhasePace] == [timedelta(minutes=5), timedelta(hours=24),
                                                         timedelta(hours=48)]
    assert [phase_time(p, True) for p in PhasePace] == [timedelta(minutes=2), timedelta(hours=12),
                                                        timedelta(hours=24)]


def test_the_last_two_members_sending_at_once_resolve_the_phase_once(store, clock) -> None:
    game_id = table_game(store, clock)
    for power in ("AUSTRIA", "ENGLAND"):
        games.submit_orders(store, clock, CALLERS[power], game_id, "S1901M", first_orders(view(store, clock, power)),
                            HERE)
    shown = {p: first_orders(view(store, clock, p)) for p in ("FRANCE", "GERMANY")}
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def send(power: str) -> None:
        barrier.wait()
        try:
            games.submit_orders(store, clock, CALLERS[power], game_id, "S1901M", shown[power], HERE)
        except DomainError as error:  # the other's transaction won: a 409 to send again, nothing half-written
            errors.append(error)

    threads = [threading.Thread(target=send, args=(p,)) for p in shown]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    game = store.games.get(game_id)
    assert game is not None
    if game.label == "S1901M":  # one was refused as busy: sending again resolves it
        [error] = errors
        assert isinstance(error, Conflict)
        power = next(p for p in shown if not game.submissions[p].sent)
        games.submit_orders(store, clock, CALLERS[power], game_id, "S1901M", shown[power], HERE)
    assert [r.label for r in store.games.step_records(game_id)] == ["S1901M"]


def _normalised(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def test_fog_another_members_orders_of_the_open_phase_change_nothing_a_third_member_reads(clock) -> None:
    one, other = MemoryStore(), MemoryStore()
    for store in (one, other):
        table_game(store, clock)
    holds = first_orders(view(one, clock, "AUSTRIA"))
    games.submit_orders(one, clock, CALLERS["AUSTRIA"], "g1", "S1901M", holds, HERE)
    games.submit_orders(other, clock, CALLERS["AUSTRIA"], "g1", "S1901M", ["A VIE - GAL", "A BUD - SER"], HERE)
    for store in (one, other):
        games.save_draft(store, clock, CALLERS["FRANCE"], "g1", "S1901M", ["A PAR - BUR"])
    france = CALLERS["FRANCE"]
    for route in (lambda s: view(s, clock, "FRANCE"), lambda s: games.estimates(s, france, "g1"),
                  lambda s: games.threats(s, france, "g1"), lambda s: games.suggestions(s, france, "g1"),
                  lambda s: games.game_history(s, france, "g1", None, 50)):
        assert _normalised(route(one)) == _normalised(route(other))
    estimated = games.estimates(one, france, "g1")
    assert estimated["draft"] == ["A PAR - BUR"] and estimated["estimates"]


def test_fog_private_messages_between_two_others_never_reach_a_third_member(clock) -> None:
    one, other = MemoryStore(), MemoryStore()
    for store, text in ((one, "Take Munich."), (other, "Nothing today.")):
        table_game(store, clock)
        games.send_message(store, clock, CALLERS["AUSTRIA"], "g1", "S1901M", "ENGLAND", text)
    for _ in range(3):
        assert _normalised(view(one, clock, "FRANCE")) == _normalised(view(other, clock, "FRANCE"))
        for store in (one, other):
            play_phase(store, clock)
    assert _normalised(games.game_history(one, CALLERS["FRANCE"], "g1", None, 50)) == _normalised(
        games.game_history(other, CALLERS["FRANCE"], "g1", None, 50))


def test_a_draw_every_member_votes_for_ends_the_game_and_a_concession_gives_one_power_the_win(clock) -> None:
    store = MemoryStore()
    table_game(store, clock)
    for power in MEMBERS:
        games.cast_vote(store, clock, CALLERS[power], "g1", "S1901M", "draw", None)
    play_phase(store, clock)
    over = store.games.get("g1")
    assert over is not None and over.status == "over" and over.winner == "draw"
    assert view(store, clock, "FRANCE")["view"]["ends"] == "draw"
    store = MemoryStore()
    table_game(store, clock)
    for power in MEMBERS:
        games.cast_vote(store, clock, CALLERS[power], "g1", "S1901M", "concede", "TURKEY")
    play_phase(store, clock)
    assert store.games.get("g1").winner == "TURKEY"  # type: ignore[union-attr]


def test_a_draw_not_every_member_votes_for_plays_on(clock) -> None:
    store = MemoryStore()
    table_game(store, clock)
    for power in ("AUSTRIA", "ENGLAND", "FRANCE"):
        games.cast_vote(store, clock, CALLERS[power], "g1", "S1901M", "draw", None)
    play_phase(store, clock)
    assert store.games.get("g1").status == "open"  # type: ignore[union-attr]


def test_a_table_starts_when_its_seats_are_picked_and_one_with_a_start_time_starts_with_ai_powers(store, clock):
    _profile(store, "ann", "bob", "cat", "dan", "eve")
    ann, bob = member("ann"), member("bob")
    table = online.create_table(store, clock, ann, seats=2, level="easy", pace="1d", press="gunboat",
                                length="short", rated=True, seating="picked", power="FRANCE")
    assert parse_iso(table["closes_at"]) == clock.now() + timedelta(days=7)
    with pytest.raises(Conflict):
        online.join_table(store, clock, bob, table["table_id"], power="FRANCE")
    started = online.join_table(store, clock, bob, table["table_id"], power="TURKEY", seed=5)
    game = store.games.get(started["game_id"])
    assert game is not None and game.players["FRANCE"] == "ann" and game.players["TURKEY"] == "bob"
    assert game.players["ITALY"] == "ai:easy" and game.pace == "1d"
    assert game.options["rated"] == "no" and game.options["unrated"] == "fewer-than-five-members"
    assert parse_iso(game.deadline) == clock.now() + timedelta(hours=24)
    later = online.create_table(store, clock, ann, seats=5, level="normal", pace="live", press="full",
                                length="full", rated=False, seating="dealt",
                                starts_at=iso(clock.now() + timedelta(hours=1)))
    online.join_table(store, clock, member("cat"), later["table_id"])
    assert online.start_due(store, clock) == {}
    clock.advance(3600)
    assert online.start_due(store, clock) == {"started": 1}
    begun = store.lobby.get_table(later["table_id"])
    assert begun is not None and begun.status == "started" and begun.game_id is not None
    dealt = store.games.get(begun.game_id)
    assert dealt is not None and sorted(p for p in dealt.players.values() if ":" not in p) == ["ann", "cat"]
    lonely = online.create_table(store, clock, ann, seats=3, level="normal", pace="2d", press="full",
                                 length="short", rated=False, seating="dealt")
    clock.advance(7 * 24 * 3600)
    assert online.read_table(store, clock, ann, lonely["table_id"])["status"] == "cancelled"


def _send_all_but(store: MemoryStore, clock: Any, missing: str) -> None:
    game = store.games.get("g1")
    assert game is not None
    for seat in game.awaiting:
        if seat != missing:
            shown = view(store, clock, seat)
            games.submit_orders(store, clock, CALLERS[seat], "g1", shown["view"]["phase"], first_orders(shown), HERE)


def test_a_member_who_misses_two_phases_is_replaced_by_an_ai_that_keeps_the_agreements_then_reclaims(store, clock):
    table_game(store, clock)
    games.send_proposal(store, clock, CALLERS["FRANCE"], "g1", "S1901M", "ENGLAND", {"kind": "pact"})
    [offered] = [m for m in view(store, clock, "ENGLAND")["view"]["messages"] if m["from"] == "FRANCE"]
    games.reply_to_message(store, clock, CALLERS["ENGLAND"], "g1", "S1901M", offered["id"], True)
    for _ in range(2):  # FRANCE misses S1901M and F1901M: each closes at its deadline
        _send_all_but(store, clock, "FRANCE")
        clock.advance(5 * 60)
        assert steps.resolve(store, clock, "g1", store.games.get("g1").step) == "resolved"  # type: ignore[union-attr]
    mine = view(store, clock, "FRANCE")["view"]
    assert mine["kept_by_ai"] is True
    assert [(a["proposer"], a["recipient"]) for a in mine["agreements"] if a["kind"] == "pact"] == [
        ("FRANCE", "ENGLAND")]
    game = store.games.get("g1")
    assert game is not None and "FRANCE" not in game.awaiting and game.players["FRANCE"] == "cat"
    with pytest.raises(Conflict):  # an AI power keeps the seat: no orders from the member until they reclaim it
        games.send_message(store, clock, CALLERS["FRANCE"], "g1", game.label, None, "I am back")
    step_before = game.step
    play_phase(store, clock)  # the others' orders alone resolve it: the AI power decided FRANCE's at the close
    kept = store.games.step_records("g1")[-1]
    assert kept.step == step_before and kept.closed_by == "orders"
    assert all("FRANCE" in phase["kept_by_ai"] for phase in kept.record["phases"])
    while store.games.get("g1").label[-1] != "M":  # type: ignore[union-attr]
        play_phase(store, clock)
    label = store.games.get("g1").label  # type: ignore[union-attr]
    games.reclaim_seat(store, clock, CALLERS["FRANCE"], "g1", label)
    play_phase(store, clock)
    back = view(store, clock, "FRANCE")["view"]
    assert back["kept_by_ai"] is False and "FRANCE" in back["members"]
    game = store.games.get("g1")
    assert game is not None and ("FRANCE" in game.awaiting or game.label[-1] != "M")
    assert any(a["recipient"] == "ENGLAND" and a["kind"] == "pact" for a in back["agreements"])
    history = games.game_history(store, CALLERS["FRANCE"], "g1", None, 50)["phases"]
    assert [p["phase"] for p in history if "FRANCE" in p["kept_by_ai"]][:1] and not history[0]["kept_by_ai"]


def test_a_rated_game_of_five_members_moves_their_ratings_once_and_an_unrated_one_moves_none(clock) -> None:
    from gameserver.domain.front1901 import ratings

    store = MemoryStore()
    five = {**MEMBERS, "ITALY": "eve"}
    callers = {**CALLERS, "ITALY": member("eve")}
    online.open_game(store, clock, players=five, pace="live", seed=3, game_id="g1", rated=True)
    for caller in callers.values():
        games.cast_vote(store, clock, caller, "g1", "S1901M", "concede", "AUSTRIA")
    for caller in callers.values():
        shown = games.read_game(store, clock, caller, "g1")
        games.submit_orders(store, clock, caller, "g1", "S1901M", first_orders(shown), HERE)
    assert store.games.get("g1").winner == "AUSTRIA"  # type: ignore[union-attr]
    held = store.front1901.online_ratings(tuple(five.values()))
    assert set(held) == set(five.values()) and all(r.rating.games == 1 and r.last_game == "g1" for r in held.values())
    assert held["ann"].rating.mu > max(r.rating.mu for sub, r in held.items() if sub != "ann")
    board = ratings.board(store, None, 10)["entries"]
    assert board[0]["member"] == "ann" and len(board) == 5
    unrated = MemoryStore()
    table_game(unrated, clock, rated=True)  # four members: it starts unrated
    assert unrated.games.get("g1").options["unrated"] == "fewer-than-five-members"  # type: ignore[union-attr]
    for power in MEMBERS:
        games.cast_vote(unrated, clock, CALLERS[power], "g1", "S1901M", "draw", None)
    play_phase(unrated, clock)
    assert unrated.games.get("g1").status == "over"  # type: ignore[union-attr]
    assert unrated.front1901.online_ratings(tuple(MEMBERS.values())) == {}


def _rated_game(store: MemoryStore, clock: Any, game_id: str, winner: str) -> None:
    """A rated game of five members, conceded at once to ``winner``."""
    five = {**MEMBERS, "ITALY": "eve"}
    callers = {**CALLERS, "ITALY": member("eve")}
    online.open_game(store, clock, players=five, pace="live", seed=3, game_id=game_id, rated=True)
    for caller in callers.values():
        games.cast_vote(store, clock, caller, game_id, "S1901M", "concede", winner)
    for caller in callers.values():
        shown = games.read_game(store, clock, caller, game_id)
        games.submit_orders(store, clock, caller, game_id, "S1901M", first_orders(shown), HERE)
    assert store.games.get(game_id).status == "over"  # type: ignore[union-attr]


def test_a_moderators_void_of_a_rated_game_takes_back_its_rating_changes_exactly_once(clock) -> None:
    """"Void a finished duel (it no longer counts: its rating changes are taken back)" (platform rules), for a
    rated online game: each member's rating loses exactly that game's change, a later game's change stays, and a
    second void changes nothing."""
    from gameserver.domain.moderation.void import void_front1901_game
    from gameserver.identity import Caller

    moderator = Caller(sub="mod-sub", groups=frozenset({"moderators"}), username="mod")
    subs = (*MEMBERS.values(), "eve")
    store = MemoryStore()
    _rated_game(store, clock, "g1", "AUSTRIA")
    after_first = {sub: r.rating for sub, r in store.front1901.online_ratings(subs).items()}
    _rated_game(store, clock, "g2", "ENGLAND")
    after_both = {sub: r.rating for sub, r in store.front1901.online_ratings(subs).items()}
    with pytest.raises(DomainError):  # a member is no moderator
        void_front1901_game(store, clock, CALLERS["AUSTRIA"], "g1", "no reason")
    shown = void_front1901_game(store, clock, moderator, "g1", "collusion")
    now = store.front1901.online_ratings(subs)
    for sub in subs:  # the second game's change stays: now = both - (first - prior)
        first = after_first[sub]
        assert now[sub].rating.mu == pytest.approx(after_both[sub].mu - (first.mu - 25.0), abs=1e-3)
        assert now[sub].rating.sigma == pytest.approx(after_both[sub].sigma - (first.sigma - 25 / 3), abs=1e-3)
        assert now[sub].rating.games == 1
    assert {r["member"] for r in shown["ratings"]} == set(subs)
    with pytest.raises(Conflict) as again:  # exactly once
        void_front1901_game(store, clock, moderator, "g1", "collusion")
    assert again.value.rule == "voided"
    assert store.front1901.online_ratings(subs) == now
    void_front1901_game(store, clock, moderator, "g2", "collusion")  # both voided: every rating back at the prior
    assert all(r.rating.mu == pytest.approx(25.0, abs=1e-3) and r.rating.games == 0
               for r in store.front1901.online_ratings(subs).values())
    audited = [line for line in store.audit.lines(None, 50).items if line.target == "g1"]
    assert sorted(line.member for line in audited) == sorted(subs) and {line.action for line in audited} == {"void-game"}
    unrated = MemoryStore()
    table_game(unrated, clock)
    with pytest.raises(Conflict):  # in play
        void_front1901_game(unrated, clock, moderator, "g1", "collusion")


def _set_up(position: dict[str, Any]) -> str:
    full = {"dislodged": {}, "contested": [], **position}
    full["units"] = {p: sorted(u) for p, u in full["units"].items()}
    full["centers"] = {p: sorted(c) for p, c in full["centers"].items()}
    return json.dumps({"position": full})


def test_a_draw_an_ai_power_refuses_when_it_leads_with_twelve_centres(clock) -> None:
    store = MemoryStore()
    setup = _set_up({"phase": "S1905M",
                     "units": {"AUSTRIA": ["A WAR"], "ENGLAND": ["F LON"], "FRANCE": ["A PAR"], "GERMANY": ["A BER"],
                               "TURKEY": ["A CON"]},
                     "centers": {"AUSTRIA": ["WAR"], "ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["PAR", "BRE", "MAR"],
                                 "GERMANY": ["BER", "KIE", "MUN"], "ITALY": ["ROM", "NAP", "VEN"], "RUSSIA": ["STP"],
                                 "TURKEY": ["ANK", "CON", "SMY", "SEV", "BUL", "RUM", "GRE", "SER", "BUD", "VIE",
                                            "TRI", "MOS"]}})
    online.open_game(store, clock, players=dict(MEMBERS), pace="live", seed=3, game_id="g1", setup=setup)
    for power in MEMBERS:
        games.cast_vote(store, clock, CALLERS[power], "g1", "S1905M", "draw", None)
    play_phase(store, clock)
    game = store.games.get("g1")
    assert game is not None and game.status == "open" and game.label != "S1905M"  # TURKEY plays to win


def test_a_solo_at_eighteen_centres_ends_the_game_with_its_winner(clock) -> None:
    store = MemoryStore()
    setup = _set_up({"phase": "F1905M",
                     "units": {"AUSTRIA": ["A GRE"], "ENGLAND": ["F LON"], "GERMANY": ["A BUR"], "ITALY": ["A ROM"],
                               "TURKEY": ["A SMY"]},
                     "centers": {"GERMANY": ["BER", "KIE", "MUN", "HOL", "BEL", "DEN", "SWE", "NWY", "WAR", "MOS",
                                             "STP", "VIE", "BUD", "TRI", "SER", "RUM", "BUL"],
                                 "FRANCE": ["PAR"], "ENGLAND": ["LON", "EDI", "LVP"], "AUSTRIA": ["GRE"],
                                 "ITALY": ["ROM", "NAP", "VEN", "TUN"], "TURKEY": ["ANK", "CON", "SMY", "SEV"]}})
    online.open_game(store, clock, players=dict(MEMBERS), pace="live", seed=3, game_id="g1", setup=setup)
    game = store.games.get("g1")
    assert game is not None and "FRANCE" not in game.awaiting  # no units: nothing to order
    games.submit_orders(store, clock, CALLERS["GERMANY"], "g1", "F1905M", ["A BUR - PAR"], HERE)
    for power in ("AUSTRIA", "ENGLAND"):
        games.submit_orders(store, clock, CALLERS[power], "g1", "F1905M", [], HERE)
    over = store.games.get("g1")
    assert over is not None and over.status == "over" and over.winner == "GERMANY"
    shown = view(store, clock, "FRANCE")["view"]
    assert shown["ranks"]["GERMANY"] == 1 and shown["winners"] == ["GERMANY"]


def test_linked_accounts_may_sit_at_one_table_never_rated_for_them_and_marked(clock) -> None:
    from datetime import date

    store = MemoryStore()
    for sub in ("ann", "bob"):  # seen with one address today: linked
        store.fairplay.record_sighting(sub, date(2026, 12, 1), None, "192.0.2.7")
    five = {**MEMBERS, "ITALY": "eve"}
    callers = {**CALLERS, "ITALY": member("eve")}
    online.open_game(store, clock, players=five, pace="live", seed=3, game_id="g1", rated=True)
    game = store.games.get("g1")
    assert game is not None and game.options["unrated_for"] == "ann,bob" and game.options["rated"] == "yes"
    marks, _ = store.fairplay.marks(None, 10)
    assert sorted((m.member, m.kind.value, m.other) for m in marks) == [
        ("ann", "linked-accounts", "bob"), ("bob", "linked-accounts", "ann")]
    for caller in callers.values():
        games.cast_vote(store, clock, caller, "g1", "S1901M", "concede", "AUSTRIA")
    for caller in callers.values():
        games.submit_orders(store, clock, caller, "g1", "S1901M", first_orders(games.read_game(store, clock, caller,
                                                                                              "g1")), HERE)
    assert set(store.front1901.online_ratings(tuple(five.values()))) == {"cat", "dan", "eve"}


def test_a_member_reports_a_text_sent_to_them_and_moderators_read_it_and_no_other(store, clock) -> None:
    table_game(store, clock)
    games.send_message(store, clock, CALLERS["GERMANY"], "g1", "S1901M", "AUSTRIA", "You will regret this.")
    games.send_message(store, clock, CALLERS["GERMANY"], "g1", "S1901M", "ENGLAND", "Not reported.")
    [text] = [m for m in view(store, clock, "AUSTRIA")["view"]["messages"] if m["kind"] == "text"]
    with pytest.raises(DomainError):  # a message not sent to them: as if it did not exist
        games.report_message(store, clock, CALLERS["FRANCE"], "g1", "S1901M", text["id"])
    made = games.report_message(store, clock, CALLERS["AUSTRIA"], "g1", "S1901M", text["id"])
    again = games.report_message(store, clock, CALLERS["AUSTRIA"], "g1", "S1901M", text["id"])
    assert made == again
    reports = games.reported_messages(store, None, 10)["reports"]
    assert [(r["from"], r["to"], r["text"]) for r in reports] == [("GERMANY", "AUSTRIA", "You will regret this.")]


def test_a_member_reports_a_text_of_an_earlier_phase_sent_to_them_and_only_that(store, clock) -> None:
    table_game(store, clock)
    games.send_message(store, clock, CALLERS["GERMANY"], "g1", "S1901M", "AUSTRIA", "You will regret this.")
    games.send_message(store, clock, CALLERS["GERMANY"], "g1", "S1901M", None, "To all, in spring.")
    texts = {m["to"]: m for m in view(store, clock, "AUSTRIA")["view"]["messages"] if m["kind"] == "text"}
    private, public = texts["AUSTRIA"], texts[None]
    play_phase(store, clock)
    play_phase(store, clock)  # two phases on: S1901M is two phases back
    assert store.games.get("g1").label not in ("S1901M", "F1901M")  # type: ignore[union-attr]
    with pytest.raises(DomainError):  # not sent to England, in this phase or any
        games.report_message(store, clock, CALLERS["ENGLAND"], "g1", "S1901M", private["id"])
    with pytest.raises(DomainError):  # their own text is not theirs to report
        games.report_message(store, clock, CALLERS["GERMANY"], "g1", "S1901M", public["id"])
    with pytest.raises(DomainError):  # a phase not played yet
        games.report_message(store, clock, CALLERS["AUSTRIA"], "g1", "F1905M", private["id"])
    made = games.report_message(store, clock, CALLERS["AUSTRIA"], "g1", "S1901M", private["id"])
    assert made == games.report_message(store, clock, CALLERS["AUSTRIA"], "g1", "S1901M", private["id"])
    games.report_message(store, clock, CALLERS["FRANCE"], "g1", "S1901M", public["id"])
    reports = games.reported_messages(store, None, 10)["reports"]
    assert sorted((r["reporter"], r["phase"], r["from"], r["to"], r["text"]) for r in reports) == [
        ("ann", "S1901M", "GERMANY", "AUSTRIA", "You will regret this."),
        ("cat", "S1901M", "GERMANY", None, "To all, in spring.")]


def test_a_too_regular_pace_leaves_a_mark_at_the_end(store, clock) -> None:
    table_game(store, clock)
    for _ in range(6):
        clock.advance(30)  # every member sends 30 seconds after each phase opens, to the second
        play_phase(store, clock)
    label = store.games.get("g1").label  # type: ignore[union-attr]
    for power in MEMBERS:
        games.cast_vote(store, clock, CALLERS[power], "g1", label, "draw", None)
    clock.advance(30)
    play_phase(store, clock)
    assert store.games.get("g1").status == "over"  # type: ignore[union-attr]
    marks, _ = store.fairplay.marks(None, 20)
    assert {(m.member, m.kind.value) for m in marks} >= {(sub, "pace-too-regular") for sub in MEMBERS.values()}


def test_a_member_cannot_stop_the_tables_game_for_the_others(store, clock) -> None:
    """The solo game's stop ends the game for its one member; at a table it would end it for every member: a
    member who leaves misses their phases and an AI power keeps the seat."""
    table_game(store, clock)
    with pytest.raises(Conflict) as refused:
        games.stop_game(store, clock, CALLERS["FRANCE"], "g1")
    assert refused.value.rule == "table-plays-on"
    game = store.games.get("g1")
    assert game is not None and game.status == "open" and game.stopped is None


def test_fog_an_agreement_between_two_other_members_leaves_a_third_members_agreement_ids_alone(clock) -> None:
    """A private pact between FRANCE and ENGLAND is not news: AUSTRIA's own agreement with ITALY, its id
    included, is the same whether or not the other two agreed."""
    one, other = MemoryStore(), MemoryStore()
    for store in (one, other):
        table_game(store, clock)
    games.send_proposal(one, clock, CALLERS["FRANCE"], "g1", "S1901M", "ENGLAND", {"kind": "pact"})
    [offered] = [m for m in view(one, clock, "ENGLAND")["view"]["messages"] if m["from"] == "FRANCE"]
    games.reply_to_message(one, clock, CALLERS["ENGLAND"], "g1", "S1901M", offered["id"], True)
    for store in (one, other):
        games.send_proposal(store, clock, CALLERS["AUSTRIA"], "g1", "S1901M", "ITALY", {"kind": "pact"})
    assert view(one, clock, "AUSTRIA")["view"]["agreements"]
    assert _normalised(view(one, clock, "AUSTRIA")) == _normalised(view(other, clock, "AUSTRIA"))
    for store in (one, other):
        play_phase(store, clock)
    assert _normalised(games.game_history(one, CALLERS["AUSTRIA"], "g1", None, 50)) == _normalised(
        games.game_history(other, CALLERS["AUSTRIA"], "g1", None, 50))


def test_a_member_whose_ratings_are_frozen_keeps_their_rating_at_a_rated_tables_end(clock) -> None:
    """"Freeze the ratings of an account: no more ... ratings that move": the frozen member is not rated, the
    others are."""
    from gameserver.storage.moderation import Freeze, FreezeWrite

    store = MemoryStore()
    five = {**MEMBERS, "ITALY": "eve"}
    callers = {**CALLERS, "ITALY": member("eve")}
    online.open_game(store, clock, players=five, pace="live", seed=3, game_id="g1", rated=True)
    store.transact([FreezeWrite(Freeze("bob", iso(clock.now()), "mod"))])
    for caller in callers.values():
        games.cast_vote(store, clock, caller, "g1", "S1901M", "concede", "AUSTRIA")
    for caller in callers.values():
        games.submit_orders(store, clock, caller, "g1", "S1901M", first_orders(games.read_game(store, clock, caller,
                                                                                              "g1")), HERE)
    assert store.games.get("g1").winner == "AUSTRIA"  # type: ignore[union-attr]
    assert set(store.front1901.online_ratings(tuple(five.values()))) == {"ann", "cat", "dan", "eve"}


def test_a_tables_own_actions_on_a_solo_game_answer_a_declared_invalid_naming_the_game(store, clock, ann) -> None:
    """Texts, votes and reclaiming are a table's: on a solo game each route answers 422 ``invalid`` (a code every
    route declares) naming the game, not an undeclared ``illegal_orders`` naming a ``kind`` no request has."""
    from gameserver.errors import ErrorCode, InvalidInput

    solo = games.create_solo_game(store, clock, ann, power="FRANCE", level="easy", length="short", seed=5)
    for call in (lambda: games.send_message(store, clock, ann, solo["game_id"], "S1901M", None, "Hello"),
                 lambda: games.cast_vote(store, clock, ann, solo["game_id"], "S1901M", "draw", None),
                 lambda: games.reclaim_seat(store, clock, ann, solo["game_id"], "S1901M")):
        with pytest.raises(InvalidInput) as refused:
            call()
        assert (refused.value.code, refused.value.field, refused.value.rule) == (ErrorCode.INVALID, "game_id",
                                                                                  "no-table")


def test_a_table_that_closed_unstarted_leaves_the_sweeps_list_so_it_never_blocks_a_later_start(store, clock):
    """A table whose start time came with its host alone, then closed: the sweep cancels it once and never reads
    it again, so the sweep's page (``limit``) goes to the tables it can start."""
    _profile(store, "ann", "cat")
    ann = member("ann")
    lonely = online.create_table(store, clock, ann, seats=3, level="easy", pace="1d", press="full", length="short",
                                 rated=False, seating="dealt", starts_at=iso(clock.now() + timedelta(hours=1)))
    clock.advance(7 * 24 * 3600 + 60)
    later = online.create_table(store, clock, ann, seats=3, level="easy", pace="1d", press="full", length="short",
                                rated=False, seating="dealt", starts_at=iso(clock.now() + timedelta(hours=1)))
    online.join_table(store, clock, member("cat"), later["table_id"])
    clock.advance(3600)
    assert online.start_due(store, clock, limit=1) == {"cancelled": 1}
    assert online.start_due(store, clock, limit=1) == {"started": 1}
    assert store.lobby.get_table(later["table_id"]).status == "started"  # type: ignore[union-attr]
    assert online.read_table(store, clock, ann, lonely["table_id"])["status"] == "cancelled"
    assert online.start_due(store, clock, limit=1) == {}


def test_a_table_starting_at_the_end_of_its_seven_days_starts_though_the_sweep_comes_after_its_close(store, clock):
    """A start time the table accepted (its last instant, ``closes_at``) is kept: the sweep a minute later starts
    it with the members seated by then."""
    _profile(store, "ann", "cat")
    table = online.create_table(store, clock, member("ann"), seats=3, level="easy", pace="1d", press="full",
                                length="short", rated=False, seating="dealt",
                                starts_at=iso(clock.now() + timedelta(days=7)))
    online.join_table(store, clock, member("cat"), table["table_id"])
    clock.advance(7 * 24 * 3600 + 30)
    assert online.start_due(store, clock) == {"started": 1}
    assert store.lobby.get_table(table["table_id"]).status == "started"  # type: ignore[union-attr]


def test_a_member_with_nothing_to_order_in_a_winter_votes_and_the_draw_passes(clock) -> None:
    """"A draw when every surviving member votes for it": in a winter where Austria alone builds, the three
    members with nothing to order vote as Austria does, and the draw ends the game when the phase closes."""
    store = MemoryStore()
    setup = _set_up({"phase": "W1901A",
                     "units": {"AUSTRIA": ["A SER", "A BUD", "F TRI"], "ENGLAND": ["F LON"], "FRANCE": ["A PAR"],
                               "GERMANY": ["A BER"], "ITALY": ["A ROM"], "RUSSIA": ["A MOS"], "TURKEY": ["A CON"]},
                     "centers": {"AUSTRIA": ["VIE", "BUD", "TRI", "SER"], "ENGLAND": ["LON"], "FRANCE": ["PAR"],
                                 "GERMANY": ["BER"], "ITALY": ["ROM"], "RUSSIA": ["MOS"], "TURKEY": ["CON"]}})
    online.open_game(store, clock, players=dict(MEMBERS), pace="live", seed=3, game_id="g1", setup=setup)
    game = store.games.get("g1")
    assert game is not None and set(game.awaiting) == {"AUSTRIA"}
    for power in MEMBERS:
        games.cast_vote(store, clock, CALLERS[power], "g1", "W1901A", "draw", None)
    with pytest.raises(DomainError):  # a vote is a table member's, not a way to act for a seat of another
        games.submit_orders(store, clock, CALLERS["ENGLAND"], "g1", "W1901A", ["A LVP B"], HERE)
    play_phase(store, clock)
    over = store.games.get("g1")
    assert over is not None and over.status == "over" and over.winner == "draw"


def test_a_table_of_one_game_is_not_found_through_another_games_routes(store, clock) -> None:
    """Feint's and Front 1901's tables share the tables area (``domain.tables``); each game's routes see its own."""
    from gameserver.domain.feint import online as feint_online

    _profile(store, "ann", "bob")
    ann, bob = member("ann"), member("bob")
    front = online.create_table(store, clock, ann, seats=3, level="easy", pace="1d", press="full", length="short",
                                rated=False, seating="dealt")
    feint = feint_online.create_table(store, clock, ann, seats=3, pace="5m", bots=0, invite=[])
    for read, table_id in ((feint_online.read_table, front["table_id"]), (online.read_table, feint["table_id"])):
        with pytest.raises(NotFound):
            read(store, clock, bob, table_id)
    with pytest.raises(NotFound):
        feint_online.join_table(store, clock, bob, front["table_id"])
    with pytest.raises(NotFound):
        online.join_table(store, clock, bob, feint["table_id"])
    assert online.read_table(store, clock, bob, front["table_id"])["open_seats"] == 2
