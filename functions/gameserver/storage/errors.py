"""What a storage call raises when its write did not happen: the domain decides what that means for a member."""

from __future__ import annotations


class WriteConflict(Exception):
    """A conditional write found the item changed (another request won the race); nothing was written."""


class UnreadKeys(WriteConflict):
    """A read that the store kept answering only in part (throttling): nothing is wrong, send it again."""
