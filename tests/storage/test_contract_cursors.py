"""Pagination cursors on both stores: opaque (no table key, no id of what the page holds, readable in them),
and only the cursors this deployment handed out for this list are taken back. A cursor changed in any byte,
sealed under another deployment's key, cut short, made up, or handed out by another list is refused
(``InvalidCursor``: the API's 400 ``invalid_cursor`` naming ``cursor``)."""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from gameserver.config import get_settings
from gameserver.platform.fairplay.links import Link, LinkKind
from gameserver.platform.fairplay.marks import linked_marks
from gameserver.storage import cursors
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.duels import OPEN_DUELS, DuelWrite, proposals_to
from test_contract_games import created
from test_contract_platform import AT, duel, escrow, member


@dataclass(frozen=True)
class Listing:
    """One paged list of a store: ``page(cursor) -> (ids on the page, next cursor)``, and what it must list."""

    page: Callable[[str | None], tuple[list[str], str | None]]
    expected: list[str]
    secrets: tuple[str, ...]
    """Text a cursor of this list must not show: the key attributes' names and values."""



def games(store) -> Listing:
    for n in range(5):
        created(store, f"g{n}", created_at=f"2026-12-01T09:0{n}:00Z")

    def page(cursor: str | None) -> tuple[list[str], str | None]:
        found = store.games.list_plays("ann", "feinthold", cursor, 2)
        return [p.game_id for p in found.items], found.cursor

    return Listing(page, ["g4", "g3", "g2", "g1", "g0"], ("pk", "sk", "ann", "g1", "g2", "g3", "MEMBER", "PLAY"))


def open_duels(store) -> Listing:
    if store.members.get_profile("ann") is None:
        member(store, "ann")
    for n in range(5):
        d = duel(f"o{n}", opponent=None, stake=1)
        store.transact([DuelWrite(d, None, AT, lines=escrow(d))])

    def page(cursor: str | None) -> tuple[list[str], str | None]:
        found, after = store.duels.proposals(OPEN_DUELS, cursor, 2)
        return [s.duel.id for s in found], after

    return Listing(page, [f"o{n}" for n in range(5)], ("pk", "sk", "gsi1", "o1", "o2", "o3", "DUEL", "2026"))


def ledger(store) -> Listing:
    if store.members.get_profile("ann") is None:
        member(store, "ann")
    for n in range(4):
        d = duel(f"l{n}", opponent=None, stake=1)
        store.transact([DuelWrite(d, None, AT, lines=escrow(d))])

    def page(cursor: str | None, limit: int = 2) -> tuple[list[str], str | None]:
        found = store.members.ledger("ann", cursor, limit)
        return [line.line_id for line in found.items], found.cursor

    everything = page(None, 50)[0]  # lines of one instant: the store's own order, newest first
    assert sorted(everything) == sorted(["grant-ann", *(f"l{n}-0" for n in range(4))])
    return Listing(page, everything, ("pk", "sk", "ann", "l1-0", "LEDGER", "2026", "escrow"))


def marks(store) -> Listing:
    for n in range(3):
        written = linked_marks(f"g{n}", ("ann", "bob"), Link(LinkKind.DEVICE, "phone"), f"2026-12-01T09:0{n}:00Z")
        store.transact([DuelWrite(duel(f"m{n}", stake=0), None, AT, marks=written)])

    def page(cursor: str | None, limit: int = 2) -> tuple[list[str], str | None]:
        found, after = store.fairplay.marks(cursor, limit)
        return [f"{m.member}:{m.game_id}" for m in found], after

    everything = page(None, 50)[0]  # newest first; the two marks of one game in the store's own order
    assert [item.split(":")[1] for item in everything] == ["g2", "g2", "g1", "g1", "g0", "g0"]
    return Listing(page, everything, ("pk", "sk", "gsi1", "ann", "bob", "MARK", "g1", "2026"))


LISTINGS = {"games": games, "open-duels": open_duels, "ledger": ledger, "marks": marks}


@pytest.fixture(params=sorted(LISTINGS))
def listing(request: pytest.FixtureRequest, store) -> Listing:
    return LISTINGS[request.param](store)


def walk(listing: Listing, first: str | None = None) -> Iterator[tuple[list[str], str | None]]:
    cursor = first
    while True:
        ids, cursor = listing.page(cursor)
        yield ids, cursor
        if cursor is None:
            return


def a_cursor(listing: Listing) -> str:
    cursor = listing.page(None)[1]
    assert cursor is not None, "the list needs a second page"
    return cursor


def test_the_pages_followed_by_their_cursors_list_everything_once_in_order(listing):
    assert [item for ids, _ in walk(listing) for item in ids] == listing.expected


