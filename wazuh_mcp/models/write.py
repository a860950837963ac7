"""The write toolset's two contracts: what a write tool answers, and the pending-change record.

``PendingChange`` is the JSON file ``wazuh_mcp.writes.approvals`` keeps under ``<state dir>/pending/``;
the CLI (``wazuh-mcp pending``) and the TUI read it back through this model, so the file
format has one definition.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from wazuh_mcp.models.common import Result

Tier = Literal["confirmation_required", "caller_attested"]
ChangeKind = Literal["create_rule", "update_rule", "restart_manager"]
ChangeState = Literal["pending", "approved", "rejected", "applied", "failed", "expired"]
RestartScope = Literal["manager", "cluster"]
WriteStatus = Literal["pending_approval", "confirmation_required", "applied"]


class Requester(BaseModel):
    """Who asked for a change, and which Wazuh it was prepared against."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    session: str | None = Field(default=None, description="Server process / MCP session that asked.")
    role: str | None = None
    wazuh_user: str | None = None
    profile: str | None = Field(default=None, description="Settings profile of the server ('demo' for serve --demo).")
    demo: bool = Field(default=False, description="Asked by a `serve --demo` session (its stand-in is in demo.json).")
    api_url: str | None = Field(default=None, description="The Server API the change must be applied to.")
    subject: str | None = Field(default=None, description="Team mode: the requesting analyst's token subject.")
    analyst: str | None = Field(default=None, description="Team mode: the requesting analyst's user name.")


class PendingChange(BaseModel):
    """One requested change to a Wazuh manager and everything a human needs to decide on it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    tool: str = Field(description="Canonical id of the write tool, e.g. write.create_rule.")
    kind: ChangeKind
    state: ChangeState
    tier: Tier
    created_at: str
    expires_at: str
    requested_by: Requester
    target: str = Field(description="etc/rules/<file>.xml, or 'manager' / 'cluster' for a restart.")
    filename: str | None = None
    relative_dirname: str | None = None
    scope: RestartScope | None = None
    payload: str = Field(description="Exactly what will be sent: the whole rule file, or the restart scope.")
    rule_ids: list[int] = Field(default_factory=list)
    base_sha256: str | None = Field(
        default=None,
        description="sha256 of the target file when the change was prepared; None means it must not exist yet.",
    )
    diff: str = Field(description="Unified diff of the target file, current → proposed.")
    change_sha256: str = Field(description="sha256 over kind, target, payload, base hash and Wazuh URL.")
    summary: str
    decided_at: str | None = None
    decided_by: str | None = None
    reason: str | None = Field(default=None, description="Why it was rejected, failed or went stale.")
    applied_at: str | None = None
    result: str | None = Field(default=None, description="What Wazuh answered when the change was applied.")


class WriteResult(Result):
    """What a write tool returns. Nothing changed in Wazuh unless status is 'applied'."""

    status: WriteStatus = Field(
        description="pending_approval: recorded, waits for a human (nothing changed in Wazuh). "
        "confirmation_required: caller-attested tier, call again with confirm=true after the user agreed. "
        "applied: Wazuh accepted the change.",
    )
    tool: str
    tier: Tier
    target: str
    change_id: str | None = Field(default=None, description="Id a human approves with `wazuh-mcp approve <id>`.")
    change_sha256: str | None = None
    rule_ids: list[int] = Field(default_factory=list)
    removed_rule_ids: list[int] = Field(
        default_factory=list, description="Rules in the current file that the new content drops."
    )
    diff: str = Field(default="", description="Unified diff, current → proposed (cut when long).")
    diff_truncated: bool = False
    expires_at: str | None = None
    approve_with: str | None = Field(default=None, description="The command a human runs to approve.")
    message: str = Field(description="What happened and what to do next.")
