"""The platform's features, wired to storage, the clock and the game pipeline: members and their credits,
Feinthold's games (``feinthold``) and its modes (``house``, ``friendly``, ``duels``, ``daily``), doctrines,
fair play, moderation. Each mode registers itself with the pipeline (``gameserver.catalog.register``); a feature's
pure rules live in ``gameserver.platform`` under the same name.

The domain never imports boto3 or the rules layer: it talks to the storage port, reads time from the clock
it is given, and reaches an engine through its adapter (``gameserver.play.engines``).
"""
