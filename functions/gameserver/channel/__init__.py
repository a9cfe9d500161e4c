"""The live channel: a WebSocket API over which a member hears of their games and their feed as they change
(docs/events.md; the protocol in docs/api/channel.md and its schema docs/api/channel.json).

``protocol`` types every message; ``auth`` checks the token of a connection; ``session`` answers a connection's
messages (subscribe with catch-up, unsubscribe, ping, authorize); ``fanout`` delivers what the events table's
stream brings. The Lambda entry points are ``gameserver.handlers.channel``; the local runner serves the same
code on loopback (``localrun.channel``)."""
