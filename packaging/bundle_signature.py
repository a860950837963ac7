"""Sign an MCP Bundle and check its signature (packaging/build.sh, the release workflow, tests/e2e).

    python packaging/bundle_signature.py sign BUNDLE [--cert PEM --key PEM] [--intermediate PEM ...]
    python packaging/bundle_signature.py verify BUNDLE [--cert PEM]

``sign`` runs the pinned ``mcpb sign`` (packaging/mcpb). Given no certificate it makes a self-signed one for
this run only (code-signing usage, one day, RSA 2048: mcpb signs with RSA keys only), in a temporary folder
deleted afterwards: CI's bundles are signed the same way as a release's, whose certificate and key come from the
release secrets. It prints the signer
certificate's path (kept beside the bundle as ``<bundle>.signer.pem``), so the check can name who signed.

``verify`` checks the signature block that ``mcpb sign`` appends (``MCPB_SIG_V1``, a little-endian length,
a DER PKCS#7 detached signature over every byte before it, ``MCPB_SIG_END``):

- always the block itself, with ``openssl cms -verify -noverify``: the signature is valid and covers the
  bundle's bytes exactly (integrity; trust aside), and, with ``--cert``, it is that certificate's;
- and ``mcpb verify``, the OS trust store's answer, counted where it can say yes: on macOS and Windows, or
  with an OpenSSL that accepts the code-signing purpose (``openssl verify -purpose codesigning``; Debian
  12's and Ubuntu 22.04's OpenSSL 3.0 refuse it, so mcpb answers "not signed" for every bundle there), and
  for a certificate that chains to a trusted root (a self-signed one is "not signed" to it by design).
  Elsewhere its answer is printed and not counted.

It prints which checks ran, and exits 1 when one fails.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEADER, FOOTER = b"MCPB_SIG_V1", b"MCPB_SIG_END"
SELF_SIGNED_SUBJECT = "/CN=wazuh-mcp build (self-signed, this run only)/O=wazuh-mcp"


def mcpb() -> str:
    suffix = ".cmd" if sys.platform == "win32" else ""
    path = ROOT / "packaging" / "mcpb" / "node_modules" / ".bin" / f"mcpb{suffix}"
    if not path.exists():
        raise SystemExit(f"bundle_signature: {path} is missing: run `npm install` in packaging/mcpb")
    return str(path)


def openssl(*args: str, input: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["openssl", *args], input=input, capture_output=True, check=False)


def signature_block(data: bytes) -> tuple[bytes, bytes] | None:
    """(signed content, DER PKCS#7) of a signed bundle, or None when it carries no block."""
    end = data.rfind(FOOTER)
    start = data.rfind(HEADER, 0, end) if end >= 0 else -1
    if start < 0:
        return None
    (length,) = struct.unpack_from("<I", data, start + len(HEADER))
    der = data[start + len(HEADER) + 4 : start + len(HEADER) + 4 + length]
    if len(der) != length or start + len(HEADER) + 4 + length != end:
        return None
    return data[:start], der


def self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    done = openssl(
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", SELF_SIGNED_SUBJECT,
        "-keyout", str(key), "-out", str(cert),
        "-addext", "keyUsage=critical,digitalSignature", "-addext", "extendedKeyUsage=codeSigning",
    )  # fmt: skip
    if done.returncode:
        raise SystemExit(f"bundle_signature: openssl could not make a certificate: {done.stderr.decode()}")
    return cert, key


def sign(bundle: Path, cert: Path | None, key: Path | None, intermediates: list[Path]) -> Path:
    """Sign ``bundle`` in place; returns the signer certificate kept beside it."""
    if (cert is None) != (key is None):
        raise SystemExit("bundle_signature: give both --cert and --key, or neither (a self-signed one is made)")
    kept = bundle.with_name(bundle.name + ".signer.pem")
    with tempfile.TemporaryDirectory(prefix="wazuh-mcp-sign-") as scratch:
        if cert is None or key is None:
            cert, key = self_signed(Path(scratch))  # the key dies with the folder
        argv = [mcpb(), "sign", str(bundle), "--cert", str(cert), "--key", str(key)]
        if intermediates:
            argv += ["--intermediate", *map(str, intermediates)]
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        # mcpb sign exits 0 on some failures ("ERROR: Signing failed" on stdout): the block is the proof.
        if done.returncode or signature_block(bundle.read_bytes()) is None:
            raise SystemExit(f"bundle_signature: mcpb sign failed: {done.stdout}{done.stderr}")
        shutil.copyfile(cert, kept)
    return kept


def codesigning_purpose() -> bool:
    """Whether ``mcpb verify`` can accept a signature here (see the module docstring)."""
    if sys.platform in ("darwin", "win32"):
        return True
    probe = openssl("verify", "-purpose", "codesigning", "/dev/null")
    return b"Invalid purpose" not in probe.stderr


def self_issued(cert: Path) -> bool:
    subject = openssl("x509", "-in", str(cert), "-noout", "-subject", "-nameopt", "RFC2253").stdout.split(b"=", 1)
    issuer = openssl("x509", "-in", str(cert), "-noout", "-issuer", "-nameopt", "RFC2253").stdout.split(b"=", 1)
    return subject[-1].strip() == issuer[-1].strip()


def fingerprint(pem: bytes) -> bytes:
    return openssl("x509", "-noout", "-fingerprint", "-sha256", input=pem).stdout.strip()


def verify(bundle: Path, cert: Path | None) -> list[str]:
    """Every check that ran, in words; raises SystemExit naming the first that failed."""
    block = signature_block(bundle.read_bytes())
    if block is None:
        raise SystemExit(f"bundle_signature: {bundle.name} carries no signature block (unsigned)")
    content, der = block
    with tempfile.TemporaryDirectory(prefix="wazuh-mcp-verify-") as scratch:
        folder = Path(scratch)
        (folder / "content").write_bytes(content)
        (folder / "sig.der").write_bytes(der)
        checked = openssl(
            "cms", "-verify", "-noverify", "-binary", "-inform", "DER", "-in", str(folder / "sig.der"),
            "-content", str(folder / "content"), "-certsout", str(folder / "signers.pem"), "-out", os.devnull,
        )  # fmt: skip
        if checked.returncode:
            raise SystemExit(f"bundle_signature: the signature does not match {bundle.name}: {checked.stderr.decode()}")
        said = [f"signature block: valid PKCS#7 over all {len(content):,} bytes (openssl cms -verify -noverify)"]
        signer = (folder / "signers.pem").read_bytes()
        if cert is not None:
            if fingerprint(cert.read_bytes()) != fingerprint(signer):
                raise SystemExit(f"bundle_signature: {bundle.name} is signed by another certificate than {cert}")
            said.append(f"signer: {cert.name} ({fingerprint(signer).decode().split('=', 1)[-1]})")
    done = subprocess.run([mcpb(), "verify", str(bundle)], capture_output=True, text=True, check=False)
    answer = " ".join((done.stdout + done.stderr).split()[2:]) or "no answer"  # past "Verifying <name>..."
    if not codesigning_purpose():
        said.append(f"mcpb verify: '{answer}', not counted: this OpenSSL refuses the code-signing purpose")
    elif cert is not None and self_issued(cert):
        said.append(f"mcpb verify: '{answer}', not counted: a self-signed certificate chains to no trusted root")
    elif done.returncode or "Signature is valid" not in done.stdout:
        raise SystemExit(f"bundle_signature: mcpb verify refused {bundle.name}: {answer}")
    else:
        said.append(f"mcpb verify: {answer}")
    return said


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    signing = sub.add_parser("sign")
    signing.add_argument("bundle", type=Path)
    signing.add_argument("--cert", type=Path)
    signing.add_argument("--key", type=Path)
    signing.add_argument("--intermediate", type=Path, action="append", default=[])
    checking = sub.add_parser("verify")
    checking.add_argument("bundle", type=Path)
    checking.add_argument("--cert", type=Path, help="the certificate that must have signed it")
    args = parser.parse_args(argv)
    if args.command == "sign":
        print(sign(args.bundle, args.cert, args.key, args.intermediate))
    else:
        for line in verify(args.bundle, args.cert):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
