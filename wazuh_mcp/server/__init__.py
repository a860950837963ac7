"""The MCP server itself: building it from the registry (``build``), the audited call path, stdio and
Streamable HTTP, OAuth and the caller, resources, prompts, and the one adapter to SDK internals (``sdk``).
What it stands on (registry, context, audit) is in ``wazuh_mcp.runtime``.

Nothing is re-exported here: importing a submodule must not pull the whole server onto a path
(``serve``'s start-up, the launcher) that needs only part of it.
"""
