"""What every moderator action shares: who may take it, and the reason it is taken with.

Platform decision (specs/platform.md): "Moderators are members in the ``moderators`` group of the user pool;
nothing else grants moderator rights", and "Every moderator action is written to an audit log with who, when,
what and why".
"""

from __future__ import annotations

from gameserver.domain.errors import Forbidden, InvalidInput
from gameserver.identity import Caller

MAX_WHY = 500
"""The longest reason an audit line keeps."""


def require_moderator(caller: Caller, what: str) -> None:
    """403 ``moderators_only`` unless ``caller`` is a moderator; ``what`` says what only they may do."""
    if not caller.is_moderator:
        raise Forbidden(f"only moderators {what}", code="moderators_only")


def reason(why: str) -> str:
    """The reason as the audit log keeps it (trimmed); 422 on ``why`` when empty or longer than ``MAX_WHY``."""
    why = why.strip()
    if not 0 < len(why) <= MAX_WHY:
        raise InvalidInput(f"say why, in 1 to {MAX_WHY} characters", field="why")
    return why
