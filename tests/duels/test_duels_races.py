"""Races between two requests on one duel, made deterministic (moto in-process): the first request reads the
duel, and just before its transaction is sent the rival request runs to its end. The first request's write must
then fail on the duel's version and its retry must see what the rival did.

These prove the duel's own claim (``version = :read``), which nothing else stands in for: an open blitz duel's
accept creates no game (no other item's condition would stop a second accept), and a withdraw moves the
proposer's credits only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from duel_world import credit_problems, join
from gameserver.domain.duels import service as duels
from gameserver.errors import Conflict, NotFound
from gameserver.identity import Caller

STAKE = 20


def rival_before_first_write(store, rival: Callable[[], Any]) -> list[Any]:
    """Run ``rival`` once, right before the next TransactWriteItems is sent; its answer lands in the list."""
    answers: list[Any] = []

    def hook(**_: Any) -> None:
        if not answers:
            answers.append(None)  # set first: the rival's own transaction must not re-enter
            answers[0] = rival()

    store.client.meta.events.register("before-call.dynamodb.TransactWriteItems", hook)
    return answers


def balance(store, caller) -> int:
    return store.members.get_profile(caller.sub).credits


def test_two_accepts_of_one_open_blitz_duel_one_wins_the_other_meets_no_such_duel(store, clock, ann, bob):
    """The loser of the race retries on a duel that is now ann's and cat's: it answers as an unknown id does."""
    cat = Caller(sub="cat-sub", groups=frozenset(), username="cat")
    join(store, clock, ann, bob, cat)
    duel = duels.propose_duel(store, clock, ann, opponent=None, pace="blitz", stake=STAKE)
    rival = rival_before_first_write(store, lambda: duels.accept_duel(store, clock, cat, duel["duel_id"]))
    with pytest.raises(NotFound) as lost:
        duels.accept_duel(store, clock, bob, duel["duel_id"])
    assert rival[0]["opponent"] == cat.sub and rival[0]["status"] == "ready-room"
    unknown = "0" * 20
    with pytest.raises(NotFound) as never:
        duels.accept_duel(store, clock, bob, unknown)
    assert (lost.value.code, lost.value.field, lost.value.rule) == (never.value.code, never.value.field, None)
    assert lost.value.message.replace(duel["duel_id"], unknown) == never.value.message
    assert duels.read_duel(store, clock, ann, duel["duel_id"])["opponent"] == cat.sub
    assert (balance(store, bob), balance(store, cat)) == (100, 100 - STAKE), "one escrow, the winner's"
    assert credit_problems(store) == []


def test_a_withdraw_overtaken_by_an_accept_is_refused_and_returns_nothing(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="5m", stake=STAKE)
    rival = rival_before_first_write(store, lambda: duels.accept_duel(store, clock, bob, duel["duel_id"]))
    with pytest.raises(Conflict) as refused:
        duels.withdraw_duel(store, clock, ann, duel["duel_id"])
    assert rival[0]["status"] == "ready-room"
    assert refused.value.code == "duel_refused" and refused.value.rule
    assert (balance(store, ann), balance(store, bob)) == (100 - STAKE, 100 - STAKE), "both stakes in escrow"
    assert credit_problems(store) == []


def test_the_second_ready_racing_an_abandon_in_the_ready_room_ends_in_one_of_them(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="blitz", stake=STAKE)
    duels.accept_duel(store, clock, bob, duel["duel_id"])
    duels.ready(store, clock, ann, duel["duel_id"])
    rival = rival_before_first_write(store, lambda: duels.abandon(store, clock, ann, duel["duel_id"]))
    with pytest.raises(Conflict):
        duels.ready(store, clock, bob, duel["duel_id"])
    assert rival[0]["status"] == "cancelled"
    assert store.games.get(duel["duel_id"]) is None, "no game started for a cancelled duel"
    assert balance(store, ann) == balance(store, bob) == 100
    assert credit_problems(store) == []
