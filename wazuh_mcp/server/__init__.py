"""The MCP server itself: the tool registry, building the server from it (``build``), the audited
call path, the typed application context, resources, prompts, the audit trail and the stdio run loop.

Nothing is re-exported here: importing a submodule must not pull the whole server onto a path
(``serve``'s start-up, the launcher) that needs only part of it.
"""
