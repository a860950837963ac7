"""Wazuh's rule language, checked as ``wazuh-analysisd -t`` checks it: its XML reader (``wazuh_xml``), its
three regex types (``wazuh_regex``), the rule elements and attributes (``rule_syntax``), PCRE2 patterns that
backtrack catastrophically (``backtracking``) and the entry points (``rule_xml``). Pure functions of the file's text, so both the write tools and the stand-in's loader use them."""
