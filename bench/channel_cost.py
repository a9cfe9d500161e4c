"""Requests and cost per 1,000 blitz duels: the live channel against polling every 2 s with ETags, and the
requests a house game costs the web client with the channel. Priced from bench/prices.py.

A model, each count named below from the code's own requests (docs/events.md, docs/storage.md):

- A blitz duel: 8 turns; turn 1 allows 120 s, the others 60 s; ``--turn-seconds`` is how long a turn lasts on
  average (both members send before the deadline; 25 s by default), so a duel lasts ``8 x turn`` plus the
  ready room's ``--ready-seconds``. Each turn is 2 submissions (the second resolves it).
- **Polling**: each member's client GETs its view every 2 s (``If-None-Match``: mostly 304s): each GET is one
  CloudFront request, one HTTP API request, one Lambda invocation (~30 ms at 1 GB) and one BatchGetItem
  (2 read units, consistent). The submissions are the same in both designs and are left out of both.
- **Channel**: each member opens one connection (the authorizer and $connect: 2 invocations; the connection
  item: 1 write), subscribes (1 message in, 1 invocation, a GetItem of the game and two event reads: 1.5 read
  units; the subscription: a 2-item transaction, 4 write units; 1 message out), and per change of the game
  (each submission) is sent one event (its item written in the change's transaction: 2 write units; the
  fan-out: one invocation per change, a Query of the subscribers (0.5 read units) and a claim (1 write unit)
  per member, one message out) and fetches the view once on it (as a poll's GET, answered 200) unless the
  change was its own (the PUT's answer carries it: the event's ETag matches). The stream's reads by Lambda are
  free. It is connected for the whole duel (connection minutes) and closes ($disconnect: 1 invocation, a
  2-item transaction). A ping every 5 minutes keeps a connection open longer than the duel lasts: none here.
  The client subscribes to its feed too (as the game: a message in and out, an invocation, 1.5 read and 4 write
  units), and every notice of the duel tells it: "each turn that opens puts a notification in the member's feed",
  one a turn a member, its event item written in the duel's transaction (2 write units) and fanned out with the
  change's (the same stream batch: no invocation of its own; a Query, 0.5 read units, and a claim, 1 write unit;
  one message out). Polling is not charged for reading the feed: the ratio leans towards polling.
"""

from __future__ import annotations

import argparse

import prices as p

POLL_SECONDS = 2
TURNS = 8
MEMBERS = 2
GB = 1.0
"""Memory of the functions (template Globals: 1024 MB)."""
GET_SECONDS = 0.030
"""A warm view read's billed duration (the API's GET, one BatchGetItem)."""
CHANNEL_SECONDS = 0.020
"""A warm channel invocation's billed duration (an authorizer, $connect, a message, one fan-out batch)."""


def polling(duel_seconds: float) -> dict[str, float]:
    gets = MEMBERS * duel_seconds / POLL_SECONDS
    return {"CloudFront requests": gets, "HTTP API requests": gets, "Lambda invocations": gets,
            "Lambda GB-s": gets * GET_SECONDS * GB, "DynamoDB read units": gets * 2, "DynamoDB write units": 0,
            "WebSocket messages": 0, "WebSocket connection minutes": 0}


def channel(duel_seconds: float) -> dict[str, float]:
    changes = TURNS * 2
    notices = TURNS * MEMBERS  # a turn-open notice a turn a member, each a feed event
    events = changes * MEMBERS + notices
    subscriptions = MEMBERS * 2  # the game and the feed
    refetches = changes * (MEMBERS - 1)  # the member whose change it was holds its answer already
    # connect(2) and disconnect a member, a subscription each, the fan-out a change, the GETs
    invocations = MEMBERS * (2 + 1) + subscriptions + changes + refetches
    return {
        "CloudFront requests": refetches + MEMBERS,
        "HTTP API requests": refetches,
        "Lambda invocations": invocations,
        "Lambda GB-s": (invocations - refetches) * CHANNEL_SECONDS * GB + refetches * GET_SECONDS * GB,
        "DynamoDB read units": subscriptions * 1.5 + events * 0.5 + refetches * 2,
        "DynamoDB write units": MEMBERS * (1 + 4) + subscriptions * 4 + events * (2 + 1),
        "WebSocket messages": MEMBERS + subscriptions * 2 + events,  # connect; subscribe, subscribed; events
        "WebSocket connection minutes": MEMBERS * duel_seconds / 60,
    }


def house_game() -> dict[str, float]:
    """A house game of 8 turns from the web client with the channel: its first GET, 8 PUTs (each resolves the
    turn at once: the answer holds the new view), one connection and subscription; each turn's event carries
    the ETag the client holds already, so no refetch."""
    return {"HTTP API requests": 1 + TURNS, "WebSocket messages": 1 + 1 + TURNS + 1, "refetches on events": 0}


def cost(counts: dict[str, float]) -> float:
    return (counts["CloudFront requests"] * p.CLOUDFRONT_HTTPS_REQUEST + counts["HTTP API requests"] * p.HTTP_API_REQUEST
            + p.lambda_cost(counts["Lambda invocations"], counts["Lambda GB-s"])
            + p.dynamodb_cost(counts["DynamoDB read units"], counts["DynamoDB write units"])
            + counts["WebSocket messages"] * p.WEBSOCKET_MESSAGE
            + counts["WebSocket connection minutes"] * p.WEBSOCKET_CONNECTION_MINUTE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turn-seconds", type=float, default=25)
    parser.add_argument("--ready-seconds", type=float, default=30)
    args = parser.parse_args()
    duel = TURNS * args.turn_seconds + args.ready_seconds
    print(f"per 1,000 blitz duels ({TURNS} turns of {args.turn_seconds:.0f} s, {duel:.0f} s a duel), prices "
          f"{p.REGION} as of {p.AS_OF}")
    rows = {"polling every 2 s (ETags)": polling(duel), "live channel": channel(duel)}
    names = list(next(iter(rows.values())))
    print(f"  {'':32}" + "".join(f"{label:>28}" for label in rows))
    for name in names:
        print(f"  {name:32}" + "".join(f"{counts[name] * 1000:>28,.0f}" for counts in rows.values()))
    costs = {label: cost(counts) * 1000 for label, counts in rows.items()}
    print(f"  {'cost':32}" + "".join(f"{'$' + format(c, '.4f'):>28}" for c in costs.values()))
    polled, pushed = costs.values()
    print(f"  ratio polling / channel: {polled / pushed:.1f}")
    print(f"a house game from the web client with the channel: {house_game()}")


if __name__ == "__main__":
    main()
