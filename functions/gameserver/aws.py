"""The low-level AWS clients, made on first use (botocore clients: boto3's session and resources cost a cold
start that a request never uses).

Making the first client of a process (not importing botocore) took ~75 ms of CPU in a cold start's first
request; two of botocore's habits were over half of it and buy this package nothing (measured for
bench/spine_coldstart.py):
- before it loads a service's model, botocore checks the name against a list of every service it ships,
  made by listing some 450 folders, once for the model and once for the endpoint rules (~25 ms). Our loader
  lists only the services this module makes clients for, still from the data files, so the check stands.
- its data files are parsed into OrderedDicts, which halves the speed of the JSON parser: the endpoints
  file (1.2 MB, read for every first client) takes 26 ms instead of 11. Plain dicts keep the order too
  (Python 3.7 on), and botocore's models only read them.
"""

from __future__ import annotations

import json
import os
import threading
from typing import Any

_SERVICES = ("dynamodb", "events", "stepfunctions")
"""The services of the clients below: the only names our loader lists."""

_lock = threading.Lock()
_clients: dict[str, Any] = {}
_session: Any = None


def _data_loader() -> Any:
    """botocore's loader, listing only our services and parsing its JSON into plain dicts."""
    from botocore.exceptions import DataNotFoundError
    from botocore.loaders import JSONFileLoader, Loader

    class PlainJSONFileLoader(JSONFileLoader):
        def _load_file(self, full_path: str, open_method: Any) -> Any:
            if not os.path.isfile(full_path):
                return None
            with open_method(full_path, "rb") as data:
                return json.loads(data.read().decode("utf-8"))

    class OurServicesLoader(Loader):
        FILE_LOADER_CLASS = PlainJSONFileLoader

        def list_available_services(self, type_name: str) -> list[str]:
            available = []
            for service in _SERVICES:
                try:
                    self.list_api_versions(service, type_name)
                except DataNotFoundError:
                    continue
                available.append(service)
            return available

    return OurServicesLoader()


def _new_session() -> Any:
    import botocore.session

    session = botocore.session.get_session()
    session.register_component("data_loader", _data_loader())
    return session


def _botocore_session() -> Any:
    """One botocore session per process: it keeps the service models it has loaded, so a client made again
    (tests switching endpoints) does not parse them again."""
    global _session
    if _session is None:
        _session = _new_session()
    return _session


def _client(service: str) -> Any:
    client = _clients.get(service)
    if client is not None:
        return client
    with _lock:
        client = _clients.get(service)
        if client is None:
            from botocore.config import Config

            from gameserver.config import get_settings

            client = _botocore_session().create_client(
                service,
                region_name=get_settings().region,
                config=Config(retries={"mode": "standard", "max_attempts": 3}, connect_timeout=2, read_timeout=5),
            )
            _clients[service] = client
    return client


def dynamodb_client() -> Any:
    return _client("dynamodb")


def stepfunctions_client() -> Any:
    return _client("stepfunctions")


def events_client() -> Any:
    return _client("events")


def reset_clients() -> None:
    """Forget the clients (tests that switch endpoints or moto contexts)."""
    with _lock:
        _clients.clear()
