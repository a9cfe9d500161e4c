"""The games area's contract, on both stores: a game is created once; a step commits once per version; a
submission holds its step, its count and another awaited seat's silence; the due index holds open steps with
a deadline only; a member's games page newest first; invitations are answered once."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import DueStep, NewGame, StepCommit
from gameserver.storage.invitations import Invitation, InvitationAccepted
from gameserver.storage.records import (
    Game,
    HiddenState,
    MemberViews,
    Play,
    StepRecord,
    Submission,
)

AT = "2026-12-01T09:00:00Z"


def game(game_id: str = "g1", *, step: int = 1, version: int = 1, deadline: str | None = "2026-12-01T09:05:00Z",
         status: str = "open", created_at: str = AT) -> Game:
    return Game(game_id=game_id, kind="feinthold", mode="friendly", players={"south": "ann", "north": "bob"},
                pace="5m", status=status, step=step, label=str(step), epoch=step - 1, version=version,
                created_at=created_at, opened_at=AT, deadline=deadline if status == "open" else None,
                submissions={"south": Submission(), "north": Submission()}, awaiting=("south", "north"),
                winner=None if status == "open" else "south", finished_at=None if status == "open" else AT,
                result=None if status == "open" else "won", options={"layout": "crown-1"})


def board(game_id: str = "g1", epoch: int = 0) -> HiddenState:
    return HiddenState(game_id=game_id, epoch=epoch, state={"turn": epoch + 1}, seed=7, stand_ins={"south": None})


def views(game_id: str = "g1", epoch: int = 0, sub: str = "ann") -> MemberViews:
    return MemberViews(game_id=game_id, sub=sub, epoch=epoch, views={"south": {"seen": epoch}})


def play(g: Game, sub: str = "ann") -> Play:
    return Play(sub=sub, game_id=g.game_id, kind=g.kind, created_at=g.created_at, seats=("south",),
                players=dict(g.players), mode=g.mode, status=g.status, step=g.step, label=g.label,
                deadline=g.deadline, winner=g.winner, result=g.result)


def created(store, game_id: str = "g1", **kwargs) -> Game:
    g = game(game_id, **kwargs)
    store.transact([NewGame(g, board(game_id), [views(game_id)], [play(g)])])
    return g


def commit_of(before: Game, **changes) -> StepCommit:
    after = replace(before, step=before.step + 1, label=str(before.step + 1), epoch=before.epoch + 1,
                    version=before.version + 1, **changes)
    record = StepRecord(game_id=before.game_id, step=before.step, label=before.label, opened_at=AT,
                        deadline=before.deadline, resolved_at=AT, closed_by="orders",
                        submissions=before.submissions, missed={"south": False, "north": False}, record={"n": 1})
    return StepCommit(before.version, after, board(before.game_id, after.epoch), [views(before.game_id, after.epoch)],
                      [record], [play(after)])


def test_a_game_is_created_once_and_read_back_with_its_board_and_views(store):
    g = created(store)
    with pytest.raises(WriteConflict):
        store.transact([NewGame(g, board(), [], [])])
    read = store.games.read_step("g1", "ann")
    assert read.game == g and read.board == board() and read.views == views()
    assert store.games.read_view("g1", "ann").views == views() and store.games.read_view("g1", "ann").board is None
    assert store.games.read_step("g1", "stranger").views is None
    assert store.games.read_step("nope").game is None and store.games.get("nope") is None
    assert store.games.board("g1") == board()


def test_a_step_commits_once_per_version_with_its_records_in_order(store):
    g = created(store)
    first = commit_of(g)
    store.transact([first])
    with pytest.raises(WriteConflict):
        store.transact([first])
    second = commit_of(first.game)
    store.transact([second])
    assert [r.step for r in store.games.step_records("g1")] == [1, 2]
    read = store.games.read_step("g1", "ann")
    assert (read.game.step, read.board.epoch, read.views.epoch) == (3, 2, 2)


def test_a_commit_and_a_rider_land_together_or_not_at_all(store):
    g = created(store)
    pending = Invitation("i1", "feinthold", "ann", "bob", None, None, "5m", "pending", AT, AT)
    store.invitations.put(pending)
    accepted = InvitationAccepted(replace(pending, status="accepted", game_id="g2"))
    stale = commit_of(replace(g, version=9))
    with pytest.raises(WriteConflict):
        store.transact([stale, accepted])
    assert store.invitations.get("i1").status == "pending" and store.games.step_records("g1") == []
    store.transact([commit_of(g), accepted])
    assert store.invitations.get("i1").status == "accepted" and len(store.games.step_records("g1")) == 1
    with pytest.raises(WriteConflict):
        store.transact([NewGame(game("g3"), board("g3"), [], []), accepted])
    assert store.games.get("g3") is None, "a refused rider leaves the game unwritten"


def test_a_submission_holds_its_step_its_count_and_another_seats_silence(store):
    g = created(store)
    first = Submission(orders=[{"move": 1}], count=1, sent_at=AT, device="d1", address="192.0.2.1")
    stored = store.games.save_submission(g, "south", first)
    assert stored.version == g.version + 1 and stored.submissions["south"] == first
    with pytest.raises(WriteConflict):  # the count it read is no longer the count
        store.games.save_submission(g, "south", first)
    with pytest.raises(WriteConflict):  # another step
        store.games.save_submission(replace(stored, step=2), "south", replace(first, count=2))
    again = store.games.save_submission(stored, "south", replace(first, count=2, device="d2"))
    assert store.games.get("g1") == again and again.submissions["south"].device == "d2"
    with pytest.raises(WriteConflict):  # south has sent: north, the last to send, resolves the step instead
        store.games.save_submission(again, "north", first)
    assert store.games.get("g1") == again


def test_only_open_steps_with_a_deadline_are_due_earliest_first(store):
    created(store, "g1", deadline="2026-12-01T09:07:00Z")
    created(store, "g2", deadline="2026-12-01T09:06:00Z")
    created(store, "g3", deadline=None)
    created(store, "g4", status="over")
    assert store.games.due_steps("2026-12-01T09:05:59Z", 10) == []
    assert store.games.due_steps("2026-12-01T10:00:00Z", 10) == [
        DueStep("g2", 1, "2026-12-01T09:06:00Z"), DueStep("g1", 1, "2026-12-01T09:07:00Z")]
    assert store.games.due_steps("2026-12-01T10:00:00Z", 1) == [DueStep("g2", 1, "2026-12-01T09:06:00Z")]
    store.transact([commit_of(store.games.get("g2"), status="over", deadline=None)])
    assert [d.game_id for d in store.games.due_steps("2026-12-01T10:00:00Z", 10)] == ["g1"]


def test_a_members_games_page_newest_first_and_a_forged_cursor_is_refused(store):
    for n in range(5):
        created(store, f"g{n}", created_at=f"2026-12-01T09:0{n}:00Z")
    pages, cursor = [], None
    while True:
        page = store.games.list_plays("ann", "feinthold", cursor, 2)
        pages.append([p.game_id for p in page.items])
        cursor = page.cursor
        if cursor is None:
            break
    assert [g for page in pages for g in page] == ["g4", "g3", "g2", "g1", "g0"]
    assert store.games.list_plays("ann", "feint", None, 2).items == []
    with pytest.raises(InvalidCursor):
        store.games.list_plays("ann", "feinthold", "bm90LWEtY3Vyc29y", 2)


def test_an_invitation_is_answered_once_and_listed_for_both_members(store):
    pending = Invitation("i1", "feinthold", "ann", "bob", None, "south", "1d", "pending", AT, AT)
    store.invitations.put(pending)
    with pytest.raises(WriteConflict):
        store.invitations.put(pending)
    assert [i.invitation_id for i in store.invitations.listed("bob", received=True, limit=5)] == ["i1"]
    assert [i.invitation_id for i in store.invitations.listed("ann", received=False, limit=5)] == ["i1"]
    store.invitations.answer(replace(pending, status="declined", answered_at=AT))
    with pytest.raises(WriteConflict):
        store.invitations.answer(replace(pending, status="declined", answered_at=AT))
    assert store.invitations.listed("bob", received=True, limit=5) == []
    assert store.invitations.get("i1").status == "declined"


def test_an_action_is_appended_once_on_the_step_and_version_it_answered(store):
    g = created(store)
    one = store.games.save_action(g, {"call": 1})
    assert one.actions == ({"call": 1},) and one.version == g.version + 1
    with pytest.raises(WriteConflict):  # answered the step as it stood before the first action
        store.games.save_action(g, {"call": 2})
    two = store.games.save_action(one, {"call": 2})
    assert store.games.get("g1").actions == ({"call": 1}, {"call": 2}) == two.actions
    with pytest.raises(WriteConflict):
        store.games.save_action(replace(two, step=2), {"call": 3})


def test_a_games_steps_read_in_pages_in_order(store):
    g = created(store)
    for _ in range(5):
        commit = commit_of(g)
        store.transact([commit])
        g = commit.game
    pages, cursor = [], None
    while True:
        page = store.games.step_page("g1", cursor, 2)
        pages.append([r.step for r in page.items])
        if page.cursor is None:
            break
        cursor = page.cursor
    assert pages == [[1, 2], [3, 4], [5]]
    assert store.games.step_page("nope", None, 2).items == []
    with pytest.raises(InvalidCursor):
        store.games.step_page("g1", "bm90LWEtY3Vyc29y", 2)


def test_a_games_history_cursor_pages_no_other_game(store):
    for game_id in ("g1", "g2"):
        g = created(store, game_id)
        for _ in range(3):
            commit = commit_of(g)
            store.transact([commit])
            g = commit.game
    of_g1 = store.games.step_page("g1", None, 1).cursor
    assert of_g1 is not None and [r.step for r in store.games.step_page("g1", of_g1, 1).items] == [2]
    with pytest.raises(InvalidCursor):
        store.games.step_page("g2", of_g1, 1)


def test_a_members_games_of_every_kind_page_newest_first(store):
    made = []
    for n in range(7):
        g = replace(game(f"g{n}", created_at=f"2026-12-01T09:0{n}:00Z"), kind=("feinthold", "feint", "front1901")[n % 3])
        store.transact([NewGame(g, board(g.game_id), [views(g.game_id)], [play(g)])])
        made.append(g.game_id)
    kinds = ("feinthold", "feint")
    wanted = [g for n, g in reversed(list(enumerate(made))) if n % 3 != 2]
    pages, cursor = [], None
    while True:
        page = store.games.list_all_plays("ann", kinds, cursor, 2)
        pages.append([p.game_id for p in page.items])
        cursor = page.cursor
        if cursor is None:
            break
    assert [g for page in pages for g in page] == wanted and all(len(page) <= 2 for page in pages)
    assert {p.kind for p in store.games.list_all_plays("ann", kinds, None, 10).items} == set(kinds)
    with pytest.raises(InvalidCursor):
        store.games.list_all_plays("ann", kinds, "bm90LWEtY3Vyc29y", 2)


def test_a_commit_drops_the_views_of_a_member_who_left(store):
    g = created(store)
    store.transact([commit_of(g)._replace(views=[], dropped=("ann",))])
    assert store.games.read_view("g1", "ann").views is None and store.games.read_step("g1", "ann").views is None
