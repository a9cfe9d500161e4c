"""Fixtures of the cloud-definition tests: the parsed SAM template, the sample events, a moto server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from cloud_support import configure_moto, load_template


@pytest.fixture(scope="session")
def template() -> dict[str, Any]:
    return load_template()


@pytest.fixture(scope="session")
def resources(template: Mapping[str, Any]) -> Mapping[str, Any]:
    return template["Resources"]


@pytest.fixture(scope="session")
def function_globals(template: Mapping[str, Any]) -> Mapping[str, Any]:
    return template["Globals"]["Function"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def moto_endpoint() -> Iterator[str]:
    """A moto server process on loopback that really runs state machines (Lambda tasks echo their payload).

    Its own process: moto's settings are process-wide, so turning execution on here touches no other test.
    MOTO_PORT tells moto's Step Functions interpreter where to send its Lambda calls (its own server).
    """
    port = _free_port()
    endpoint = f"http://127.0.0.1:{port}"
    env = {**os.environ, "MOTO_PORT": str(port)}
    server = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{endpoint}/moto-api/data.json", timeout=1):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"moto server did not start on {endpoint}") from None
                time.sleep(0.1)
        configure_moto(endpoint, {"stepfunctions": {"execute_state_machine": True}, "lambda": {"use_docker": False}})
        yield endpoint
    finally:
        server.terminate()
        server.wait(timeout=10)
