"""The one agent-id rule, shared by tool arguments, hunt values, resource URIs and prompt arguments."""

from __future__ import annotations

AGENT_ID_MAX_LEN = 16


def agent_id(value: str) -> str:
    """The one agent-id rule, for tool arguments, hunt values, resource URIs and prompt arguments: Wazuh
    agent ids are ASCII digits (at most ``AGENT_ID_MAX_LEN``) shown with three digits, so '7' and '007'
    both mean agent 007. ValueError says what is wrong."""
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > AGENT_ID_MAX_LEN:
        raise ValueError(f"agent ids are numeric (at most {AGENT_ID_MAX_LEN} digits), like '001' (see list_agents)")
    return text.zfill(3)
