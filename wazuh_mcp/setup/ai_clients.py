"""AI-client configuration: add (or remove) the MCP entry that starts ``wazuh-mcp serve``.

Used by ``wazuh-mcp connect`` and by the launcher's "Connect AI clients" screen, so it lives in
the server package and imports no TUI. The flow is always plan → show → apply:

    change = plan_change(target_for("cursor"), entry=server_entry("cursor", profile="prod"))
    print(change.diff())
    apply_change(change)

A plan never touches the disk. ``apply_change`` refuses a file that changed since it was
planned, a read-only file and a file that is not a JSON object; it backs the old file up next
to it and replaces it atomically, so a failure leaves either the old file or the new one. Only
our own entry changes: other servers and other keys (``preferences``, ``globalShortcut``…) are
kept as they were, in their order. No secret ever goes into an entry: ``serve`` reads them
from the OS keyring.

A client config can be hostile (a cloned repository's ``.vscode``): a project file reached through
a symlink leading out of the project is refused (we would write outside it), so are anything but a
regular file (a FIFO would hang us) and duplicate keys (readers disagree on which copy counts).
VS Code's ``mcp.json`` is JSONC: comments and trailing commas are accepted and kept, by editing our
entry in place (``wazuh_mcp.setup.jsonc``).
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from wazuh_mcp import atomic
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.setup import jsonc
from wazuh_mcp.setup.serve_command import serve_argv

ClientName = Literal["claude-desktop", "cursor", "vscode", "claude-code"]
CLIENTS: tuple[ClientName, ...] = ("claude-desktop", "cursor", "vscode", "claude-code")
CLIENT_TITLES: dict[ClientName, str] = {
    "claude-desktop": "Claude Desktop",
    "cursor": "Cursor",
    "vscode": "VS Code",
    "claude-code": "Claude Code",
}
DEFAULT_SERVER_NAME = "wazuh"
"""Clients prefix tool names with it (``mcp__wazuh__search_alerts``), so it stays short."""
_SERVER_NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
Action = Literal["add", "update", "remove", "unchanged", "absent"]


class ClientConfigError(ConfigurationError):
    """A client config file we must not or cannot rewrite; the message says what to do instead."""


@dataclass(frozen=True)
class ClientTarget:
    client: ClientName
    path: Path
    servers_key: str
    """``mcpServers`` everywhere but VS Code, which uses ``servers``."""
    project: bool
    """True for a per-project file (``.vscode/mcp.json`` …), False for a per-user one."""
    root: Path | None = None
    """The project directory of a per-project file: nothing is read or written outside it."""

    @property
    def title(self) -> str:
        return CLIENT_TITLES[self.client]


def claude_desktop_path(*, home: Path, platform: str, env: Mapping[str, str]) -> Path:
    if platform == "darwin":
        return home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"
    if platform == "win32":
        appdata = env.get("APPDATA")
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
        return base / "Claude" / "claude_desktop_config.json"
    xdg = env.get("XDG_CONFIG_HOME")
    return (Path(xdg) if xdg else home / ".config") / "Claude" / "claude_desktop_config.json"


def target_for(
    client: ClientName,
    *,
    project: Path | None = None,
    home: Path | None = None,
    platform: str = sys.platform,
    env: Mapping[str, str] | None = None,
) -> ClientTarget:
    """Where ``client`` keeps its MCP servers. ``project`` picks the per-project file (Cursor),
    or the project the file belongs to (VS Code, Claude Code: default the current directory)."""
    home = home or Path.home()
    env = os.environ if env is None else env
    root = (project or Path.cwd()).expanduser().absolute()
    if client == "claude-desktop":
        if project is not None:
            raise ClientConfigError("Claude Desktop has no per-project configuration; drop --project.")
        return ClientTarget(client, claude_desktop_path(home=home, platform=platform, env=env), "mcpServers", False)
    if client == "cursor":
        if project is None:
            return ClientTarget(client, home / ".cursor" / "mcp.json", "mcpServers", False)
        return ClientTarget(client, root / ".cursor" / "mcp.json", "mcpServers", True, root)
    if client == "vscode":
        return ClientTarget(client, root / ".vscode" / "mcp.json", "servers", True, root)
    if client == "claude-code":
        return ClientTarget(client, root / ".mcp.json", "mcpServers", True, root)
    raise ClientConfigError(f"Unknown AI client '{client}'. Known: {', '.join(CLIENTS)}.")


def server_entry(client: ClientName, *, profile: str | None = None, demo: bool = False) -> dict[str, Any]:
    """The JSON object ``client`` needs to start this installation's ``wazuh-mcp serve``. Never holds a secret."""
    argv = serve_argv(demo=demo, profile=profile)
    entry: dict[str, Any] = {"command": argv[0], "args": argv[1:]}
    if client in ("vscode", "claude-code"):
        entry = {"type": "stdio", **entry}
    return entry


