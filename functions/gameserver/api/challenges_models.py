"""Request bodies of the challenge routes (v1): a publication, a challenge, a run of the test bench. What the
routes answer is in ``domain.challenges.answers``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from gameserver.api.models import ChallengePace, Choice, HouseAi, RequestBody
from gameserver.platform.challenges.doctrines import NAME_MAX, NAME_MIN
from gameserver.words import DoctrineJson

DOCTRINE_ID = r"^([0-9a-f]{20}|house-(sentinel|pivot|ram))$"
"""A published doctrine's id: a member's (20 hex digits), or a house AI's (``house-ram``)."""
Slot = Annotated[int, Field(ge=1, le=3, description="one of my doctrine slots, 1 to 3")]
Seed = Annotated[int, Field(ge=0, le=2**31 - 1, description="draws the layouts and the house AIs' noise: the "
                                                            "same seed, the same bench")]


class Publication(RequestBody):
    slot: Slot
    name: str = Field(min_length=NAME_MIN, max_length=NAME_MAX,
                      description="the name others see: 3 to 24 letters, digits, spaces and - _ ' . (never a house "
                                  "AI's); the doctrine's own name stays mine")


class NewChallenge(RequestBody):
    doctrine_id: str = Field(pattern=DOCTRINE_ID, description="a published doctrine, or a house AI: house-ram")
    pace: Choice[ChallengePace]


class BenchOfSlot(RequestBody):
    """One of my doctrines, as it is in its slot now."""

    of: Literal["slot"]
    slot: Slot
    seed: Seed = 0


class BenchOfDraft(RequestBody):
    """A doctrine written here, never stored."""

    of: Literal["draft"]
    doctrine: DoctrineJson
    seed: Seed = 0


class BenchOfHouse(RequestBody):
    """A house AI's public rules."""

    of: Literal["house"]
    house_ai: Choice[HouseAi]
    seed: Seed = 0


BenchRun = Annotated[BenchOfSlot | BenchOfDraft | BenchOfHouse, Field(discriminator="of")]
"""What the bench plays: ``{"of": "slot", "slot": 1}``, ``{"of": "draft", "doctrine": {...}}`` or
``{"of": "house", "house_ai": "ram"}``."""
