"""What every change-requesting tool (write.*, respond.*) shares: who asks, against which Wazuh, and
the pending-change store it records into (the server's own audit sink)."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import Context

from wazuh_mcp.models.write import Requester
from wazuh_mcp.server.audit import AuditSink
from wazuh_mcp.server.context import AppContext, ServerApiBackend
from wazuh_mcp.writes.approvals import Actor, ChangeStore


def api_url(app: AppContext, api: ServerApiBackend) -> str | None:
    config = getattr(api, "config", None)  # the real client knows its URL; a test double may not
    url = getattr(config, "url", None)
    return str(url) if url else app.settings.api.url


def requester_of(ctx: Context[Any, Any], app: AppContext, api: ServerApiBackend) -> Requester:
    return Requester(
        session=getattr(ctx.mcp_server, "session_id", None),
        role=app.settings.role,
        wazuh_user=api.identity,
        profile=app.profile,
        demo=app.profile == "demo",
        api_url=api_url(app, api),
    )


def change_store(ctx: Context[Any, Any], app: AppContext, requester: Requester) -> ChangeStore:
    audit = getattr(ctx.mcp_server, "audit", None)  # the server's sink: one audit file, one writer per process
    if not isinstance(audit, AuditSink):
        audit = AuditSink.from_settings(app.settings)
    actor = Actor(
        session=requester.session or "server",
        role=requester.role,
        wazuh_user=requester.wazuh_user,
        person="caller-attested (confirm=true)",
    )
    return ChangeStore(audit=audit, actor=actor)
