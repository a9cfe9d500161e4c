"""A published doctrine as a value: its id, author, shown name, the rules frozen as published, its status.

Rules: "A member can publish a doctrine: the others then challenge it in a rated game, like the three house AIs.
[...] The rules of the house AIs are public; those of a member's doctrine stay theirs." Platform decisions
(specs/platform.md): "Publishing again makes a new version of the same published doctrine: same id, same
rating, new rules from then on." "Moderators may hide a doctrine; a hidden or withdrawn doctrine cannot be
challenged, cannot be Doctrine of the month, and games in progress against it finish."

Choices (docs/platform.md, "Doctrine challenges"):
- The shown name is checked here (``check_name``): 3 to 24 characters after NFC normalisation and trimming;
  letters and combining marks of any script, decimal digits, spaces and ``- _ ' .``; it starts with a letter or a
  digit, holds at least one letter, never two spaces in a row, and is not a house AI's name however it is
  spelled. The doctrine's own ``name`` (the engine's, at most 40 characters, seen by its author only) is another
  thing: it never reaches other members.
- The rating is not part of this value: it is keyed by the doctrine's id (``gameserver.platform.challenges.rating``), so a
  new version keeps it by construction.
- A withdrawn doctrine comes back when its author publishes it again (a new version). A hidden one stays hidden:
  its author can neither publish it again nor withdraw it (only a moderator's act could lift it, and none exists).
"""

from __future__ import annotations

import enum
import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from gameserver.platform.challenges.errors import ChallengeRuleError

#: Fewer characters cannot be told apart on a board, and are mostly placeholders ("a", "xx").
NAME_MIN = 3
#: A listing row, a leaderboard line and a feed notice show the name beside its author and rating: 24 characters
#: fit one line of a phone screen. The engine allows 40 for the author's private label.
NAME_MAX = 24
#: Punctuation a name may hold besides letters, marks and digits: what names of teams and tactics use.
NAME_PUNCTUATION = frozenset(" -_'.")


class HouseAI(enum.StrEnum):
    """The three house AIs: doctrines too, with a rating, their rules public, never Doctrine of the month."""

    SENTINEL = "sentinel"
    """Careful."""
    PIVOT = "pivot"
    """Balanced: it scouts and bluffs with decoys."""
    RAM = "ram"
    """Aggressive."""

    @property
    def doctrine_id(self) -> str:
        """The id of its published doctrine (a member's doctrine id never starts with ``house-``)."""
        return f"house-{self.value}"

    @property
    def shown_name(self) -> str:
        return self.value.capitalize()


#: Names nobody else may take: a member's doctrine must not pass for a house AI.
_RESERVED = frozenset(ai.value for ai in HouseAI)


class DoctrineStatus(enum.StrEnum):
    PUBLISHED = "published"
    """Listed and open to challenges."""
    WITHDRAWN = "withdrawn"
    """Its author took it back: out of the listings, no new challenge; games in progress finish. Publishing it
    again brings it back as a new version."""
    HIDDEN = "hidden"
    """A moderator hid it (an offensive name): out of every listing, challenges refused, never Doctrine of the
    month; games in progress finish."""


def _letter(character: str) -> bool:
    return unicodedata.category(character).startswith("L")


def _allowed(character: str) -> bool:
    category = unicodedata.category(character)
    return category[0] == "L" or category in ("Mn", "Mc", "Nd") or character in NAME_PUNCTUATION


def check_name(name: str) -> str:
    """The shown name as stored (NFC, trimmed), or ChallengeRuleError naming what is wrong.

    >>> check_name("  Iron Wall ")
    'Iron Wall'
    >>> check_name("R.A.M")
    Traceback (most recent call last):
    ...
    gameserver.platform.challenges.errors.ChallengeRuleError: "R.A.M" is the name of a house AI
    """
    shown = unicodedata.normalize("NFC", name).strip()
    if not NAME_MIN <= len(shown) <= NAME_MAX:
        raise ChallengeRuleError(
            f"a doctrine's name has {NAME_MIN} to {NAME_MAX} characters, not {len(shown)}", "doctrine-name-length"
        )
    for character in shown:
        if not _allowed(character):
            raise ChallengeRuleError(
                f"a doctrine's name holds letters, digits, spaces and - _ ' . only, not U+{ord(character):04X}",
                "doctrine-name-characters",
            )
    if not (_letter(shown[0]) or unicodedata.category(shown[0]) == "Nd"):
        raise ChallengeRuleError("a doctrine's name starts with a letter or a digit", "doctrine-name-characters")
    if not any(_letter(character) for character in shown):
        raise ChallengeRuleError("a doctrine's name holds at least one letter", "doctrine-name-characters")
    if "  " in shown:
        raise ChallengeRuleError("a doctrine's name never has two spaces in a row", "doctrine-name-characters")
    bare = "".join(c for c in unicodedata.normalize("NFKC", shown).casefold() if c.isalnum())
    if bare in _RESERVED:
        raise ChallengeRuleError(f"{json.dumps(shown)} is the name of a house AI", "doctrine-name-reserved")
    return shown


