"""Duels between members, wired to storage, the clock and the game pipeline: ``service`` (proposals, answers,
the ready room, the end off the board, the duels' own deadlines, the month's board), ``game`` (the duel's
mode: its game's steps move the duel), ``events`` (what leaves the service once a duel's write committed).
The rules themselves are the pure ``gameserver.platform.duels``."""
