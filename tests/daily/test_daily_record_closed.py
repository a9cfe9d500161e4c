"""Nobody rehearses the day: a Daily Front's record (the house AI plays the same way against everyone who plays
the same way) stays closed to its player until that day's board is final, 00:30 UTC the next day; the game
view says when it opens, from the first turn on. Other games open their record at their end."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from daily_world import member
from gameserver.domain import feinthold as games
from gameserver.domain.daily import front as daily_front
from gameserver.domain.feinthold import house
from gameserver.errors import Conflict
from gameserver.platform.daily import board_final_at
from test_daily_front_stored import HUMAN, play


def test_the_record_of_a_front_opens_when_its_days_board_is_final(store, clock):
    """Started at 23:59 and over after midnight: still closed at 00:29:59, open at 00:30:00 (UTC)."""
    owl = member("owl")
    clock.set(datetime(2026, 11, 30, 23, 59, 0, tzinfo=UTC))
    started = daily_front.start_front(store, clock, owl)["game"]
    opens = "2026-12-01T00:30:00Z"
    assert started["record_opens_at"] == opens, "known from the first turn"
    final = play(store, clock, owl, started, HUMAN)
    assert final["status"] == "over" and final["record_opens_at"] == opens
    for moment in (clock.now(), datetime(2026, 12, 1, 0, 29, 59, tzinfo=UTC)):
        clock.set(moment)
        with pytest.raises(Conflict) as closed:
            games.game_record(store, clock, owl, final["game_id"])
        assert (closed.value.code, closed.value.rule) == ("record_closed", "record-opens-at")
        assert opens in closed.value.message
    clock.set(datetime(2026, 12, 1, 0, 30, 0, tzinfo=UTC))
    record = games.game_record(store, clock, owl, final["game_id"])
    assert record["game_id"] == final["game_id"] and len(record["turns"]) == final["turn"]


def test_a_front_over_in_the_morning_stays_closed_all_day():
    """The finality is the day's, not the game's: a morning Front waits for the next day's 00:30 too."""
    morning = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    assert board_final_at(morning.date()) == datetime(2026, 11, 24, 0, 30, tzinfo=UTC)
    assert board_final_at(morning.date()) - morning > timedelta(hours=15)


def test_a_house_game_opens_its_record_at_its_end(store, clock):
    ada = member("ada")
    game = house.create_house_game(store, clock, ada, house_ai="ram", pace="5m", layout=None, side="south")
    assert game["record_opens_at"] is None, "in play: not known yet"
    final = play(store, clock, ada, game, [20] * 8)
    assert final["status"] == "over" and final["record_opens_at"] is not None
    assert final["record_opens_at"] <= clock.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    assert games.game_record(store, clock, ada, final["game_id"])["game_id"] == final["game_id"]
