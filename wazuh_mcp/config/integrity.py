"""The integrity key: the secret behind every keyed MAC (change records, the audit chain and its head).

A MAC is only worth the distance between its key and the store it protects: whoever can write the store
but not read the key cannot make a record, a revision or an audit line that verifies. So the key never
lives in the store it protects. Where it comes from, first found wins:

1. ``WAZUH_MCP_INTEGRITY_KEY`` — headless replicas (a service manager's secret, a container secret),
   explicitly named like the passwords' variables (``config/secrets.py``);
2. the OS keyring — service ``wazuh-mcp``, user ``integrity-key``. On a workstation it is created there
   at first need (32 random bytes); ``wazuh-mcp integrity-key`` shows which key is in use, rotates it
   and sets a team's key from stdin.

Both hold one or more keys separated by spaces: the first signs, the others only verify (what rotation
leaves behind, docs/team.md). A key is 32 or more random bytes written as base64 (url-safe or not) or
hex. Each MAC names its key by ``kid``, the first 16 hex digits of SHA-256 over a fixed label and the
key, so a record sealed before a rotation still verifies, and a record sealed with an unknown key says
so instead of reading as edited.

No key (no keyring, no variable): change records cannot be sealed, so the change tools and approvals
refuse (fail closed, ``require``); the audit trail is still written — a call is never refused for
want of a key — sealed without a key, and ``audit --verify`` says in words that it proves nothing
against someone who can write the state directory.

The demo (``serve --demo``, the launcher's demo, ``wazuh-mcp demo``) has a key of its own, kept in
``<state dir>/demo-integrity.key`` (0600): it must work with no keyring at all, and what it seals is
only ever applied to the demo's stand-in (``writes/approvals.py`` refuses a demo change anywhere else),
so a key beside the state directory costs nothing there.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import hmac
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from wazuh_mcp.errors import ConfigurationError

SERVICE = "wazuh-mcp"
ACCOUNT = "integrity-key"
ENV = "WAZUH_MCP_INTEGRITY_KEY"
MIN_BYTES = 32
_KID_LABEL = b"wazuh-mcp integrity key id\x00"
DEMO_KEY_FILE = "demo-integrity.key"


def kid_of(secret: bytes) -> str:
    return hashlib.sha256(_KID_LABEL + secret).hexdigest()[:16]


@dataclass(frozen=True)
class Key:
    kid: str
    secret: bytes = field(repr=False)

    def mac(self, data: bytes) -> str:
        return hmac.new(self.secret, data, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Keys:
    """The keys this process may use: ``current`` signs (None: no key), every key in ``known`` verifies."""

    current: Key | None
    known: dict[str, Key] = field(default_factory=dict, repr=False)
    source: str = ""
    """Where they came from, in words (``WAZUH_MCP_INTEGRITY_KEY``, ``the OS keyring``, ``the demo's key``)."""
    unavailable: str | None = None
    """Why there is no key, in words (None: there is one)."""

    def verify(self, kid: str, data: bytes, mac: str) -> bool | None:
        """True/False for a MAC under a known key; None when ``kid`` names no key this process has."""
        key = self.known.get(kid)
        if key is None:
            return None
        return hmac.compare_digest(key.mac(data), mac)


def parse(text: str, *, where: str) -> list[Key]:
    """The keys in ``text`` (space-separated; base64 or hex), first the signing one."""
    keys = []
    for word in text.split():
        secret = _decode(word)
        if secret is None:
            raise ConfigurationError(
                f"The integrity key in {where} is not base64 or hex.",
                hint="Generate one with `wazuh-mcp integrity-key --new` (or `openssl rand -base64 32`).",
            )
        if len(secret) < MIN_BYTES:
            raise ConfigurationError(
                f"The integrity key in {where} is {len(secret)} bytes; it must be at least {MIN_BYTES} random bytes.",
                hint="Generate one with `openssl rand -base64 32`.",
            )
        keys.append(Key(kid_of(secret), secret))
    return keys


def _decode(word: str) -> bytes | None:
    if len(word) >= 2 * MIN_BYTES and all(c in "0123456789abcdefABCDEF" for c in word):
        return bytes.fromhex(word)
    padded = word + "=" * (-len(word) % 4)
    for decode in (base64.urlsafe_b64decode, base64.standard_b64decode):
        with contextlib.suppress(binascii.Error, ValueError):
            return decode(padded.encode("ascii"))
    return None


def new_key_text() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(MIN_BYTES)).decode().rstrip("=")


def _keys(found: list[Key], source: str) -> Keys:
    return Keys(found[0], {k.kid: k for k in found}, source)


_CACHE: dict[tuple[str, int], tuple[Keys, float]] = {}
_LOCK = threading.Lock()
RETRY_S = 60.0
"""A keyring found without a key (locked, broken) is asked again after this long, not on every record."""


