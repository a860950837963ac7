"""Rule files and restarts on the Server API, shared by the write tools (which prepare a change)
and by ``wazuh_mcp.writes.approvals`` (which applies it, possibly from another process).

Wazuh reports most rule-file failures as HTTP 200 with ``error: 1`` and a ``failed_items``
entry; reading those answers and mapping their codes to errors is ``backends.server_api``'s job
(``envelope_items``, ``raise_rule_file_failure``).

Applying a rule file (``send_change``) follows what a real 4.14.7 manager was recorded doing
(``reference/wazuh/oracle``, README section B): a refused upload is always 1113 "XML syntax
error", whatever the loader said, and only ``GET /manager/configuration/validation`` (1908) gives
the loader's message; and a refused ``overwrite=true`` upload of a file that did not exist LEAVES
the refused file on disk, so the next restart would fail. So a new file is uploaded only with
``overwrite=false`` and a replacement only with ``overwrite=true`` (the two modes where Wazuh
cleans up), the configuration is validated after every upload, and whatever does not validate is
taken back (the old content restored, a new file deleted) before the loader's message is reported.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.backends.server_api_shapes import (
    FILE_MISSING_CODES,
    RULE_DOES_NOT_EXIST,
    envelope_items,
    failed_code,
    raise_failed_item,
    raise_rule_file_failure,
)
from wazuh_mcp.errors import Conflict, Forbidden, InvalidArgument, NotFound, UpstreamError, UpstreamUnavailable
from wazuh_mcp.models.write import PendingChange, RestartScope
from wazuh_mcp.rulecheck.rule_xml import Catalog, RuleFile, parse_rule_file, require_custom_file, silencing

_ID_CHUNK = 100


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class RuleLocation:
    rule_id: int
    filename: str
    relative_dirname: str

    @property
    def path(self) -> str:
        return f"{self.relative_dirname.strip('/')}/{self.filename}"


def _raise_unless_unknown_rule(failed: list[dict[str, Any]]) -> None:
    """An unknown rule id (error 1208) is an answer, not a failure; any other failed item raises."""
    for entry in failed:
        if failed_code(entry) != RULE_DOES_NOT_EXIST:
            raise_failed_item(entry)


async def rule_locations(api: ServerApiBackend, rule_ids: list[int]) -> dict[int, RuleLocation]:
    """Where each of ``rule_ids`` is defined now; ids Wazuh does not know are absent (error 1208)."""
    found: dict[int, RuleLocation] = {}
    for start in range(0, len(rule_ids), _ID_CHUNK):
        chunk = rule_ids[start : start + _ID_CHUNK]
        body = await api.request(
            "GET",
            "/rules",
            action="rules:read",
            params={
                "rule_ids": ",".join(str(i) for i in chunk),
                "limit": 500,
                "select": "id,filename,relative_dirname",
            },
        )
        items, failed = envelope_items(body, "/rules")
        _raise_unless_unknown_rule(failed)
        for item in items:
            rule_id = int(item["id"])
            found[rule_id] = RuleLocation(rule_id, str(item.get("filename", "")), str(item.get("relative_dirname", "")))
    return found


async def rule_descriptions(api: ServerApiBackend, rule_ids: list[int]) -> dict[int, str]:
    """What each known rule of ``rule_ids`` detects (its description), for saying what a change silences."""
    found: dict[int, str] = {}
    for start in range(0, len(rule_ids), _ID_CHUNK):
        chunk = rule_ids[start : start + _ID_CHUNK]
        body = await api.request(
            "GET",
            "/rules",
            action="rules:read",
            params={"rule_ids": ",".join(str(i) for i in chunk), "limit": 500, "select": "id,description"},
        )
        items, failed = envelope_items(body, "/rules")
        _raise_unless_unknown_rule(failed)
        found.update({int(item["id"]): str(item.get("description", ""))[:200] for item in items})
    return found


async def rules_defined_elsewhere(
    api: ServerApiBackend, rule_ids: list[int], own_path: str | None
) -> dict[int, RuleLocation]:
    """The ids of ``rule_ids`` that some file other than ``own_path`` already defines."""
    return {
        rule_id: where for rule_id, where in (await rule_locations(api, rule_ids)).items() if where.path != own_path
    }


async def _groups_known(api: ServerApiBackend, names: tuple[str, ...]) -> frozenset[str] | None:
    """Which of ``names`` some loaded rule carries (``GET /rules?group=``, one call per name); None when
    the manager does not say."""
    known = set()
    for name in names:
        body = await _optional(api, "/rules", "rules:read", {"group": name, "limit": 1, "select": "id"})
        if not isinstance(body, dict):
            return None
        items, _ = envelope_items(body, "/rules")
        if items:
            known.add(name)
    return frozenset(known)


async def _optional(api: ServerApiBackend, path: str, action: str, params: dict[str, Any]) -> Any:
    """An answer that only sharpens a check: a manager (or role) that cannot give it leaves the check
    unmade rather than refusing the rule."""
    try:
        return await api.request("GET", path, action=action, params=params)
    except (NotFound, Forbidden, InvalidArgument, UpstreamError):
        return None


async def manager_catalog(api: ServerApiBackend, parsed: RuleFile) -> Catalog:
    """What the manager holds that ``parsed`` refers to: the parent rules and groups it names, the CDB
    lists ``ossec.conf`` declares, the decoders it names. Wazuh drops a rule whose parent, group or list
    is missing (and refuses an unknown decoder), so the checks run again with this before a change is
    recorded. A part the manager does not answer (no ``/decoders`` permission, say) is not checked."""
    parents = list(parsed.parent_sids)
    found = await rule_descriptions(api, parents) if parents else {}
    lists_body = await _optional(api, "/manager/configuration", "manager:read", {"section": "ruleset", "field": "list"})
    lists = None
    if isinstance(lists_body, dict):
        items, _ = envelope_items(lists_body, "/manager/configuration")
        lists = frozenset(str(path) for item in items for path in (item.get("ruleset") or {}).get("list", []))
    decoders = None
    if parsed.decoders:
        body = await _optional(
            api, "/decoders", "decoders:read", {"decoder_names": ",".join(parsed.decoders), "select": "name"}
        )
        if isinstance(body, dict):
            items, _ = envelope_items(body, "/decoders")
            decoders = frozenset(str(item.get("name")) for item in items)
    return Catalog(
        rule_ids=frozenset(found),
        groups=await _groups_known(api, parsed.parent_groups),
        lists=lists,
        decoders=decoders,
    )


async def check_against_manager(api: ServerApiBackend, parsed: RuleFile) -> None:
    """Run the checks again with what the manager holds; ``InvalidArgument`` names what Wazuh would drop."""
    parse_rule_file(parsed.text, await manager_catalog(api, parsed))


async def fetch_rule(api: ServerApiBackend, rule_id: int) -> dict[str, Any] | None:
    """The full rule object of ``GET /rules`` (definition, groups, compliance, MITRE), or None."""
    body = await api.request("GET", "/rules", action="rules:read", params={"rule_ids": str(rule_id)})
    items, failed = envelope_items(body, "/rules")
    _raise_unless_unknown_rule(failed)
    return items[0] if items else None


async def read_rule_file(api: ServerApiBackend, filename: str, relative_dirname: str) -> str | None:
    """The file's exact text (``raw=true``), or None when there is no such file."""
    body = await api.request(
        "GET",
        f"/rules/files/{filename}",
        action="rules:read",
        params={"raw": "true", "relative_dirname": relative_dirname},
        accept_text=True,
    )
    if isinstance(body, str):
        return body
    _, failed = envelope_items(body, f"/rules/files/{filename}")
    if failed:
        if failed_code(failed[0]) in FILE_MISSING_CODES:
            return None
        raise_failed_item(failed[0])
    raise UpstreamUnavailable(f"The Server API sent JSON instead of the raw content of {relative_dirname}/{filename}.")


