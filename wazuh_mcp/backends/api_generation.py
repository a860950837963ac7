"""Which Wazuh generation a Server API is: the one rule, read from its own ``GET /`` (``api_version``).

Wazuh 4.8–4.14 is generation 4, any 5.x is generation 5; every other answer (4.7 and older, 6.x, no
version at all) is refused in words, since this server knows neither its endpoints nor its indices. The
version is the whole answer (``4.14.7``, ``v5.0.0-beta5``), never a version found inside a longer text: what
decides is what a refusal or a record shows.
The tools ask through ``AppContext.api_generation`` (asked once, asked again after ``TTL_S``: an
upgrade shows up in a running session); the applier of an approved change asks afresh each time
(``wazuh_mcp.writes.generation_checks``), so a change prepared on a 4.x manager is never sent to
the same URL once it answers as 5.x.

Facts (``../shared/reference/wazuh5/server-api/endpoints-4.14.7-vs-5.0.0.md``): 5.0 dropped
``/manager/*``, ``/rules*``, ``/active-response`` and the other endpoints listed there; ``/agents``,
groups, ``/mitre/*``, ``/cluster/*`` (with ``/cluster/{node}/status`` and ``/cluster/restart``) stay, and
``PUT /agents/reload`` and ``PUT /cluster/reload`` are new.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from wazuh_mcp.backends.layout import Generation
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.errors import ConfigurationError, UpstreamUnavailable
from wazuh_mcp.untrusted import bound

TTL_S = 300.0
"""How long a running session trusts the answer before asking ``GET /`` again (a manager upgraded meanwhile)."""
SUPPORTED = "Wazuh 4.8 to 4.14, and Wazuh 5.x following a pre-release"
MAX_VERSION = 40
"""The longest version read (``4.14.7``, ``v5.0.0-beta5``): a longer answer is refused, never searched."""
_VERSION = re.compile(
    r"[vV]?(0|[1-9][0-9]{0,3})\.(0|[1-9][0-9]{0,3})(?:\.(?:0|[1-9][0-9]{0,5}))?(?:[-+~][0-9A-Za-z.+~-]*)?"
)
"""The whole answer, ASCII digits only: what is decided on is what is shown. Searching inside a longer text
read ``10004.14.7`` as 4.14, Unicode digits (``٥.٠``) as ASCII, and took time quadratic in a long run of
digits (a 30 KB ``api_version`` held the event loop for seconds); a digit run past Python's 4,300-digit
limit raised ``ValueError`` where a refusal belongs."""


@dataclass(frozen=True)
class ApiGeneration:
    """The Server API's version as it said it, and the generation that version is."""

    version: str
    generation: Generation

    @property
    def v5(self) -> bool:
        return self.generation == 5


def generation_of(version: str) -> Generation:
    """4 for 4.8–4.14, 5 for 5.x; ``ConfigurationError`` in words for anything else."""
    shown = bound(version, MAX_VERSION) or ""
    text = version.strip()
    match = _VERSION.fullmatch(text) if len(text) <= MAX_VERSION else None
    if match is None:
        raise ConfigurationError(
            f"The Server API did not report a Wazuh version this server can read ({shown!r} from GET /), so it cannot "
            f"tell which Wazuh it talks to. wazuh-mcp serves {SUPPORTED}.",
            hint="Check that WAZUH_MCP_API_URL points at a Wazuh manager's Server API (port 55000).",
        )
    major, minor = int(match.group(1)), int(match.group(2))
    if major == 5:
        return 5
    if major == 4 and 8 <= minor <= 14:
        return 4
    raise ConfigurationError(
        f"The Server API is Wazuh {shown}: wazuh-mcp serves {SUPPORTED}"
        + (" (vulnerability state indices and these endpoints need 4.8 or later)." if major < 5 else "."),
        hint="Upgrade the manager to Wazuh 4.8 or later, or use a wazuh-mcp release made for this version.",
    )


def version_said(root: Any) -> str:
    """The version a ``GET /`` answer reports (``data.api_version``), "" when it reports none: Wazuh says a
    string; a number, a list or an envelope of another shape is not read as one. Whole: a cut text could be
    read as a version the whole one is not (``generation_of`` refuses one longer than ``MAX_VERSION``)."""
    data = root.get("data") if isinstance(root, dict) else None
    said = data.get("api_version") if isinstance(data, dict) else None
    return said if isinstance(said, str) else ""


async def api_generation(api: ServerApiBackend) -> ApiGeneration:
    """Ask the Server API now (``GET /``, no permission needed) which generation it is."""
    version = version_said(await api.request("GET", "/", action="(none)"))
    return ApiGeneration(generation=generation_of(version), version=version.strip())


def node_path(name: str) -> str:
    """``/cluster/{name}`` for a node name an answer gave: quoted whole (a ``/`` in it cannot add a segment),
    and never empty, ``.`` or ``..`` (a segment that walks up: ``/cluster/../status`` is sent as ``/status``),
    nor holding a comma (``nodes_list`` is comma-separated: ``node01,node02`` would name two nodes); such a name
    is refused in words (``UpstreamUnavailable``), never sent."""
    if name in ("", ".", "..") or "," in name:
        raise UpstreamUnavailable(
            f"The Server API named a cluster node {name!r}, which is not a node name: nothing is asked about it.",
            hint="Check the manager's cluster configuration (node_name).",
        )
    return f"/cluster/{quote(name, safe='')}"


async def local_node(api: ServerApiBackend) -> str:
    """Wazuh 5.x: the name of the node answering (``GET /cluster/local/info``); a single manager is a
    one-node cluster there (``node01`` unless its configuration names it)."""
    body = await api.request("GET", "/cluster/local/info", action="cluster:read")
    data = body.get("data") if isinstance(body, dict) else None
    if data is not None and not isinstance(data, dict):
        raise UpstreamUnavailable("The Server API answer for GET /cluster/local/info is not a Wazuh envelope.")
    items = (data or {}).get("affected_items") or []
    if not isinstance(items, list):
        raise UpstreamUnavailable("The Server API answer for GET /cluster/local/info is not a Wazuh envelope.")
    named = str(items[0].get("node") or "") if items and isinstance(items[0], dict) else ""
    # Only the cleaned name is ever used: one with nothing printable left names no node (never the raw text).
    node = bound(named, 128)
    if not node:
        raise ConfigurationError(
            "The Server API did not name its own node in printable text (GET /cluster/local/info), so the manager's own node "
            "cannot be addressed.",
            hint="Check the manager's cluster configuration (node_name).",
        )
    node_path(node)  # one that would walk up a path is refused here, before any request names it
    return node
