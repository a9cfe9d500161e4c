"""A doctrine challenge: who may challenge what, whether it is rated (fixed at its start), whether it counts.

Rules: "A challenge moves the member's challenge rating and the doctrine's, three times at most in 7 rolling days
for the same member and the same doctrine, never between linked accounts nor for orders faster than a human's. A
loss always counts; a win or a draw only if you played more than half of the turns yourself, and not your default
doctrine." Platform decisions (specs/platform.md): "Whether a challenge is rated is fixed when it starts: it counts
the rated challenges by that member of that doctrine that ended in the 7 x 24 hours before, plus those in
progress; a member has at most one challenge in progress per doctrine. A challenge moves both ratings or
neither." "a hidden or withdrawn doctrine cannot be challenged [...] and games in progress against it finish."

Choices (docs/platform.md, "Doctrine challenges"):
- The window is half-open, (start - 7 x 24 h, start]: a challenge that ended exactly 7 x 24 hours before is out.
  "Rated challenges that ended" are those that moved the ratings; one rated at its start that did not count at
  its end (a win played by the default doctrine, orders faster than a human's) frees its place.
- The start's verdict also says "unrated" for linked accounts and for a doctrine whose author's ratings are frozen
  (their doctrine's rating is one of their ratings), so the member is told before playing; linked accounts and
  frozen ratings are judged again at the end, which catches a link or a freeze that came during play.
- A frozen member cannot start a challenge; a challenge in progress when its challenger is frozen finishes,
  unrated. A moderator's stop ends a challenge unrated, with no result.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from gameserver.clock import Pace
from gameserver.platform.challenges.doctrines import DoctrineStatus, PublishedDoctrine
from gameserver.platform.challenges.errors import ChallengeRuleError
from gameserver.platform.duels.lifecycle import LAST_TURN
from gameserver.platform.fairplay.delays import faster_than_a_human_in_game

#: "three times at most in 7 rolling days for the same member and the same doctrine".
RATED_PER_WEEK = 3
WEEK = timedelta(days=7)
#: "at blitz or rapid pace (challenger's choice)".
PACES = (Pace.BLITZ, Pace.RAPID)
#: Scores of a challenger: a win, a draw, a loss.
SCORES = (1.0, 0.5, 0.0)


class ChallengeStatus(enum.StrEnum):
    PLAYING = "playing"
    """The game is on."""
    FINISHED = "finished"
    """The game ended with a result (it may still move no rating)."""
    STOPPED = "stopped"
    """A moderator stopped it: no result, unrated."""


class ChallengeUnrated(enum.StrEnum):
    """Why a challenge moves no rating."""

    WEEKLY_LIMIT = "weekly-limit"
    """Fixed at the start: 3 rated challenges of this doctrine by this member in the 7 x 24 hours before."""
    LINKED_ACCOUNTS = "linked-accounts"
    """The challenger and the doctrine's author are linked accounts (at the start or at the end)."""
    FROZEN = "frozen-ratings"
    """The challenger's or the author's ratings are frozen (at the start or at the end)."""
    FASTER_THAN_A_HUMAN = "faster-than-a-human"
    TOO_FEW_OWN_TURNS = "too-few-own-turns"
    """A win or a draw where the challenger sent their own orders on half of the turns or fewer."""
    STOPPED = "stopped"
    """A moderator stopped the game."""


