"""The Wazuh stand-in: the Server API (an ASGI app over real HTTP(S)), the dataset generator and the
embedded Indexer engine. A package beside ``wazuh_mcp``: the product reaches it only through its demo
wiring (``wazuh_mcp.demo``), and it imports nothing from the product but the ground floor."""