async def upload_rule_file(
    api: ServerApiBackend, filename: str, relative_dirname: str, content: str, *, overwrite: bool
) -> str:
    """``PUT /rules/files/{name}`` as ``application/octet-stream``; returns the path Wazuh wrote."""
    path = f"{relative_dirname}/{filename}"
    body = await api.request(
        "PUT",
        f"/rules/files/{filename}",
        action="rules:update",
        params={"overwrite": "true" if overwrite else "false", "relative_dirname": relative_dirname},
        content=content.encode("utf-8"),
        headers={"Content-Type": "application/octet-stream"},
    )
    items, failed = envelope_items(body, f"/rules/files/{filename}")
    if failed:
        raise_rule_file_failure(failed[0], path)
    if body.get("error") not in (0, None) or not items:
        raise UpstreamUnavailable(f"The Server API neither confirmed nor refused the upload of {path}.")
    return str(items[0])


def upload_mode(change: PendingChange) -> bool:
    """``overwrite`` for a change's upload: false to create, true to replace (the modes where Wazuh cleans up)."""
    return change.kind == "update_rule"


async def delete_rule_file(api: ServerApiBackend, filename: str, relative_dirname: str) -> None:
    """``DELETE /rules/files/{name}``; a file that is already gone (1906) is not an error."""
    path = f"/rules/files/{filename}"
    body = await api.request("DELETE", path, action="rules:delete", params={"relative_dirname": relative_dirname})
    _, failed = envelope_items(body, path)
    for entry in failed:
        if failed_code(entry) not in FILE_MISSING_CODES:
            raise_failed_item(entry)


