"""One member's finished Front: its result on the board and what the ranking rules look at, from its turns.

Rules: "Today's leaderboard: wins first, the fastest on top, then draws, then losses, the ones that held out
longest on top; if tied, the most positions, then the highest total income". Platform reading
(docs/platform.md): the fastest win has the fewest turns, then the fewest whole seconds "from turn 1's opening to
the final resolution"; the order delay of a turn is "whole seconds from a turn opening to the member's last full
submission for it". A missed turn has no delay; it counts for the default doctrine when one played it.

A turn closed by its deadline counts as resolved at that deadline even when it was resolved later (deadlines
against a house AI are lazy: a read after the deadline resolves it), so a member who stops playing cannot
lengthen nor shorten the game's time by when somebody next looks at it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from gameserver.platform.daily.board import DayResult, Outcome
from gameserver.platform.daily.ranking import FrontGame
from gameserver.platform.fairplay.delays import order_delay


@dataclass(frozen=True)
class PlayedTurn:
    """One resolved turn of a Front, from the member's side."""

    turn: int
    opened_at: datetime
    resolved_at: datetime
    """When the turn counts as resolved: the member's orders, or its deadline if it passed first."""
    sent_at: datetime | None
    """The member's last full submission; None for a missed turn."""
    by_doctrine: bool = False
    """Missed, and the member's default doctrine played it (else their troops held)."""

    def __post_init__(self) -> None:
        if self.sent_at is not None and self.by_doctrine:
            raise ValueError(f"turn {self.turn}: the doctrine plays only a turn the member missed")
        if self.resolved_at < self.opened_at:
            raise ValueError(f"turn {self.turn} resolves after it opens")


def outcome_of(winner: str | None, side: str) -> Outcome:
    """The member's outcome from the engine's winner (a side, ``"draw"``)."""
    if winner == "draw":
        return Outcome.DRAW
    if winner is None:
        raise ValueError("a finished Front has a winner or is a draw")
    return Outcome.WIN if winner == side else Outcome.LOSS


def _in_order(turns: Sequence[PlayedTurn]) -> list[PlayedTurn]:
    ordered = sorted(turns, key=lambda t: t.turn)
    if not ordered or [t.turn for t in ordered] != list(range(1, len(ordered) + 1)):
        raise ValueError("a finished Front has its turns 1..n, each once")
    return ordered


def delays(turns: Sequence[PlayedTurn]) -> dict[int, int]:
    """The member's order delay of each turn they sent orders for."""
    return {t.turn: order_delay(t.opened_at, t.sent_at) for t in turns if t.sent_at is not None}


def day_result(member: str, outcome: Outcome, turns: Sequence[PlayedTurn], positions: int, income: int) -> DayResult:
    """The result the board orders: turns played, whole seconds from turn 1's opening to the final resolution."""
    ordered = _in_order(turns)
    seconds = int((ordered[-1].resolved_at - ordered[0].opened_at).total_seconds())
    return DayResult(member, outcome, len(ordered), seconds, positions, income)


def front_game(outcome: Outcome, turns: Sequence[PlayedTurn], *, removed: bool = False) -> FrontGame:
    """What ``not_ranked`` judges: the delays of the turns the member played, the turns their doctrine played."""
    ordered = _in_order(turns)
    return FrontGame(
        outcome=outcome,
        turns=len(ordered),
        doctrine_turns=sum(1 for t in ordered if t.by_doctrine),
        delays=delays(ordered),
        removed=removed,
    )
