"""Changes to a Wazuh manager, only ever by a person's approval: the pending-change store and its
hash (``approvals``), rule XML validation (``rule_xml``), rule-file upload (``rule_files``) and the
``wazuh-mcp pending|show|approve|reject`` commands (``cli``)."""