@dataclass(frozen=True)
class PublishedDoctrine:
    """A doctrine others can see and challenge: a member's (published from one of their slots) or a house AI's.

    ``rules`` is the doctrine as the engine reads it (its JSON), frozen at this ``version``: a challenge copies
    the version it plays when it starts, so a new version never reaches a game in progress.
    """

    id: str
    author: str | None
    """None for a house AI."""
    name: str
    """The shown name (``check_name``)."""
    rules: Mapping[str, Any]
    version: int
    """1 at the first publication, one more each time it is published again."""
    published_at: datetime
    """The first publication (the "oldest publication" of the title's ties): a new version keeps it."""
    version_at: datetime
    """When this version was published."""
    slot: int | None = None
    """The author's doctrine slot it was published from; None for a house AI."""
    status: DoctrineStatus = DoctrineStatus.PUBLISHED
    status_at: datetime | None = None
    """When it was last withdrawn or hidden."""

    @property
    def house(self) -> bool:
        return self.author is None

    @property
    def listed(self) -> bool:
        """In the listings of published doctrines, and open to challenges."""
        return self.status is DoctrineStatus.PUBLISHED

    def rules_visible_to(self, reader: str | None) -> bool:
        """Whether ``reader`` (None: nobody signed in) may see the rules and their per-rule trace: anyone for a
        house AI, the author alone for a member's doctrine. The orders it played are a game record's, not this."""
        return self.house or reader == self.author

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "author": self.author,
            "name": self.name,
            "rules": dict(self.rules),
            "version": self.version,
            "published_at": self.published_at.isoformat(),
            "version_at": self.version_at.isoformat(),
            "slot": self.slot,
            "status": str(self.status),
            "status_at": None if self.status_at is None else self.status_at.isoformat(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PublishedDoctrine:
        return cls(
            id=data["id"],
            author=data["author"],
            name=data["name"],
            rules=dict(data["rules"]),
            version=int(data["version"]),
            published_at=datetime.fromisoformat(data["published_at"]),
            version_at=datetime.fromisoformat(data["version_at"]),
            slot=None if data["slot"] is None else int(data["slot"]),
            status=DoctrineStatus(data["status"]),
            status_at=None if data["status_at"] is None else datetime.fromisoformat(data["status_at"]),
        )


def house_doctrine(ai: HouseAI, rules: Mapping[str, Any], since: datetime) -> PublishedDoctrine:
    """A house AI as a published doctrine (``rules``: its doctrine without noise, shown to everyone)."""
    return PublishedDoctrine(ai.doctrine_id, None, ai.shown_name, dict(rules), 1, since, since)


def publish(
    doctrine_id: str, author: str, slot: int, name: str, rules: Mapping[str, Any], at: datetime
) -> PublishedDoctrine:
    """A member publishes the doctrine of one of their slots under a shown name: version 1."""
    if doctrine_id.startswith("house-"):
        raise ValueError(f"{doctrine_id!r}: a member's doctrine id never starts with 'house-'")
    return PublishedDoctrine(doctrine_id, author, check_name(name), dict(rules), 1, at, at, slot)


def _author_only(doctrine: PublishedDoctrine, by: str, action: str) -> None:
    if doctrine.house or by != doctrine.author:
        raise ChallengeRuleError(f"only its author may {action} doctrine {doctrine.id}", "doctrine-author-only")
    if doctrine.status is DoctrineStatus.HIDDEN:
        raise ChallengeRuleError(f"doctrine {doctrine.id} was hidden by the moderators", "doctrine-hidden")


def publish_again(
    doctrine: PublishedDoctrine, by: str, name: str, rules: Mapping[str, Any], at: datetime
) -> PublishedDoctrine:
    """Its author publishes it again (a withdrawn one too): a new version, same id, same rating, the first
    publication's time kept; challenges started before go on with the version they copied."""
    _author_only(doctrine, by, "publish again")
    return replace(
        doctrine, name=check_name(name), rules=dict(rules), version=doctrine.version + 1, version_at=at,
        status=DoctrineStatus.PUBLISHED, status_at=None,
    )


def withdraw(doctrine: PublishedDoctrine, by: str, at: datetime) -> PublishedDoctrine:
    """Its author withdraws it: out of the listings, no new challenge; games in progress finish."""
    _author_only(doctrine, by, "withdraw")
    if doctrine.status is DoctrineStatus.WITHDRAWN:
        raise ChallengeRuleError(f"doctrine {doctrine.id} is already withdrawn", "doctrine-withdrawn")
    return replace(doctrine, status=DoctrineStatus.WITHDRAWN, status_at=at)


def hide(doctrine: PublishedDoctrine, at: datetime) -> PublishedDoctrine:
    """A moderator hides it (the caller checks the moderator): out of every listing, challenges refused, games
    in progress finish. A withdrawn doctrine can be hidden too, so that it cannot come back under its name."""
    if doctrine.house:
        raise ChallengeRuleError("a house AI cannot be hidden", "house-ai-not-hidden")
    if doctrine.status is DoctrineStatus.HIDDEN:
        raise ChallengeRuleError(f"doctrine {doctrine.id} is already hidden", "doctrine-hidden")
    return replace(doctrine, status=DoctrineStatus.HIDDEN, status_at=at)
