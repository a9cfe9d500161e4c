"""Who receives which stakes when a duel ends.

Rules (seed and specs/platform.md):
- the winner takes both stakes; a draw returns each; a cancelled duel returns each;
- "Full orders sent faster than a human [...]: in a duel, that game wins nothing and no rating moves, the other
  player wins the stakes if they have finished their game, otherwise the duel becomes unrated";
- "Between linked accounts, a duel is unrated (the result stays, the stakes are returned, no rating moves)";
- a moderator's void: "it no longer counts: the rating points won or lost are cancelled, the stakes returned".
"""

from __future__ import annotations

from gameserver.platform.duels.credits import CreditKind, LedgerLine
from gameserver.platform.duels.duel import Duel, DuelStatus


def escrowed(duel: Duel) -> dict[str, int]:
    """Each member's stake now held in the duel's escrow (a payout empties it of both)."""
    held = dict.fromkeys(duel.members, 0)
    for line in duel.credits:
        if line.kind in (CreditKind.ESCROW, CreditKind.RETURN):
            held[line.member] -= line.amount  # an escrow line is negative: the stake comes in
        elif line.kind is CreditKind.PAYOUT:
            held = dict.fromkeys(duel.members, 0)
    return held


def stakes_receiver(duel: Duel) -> str | None:
    """The member who takes both stakes, or None when each gets their own back.

    The duel must be closed. A finished duel between linked accounts returns each stake. When one member was
    faster than a human, that member wins nothing; the other takes both stakes if they finished the game (did
    not abandon it), whatever the result on the board; otherwise each gets their own back.
    """
    if not duel.status.closed:
        raise ValueError(f"duel {duel.id} is {duel.status}: it is settled when it ends")
    if not duel.status.finished or duel.linked:
        return None
    if duel.too_fast:
        if len(duel.too_fast) == 2:
            return None
        (cheater,) = duel.too_fast
        honest = duel.other(cheater)
        return None if duel.abandoned_by == honest else honest
    return duel.winner


def settle(duel: Duel) -> tuple[LedgerLine, ...]:
    """The lines that empty the escrow of a duel that just ended (none when no stake is held)."""
    held = escrowed(duel)
    total = sum(held.values())
    if total == 0:
        return ()
    receiver = stakes_receiver(duel)
    if receiver is not None:
        return (LedgerLine(receiver, total, CreditKind.PAYOUT, duel.id),)
    return tuple(
        LedgerLine(member, amount, CreditKind.RETURN, duel.id) for member, amount in held.items() if amount
    )


def void_lines(duel: Duel) -> tuple[LedgerLine, ...]:
    """A voided duel: "the stakes returned". What the payout gave beyond each member's own stake goes back.

    Only a payout moved credits between the members (returns gave each their own), so only a payout is undone:
    the receiver gives the other member's stake back to them.
    """
    if duel.status is not DuelStatus.VOIDED:
        raise ValueError(f"duel {duel.id} is {duel.status}, not voided")
    put_up = dict.fromkeys(duel.members, 0)
    for line in duel.credits:
        if line.kind is CreditKind.ESCROW:
            put_up[line.member] -= line.amount
    lines: list[LedgerLine] = []
    for line in duel.credits:
        if line.kind is CreditKind.PAYOUT:
            other = duel.other(line.member)
            if put_up[other]:
                lines.append(LedgerLine(line.member, -put_up[other], CreditKind.VOID, duel.id))
                lines.append(LedgerLine(other, put_up[other], CreditKind.VOID, duel.id))
    return tuple(lines)
