"""Every key of the main table, in one place (docs/storage.md lists the access patterns they serve).

Entities are namespaced by a prefix; a member's own things share their partition (``MEMBER#sub``), a game's
things share the game's (``GAME#id``). Sort keys that hold times sort as text because times are ISO UTC.
"""

from __future__ import annotations

import zlib

from gameserver.storage.dynamodb.tables import DUE_SHARDS

PROFILE = "PROFILE"
GAME = "GAME"
BOARD = "BOARD"


def member_pk(sub: str) -> str:
    return f"MEMBER#{sub}"


LEDGER_PREFIX = "LEDGER#"


def ledger_sk(at: str, line_id: str) -> str:
    return f"{LEDGER_PREFIX}{at}#{line_id}"


def play_prefix(kind: str) -> str:
    return f"PLAY#{kind}#"


def play_sk(kind: str, created_at: str, game_id: str) -> str:
    return f"{play_prefix(kind)}{created_at}#{game_id}"


def game_pk(game_id: str) -> str:
    return f"GAME#{game_id}"


def views_sk(sub: str) -> str:
    """A member's views of a game, one per seat they hold."""
    return f"VIEW#{sub}"


STEP_PREFIX = "STEP#"


def step_sk(step: int) -> str:
    """A resolved step's record: the step number zero-padded to 6 digits, so the records sort in order."""
    return f"{STEP_PREFIX}{step:06d}"


FEED_PREFIX = "FEED#"


def feed_sk(order: str) -> str:
    """A notice's place in its member's feed (``Notice.order``): ``{at}#{game_id}#{step:06d}`` for a step that
    opened, ``{at}#{game_id}#{kind}`` for any other notice."""
    return f"{FEED_PREFIX}{order}"



def due_shard(game_id: str) -> str:
    """A stable shard per game (crc32, not ``hash``: the same in every process)."""
    return f"DUE#{zlib.crc32(game_id.encode()) % DUE_SHARDS}"


def all_due_shards() -> list[str]:
    return [f"DUE#{n}" for n in range(DUE_SHARDS)]


def finished_gsi1pk(kind: str, day: str) -> str:
    """Games finished on a UTC day (``YYYY-MM-DD``): what ratings, duels and season closes walk."""
    return f"FINISHED#{kind}#{day}"


def invitation_pk(invitation_id: str) -> str:
    return f"INVITATION#{invitation_id}"


INVITATION = "INVITATION"


def invitee_gsi1pk(sub: str) -> str:
    """Pending invitations a member received (sparse: the keys go when the invitation is answered)."""
    return f"INVITEE#{sub}"


def inviter_gsi2pk(sub: str) -> str:
    """Invitations a member sent, every status."""
    return f"INVITER#{sub}"
