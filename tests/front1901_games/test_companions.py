"""A mode that reads no companions costs no read: a Front 1901 phase's read asks for no duel (``DUEL#``) and no
tournament, while a Feinthold game's still asks for its duel, as a duel's game needs it, unless the read holds
the game's item already (a view's read resolving the turns past their deadline): then its own mode's alone."""

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


def test_a_read_that_holds_the_game_item_asks_for_its_own_mode_companions_alone():
    game_id = "0" * 20
    assert modes.companions(game_id, "feinthold", "house") == []
    assert modes.companions(game_id, "feinthold", "duel") == [DuelCompanion(game_id)]


def test_a_house_game_settled_from_a_view_read_asks_for_no_duel(store, clock, ann, monkeypatch):
    from gameserver.domain import feinthold
    from gameserver.domain.feinthold.house import create_house_game

    asked: list[list[object]] = []
    reading = store.games.read_step

    def read_step(game_id, sub=None, companions=()):
        asked.append(list(companions))
        return reading(game_id, sub, companions)

    game = create_house_game(store, clock, ann, house_ai="sentinel", pace="1d", seed=7)
    monkeypatch.setattr(store.games, "read_step", read_step)
    clock.advance(2 * 24 * 3600)  # turn 1's deadline and turn 2's have passed: the view's read resolves both
    shown = feinthold.read_game(store, clock, ann, game["game_id"])
    assert shown["turn"] == 3
    assert asked == [[]], "the view's read held the game's item: its mode (house) reads no duel"
