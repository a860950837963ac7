"""Applying a rule change survives what a real Wazuh 4.14.7 manager does with a file it refuses.

Recorded on a real manager (``reference/wazuh/oracle``, README section B) and now played by the
stand-in: a refused upload is 1113 "XML syntax error" whatever the cause; ``overwrite=true`` of a
file that did not exist LEAVES the refused file on disk (validation then fails, and so would the
next restart); only ``/manager/configuration/validation`` (1908) gives the loader's words. The
stand-in's ``refuse_upload_next`` fault refuses a file our own rule checks accept, so the apply
step meets the refusal our checks could not foresee.
"""

from __future__ import annotations

import pytest

from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, ok
from tests.write.test_approvals import api_for, approve_now, requested
from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.writes.approvals import default_store
from wazuh_mcp.writes.rule_files import delete_rule_file, loader_problem, upload_rule_file

TARGET = "etc/rules/wazuh-mcp-100100.xml"
UPDATED = (
    '<group name="local,syslog,sshd,">\n  <rule id="100001" level="7">\n    <if_sid>5716</if_sid>\n'
    "    <srcip>1.1.1.1</srcip>\n    <description>sshd: authentication failed from IP 1.1.1.1 (raised)."
    "</description>\n  </rule>\n</group>\n"
)


def _on_disk(standin: StandinServer, path: str) -> str | None:
    found = standin.state.ruleset.files.get(path)
    return None if found is None else found.content


def _validates(standin: StandinServer) -> bool:
    return not standin.state.ruleset.loader_errors() and standin.state.config_error is None


async def test_a_new_file_is_uploaded_only_without_overwrite_and_a_refusal_leaves_nothing(
    standin: StandinServer,
) -> None:
    change_id = await requested()
    standin.faults.set(refuse_upload_next=1)
    with pytest.raises(InvalidArgument) as refused:
        await approve_now(default_store(), change_id, standin)
    # The one mode where Wazuh would have left the file behind was never used.
    assert standin.state.upload_modes == [(TARGET, False)]
    assert _on_disk(standin, TARGET) is None and _validates(standin)
    assert "refused" in refused.value.message and "error 1113" in refused.value.message
    assert "Wazuh left nothing of the upload" in refused.value.message
    assert default_store().get(change_id).state == "failed"


async def test_a_replacement_is_uploaded_with_overwrite_and_a_refusal_keeps_the_old_file(
    standin: StandinServer,
) -> None:
    before = _on_disk(standin, "etc/rules/local_rules.xml")
    async with connect() as client:
        change_id = ok(await client.call_tool("update_rule", {"rule_id": 100001, "rule_xml": UPDATED}))["change_id"]
    standin.faults.set(refuse_upload_next=1)
    with pytest.raises(InvalidArgument, match="refused"):
        await approve_now(default_store(), change_id, standin)
    assert standin.state.upload_modes == [("etc/rules/local_rules.xml", True)]
    assert _on_disk(standin, "etc/rules/local_rules.xml") == before and _validates(standin)


async def test_a_file_that_breaks_validation_after_upload_is_taken_back_with_the_loaders_words(
    standin: StandinServer,
) -> None:
    change_id = await requested()
    # The upload is accepted, then validation fails (the stand-in's switch for a configuration Wazuh cannot load).
    standin.state.config_error = "Invalid option 'foo' for rule '100100'., (1220): Error loading the rules: 'x.xml'."
    with pytest.raises(InvalidArgument) as refused:
        await approve_now(default_store(), change_id, standin)
    assert (
        "no longer validates" in refused.value.message and "the file the upload left deleted" in refused.value.message
    )
    assert "Invalid option 'foo'" in refused.value.message and "XML syntax error" not in refused.value.message
    assert refused.value.upstream_code == 1908
    assert _on_disk(standin, TARGET) is None


async def test_the_hazard_the_apply_step_avoids_is_real_on_the_stand_in(standin: StandinServer) -> None:
    """``overwrite=true`` of a new file that the loader refuses leaves it on disk (the oracle's api3-10..12);
    validation then names it with the loader's words, and deleting it restores a configuration that validates."""
    client = api_for(standin)
    try:
        standin.faults.set(refuse_upload_next=1)
        with pytest.raises(InvalidArgument) as refused:
            await upload_rule_file(client, "left.xml", "etc/rules", NEW_RULE, overwrite=True)
        assert refused.value.upstream_code == 1113
        assert _on_disk(standin, "etc/rules/left.xml") == NEW_RULE
        problem = await loader_problem(client)
        assert problem is not None and "etc/rules/left.xml" in problem
        await delete_rule_file(client, "left.xml", "etc/rules")
        await delete_rule_file(client, "left.xml", "etc/rules")  # already gone: not an error
        assert await loader_problem(client) is None
    finally:
        await client.aclose()
