"""Validate a real response against Wazuh's OpenAPI spec (``spec-4.14.7.yaml`` or 5.0's ``spec-5.0.0.yaml``).

The spec's ``$ref``s are inlined once; the operation is found by matching the concrete path to
the spec's path templates; the schema is the one declared for the answered status code
(``application/json`` for JSON bodies: the spec documents problem+json errors under it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import httpx
import yaml
from openapi_schema_validator import OAS30Validator


def _inline(node: Any, root: dict[str, Any], seen: tuple[str, ...] = ()) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/"):
            if ref in seen:  # a recursive schema: stop expanding, accept anything below
                return {}
            target: Any = root
            for part in ref[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            return _inline(target, root, (*seen, ref))
        return {key: _inline(value, root, seen) for key, value in node.items()}
    if isinstance(node, list):
        return [_inline(item, root, seen) for item in node]
    return node


@dataclass(frozen=True)
class Operation:
    template: str
    pattern: re.Pattern[str]
    method: str
    responses: dict[str, Any]


class Spec:
    def __init__(self, path: Path) -> None:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when there: 8x faster on the specs
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
        self.operations: list[Operation] = []
        for template, item in raw["paths"].items():
            regex = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
            for method, op in item.items():
                if method in ("get", "put", "post", "delete"):
                    self.operations.append(
                        Operation(template, re.compile(regex), method.upper(), _inline(op.get("responses", {}), raw))
                    )
        # Literal templates first (/agents/summary before /agents/{agent_id}).
        self.operations.sort(key=lambda o: o.template.count("{"))

    def operation(self, method: str, path: str) -> Operation | None:
        found = next((o for o in self.operations if o.method == method and o.pattern.match(path)), None)
        if found is None:  # a method the path lacks: judge the 405 by a sibling operation's 405
            sibling = next((o for o in self.operations if o.pattern.match(path)), None)
            if sibling is not None:
                found = Operation(sibling.template, sibling.pattern, method, {"405": sibling.responses.get("405", {})})
        return found

    def errors(self, response: httpx.Response) -> list[str]:
        """Why ``response`` does not conform (empty when it does)."""
        request = response.request
        op = self.operation(request.method, request.url.path)
        if op is None:
            return [f"{request.method} {request.url.path}: no such operation in the spec"]
        declared = op.responses.get(str(response.status_code)) or op.responses.get("default")
        if declared is None:
            return [
                f"{op.method} {op.template}: status {response.status_code} is not documented "
                f"(documented: {sorted(op.responses)})"
            ]
        content = declared.get("content", {})
        media = response.headers.get("content-type", "").split(";")[0].strip()
        if media in ("application/json", "application/problem+json"):
            schema = (content.get("application/json") or {}).get("schema")
            if schema is None:
                return [
                    f"{op.method} {op.template} {response.status_code}: JSON body but the spec declares "
                    f"{sorted(content)}"
                ]
            validator = OAS30Validator(schema, format_checker=OAS30Validator.FORMAT_CHECKER)
            found = sorted(validator.iter_errors(response.json()), key=lambda e: list(e.path))
            return [
                f"{op.method} {op.template} {response.status_code}: {'/'.join(map(str, e.path))}: {e.message[:300]}"
                for e in found
            ]
        if media not in content and not (media == "text/plain" and not content):
            return [f"{op.method} {op.template} {response.status_code}: media type {media} not in {sorted(content)}"]
        return []


@lru_cache(maxsize=2)
def load_spec(path: Path) -> Spec:
    return Spec(path)
