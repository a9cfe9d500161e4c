"""Knockout tournaments of Feinthold, wired to storage, the clock and the game pipeline: ``service`` (creating,
joining, leaving, reading, abandoning a match, the freeze moderation calls, the tournaments' own deadlines),
``match`` (the ``match`` mode: a match's game moves its match and, at its end, the tournament), ``transition``
(what one tournament transition writes, whoever applied its event). The rules themselves are the pure
``gameserver.platform.tournaments``."""
