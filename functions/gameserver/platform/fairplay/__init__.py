"""Fair play as pure functions over records: order delays, machine-like play, linked accounts, reload storms.

Nothing here acts: the callers decide what a verdict changes (duels, challenges, the Daily Front) and store marks.
"""

from gameserver.platform.fairplay.delays import (
    HUMAN_MEDIAN_SECONDS,
    faster_than_a_human,
    faster_than_a_human_in_game,
    order_delay,
    pace_too_regular,
)
from gameserver.platform.fairplay.links import (
    LINK_WINDOW,
    Link,
    LinkKind,
    Sighting,
    day_sightings,
    link_between,
)
from gameserver.platform.fairplay.reloads import reloaded_too_often

__all__ = [
    "HUMAN_MEDIAN_SECONDS",
    "LINK_WINDOW",
    "Link",
    "LinkKind",
    "Sighting",
    "day_sightings",
    "faster_than_a_human",
    "faster_than_a_human_in_game",
    "link_between",
    "order_delay",
    "pace_too_regular",
    "reloaded_too_often",
]