@dataclass(frozen=True)
class Login:
    """How a client signs the analyst in to a team server (docs/team.md, "Logging in"). With nothing set the
    client finds the identity provider from the server's 401 and registers itself there (dynamic client
    registration, or a client ID metadata document where both sides support one)."""

    client_id: str | None = None
    """A client registered at the provider beforehand (public, PKCE): for providers without registration."""
    callback_port: int | None = None
    """Claude Code: the fixed loopback port of its redirect URI, for a client registered with an exact one."""
    scope: str | None = None
    """The scopes the client asks for (space-separated), e.g. Entra ID's ``api://<app>/<scope>``."""
    token_env: str | None = None
    """No sign-in by the client: it sends ``Authorization: Bearer`` with this environment variable's value (a
    token the analyst gets elsewhere). The file names the variable, never holds the token."""

    @property
    def oauth(self) -> bool:
        return bool(self.client_id or self.callback_port or self.scope)


_CLIENT_ID = re.compile(r"^[A-Za-z0-9._:/@+=~-]{1,256}$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")
_SCOPE = re.compile(r"^[\x21\x23-\x5b\x5d-\x7e]{1,200}( [\x21\x23-\x5b\x5d-\x7e]{1,200}){0,19}$")
"""RFC 6749's scope-token characters, at most 20 of them."""
_OAUTH_FIELDS: dict[ClientName, tuple[str, ...]] = {
    "claude-code": ("client_id", "callback_port", "scope"),
    "vscode": ("client_id",),
    "cursor": ("client_id", "scope"),
}
"""What each client's config file can say about its sign-in (their documented fields)."""
_FLAGS = {"client_id": "--client-id", "callback_port": "--callback-port", "scope": "--scope"}


def _check_login(client: ClientName, login: Login) -> None:
    if login.token_env is not None and login.oauth:
        raise ClientConfigError(
            "--token-env sends a token the analyst got elsewhere; the client then does no sign-in of its own, "
            "so --client-id, --callback-port and --scope would be ignored.",
            hint="Choose one: --token-env VAR, or the client's own sign-in (with --client-id … if needed).",
        )
    if login.client_id is not None and not _CLIENT_ID.match(login.client_id):
        raise ClientConfigError(
            "--client-id takes the client ID your identity provider shows (letters, digits and ._:/@+=~-, up to "
            "256 characters).",
            hint="Copy it from the provider's application page, e.g. wazuh-mcp-cli or a GUID.",
        )
    if login.token_env is not None and not _ENV_NAME.match(login.token_env):
        raise ClientConfigError(
            f"'{login.token_env[:64]}' is not an environment variable name (letters, digits, _; not a digit first).",
            hint="Name the variable that will hold the token, e.g. --token-env WAZUH_MCP_TOKEN; never the token.",
        )
    if login.callback_port is not None and not 1024 <= login.callback_port <= 65535:
        raise ClientConfigError(
            f"--callback-port {login.callback_port} is outside 1024-65535.",
            hint="Use the port of the redirect URI registered for the client, e.g. http://localhost:53280/callback.",
        )
    if login.scope is not None and not _SCOPE.match(login.scope):
        raise ClientConfigError(
            "--scope takes scope names separated by single spaces (no quotes or backslashes, at most 20).",
            hint='e.g. --scope "openid api://wazuh-mcp/mcp.use".',
        )
    supported = _OAUTH_FIELDS.get(client, ())
    for field in ("client_id", "callback_port", "scope"):
        if getattr(login, field) is not None and field not in supported:
            raise ClientConfigError(
                f"{CLIENT_TITLES[client]}'s configuration file has no place for {_FLAGS[field]}.",
                hint='docs/team.md, "Logging in", says what each client can be told.',
            )
    if login.token_env is not None and client == "vscode":
        raise ClientConfigError(
            "VS Code reads no environment variable in a server's headers; wazuh-mcp does not write a token into "
            "the file.",
            hint='Add the header by hand with an input variable VS Code asks for and keeps: "headers": '
            '{"Authorization": "Bearer ${input:wazuh-mcp-token}"} and an "inputs" entry of type promptString '
            "with password true (docs/team.md).",
        )


