"""Wazuh's error codes and the two ways the Server API reports them.

A request that cannot run at all answers problem+json (``{"title", "detail", "remediation"?,
"dapi_errors"?, "error"}``) with an HTTP error status. A request that ran but failed for some
items answers 200 with those items in ``failed_items`` and ``error`` 1 (all failed) or 2 (some
failed). The messages below are our own short wording of Wazuh's codes, close enough that a
client branching on the code or showing the text behaves as it would against a real manager.
"""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse

DOCS = "https://documentation.wazuh.com/4.14"

# code -> (message, remediation or None)
WAZUH_ERRORS: dict[int, tuple[str, str | None]] = {
    1006: ("File/directory does not exist or there is a problem with the permissions", None),
    1102: ("Invalid section", None),
    1103: ("Invalid field in section", None),
    1000: (
        "Wazuh Internal Error",
        "Please, check `WAZUH_HOME/logs/ossec.log`, `WAZUH_HOME/logs/cluster.log` and "
        "`WAZUH_HOME/logs/api.log` to get more information about the error",
    ),
    1113: ("XML syntax error", "Please, ensure file content has correct XML"),
    1128: ("Invalid configuration for the given component", None),
    1208: (
        "The rule does not exist or you do not have permission to see it",
        f"Please, visit the official documentation ({DOCS}/user-manual/reference/ossec-conf/index.html) to get more information about how to configure the rules",
    ),
    1210: (
        "Uploading, updating or deleting default rules is not allowed.",
        f"Please, visit the official documentation ({DOCS}/user-manual/ruleset/index.html) to get more information about the rules",
    ),
    1504: (
        "The decoder does not exist or you do not have permission to see it",
        f"Please, visit the official documentation ({DOCS}/user-manual/reference/ossec-conf/index.html) to get more information about the decoders",
    ),
    1308: ("Stats file does not exist", None),
    1740: ("Action only available for active agents", "Please activate the agent to synchronize it"),
    1310: ("Cannot read the statistics of the manager's own agent daemon", None),
    1403: ("Not a valid sort field", "Please, use only allowed sort fields"),
    1407: (
        "Query does not match expected format",
        "Please, check the query syntax: field, operator (=, !=, <, >, ~), value, joined by ';' (and) or ',' (or)",
    ),
    1408: ("Selected field does not exist", "Please, use only allowed query fields"),
    1409: ("Invalid operator for the selected field", "Please, use =, != or ~ for this field"),
    1415: ("Rules file not found", "Please, use GET /rules/files to list all available rules"),
    1652: (
        "The command used is not defined in the configuration.",
        f"Please, visit the official documentation ({DOCS}/user-manual/capabilities/active-response/how-to-configure.html)"
        "to get more information",
    ),
    1701: ("Agent does not exist", "Please, use `GET /agents?select=id,name` to find all available agents"),
    1703: (
        "Action not available for Manager (agent 000)",
        "Please, use `GET /agents?select=id,name` to find all available agents and make sure you select an agent other than 000",
    ),
    1707: (
        "Cannot send request, agent is not active",
        f"Please, check non-active agents connection and try again. Visit {DOCS}/user-manual/registering/index.html and {DOCS}/user-manual/agents/agent-connection.html to obtain more information on registering and connecting agents",
    ),
    1710: (
        "The group does not exist",
        "Please, use `GET /agents/groups` to find all available groups",
    ),
    1724: ("Not a valid select field", "Use a valid field"),
    1734: (
        "Error removing agent from group",
        f"Agent does not belong to specified group, to assign the agent to a group follow: {DOCS}/user-manual/agents/grouping-agents.html",
    ),
    1750: (
        "Could not send restart command, active-response is disabled in the agent",
        "You can activate it in agents' `WAZUH_HOME/etc/ossec.conf`",
    ),
    # Wazuh 5.0 (framework/wazuh/core/exception.py @58c8811b16; no remediation there). The 5.0 spec's example
    # words it otherwise ("Agent version is lower than the minimum required version (v5.0.0)"): the code wins.
    1761: ("Could not send restart/reload command. This operation via API requires agent version 5.0 or higher.", None),
    1751: (
        "Could not assign agent to group",
        "Agent already belongs to specified group, please select another agent",
    ),
    1735: ("Agent version is not compatible with this feature", "Please, update the agent to version 4.2.0 or newer"),
    1730: ("Node does not exist", "Please, use `GET /cluster/nodes` to find all available nodes"),
    1905: (
        "File could not be updated, it already exists",
        "Please, provide a different file or set overwrite=True to overwrite actual file",
    ),
    1906: ("File does not exist", "Please, provide a different file or make sure provided file path is correct"),
    1912: ("Body is empty", "Please, check the content of the file to be uploaded"),
    1908: ("Error validating configuration", "Please, fix the corrupted files"),
    2003: ("Error in wazuhdb request", None),
    2007: ("Error retrieving data from Wazuh DB", None),  # no remediation, as recorded (t4-ex-028)
    3013: (
        "Cluster is not running, it might be disabled in `WAZUH_HOME/etc/ossec.conf`",
        f"Please, visit the official documentation ({DOCS}/user-manual/configuring-cluster/index.html) to get more information about how to configure a cluster",
    ),
    4000: ("Permission denied", None),
    4002: (
        "The specified role does not exist",
        "Please, create the specified role with the endpoint POST /security/roles",
    ),
    4005: ("The specified name or rule already exists", None),
    4006: ("Invalid policy", "Please, check the actions, resources and effect of the policy"),
    4007: (
        "The specified policy does not exist",
        "Please, create the specified policy with the endpoint POST /security/policies",
    ),
    4009: ("The specified name or policy already exists", None),
    4011: ("The specified role-policy link already exists", None),
    4017: ("The specified user-role relation already exists", None),
    4022: (
        "The specified security rule does not exist",
        "Please, create the specified rule with the endpoint POST /security/rules",
    ),
    4023: ("The specified role-rule link already exists", None),
    5000: ("The user could not be created", "The user already exists"),
    5001: ("The user does not exist", "Please, use GET /security/users to list the users"),
    5004: ("The user could not be removed or updated", "Administrator users cannot be removed or updated"),
    4008: ("The specified resource is a default one and cannot be removed", None),
    6001: (
        "Maximum number of requests per minute reached",
        f"This limit can be changed in api.yaml file. More information here: {DOCS}/user-manual/api/"
        "security/configuration.html",
    ),
    6004: (
        "The current user does not have authentication enabled through authorization context",
        f"You can enable it using the following endpoint: {DOCS}/user-manual/api/reference.html#operation/"
        "api.controllers.security_controller.edit_run_as",
    ),
}
PERMISSION_REMEDIATION = (
    "Please, make sure you have permissions to execute the current request. For more information on how to "
    f"set up permissions, please visit {DOCS}/user-manual/api/rbac/configuration.html"
)
_TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Permission Denied",
    404: "Resource Not Found",
    405: "Method Not Allowed",
    406: "Wazuh Error",
    413: "Request Entity Too Large",
    415: "Unsupported media type",
    429: "Too Many Requests",
    500: "Wazuh Internal Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
}


