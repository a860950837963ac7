"""SCA (security configuration assessment) results on both generations: Wazuh 4.x's Server API
(``/sca/{agent}`` policies with their pass/fail counts, ``/sca/{agent}/checks/{policy}``) and Wazuh 5.x's
``wazuh-states-sca`` (one document per check, policy and agent beside it; the counts are aggregated here).

Results are said in 4.x's words on both (``passed``, ``failed``, ``not applicable``): real 5.0 agents send
``Passed``/``Failed``/``Not applicable`` (``../shared/reference/wazuh5/samples/agent-sync-dumps/sca_*``),
Wazuh's 5.x state generator ``pass``/``fail``, the dashboard's 5.x samples ``passed``.
"""

from __future__ import annotations

from typing import Any, Literal

from wazuh_mcp.models.inventory import ScaCheck, ScaPolicy
from wazuh_mcp.tools._inventory_kinds import LONG
from wazuh_mcp.tools._inventory_v5 import TEXT, TIEBREAK, agent_filter, agent_query, text
from wazuh_mcp.tools._inventory_v5 import _get as get
from wazuh_mcp.tools._inventory_v5 import _int as number

ScaOutcome = Literal["passed", "failed", "not applicable"]
SPELLINGS: dict[ScaOutcome, tuple[str, ...]] = {
    "passed": ("passed", "Passed", "pass", "PASSED"),
    "failed": ("failed", "Failed", "fail", "FAILED"),
    "not applicable": ("not applicable", "Not applicable", "not_applicable", "NOT APPLICABLE", "invalid"),
}
"""Each outcome as the generations spell it (a keyword: a term query matches one spelling exactly)."""
_OUTCOME = {spelling.lower(): outcome for outcome, spellings in SPELLINGS.items() for spelling in spellings}
REMEDIATION = 240
RATIONALE = 120
"""A page of 25 checks stays under 12 KB, as a page of 25 alerts does (CIS texts run to 1,500 characters)."""
POLICIES_MAX = 1000
"""5.x: policies aggregated per agent at most (Wazuh ships one or two per host)."""


def outcome(value: Any) -> str | None:
    shown = text(value, 40)
    return _OUTCOME.get(shown.lower(), shown) if shown else None


def score(passed: int, failed: int) -> int | None:
    """Wazuh's score: passed checks as a percent of passed and failed (not-applicable ones do not count)."""
    return round(100 * passed / (passed + failed)) if passed + failed else None


# --- Wazuh 4.x ---------------------------------------------------------------------------------------


def policy_v4(item: dict[str, Any]) -> ScaPolicy:
    return ScaPolicy(
        policy_id=text(item.get("policy_id")) or "",
        name=text(item.get("name")),
        description=text(item.get("description"), LONG),
        passed=number(item.get("pass")) or 0,
        failed=number(item.get("fail")) or 0,
        not_applicable=number(item.get("invalid")) or 0,
        score=number(item.get("score")),
        scan_end=text(item.get("end_scan")),
    )


def check_v4(item: dict[str, Any]) -> ScaCheck:
    return ScaCheck(
        id=text(item.get("id")) or "",
        title=text(item.get("title"), LONG),
        result=outcome(item.get("result")),
        reason=text(item.get("reason"), LONG),
        rationale=text(item.get("rationale"), RATIONALE),
        remediation=text(item.get("remediation"), REMEDIATION),
        condition=text(item.get("condition")),
    )


# --- Wazuh 5.x ---------------------------------------------------------------------------------------


def policies_query(agent_id: str, size: int, offset: int) -> dict[str, Any]:
    """One aggregation: the agent's policies in id order, each with its outcome counts and newest sync."""
    return {
        "size": 0,
        "query": {"bool": {"filter": [agent_filter(agent_id)]}},
        "track_total_hits": True,
        "aggs": {
            "count": {"cardinality": {"field": "policy.id"}},
            "policies": {
                "terms": {"field": "policy.id", "size": min(offset + size, POLICIES_MAX), "order": {"_key": "asc"}},
                "aggs": {
                    "results": {"terms": {"field": "check.result", "size": 20}},
                    "synced": {"max": {"field": "state.modified_at"}},
                    "policy": {"top_hits": {"size": 1, "_source": ["policy.name", "policy.description"]}},
                },
            },
        },
    }


def policies_v5(response: dict[str, Any], offset: int) -> tuple[list[ScaPolicy], int, str | None]:
    """(one page of policies, how many the agent has, the newest sync among them)."""
    aggs = response.get("aggregations") or {}
    buckets = ((aggs.get("policies") or {}).get("buckets") or [])[offset:]
    total = int((aggs.get("count") or {}).get("value") or 0)
    policies, synced = [], []
    for bucket in buckets:
        counts = {"passed": 0, "failed": 0, "not applicable": 0}
        for result in (bucket.get("results") or {}).get("buckets") or []:
            said = outcome(result.get("key"))
            if said in counts:
                counts[said] += int(result.get("doc_count") or 0)
        hits = ((bucket.get("policy") or {}).get("hits") or {}).get("hits") or []
        source = (hits[0].get("_source") or {}) if hits else {}
        when = (bucket.get("synced") or {}).get("value_as_string")
        if when:
            synced.append(str(when))
        policies.append(
            ScaPolicy(
                policy_id=text(bucket.get("key")) or "",
                name=text(get(source, "policy.name")),
                description=text(get(source, "policy.description"), LONG),
                passed=counts["passed"],
                failed=counts["failed"],
                not_applicable=counts["not applicable"],
                score=score(counts["passed"], counts["failed"]),
                scan_end=text(when, TEXT),
            )
        )
    return policies, max(total, offset + len(policies)), max(synced) if synced else None


def checks_query(agent_id: str, policy_id: str, result: ScaOutcome | None, size: int, offset: int) -> dict[str, Any]:
    also: list[dict[str, Any]] = [{"term": {"policy.id": policy_id}}]
    if result is not None:
        also.append({"terms": {"check.result": list(SPELLINGS[result])}})
    sort = [{"check.id": {"order": "asc", "missing": "_last"}}, TIEBREAK]
    return agent_query(agent_id, sort, ["check.*", "state.modified_at"], size, offset, also)


def check_v5(doc: dict[str, Any]) -> ScaCheck:
    return ScaCheck(
        id=text(get(doc, "check.id")) or "",
        title=text(get(doc, "check.name"), LONG),
        result=outcome(get(doc, "check.result")),
        reason=text(get(doc, "check.reason"), LONG),
        rationale=text(get(doc, "check.rationale"), RATIONALE),
        remediation=text(get(doc, "check.remediation"), REMEDIATION),
        condition=text(get(doc, "check.condition")),
    )
