"""Account passwords hashed with scrypt (`hashlib.scrypt`), never stored in clear.

A hash is ``scrypt$N$r$p$SALT$KEY`` (salt and key in hex): the parameters travel with the
hash, so they can be raised later without breaking older accounts. Comparison is in
constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["hash_password", "verify_password"]

_N, _R, _P = 2**14, 8, 1
_KEY_BYTES = 32


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    """Return the scrypt hash text of ``password`` with a fresh random salt."""
    if not password:
        raise ValueError("an empty password is not accepted")
    salt = salt if salt is not None else secrets.token_bytes(16)
    key = hashlib.scrypt(password.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=_KEY_BYTES)
    return f"scrypt${_N}${_R}${_P}${salt.hex()}${key.hex()}"


def verify_password(password: str, stored: str) -> bool:
    """Tell whether ``password`` matches the hash text ``stored`` (False if unreadable)."""
    try:
        kind, n, r, p, salt, key = stored.split("$")
        if kind != "scrypt":
            return False
        expected = bytes.fromhex(key)
        derived = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n),
                                 r=int(r), p=int(p), dklen=len(expected), maxmem=2**26)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(derived, expected)
