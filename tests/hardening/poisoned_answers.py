"""A Server API stand-in whose every answer carries hostile text: each string of an answer's ``data`` gets every
class of ``hostile_text`` and a long run of letters appended, as a monitored host, a rule file or a manager that
is not what it claims would write them. Ids, dates and numbers written as strings are left alone, so the tools
still find the agent, technique or rule asked for; the first ``LISTED`` entries of a list are poisoned (a
tactic's hundreds of technique ids would otherwise make a gigabyte).

Checks: ``unclean_or_long`` names each string of a result a model would read raw or longer than a bound."""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from standin.server import StandinServer
from tests.hardening.hostile_text import IN_XML

LONG = 100_000
PAD = IN_XML + "A" * LONG
LISTED = 3
KEEP = frozenset({"id", "agent_id", "token", "external_id", "api_version", "error", "code", "enabled", "running"})
_DATE = re.compile(r"^\d{4}-\d\d-\d\d")


def poison(value: Any, key: str | None = None, keep: frozenset[str] = KEEP) -> Any:
    if isinstance(value, dict):
        return {k: poison(v, k, keep) for k, v in value.items()}
    if isinstance(value, list):
        return [poison(v, key, keep) if n < LISTED else v for n, v in enumerate(value)]
    if isinstance(value, str) and key not in keep and not value.isdigit() and not _DATE.match(value):
        return value + PAD
    return value


class Poisoned:
    """ASGI middleware: JSON answers of the Server API (login and control routes apart) poisoned."""

    def __init__(self, app: ASGIApp, canned: dict[str, Any] | None = None, keep: frozenset[str] = KEEP) -> None:
        self.app, self.canned, self.keep = app, canned or {}, keep

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or path == "/" or path.startswith(("/security", "/__standin__")):
            await self.app(scope, receive, send)
            return
        if path in self.canned:  # an answer the stand-in does not model (an agent's active configuration)
            body = json.dumps({"data": poison(self.canned[path], keep=self.keep), "error": 0}).encode()
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        start: dict[str, Any] = {}
        chunks: list[bytes] = []

        async def poisoned_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                return
            if message["type"] != "http.response.body":
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = b"".join(chunks)
            try:
                answer = json.loads(body)
            except ValueError:
                pass
            else:
                if isinstance(answer, dict) and "data" in answer:
                    answer["data"] = poison(answer["data"], keep=self.keep)
                body = json.dumps(answer).encode()
            headers = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
            await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, poisoned_send)


def poisoned_standin(
    generation: int = 4, canned: dict[str, Any] | None = None, *, cluster: bool = False, keep: frozenset[str] = KEEP
) -> StandinServer:
    """A stand-in (not started) of ``generation`` whose answers are poisoned; ``canned``: path → ``data`` of
    an answer it does not model, poisoned too; ``keep``: the keys left as they are."""
    server = StandinServer(tls=True, generation=generation, cluster=cluster)
    server.app = Poisoned(server.app, canned, keep)  # type: ignore[assignment]  # uvicorn serves whatever ASGI app is set
    return server


def strings(value: Any, where: str = "") -> list[tuple[str, str]]:
    """Every string in a JSON value (an object's keys too: a model reads them), with its path."""
    if isinstance(value, dict):
        keys = [(f"{where} key", str(k)) for k in value]
        return keys + [pair for k, v in value.items() for pair in strings(v, f"{where}.{str(k)[:40]}")]
    if isinstance(value, list):
        return [pair for n, v in enumerate(value) for pair in strings(v, f"{where}[{n}]")]
    return [(where, value)] if isinstance(value, str) else []


def unclean_or_long(value: Any, limit: int) -> list[str]:
    """Each string of ``value`` that holds a character Python does not call printable or is over ``limit``."""
    found = []
    for where, text in strings(value):
        raw = sorted({f"U+{ord(ch):04X}" for ch in text if not ch.isprintable()})
        if raw or len(text) > limit:
            found.append(f"{where}: {len(text)} characters, raw {raw[:6]}")
    return found
