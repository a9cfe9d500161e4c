"""Credits as a ledger: every move of credits is one ledger line, and the balances follow from the lines.

Platform rule (specs/platform.md): "Every member gets 100 credits when their profile is created: a ledger line of
kind ``grant``. [...] Invariant: the sum of all balances, escrows and tournament pots equals the sum of grants plus
season prizes paid."

A line's ``amount`` is the change of the member's balance. Credits that leave a balance for a duel's escrow are an
``escrow`` line (negative); what the escrow pays out is a ``payout`` or a ``return`` line (positive). A ``void``
line moves credits between the two members of a finished duel that a moderator voided, so the escrow (empty by
then) is untouched. Tournament lines (``fee``, ``refund``, ``tournament-prize``) move credits into and out of a pot.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

#: "Every member gets 100 credits when their profile is created."
GRANT = 100


class CreditKind(enum.StrEnum):
    """Why a ledger line moved credits."""

    GRANT = "grant"
    """The 100 credits of a new profile: credits enter the platform."""
    PRIZE = "prize"
    """A season prize of the duel leaderboard: credits enter the platform."""
    ESCROW = "escrow"
    """A duel stake leaves the member's balance for the duel's escrow."""
    PAYOUT = "payout"
    """The duel's escrow pays its winner."""
    RETURN = "return"
    """The duel's escrow gives a stake back to the member who put it up."""
    VOID = "void"
    """A voided duel: what its payout moved between the two members goes back."""
    FEE = "fee"
    """A tournament entry fee leaves the member's balance for the tournament's pot."""
    REFUND = "refund"
    """The pot gives an entry fee back (the tournament did not fill)."""
    TOURNAMENT_PRIZE = "tournament-prize"
    """The pot pays the winner or the finalist of a tournament."""


#: Kinds through which credits come into the platform.
MINTING = frozenset({CreditKind.GRANT, CreditKind.PRIZE})
#: Kinds that move credits between a balance and a duel's escrow.
ESCROW_KINDS = frozenset({CreditKind.ESCROW, CreditKind.PAYOUT, CreditKind.RETURN})
#: Kinds that move credits between a balance and a tournament's pot.
POT_KINDS = frozenset({CreditKind.FEE, CreditKind.REFUND, CreditKind.TOURNAMENT_PRIZE})
#: The sign of each kind's amount: what enters a balance is positive, what leaves it negative.
_SIGN = {
    CreditKind.GRANT: 1,
    CreditKind.PRIZE: 1,
    CreditKind.ESCROW: -1,
    CreditKind.PAYOUT: 1,
    CreditKind.RETURN: 1,
    CreditKind.FEE: -1,
    CreditKind.REFUND: 1,
    CreditKind.TOURNAMENT_PRIZE: 1,
}


class CreditError(ValueError):
    """A credit move that breaks a rule of the ledger; ``rule`` names it."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class LedgerLine:
    """One move of credits: the member, the change of their balance, its kind, what it belongs to.

    ``ref`` is the duel id for escrow/payout/return/void, the tournament id for fee/refund/tournament-prize,
    the season (``YYYY-MM``) for a prize, and empty for a grant.
    """

    member: str
    amount: int
    kind: CreditKind
    ref: str = ""

    def __post_init__(self) -> None:
        if self.amount == 0:
            raise CreditError("a ledger line moves at least one credit", "ledger-line-not-zero")
        sign = _SIGN.get(self.kind)
        if sign is not None and self.amount * sign < 0:
            raise CreditError(f"a {self.kind} line has the sign {sign:+d}, not {self.amount}", "ledger-line-sign")
        if self.kind is not CreditKind.GRANT and not self.ref:
            raise CreditError(f"a {self.kind} line names what it belongs to", "ledger-line-ref")


def appended_lines(before: Sequence[LedgerLine], after: Sequence[LedgerLine]) -> tuple[LedgerLine, ...]:
    """The lines ``after`` adds to ``before``: a transition only appends ledger lines, it never changes those
    written (so what the storage writes with the new state is exactly what the transition moved)."""
    done = len(before)
    if tuple(after[:done]) != tuple(before):
        raise ValueError("a transition only adds ledger lines, it never changes those written")
    return tuple(after[done:])


def check_stake(balance: int, stake: int) -> None:
    """A stake is a whole number of credits, 0 or more, within the member's balance."""
    if stake < 0:
        raise CreditError(f"a stake is 0 or more credits, not {stake}", "stake-not-negative")
    if stake > balance:
        raise CreditError(f"a stake of {stake} needs {stake} credits; the balance is {balance}", "stake-within-balance")


