"""Forging a pending change's record, as the two attackers of the file store would.

- ``edit_record``: someone who can write the state directory but has no integrity key edits the change in
  ``<state dir>/pending/ch-….json`` (the seal stays as it was: the MAC no longer verifies).
- ``seal_as_key_holder``: someone who also holds the integrity key (the user's unlocked keyring: out of
  reach of the MAC, docs/security.md) writes a revision that verifies; what still stops them is approval's
  re-check of every rule the tool applied (defense in depth).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from wazuh_mcp.models.write import PendingChange
from wazuh_mcp.writes.approvals import change_digest, pending_dir
from wazuh_mcp.writes.change_records import FileRecords


def edit_record(change_id: str, edit: Callable[[dict[str, Any]], None]) -> None:
    path = pending_dir() / f"{change_id}.json"
    envelope = json.loads(path.read_text())
    edit(envelope["change"])
    path.write_text(json.dumps(envelope))


def seal_as_key_holder(change: PendingChange, *, rehash: bool = True) -> None:
    if rehash:
        change = change.model_copy(update={"change_sha256": change_digest(change)})
    FileRecords(pending_dir()).write(change)