class ApiError(Exception):
    """A request-level failure, rendered as problem+json with ``status``."""

    def __init__(
        self,
        status: int,
        detail: str,
        *,
        code: int | None = None,
        title: str | None = None,
        remediation: str | None = None,
        node: str | None = None,
        node_error: str | None = None,
        logfile: str | None = None,
    ) -> None:
        super().__init__(detail)
        self.node_error = node_error or detail  # what dapi_errors says for the node
        self.logfile = logfile
        self.status = status
        self.detail = detail
        self.code = code
        self.title = title or _TITLES.get(status, "Wazuh Error")
        self.remediation = remediation
        self.node = node  # Wazuh errors raised by the framework carry dapi_errors for this node

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title, "detail": self.detail}
        if self.remediation:
            out["remediation"] = self.remediation
        if self.node:
            out["dapi_errors"] = {self.node: {"error": self.node_error}}
            if self.logfile:
                out["dapi_errors"][self.node]["logfile"] = self.logfile
        if self.code is not None:
            out["error"] = self.code
        return out

    def response(self) -> JSONResponse:
        return JSONResponse(self.body(), status_code=self.status, media_type="application/problem+json")


def wazuh_error(code: int, status: int = 400, *, extra: str | None = None, node: str | None = None) -> ApiError:
    """A Wazuh framework error (it carries its code, remediation and dapi_errors)."""
    message, remediation = WAZUH_ERRORS[code]
    detail = f"{message}: {extra}" if extra else message
    return ApiError(status, detail, code=code, remediation=remediation, node=node)


def no_database(agent_id: str, node: str) -> ApiError:
    """wazuh-db's 2007 for an agent that never sent anything (never connected, pending), worded as the
    recorded manager words it (``api_exchanges_agent.jsonl`` t4-ex-028)."""
    extra = f"There is no database for agent {agent_id}. Please check if the agent has connected to the manager"
    return wazuh_error(2007, node=node, extra=extra)


def bad_request(detail: str) -> ApiError:
    """A request the parameter validator rejects (connexion's answer: title and detail only)."""
    return ApiError(400, detail)


def failed_item(code: int, ids: list[Any], extra: str | None = None) -> dict[str, Any]:
    """One ``failed_items`` entry: every id that failed with the same code, together."""
    message, remediation = WAZUH_ERRORS[code]
    error: dict[str, Any] = {"code": code, "message": f"{message}: {extra}" if extra else message}
    if code == 4000:
        error["remediation"] = PERMISSION_REMEDIATION
    elif remediation:
        error["remediation"] = remediation
    return {"error": error, "id": ids}


def group_failures(failures: list[tuple[Any, int]]) -> list[dict[str, Any]]:
    """Collapse (id, code) pairs into failed items, one per code, ordered by code as Wazuh does."""
    by_code: dict[int, list[Any]] = {}
    for item_id, code in failures:
        by_code.setdefault(code, []).append(item_id)
    return [failed_item(code, by_code[code]) for code in sorted(by_code)]


def envelope(
    items: list[Any],
    total: int | None = None,
    *,
    failed: list[dict[str, Any]] | None = None,
    messages: tuple[str, str, str] = (
        "All items were returned",
        "Some items were not returned",
        "No item was returned",
    ),
) -> dict[str, Any]:
    """The ``{"data": {...}, "message", "error"}`` envelope; ``messages`` is (all, some, none)."""
    failed = failed or []
    n_failed = sum(len(f["id"]) for f in failed)
    affected_total = len(items) if total is None else total
    if not failed:  # an empty answer says so, as Wazuh's does ("No agent information was returned", error 0)
        error, message = 0, messages[0] if items or affected_total else messages[2]
    elif affected_total == 0 and not items:
        error, message = 1, messages[2]
    else:
        error, message = 2, messages[1]
    return {
        "data": {
            "affected_items": items,
            "total_affected_items": affected_total,
            "total_failed_items": n_failed,
            "failed_items": failed,
        },
        "message": message,
        "error": error,
    }
