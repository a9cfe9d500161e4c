"""Solo play: one member against six AI powers, as pure functions over a JSON-serialisable game state.

>>> from rules.front1901.solo import new_game, propose, submit
>>> game = new_game(seed=7, member="FRANCE", level="normal", length="short")
>>> game, answer = propose(game, "GERMANY", {"kind": "pact"})
>>> answer.to_json()["answer"] in ("accepted", "declined")
True
>>> game, records = submit(game, ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"])
>>> str(records[0].phase), str(game.position.phase)
('S1901M', 'F1901M')

The rules beyond the spec, the policy, the search, the characters and the trust model are in
``docs/rules/front1901.md``; the signatures the game service calls in ``docs/interfaces.md``.
"""

from .answers import Answer, Reason
from .characters import CHARACTERS, Character, honesty
from .errors import SoloError
from .game import (
    Length,
    PhaseRecord,
    Result,
    ResultKind,
    Settlement,
    SettlementKind,
    SoloGame,
    abandon,
    ai_orders,
    ai_votes_draw,
    cancel,
    has_orders,
    inbox,
    member_has_orders,
    new_game,
    new_table,
    offer,
    propose,
    ranking,
    reclaim,
    reply,
    result,
    say,
    settle,
    submit,
    to_ai,
    trust_in_member,
    winners,
)
from .help import Estimate, Suggestion, Threat, estimate, matches_suggestion, suggest, summary, threat_map
from .judge import Verdict, VerdictKind
from .levels import PLAYABLE, Level
from .press import Message, MessageKind, Status
from .proposals import (
    Alliance,
    Demand,
    Dmz,
    Pact,
    Proposal,
    ProposalError,
    Split,
    SupportRequest,
    check_proposal,
    read_proposal,
)

__all__ = [
    "CHARACTERS", "PLAYABLE", "Alliance", "Answer", "Character", "Demand", "Dmz", "Estimate", "Length", "Level",
    "Message", "MessageKind", "Pact", "PhaseRecord", "Proposal", "ProposalError", "Reason", "Result", "ResultKind",
    "Settlement", "SettlementKind", "SoloError", "SoloGame", "Split", "Status", "Suggestion", "SupportRequest", "Threat", "Verdict", "VerdictKind",
    "abandon", "ai_orders", "ai_votes_draw", "cancel", "has_orders", "new_table", "offer", "ranking", "reclaim",
    "say", "settle", "to_ai", "check_proposal", "estimate", "honesty", "inbox", "matches_suggestion",
    "member_has_orders", "new_game", "propose", "read_proposal", "reply", "result", "submit", "suggest", "summary",
    "threat_map", "trust_in_member", "winners",
]  # fmt: skip
