"""The stand-in replays the Server API exchanges recorded from a real Wazuh 4.14.7 manager.

Every line of ``reference/wazuh/oracle/api_exchanges.jsonl`` (read at run time) is sent to a
stand-in in the recorded state, in order, over real HTTP; see ``oracle_replay`` for what is
compared and for ``ACCEPTED``, the justified list of differences left. Run with ``-s`` (or
``python -m tests.standin.oracle_replay``) to print the figures and that list.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.standin.oracle_replay import ACCEPTED, Outcome, replay, report


@pytest.fixture(scope="module")
def outcomes(shared: Path) -> list[Outcome]:
    path = shared / "reference/wazuh/oracle/api_exchanges.jsonl"
    if not path.is_file():
        pytest.skip(f"the oracle's recorded exchanges ({path}) are not present")
    return replay(path)


def test_every_recorded_exchange_agrees_but_for_the_accepted_differences(outcomes: list[Outcome]) -> None:
    print("\n" + report(outcomes))
    assert len(outcomes) >= 478
    disagreeing = [o for o in outcomes if o.unexplained]
    assert not disagreeing, report(outcomes)


def test_each_accepted_difference_is_needed_and_narrow(outcomes: list[Outcome]) -> None:
    used = {id(rule) for o in outcomes for _, rule in o.accepted}
    unused = [f"[{r.aspect}] {r.ids}" for r in ACCEPTED if id(r) not in used]
    assert not unused, f"accepted differences that no line needs any more (remove them): {unused}"
    exact = sum(1 for o in outcomes if not o.diffs)
    assert exact >= len(outcomes) // 2, f"only {exact} of {len(outcomes)} lines agree exactly"


def test_tokens_are_es512_with_the_recorded_claims(outcomes: list[Outcome]) -> None:
    claims = [o for o in outcomes if o.row["method"] is None]
    assert [o.row["id"] for o in claims] == ["auth-claims", "auth-claims-short", "auth-claims-ro"]
    assert all(not o.diffs for o in claims), [str(d) for o in claims for d in o.diffs]


def test_the_behaviours_the_issue_names_agree_exactly(outcomes: list[Outcome]) -> None:
    """The lines behind each surprise of the oracle README's section B need no accepted difference."""
    by_id = {o.row["id"]: o for o in outcomes}
    must = [
        "api-016",  # garbage token
        "api-018",  # tampered signature
        "api-019",  # alg=none
        "api-024",  # PUT /security/config
        "api-025",  # ... revoked the token used before it
        "api-027",
        "api-029",  # expiry of a 30 s token
        "api2-rst-3",  # a token issued before a restart still works
        "api-267",  # status during a restart: 500 / 1017
        "api-113",  # agent restart on a never-connected agent: 1707
        "api-118",  # active response: 1707
        "api-127",
        "rbac2-12",  # nothing allowed: 403
        "rbac2-13",  # some allowed: 4000 for the rest
        "rbac2-18",  # rules: 1208
        "api-232",  # a policy with an action that does not exist is accepted
        "api-237",  # and its user then reads nothing
        "api-174",  # empty upload: 400 / 1912
        "api2-up-36",  # undefined entity: 500
        "api2-up-37",  # bare &: 500
        "api2-up-01",  # an unknown element: 1113 "XML syntax error"
        "api3-01",  # refused new file with overwrite=false ...
        "api3-02",  # ... is gone
        "api3-06",  # refused overwrite of an existing file ...
        "api3-07",  # ... keeps the old content
        "api3-10",  # refused new file with overwrite=true ...
        "api3-11",  # ... stays on disk
        "api3-12",  # ... and validation fails with 1908
        "api2-cache-2",  # GET /rules?filename= right after an upload: nothing yet
        "api2-cache-3",  # 2 s later: the rule
    ]
    text = re.compile(r"/(message|detail|title|remediation)$|^/dapi_errors/")
    problems = {
        line: [str(d) for d in by_id[line].diffs if not (d.aspect == "value" and text.search(d.where))] for line in must
    }
    assert not {k: v for k, v in problems.items() if v}, problems


def test_every_recorded_401_agrees_exactly(outcomes: list[Outcome]) -> None:
    """The client renews its token on a 401 whose detail names the token: the one text it reads."""
    refused = [o for o in outcomes if o.row["status"] == 401]
    assert len(refused) >= 10
    assert all(not o.diffs for o in refused), [(o.row["id"], [str(d) for d in o.diffs]) for o in refused if o.diffs]
