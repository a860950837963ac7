"""``server.json`` for the MCP registry: one ``mcpb`` package per platform's bundle of a GitHub release.

    python packaging/server_json.py --repository OWNER/REPO --tag v0.1.0 --out release/server.json release/*.mcpb

Each package points at the bundle's release download URL with its SHA-256 (the registry requires both for
MCPB packages). The document is validated against the registry's schema (``packaging/registry/``, see its
ORIGIN.md) before it is written; a document that does not validate is not written and the errors are listed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SCHEMA_PATH = HERE / "registry" / "server.schema.json"
SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
DESCRIPTION = "Investigate a Wazuh SIEM: alerts, agents, vulnerabilities, FIM, MITRE ATT&CK, audited approvals."
BUNDLE = re.compile(r"^wazuh-mcp-(?P<version>[^-]+(?:-[a-z0-9.]+)?)-(?P<platform>linux|darwin|win32)-[a-z0-9]+\.mcpb$")


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def document(repository: str, tag: str, bundles: list[Path]) -> dict[str, Any]:
    """The server.json of release ``tag`` of ``repository`` (OWNER/REPO on GitHub) holding ``bundles``."""
    owner, _, name = repository.partition("/")
    if not owner or not name or "/" in name:
        raise SystemExit(f"server_json: --repository must be OWNER/REPO (got '{repository}')")
    version = tag.removeprefix("v")
    packages = []
    for bundle in sorted(bundles):
        match = BUNDLE.match(bundle.name)
        if match is None or match["version"] != version:
            raise SystemExit(
                f"server_json: {bundle.name} is not a wazuh-mcp {version} bundle (wazuh-mcp-{version}-<os>-<arch>.mcpb)"
            )
        packages.append(
            {
                "registryType": "mcpb",
                "identifier": f"https://github.com/{repository}/releases/download/{tag}/{bundle.name}",
                "version": version,
                "fileSha256": sha256(bundle),
                "transport": {"type": "stdio"},
            }
        )
    if not packages:
        raise SystemExit("server_json: no bundle given")
    return {
        "$schema": SCHEMA_URL,
        "name": f"io.github.{owner}/{name}",
        "title": "Wazuh",
        "description": DESCRIPTION,
        "version": version,
        "repository": {"url": f"https://github.com/{repository}", "source": "github"},
        "websiteUrl": f"https://github.com/{repository}#readme",
        "packages": packages,
    }


def problems(doc: dict[str, Any]) -> list[str]:
    """Every way ``doc`` breaks the registry's schema (empty: valid)."""
    from jsonschema import Draft7Validator

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    validator = Draft7Validator(schema, format_checker=Draft7Validator.FORMAT_CHECKER)
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '(document)'}: {error.message}"
        for error in sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repository", required=True, help="OWNER/REPO on GitHub")
    parser.add_argument("--tag", required=True, help="the release tag, e.g. v0.1.0")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("bundles", type=Path, nargs="+")
    args = parser.parse_args(argv)
    doc = document(args.repository, args.tag, args.bundles)
    if found := problems(doc):
        print(f"server_json: the document breaks the registry's schema ({SCHEMA_PATH.name}):", file=sys.stderr)
        for problem in found:
            print(f"  {problem}", file=sys.stderr)
        return 1
    args.out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    print(f"{args.out}: valid against the registry's schema, {len(doc['packages'])} bundle(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
