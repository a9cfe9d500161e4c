"""The moderators' audit log (docs/storage.md): "Every moderator action is written to an audit log with who, when,
what and why". One item per action, written in the same transaction as the action itself, so an action never
happens without its line nor a line without its action.

``AUDIT#{YYYY-MM} / {at}#{id}``; ``gsi2pk = AUDITOF#{member}`` lists the actions on a member.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gameserver.storage import codec

Item = dict[str, Any]


@dataclass(frozen=True)
class AuditLine:
    moderator: str
    at: str
    action: str
    """What was done, e.g. ``remove-daily-front``."""
    member: str
    """Whom it concerns."""
    target: str
    """What it was done to, e.g. the day of a Front."""
    why: str
    audit_id: str


def encode_audit(line: AuditLine) -> Item:
    sort_key = f"{line.at}#{line.audit_id}"
    return {
        "pk": codec.s(f"AUDIT#{line.at[:7]}"),
        "sk": codec.s(sort_key),
        "type": codec.s("audit"),
        "moderator": codec.s(line.moderator),
        "at": codec.s(line.at),
        "action": codec.s(line.action),
        "member": codec.s(line.member),
        "target": codec.s(line.target),
        "why": codec.s(line.why),
        "gsi2pk": codec.s(f"AUDITOF#{line.member}"),
        "gsi2sk": codec.s(sort_key),
    }


def decode_audit(item: Item) -> AuditLine:
    return AuditLine(moderator=item["moderator"]["S"], at=item["at"]["S"], action=item["action"]["S"],
                     member=item["member"]["S"], target=item["target"]["S"], why=item["why"]["S"],
                     audit_id=item["sk"]["S"].partition("#")[2])
