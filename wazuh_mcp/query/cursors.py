"""Opaque, signed ``search_after`` cursors for the Indexer tools.

The tool reference types ``cursor`` as a list (raw ``search_after`` sort values). A string
token is used instead, because a list is a promise to the caller that it may build or edit
one, and an edited list is an engine query we never validated. The token is

    base64url(JSON {"a": sort values, "w": [since_ms, until_ms] | null, "q": query fingerprint})
    "." base64url(HMAC-SHA256(per-process key, payload)[:16])

* ``a`` — the sort values of the last hit returned, handed back to ``search_after``;
* ``w`` — the time window the first page pinned, so every page counts and filters over the
  same absolute window: paging never skips or repeats alerts while new ones arrive;
* ``q`` — a keyed fingerprint of the tool and its (normalised) filter arguments, so a cursor
  only continues the query that produced it.

The key is random per server process: a cursor from another process, an edited cursor or one
from another query is ``invalid_argument``, decided before any engine call.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wazuh_mcp.errors import InvalidArgument

_MAC_BYTES = 16
_FINGERPRINT_BYTES = 12


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str).encode()


@dataclass(frozen=True)
class Position:
    """Where a page starts: after these sort values, inside this pinned window."""

    after: list[Any]
    window: tuple[int, int] | None


class CursorCodec:
    """Makes and checks cursors with one secret key (one codec per server process)."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key if key is not None else secrets.token_bytes(32)

    def fingerprint(self, tool: str, args: Mapping[str, Any]) -> str:
        """A keyed digest of the tool and the arguments that define its result set."""
        digest = hmac.new(self._key, _canonical({"tool": tool, "args": dict(args)}), hashlib.sha256).digest()
        return _b64(digest[:_FINGERPRINT_BYTES])

    def encode(self, *, fingerprint: str, after: list[Any], window: tuple[int, int] | None) -> str:
        payload = _canonical({"a": after, "w": list(window) if window else None, "q": fingerprint})
        mac = hmac.new(self._key, payload, hashlib.sha256).digest()[:_MAC_BYTES]
        return f"{_b64(payload)}.{_b64(mac)}"

    def decode(self, token: str, *, fingerprint: str) -> Position:
        """The position a cursor points at; ``invalid_argument`` unless this process made it for this query."""
        body, _, mac_text = token.partition(".")
        try:
            payload, mac = _unb64(body), _unb64(mac_text)
        except (binascii.Error, ValueError) as exc:
            raise _not_ours() from exc
        expected = hmac.new(self._key, payload, hashlib.sha256).digest()[:_MAC_BYTES]
        if not mac_text or not hmac.compare_digest(mac, expected):
            raise _not_ours()
        data = json.loads(payload)
        if data.get("q") != fingerprint:
            raise InvalidArgument(
                "cursor belongs to a different query.",
                hint="Pass the cursor with exactly the same filters and time_range as the call that "
                "returned it (only size may change), or omit it to start over.",
            )
        window = data.get("w")
        return Position(after=list(data["a"]), window=(int(window[0]), int(window[1])) if window else None)


def _not_ours() -> InvalidArgument:
    return InvalidArgument(
        "cursor is not a next_cursor issued by this server (altered, truncated, or from before a restart).",
        hint="Use next_cursor exactly as returned, or omit cursor to start from the newest results.",
    )
