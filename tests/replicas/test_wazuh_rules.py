"""The Wazuh rules shipped for wazuh-mcp's audit records (packaging/wazuh/wazuh-mcp_rules.xml): they pass the
project's own rule checks (``rule_xml.check_rule_file``/``parse_rule_file``, which agree with Wazuh's loader), keep to their documented id
range, and every field they match is one the product's real records carry, under the names Wazuh's ``json``
decoder gives them (the oracle's logtest records show JSON lines decoded as ``json``, nested keys dotted)."""

from __future__ import annotations

import json
import os
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, shared_dir
from wazuh_mcp.errors import Tampered
from wazuh_mcp.rulecheck.rule_xml import check_rule_file, parse_rule_file
from wazuh_mcp.runtime.audit import Auditor, AuditSink, now_iso
from wazuh_mcp.writes.approvals import ChangeStore, pending_dir

RULES = REPO / "packaging" / "wazuh" / "wazuh-mcp_rules.xml"
ID_RANGE = range(100700, 100800)
"""docs/team.md: wazuh-mcp's own rules."""


def test_the_rules_pass_the_projects_rule_checks() -> None:
    assert check_rule_file(RULES.read_text()) == []  # no error, warning or policy problem
    parsed = parse_rule_file(RULES.read_text())
    ids = [rule.id for rule in parsed.rules]
    assert ids and all(rule_id in ID_RANGE for rule_id in ids) and len(set(ids)) == len(ids)


def flatten(record: dict[str, Any], prefix: str = "") -> set[str]:
    """Dotted names of the keys with a value (the decoder drops nulls, empty strings and empty containers)."""
    names = set()
    for key, value in record.items():
        if value in (None, "", [], {}):
            continue
        names.add(prefix + key)
        if isinstance(value, dict):
            names |= flatten(value, f"{prefix}{key}.")
    return names


def rule_fields() -> set[str]:
    root = ET.fromstring(RULES.read_text())
    return {str(f.get("name")) for f in root.iter("field")}


def test_the_json_decoder_keeps_the_fields_the_rules_read() -> None:
    """Wazuh's json decoder names nested keys with dots, and renames a few keys to its static fields
    (``user`` becomes ``dstuser``): none of those is a field our rules read."""
    shared = shared_dir()
    if shared is None:
        pytest.skip("../shared (Wazuh's reference data) is absent")
    text = (shared / "reference/wazuh/oracle/logtest.jsonl").read_text()
    cases = [json.loads(line) for line in text.splitlines() if line.strip()]
    decoded = [c for c in cases if c.get("log_format") == "json" and c.get("decoder") == "json"]
    assert decoded, "the oracle holds JSON lines decoded by Wazuh's json decoder"
    renamed: set[str] = set()
    kept = 0
    for case in decoded:
        line_keys = flatten(json.loads(case["logs"][0]))
        fields = flatten(case["decoded_fields"]["data"])
        renamed |= {key.rsplit(".", 1)[-1] for key in line_keys - fields}
        kept += len(line_keys & fields)
    assert kept > 100 and "user" in renamed  # the oracle shows both
    ours = {name.rsplit(".", 1)[-1] for name in rule_fields()}
    assert not ours & renamed, ours & renamed


def real_records(tmp_path: Path) -> list[dict[str, Any]]:
    """Records the product writes for a change asked for, undone, rejected; a refused approval; a flood summary;
    a forged change record refused."""
    sink = AuditSink(tmp_path / "audit.jsonl")
    auditor = Auditor(sink, session="s1", role="admin")
    from wazuh_mcp.writes.approval_policy import Approver

    bob = Approver(person="bob", role="admin", allowed=("*",), channel="cli", names=("bob",))
    store = ChangeStore(tmp_path, auditor=auditor, approver=bob)
    from wazuh_mcp.models.write import Requester

    def restart(**extra: Any) -> Any:
        return store.prepare(
            tool="write.restart_manager",
            kind="restart_manager",
            tier="confirmation_required",
            requester=Requester(session="s1", role="admin", subject="sub-a", analyst="alice"),
            target="manager",
            payload="manager",
            summary="restart the manager",
            scope="manager",
            **extra,
        )

    asked = restart(undo_of="ch-00000001")
    store.reject(asked.id, reason="not now")
    auditor.record("audit.rate_limited", "audit", args={}, ts=now_iso(), started=time.perf_counter())
    forged = restart()
    path = pending_dir(tmp_path) / f"{forged.id}.json"
    envelope = json.loads(path.read_text())
    envelope["change"]["summary"] = "harmless"  # the seal no longer verifies
    path.write_text(json.dumps(envelope))
    with pytest.raises(Tampered):
        store.reject(forged.id, reason="not now")
    return [json.loads(line) for line in sink.path.read_text().splitlines()]


def test_every_field_a_rule_reads_is_in_the_products_records(tmp_path: Path) -> None:
    records = real_records(tmp_path)
    carried = set().union(*(flatten(r) for r in records))
    # fields only some records carry (error texts, analyst on team calls, decided_by on decisions)
    carried |= {"error", "error_code", "analyst", "decided_by", "role"}
    for rule in ET.fromstring(RULES.read_text()).iter("rule"):
        for matched in rule.iter("field"):
            assert matched.get("name") in carried, (rule.get("id"), matched.get("name"))
        for shown in re.findall(r"\$\(([^)]+)\)", rule.findtext("description", "")):
            assert shown in carried, (rule.get("id"), shown)
    tools = {r["tool"] for r in records}
    assert {"approval.request", "approval.reject", "audit.rate_limited", "approval.tamper"} <= tools
    assert any(r.get("args", {}).get("undo_of") == "ch-00000001" for r in records)


def test_a_change_asked_for_outside_team_mode_names_the_local_person(tmp_path: Path) -> None:
    """Issue 25: 100701/100702 printed "requested … by ." outside team mode, the records carrying no analyst.
    The local person is known: the OS account of the process's uid (never a name from the environment)."""
    import pwd

    from wazuh_mcp.models.write import Requester
    from wazuh_mcp.writes.approval_policy import Approver

    sink = AuditSink(tmp_path / "audit.jsonl")
    auditor = Auditor(sink, session="s1", role="admin")
    store = ChangeStore(
        tmp_path, auditor=auditor, approver=Approver(person="x", role="admin", allowed=("*",), channel="cli")
    )
    store.prepare(
        tool="write.restart_manager",
        kind="restart_manager",
        tier="confirmation_required",
        requester=Requester(session="s1", role="admin"),  # serve on a workstation: no token, no analyst
        target="manager",
        payload="manager",
        summary="restart the manager",
        scope="manager",
        undo_of="ch-00000001",
    )
    record = json.loads(sink.path.read_text().splitlines()[-1])
    assert record["tool"] == "approval.request"
    assert record["analyst"] == pwd.getpwuid(os.getuid()).pw_name
    for rule in ET.fromstring(RULES.read_text()).iter("rule"):
        if rule.get("id") in ("100701", "100702"):
            shown = re.findall(r"\$\(([^)]+)\)", rule.findtext("description", ""))
            assert all(flatten(record) >= {name} for name in shown), (rule.get("id"), shown)
