"""Proposals lapse in storage (moto in-process, manual clock): a proposal carries its lapse time on the duel's
due index, the duel sweep lapses it (claimed by the duel's version: once), the stake comes back with a ``return``
ledger line, and it leaves the proposal lists. A late answer is refused with 409 ``duel_lapsed`` and brings the
stake back at once; a withdraw racing the lapse: exactly one of them is written."""

from __future__ import annotations

from typing import Any

import pytest
from duel_world import START, credit_problems, join
from gameserver.clock import iso
from gameserver.domain import members
from gameserver.domain.duels import service as duels
from gameserver.errors import Conflict
from gameserver.identity import Caller
from gameserver.storage.duels import OPEN_DUELS, proposals_to

HOUR = 3600
DAY = 86_400
STAKE = 30


def balance(store, caller: Caller) -> int:
    return store.members.get_profile(caller.sub).credits


def lines_of(store, clock, caller: Caller, duel_id: str) -> list[tuple[int, str]]:
    """The member's ledger lines of that duel, oldest first, as the credits route shows them."""
    found = members.my_credits(store, clock, caller, None, 50)["lines"]
    return [(line["amount"], line["kind"]) for line in reversed(found) if line["ref"] == duel_id]


def stored_proposals(store, partition: str) -> list[str]:
    """What the proposals index holds (not filtered by the clock, unlike the list route)."""
    found, _ = store.duels.proposals(partition, None, 50)
    return [s.duel.id for s in found]


def due(store) -> list[str]:
    return [due.duel_id for due in store.duels.due_duels("9999-12-31T00:00:00Z", 50)]


def test_an_open_blitz_proposal_lapses_an_hour_later_and_its_stake_comes_back(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=None, pace="blitz", stake=STAKE)
    duel_id = duel["duel_id"]
    assert duel["lapses_at"] == "2026-11-30T10:00:00Z" and balance(store, ann) == 100 - STAKE
    assert due(store) == [duel_id], "the proposal is on the duels' due index at its lapse time"
    listed = duels.list_duels(store, clock, bob, "open", None, 20)["duels"]
    assert [(d["duel_id"], d["lapses_at"]) for d in listed] == [(duel_id, "2026-11-30T10:00:00Z")]

    clock.advance(HOUR - 1)
    assert duels.sweep(store, clock) == {}, "not due yet"
    assert duels.lapse_proposal(store, clock, duel_id) == "early"
    assert duels.read_duel(store, clock, ann, duel_id)["status"] == "proposed"

    clock.advance(1)
    assert duels.sweep(store, clock) == {"lapsed": 1}
    lapsed = duels.read_duel(store, clock, ann, duel_id)
    assert (lapsed["status"], lapsed["ending"], lapsed["finished_at"]) == ("lapsed", "lapsed", iso(clock.now()))
    assert lapsed["lapses_at"] is None and lapsed["opponent"] is None
    assert balance(store, ann) == 100 and balance(store, bob) == 100
    assert lines_of(store, clock, ann, duel_id) == [(-STAKE, "escrow"), (STAKE, "return")]
    assert stored_proposals(store, OPEN_DUELS) == [] and due(store) == [], "off the open list and the due index"
    assert duels.list_duels(store, clock, bob, "open", None, 20)["duels"] == []

    version = lapsed["version"]
    assert duels.sweep(store, clock) == {}, "a second sweep finds nothing"
    assert duels.lapse_proposal(store, clock, duel_id) == "stale", "a late call changes nothing"
    assert duels.read_duel(store, clock, ann, duel_id)["version"] == version
    assert lines_of(store, clock, ann, duel_id) == [(-STAKE, "escrow"), (STAKE, "return")]
    assert credit_problems(store) == []


def test_a_correspondence_proposal_is_open_for_7_days(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel_id = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="2d", stake=STAKE)["duel_id"]
    clock.advance(6 * DAY)
    assert duels.sweep(store, clock) == {}
    assert [d["duel_id"] for d in duels.list_duels(store, clock, bob, "to-me", None, 20)["duels"]] == [duel_id]
    assert duels.read_duel(store, clock, bob, duel_id)["status"] == "proposed" and balance(store, ann) == 70

    clock.advance(DAY)
    assert duels.sweep(store, clock) == {"lapsed": 1}
    assert duels.read_duel(store, clock, bob, duel_id)["status"] == "lapsed"
    assert stored_proposals(store, proposals_to(bob.sub)) == []
    assert balance(store, ann) == 100 and credit_problems(store) == []


