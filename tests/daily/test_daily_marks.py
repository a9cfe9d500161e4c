"""A Daily Front played at a machine's regular pace: "A pace too regular (coefficient of variation of the delays
under 0.1 over at least 5 turns) leaves the Daily Front unranked and leaves a mark" (moto in-process)."""

from __future__ import annotations

import pytest
from daily_world import member, steady_orders
from gameserver.domain import feinthold as games
from gameserver.domain.daily import front as daily_front
from gameserver.domain.daily import results as daily_results
from gameserver.domain.moderation import marks_page
from gameserver.errors import Forbidden
from gameserver.identity import Caller, Client

MODERATOR = Caller(sub="mod-sub", groups=frozenset({"moderators"}), username="mod")


def play(store, clock, caller, delays) -> str:
    game = daily_front.start_front(store, clock, caller)["game"]
    while game["status"] == "open":
        clock.advance(delays[game["turn"] - 1])
        game = games.submit_orders(store, clock, caller, game["game_id"], game["turn"],
                                   steady_orders(game["view"]), Client())["game"]
    return game["game_id"]


@pytest.mark.parametrize(("delays", "reason", "kinds"), [
    ([20, 20, 21, 20, 20, 21, 20, 20], "pace-too-regular", ["pace-too-regular"]),
    # reported first, and the pace is too regular as well: both leave their mark
    ([2, 2, 2, 2, 2, 2, 2, 2], "faster-than-a-human", ["pace-too-regular", "too-fast"]),
])
def test_a_pace_too_regular_leaves_the_front_unranked_and_a_mark(store, clock, delays, reason, kinds):
    bot = member("bot")
    game_id = play(store, clock, bot, delays)
    mine = daily_front.my_front(store, clock, bot)["mine"]
    assert (mine["ranked"], mine["not_ranked"]) == (False, reason)
    marks = sorted(marks_page(store, MODERATOR, None, 10)["marks"], key=lambda mark: mark["kind"])
    assert marks == [{"mark_id": mark["mark_id"], "member": bot.sub, "kind": kind,
                      "game_id": game_id, "at": mine["finished_at"], "other_member": None, "shared": None,
                      "status": "open", "closed_by": None, "closed_at": None, "why": None}
                     for mark, kind in zip(marks, kinds, strict=True)]
    read = store.games.read_step(game_id)
    stored, board = read.game, read.board
    assert daily_results.record_result(store, stored, board) == "already"
    assert len(marks_page(store, MODERATOR, None, 10)["marks"]) == len(kinds), "written once"


def test_a_humans_pace_leaves_no_mark_and_members_never_see_marks(store, clock):
    ada = member("ada")
    play(store, clock, ada, [13, 27, 9, 31, 18, 22, 40, 15])
    assert daily_front.my_front(store, clock, ada)["mine"]["ranked"] is True
    assert marks_page(store, MODERATOR, None, 10)["marks"] == []
    with pytest.raises(Forbidden) as refused:
        marks_page(store, ada, None, 10)
    assert refused.value.code == "moderators_only" and refused.value.status == 403
