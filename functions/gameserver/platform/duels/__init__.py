"""Duels between members: paces and clocks, the lifecycle, settlement of stakes, rating verdicts, the month's board.

Pure: no storage, no clock. Times come in as arguments (aware UTC datetimes).
"""

from gameserver.platform.duels.credits import (
    CreditError,
    CreditKind,
    Ledger,
    LedgerLine,
    check_invariant,
    check_stake,
)
from gameserver.platform.duels.duel import Duel, DuelStatus, Ending, credit_lines
from gameserver.platform.duels.leaderboard import MIN_RATED_DUELS, DuelStanding, duel_order, on_duel_board
from gameserver.platform.duels.lifecycle import (
    Abandon,
    Accept,
    Decline,
    DuelEvent,
    DuelRuleError,
    Freeze,
    ProposalLapses,
    Ready,
    ReadyRoomCloses,
    Stop,
    TurnResolved,
    Void,
    Withdraw,
    apply,
    lapses_at,
    propose,
)
from gameserver.platform.duels.modes import (
    DUEL_PACES,
    READY_ROOM,
    Pace,
    proposal_lapses,
    ready_room_closes,
    turn_deadline,
    turn_time,
)
from gameserver.platform.duels.rated import (
    DuelRatingChanges,
    Unrated,
    earlier_in_window,
    rate_duel,
    rating_verdict,
    score,
)
from gameserver.platform.duels.settlement import settle, stakes_receiver

__all__ = [
    "DUEL_PACES",
    "MIN_RATED_DUELS",
    "READY_ROOM",
    "Abandon",
    "Accept",
    "CreditError",
    "CreditKind",
    "Decline",
    "Duel",
    "DuelEvent",
    "DuelRatingChanges",
    "DuelRuleError",
    "DuelStanding",
    "DuelStatus",
    "Ending",
    "Freeze",
    "Ledger",
    "LedgerLine",
    "Pace",
    "ProposalLapses",
    "Ready",
    "ReadyRoomCloses",
    "Stop",
    "TurnResolved",
    "Unrated",
    "Void",
    "Withdraw",
    "apply",
    "check_invariant",
    "check_stake",
    "credit_lines",
    "duel_order",
    "earlier_in_window",
    "lapses_at",
    "on_duel_board",
    "proposal_lapses",
    "propose",
    "rate_duel",
    "rating_verdict",
    "ready_room_closes",
    "score",
    "settle",
    "stakes_receiver",
    "turn_deadline",
    "turn_time",
]
