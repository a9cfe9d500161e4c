"""Helpers of the cloud-definition tests: the template as CloudFormation reads it, the sample events, the moto
server's configuration."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from cfnlint.decode import cfn_yaml

REPO_ROOT = Path(__file__).resolve().parents[2]


def load_template() -> dict[str, Any]:
    """The template as CloudFormation reads it: ``!Ref X`` becomes ``{"Ref": "X"}``, and so on."""
    return cfn_yaml.load(str(REPO_ROOT / "template.yaml"))


def load_event(name: str) -> dict[str, Any]:
    return json.loads((REPO_ROOT / "events" / name).read_text())


def configure_moto(endpoint: str, config: dict[str, Any]) -> None:
    """Set the moto server's own options (``/moto-api/config``): whether Step Functions runs its machines,
    whether Lambda runs in Docker."""
    request = urllib.request.Request(
        f"{endpoint}/moto-api/config",
        data=json.dumps(config).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    urllib.request.urlopen(request, timeout=5).close()
