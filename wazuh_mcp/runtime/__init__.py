"""What every tool, write and screen stands on: the tool registry and its generated index, the typed
per-session context (``deps(ctx)``), the backend factory, the audit trail and its hash chain, the
error-flood limit, notices, and the first-answer gate. Below the tools and writes, above config.

Nothing is re-exported here: importing a submodule must not pull the rest onto ``serve``'s start-up path.
"""
