"""What an MCP Bundle host (Claude Desktop) hands ``serve``: the manifest maps each ``user_config`` field to a
``WAZUH_MCP_*`` variable, and a field the user left empty may arrive as ``""`` or as the literal placeholder
``${user_config.NAME}``. Both mean "not set": they are dropped so the settings file and defaults apply, instead
of failing on an empty URL or a CA bundle named ``${user_config.ca_bundle}``."""

from __future__ import annotations

from collections.abc import MutableMapping

PREFIX = "WAZUH_MCP_"
DEMO = "WAZUH_MCP_DEMO"
"""A bundle cannot add ``--demo`` from a checkbox; this variable does the same (``true``/``1``/``yes``/``on``)."""


def drop_unfilled(environ: MutableMapping[str, str]) -> list[str]:
    """Remove WAZUH_MCP_* variables that are empty or an unsubstituted placeholder; returns their names."""
    unfilled = [
        key
        for key, value in environ.items()
        if key.startswith(PREFIX) and (not value.strip() or value.strip().startswith("${user_config."))
    ]
    for key in unfilled:
        del environ[key]
    return unfilled


def demo_requested(environ: MutableMapping[str, str]) -> bool:
    return environ.get(DEMO, "").strip().lower() in {"1", "true", "yes", "on"}
