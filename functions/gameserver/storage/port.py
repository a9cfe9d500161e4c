"""The storage port: what the domain asks of storage, in the domain's words, one ``Protocol`` per area, all
reached from one ``Store``. ``storage.dynamodb.DynamoStore`` implements it on one DynamoDB table;
``storage.memory.MemoryStore`` in memory, for the domain's fast tests. The contract tests
(``tests/storage``) hold both to the same behaviour.

Every method is one DynamoDB request unless it says otherwise; the request budgets of the API rest on it.
Writes that must land together (a step and the duel it moves, a new game and the invitation it answers) are
typed values given to ``Store.transact``: one transaction, all of it or none of it.

The areas' modules are imported for the type checker only: a cold start serving a game pays for none of the
platform's records it does not use.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Protocol, TypeAlias

if TYPE_CHECKING:
    from gameserver.storage.audit import AuditLine, AuditPort
    from gameserver.storage.challenges import (
        ChallengeFinish,
        ChallengesPort,
        ChallengeStart,
        DoctrineRatingWrite,
        DoctrineWrite,
        NoticeWrite,
    )
    from gameserver.storage.daily import DailyPort, FrontStart, FrontStopped
    from gameserver.storage.doctrines import DoctrinesPort
    from gameserver.storage.duels import DuelsPort, DuelWrite
    from gameserver.storage.events import EventsPort, EventWrite
    from gameserver.storage.fairplay import FairPlayPort, Marks
    from gameserver.storage.front1901 import (
        Front1901DayStart,
        Front1901Port,
        MessageReported,
        OnlineRatingsWrite,
        RatedGameVoided,
    )
    from gameserver.storage.games import (
        GameClose,
        GamesPort,
        NewGame,
        StepCommit,
    )
    from gameserver.storage.invitations import InvitationAccepted, InvitationsPort
    from gameserver.storage.limits import LimitsPort
    from gameserver.storage.lobby import LobbyPort, TableWrite
    from gameserver.storage.members import MembersPort, Notices
    from gameserver.storage.moderation import FreezeSettled, FreezeWrite, ModerationPort, NotFrozen, Unfreeze
    from gameserver.storage.seasons import CloseWrite, PrizePaid, SeasonsPort
    from gameserver.storage.tournaments import MatchWrite, TournamentsPort, TournamentWrite

    Write: TypeAlias = (NewGame | StepCommit | GameClose | InvitationAccepted | DuelWrite | FrontStart | AuditLine
                        | TournamentWrite | MatchWrite | Notices | TableWrite
                        | FrontStopped | Marks | FreezeWrite | Unfreeze | FreezeSettled | NotFrozen | CloseWrite | PrizePaid
                        | DoctrineWrite | ChallengeStart | ChallengeFinish | DoctrineRatingWrite | NoticeWrite
                        | Front1901DayStart | OnlineRatingsWrite | RatedGameVoided | MessageReported | EventWrite)
    """What ``Store.transact`` writes: each value's own conditions hold, or nothing is written."""


class Store(Protocol):
    @property
    def games(self) -> GamesPort: ...

    @property
    def invitations(self) -> InvitationsPort: ...

    @property
    def members(self) -> MembersPort: ...

    @property
    def duels(self) -> DuelsPort: ...

    @property
    def doctrines(self) -> DoctrinesPort: ...

    @property
    def daily(self) -> DailyPort: ...

    @property
    def fairplay(self) -> FairPlayPort: ...

    @property
    def tournaments(self) -> TournamentsPort: ...

    @property
    def lobby(self) -> LobbyPort: ...

    @property
    def front1901(self) -> Front1901Port: ...

    @property
    def audit(self) -> AuditPort: ...

    @property
    def limits(self) -> LimitsPort: ...

    @property
    def moderation(self) -> ModerationPort: ...

    @property
    def seasons(self) -> SeasonsPort: ...

    @property
    def challenges(self) -> ChallengesPort: ...

    @property
    def events(self) -> EventsPort: ...

    def transact(self, writes: Sequence[Write]) -> None:
        """Every write in one transaction. ``WriteConflict`` (or the subclass a write names: a short balance,
        a Front already started) when any condition failed; then nothing was written."""
        ...


@cache
def area_of(module: str) -> str:
    """The storage area a kind of write belongs to, from the module that declares it (``type(write).__module__``):
    the area's port module declares it (``storage/duels.py`` declares ``DuelWrite``), and each store's adapter of
    that area registers how it is written (``dynamodb/<area>.py``'s ``WRITES``; the in-memory store's
    ``writes_of``). A module's area never changes: it is worked out once, not at every write."""
    return module.rpartition(".")[2]
