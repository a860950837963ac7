"""The one agent-id rule, shared by tool arguments, hunt values, resource URIs and prompt arguments; and the
one group-name rule. Both also check an id or a name taken from an answer before it names a request path."""

from __future__ import annotations

import re

AGENT_ID_MAX_LEN = 16
MAX_GROUPS = 128
"""Most groups one agent belongs to in Wazuh (``wazuh-db``'s limit): more in an answer are left out."""


def agent_id(value: str) -> str:
    """The one agent-id rule, for tool arguments, hunt values, resource URIs and prompt arguments: Wazuh
    agent ids are ASCII digits (at most ``AGENT_ID_MAX_LEN``) shown with three digits, so '7' and '007'
    both mean agent 007. ValueError says what is wrong."""
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > AGENT_ID_MAX_LEN:
        raise ValueError(f"agent ids are numeric (at most {AGENT_ID_MAX_LEN} digits), like '001' (see list_agents)")
    return text.zfill(3)


def is_agent_id(value: object) -> bool:
    """True when ``value`` is an agent id as Wazuh writes it (``agent_id``'s own form: '001', never ' 1' or
    '../x'): what an id taken from an answer or a store must be before it goes into a request path."""
    if not isinstance(value, str):
        return False
    try:
        return agent_id(value) == value
    except ValueError:
        return False


GROUP_NAME = re.compile(r"(?!^(\.{1,2}|all)$)[A-Za-z0-9_.][A-Za-z0-9_.-]{0,127}")
"""A Wazuh group name: letters, digits, ``_ . -``, at most 128, not starting with ``-``, never ``.``, ``..`` (a
path segment that walks up: ``/groups/../configuration`` is ``/configuration``) or ``all``."""


def is_group_name(value: object) -> bool:
    return isinstance(value, str) and GROUP_NAME.fullmatch(value) is not None
