"""What the pot pays when a tournament ends, as ledger lines.

Platform decision (specs/platform.md): "Prizes: the pot of fees, 70% to the winner and 30% to the finalist
(rounded down; the remainder to the winner)." Issue 14: "A winner who reached the title without a final opponent
(the other semi-final was void) takes the whole pot. A tournament that ends with no winner (a void final) returns
every entry fee." Moderation: a frozen account gets "no prize nor title"; fair play: a game with orders faster than
a human's "wins nothing".

Choice (docs/platform.md): the finalist's 30% goes to the winner when the finalist cannot take it (frozen, or
faster than a human in the final): the pot always empties, and only the two players of the final have a claim.
"""

from __future__ import annotations

from collections.abc import Iterable

from gameserver.platform.duels.credits import CreditKind, LedgerLine

#: "30% to the finalist (rounded down; the remainder to the winner)".
FINALIST_PERCENT = 30


def split(pot: int) -> tuple[int, int]:
    """The winner's and the finalist's prizes: 30% rounded down to the finalist, the rest (70% and the
    remainder) to the winner.

    >>> split(28)
    (20, 8)
    """
    finalist = pot * FINALIST_PERCENT // 100
    return pot - finalist, finalist


def prize_lines(tournament_id: str, pot: int, winner: str, finalist: str | None) -> tuple[LedgerLine, ...]:
    """The pot paid out: ``finalist`` None when nobody takes the finalist's share (no final opponent, or one who
    cannot be paid), and the winner takes the whole pot."""
    shares: tuple[tuple[str, int], ...]
    if finalist is None:
        shares = ((winner, pot),)
    else:
        first, second = split(pot)
        shares = ((winner, first), (finalist, second))
    return tuple(
        LedgerLine(member, amount, CreditKind.TOURNAMENT_PRIZE, tournament_id) for member, amount in shares if amount
    )


def refund_lines(tournament_id: str, fee: int, members: Iterable[str]) -> tuple[LedgerLine, ...]:
    """Each member's entry fee back from the pot (none when the fee is 0)."""
    if not fee:
        return ()
    return tuple(LedgerLine(member, fee, CreditKind.REFUND, tournament_id) for member in members)
