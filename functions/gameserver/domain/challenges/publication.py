"""Published doctrines: a member publishes one of their doctrines (and again, as a new version), withdraws it;
a moderator hides one; everyone lists them by rating and reads their pages, the house AIs among them.

Rules: "A member can publish a doctrine: the others then challenge it in a rated game, like the three house AIs.
[...] The rules of the house AIs are public; those of a member's doctrine stay theirs." Platform decisions:
"Publishing again makes a new version of the same published doctrine: same id, same rating, new rules from then
on." "Moderators may hide a doctrine".

Choices (docs/platform.md, "Doctrine challenges, wired"): a slot publishes one doctrine, whose id is drawn from the
member and the slot (``doctrine_id_of``), so publishing from that slot again is always a new version of it, and
the slot's later edits reach it only then. A hidden doctrine answers 404 to everyone but its author, like a
doctrine that does not exist; a withdrawn one keeps its page (its name was never the problem), out of the
listing and closed to challenges. The house AIs are stored the first time a process needs them.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import replace
from datetime import datetime

from gameserver.clock import Clock, iso
from gameserver.domain.challenges.answers import (
    GlickoRating,
    IfChallenged,
    PublishedLine,
    PublishedList,
    PublishedPage,
)
from gameserver.domain.fairplay import link_of
from gameserver.domain.feinthold import rules
from gameserver.domain.moderation import reason, require_moderator
from gameserver.errors import Conflict, DomainError, ErrorCode, Forbidden, InvalidInput, NotFound
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.platform.challenges import (
    ChallengeRuleError,
    ChallengeStatus,
    ChallengeUnrated,
    DoctrineStatus,
    HouseAI,
    PublishedDoctrine,
    hide,
    house_doctrine,
    publish,
    publish_again,
    start_verdict,
    withdraw,
)
from gameserver.platform.fairplay.links import Link
from gameserver.play.steps import ATTEMPTS
from gameserver.storage.audit import AuditAction, AuditLine
from gameserver.storage.challenges import DoctrineWrite, StoredDoctrine
from gameserver.storage.errors import WriteConflict
from gameserver.storage.fairplay import Seen
from gameserver.storage.port import Store
from gameserver.words import HouseAi

HIDE_DOCTRINE = AuditAction.HIDE_DOCTRINE
"""The audit log's action of a hiding."""

_HOUSE = {ai.doctrine_id: ai for ai in HouseAI}
_FIELDS = {"doctrine-name-length": "name", "doctrine-name-characters": "name", "doctrine-name-reserved": "name",
           "house-ai-not-hidden": "doctrine_id", "challenge-pace": "pace", "not-own-doctrine": "doctrine_id"}


def doctrine_id_of(sub: str, slot: int) -> str:
    """The id of the doctrine a member publishes from a slot: the same every time, so a slot publishes one
    doctrine (each publication a new version of it); 20 hex digits like every other id, never ``house-``."""
    return hashlib.sha256(f"published#{sub}#{slot}".encode()).hexdigest()[:20]


def refused(error: ChallengeRuleError) -> DomainError:
    """A refusal of the challenge rules as the API answers it, naming the rule (and the field at fault)."""
    field = _FIELDS.get(error.rule)
    if error.rule == "not-own-doctrine":
        return InvalidInput(str(error), field=field, rule=error.rule, code=ErrorCode.OWN_DOCTRINE)
    if error.rule == "doctrine-withdrawn":
        return Conflict(str(error), field="doctrine_id", rule=error.rule, code=ErrorCode.DOCTRINE_WITHDRAWN)
    if error.rule == "doctrine-hidden":
        return Conflict(str(error), field="doctrine_id", rule=error.rule, code=ErrorCode.DOCTRINE_HIDDEN)
    if error.rule == "one-challenge-in-progress":
        return Conflict(str(error), field="doctrine_id", rule=error.rule, code=ErrorCode.CHALLENGE_IN_PROGRESS)
    if error.rule == "ratings-frozen":
        return Forbidden(str(error), field="member", rule=error.rule,
                         code=ErrorCode.RATINGS_FROZEN)
    if error.rule == "doctrine-author-only":
        return Forbidden(str(error), rule=error.rule)
    return InvalidInput(str(error), field=field, rule=error.rule)


def _busy() -> Conflict:
    return Conflict("the doctrine changed meanwhile; send it again", code=ErrorCode.BUSY)


# ------------------------------------------------------------------ the house AIs
_houses_stored: set[str] = set()
_lock = threading.Lock()