def test_a_cursor_shows_no_key_and_nothing_the_page_holds(listing):
    for _, cursor in walk(listing):
        if cursor is None:
            continue
        plain = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        for secret in listing.secrets:
            assert secret.encode() not in plain, (secret, plain)
            # In the text itself too (a cursor that is no base64 at all), for words long enough that base64's
            # own letters cannot spell them by chance.
            assert len(secret) < 5 or secret not in cursor, (secret, cursor)


def test_a_cursor_changed_in_any_byte_is_refused(listing):
    cursor = a_cursor(listing)
    raw = bytearray(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    for at in range(len(raw)):
        changed = bytearray(raw)
        changed[at] ^= 0x01
        with pytest.raises(InvalidCursor):
            listing.page(base64.urlsafe_b64encode(bytes(changed)).decode().rstrip("="))


def test_a_malformed_made_up_or_cut_cursor_is_refused(listing):
    assert listing.page("")[0] == listing.page(None)[0], "an empty cursor is the first page"
    cursor = a_cursor(listing)
    made_up = ["x", "%%%", "bm90LWEtY3Vyc29y", "A" * 40, "é", base64.urlsafe_b64encode(b'{"pk":"x"}').decode()]
    for wrong in made_up + [cursor[:length] for length in (1, 8, 22, len(cursor) - 1)]:
        with pytest.raises(InvalidCursor):
            listing.page(wrong)


def test_a_cursor_sealed_under_another_deployments_key_is_refused(listing, monkeypatch):
    monkeypatch.setenv("CURSOR_KEY", "another-deployment-key-fedcba9876543210")
    get_settings.cache_clear()
    foreign = a_cursor(listing)
    monkeypatch.undo()
    get_settings.cache_clear()
    assert a_cursor(listing) != foreign
    with pytest.raises(InvalidCursor):
        listing.page(foreign)


def test_a_cursor_of_another_list_is_refused(store):
    lists = [LISTINGS[name](store) for name in sorted(LISTINGS)]
    for mine in lists:
        for other in lists:
            if other is not mine:
                with pytest.raises(InvalidCursor):
                    mine.page(a_cursor(other))


def test_a_cursor_opens_only_where_it_was_bound_member_route_and_resource(listing):
    ann_games = cursors.binding("ann", "/v1/games")
    with cursors.bound_to(ann_games):
        cursor = a_cursor(listing)
        assert listing.page(cursor)[0], "the same member on the same path pages on"
    for elsewhere in (cursors.binding("bob", "/v1/games"), cursors.binding("ann", "/v1/feinthold/games"),
                      cursors.binding("ann", "/v1/feint/games/0123456789abcdef0123/record"), ""):
        with cursors.bound_to(elsewhere), pytest.raises(InvalidCursor):
            listing.page(cursor)
    with cursors.bound_to(ann_games):
        second = listing.page(cursor)[0]
        moved = cursors.rebind(cursor, cursors.binding("ann", "/v1/moderation/audit"))
    with cursors.bound_to(cursors.binding("ann", "/v1/moderation/audit")):
        assert listing.page(moved)[0] == second, "handed on to another route, it pages on there"


def test_a_cursor_of_another_partition_of_the_same_query_is_refused(store):
    member(store, "ann")
    for n in range(3):
        d = duel(f"d{n}", opponent="bob", stake=1)
        store.transact([DuelWrite(d, None, AT, lines=escrow(d))])
    to_bob = store.duels.proposals(proposals_to("bob"), None, 1)[1]
    assert to_bob is not None
    with pytest.raises(InvalidCursor):
        store.duels.proposals(OPEN_DUELS, to_bob, 1)


def test_the_seal_is_the_key_holders_alone():
    """The module's own round trip: what is sealed opens to the same value, under the same key only."""
    value = {"on": "board#2026-12-01", "after": "0#ann", "ahead": 3, "rank": 2}
    sealed = cursors.encode_json(value)
    assert cursors.decode_json(sealed) == value and "ann" not in sealed
    assert cursors.encode_json(value) == sealed, "deterministic: the same page, the same cursor"
    ann = "MEMBER#ann"
    assert cursors.decode_sort_key(cursors.encode_sort_key(ann, "PLAY#feinthold#x"), ann,
                                   "PLAY#feinthold#") == "PLAY#feinthold#x"
    with pytest.raises(InvalidCursor):
        cursors.decode_sort_key(cursors.encode_sort_key(ann, "PLAY#feint#x"), ann, "PLAY#feinthold#")
    with pytest.raises(InvalidCursor):
        cursors.decode_sort_key(cursors.encode_sort_key(ann, "PLAY#feinthold#x"), "MEMBER#bob", "PLAY#feinthold#")
