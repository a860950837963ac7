from wazuh_mcp.cli import main

raise SystemExit(main())
