"""The house AIs: Sentinel (careful), Pivot (balanced; scouts, bluffs with decoys), Ram (aggressive).

"Sentinel, Pivot and Ram play with the same rules and the same menu of instructions as the players,
seeing nothing more than their own side; a little noise changes the numbers of their rules from one
game to the next (more on Sundays on the Daily Front)." "The rules of the house AIs are public."

Each is a doctrine written with the member's lists, at most 8 rules, parsed by `parse_doctrine`.
"""

from __future__ import annotations

from typing import Any, Literal

from .noise import STEPS, Noise, with_noise
from .schema import Doctrine, parse_doctrine

HouseName = Literal["sentinel", "pivot", "ram"]
HOUSE_NAMES: tuple[HouseName, ...] = ("sentinel", "pivot", "ram")

_RULES: dict[str, dict[str, Any]] = {
    "sentinel": {
        "name": "Sentinel",
        "rules": [
            # Careful: answer a threat on the HQ first, with everything the points buy.
            {"if": [{"enemy_next_to": {"at": "my-hq", "at_least": 1}}],
             "then": {"reinforce_all": {"at": "my-hq", "keep_points": 0}}},
            # Take a relay only with a clear margin, leaving a garrison behind.
            {"if": [{"outnumber": {"at": "open-relay", "ratio": 2.0, "unknown_as": 2}}],
             "then": {"converge": {"at": "open-relay", "keep": 1, "share": 100}}},
            # Strike an enemy neighbour only when far stronger than what was seen there.
            {"if": [{"outnumber": {"at": "weakest-enemy", "ratio": 2.0, "unknown_as": 3}}],
             "then": {"converge": {"at": "weakest-enemy", "keep": 1, "share": 100}}},
            {"if": [{"units_at": {"at": "my-hq", "at_least": 4}}],
             "then": {"advance": {"from": "my-hq", "toward": "open-ground", "keep": 3, "share": 100}}},
            # Hold what is under threat: entrench it.
            {"if": [{"points": {"at_least": 3}}], "then": {"entrench": {"at": "threatened"}}},
            {"if": [{"flag": {"at": "my-relay", "owner": "mine"}}, {"points": {"at_least": 4}}],
             "then": {"reinforce_all": {"at": "my-relay", "keep_points": 2, "at_most": 2}}},
            {"if": [], "then": {"reinforce_all": {"at": "my-hq", "keep_points": 1}}},
            {"if": [], "then": {"predict": {"at": "likely-entry"}}},
        ],
    },
    "pivot": {
        "name": "Pivot",
        "rules": [
            # Balanced: look before leaping.
            {"if": [{"turn": {"at_least": 2}}, {"points": {"at_least": 7}}], "then": {"scout": {"at": "stale"}}},
            # Bluff: yesterday's decoys walk out as a "?" toward the enemy relay.
            {"if": [{"decoys_at": {"at": "my-hq", "at_least": 1}}],
             "then": {"send_decoys": {"from": "my-hq", "toward": "enemy-relay", "count": 2}}},
            {"if": [{"outnumber": {"at": "weakest-enemy", "ratio": 1.5, "unknown_as": 2}}],
             "then": {"converge": {"at": "weakest-enemy", "keep": 0, "share": 100}}},
            # Spread over open ground (relays first) with part of the army, keeping a reserve home.
            {"if": [{"outnumber": {"at": "open-ground", "ratio": 1.5, "unknown_as": 2}}],
             "then": {"converge": {"at": "open-ground", "keep": 1, "share": 60}}},
            {"if": [{"units_at": {"at": "my-hq", "at_least": 3}}],
             "then": {"advance": {"from": "my-hq", "toward": "open-ground", "keep": 2, "share": 100}}},
            {"if": [{"turn": {"at_most": 6}}, {"decoys_at": {"at": "my-hq", "at_most": 0}}],
             "then": {"reinforce_decoys": {"at": "my-hq", "count": 1}}},
            {"if": [], "then": {"reinforce_all": {"at": "my-hq", "keep_points": 0}}},
            {"if": [], "then": {"predict": {"at": "likely-entry"}}},
        ],
    },
    "ram": {
        "name": "Ram",
        "rules": [
            # Aggressive: hit whatever is weakest next to the army, with everything.
            {"if": [{"outnumber": {"at": "weakest-enemy", "ratio": 1.2, "unknown_as": 2}}],
             "then": {"converge": {"at": "weakest-enemy", "keep": 0, "share": 100}}},
            {"if": [{"outnumber": {"at": "open-ground", "ratio": 1.0, "unknown_as": 1}}],
             "then": {"converge": {"at": "open-ground", "keep": 0, "share": 60}}},
            {"if": [], "then": {"advance": {"from": "frontier", "toward": "enemy-hq", "keep": 0, "share": 100}}},
            {"if": [{"units_at": {"at": "my-hq", "at_least": 2}}],
             "then": {"advance": {"from": "my-hq", "toward": "enemy-hq", "keep": 1, "share": 100}}},
            {"if": [{"flag": {"at": "my-relay", "owner": "mine"}}],
             "then": {"reinforce_all": {"at": "my-relay", "keep_points": 4, "at_most": 2}}},
            {"if": [], "then": {"reinforce_all": {"at": "my-hq", "keep_points": 0}}},
            {"if": [], "then": {"predict": {"at": "likely-entry"}}},
        ],
    },
}

_BASE: dict[str, Doctrine] = {name: parse_doctrine(rules) for name, rules in _RULES.items()}


def house_ai(name: HouseName, seed: int | str, noise: Noise = "normal") -> Doctrine:
    """The house AI `name` for one game: its public rules with the game's seeded noise applied.

    `noise="strong"` is Sunday's Daily Front; `"none"` gives the written rules unchanged.
    """
    if name not in _BASE:
        raise ValueError(f"unknown house AI {name!r} (known: {', '.join(HOUSE_NAMES)})")
    if str(noise) not in STEPS:
        raise ValueError(f"unknown noise {noise!r} (known: {', '.join(STEPS)})")
    return with_noise(_BASE[name], seed, str(noise))  # type: ignore[arg-type]


def house_rules() -> dict[str, dict[str, Any]]:
    """The house AIs' public rules, as written (before any game's noise), in the doctrine JSON form."""
    return {name: doctrine.to_json() for name, doctrine in _BASE.items()}
