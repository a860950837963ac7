"""Rule files and restarts on the Server API, shared by the write tools (which prepare a change)
and by ``wazuh_mcp.writes.approvals`` (which applies it, possibly from another process).

Wazuh reports most rule-file failures as HTTP 200 with ``error: 1`` and a ``failed_items``
entry; reading those answers and mapping their codes to errors is ``backends.server_api``'s job
(``envelope_items``, ``raise_rule_file_failure``).

Applying a rule file (``send_change``) follows what a real 4.14.7 manager was recorded doing
(``reference/wazuh/oracle``, README section B): a refused upload is always 1113 "XML syntax
error", whatever the loader said, and only ``GET /manager/configuration/validation`` (1908) gives
the loader's message; a refused ``overwrite=true`` upload of a file that did not exist LEAVES
the refused file on disk, so the next restart would fail. So a new file is uploaded only with
``overwrite=false`` and a replacement only with ``overwrite=true`` (the two modes where Wazuh
cleans up), and the configuration is validated after every upload.

Wazuh does not always clean up: a value over its 2,048-byte limit in multi-byte characters was
answered HTTP 500 with the file left on disk (issue 25), and a timeout or a dropped connection says
nothing about what was written. So after any failed upload, or a validation that fails or cannot be
read, ``put_back`` reads the file as it is now and, if it differs from what it was, deletes it (a new
file) or restores the previous content, reads it back and checks validation again, retrying a manager
that does not answer. If even that fails, ``ManagerMayNotRestart`` says the manager may not restart and
names the file to fix; the change's state, its audit record, the CLI and the launcher carry those words.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from wazuh_mcp import untrusted
from wazuh_mcp.backends.api_generation import ApiGeneration, local_node
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.backends.server_api_shapes import (
    FILE_MISSING_CODES,
    RULE_DOES_NOT_EXIST,
    envelope_items,
    envelope_objects,
    failed_code,
    raise_failed_item,
    raise_rule_file_failure,
)
from wazuh_mcp.errors import (
    Conflict,
    Forbidden,
    InvalidArgument,
    NotFound,
    RateLimited,
    UpstreamError,
    UpstreamTimeout,
    UpstreamUnavailable,
    WazuhMCPError,
)
from wazuh_mcp.models.write import PendingChange, RestartScope
from wazuh_mcp.rulecheck.rule_xml import Catalog, RuleFile, parse_rule_file, require_custom_file, silencing
from wazuh_mcp.writes import restart_log

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
    return untrusted.bound(str(items[0]), 300) or path  # Wazuh's words for what it wrote, in the change's result


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


async def restart(api: ServerApiBackend, scope: RestartScope, node: str | None = None) -> list[str]:
    """``PUT /manager/restart`` or ``PUT /cluster/restart`` (both 202); returns the nodes told to restart.
    ``node``: Wazuh 5.x, which has no ``/manager/*``: this manager is its node, restarted with
    ``PUT /cluster/restart?nodes_list=<node>``."""
    params = {"nodes_list": node} if node and scope == "manager" else None
    path, action = (
        ("/manager/restart", "manager:restart")
        if scope == "manager" and node is None
        else ("/cluster/restart", "cluster:restart")
    )
    body = await api.request("PUT", path, action=action, params=params)
    items, failed = envelope_items(body, path)
    if failed and not items:
        raise_failed_item(failed[0])
    return [untrusted.bound(str(item), 128) or "?" for item in items[:64]]  # node names, in the change's result


def is_node_name(text: str) -> bool:
    """A node name as ``local_node`` reads one: not empty, already clean and within its bound."""
    return bool(text) and untrusted.bound(text, 128) == text


async def manager_node(api: ServerApiBackend, where: ApiGeneration) -> str | None:
    """The node that is "this manager" on Wazuh 5.x (``GET /cluster/local/info``); None on 4.x (``/manager/*``)."""
    return await local_node(api) if where.v5 else None


def check_node(change: PendingChange, node: str | None) -> None:
    """A restart of this manager asked on Wazuh 5.x recorded the node the Server API named then (and the approver
    was shown it): it is restarted only if the API names the same node now. A URL that balances over several
    nodes may reach another one, which is not the node the approver agreed to restart (``Conflict``)."""
    recorded = change.arguments.get("node") if change.kind == "restart_manager" else None
    if recorded is None or node == recorded:
        return
    now = f"names node '{node}'" if node else "names no node (it answers as Wazuh 4.x)"
    raise Conflict(
        f"Change {change.id} restarts node '{untrusted.bound(str(recorded), 128)}', the node the Server API named "
        f"as this manager when the restart was asked for, but the Server API now {now}.",
        hint="Nothing was sent. If the API URL balances over several nodes, approve with the URL of that node's "
        "API; otherwise ask for the restart again, which shows the node it will restart.",
    )


async def validate_configuration(api: ServerApiBackend, scope: RestartScope, node: str | None = None) -> None:
    """``GET /manager/configuration/validation`` (or the cluster one; on Wazuh 5.x, ``node``'s through the
    cluster one): a configuration Wazuh cannot load refuses the restart with Wazuh's own message — a restart
    that would leave the manager down is never proposed to the approver, nor carried out."""
    params = {"nodes_list": node} if node and scope == "manager" else None
    path, action = (
        ("/manager/configuration/validation", "manager:read")
        if scope == "manager" and node is None
        else ("/cluster/configuration/validation", "cluster:read")
    )
    body = await api.request("GET", path, action=action, params=params)
    items, failed = envelope_items(body, path)
    items = envelope_objects(items, f"GET {path}")
    # Wazuh's words quote what the files hold (names, elements, values): cleaned and bounded for the model
    problems = [
        f"{untrusted.bound(', '.join(str(i) for i in entry.get('id') or []), 128) or 'manager'}: "
        f"{untrusted.bound(str((entry.get('error') or {}).get('message') or 'invalid'), 300)}"
        for entry in failed
    ]
    problems += [
        f"{untrusted.bound(str(item.get('name')), 128)}: status {untrusted.bound(str(item.get('status')), 64)}"
        for item in items
        if item.get("status") != "OK"
    ]
    if problems:
        raise InvalidArgument(
            "The Wazuh configuration does not validate, so a restart would leave the manager unable to start. "
            f"Wazuh said: {'; '.join(problems)}",
            hint="Fix the manager's configuration (ossec.conf; wazuh-manager.conf on 5.x) or the files named "
            "there, then ask for the restart again.",
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
        node = change.arguments.get("node")
        if set(change.arguments) - {"node"} or (
            node is not None and not (change.scope == "manager" and isinstance(node, str) and is_node_name(node))
        ):
            raise Conflict(f"Change {change.id} is a restart whose record holds arguments no request records.")
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


async def check_fresh(api: ServerApiBackend, change: PendingChange, node: str | None = None) -> None:
    """Is the target still what the change was prepared against? Stale → ``Conflict``.

    ``node``: a restart on Wazuh 5.x, this manager's node as the applier resolved it once (``manager_node``).
    Other errors (unreachable, refused login) pass through: nothing has been sent yet."""
    if change.kind == "restart_manager":
        try:
            await validate_configuration(api, change.scope or "manager", node)
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
        # GET /rules names the files: cleaned and cut for the approver, the record and the audit
        listed = ", ".join(
            f"{rule_id} ({untrusted.bound(where.path, 200)})" for rule_id, where in sorted(taken.items())
        )
        raise Conflict(f"Rule ids used elsewhere since this change was requested: {listed}.")


async def send_change(
    api: ServerApiBackend, change: PendingChange, ours: restart_log.Ours | None, node: str | None = None
) -> str:
    """Carry the change out; returns what Wazuh did, in words.

    Whatever the upload's answer — a refusal (1113), HTTP 500, a timeout, a dropped connection, or a
    configuration that no longer validates afterwards — the change either validates in place or the
    manager's rule file is put back as it was (``put_back``) and the error says which, with the loader's
    reason when Wazuh gave one. Only when the file cannot be put back does the error say the manager
    will not restart, and which file to fix.

    A restart given ``ours`` (the rules wazuh-mcp wrote) then reads the manager's log for what Wazuh's rule
    loader said about them (``restart_log``) and adds it to the words returned."""
    if change.kind == "restart_manager":  # ``node``: resolved once by the applier (Wazuh 5.x), else None
        since = await restart_log.mark(api, node) if ours else None
        nodes = await restart(api, change.scope or "manager", node)
        said = f"restart requested on {', '.join(nodes) or 'the manager'}"
        return f"{said}; {await restart_log.report(api, since, ours, node=node)}" if ours is not None else said
    if change.filename is None or change.relative_dirname is None:
        raise Conflict(f"Change {change.id} names no target file.")
    filename, directory = change.filename, change.relative_dirname
    # What "as it was" means, read just before the upload; a file changed since check_fresh is not touched.
    previous = await read_rule_file(api, filename, directory)
    if (sha256_text(previous) if previous is not None else None) != change.base_sha256:
        raise Conflict(f"{change.target} changed just before the upload; nothing was sent. Ask for the change again.")
    try:
        written = await upload_rule_file(api, filename, directory, change.payload, overwrite=upload_mode(change))
    except WazuhMCPError as exc:
        back = await put_back(api, change, previous, exc)
        raise _upload_failure(change, exc, back) from None
    try:
        problem = await loader_problem(api)
    except WazuhMCPError as exc:  # cannot tell whether it would restart: take it back
        back = await put_back(api, change, previous, exc)
        raise type(exc)(
            f"Wazuh accepted {change.target} but whether its configuration still validates could not be read "
            f"({exc.message}), so the change was taken back: {back.words()}",
            hint="Check that the API user may read the manager's configuration (manager:read), then ask again.",
            upstream_code=exc.upstream_code,
        ) from None
    if problem:
        back = await put_back(api, change, previous, None)
        raise InvalidArgument(
            f"Wazuh accepted {change.target} but its configuration no longer validates, so the change was "
            f"taken back: {back.words()} Wazuh's loader says: {problem}",
            hint="Fix the rule XML (or the file the message names) and request the change again.",
            upstream_code=1908,
        )
    return f"wrote {written}"


def _upload_failure(change: PendingChange, exc: WazuhMCPError, back: PutBack) -> WazuhMCPError:
    """The error a failed upload ends with, once the manager's file is as it was."""
    if isinstance(exc, InvalidArgument) and exc.upstream_code == 1113:
        said = f"With the file in place its loader said: {back.loader_said}" if back.loader_said else ""
        return InvalidArgument(
            f"Wazuh's rule loader refused {change.target}: Wazuh answers only 'XML syntax error' (error 1113) "
            f"whatever the reason. {back.words()} {said}".rstrip(),
            hint="Fix the rule XML and request the change again.",
            upstream_code=1908 if back.loader_said else 1113,
        )
    said = f" With the file in place Wazuh's loader said: {back.loader_said}" if back.loader_said else ""
    return type(exc)(
        f"The upload of {change.target} failed: {exc.message} {back.words()}{said}",
        hint=exc.hint or "Request the change again once the manager answers normally.",
        upstream_code=exc.upstream_code,
    )


# --- putting a rule file back after a failed upload ------------------------------------------------

PUT_BACK_PAUSES_S: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
"""Pauses between attempts of each put-back step when the manager does not answer (a dropped connection,
a timeout, a 5xx, a rate limit): a manager that failed one request often answers the next."""
_TRANSIENT = (UpstreamUnavailable, UpstreamTimeout, RateLimited)
SETTLE_S = 5.0
"""After an upload that timed out or lost its connection, how long to wait before looking at the file again:
the manager may still be writing it (its own request timeout is 10 s, api.yaml ``request_timeout``)."""


@dataclass(frozen=True)
class PutBack:
    """What the apply step did to leave the manager's rule file as it was before a failed change."""

    target: str
    done: str
    """In words: "the file it left deleted", "the previous content restored", or that Wazuh left nothing."""
    loader_said: str | None = None
    """What validation said with the failed file still in place (Wazuh's loader, 1908), if it said anything."""
    still_invalid: str | None = None
    """Validation's message once the file is back: the configuration was already broken by something else."""
    unread: str | None = None
    """Why validation could not be read once the file was back (the API user may lack manager:read)."""

    def words(self) -> str:
        if self.unread:
            return (
                f"The manager's rule files are as they were ({self.done}); whether its configuration validates "
                f"could not be read ({self.unread})."
            )
        if self.still_invalid:
            return (
                f"The manager's rule files are as they were ({self.done}), but its configuration still does not "
                f"validate, for a reason this change did not cause: {self.still_invalid}"
            )
        return f"The manager's rule files are as they were ({self.done}) and its configuration validates."


T = TypeVar("T")


async def _retrying(step: Callable[[], Awaitable[T]]) -> T:
    for pause in PUT_BACK_PAUSES_S:
        try:
            return await step()
        except _TRANSIENT:
            await asyncio.sleep(pause)
    return await step()


async def put_back(
    api: ServerApiBackend, change: PendingChange, previous: str | None, cause: WazuhMCPError | None
) -> PutBack:
    """Leave ``change``'s target file as it was (``previous``; None: the file did not exist) after a failed
    upload, whatever Wazuh did with it: read what is there now, delete or restore it if it differs, read it
    back, then check the configuration validates. A step the manager does not answer is tried again; when
    the file still cannot be put back, ``ManagerMayNotRestart`` says so and names the file to fix.

    After a timeout or a dropped connection (``cause`` says so) the upload may still be running on the
    manager and land after the file was put back: the file is read again ``SETTLE_S`` later, and put back
    once more if it changed."""
    assert change.filename is not None and change.relative_dirname is not None
    filename, directory = change.filename, change.relative_dirname

    async def read() -> str | None:
        return await read_rule_file(api, filename, directory)

    async def restore(current: str | None) -> tuple[str, str | None]:
        """(what was done, the loader's words with the failed file in place)."""
        if current == previous:
            return ("Wazuh left nothing of the upload" if previous is None else "Wazuh kept the previous content"), None
        loader_said = await _problem_or_none(api)
        if previous is None:
            await _retrying(lambda: delete_rule_file(api, filename, directory))
            done = "the file the upload left deleted"
        else:
            content = previous
            await _retrying(lambda: upload_rule_file(api, filename, directory, content, overwrite=current is not None))
            done = "the previous content restored"
        if await _retrying(read) != previous:
            raise UpstreamError(f"{change.target} still differs from what it was after {done}.")
        return done, loader_said

    try:
        done, loader_said = await restore(await _retrying(read))
        if _may_land_late(cause):
            await asyncio.sleep(SETTLE_S)
            late = await _retrying(read)
            if late != previous:
                again, said = await restore(late)
                done, loader_said = f"{done}; the upload landed late, and {again}", said or loader_said
    except WazuhMCPError as exc:
        raise ManagerMayNotRestart(change, previous, cause, exc) from None
    try:  # the file is as it was (read back): validation only says whether something else is broken
        still_invalid, unread = await _retrying(lambda: loader_problem(api)), None
    except WazuhMCPError as exc:
        still_invalid, unread = None, exc.message
    return PutBack(change.target, done, loader_said, still_invalid, unread)


def _may_land_late(cause: WazuhMCPError | None) -> bool:
    """A timeout, or a connection lost without an answer (no Wazuh error code): the upload may still be running.
    An HTTP 5xx carries Wazuh's code (1000) and ended the request."""
    return isinstance(cause, UpstreamTimeout) or (
        isinstance(cause, UpstreamUnavailable) and cause.upstream_code is None
    )


async def _problem_or_none(api: ServerApiBackend) -> str | None:
    """The loader's words with the failed file in place, when validation answers (only to report them)."""
    try:
        return await loader_problem(api)
    except WazuhMCPError:
        return None


class ManagerMayNotRestart(UpstreamUnavailable):
    """A failed change whose file could not be put back: the words say the manager may not restart, and
    which file to fix (the change's state, its audit record, the CLI and the launcher all show them)."""

    def __init__(
        self, change: PendingChange, previous: str | None, cause: WazuhMCPError | None, failure: WazuhMCPError
    ) -> None:
        fix = (
            f"delete {change.target}"
            if previous is None
            else f"restore {change.target} to its previous content (sha256 {sha256_text(previous)[:12]}…)"
        )
        what = f"The upload of {change.target} failed ({cause.message}), and p" if cause else "P"
        super().__init__(
            f"{what}utting {change.target} back as it was failed too ({failure.message}). THE MANAGER MAY NOT "
            f"RESTART: until someone checks {change.target} on the manager, a restart can leave wazuh-analysisd "
            f"down. Fix it before any restart: {fix} (Server management > Rules, or the Server API's "
            f"rules/files endpoint), then check GET /manager/configuration/validation.",
            hint=f"{fix[0].upper()}{fix[1:]} on the manager before restarting it.",
            upstream_code=failure.upstream_code,
        )
        self.path = change.target