def _login_fields(client: ClientName, login: Login) -> dict[str, Any]:
    """The entry's keys for ``login``, in each client's documented spelling."""
    fields: dict[str, Any] = {}
    if login.token_env is not None:
        variable = f"${{env:{login.token_env}}}" if client == "cursor" else f"${{{login.token_env}}}"
        fields["headers"] = {"Authorization": f"Bearer {variable}"}
    if not login.oauth:
        return fields
    if client == "cursor":
        auth: dict[str, Any] = {}
        if login.client_id:
            auth["CLIENT_ID"] = login.client_id
        if login.scope:
            auth["scopes"] = login.scope.split()
        fields["auth"] = auth
        return fields
    oauth: dict[str, Any] = {}
    if login.client_id:
        oauth["clientId"] = login.client_id
    if login.callback_port is not None:
        oauth["callbackPort"] = login.callback_port
    if login.scope:
        oauth["scopes"] = login.scope
    fields["oauth"] = oauth
    return fields


def remote_entry(client: ClientName, url: str, login: Login | None = None) -> dict[str, Any]:
    """The entry for a team server (``serve --http``) at ``url``: the client connects, nothing is started.
    By default the client signs the analyst in itself (the server's 401 names the identity provider);
    ``login`` names a pre-registered client or a token variable instead. Never holds a secret."""
    login = login or Login()
    parsed = urlsplit(url)
    host = parsed.hostname or ""
    if parsed.scheme not in ("https", "http") or not host:
        raise ClientConfigError(
            f"'{url}' is not an http(s) URL.", hint="Use the MCP endpoint, e.g. https://mcp.soc.example/mcp."
        )
    if parsed.scheme == "http" and host not in ("127.0.0.1", "localhost", "::1"):
        raise ClientConfigError(
            f"Refusing plain HTTP to {host}: the analyst's token would cross the network in clear.",
            hint="Use the server's https:// URL.",
        )
    if client == "claude-desktop":
        raise ClientConfigError(
            "Claude Desktop's config file only starts local servers.",
            hint=f"Add the team server in Claude Desktop under Settings > Connectors with the URL {url} "
            "(Advanced settings: the OAuth client ID of a pre-registered client). Connectors reach it from "
            'Anthropic\'s cloud, not from this machine: docs/team.md, "Logging in".',
        )
    _check_login(client, login)
    entry: dict[str, Any] = {"type": "http", "url": url} if client in ("vscode", "claude-code") else {"url": url}
    return entry | _login_fields(client, login)


def claude_mcp_add_command(name: str, entry: Mapping[str, Any]) -> str:
    """The equivalent ``claude mcp add`` line, for those who prefer Claude Code's own CLI."""
    if "url" in entry:
        oauth, headers = entry.get("oauth") or {}, entry.get("headers") or {}
        if "scopes" in oauth:  # `claude mcp add` has no flag for it
            argv = ["claude", "mcp", "add-json", "--scope", "project", name, json.dumps(dict(entry))]
            return subprocess.list2cmdline(argv) if sys.platform == "win32" else shlex.join(argv)
        argv = ["claude", "mcp", "add", "--transport", "http", "--scope", "project"]
        if "clientId" in oauth:
            argv += ["--client-id", oauth["clientId"]]
        if "callbackPort" in oauth:
            argv += ["--callback-port", str(oauth["callbackPort"])]
        for header, value in headers.items():
            argv += ["--header", f"{header}: {value}"]
        argv += [name, entry["url"]]
        return subprocess.list2cmdline(argv) if sys.platform == "win32" else shlex.join(argv)
    argv = ["claude", "mcp", "add", "--scope", "project", name, "--", entry["command"], *entry["args"]]
    return subprocess.list2cmdline(argv) if sys.platform == "win32" else shlex.join(argv)


