"""Secrets the functions read at run time: the Daily Front's salt.

"A day's parameters are drawn from the date and a secret salt, so nobody can compute future Fronts." In the
cloud the salt is an SSM SecureString named by ``DAILY_SALT_PARAMETER``, read once per process; locally (the
runner, tests) it is the ``DAILY_SALT`` environment variable. With neither, the Front cannot be drawn.
"""

from __future__ import annotations

import threading

from gameserver.config import get_settings

_lock = threading.Lock()
_cached: dict[str, bytes] = {}


class MissingSalt(RuntimeError):
    """Neither ``DAILY_SALT_PARAMETER`` nor ``DAILY_SALT`` is set: a deployment error, not a client's."""


def daily_salt() -> bytes:
    settings = get_settings()
    if settings.daily_salt_parameter:
        with _lock:
            if settings.daily_salt_parameter not in _cached:
                _cached[settings.daily_salt_parameter] = _read_parameter(settings.daily_salt_parameter)
            return _cached[settings.daily_salt_parameter]
    if settings.daily_salt:
        return settings.daily_salt.encode()
    raise MissingSalt("set DAILY_SALT_PARAMETER (an SSM SecureString) or DAILY_SALT")


def _read_parameter(name: str) -> bytes:
    import botocore.session

    client = botocore.session.get_session().create_client("ssm", region_name=get_settings().region)
    return client.get_parameter(Name=name, WithDecryption=True)["Parameter"]["Value"].encode()


def forget() -> None:
    """Forget the cached salt (tests that switch parameters)."""
    with _lock:
        _cached.clear()
