"""The write toolset's two contracts: what a write tool answers, and the pending-change record.

``PendingChange`` is the JSON file ``wazuh_mcp.writes.approvals`` keeps under ``<state dir>/pending/``;
the CLI (``wazuh-mcp pending``) and the TUI read it back through this model, so the file
format has one definition.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from wazuh_mcp.models.common import Result

Tier = Literal["confirmation_required", "caller_attested"]
RuleChangeKind = Literal["create_rule", "update_rule", "restart_manager"]
ResponseKind = Literal[
    "restart_agents",
    "isolate_agent",
    "release_agent",
    "block_ip",
    "unblock_ip",
    "run_active_response",
    "add_agent_to_group",
    "remove_agent_from_group",
]
ChangeKind = RuleChangeKind | ResponseKind
ChangeState = Literal["pending", "applying", "approved", "rejected", "applied", "failed", "expired"]
"""``approved`` is what older versions wrote while applying; ``applying`` now."""
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
    channel: Literal["stdio", "http", "cli"] | None = Field(
        default=None,
        description="How the change was asked for: a stdio session (the workstation's own user), serve --http, or "
        "a person at this machine's command line or launcher (`wazuh-mcp undo`).",
    )


class ApiCall(BaseModel):
    """One Server API request, exactly as approval sends it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    method: Literal["PUT", "DELETE"]
    path: str
    action: str = Field(description="The Wazuh RBAC action it needs.")
    params: dict[str, str] = Field(default_factory=dict)
    body: dict[str, Any] | None = None

    def line(self) -> str:
        query = "&".join(f"{k}={v}" for k, v in self.params.items())
        body = f" {_compact(self.body)}" if self.body is not None else ""
        return f"{self.method} {self.path}{'?' + query if query else ''}{body}"


def _compact(value: Any) -> str:
    import json

    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class AgentTarget(BaseModel):
    """An agent a response action reaches, as Wazuh described it when the change was requested."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    os: str | None = None
    status: str
    groups: list[str] = Field(default_factory=list)

    def line(self) -> str:
        reach = "" if self.status == "active" else f" — {self.status}: will not receive it"
        groups = ",".join(self.groups) or "no group"
        return f"{self.id} {self.name} ({self.os or 'unknown OS'}; groups {groups}){reach}"


class Inverse(BaseModel):
    """The change that undoes this one: a response tool and its arguments (``wazuh-mcp undo``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tool: str
    arguments: dict[str, Any]
    summary: str


class Outcome(BaseModel):
    """What Wazuh answered to one sent request, per agent."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    request: str
    affected: list[str] = Field(default_factory=list)
    failed: list[str] = Field(
        default_factory=list,
        description="'<id>: <what happened, in words> (Wazuh error <code>)' per agent Wazuh did not reach.",
    )
    message: str | None = None


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
    change_sha256: str = Field(
        description="sha256 over the whole request: every field except the decision fields (DECISION_FIELDS)."
    )
    summary: str
    silences: list[str] = Field(
        default_factory=list, description="In words: what this change stops Wazuh from detecting or recording."
    )
    parent_rules: dict[int, str] = Field(
        default_factory=dict,
        description="Descriptions of the rules the new rules hang under (if_sid…), as the manager had them.",
    )
    arguments: dict[str, Any] = Field(default_factory=dict, description="The validated tool arguments (responses).")
    requests: list[ApiCall] = Field(default_factory=list, description="Exactly the requests approval sends.")
    agents: list[AgentTarget] = Field(default_factory=list, description="Every agent reached, at request time.")
    group: str | None = Field(default=None, description="The group targeted, when the call named one.")
    caps: list[str] = Field(default_factory=list, description="The limits this change was checked against, in words.")
    inverse: Inverse | None = None
    undo_of: str | None = Field(default=None, description="The change this one undoes.")
    lapse_after_s: int | None = Field(
        default=None,
        description="A timed block lapses this long after it is applied (the command's ossec.conf timeout).",
    )
    decided_at: str | None = None
    decided_by: str | None = None
    reason: str | None = Field(default=None, description="Why it was rejected, failed or went stale.")
    applied_at: str | None = None
    result: str | None = Field(default=None, description="What Wazuh answered when the change was applied.")
    outcomes: list[Outcome] = Field(default_factory=list, description="Per request: agents affected and failed.")


DECISION_FIELDS = frozenset(
    {"state", "decided_at", "decided_by", "reason", "applied_at", "result", "outcomes", "change_sha256"}
)
"""The fields of a ``PendingChange`` that change after the request; ``change_sha256`` covers all the others, so
a new field is covered the day it is added."""


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
    silences: list[str] = Field(
        default_factory=list,
        description="What this change stops Wazuh from detecting or recording, in words. Tell the user.",
    )
    expires_at: str | None = None
    approve_with: str | None = Field(default=None, description="The command a human runs to approve.")
    message: str = Field(description="What happened and what to do next.")


class ResponseResult(Result):
    """What a response tool returns: the recorded change, waiting for a person. Nothing was sent to Wazuh."""

    status: Literal["pending_approval"] = Field(
        description="Recorded and waiting for a person's approval outside this conversation; nothing was sent."
    )
    tool: str
    change_id: str = Field(description="Id a human approves with `wazuh-mcp approve <id>`.")
    change_sha256: str
    summary: str = Field(description="The action, in words.")
    agents: list[str] = Field(description="Every agent reached: id, name, OS, groups; disconnected ones say so.")
    requests: list[str] = Field(description="The exact Server API requests approval sends.")
    caps: list[str] = Field(description="The limits the change was checked against.")
    undo: str | None = Field(default=None, description="What `wazuh-mcp undo <id>` would propose after it is applied.")
    notes: list[str] = Field(default_factory=list)
    expires_at: str
    approve_with: str
    message: str = Field(description="What happened and what to tell the user.")