@dataclass(frozen=True)
class Change:
    """What writing (or removing) our entry would do to one file. Nothing is written yet."""

    target: ClientTarget
    name: str
    action: Action
    before: str | None
    """The file's text now; None when the file does not exist."""
    after: str

    @property
    def changed(self) -> bool:
        return self.action in ("add", "update", "remove")

    def diff(self) -> str:
        """A unified diff of the change ('' when nothing would change)."""
        if not self.changed:
            return ""
        old = (self.before or "").splitlines(keepends=True)
        new = self.after.splitlines(keepends=True)
        label = str(self.target.path)
        return "".join(difflib.unified_diff(old, new, f"{label} (now)", f"{label} (after)"))

    def summary(self) -> str:
        where = f"{self.target.title} ({self.target.path})"
        return {
            "add": f"Add '{self.name}' to {where}.",
            "update": f"Update '{self.name}' in {where}.",
            "remove": f"Remove '{self.name}' from {where}.",
            "unchanged": f"{where} already has this '{self.name}' entry; nothing to do.",
            "absent": f"{where} has no '{self.name}' entry; nothing to remove.",
        }[self.action]

    def done(self) -> str:
        """What the file holds once this change is written: the preview's heading after "Write" (planning
        again then finds nothing to do, which is not what a person who just wrote should read)."""
        where = f"{self.target.title} ({self.target.path})"
        if self.action == "remove":
            return f"{where} no longer has a '{self.name}' entry."
        return f"{where} now has this '{self.name}' entry."


MAX_CONFIG_BYTES = 1024 * 1024
"""Client configs are a few KB; a bigger one is not a config we should load into memory and rewrite."""


def _refuse_escape(target: ClientTarget) -> None:
    """L3: a project file (or a directory on its way) that is a symlink leading out of the project is
    refused, so ``connect --project`` never reads or writes outside the project it was pointed at."""
    if not target.project or target.root is None:
        return
    root = target.root.resolve()
    current = target.root
    for part in target.path.relative_to(target.root).parts:
        current = current / part
        if current.is_symlink() and not current.resolve().is_relative_to(root):
            raise ClientConfigError(
                f"{current} is a symlink to {current.resolve()}, outside the project {root}; "
                "wazuh-mcp writes a project's configuration only inside the project. Nothing was changed.",
                hint="Remove the symlink, or run connect in the project the file really belongs to.",
            )
    if not target.path.resolve().is_relative_to(root):  # pragma: no cover - caught per component above
        raise ClientConfigError(f"{target.path} resolves outside the project {root}. Nothing was changed.")


def _read(path: Path) -> str | None:
    # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it (L4).
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except (FileNotFoundError, NotADirectoryError):  # the directory is created (or refused) on apply
        return None
    except IsADirectoryError as exc:  # Windows
        raise ClientConfigError(f"{path} is a directory, not a configuration file.") from exc
    except OSError as exc:
        raise ClientConfigError(f"Cannot read {path}: {exc.strerror or exc}.") from exc
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        if stat.S_ISDIR(info.st_mode):
            raise ClientConfigError(f"{path} is a directory, not a configuration file.")
        if not stat.S_ISREG(info.st_mode):
            raise ClientConfigError(
                f"{path} is not a regular file (a FIFO, socket or device); wazuh-mcp will not read or replace it.",
                hint="Remove it, or point the client at a real JSON file.",
            )
        if info.st_size > MAX_CONFIG_BYTES:
            raise ClientConfigError(f"{path} is larger than {MAX_CONFIG_BYTES // 1024} KB; not a client config.")
        try:
            data = fh.read(MAX_CONFIG_BYTES + 1)
        except OSError as exc:
            raise ClientConfigError(f"Cannot read {path}: {exc.strerror or exc}.") from exc
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ClientConfigError(f"{path} is not UTF-8 text; wazuh-mcp will not rewrite it.") from exc


def _by_hand(target: ClientTarget, name: str, entry: Mapping[str, Any] | None) -> str:
    if entry is None:
        return f"Remove the '{name}' entry under \"{target.servers_key}\" by hand."
    snippet = json.dumps({target.servers_key: {name: entry}}, indent=2)
    return f"Fix the file, or add this by hand:\n{snippet}"


def _jsonc(target: ClientTarget) -> bool:
    """VS Code reads ``mcp.json`` as JSONC (comments, trailing commas); the other clients want JSON."""
    return target.client == "vscode"


