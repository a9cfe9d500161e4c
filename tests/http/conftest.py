"""Fixtures of the API tests over HTTP: one local runner process per test session (per xdist worker), and
members of their own for each test (see localrun_process)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from localrun_process import LocalRunner, Member, start_runner, stop_runner


@pytest.fixture(scope="session")
def runner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalRunner]:
    state_dir = tmp_path_factory.mktemp("localrun")
    process, ready = start_runner(state_dir)
    running = LocalRunner(ready["api"], ready["admin"], ready["dynamodb"], state_dir, process)
    try:
        yield running
    finally:
        running.close()
        stop_runner(process)


@pytest.fixture
def alice(runner: LocalRunner) -> Member:
    return runner.member("alice")


@pytest.fixture
def bob(runner: LocalRunner) -> Member:
    return runner.member("bob")


@pytest.fixture(scope="session")
def channel(runner: LocalRunner) -> str:
    """The runner's WebSocket channel (``ws://127.0.0.1:<port>/ws``)."""
    from channel_client import channel_url

    return channel_url(runner.api)
