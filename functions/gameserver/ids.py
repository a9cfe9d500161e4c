"""Identifiers: random, URL-safe, and valid in a Step Functions execution name (``{game}-{turn}``)."""

from __future__ import annotations

import secrets


def new_id() -> str:
    return secrets.token_hex(10)


def new_seed() -> int:
    """A game's seed: drawn here, kept in the game's board, never accepted from or shown to a member."""
    return secrets.randbits(62)
