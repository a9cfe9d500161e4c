"""Where every AI choice and noise comes from: the game's seed.

"A game has a seed; every AI choice and noise is drawn from it ... so a game is replayed exactly from its
seed, the member's orders and the member's messages, in their order.  Help and suggestions draw from a
separate random stream and never change the game."  Each draw names what it is for (the phase, the power,
the purpose), so that no draw depends on how many were made before it: asking for help, or a change in one
power's choices, never shifts another's.
"""

from __future__ import annotations

import hashlib
import random

GAME = "game"
HELP = "help"
"""The two streams: the game's own, and the one help and suggestions draw from."""


def draw(seed: int, stream: str, *purpose: object) -> random.Random:
    """A generator for one purpose, from the seed: the same seed, stream and purpose give the same draws,
    on every machine and in every process (the words are hashed with SHA-256, never with ``hash()``)."""
    words = ":".join(str(word) for word in (seed, stream, *purpose))
    return random.Random(int.from_bytes(hashlib.sha256(words.encode()).digest()[:8], "big"))
