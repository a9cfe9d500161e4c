"""A client developer's program: a house game of Feinthold, played end to end against the local runner through
the Python client generated from docs/api/openapi.json (openapi-python-client) and nothing else; mypy --strict
checks it with the client. Run by infra/check-contract.sh:

    python play_house_game.py API_URL ADMIN_URL

The runner's admin port (no part of the API) mints the member's token. Every turn the member reinforces their HQ
with what their points buy and predicts the enemy at their own relay, both read from the typed view; the house AI
plays, and the game ends within its 8 turns; then the record is read.
"""

from __future__ import annotations

import json
import sys
import urllib.request
from typing import TypeVar

from feinthold_api_client import AuthenticatedClient
from feinthold_api_client.api.games import get_game, get_game_record, send_orders, start_house_game
from feinthold_api_client.api.members import get_me
from feinthold_api_client.models import (
    AtFields,
    ErrorBody,
    FeintholdView,
    GameOut,
    GamePace,
    GameStatus,
    GatewayError,
    HouseAi,
    NewHouseGame,
    OrderSet,
    PositionKind,
    PredictOrder,
    ProfileOut,
    RecordOut,
    ReinforceFields,
    ReinforceOrder,
    SubmissionOut,
)

T = TypeVar("T")

MAX_TURNS = 8
"""A game of Feinthold "always ends in 8 turns at most"."""


def mint(admin: str, sub: str) -> str:
    """A member's bearer token from the runner's admin port."""
    request = urllib.request.Request(f"{admin}/tokens", data=json.dumps({"sub": sub}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        token = json.load(answer)["token"]
    assert isinstance(token, str)
    return token


def expect(answer: object, kind: type[T], what: str) -> T:
    """The answer, when it is the model the operation documents for success; else the run stops, saying why."""
    if not isinstance(answer, kind):
        detail = answer.to_dict() if isinstance(answer, ErrorBody | GatewayError) else answer
        raise SystemExit(f"{what}: expected {kind.__name__}, got {detail}")
    return answer


UNIT_COST = 2
""""Reinforce: a unit costs 2 points, a decoy 1"."""


def orders(view: FeintholdView) -> OrderSet:
    """Reinforce my HQ with up to four units, and predict at my relay: legal whatever the layout."""
    mine = {place.kind: place.id for place in view.layout.positions if place.side == view.side}
    chosen: list[ReinforceOrder | PredictOrder] = []
    if units := min(4, view.points // UNIT_COST):
        chosen.append(ReinforceOrder(reinforce=ReinforceFields(at=mine[PositionKind.HQ], units=units, decoys=0)))
    if PositionKind.RELAY in mine:
        chosen.append(PredictOrder(predict=AtFields(at=mine[PositionKind.RELAY])))
    return OrderSet(orders=list(chosen))


def play(api: str, admin: str) -> RecordOut:
    client = AuthenticatedClient(base_url=api, token=mint(admin, "client-python"), raise_on_unexpected_status=True)
    me = expect(get_me.sync(client=client), ProfileOut, "my profile")
    game = expect(start_house_game.sync(client=client, body=NewHouseGame(house_ai=HouseAi.PIVOT, pace=GamePace.DAY)),
                  GameOut, "a house game")
    for _ in range(MAX_TURNS):
        if game.status is not GameStatus.OPEN:
            break
        sent = expect(send_orders.sync(game.game_id, game.turn, client=client, body=orders(game.view)),
                      SubmissionOut, f"orders of turn {game.turn}")
        assert sent.resolved, "against a house AI my orders resolve the turn"
        game = expect(get_game.sync(game.game_id, client=client), GameOut, "my view")
    assert game.status is GameStatus.OVER, f"the game did not end in {MAX_TURNS} turns"
    record = expect(get_game_record.sync(game.game_id, client=client), RecordOut, "the record")
    assert record.game_id == game.game_id and len(record.turns) == game.turn
    print(f"python client: {me.sub} played game {game.game_id} to its end in {game.turn} turns")
    return record


if __name__ == "__main__":
    play(sys.argv[1], sys.argv[2])