def _parse(target: ClientTarget, text: str, name: str, entry: Mapping[str, Any] | None) -> tuple[dict[str, Any], bool]:
    """The document, and whether it needs JSONC (so it is edited in place rather than re-serialised)."""
    if not text.strip():
        return {}, False
    needs_jsonc = False
    try:
        try:
            document = jsonc.loads_strict(text)
        except json.JSONDecodeError:
            if not _jsonc(target):
                raise
            document, needs_jsonc = jsonc.loads(text), True
    except jsonc.DuplicateKey as exc:
        raise ClientConfigError(
            f'{target.path} has the key "{exc.key}" twice in one object; clients disagree on which copy counts, '
            "so wazuh-mcp will not rewrite it.",
            hint="Remove one of the two copies. " + _by_hand(target, name, entry),
        ) from exc
    except ValueError as exc:
        where = f" (line {exc.lineno}, column {exc.colno}: {exc.msg})" if isinstance(exc, json.JSONDecodeError) else ""
        extra = "" if _jsonc(target) else " (comments and trailing commas count as invalid)"
        raise ClientConfigError(
            f"{target.path} is not valid JSON{where}; wazuh-mcp will not rewrite it{extra}.",
            hint=_by_hand(target, name, entry),
        ) from exc
    if not isinstance(document, dict):
        raise ClientConfigError(f"{target.path} holds JSON that is not an object.", hint=_by_hand(target, name, entry))
    servers = document.get(target.servers_key)
    if servers is not None and not isinstance(servers, dict):
        raise ClientConfigError(
            f'In {target.path}, "{target.servers_key}" is not an object.', hint=_by_hand(target, name, entry)
        )
    return document, needs_jsonc


def _indent(text: str | None) -> str | int:
    """Keep the file's own indentation so the diff shows only our entry."""
    match = re.search(r"\n([ \t]+)\S", text or "")
    if match is None:
        return 2
    unit = match.group(1)
    return "\t" if unit.startswith("\t") else len(unit)


def plan_change(target: ClientTarget, name: str = DEFAULT_SERVER_NAME, *, entry: Mapping[str, Any] | None) -> Change:
    """What adding ``entry`` under ``name`` (or, with ``entry=None``, removing ``name``) would do."""
    if not _SERVER_NAME.match(name):
        raise ClientConfigError(f"'{name}' is not a usable server name (letters, digits, '-' and '_', up to 40).")
    _refuse_escape(target)
    before = _read(target.path)
    document, needs_jsonc = _parse(target, before or "", name, entry)
    servers: dict[str, Any] = dict(document.get(target.servers_key) or {})
    action: Action
    if entry is None:
        action = "remove" if name in servers else "absent"
        servers.pop(name, None)
    elif servers.get(name) == dict(entry):
        action = "unchanged"
    else:
        action = "update" if name in servers else "add"
        servers[name] = dict(entry)
    if action in ("unchanged", "absent"):
        return Change(target, name, action, before, before or "")
    document[target.servers_key] = servers  # same position when the key existed
    if needs_jsonc and before is not None:
        after = _edit_in_place(target, before, name, entry, document)
    else:
        after = json.dumps(document, indent=_indent(before), ensure_ascii=False) + "\n"
    return Change(target, name, action, before, after)


def _unit(text: str) -> str:
    indent = _indent(text)
    return indent if isinstance(indent, str) else " " * indent


def _line_indent(text: str, pos: int) -> str:
    """The leading whitespace of the line holding ``pos``."""
    start = text.rfind("\n", 0, pos) + 1
    match = re.match(r"[ \t]*", text[start:])
    return match.group(0) if match else ""


def _member_text(key: str, value: Any, indent: str, unit: str) -> str:
    rendered = json.dumps(value, indent=unit, ensure_ascii=False).replace("\n", "\n" + indent)
    return f"{json.dumps(key, ensure_ascii=False)}: {rendered}"


def _insert(text: str, blanked: str, open_at: int, key: str, value: Any, unit: str) -> str:
    """``text`` with ``key: value`` added as the last member of the object whose ``{`` is at ``open_at``."""
    found, close = jsonc.members(blanked, open_at)
    if found:
        last = found[-1]
        indent = _line_indent(text, last.key_start)
        piece = f",\n{indent}{_member_text(key, value, indent, unit)}"
        return text[: last.value_end] + piece + text[last.value_end :]
    outer = _line_indent(text, open_at)
    indent = outer + unit
    piece = f"\n{indent}{_member_text(key, value, indent, unit)}"
    if not text[open_at + 1 : close].strip():
        return text[: open_at + 1] + piece + f"\n{outer}" + text[close:]
    return text[: open_at + 1] + piece + text[open_at + 1 :]


def _remove(text: str, blanked: str, open_at: int, member: jsonc.Member) -> str:
    after = jsonc.skip_ws(blanked, member.value_end)
    if blanked[after] == ",":  # a separator: take it with the member (and the member's line break)
        start = member.key_start
        while start > 0 and text[start - 1] in " \t":
            start -= 1
        if start > 0 and text[start - 1] == "\n":
            start -= 1
        return text[:start] + text[after + 1 :]
    before = member.key_start - 1
    while before > open_at and blanked[before] in " \t\r\n":
        before -= 1
    if blanked[before] == ",":  # the last of several: drop the comma before it
        return text[:before] + text[member.value_end :]
    _, close = jsonc.members(blanked, open_at)  # the only member: empty the object
    return text[: open_at + 1] + text[close:]


