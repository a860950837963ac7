"""The MCP Bundle manifest (``manifest.json``, spec 0.3) for one platform, generated from the registry so the
tools and prompts it lists are the server's own:

    python packaging/mcpb_manifest.py --platform linux --out build/bundle/manifest.json

Passwords are deliberately NOT ``user_config`` fields. Claude Desktop would keep a ``sensitive`` field in the OS
keychain, but under the desktop app's identity, where every installed extension can read it, and hand it to the
server as an environment variable (readable by any process of the same user). wazuh-mcp already keeps its
passwords in the OS keyring under its own service name, written by the launcher (``wazuh-mcp`` → setup), and
``serve`` reads them from there: the bundle only carries the non-secret settings and the profile to use.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from wazuh_mcp import __version__

PLATFORMS = ("linux", "darwin", "win32")

# user_config key → (environment variables the server reads, manifest field). All optional: with none of
# them the server still starts, and its tools say how to configure it (or set demo on to try it).
USER_CONFIG: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "profile": (
        ("WAZUH_MCP_PROFILE",),
        {
            "type": "string",
            "title": "Profile",
            "description": "wazuh-mcp settings profile whose passwords the launcher stored in the OS keyring.",
            "default": "default",
        },
    ),
    "api_url": (
        ("WAZUH_MCP_API_URL",),
        {
            "type": "string",
            "title": "Server API URL",
            "description": "Wazuh Server API, e.g. https://wazuh.example.org:55000",
        },
    ),
    "api_user": (("WAZUH_MCP_API_USER",), {"type": "string", "title": "Server API user", "description": "API user."}),
    "indexer_url": (
        ("WAZUH_MCP_INDEXER_URL",),
        {"type": "string", "title": "Indexer URL", "description": "Wazuh Indexer, e.g. https://wazuh.example.org:9200"},
    ),
    "indexer_user": (
        ("WAZUH_MCP_INDEXER_USER",),
        {"type": "string", "title": "Indexer user", "description": "Indexer user."},
    ),
    "ca_bundle": (
        ("WAZUH_MCP_API_CA_BUNDLE", "WAZUH_MCP_INDEXER_CA_BUNDLE"),
        {
            "type": "file",
            "title": "Wazuh root CA",
            "description": "PEM file of the CA that signed Wazuh's certificates (root-ca.pem), for both the API and the Indexer.",
        },
    ),
    "role": (
        ("WAZUH_MCP_ROLE",),
        {
            "type": "string",
            "title": "Role",
            "description": "admin, analyst or readonly: which tools are offered.",
            "default": "analyst",
        },
    ),
    "demo": (
        ("WAZUH_MCP_DEMO",),
        {
            "type": "boolean",
            "title": "Demo mode",
            "description": "Answer from the embedded Wazuh stand-in with generated data (no Wazuh needed).",
            "default": False,
        },
    ),
}


async def _registry() -> tuple[list[dict[str, str]], list[dict[str, Any]]]:
    """Tools and prompts of the default configuration (role analyst, writes off), as the server lists them."""
    import os
    import tempfile

    os.environ.setdefault("WAZUH_MCP_CONFIG", os.devnull)  # the builder's own settings must not leak in
    from wazuh_mcp.config.settings import Settings
    from wazuh_mcp.server.build import build_server

    # The server keeps its state (audit log, server log) in a scratch folder, not in the builder's home.
    previous = os.environ.get("WAZUH_MCP_STATE_DIR")
    with tempfile.TemporaryDirectory(prefix="wazuh-mcp-manifest-") as scratch:
        os.environ["WAZUH_MCP_STATE_DIR"] = scratch
        try:
            return await _listed(build_server(Settings.load()))
        finally:
            if previous is None:
                del os.environ["WAZUH_MCP_STATE_DIR"]
            else:
                os.environ["WAZUH_MCP_STATE_DIR"] = previous


async def _listed(server: Any) -> tuple[list[dict[str, str]], list[dict[str, Any]]]:
    tools = [{"name": t.name, "description": t.description or ""} for t in await server.list_tools()]
    prompts = []
    for p in await server.list_prompts():
        names = [a.name for a in p.arguments or []]
        asked = " ".join(f"{n}: ${{arguments.{n}}}" for n in names)
        prompts.append(
            {
                "name": p.name,
                "description": p.description or "",
                "arguments": names,
                # The server builds the real messages (with pre-fetched data); this is what a client shows.
                "text": f"Use the wazuh-mcp prompt {p.name}. {asked}".strip(),
            }
        )
    return tools, prompts


def manifest(platform: str, binary: str = "wazuh-mcp") -> dict[str, Any]:
    if platform not in PLATFORMS:
        raise SystemExit(f"platform must be one of {', '.join(PLATFORMS)}")
    tools, prompts = asyncio.run(_registry())
    entry = f"server/{binary}{'.exe' if platform == 'win32' else ''}"
    return {
        "manifest_version": "0.3",
        "name": "wazuh-mcp",
        "display_name": "Wazuh",
        "version": __version__,
        "description": "Investigate a Wazuh deployment: alerts, agents, vulnerabilities, FIM, MITRE ATT&CK, hunts.",
        "long_description": (
            "Read-only by default; rule changes and restarts need a person's out-of-band approval. Every call is "
            "audited. Passwords stay in the OS keyring: run the wazuh-mcp launcher once to store them (this "
            "bundle never asks for them). Turn on Demo mode to try it without a Wazuh."
        ),
        "author": {"name": "wazuh-mcp contributors"},
        "license": "Apache-2.0",
        "keywords": ["wazuh", "siem", "security", "soc", "mitre"],
        "server": {
            "type": "binary",
            "entry_point": entry,
            "mcp_config": {
                "command": f"${{__dirname}}/{entry}",
                "args": ["serve"],
                "env": {env: f"${{user_config.{key}}}" for key, (envs, _) in USER_CONFIG.items() for env in envs},
            },
        },
        "tools": tools,
        "tools_generated": True,  # role and writes change which tools exist
        "prompts": prompts,
        "compatibility": {"platforms": [platform]},
        "user_config": {key: field for key, (_, field) in USER_CONFIG.items()},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--platform", default=sys.platform if sys.platform in PLATFORMS else "linux")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(manifest(args.platform), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