def test_an_accept_after_the_lapse_time_is_refused_and_the_stake_comes_back_once(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel_id = duels.propose_duel(store, clock, ann, opponent=None, pace="5m", stake=STAKE)["duel_id"]
    clock.advance(HOUR)  # no sweep has run yet: the proposal is still stored as proposed
    assert duels.list_duels(store, clock, bob, "open", None, 20)["duels"] == [], "past its time: not offered"
    for _ in range(2):
        with pytest.raises(Conflict) as refused:
            duels.accept_duel(store, clock, bob, duel_id)
        assert refused.value.code == "duel_lapsed"
    assert store.games.get(duel_id) is None
    assert (balance(store, ann), balance(store, bob)) == (100, 100), "the accept escrowed nothing"
    assert duels.read_duel(store, clock, ann, duel_id)["status"] == "lapsed", "the late accept lapsed it"
    assert duels.sweep(store, clock) == {}
    assert lines_of(store, clock, ann, duel_id) == [(-STAKE, "escrow"), (STAKE, "return")]
    assert lines_of(store, clock, bob, duel_id) == []
    assert credit_problems(store) == []


def test_reading_a_proposal_past_its_time_shows_it_lapsed(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel_id = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="1d", stake=STAKE)["duel_id"]
    clock.advance(7 * DAY + 5)
    assert duels.read_duel(store, clock, bob, duel_id)["status"] == "lapsed"
    assert balance(store, ann) == 100 and duels.sweep(store, clock) == {}
    with pytest.raises(Conflict) as refused:
        duels.withdraw_duel(store, clock, ann, duel_id)
    assert (refused.value.code, refused.value.rule) == ("duel_lapsed", "withdraw-when-lapsed")
    assert credit_problems(store) == []


# ------------------------------------------------------------------ races, made deterministic
def rival_before_first_write(store, rival) -> list[Any]:
    """Run ``rival`` once, right before the next TransactWriteItems is sent; its answer lands in the list."""
    answers: list[Any] = []

    def hook(**_: Any) -> None:
        if not answers:
            answers.append(None)  # set first: the rival's own transaction must not re-enter
            answers[0] = rival()

    store.client.meta.events.register("before-call.dynamodb.TransactWriteItems", hook)
    return answers


def test_a_withdraw_overtaken_by_the_lapse_is_refused_and_the_stake_comes_back_once(store, clock, ann):
    join(store, clock, ann)
    duel_id = duels.propose_duel(store, clock, ann, opponent=None, pace="blitz", stake=STAKE)["duel_id"]
    clock.advance(HOUR - 1)

    def sweep_at_the_lapse_time() -> dict[str, int]:
        clock.advance(1)
        return duels.sweep(store, clock)

    rival = rival_before_first_write(store, sweep_at_the_lapse_time)
    with pytest.raises(Conflict) as refused:
        duels.withdraw_duel(store, clock, ann, duel_id)
    assert rival == [{"lapsed": 1}]
    assert refused.value.code == "duel_lapsed"
    assert duels.read_duel(store, clock, ann, duel_id)["status"] == "lapsed"
    assert lines_of(store, clock, ann, duel_id) == [(-STAKE, "escrow"), (STAKE, "return")]
    assert balance(store, ann) == 100 and credit_problems(store) == []


def test_a_lapse_overtaken_by_a_withdraw_changes_nothing(store, clock, ann):
    join(store, clock, ann)
    duel_id = duels.propose_duel(store, clock, ann, opponent=None, pace="blitz", stake=STAKE)["duel_id"]
    clock.advance(HOUR)

    def withdraw_a_second_earlier() -> dict[str, Any]:
        clock.set(START.replace(minute=59, second=59))  # the withdraw's request came in just before the lapse
        try:
            return duels.withdraw_duel(store, clock, ann, duel_id)
        finally:
            clock.advance(1)

    rival = rival_before_first_write(store, withdraw_a_second_earlier)
    assert duels.sweep(store, clock) == {"stale": 1}
    assert rival[0]["status"] == "withdrawn"
    assert duels.read_duel(store, clock, ann, duel_id)["status"] == "withdrawn"
    assert lines_of(store, clock, ann, duel_id) == [(-STAKE, "escrow"), (STAKE, "return")]
    assert balance(store, ann) == 100 and due(store) == [] and credit_problems(store) == []
