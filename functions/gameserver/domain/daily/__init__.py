"""The Daily Front wired to storage and the pipeline: ``front`` (the day's rotation, a member's one game a day, a
moderator's removal), ``boards`` (the day's board, the month's table, the rank summary), ``results`` (a
finished Front's result; the ``daily`` mode). The rules themselves are the pure ``gameserver.platform.daily``."""
