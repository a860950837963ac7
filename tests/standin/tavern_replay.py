"""A small replayer for Wazuh's tavern expectation files (no tavern dependency).

It reads the files the way tavern does (anchors shared across the ``---`` documents of a file,
``!anything``/``!anyint``/... matchers, ``!int "{var}"`` conversions, ``parametrize`` marks),
formats each request with the session variables, sends it over real HTTP and checks the
expected status code, headers and JSON with tavern's non-strict semantics: a mapping must hold
every expected key, a list must contain the expected items in order (an empty expected list
means empty), scalars compare equal. ``save`` feeds later stages; ``verify_response_with``
helpers are not available and are ignored (what the stage states directly is still checked).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import yaml

_MATCHERS = ("anything", "anyint", "anystr", "anybool", "anylist", "anydict", "anyfloat", "anynumber")


@dataclass(frozen=True)
class Matcher:
    kind: str

    def accepts(self, value: Any) -> bool:
        if self.kind == "anything":
            return True
        if self.kind == "anyint":
            return isinstance(value, int) and not isinstance(value, bool)
        if self.kind == "anybool":
            return isinstance(value, bool)
        if self.kind == "anystr":
            return isinstance(value, str)
        if self.kind == "anylist":
            return isinstance(value, list)
        if self.kind == "anydict":
            return isinstance(value, dict)
        return isinstance(value, int | float) and not isinstance(value, bool)


@dataclass(frozen=True)
class Convert:
    """``!int "{var}"``: format, then convert."""

    kind: str
    template: str


class _Loader(yaml.SafeLoader):
    """Tavern keeps anchors across the documents of one file; PyYAML resets them per document."""

    def compose_document(self) -> Any:
        self.get_event()
        node = self.compose_node(None, None)
        self.get_event()
        return node


for _kind in _MATCHERS:
    _Loader.add_constructor(f"!{_kind}", lambda loader, node, kind=_kind: Matcher(kind))
for _kind in ("int", "float", "bool"):
    _Loader.add_constructor(f"!{_kind}", lambda loader, node, kind=_kind: Convert(kind, loader.construct_scalar(node)))


@dataclass
class TavernTest:
    name: str
    stages: list[dict[str, Any]]
    variables: dict[str, Any] = field(default_factory=dict)  # from parametrize marks


def load_tests(path: Path) -> list[TavernTest]:
    out: list[TavernTest] = []
    with path.open(encoding="utf-8") as handle:
        for doc in yaml.load_all(handle, Loader=_Loader):
            if not doc or "stages" not in doc:
                continue
            params = [m["parametrize"] for m in doc.get("marks", []) if isinstance(m, dict) and "parametrize" in m]
            combos: list[dict[str, Any]] = [{}]
            for mark in params:
                keys = mark["key"] if isinstance(mark["key"], list) else [mark["key"]]
                values = [v if isinstance(v, list) else [v] for v in mark["vals"]]
                combos = [{**c, **dict(zip(keys, v, strict=True))} for c, v in itertools.product(combos, values)]
            for combo in combos:
                suffix = f" [{', '.join(f'{k}={v}' for k, v in combo.items())}]" if combo else ""
                out.append(TavernTest(doc["test_name"] + suffix, doc["stages"], combo))
    return out


class MissingVariable(Exception):
    pass


def fmt(value: Any, variables: dict[str, Any]) -> Any:
    """Format every string in ``value`` with ``variables`` (tavern's ``str.format`` substitution)."""
    if isinstance(value, str):
        try:
            return value.format(**variables)
        except KeyError as exc:
            raise MissingVariable(str(exc)) from None
    if isinstance(value, Convert):
        text = fmt(value.template, variables)
        if value.kind == "int":
            return int(text)
        if value.kind == "float":
            return float(text)
        return text.lower() == "true"
    if isinstance(value, dict):
        return {fmt(k, variables): fmt(v, variables) for k, v in value.items()}
    if isinstance(value, list):
        return [fmt(v, variables) for v in value]
    return value


def mismatches(expected: Any, actual: Any, where: str = "") -> list[str]:
    if isinstance(expected, Matcher):
        return [] if expected.accepts(actual) else [f"{where}: {actual!r} is not {expected.kind}"]
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"[:300]]
        errors = []
        for key, value in expected.items():
            if key not in actual:
                errors.append(f"{where}.{key}: missing")
            else:
                errors += mismatches(value, actual[key], f"{where}.{key}")
        return errors
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [f"{where}: expected a list, got {actual!r}"[:300]]
        if not expected:
            return [] if not actual else [f"{where}: expected [], got {len(actual)} items"]
        remaining = iter(enumerate(actual))
        for index, item in enumerate(expected):
            if not any(not mismatches(item, candidate) for _, candidate in remaining):
                return [f"{where}[{index}]: no match for {item!r} (in order) in {actual!r}"[:600]]
        return []
    if expected != actual or (
        type(expected) is not type(actual)
        and not (isinstance(expected, int | float) and isinstance(actual, int | float))
    ):
        return [f"{where}: expected {expected!r}, got {actual!r}"[:300]]
    return []


_TEMPLATE = re.compile(r"/(?:\d{3}|master-node|worker\d|unexisting-node|wrong_name)(?=/|$)")
_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def dig(data: Any, path: str) -> Any:
    for name, index in _STEP.findall(path):
        data = data[int(index)] if index else data[name]
    return data


@dataclass
class StageResult:
    test: str
    stage: str
    outcome: str  # passed | failed | skipped
    reason: str = ""


# A $ext save function we can reproduce: (response) -> saved variables.
ExtSaver = Callable[[httpx.Response], dict[str, Any]]
EXT_SAVERS: dict[str, ExtSaver] = {
    "tavern_utils:test_save_token_raw_format": lambda r: {"login_token": r.text},
    "tavern_utils:test_save_response_data_mitre": lambda r: {"response_data": r.json()["data"]["affected_items"]},
}


class Replayer:
    def __init__(
        self,
        client: httpx.Client,
        variables: dict[str, Any],
        served: Callable[[str, str], bool],
        skip: Callable[[str, str, dict[str, Any] | None], str | None],
    ) -> None:
        self.client, self.base_variables, self.served, self.skip = client, variables, served, skip

    def run(self, test: TavernTest) -> Iterator[StageResult]:
        variables = {**self.base_variables, **test.variables}
        broken: str | None = None
        for stage in test.stages:
            name = str(stage.get("name", "?"))
            if broken is not None:
                yield StageResult(test.name, name, "skipped", f"an earlier stage failed: {broken}")
                continue
            result = self._stage(test.name, name, stage, variables)
            if result.outcome == "failed":
                broken = name
            yield result

    def _stage(self, test: str, name: str, stage: dict[str, Any], variables: dict[str, Any]) -> StageResult:
        if stage.get("skip"):
            return StageResult(test, name, "skipped", "marked skip upstream")
        reason = self.skip(test, name, None)
        if reason:
            return StageResult(test, name, "skipped", reason)
        try:
            request = fmt(stage["request"], variables)
            response_spec = fmt(stage.get("response", {}), variables)
        except MissingVariable as exc:
            return StageResult(test, name, "skipped", f"needs variable {exc}")
        reason = self.skip(test, name, {"request": request, "response": response_spec})
        if reason:
            return StageResult(test, name, "skipped", reason)
        method = str(request.get("method", "GET")).upper()
        url = httpx.URL(request["url"])
        if not self.served(method, url.path):
            template = _TEMPLATE.sub("/{id}", url.path)
            return StageResult(test, name, "skipped", f"{method} {template} is not modelled by the stand-in")
        response = self.client.request(
            method,
            url,
            params=_params(request.get("params")),
            headers=request.get("headers"),
            json=request.get("json"),
            content=request.get("data"),
        )
        errors = self._response_errors(response_spec, response)
        if not errors:
            try:
                variables.update(self._saved(response_spec.get("save") or {}, response))
            except (KeyError, IndexError, TypeError, ValueError) as exc:
                errors.append(f"save failed: {exc!r}")
        return StageResult(test, name, "failed" if errors else "passed", "; ".join(errors))

    @staticmethod
    def _response_errors(response_spec: dict[str, Any], response: httpx.Response) -> list[str]:
        """How ``response`` differs from the stage's expected status, headers and JSON."""
        errors = []
        expected_status = response_spec.get("status_code", 200)
        if response.status_code not in (expected_status if isinstance(expected_status, list) else [expected_status]):
            errors.append(f"status {response.status_code} != {expected_status}: {response.text[:300]}")
        for header, value in (response_spec.get("headers") or {}).items():
            if response.headers.get(header) != value:
                errors.append(f"header {header}: {response.headers.get(header)!r} != {value!r}")
        if "json" in response_spec and not errors:
            try:
                body = response.json()
            except ValueError:
                body = None
                errors.append(f"not JSON: {response.text[:200]}")
            if body is not None:
                errors += mismatches(response_spec["json"], body, "json")
        return errors

    @staticmethod
    def _saved(spec: dict[str, Any], response: httpx.Response) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for var, path in (spec.get("json") or {}).items():
            out[var] = dig(response.json(), path)
        ext = spec.get("$ext")
        if ext:
            saver = EXT_SAVERS.get(ext["function"])
            if saver is None:
                raise ValueError(f"unknown $ext saver {ext['function']}")
            out.update(saver(response))
        return out


def _params(params: Any) -> Any:
    if not params:
        return None
    out = []
    for key, value in params.items():
        for item in value if isinstance(value, list) else [value]:
            out.append((key, "true" if item is True else "false" if item is False else str(item)))
    return out
