"""Secrets the functions read at run time: the Daily Front's salt and the key that seals pagination cursors.

"A day's parameters are drawn from the date and a secret salt, so nobody can compute future Fronts." In the
cloud the salt is an SSM SecureString named by ``DAILY_SALT_PARAMETER``, read once per process; locally (the
runner, tests) it is the ``DAILY_SALT`` environment variable. With neither, the Front cannot be drawn.

The cursor key (``CURSOR_KEY_PARAMETER`` in the cloud, ``CURSOR_KEY`` locally) seals the cursors the lists hand
out (``storage.cursors``): without it a cursor could be neither made nor read.
"""

from __future__ import annotations

import threading

from gameserver.config import get_settings

_lock = threading.Lock()
_cached: dict[str, bytes] = {}


class MissingSecret(RuntimeError):
    """A secret has neither its SSM parameter nor its local variable set: a deployment error, not a client's."""


def _secret(parameter: str, local: str, names: str) -> bytes:
    """The SSM parameter's value when one is named (read once per process), else the local value."""
    if parameter:
        with _lock:
            if parameter not in _cached:
                _cached[parameter] = _read_parameter(parameter)
            return _cached[parameter]
    if local:
        return local.encode()
    raise MissingSecret(f"set {names}")


def daily_salt() -> bytes:
    settings = get_settings()
    return _secret(settings.daily_salt_parameter, settings.daily_salt,
                   "DAILY_SALT_PARAMETER (an SSM SecureString) or DAILY_SALT")


def cursor_key() -> bytes:
    settings = get_settings()
    return _secret(settings.cursor_key_parameter, settings.cursor_key,
                   "CURSOR_KEY_PARAMETER (an SSM SecureString) or CURSOR_KEY")


def _read_parameter(name: str) -> bytes:
    import botocore.session

    client = botocore.session.get_session().create_client("ssm", region_name=get_settings().region)
    return client.get_parameter(Name=name, WithDecryption=True)["Parameter"]["Value"].encode()


def forget() -> None:
    """Forget the cached secrets (tests that switch parameters)."""
    with _lock:
        _cached.clear()