@dataclass
class Ledger:
    """An in-memory model of the credit items: balances, duel escrows, tournament pots, and every line.

    It applies lines exactly as the storage's transactions do (each line with its balance and escrow or pot
    update), and refuses a stake or fee beyond the balance and a line that would take more out of an escrow or
    a pot than is in it. A balance may go below 0 only through a ``void`` line (the winner of a voided duel
    gives back what they won, even if they have spent it since).
    """

    balances: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    escrows: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    pots: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    lines: list[LedgerLine] = field(default_factory=list)

    def post(self, lines: Iterable[LedgerLine]) -> None:
        """Apply a group of lines all together, or none of them (one transaction)."""
        batch = list(lines)
        escrows = dict(self.escrows)
        pots = dict(self.pots)
        balances = dict(self.balances)
        for line in batch:
            balances[line.member] = balances.get(line.member, 0) + line.amount
            if line.kind in (CreditKind.ESCROW, CreditKind.FEE) and balances[line.member] < 0:
                raise CreditError(f"{line.member} cannot put up {-line.amount} credits", "stake-within-balance")
            if line.kind in ESCROW_KINDS:
                escrows[line.ref] = escrows.get(line.ref, 0) - line.amount
                if escrows[line.ref] < 0:
                    raise CreditError(f"duel {line.ref} pays more than its escrow holds", "escrow-not-negative")
            elif line.kind in POT_KINDS:
                pots[line.ref] = pots.get(line.ref, 0) - line.amount
                if pots[line.ref] < 0:
                    raise CreditError(f"tournament {line.ref} pays more than its pot holds", "pot-not-negative")
        self.balances.update(balances)
        self.escrows.update(escrows)
        self.pots.update(pots)
        self.lines.extend(batch)


def check_invariant(
    balances: Mapping[str, int],
    escrows: Mapping[str, int],
    pots: Mapping[str, int],
    lines: Iterable[LedgerLine],
) -> list[str]:
    """Every way the stored credit items disagree with the ledger; an empty list when they agree.

    Checks the platform invariant (balances + escrows + pots == grants + prizes paid) and, item by item, that
    each balance, escrow and pot equals what its lines say, that no escrow or pot is negative, and that each
    member has at most one grant.
    """
    problems: list[str] = []
    minted = 0
    from_lines_balance: dict[str, int] = defaultdict(int)
    from_lines_escrow: dict[str, int] = defaultdict(int)
    from_lines_pot: dict[str, int] = defaultdict(int)
    grants: dict[str, int] = defaultdict(int)
    for line in lines:
        from_lines_balance[line.member] += line.amount
        if line.kind in MINTING:
            minted += line.amount
        if line.kind is CreditKind.GRANT:
            grants[line.member] += 1
        elif line.kind in ESCROW_KINDS:
            from_lines_escrow[line.ref] -= line.amount
        elif line.kind in POT_KINDS:
            from_lines_pot[line.ref] -= line.amount
    held = sum(balances.values()) + sum(escrows.values()) + sum(pots.values())
    if held != minted:
        problems.append(f"balances + escrows + pots = {held}, grants + prizes paid = {minted}")
    for name, stored, derived in (
        ("balance", balances, from_lines_balance),
        ("escrow", escrows, from_lines_escrow),
        ("pot", pots, from_lines_pot),
    ):
        for key in sorted(set(stored) | set(derived)):
            if stored.get(key, 0) != derived.get(key, 0):
                problems.append(f"{name} of {key} is {stored.get(key, 0)}, its lines say {derived.get(key, 0)}")
            if name != "balance" and stored.get(key, 0) < 0:
                problems.append(f"{name} of {key} is negative: {stored.get(key, 0)}")
    problems.extend(f"{member} has {count} grants" for member, count in sorted(grants.items()) if count > 1)
    return problems
