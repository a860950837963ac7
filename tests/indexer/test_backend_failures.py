"""The Indexer down, hung, wrong or refusing: every case ends in its safe error code, audited,
within the deadline, and the server keeps serving."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.indexer.fakes import (
    EMPTY_SEARCH,
    Canned,
    canned_json,
    canned_server,
    closed_port,
    garbage_server,
    make_pki,
    silent_server,
)
from tests.indexer.support import audit_events, connected, error_text, ok
from wazuh_mcp.backends.indexer import IndexerConfig
from wazuh_mcp.backends.indexer_docs import IndexerDocs
from wazuh_mcp.config.settings import IndexerSettings
from wazuh_mcp.errors import ConfigurationError, WazuhMCPError
from wazuh_mcp.runtime.factory import indexer_from_settings

SEARCH = ("search_alerts", {"time_range": "1h"})


async def test_closed_port_is_upstream_unavailable(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    async with connected(f"http://127.0.0.1:{closed_port()}", audit) as (client, _):
        text = error_text(await client.call_tool(*SEARCH))
        assert text.startswith("upstream_unavailable: Could not connect to the Indexer")
        assert "indexer.url" in text
        # still serving: the next call is answered (and refused on its own merits)
        again = error_text(await client.call_tool("search_alerts", {"time_range": "99d"}))
        assert again.startswith("invalid_argument:")
    events = audit_events(audit)
    assert [e["error_code"] for e in events] == ["upstream_unavailable", "invalid_argument"]
    assert events[0]["tool"] == "alerts.search_alerts"


async def test_credentials_in_the_url_never_reach_a_message(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    async with connected(f"http://admin:hunter2@127.0.0.1:{closed_port()}", audit) as (client, _):
        text = error_text(await client.call_tool(*SEARCH))
    assert text.startswith("upstream_unavailable: Could not connect to the Indexer at http://127.0.0.1:")
    assert "hunter2" not in text and "hunter2" not in audit.read_text()


async def test_hung_indexer_times_out_within_the_deadline_and_the_server_keeps_serving(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    with silent_server() as url:
        async with connected(url, audit, timeout_s=0.5) as (client, _):
            started = time.monotonic()
            results: list[Any] = []

            async def call(name: str, args: dict[str, Any]) -> None:
                results.append(await client.call_tool(name, args))

            async with anyio.create_task_group() as group:  # concurrent calls each get their own deadline
                group.start_soon(call, *SEARCH)
                group.start_soon(call, "summarize_alerts", {})
                group.start_soon(call, "get_alert", {"alert_id": "x"})
            elapsed = time.monotonic() - started
            assert elapsed < 4.0, elapsed
            for result in results:
                text = error_text(result)
                assert text.startswith("timeout: The Indexer did not answer within 0.5 s"), text
                assert "indexer.timeout_s" in text
            tools = await client.list_tools()
            assert any(tool.name == "hunt_query" for tool in tools.tools)
    assert sorted(e["error_code"] for e in audit_events(audit)) == ["timeout"] * 3


async def test_a_port_that_does_not_speak_http_is_upstream_unavailable(tmp_path: Path) -> None:
    with garbage_server() as url:
        async with connected(url, tmp_path / "audit.jsonl") as (client, _):
            text = error_text(await client.call_tool(*SEARCH))
    assert text.startswith("upstream_unavailable: "), text
    assert "does not answer in HTTP" in text and "indexer.url" in text
    assert audit_events(tmp_path / "audit.jsonl")[0]["error_code"] == "upstream_unavailable"


@pytest.mark.parametrize(
    ("answer", "code", "phrases"),
    [
        (
            Canned(200, b"<html>Welcome to nginx</html>", "text/html"),
            "upstream_unavailable",
            ["not JSON", "indexer.url"],
        ),
        (canned_json(200, {"name": "not opensearch"}), "upstream_unavailable", ["not an OpenSearch result"]),
        (
            canned_json(401, {"error": "Unauthorized"}),
            "unauthenticated",
            ["wrong user or password", "WAZUH_MCP_INDEXER_PASSWORD"],
        ),
        (
            canned_json(
                403,
                {
                    "error": {
                        "root_cause": [
                            {"type": "security_exception", "reason": "no permissions for [indices:data/read/search]"}
                        ],
                        "type": "security_exception",
                        "reason": "no permissions",
                    },
                    "status": 403,
                },
            ),
            "forbidden",
            ["'wazuh-alerts-*'", "index privilege 'read'", "indices:data/read/search"],
        ),
        (
            canned_json(
                400,
                {
                    "error": {
                        "root_cause": [
                            {
                                "type": "query_shard_exception",
                                "reason": "No mapping found for [timestamp] in order to sort on",
                            }
                        ],
                        "type": "search_phase_execution_exception",
                    },
                    "status": 400,
                },
            ),
            "upstream_error",
            ["No mapping found for [timestamp]", "Your arguments were valid"],
        ),
        (
            canned_json(
                404, {"error": {"type": "index_not_found_exception", "reason": "no such index [x]"}, "status": 404}
            ),
            "not_found",
            ["indexer.alerts_pattern"],
        ),
        (
            canned_json(429, {"error": {"type": "es_rejected_execution_exception", "reason": "queue full"}}),
            "rate_limited",
            ["queue full"],
        ),
        (
            canned_json(503, {"error": {"type": "cluster_block_exception", "reason": "blocked"}}),
            "upstream_unavailable",
            ["HTTP 503"],
        ),
        (
            Canned(
                502, b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>nginx</body></html>", "text/html"
            ),
            "upstream_unavailable",
            ["(HTTP 502): 502 Bad Gateway."],
        ),
        # adv7: JSON nested deeper than Python's reader recurses raised RecursionError, not SerializationError
        # (opensearch-py catches ValueError only), out of the client: an unexpected (`internal`) error
        (Canned(200, b"[" * 100_000), "upstream_unavailable", ["not JSON", "indexer.url"]),
        (Canned(503, b"[" * 100_000), "upstream_unavailable", ["not JSON", "indexer.url"]),
    ],
)
async def test_indexer_answers_become_safe_codes(tmp_path: Path, answer: Canned, code: str, phrases: list[str]) -> None:
    audit = tmp_path / "audit.jsonl"
    with canned_server(answer) as url:
        async with connected(url, audit, user="wazuh", password="wrong") as (client, _):
            text = error_text(await client.call_tool(*SEARCH))
    assert text.startswith(f"{code}: "), text
    for phrase in phrases:
        assert phrase in text, (phrase, text)
    assert "wrong" not in text.replace("wrong user", "")  # the password never appears
    (event,) = audit_events(audit)
    assert event["error_code"] == code and event["outcome"] == "error"


async def test_https_to_a_plain_http_port_names_the_tls_settings(tmp_path: Path) -> None:
    with canned_server(canned_json(200, EMPTY_SEARCH)) as url:
        async with connected(url.replace("http://", "https://"), tmp_path / "a.jsonl") as (client, _):
            text = error_text(await client.call_tool(*SEARCH))
    assert text.startswith("upstream_unavailable: The TLS handshake with the Indexer")
    assert "indexer.ca_bundle" in text


async def test_untrusted_certificate_names_the_ca_bundle_setting(tmp_path: Path) -> None:
    pki = make_pki(tmp_path)
    with canned_server(canned_json(200, EMPTY_SEARCH), tls=pki.server_context) as url:
        async with connected(url, tmp_path / "a.jsonl") as (client, _):
            text = error_text(await client.call_tool(*SEARCH))
        assert text.startswith("upstream_unavailable: The Indexer at")
        assert "does not trust" in text and "indexer.ca_bundle" in text
        async with connected(url, tmp_path / "b.jsonl", verify=str(pki.ca_pem)) as (client, _):
            result = ok(await client.call_tool(*SEARCH))
        assert result == {"total": 0, "truncated": False, "next_cursor": "", "alerts": []}


def test_from_settings_needs_a_url() -> None:
    assert indexer_from_settings(IndexerSettings(), "default") is None


def test_from_settings_without_a_password_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError, match="WAZUH_MCP_INDEXER_PASSWORD"):
        indexer_from_settings(IndexerSettings(url="https://127.0.0.1:9200", user="admin"), "nokeyring-profile")


def test_from_settings_reads_the_password_and_tls_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("WAZUH_MCP_INDEXER_PASSWORD", "s3cret")
    ca = tmp_path / "root-ca.pem"
    ca.write_text("not checked here")
    indexer = indexer_from_settings(
        IndexerSettings(
            url="https://127.0.0.1:9200", user="admin", ca_bundle=ca, alerts_pattern="custom-alerts-*", timeout_s=3
        ),
        "default",
    )
    assert indexer is not None
    assert indexer.config.password == "s3cret" and "s3cret" not in repr(indexer.config)
    assert indexer.config.verify == str(ca)
    assert indexer.pattern("alerts") == "custom-alerts-*"
    with pytest.raises(ConfigurationError, match="does not exist"):
        indexer_from_settings(IndexerSettings(url="https://x:9200", ca_bundle=tmp_path / "missing.pem"), "default")


# adv7: the team store's client (`IndexerDocs`: pending changes and the audit copy) had the same gaps as the
# search client: a body nested too deep, and a bulk answer of another shape, escaped as RecursionError or
# AttributeError; its errors quoted indexer.url whole (`user:password@`) and a hit's `_id` raw.
DOCS_CALLS: dict[str, Callable[[IndexerDocs], object]] = {
    "get": lambda docs: docs.get("wazuh-mcp-changes", "ch-1a2b3c4d"),
    "mget": lambda docs: docs.mget([("wazuh-mcp-changes", "ch-1a2b3c4d")]),
    "search": lambda docs: docs.search("wazuh-mcp-changes", {"match_all": {}}),
    "bulk": lambda docs: docs.bulk_create([("wazuh-mcp-audit-x", "r1-000000000001", {"line": "{}"})]),
}


@pytest.mark.parametrize("call", sorted(DOCS_CALLS))
@pytest.mark.parametrize(
    "answer",
    [
        Canned(200, b"[" * 100_000),
        Canned(503, b"[" * 100_000),
        canned_json(200, {"items": ["x"], "docs": ["x"], "hits": {"hits": ["x"]}}),
        canned_json(200, {"items": [{}], "docs": [{}], "hits": {"hits": [{}]}}),
        canned_json(200, ["not", "an", "object"]),
    ],
    ids=["deep-200", "deep-503", "items-not-objects", "items-empty-objects", "answer-a-list"],
)
def test_the_team_stores_client_turns_any_answer_into_an_error_in_words(answer: Canned, call: str) -> None:
    with canned_server(answer) as url:
        docs = IndexerDocs(IndexerConfig(url=url), timeout_s=5)
        try:
            DOCS_CALLS[call](docs)
        except WazuhMCPError:
            pass
        finally:
            docs.close()


def test_the_team_stores_errors_never_show_credentials_or_a_hits_id_raw() -> None:
    port = closed_port()
    docs = IndexerDocs(IndexerConfig(url=f"http://admin:hunter2@127.0.0.1:{port}"), timeout_s=5)
    with pytest.raises(WazuhMCPError) as refused:
        docs.get("wazuh-mcp-changes", "ch-1a2b3c4d")
    docs.close()
    assert f"127.0.0.1:{port}" in str(refused.value) and "hunter2" not in str(refused.value)
    planted = {"hits": {"hits": [{"_id": "ch-\x1b]0;owned\x07\u202egpj.exe", "_source": {}}]}}
    with canned_server(canned_json(200, planted)) as url:
        docs = IndexerDocs(IndexerConfig(url=url), timeout_s=5)
        with pytest.raises(WazuhMCPError) as refused:
            docs.search("wazuh-mcp-changes", {"match_all": {}})
        docs.close()
    said = str(refused.value)
    assert "\x1b" not in said and "\x07" not in said and "\u202e" not in said and "owned" in said
