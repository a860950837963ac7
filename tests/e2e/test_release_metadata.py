"""What a release publishes beside the files: the bundle's signature (``mcpb sign``, checked by
packaging/bundle_signature.py) and the MCP registry's ``server.json`` (checked against the registry's schema).

The signature tests sign a small bundle with a certificate made for the test and check the signature block with
OpenSSL, trust aside (this OpenSSL refuses mcpb verify's code-signing purpose: see the script's docstring); with
WAZUH_MCP_TEST_BUNDLE (scripts/test.sh builds it) the built bundle is checked too."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import REPO

MCPB = REPO / "packaging" / "mcpb" / "node_modules" / ".bin" / "mcpb"
needs_signing_tools = pytest.mark.skipif(
    not MCPB.exists() or shutil.which("openssl") is None,
    reason="needs the pinned mcpb CLI (npm install in packaging/mcpb; scripts/test.sh does it) and openssl",
)


def script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, REPO / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


signature, server_json = script("bundle_signature"), script("server_json")


def small_bundle(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("manifest.json", json.dumps({"manifest_version": "0.3", "name": "t", "version": "0.0.1"}))
    return path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, str(REPO / "packaging" / "bundle_signature.py"), *args]
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)


@needs_signing_tools
def test_a_signed_bundle_verifies_and_a_changed_byte_does_not(tmp_path: Path) -> None:
    bundle = small_bundle(tmp_path / "wazuh-mcp-0.0.1-linux-x64.mcpb")
    unsigned = bundle.read_bytes()
    signed = run("sign", str(bundle))
    assert signed.returncode == 0, signed.stderr
    signer = Path(signed.stdout.strip())
    assert signer.is_file() and not list(tmp_path.glob("*key*"))  # the key died with its temporary folder
    block = signature.signature_block(bundle.read_bytes())
    assert block is not None and block[0] == unsigned  # the signature covers exactly the bundle's bytes
    with zipfile.ZipFile(bundle) as archive:  # and the signed bundle still opens as a zip
        assert archive.namelist() == ["manifest.json"]

    verified = run("verify", str(bundle), "--cert", str(signer))
    assert verified.returncode == 0, verified.stderr
    said = verified.stdout.splitlines()
    assert said[0] == f"signature block: valid PKCS#7 over all {len(unsigned):,} bytes (openssl cms -verify -noverify)"
    assert said[1].startswith(f"signer: {signer.name} (")
    # mcpb verify's answer is reported, not counted, for a self-signed certificate (or where OpenSSL refuses
    # the code-signing purpose)
    assert said[2].startswith("mcpb verify: '") and "not counted" in said[2]
    if not signature.codesigning_purpose():
        assert "refuses the code-signing purpose" in said[2]

    tampered = bytearray(bundle.read_bytes())
    tampered[len(unsigned) // 2] ^= 1
    bundle.write_bytes(bytes(tampered))
    refused = run("verify", str(bundle))
    assert refused.returncode == 1 and "the signature does not match" in refused.stderr


@needs_signing_tools
def test_a_bundle_signed_by_another_certificate_or_not_at_all_is_refused(tmp_path: Path) -> None:
    first = small_bundle(tmp_path / "a.mcpb")
    second = small_bundle(tmp_path / "b.mcpb")
    unsigned = small_bundle(tmp_path / "c.mcpb")
    assert run("sign", str(first)).returncode == 0
    other = Path(run("sign", str(second)).stdout.strip())
    refused = run("verify", str(first), "--cert", str(other))
    assert refused.returncode == 1 and "signed by another certificate" in refused.stderr
    nothing = run("verify", str(unsigned))
    assert nothing.returncode == 1 and "carries no signature block (unsigned)" in nothing.stderr


@pytest.mark.skipif(not os.environ.get("WAZUH_MCP_TEST_BUNDLE"), reason="no built bundle (WAZUH_MCP_TEST_BUNDLE)")
@needs_signing_tools
def test_the_bundle_build_sh_leaves_in_dist_is_signed() -> None:
    bundle = Path(os.environ["WAZUH_MCP_TEST_BUNDLE"])
    signer = bundle.with_name(bundle.name + ".signer.pem")
    verified = run("verify", str(bundle), "--cert", str(signer))
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("signature block: valid PKCS#7")


def test_server_json_validates_against_the_registry_schema(tmp_path: Path) -> None:
    bundles = [small_bundle(tmp_path / f"wazuh-mcp-1.2.3-{p}.mcpb") for p in ("linux-x64", "darwin-arm64", "win32-x64")]
    out = tmp_path / "server.json"
    argv = ["--repository", "example-org/wazuh-mcp", "--tag", "v1.2.3", "--out", str(out), *map(str, bundles)]
    assert server_json.main(argv) == 0
    doc = json.loads(out.read_text())
    assert server_json.problems(doc) == []
    assert doc["name"] == "io.github.example-org/wazuh-mcp" and doc["version"] == "1.2.3"
    assert len(doc["description"]) <= 100
    by_url = {p["identifier"]: p for p in doc["packages"]}
    for bundle in bundles:
        package = by_url[f"https://github.com/example-org/wazuh-mcp/releases/download/v1.2.3/{bundle.name}"]
        assert package["registryType"] == "mcpb" and package["transport"] == {"type": "stdio"}
        assert package["fileSha256"] == server_json.sha256(bundle)


def test_the_schema_check_can_fail() -> None:
    bad = {"name": "no-slash", "description": "x" * 101, "packages": [{"registryType": "mcpb"}]}
    found = "\n".join(server_json.problems(bad))
    assert "'version' is a required property" in found
    assert "does not match" in found  # the name pattern
    assert "is too long" in found  # description over 100 characters
    assert "'identifier' is a required property" in found and "'transport' is a required property" in found


def test_a_bundle_of_another_version_is_not_listed(tmp_path: Path) -> None:
    stray = small_bundle(tmp_path / "wazuh-mcp-9.9.9-linux-x64.mcpb")
    with pytest.raises(SystemExit, match=re.escape("is not a wazuh-mcp 1.2.3 bundle")):
        server_json.document("example-org/wazuh-mcp", "v1.2.3", [stray])


def test_generating_the_bundle_manifest_writes_nothing_into_the_home(tmp_path: Path) -> None:
    """packaging/mcpb_manifest.py builds the server to list its tools: that server's state goes to a scratch folder
    (it used to create ~/.local/state/wazuh-mcp in the builder's home)."""
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAZUH_MCP_", "XDG_"))}
    env |= {"HOME": str(home), "WAZUH_MCP_CONFIG": os.devnull}
    out = tmp_path / "manifest.json"
    argv = [sys.executable, str(REPO / "packaging" / "mcpb_manifest.py"), "--platform", "linux", "--out", str(out)]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text())["tools"]
    assert [p.relative_to(home) for p in home.rglob("*")] == []
