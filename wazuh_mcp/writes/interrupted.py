"""A change whose applier died: what Wazuh holds now decides, never a blind second send.

A replica that claims a change holds a lease (``change_records``) longer than any request it can have
in flight (``team.lease_s`` > ``tool_timeout_s`` + the Server API timeout). Once the lease has run out,
the dead replica's request has either reached Wazuh or never will, so Wazuh's state is final:

- a rule file: it is still the content the diff was made against (or still absent for a new file) →
  back to ``pending``: nothing reached Wazuh, so the approval that found it goes on; its content is the
  change's payload and the configuration validates → ``applied`` (found applied); anything else →
  ``failed``, after a new file that does not validate is deleted (``put_back``), or with the words "the
  manager may not restart" and the file to restore when a replacement left it not validating;
- a rule file on a manager upgraded to Wazuh 5.x since (no ``/rules/files`` to read it back) → ``failed``,
  saying so: it can neither be checked nor applied there;
- a restart or a response action leaves nothing Wazuh can be asked about afterwards, so it may or may
  not have happened → ``failed`` with the reason, never sent again (ask for it again if needed).
"""

from __future__ import annotations

from wazuh_mcp.backends.api_generation import api_generation
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.models.write import PendingChange
from wazuh_mcp.runtime.audit import now_iso
from wazuh_mcp.writes.rule_files import loader_problem, put_back, read_rule_file, sha256_text


async def resolve(change: PendingChange, api: ServerApiBackend, owner: str) -> PendingChange:
    """The change's state after its applier ``owner`` stopped while applying it."""
    dead = f"{owner} stopped while applying it"
    if change.kind not in ("create_rule", "update_rule") or change.filename is None:
        return change.model_copy(
            update={
                "state": "failed",
                "reason": f"{dead}; whether Wazuh carried it out cannot be read back, so it is not sent again "
                "(check the manager and the agents, and ask again if needed)",
            }
        )
    where = await api_generation(api)  # unreadable: it stays applying, the next approval asks again
    if where.v5:
        # A manager upgraded to 5.x since has no rule files to read back or validate (no /rules/files, no
        # /manager/configuration/validation): asking would be refused forever, so the change ends here, in words.
        return change.model_copy(
            update={
                "state": "failed",
                "reason": f"{dead}, and the manager is now Wazuh {where.version}, which keeps no rule files (its "
                "Server API has no /rules/files and no /manager/configuration/validation): whether the file was "
                "written before the upgrade cannot be read back, and a rule change cannot be applied there. It "
                "is not sent again; on 5.x rules are written in the Content Manager (ask there if still needed)",
            }
        )
    try:
        current = await read_rule_file(api, change.filename, change.relative_dirname or "etc/rules")
    except WazuhMCPError:
        raise  # cannot tell yet: the change stays applying, the next approval looks again
    current_sha = sha256_text(current) if current is not None else None
    if current_sha == change.base_sha256:
        return change.model_copy(
            update={"state": "pending", "decided_at": None, "decided_by": None, "reason": f"last attempt: {dead}"}
        )
    # Something reached Wazuh. Applied only if the manager would restart with it (the dead applier never
    # validated): a new file that does not validate is deleted; a replacement's old text is not kept, so
    # it is named for a person to fix.
    problem = await loader_problem(api)
    if current is not None and current_sha == sha256_text(change.payload) and problem is None:
        return change.model_copy(
            update={
                "state": "applied",
                "applied_at": change.applied_at or now_iso(),
                "result": f"found applied: {change.target} holds this change's content ({dead})",
            }
        )
    if problem is not None and change.base_sha256 is None:
        back = await put_back(api, change, None, None)
        return change.model_copy(
            update={
                "state": "failed",
                "reason": f"{dead}; its file did not validate, so it was taken back: {back.words()}",
            }
        )
    if problem is not None:
        base = (change.base_sha256 or "")[:12]
        return change.model_copy(
            update={
                "state": "failed",
                "reason": f"{dead}, and the manager's configuration does not validate now: THE MANAGER MAY NOT "
                f"RESTART. Restore {change.target} to the content it had (sha256 {base}…, "
                f"the diff of this change shows it) before any restart. Wazuh's loader says: {problem}",
            }
        )
    return change.model_copy(
        update={"state": "failed", "reason": f"{dead}, and {change.target} now holds other content; ask again"}
    )
