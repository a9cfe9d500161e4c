"""A client developer's check: each game's outcome, won, drawn and unfinished, read through the Python client
generated from docs/api/openapi.json into its typed attributes (never left a dict, never refused). mypy --strict
checks it with the client; infra/check-contract.sh runs it:

    python parse_outcomes.py

A shape such as "a seat or the word draw" in one field reads as "must be draw" in this generator: a won game of
Feint then fails to parse, and inside a larger answer its outcome silently stays a dict.
"""

from __future__ import annotations

from typing import Any

from feinthold_api_client.models import (
    FeintFinal,
    FeintOutcome,
    Front1901Final,
    Front1901Power,
    Front1901ResultKind,
    GameSummary,
    Side,
)

FEINTHOLD_GAME = {"game_id": "g", "mode": "house", "side": "south", "opponent": {"kind": "house", "name": "ram"},
                  "status": "over", "turn": 8, "deadline": None, "created_at": "2026-12-01T09:00:00Z"}
FEINT_FINAL = {"players": 3, "radius": 4, "tokens": [], "banks": [0, 1, 2], "turn": 40, "round": 13, "battles": 2,
               "retreats": 1}
FRONT1901_FINAL = {"power": "FRANCE", "level": "easy", "length": "short", "last_year": 1905,
                   "phase": "W1905A", "units": {}, "centres": {}, "matched": 0}


def feinthold(winner: str | None) -> GameSummary:
    return GameSummary.from_dict({**FEINTHOLD_GAME, "winner": winner})


def feint(outcome: dict[str, Any] | None) -> FeintOutcome | None:
    final = FeintFinal.from_dict({**FEINT_FINAL, "outcome": outcome})
    if outcome is None:
        assert final.outcome is None
        return None
    assert isinstance(final.outcome, FeintOutcome), final.outcome
    assert final.outcome.to_dict() == FeintOutcome.from_dict(outcome).to_dict() == outcome
    return final.outcome


def front1901(winners: list[str], result: dict[str, Any] | None) -> Front1901Final:
    return Front1901Final.from_dict({**FRONT1901_FINAL, "winners": winners, "result": result})


def main() -> None:
    assert feinthold("north").winner is Side.NORTH
    assert feinthold("draw").winner == "draw"
    assert feinthold(None).winner is None

    won = feint({"winners": [2], "reason": "centre-hold", "winner": 2, "draw": False})
    assert won is not None and (won.winner, won.draw) == (2, False)
    drawn = feint({"winners": [1, 3], "reason": "quiet-rounds", "winner": None, "draw": True})
    assert drawn is not None and (drawn.winner, drawn.draw, drawn.winners) == (None, True, [1, 3])
    assert feint(None) is None

    alone = front1901(["FRANCE"], {"kind": "won", "year": 1905, "centres": 18})
    assert alone.winners == [Front1901Power.FRANCE] and not isinstance(alone.result, dict)
    assert alone.result is not None and alone.result.kind is Front1901ResultKind.WON
    shared = front1901(["FRANCE", "RUSSIA"], {"kind": "shared", "year": 1905, "centres": 9})
    assert shared.winners == [Front1901Power.FRANCE, Front1901Power.RUSSIA]
    assert shared.result is not None and shared.result.kind is Front1901ResultKind.SHARED
    going = front1901([], None)
    assert going.winners == [] and going.result is None
    print("outcomes: each game's won, drawn and unfinished outcome read into the client's types")


if __name__ == "__main__":
    main()
