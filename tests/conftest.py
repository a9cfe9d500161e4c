"""Shared fixtures: where the shared test data lives (SHARED_DIR, default ../shared next to the checkout)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

# Every deployment holds a cursor key (gameserver.parameters.cursor_key): so does every test process, for the
# stores' cursors. Set before any test reads the settings; a test that needs another key sets its own.
os.environ.setdefault("CURSOR_KEY", "tests-cursor-key-0123456789abcdef")


def _shared_dir() -> Path:
    return Path(os.environ.get("SHARED_DIR", REPO_ROOT.parent / "shared")).resolve()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The shared data folder (seeds, specs, DATC files).

    In CI (CI=true) a missing folder fails the test: the data is part of the contract.
    On a developer machine it skips with a message saying where it looked.
    """
    path = _shared_dir()
    if not path.is_dir():
        message = f"shared data folder not found at {path}; set SHARED_DIR"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT
