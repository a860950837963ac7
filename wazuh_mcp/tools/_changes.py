"""What every change-requesting tool (write.*, respond.*) shares: who asks, against which Wazuh, and
the pending-change store it records into (through the server's own auditor)."""

from __future__ import annotations

from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.models.write import Requester
from wazuh_mcp.runtime.caller import CALLER
from wazuh_mcp.runtime.context import AppContext
from wazuh_mcp.untrusted import without_credentials
from wazuh_mcp.writes.approval_policy import Approver
from wazuh_mcp.writes.approvals import ChangeStore, pending_dir
from wazuh_mcp.writes.change_records import records_for


def api_url(app: AppContext, api: ServerApiBackend) -> str | None:
    """The Server API a change is prepared against, as its record keeps it: never a ``user:password@``."""
    config = getattr(api, "config", None)  # the real client knows its URL; a test double may not
    url = getattr(config, "url", None) or app.settings.api.url
    return without_credentials(str(url)) if url else None


def requester_of(app: AppContext, api: ServerApiBackend) -> Requester:
    caller = CALLER.get()  # team mode: the verified analyst, so that another person must approve
    return Requester(
        session=app.session,
        role=caller.role if caller else app.settings.role,
        subject=caller.subject if caller else None,
        analyst=caller.name if caller else None,
        wazuh_user=api.identity,
        profile=app.profile,
        demo=app.profile == "demo",
        api_url=api_url(app, api),
        channel=app.transport,
    )


def change_store(app: AppContext) -> ChangeStore:
    """The store, recording through the server's auditor (one audit file, one writer per process)."""
    caller = CALLER.get()
    # The caller-attested tier decides in the same call: in team mode that is the requester, so four
    # eyes refuses it (the subject is the requester's). The role is the caller's, who called this tool.
    role = caller.role if caller else app.settings.role
    return ChangeStore(
        auditor=app.auditor,
        approver=Approver(
            person="caller-attested (confirm=true)",
            role=role,
            allowed=tuple(app.settings.role_tool_allowlist.get(role or "", [])),
            channel="attested",
            subject=caller.subject if caller else None,
        ),
        records=records_for(app.settings, app.profile, pending_dir()),
    )
