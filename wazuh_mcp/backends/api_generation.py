"""Which Wazuh generation a Server API is: the one rule, read from its own ``GET /`` (``api_version``).

Wazuh 4.8–4.14 is generation 4, any 5.x is generation 5; every other answer (4.7 and older, 6.x, no
version at all) is refused in words, since this server knows neither its endpoints nor its indices.
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

from wazuh_mcp.backends.layout import Generation
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.untrusted import bound

TTL_S = 300.0
"""How long a running session trusts the answer before asking ``GET /`` again (a manager upgraded meanwhile)."""
SUPPORTED = "Wazuh 4.8 to 4.14, and Wazuh 5.x following a pre-release"
_VERSION = re.compile(r"v?(\d+)\.(\d+)(?:\.(\d+))?")


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
    shown = bound(version, 40) or ""
    match = _VERSION.search(version)
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


async def api_generation(api: ServerApiBackend) -> ApiGeneration:
    """Ask the Server API now (``GET /``, no permission needed) which generation it is."""
    root = await api.request("GET", "/", action="(none)")
    data = root.get("data") if isinstance(root, dict) else None
    version = str(data.get("api_version") or "") if isinstance(data, dict) else ""
    return ApiGeneration(bound(version, 40) or "", generation_of(version))


async def local_node(api: ServerApiBackend) -> str:
    """Wazuh 5.x: the name of the node answering (``GET /cluster/local/info``); a single manager is a
    one-node cluster there (``node01`` unless its configuration names it)."""
    body = await api.request("GET", "/cluster/local/info", action="cluster:read")
    items = ((body.get("data") or {}).get("affected_items") or []) if isinstance(body, dict) else []
    node = str(items[0].get("node") or "") if items and isinstance(items[0], dict) else ""
    if not node:
        raise ConfigurationError(
            "The Server API did not name its own node (GET /cluster/local/info), so the manager's own node "
            "cannot be addressed.",
            hint="Check the manager's cluster configuration (node_name).",
        )
    return bound(node, 128) or node