def _edit_in_place(
    target: ClientTarget, before: str, name: str, entry: Mapping[str, Any] | None, expected: dict[str, Any]
) -> str:
    """The JSONC file with only our entry changed (comments, order and layout kept); checked by re-reading it."""
    blanked = jsonc.blank(before)
    top = jsonc.skip_ws(blanked, 0)
    unit = _unit(before)
    top_members, _ = jsonc.members(blanked, top)
    servers = next((m for m in top_members if m.key == target.servers_key), None)
    if servers is None:
        assert entry is not None  # removing from a file without servers is "absent", planned earlier
        after = _insert(before, blanked, top, target.servers_key, {name: dict(entry)}, unit)
    else:
        ours = next((m for m in jsonc.members(blanked, servers.value_start)[0] if m.key == name), None)
        if entry is None:
            assert ours is not None
            after = _remove(before, blanked, servers.value_start, ours)
        elif ours is not None:
            indent = _line_indent(before, ours.key_start)
            rendered = _member_text(name, dict(entry), indent, unit).split(": ", 1)[1]
            after = before[: ours.value_start] + rendered + before[ours.value_end :]
        else:
            after = _insert(before, blanked, servers.value_start, name, dict(entry), unit)
    try:
        reread = jsonc.loads(after)
    except ValueError:
        reread = None
    if reread != expected:  # the splice must mean exactly the planned document; never write a guess
        raise ClientConfigError(
            f"wazuh-mcp could not edit {target.path} in place without disturbing its comments.",
            hint=_by_hand(target, name, entry),
        )
    return after


def _fail(message: str, exc: OSError) -> ClientConfigError:
    return ClientConfigError(f"{message}: {exc.strerror or exc}. Nothing was changed.")


MAX_BACKUPS_PER_SECOND = 100


def _back_up(real: Path, stamp: str) -> Path:
    """Copy ``real`` to a backup name no other backup has: ``<name>.<stamp>.bak``, then ``-2``, ``-3``… within
    the same second (two writes in one second shared one name, and the first backup was lost). The name
    is claimed with an exclusive create, so two processes cannot take the same one either."""
    for n in range(1, MAX_BACKUPS_PER_SECOND + 1):
        candidate = real.with_name(f"{real.name}.{stamp}{'' if n == 1 else f'-{n}'}.bak")
        try:
            copy = candidate.open("xb")
        except FileExistsError:
            continue
        except OSError as exc:
            raise _fail(f"Cannot back up {real} to {candidate}", exc) from exc
        try:
            with copy, real.open("rb") as source:
                shutil.copyfileobj(source, copy)
            shutil.copystat(real, candidate)
        except OSError as exc:
            candidate.unlink(missing_ok=True)  # no half backup left behind
            raise _fail(f"Cannot back up {real} to {candidate}", exc) from exc
        return candidate
    raise ClientConfigError(
        f"{MAX_BACKUPS_PER_SECOND} backups of {real} were made in this second; nothing was written.",
        hint="Wait a second and try again.",
    )


def apply_change(change: Change, *, now: datetime | None = None) -> Path | None:
    """Write the planned change; returns the backup of the old file (None when there was none).

    Refuses when the file changed since the plan was made, or is read-only: then nothing is
    written. A symlinked config (dotfile managers) is written through to its target."""
    if not change.changed:
        return None
    path = change.target.path
    _refuse_escape(change.target)
    if _read(path) != change.before:
        raise ClientConfigError(f"{path} changed since the preview; preview again before writing.")
    real = path.resolve() if path.is_symlink() else path
    mode = 0o644
    if change.before is not None:
        current = real.stat().st_mode
        if not current & stat.S_IWUSR:
            raise ClientConfigError(
                f"{real} is read-only; wazuh-mcp will not override that.",
                hint="Make it writable (e.g. `chmod u+w`) and try again, or edit it by hand.",
            )
        mode = stat.S_IMODE(current)
    try:
        real.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _fail(f"Cannot create the directory {real.parent}", exc) from exc
    backup = None
    if change.before is not None:
        backup = _back_up(real, (now or datetime.now()).strftime("%Y%m%d-%H%M%S"))
    try:
        atomic.write_text(real, change.after, mode)
    except OSError as exc:
        raise _fail(f"Cannot write {real}", exc) from exc
    return backup
