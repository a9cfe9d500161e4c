"""The Daily Front of a date: its layout, the member's side, the house AI and its noise.

Rules: "Every day, one blitz game, the same for everyone: same map, same house AI, same side. Monday and Thursday
Sentinel, Tuesday and Friday Pivot, Wednesday and Saturday Ram, Sunday Ram with more noise."
Architecture: "The date comes from the event's scheduled time, not the clock. A day's parameters are drawn from
the date and a secret salt, so nobody can compute future Fronts."

Each parameter is its own HMAC-SHA256 of the date under the salt, so knowing some days' Fronts (or some
parameters of a day) tells nothing about another's without the salt. Front 1901's daily challenge draws its own
from the same salt under another board's name (``day_draw``), so the two games of a day tell nothing of each
other either.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

#: The house AI by weekday (Monday = 0), as the rules list them.
HOUSE_AI_BY_WEEKDAY = ("sentinel", "pivot", "ram", "sentinel", "pivot", "ram", "ram")
#: A salt shorter than this is refused: it is all that keeps future Fronts secret.
MIN_SALT_BYTES = 16
_SEED_MASK = (1 << 63) - 1


class Noise(enum.StrEnum):
    """How much noise changes the numbers of the house AI's rules."""

    NORMAL = "normal"
    STRONG = "strong"
    """Sunday: "Ram with more noise"."""


@dataclass(frozen=True)
class FrontOfTheDay:
    """Everything that makes one day's Front the same game for everyone."""

    day: date
    layout_id: str
    side: str
    """The side the members play; the house AI plays the other."""
    house_ai: str
    noise: Noise
    noise_seed: int
    """Seed of the house AI's noise: house_ai(name, noise_seed, noise)."""
    game_seed: int
    """Seed of the game itself: new_game(game_seed, layout_id)."""

    def to_json(self) -> dict[str, object]:
        return {
            "day": self.day.isoformat(),
            "layout_id": self.layout_id,
            "side": self.side,
            "house_ai": self.house_ai,
            "noise": str(self.noise),
            "noise_seed": self.noise_seed,
            "game_seed": self.game_seed,
        }


def day_draw(salt: bytes, day: date, parameter: str, board: str = "daily-front") -> int:
    """One parameter of ``day``'s game on ``board`` (the Daily Front, ``daily-front``; Front 1901's daily challenge),
    drawn from the date and the secret salt: 64 bits of its own HMAC-SHA256."""
    if len(salt) < MIN_SALT_BYTES:
        raise ValueError(f"the daily salt has at least {MIN_SALT_BYTES} bytes")
    message = f"{board}/{day.isoformat()}/{parameter}".encode()
    return int.from_bytes(hmac.new(salt, message, hashlib.sha256).digest()[:8], "big")


def day_seed(salt: bytes, day: date, parameter: str, board: str = "daily-front") -> int:
    """A seed of ``day``'s game (63 bits: a non-negative integer every engine takes)."""
    return day_draw(salt, day, parameter, board) & _SEED_MASK


def front_of_the_day(day: date, salt: bytes, layout_ids: Sequence[str], sides: Sequence[str]) -> FrontOfTheDay:
    """The Front of ``day``; ``layout_ids`` and ``sides`` are the engine's (``sides`` in its order)."""
    layouts = sorted(set(layout_ids))
    if not layouts:
        raise ValueError("the Front needs at least one layout")
    weekday = day.weekday()
    return FrontOfTheDay(
        day=day,
        layout_id=layouts[day_draw(salt, day, "layout") % len(layouts)],
        side=sides[day_draw(salt, day, "side") % len(sides)],
        house_ai=HOUSE_AI_BY_WEEKDAY[weekday],
        noise=Noise.STRONG if weekday == 6 else Noise.NORMAL,
        noise_seed=day_seed(salt, day, "noise"),
        game_seed=day_seed(salt, day, "game"),
    )


def _parse_time(value: str | datetime) -> datetime:
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(value.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ValueError(f"a scheduled time carries its zone: {value!r}")
    return moment.astimezone(UTC)


def scheduled_day(event: Mapping[str, object]) -> date:
    """The day a scheduled event stands for: the UTC date of its ``time`` (EventBridge's scheduled time).

    The 00:00 UTC rotation delivered late, or twice, still names the same day; the clock is never read.
    """
    time = event.get("time")
    if not isinstance(time, str | datetime):
        raise ValueError("a scheduled event carries its scheduled time in 'time'")
    return _parse_time(time).date()