async def loader_problem(api: ServerApiBackend) -> str | None:
    """What ``GET /manager/configuration/validation`` says is wrong (Wazuh's loader, error 1908), or None."""
    try:
        await validate_configuration(api, "manager")
    except InvalidArgument as exc:
        return exc.message.split("Wazuh said: ", 1)[-1]
    return None


async def restart(api: ServerApiBackend, scope: RestartScope) -> list[str]:
    """``PUT /manager/restart`` or ``PUT /cluster/restart`` (both 202); returns the nodes told to restart."""
    path, action = (
        ("/manager/restart", "manager:restart") if scope == "manager" else ("/cluster/restart", "cluster:restart")
    )
    body = await api.request("PUT", path, action=action)
    items, failed = envelope_items(body, path)
    if failed and not items:
        raise_failed_item(failed[0])
    return [str(item) for item in items]


async def validate_configuration(api: ServerApiBackend, scope: RestartScope) -> None:
    """``GET /manager/configuration/validation`` (or the cluster one): a configuration Wazuh cannot load
    refuses the restart with Wazuh's own message — a restart that would leave the manager down is never
    proposed to the approver, nor carried out."""
    path, action = (
        ("/manager/configuration/validation", "manager:read")
        if scope == "manager"
        else ("/cluster/configuration/validation", "cluster:read")
    )
    body = await api.request("GET", path, action=action)
    items, failed = envelope_items(body, path)
    problems = [
        f"{', '.join(str(i) for i in entry.get('id') or []) or 'manager'}: "
        f"{str((entry.get('error') or {}).get('message') or 'invalid')[:300]}"
        for entry in failed
    ]
    problems += [f"{item.get('name')}: status {item.get('status')}" for item in items if item.get("status") != "OK"]
    if problems:
        raise InvalidArgument(
            "The Wazuh configuration does not validate, so a restart would leave the manager unable to start. "
            f"Wazuh said: {'; '.join(problems)}",
            hint="Fix ossec.conf or the rule files named there, then ask for the restart again.",
            upstream_code=(failed[0].get("error") or {}).get("code") if failed else None,
        )


# --- applying a recorded change (``wazuh_mcp.writes.approvals``) ----------------------------------


def check_record(change: PendingChange) -> None:
    """The checks every request passed, run again on the record about to be applied. The hash shows the
    record was not edited, but whoever can write the state dir can recompute it: this is what still
    keeps such an edit from writing outside ``etc/rules``, overwriting a default rule, or hiding what
    a rule silences. Any mismatch → ``Conflict``."""
    if change.tool != f"write.{change.kind}":
        raise Conflict(f"Change {change.id} is a {change.kind} recorded for tool {change.tool}.")
    if change.kind == "restart_manager":
        if not (change.target == change.payload == change.scope and change.scope in ("manager", "cluster")):
            raise Conflict(f"Change {change.id} restarts '{change.scope}' but its record names '{change.target}'.")
        return
    if change.filename is None or change.relative_dirname is None:
        raise Conflict(f"Change {change.id} names no target file.")
    try:
        require_custom_file(change.filename, change.relative_dirname)
        parsed = parse_rule_file(change.payload)
    except InvalidArgument as exc:
        raise Conflict(f"Change {change.id} no longer passes the rule checks: {exc.message}") from None
    path = f"{change.relative_dirname.strip('/')}/{change.filename}"
    if change.target != path:
        raise Conflict(f"Change {change.id} shows target {change.target} but would write {path}.")
    if list(parsed.rule_ids) != change.rule_ids:
        raise Conflict(f"Change {change.id} lists rules {change.rule_ids} but its payload defines {parsed.rule_ids}.")
    if change.kind == "create_rule" and change.filename != parsed.filename:
        raise Conflict(f"Change {change.id} would create {change.filename}, not {parsed.filename}.")
    if silencing(parsed, change.parent_rules) != change.silences:
        raise Conflict(f"Change {change.id} does not show everything its rules silence.")