def house_stored(store: Store, clock: Clock, ai: HouseAI) -> StoredDoctrine:
    """A house AI's published doctrine, stored the first time anyone needs it (its public rules, no noise)."""
    stored = store.challenges.doctrine(ai.doctrine_id)
    if stored is None:
        store.challenges.put_house(StoredDoctrine(house_doctrine(ai, rules().house_rules()[ai.value], clock.now())))
        stored = store.challenges.doctrine(ai.doctrine_id)
        assert stored is not None
    with _lock:
        _houses_stored.add(ai.doctrine_id)
    return stored


def houses_stored(store: Store, clock: Clock) -> None:
    """The three house AIs stored, before the listing that shows them: once per process (one read)."""
    if len(_houses_stored) == len(HouseAI):
        return
    found = store.challenges.doctrines(tuple(ai.doctrine_id for ai in HouseAI))
    for ai in HouseAI:
        if ai.doctrine_id not in found:
            house_stored(store, clock, ai)
    with _lock:
        _houses_stored.update(found)


def forget_houses() -> None:
    """Tests that recreate the table start from a process that stored no house AI."""
    with _lock:
        _houses_stored.clear()


def house_of(doctrine_id: str) -> HouseAI | None:
    return _HOUSE.get(doctrine_id)


def visible_to(doctrine: PublishedDoctrine, sub: str) -> bool:
    """Whether ``sub`` may see the doctrine's page: a hidden doctrine is its author's alone."""
    return doctrine.status is not DoctrineStatus.HIDDEN or doctrine.author == sub


def readable(store: Store, clock: Clock, sub: str, doctrine_id: str) -> StoredDoctrine:
    """The doctrine ``sub`` may see, or the 404 of a doctrine that does not exist."""
    house = house_of(doctrine_id)
    stored = store.challenges.doctrine(doctrine_id)
    if stored is None and house is not None:
        stored = house_stored(store, clock, house)
    if stored is None or not visible_to(stored.doctrine, sub):
        raise NotFound(f"no published doctrine {doctrine_id}", field="doctrine_id")
    return stored


# ------------------------------------------------------------------ answers
def glicko_json(figures: dict[str, str]) -> GlickoRating:
    """A Glicko-2 rating, or a change of one, as an answer says it (``to_json``'s figures)."""
    return {"rating": figures["rating"], "deviation": figures["deviation"], "volatility": figures["volatility"]}


def rating_json(stored: StoredDoctrine) -> GlickoRating:
    return glicko_json(stored.rating.to_json())


def doctrine_json(stored: StoredDoctrine) -> PublishedLine:
    """A published doctrine as anyone sees it in a listing: never its rules."""
    doctrine = stored.doctrine
    house = house_of(doctrine.id)
    return {
        "doctrine_id": doctrine.id,
        "name": doctrine.name,
        "author": doctrine.author,
        "house_ai": None if house is None else HouseAi(house.value),
        "status": doctrine.status,
        "version": doctrine.version,
        "published_at": iso(doctrine.published_at),
        "version_at": iso(doctrine.version_at),
        "rating": rating_json(stored),
        "rated_games": stored.record.faced,
        "record": {"won": stored.record.won, "drawn": stored.record.drawn, "lost": stored.record.lost},
    }


def page_json(stored: StoredDoctrine, reader: str, for_me: IfChallenged | None) -> PublishedPage:
    """A doctrine's page: its listing line, its rules for its author alone (everyone's for a house AI), and
    for a reader who may challenge it, whether a challenge started now would be rated."""
    doctrine = stored.doctrine
    return {**doctrine_json(stored), "rules": dict(doctrine.rules) if doctrine.rules_visible_to(reader) else None,
            "slot": doctrine.slot if reader == doctrine.author else None, "for_me": for_me}


# ------------------------------------------------------------------ a member's publications
def publish_doctrine(store: Store, clock: Clock, caller: Caller, slot: int, name: str) -> PublishedPage:
    """Publish the doctrine of my slot under a shown name: its rules frozen as they are now; again from the same
    slot, a new version (same id, same rating), challenges in progress keeping theirs."""
    held = store.doctrines.doctrines(caller.sub).slots.get(slot)
    if held is None:
        raise NotFound(f"no doctrine in slot {slot}", field="slot")
    doctrine_id = doctrine_id_of(caller.sub, slot)
    for _ in range(ATTEMPTS):
        stored = store.challenges.doctrine(doctrine_id)
        now = clock.now()
        try:
            if stored is None:
                written = StoredDoctrine(publish(doctrine_id, caller.sub, slot, name, held.doctrine, now))
            else:
                written = replace(stored, doctrine=publish_again(stored.doctrine, caller.sub, name, held.doctrine,
                                                                 now))
        except ChallengeRuleError as error:
            raise refused(error) from error
        try:
            store.transact([DoctrineWrite(written)])
        except WriteConflict:
            continue
        return page_json(replace(written, version=written.version + 1), caller.sub, None)
    raise _busy()


