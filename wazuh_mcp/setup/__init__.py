"""Everything between a fresh install and a working server: the wizard's steps (``flow``), the
connection test (``conncheck``), AI-client config files (``ai_clients``, ``jsonc``), the command that
starts ``serve`` (``serve_command``), desktop launchers (``launchers``) and the bundle's environment
(``bundle_env``). The settings, profiles and secrets they edit live in ``wazuh_mcp.config``."""
