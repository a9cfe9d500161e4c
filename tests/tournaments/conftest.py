"""Fixtures of the stored tournament tests: the app's settings for moto in-process, for a whole module
(hypothesis tests cannot take function fixtures). The pure tournament tests need none of these."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from moto_tables import environment, set_environment

ENVIRONMENT = environment("tournaments", EVENT_BUS_NAME="", POWERTOOLS_METRICS_NAMESPACE="Feinthold",
                          POWERTOOLS_SERVICE_NAME="gameserver")


@pytest.fixture(scope="module")
def aws_environment() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        set_environment(patch, ENVIRONMENT)
        yield