def withdraw_doctrine(store: Store, clock: Clock, caller: Caller, doctrine_id: str) -> PublishedPage:
    """Withdraw my published doctrine: out of the listing, no new challenge; games in progress finish."""
    for _ in range(ATTEMPTS):
        stored = readable(store, clock, caller.sub, doctrine_id)
        try:
            written = replace(stored, doctrine=withdraw(stored.doctrine, caller.sub, clock.now()))
        except ChallengeRuleError as error:
            raise refused(error) from error
        try:
            store.transact([DoctrineWrite(written)])
        except WriteConflict:
            continue
        return page_json(replace(written, version=written.version + 1), caller.sub, None)
    raise _busy()


def hide_doctrine(store: Store, clock: Clock, moderator: Caller, doctrine_id: str, why: str) -> PublishedPage:
    """A moderator hides a doctrine with an offensive name: out of every listing and board, challenges refused,
    its page its author's alone; games in progress finish. The hiding and its audit line (``hide-doctrine``)
    are one transaction. (Its route comes with moderation.)"""
    require_moderator(moderator, "hide a doctrine")
    why = reason(why)
    for _ in range(ATTEMPTS):
        stored = store.challenges.doctrine(doctrine_id)
        if stored is None:
            raise NotFound(f"no published doctrine {doctrine_id}", field="doctrine_id")
        now = clock.now()
        try:
            written = replace(stored, doctrine=hide(stored.doctrine, now))
        except ChallengeRuleError as error:
            raise refused(error) from error
        assert written.doctrine.author is not None, "a house AI cannot be hidden"
        audit = AuditLine(moderator=moderator.sub, at=iso(now), action=HIDE_DOCTRINE, member=written.doctrine.author,
                          target=doctrine_id, why=why, audit_id=new_id())
        try:
            store.transact([DoctrineWrite(written), audit])
        except WriteConflict:
            continue
        return page_json(replace(written, version=written.version + 1), moderator.sub, None)
    raise _busy()


# ------------------------------------------------------------------ reading
def list_published(store: Store, clock: Clock, cursor: str | None, limit: int) -> PublishedList:
    """A page of the published doctrines, the house AIs among them, by rating (highest first)."""
    houses_stored(store, clock)
    page = store.challenges.published(cursor, limit)
    return {"doctrines": [doctrine_json(stored) for stored in page.items], "cursor": page.cursor}


def doctrine_page(store: Store, clock: Clock, caller: Caller, doctrine_id: str) -> PublishedPage:
    """A doctrine's page as ``caller`` sees it: the rules only for its author (anyone's for a house AI), and,
    when they may challenge it, what a challenge started now would be ("the member is told before starting"):
    rated or why not, and their challenge of it in progress."""
    read = store.challenges.read_start(caller.sub, doctrine_id)
    if read.doctrine is None or not visible_to(read.doctrine.doctrine, caller.sub):
        readable(store, clock, caller.sub, doctrine_id)  # a house AI not stored yet is stored; else the 404
        read = store.challenges.read_start(caller.sub, doctrine_id)
    stored = read.doctrine
    assert stored is not None
    doctrine = stored.doctrine
    for_me: IfChallenged | None = None
    if doctrine.listed and doctrine.author != caller.sub:
        now = clock.now()
        playing = [c.id for c in read.versus.challenges if c.status is ChallengeStatus.PLAYING]
        why = start_verdict(caller.sub, doctrine, now, read.versus.challenges,
                            linked=linked(read.seen, caller.sub, doctrine.author, now) is not None)
        for_me = {"rated": why is None, "why": None if why is None else ChallengeUnrated(why),
                  "in_progress": playing[0] if playing else None}
    return page_json(stored, caller.sub, for_me)


def linked(seen: dict[str, Seen], challenger: str, author: str | None, at: datetime) -> Link | None:
    """What links the challenger and the doctrine's author at ``at`` (None for a house AI: no account)."""
    if author is None or author == challenger:
        return None
    return link_of(seen, (challenger, author), at)
