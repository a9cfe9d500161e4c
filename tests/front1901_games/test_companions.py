"""A mode that reads no companions costs no read: a Front 1901 phase's read asks for no duel (``DUEL#``) and no
tournament, while a Feinthold game's still asks for its duel, as a duel's game needs it."""

from __future__ import annotations

from gameserver.domain.front1901 import games
from gameserver.identity import Client
from gameserver.play import modes
from gameserver.storage.duels import DuelCompanion

HERE = Client(device="phone-1", address="192.0.2.1")


def test_a_front1901_phase_and_its_stop_read_no_companion(store, clock, ann, monkeypatch):
    asked: list[list[object]] = []
    reading = store.games.read_step

    def read_step(game_id, sub=None, companions=()):
        asked.append(list(companions))
        return reading(game_id, sub, companions)

    monkeypatch.setattr(store.games, "read_step", read_step)
    game = games.create_solo_game(store, clock, ann, power="FRANCE", level="easy", length="short", seed=7)
    games.submit_orders(store, clock, ann, game["game_id"], "S1901M", [], HERE)
    games.stop_game(store, clock, ann, game["game_id"])
    assert len(asked) == 2 and asked == [[], []]


def test_a_game_of_a_kind_a_duel_is_played_in_still_reads_its_duel():
    game_id = "0" * 20
    assert DuelCompanion(game_id) in modes.companions(game_id, "feinthold")
    assert DuelCompanion(game_id) in modes.companions(game_id), "a read that does not know the game's kind"
    assert modes.companions(game_id, "front1901") == modes.companions(game_id, "feint") == []
