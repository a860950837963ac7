"""Everything between a fresh install and a working server: settings (``settings``), passwords in
the OS keyring (``secrets``), named profiles (``profiles``), the connection test (``conncheck``),
AI-client config files (``ai_clients``), the wizard's steps (``flow``) and the command that starts
``serve`` (``serve_command``)."""
