"""Does an uploaded rule file load? The two checks ``PUT /rules/files`` runs, as a real 4.14.7 does.

Recorded from a real manager (the oracle's ``api2-up-*`` and ``api3-*`` lines):

1. The API framework parses the XML itself first. An entity it cannot resolve (``&foo;``, a bare
   ``&``) or ``--`` inside a comment makes it fail in a way it does not handle: HTTP 500, error
   1000. A declaration (``<?xml?>``), ``<!DOCTYPE``, CDATA or XML that is not well formed is
   refused as 1113 before anything is written.
2. The file is written and Wazuh's rule loader checks it. A refusal is 1113 "XML syntax error"
   whatever the loader said; only ``/manager/configuration/validation`` (1908) tells why.

The stand-in cannot run Wazuh's loader. For step 2 it asks the product's own rule checks
(``wazuh_mcp.rulecheck.rule_xml``, kept in agreement with the oracle's recorded verdicts); a test can
also set the ``refuse_upload_next`` fault to have a file refused that those checks accept.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.rulecheck import rule_xml

_ENTITY = re.compile(r"&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)")
_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
FAULT_MESSAGE = "Refused by the stand-in's refuse_upload_next fault"


def framework_failure(content: str) -> str | None:
    """``"internal"`` (HTTP 500), ``"syntax"`` (1113, nothing written) or None (the framework reads it)."""
    head = content.lstrip("\ufeff").lstrip()
    if "<!DOCTYPE" in content:  # refused before its entities are looked at (the oracle's api2-up-46)
        return "syntax"
    if _ENTITY.search(content) or any("--" in body for body in _COMMENT.findall(content)):
        return "internal"
    if (
        not re.search(r"<[A-Za-z]", content)
        or head.startswith("<?xml")
        or "<!DOCTYPE" in content
        or "<![CDATA[" in content
    ):
        return "syntax"
    try:
        ET.fromstring(f"<root>{content.lstrip(chr(0xFEFF))}</root>")
    except ET.ParseError:
        return "syntax"
    return None


def loader_error(content: str) -> str | None:
    """What the rule loader says against this file, or None when it loads cleanly.

    ``rule_xml.loader_problems`` (the rulecheck work's entry point for a stand-in) gives only what Wazuh's
    loader refuses, without wazuh-mcp's policy; until it is on this branch, the full checks stand in."""
    only_wazuh = getattr(rule_xml, "loader_problems", None)
    if only_wazuh is not None:
        problems = only_wazuh(content)
        return "; ".join(str(problem) for problem in problems[:5]) or None
    try:
        rule_xml.parse_rule_file(content)
    except InvalidArgument as exc:
        return exc.message
    return None


def validation_message(problems: list[tuple[str, str]]) -> str | None:
    """What follows "Error validating configuration: " in validation's 1908 failed item, as Wazuh words it."""
    return ", ".join(f"{message}, (1220): Error loading the rules: '{path}'." for path, message in problems) or None