def load(*, create: bool = True) -> Keys:
    """This process's keys: the variable, else the keyring (created there at first need when ``create`` and a
    keyring is usable). Read once per process (per variable value and keyring backend)."""
    env = os.environ.get(ENV, "").strip()
    if env:
        return _keys(parse(env, where=ENV), ENV)
    try:
        import keyring

        backend = keyring.get_keyring()
    except Exception as exc:  # no keyring module state at all: same as no backend
        return Keys(None, unavailable=_no_key_words(f"the OS keyring failed ({type(exc).__name__})"))
    cache_key = ("keyring", id(backend))
    with _LOCK:
        cached = _CACHE.get(cache_key)
        if cached is not None and (cached[0].current is not None or time.monotonic() - cached[1] < RETRY_S):
            return cached[0]
        found = _from_keyring(create=create)
        _CACHE[cache_key] = (found, time.monotonic())
        return found


def _from_keyring(*, create: bool) -> Keys:
    import keyring

    try:
        stored = keyring.get_password(SERVICE, ACCOUNT)
        if not stored and create:
            keyring.set_password(SERVICE, ACCOUNT, new_key_text())
            stored = keyring.get_password(SERVICE, ACCOUNT)
    except Exception as exc:
        return Keys(None, unavailable=_no_key_words(_keyring_why(exc)))
    if not stored:
        return Keys(None, unavailable=_no_key_words("the OS keyring holds none"))
    return _keys(parse(stored, where="the OS keyring (wazuh-mcp / integrity-key)"), "the OS keyring")


def _keyring_why(exc: Exception) -> str:
    import keyring.errors

    if isinstance(exc, keyring.errors.NoKeyringError):
        return "no OS keyring is available"
    if isinstance(exc, keyring.errors.KeyringLocked):
        return "the OS keyring is locked"
    if isinstance(exc, keyring.errors.InitError) and "lock" in str(exc).lower():
        return "the OS keyring is locked"
    return f"the OS keyring failed ({type(exc).__name__})"


def _no_key_words(why: str) -> str:
    return f"no integrity key: {why}, and {ENV} is not set"


def forget_cache() -> None:
    """Drop the cached keys (after ``integrity-key --rotate``/``--set``, and in tests)."""
    with _LOCK:
        _CACHE.clear()


def require(purpose: str) -> Keys:
    """The keys, or a refusal in words: nothing is recorded that could not be sealed with a key kept
    outside the store (``purpose``: what was refused, e.g. "Change records")."""
    found = load()
    if found.current is None:
        raise ConfigurationError(
            f"Refused: {purpose} are sealed with an integrity key kept outside the store they protect, and "
            f"there is {found.unavailable or 'no integrity key'}. Without it anyone who can write the store could "
            "forge or replay a change, so nothing is recorded or applied.",
            hint=f"On a workstation unlock or install the OS keyring (the key is created there); on a headless "
            f"server set {ENV} to the team's key (docs/team.md, 'The integrity key').",
        )
    return found


def store_in_keyring(text: str) -> Keys:
    """Put ``text`` (keys, first the signing one) in the keyring, replacing what is there."""
    from wazuh_mcp.config.secrets import _keyring_call

    found = parse(text, where="the given text")
    if not found:
        raise ConfigurationError("No integrity key was given.", hint="Give one or more keys, first the signing one.")
    import keyring

    _keyring_call("store the integrity key", keyring.set_password, SERVICE, ACCOUNT, " ".join(text.split()))
    forget_cache()
    return _keys(found, "the OS keyring")


def stored_text() -> str | None:
    """What the keyring holds (for rotation), or None."""
    import keyring

    from wazuh_mcp.config.secrets import _keyring_call

    return _keyring_call("read the integrity key", keyring.get_password, SERVICE, ACCOUNT)


# --- the demo's own key ------------------------------------------------------------------------


def demo_keys(state: Path) -> Keys:
    """The demo's key in ``<state>/demo-integrity.key``, created (0600, O_EXCL) at first need."""
    path = state / DEMO_KEY_FILE
    for _ in range(2):
        try:
            text = path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            state.mkdir(parents=True, exist_ok=True, mode=0o700)
            with contextlib.suppress(FileExistsError):
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                try:
                    os.write(fd, (new_key_text() + "\n").encode())
                finally:
                    os.close(fd)
            continue
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigurationError(f"The demo's integrity key {path} cannot be read ({exc}).") from exc
        if text:
            return _keys(parse(text, where=str(path)), "the demo's key")
    raise ConfigurationError(f"The demo's integrity key {path} is empty.", hint=f"Delete {path}; it is made again.")
