"""The team server's approval endpoint: ``POST /approvals/{change_id}/approve`` with a bearer token.

The second person of four eyes, signed in with the identity provider: the token is verified by the same
``JwksTokenVerifier`` as MCP requests, and the approval path (``writes.approvals.ApprovalPath``, the same as
the CLI's) applies ``writes.approval_policy``: the approver's role must allow the change's own tool, and the
approver must be another person (subject, name and Wazuh user compared after normalising). The change is
applied with the approver's Wazuh user (``run_as``), and the audit names the approver's subject.
Pending changes live where ``team.store`` says: with ``indexer`` every replica approves from the Indexer's
``wazuh-mcp-changes`` (a conditional write lets exactly one of any number of simultaneous approvers apply
it; the others get ``conflict``); with ``file`` in ``<state dir>/pending`` (docs/team.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from wazuh_mcp.backends.server_api_shapes import ATTRIBUTION, Attribution
from wazuh_mcp.errors import Forbidden, WazuhMCPError
from wazuh_mcp.runtime.caller import CALLER, Caller
from wazuh_mcp.server.caller import caller_from_token
from wazuh_mcp.server.oauth import JwksTokenVerifier
from wazuh_mcp.untrusted import shown

if TYPE_CHECKING:
    from wazuh_mcp.server.build import WazuhServer
    from wazuh_mcp.writes.approval_policy import Approver

APPROVE_PATH = "/approvals/{change_id}/approve"

_STATUS = {"forbidden": 403, "not_found": 404, "conflict": 409, "invalid_argument": 400}


def _challenge(description: str) -> Response:
    return JSONResponse(
        {"error": "invalid_token", "error_description": description},
        status_code=401,
        headers={"WWW-Authenticate": f'Bearer error="invalid_token", error_description="{description}"'},
    )


def http_approver(caller: Caller, server: WazuhServer) -> Approver:
    """The analyst behind a verified token, as ``approval_policy`` compares people."""
    from wazuh_mcp.writes.approval_policy import Approver, decided_by

    allowed = server.wazuh_settings.role_tool_allowlist.get(caller.role or "", []) if caller.role else []
    return Approver(
        person=decided_by(caller.name, caller.subject),
        role=caller.role,
        allowed=tuple(allowed),
        channel="http",
        subject=caller.subject,
        names=tuple(n for n in (caller.name, caller.wazuh_user) if n),
    )


def add_approval_route(server: WazuhServer, verifier: JwksTokenVerifier) -> None:
    async def approve(request: Request) -> Response:
        from wazuh_mcp.writes.approvals import ApprovalPath, default_store

        header = request.headers.get("authorization", "")
        if not header.lower().startswith("bearer "):
            return _challenge("Authentication required")
        token = await verifier.verify_token(header[7:].strip())
        if token is None:
            return _challenge("The token was refused")
        caller = caller_from_token(token, server.wazuh_settings.oauth)
        change_id = request.path_params["change_id"]
        attribution = ATTRIBUTION.set(Attribution(caller.wazuh_user))
        calling = CALLER.set(caller)  # the approval records name the approver
        try:
            app = server.app
            if app is None:
                raise Forbidden("The server is not running.")
            api = app.server_api()
            store = default_store(
                app.settings,
                auditor=server.auditor,
                approver=http_approver(caller, server),
                profile=app.profile,
            )
            path = ApprovalPath(app.settings, store, profile=None, serving_api=api)
            change = await path.approve(change_id)
        except WazuhMCPError as exc:
            # the answer quotes the change (its requester, its target): shown, like every text a person reads
            return JSONResponse(
                {"error": exc.code, "message": shown(exc.render())}, status_code=_STATUS.get(exc.code, 502)
            )
        finally:
            ATTRIBUTION.reset(attribution)
            CALLER.reset(calling)
        answer = {
            "change_id": change.id,
            "state": change.state,
            "decided_by": change.decided_by,
            "result": change.result,
        }
        return JSONResponse({key: None if value is None else shown(value) for key, value in answer.items()})

    server.custom_route(APPROVE_PATH, methods=["POST"])(approve)
