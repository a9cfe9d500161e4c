"""Doctrine challenges, wired: publishing a doctrine (``publication``), the test bench (``bench``), the challenge
game (``game``: the ``challenge`` mode), a doctrine's rating applied from its queue (``ratings``), the author's
notices (``notices``), the month's boards (``boards``) and what the sweep does for them all (``sweep``).

The rules are the pure ``gameserver.platform.challenges``; the storage is ``store.challenges``.
"""