@dataclass(frozen=True)
class Challenge:
    """One challenge of a published doctrine (or a house AI) by a member; its id is its game's."""

    id: str
    challenger: str
    doctrine: str
    version: int
    """The doctrine's version this game plays (copied at the start)."""
    author: str | None
    """The doctrine's author; None for a house AI."""
    pace: Pace
    started_at: datetime
    rated: bool
    """Fixed at the start: a challenge not rated then never moves a rating."""
    why: ChallengeUnrated | None = None
    """Why it moves no rating: set at the start when it is not rated, else at its end when it does not count."""
    status: ChallengeStatus = ChallengeStatus.PLAYING
    score: float | None = None
    """The challenger's score once finished: 1 a win, 0.5 a draw, 0 a loss."""
    ended_at: datetime | None = None

    @property
    def counts(self) -> bool:
        """It ended and moves both ratings (the challenger's challenge rating and the doctrine's)."""
        return self.status is ChallengeStatus.FINISHED and self.why is None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "challenger": self.challenger,
            "doctrine": self.doctrine,
            "version": self.version,
            "author": self.author,
            "pace": str(self.pace),
            "started_at": self.started_at.isoformat(),
            "rated": self.rated,
            "why": None if self.why is None else str(self.why),
            "status": str(self.status),
            "score": self.score,
            "ended_at": None if self.ended_at is None else self.ended_at.isoformat(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Challenge:
        return cls(
            id=data["id"],
            challenger=data["challenger"],
            doctrine=data["doctrine"],
            version=int(data["version"]),
            author=data["author"],
            pace=Pace(data["pace"]),
            started_at=datetime.fromisoformat(data["started_at"]),
            rated=bool(data["rated"]),
            why=None if data["why"] is None else ChallengeUnrated(data["why"]),
            status=ChallengeStatus(data["status"]),
            score=None if data["score"] is None else float(data["score"]),
            ended_at=None if data["ended_at"] is None else datetime.fromisoformat(data["ended_at"]),
        )


def _same(challenge: Challenge, challenger: str, doctrine: str) -> bool:
    return challenge.challenger == challenger and challenge.doctrine == doctrine


def rated_in_window(challenger: str, doctrine: str, at: datetime, mine: Iterable[Challenge]) -> int:
    """How many of the member's challenges of the doctrine hold a rated place at ``at``: those that counted and
    ended in (at - 7 x 24 h, at], plus those in progress that were rated at their start."""
    start = at - WEEK
    count = 0
    for challenge in mine:
        if not _same(challenge, challenger, doctrine):
            continue
        if challenge.status is ChallengeStatus.PLAYING:
            count += challenge.rated
        elif challenge.counts:
            if challenge.ended_at is None:
                raise ValueError(f"challenge {challenge.id} is {challenge.status} without an end time")
            count += start < challenge.ended_at <= at
    return count


def start_verdict(
    challenger: str,
    doctrine: PublishedDoctrine,
    at: datetime,
    mine: Iterable[Challenge],
    *,
    linked: bool = False,
    author_frozen: bool = False,
) -> ChallengeUnrated | None:
    """Whether a challenge started at ``at`` would be rated (None) or why not: what the member is told before
    starting, and what the start fixes. ``mine``: the member's challenges of this doctrine (others are ignored);
    ``linked``: the challenger and the author are linked accounts now (never for a house AI)."""
    if not doctrine.house and linked:
        return ChallengeUnrated.LINKED_ACCOUNTS
    if not doctrine.house and author_frozen:
        return ChallengeUnrated.FROZEN
    if rated_in_window(challenger, doctrine.id, at, mine) >= RATED_PER_WEEK:
        return ChallengeUnrated.WEEKLY_LIMIT
    return None


def start(
    challenge_id: str,
    challenger: str,
    doctrine: PublishedDoctrine,
    pace: Pace,
    at: datetime,
    mine: Iterable[Challenge],
    *,
    linked: bool = False,
    challenger_frozen: bool = False,
    author_frozen: bool = False,
) -> Challenge:
    """A new challenge, or ChallengeRuleError when the rules refuse it: a frozen member, a pace other than blitz
    and rapid, one's own doctrine, a hidden or withdrawn doctrine, a challenge of it already in progress."""
    if challenger_frozen:
        raise ChallengeRuleError(f"{challenger}'s ratings are frozen: no new challenge", "ratings-frozen")
    if pace not in PACES:
        raise ChallengeRuleError(f"a challenge is played at blitz or rapid pace, not {pace}", "challenge-pace")
    if doctrine.author == challenger:
        raise ChallengeRuleError("a member cannot challenge their own doctrine", "not-own-doctrine")
    if doctrine.status is DoctrineStatus.HIDDEN:
        raise ChallengeRuleError(f"doctrine {doctrine.id} was hidden by the moderators", "doctrine-hidden")
    if doctrine.status is DoctrineStatus.WITHDRAWN:
        raise ChallengeRuleError(f"doctrine {doctrine.id} was withdrawn by its author", "doctrine-withdrawn")
    mine = list(mine)
    playing = [c.id for c in mine if _same(c, challenger, doctrine.id) and c.status is ChallengeStatus.PLAYING]
    if playing:
        raise ChallengeRuleError(
            f"challenge {playing[0]} of doctrine {doctrine.id} is still in progress: one at a time",
            "one-challenge-in-progress",
        )
    why = start_verdict(challenger, doctrine, at, mine, linked=linked, author_frozen=author_frozen)
    return Challenge(
        challenge_id, challenger, doctrine.id, doctrine.version, doctrine.author, pace, at, why is None, why
    )


@dataclass(frozen=True)
class ChallengeEnd:
    """How a challenge's game ended, from its turn records.

    ``delays``: the challenger's order delay for each turn they sent their own orders for (a turn their default
    doctrine played, or missed without a doctrine, has none). ``linked`` and the frozen flags are judged at the
    end's time.
    """

    at: datetime
    score: float
    turns: int
    delays: Mapping[int, int] = field(default_factory=dict)
    linked: bool = False
    challenger_frozen: bool = False
    author_frozen: bool = False


def end_verdict(challenge: Challenge, end: ChallengeEnd) -> ChallengeUnrated | None:
    """None when the finished challenge counts (moves both ratings), else why not, the first reason of: not rated
    at its start, frozen ratings, linked accounts, orders faster than a human's, too few own turns (a win or a
    draw only: "A loss always counts")."""
    if not challenge.rated:
        return challenge.why
    house = challenge.author is None
    if end.challenger_frozen or (end.author_frozen and not house):
        return ChallengeUnrated.FROZEN
    if end.linked and not house:
        return ChallengeUnrated.LINKED_ACCOUNTS
    if faster_than_a_human_in_game(end.delays, end.turns):
        return ChallengeUnrated.FASTER_THAN_A_HUMAN
    own = sum(1 for turn in end.delays if 1 <= turn <= end.turns)
    if end.score > 0 and 2 * own <= end.turns:
        return ChallengeUnrated.TOO_FEW_OWN_TURNS
    return None


def _playing(challenge: Challenge, action: str) -> None:
    if challenge.status is not ChallengeStatus.PLAYING:
        raise ChallengeRuleError(f"cannot {action} challenge {challenge.id}: it is {challenge.status}",
                                 f"{action}-when-{challenge.status}")


def finish(challenge: Challenge, end: ChallengeEnd) -> Challenge:
    """The challenge after its game's end: its result, and whether it counts (``end_verdict``)."""
    _playing(challenge, "finish")
    if end.score not in SCORES:
        raise ValueError(f"a challenger scores 1, 0.5 or 0, not {end.score}")
    if end.at < challenge.started_at:
        raise ValueError(f"challenge {challenge.id} cannot end before it started")
    if not 1 <= end.turns <= LAST_TURN:
        raise ValueError(f"a game lasts 1 to {LAST_TURN} turns, not {end.turns}")
    return replace(challenge, status=ChallengeStatus.FINISHED, score=end.score, ended_at=end.at,
                   why=end_verdict(challenge, end))


def stop(challenge: Challenge, at: datetime) -> Challenge:
    """A moderator stops the game in progress: no result, unrated."""
    _playing(challenge, "stop")
    return replace(challenge, status=ChallengeStatus.STOPPED, ended_at=at, why=ChallengeUnrated.STOPPED)
