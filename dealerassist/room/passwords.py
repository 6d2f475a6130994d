"""Account passwords hashed with scrypt (`hashlib.scrypt`), never stored in clear.

A hash is ``scrypt$N$r$p$SALT$KEY`` (salt and key in hex): the parameters travel with the
hash, so they can be raised later without breaking older accounts. Comparison is in
constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["derive_key", "hash_password", "verify_password"]

_N, _R, _P = 2**14, 8, 1
_KEY_BYTES = 32


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    """Return the scrypt hash text of ``password`` with a fresh random salt."""
    if not password:
        raise ValueError("an empty password is not accepted")
    salt = salt if salt is not None else secrets.token_bytes(16)
    key = hashlib.scrypt(password.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=_KEY_BYTES)
    return f"scrypt${_N}${_R}${_P}${salt.hex()}${key.hex()}"


def derive_key(password: str, params: str) -> str | None:
    """Return the hex scrypt key of ``password`` under ``scrypt$N$r$p$SALT`` (None if unreadable).

    This is what a client sends to ``room.verify_account``: the salt and parameters come
    from the room, the key is derived on the client's machine.
    """
    try:
        kind, n, r, p, salt = params.split("$")
        if kind != "scrypt":
            return None
        key = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                             p=int(p), dklen=_KEY_BYTES, maxmem=2**26)
    except (ValueError, TypeError):
        return None
    return key.hex()


def verify_password(password: str, stored: str) -> bool:
    """Tell whether ``password`` matches the hash text ``stored`` (False if unreadable)."""
    params, _, key = stored.rpartition("$")
    derived = derive_key(password, params)
    if derived is None or len(key) != 2 * _KEY_BYTES:
        return False
    try:
        return hmac.compare_digest(derived, key.lower())
    except TypeError:  # a key that is not ASCII
        return False