async def check_fresh(api: ServerApiBackend, change: PendingChange) -> None:
    """Is the target still what the change was prepared against? Stale → ``Conflict``.

    Other errors (unreachable, refused login) pass through: nothing has been sent yet."""
    if change.kind == "restart_manager":
        try:
            await validate_configuration(api, change.scope or "manager")
        except InvalidArgument as exc:
            raise Conflict(exc.message) from None
        return
    if change.filename is None or change.relative_dirname is None:
        raise Conflict(f"Change {change.id} names no target file.")
    current = await read_rule_file(api, change.filename, change.relative_dirname)
    current_sha = sha256_text(current) if current is not None else None
    if current_sha != change.base_sha256:
        if change.base_sha256 is None:
            raise Conflict(f"{change.target} was created by someone else after this change was requested.")
        if current is None:
            raise Conflict(f"{change.target} was deleted after this change was requested.")
        raise Conflict(
            f"{change.target} changed after this change was requested "
            "(its sha256 no longer matches the file the diff was made against)."
        )
    taken = await rules_defined_elsewhere(api, change.rule_ids, change.target)
    if taken:
        listed = ", ".join(f"{rule_id} ({where.path})" for rule_id, where in sorted(taken.items()))
        raise Conflict(f"Rule ids used elsewhere since this change was requested: {listed}.")


async def send_change(api: ServerApiBackend, change: PendingChange) -> str:
    """Carry the change out; returns what Wazuh did, in words. A rule file that Wazuh's loader refuses
    is never left on the manager (see the module's docstring), and the refusal names the loader's reason."""
    if change.kind == "restart_manager":
        nodes = await restart(api, change.scope or "manager")
        return f"restart requested on {', '.join(nodes) or 'the manager'}"
    if change.filename is None or change.relative_dirname is None:
        raise Conflict(f"Change {change.id} names no target file.")
    filename, directory = change.filename, change.relative_dirname
    previous = await read_rule_file(api, filename, directory) if upload_mode(change) else None
    try:
        written = await upload_rule_file(api, filename, directory, change.payload, overwrite=upload_mode(change))
    except InvalidArgument as exc:
        if exc.upstream_code != 1113:
            raise
        problem = await _take_back(api, change, previous)
        said = f"Its loader says: {problem}" if problem else "The configuration still validates, so nothing was left."
        raise InvalidArgument(
            f"Wazuh's rule loader refused {change.target}: Wazuh answers only 'XML syntax error' (error 1113) "
            f"whatever the reason. {said}",
            hint="Fix the rule XML and request the change again.",
            upstream_code=1908 if problem else 1113,
        ) from None
    problem = await loader_problem(api)
    if problem:
        await _take_back(api, change, previous)
        raise InvalidArgument(
            f"Wazuh accepted {change.target} but its configuration no longer validates, so the change was "
            f"taken back ({'the previous content restored' if previous is not None else 'the file deleted'}). "
            f"Wazuh's loader says: {problem}",
            hint="Fix the rule XML (or the file the message names) and request the change again.",
            upstream_code=1908,
        )
    return f"wrote {written}"


async def _take_back(api: ServerApiBackend, change: PendingChange, previous: str | None) -> str | None:
    """After a refusal or a failed validation: leave the manager as it was, and say what its loader said.

    Returns the loader's message when the configuration did not validate (1908), else None."""
    assert change.filename is not None and change.relative_dirname is not None
    problem = await loader_problem(api)
    if problem is None:
        return None
    if previous is not None:
        await upload_rule_file(api, change.filename, change.relative_dirname, previous, overwrite=True)
    else:
        await delete_rule_file(api, change.filename, change.relative_dirname)
    return problem
