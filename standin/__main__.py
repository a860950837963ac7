"""``python -m standin``: serve the Server API stand-in until interrupted.

Everything it says goes to stderr (URL, CA path, demo users); stdout stays empty.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from types import FrameType

from standin.server import DEMO_USERS, StandinServer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m standin", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--http", action="store_true", help="plain HTTP instead of HTTPS")
    parser.add_argument("--cluster", action="store_true", help="a master and two workers")
    parser.add_argument(
        "--generation", type=int, choices=(4, 5), default=4, help="answer as Wazuh 4.14.7 (default) or 5.0.0"
    )
    parser.add_argument("--token-ttl", type=int, default=900, metavar="SECONDS")
    parser.add_argument("--rate-limit", type=int, default=300, metavar="PER_MINUTE")
    parser.add_argument("--no-control", action="store_true", help="hide /__standin__/* (faults, state)")
    args = parser.parse_args(argv)
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    server = StandinServer(
        tls=not args.http,
        host=args.host,
        port=args.port,
        cluster=args.cluster,
        token_ttl_s=args.token_ttl,
        rate_limit_per_minute=args.rate_limit,
        control=not args.no_control,
        generation=args.generation,
    )
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    with server:
        lines = [f"Wazuh Server API stand-in: {server.url}"]
        if args.generation == 5:
            lines.append("Answers as Wazuh 5.0.0's Server API")
        if server.ca_path:
            lines.append(f"CA certificate (verify against it): {server.ca_path}")
        lines.append("Demo users (demo-only passwords):")
        lines += [
            f"  {name} / {user.password}  roles={','.join(user.roles) or '-'}" for name, user in DEMO_USERS.items()
        ]
        print("\n".join(lines), file=sys.stderr, flush=True)
        stop.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
