"""Every ``wazuh-mcp …`` command that README.md and docs/*.md name is one the program accepts (issue 26
item 11: docs/writes.md sent readers to ``wazuh-mcp doctor``, which never existed).

Commands are taken from fenced code blocks (one per line, ``\\`` continuations joined) and from inline
code spans (a span may break across lines). Each is parsed by the parser ``wazuh-mcp`` itself builds
(``wazuh_mcp.cli``, with every extension's subcommands): an unknown subcommand or option, an invalid
choice or value fails. Placeholders (``ID``, ``<change_id>``, ``N``) become sample values; ``a|b``
alternatives are each parsed; a span that only names a command or a flag (``wazuh-mcp approve``,
``wazuh-mcp connect --project``) may leave out what the full command requires.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import REPO
from wazuh_mcp import cli

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
COMMAND = re.compile(r"(?:^|(?<=\s))(?:[\w./~-]*/)?wazuh-mcp(?=\s|$)(?P<rest>[^\n]*)")
PLACEHOLDERS = {"ID": "ch-1a2b3c4d", "<change_id>": "ch-1a2b3c4d", "N": "5", "NAME": "soc", "PID": "4242"}
ABBREVIATED = ("the following arguments are required", "expected one argument")
"""argparse's errors for a mention that leaves out what the full command needs: allowed in prose."""


def doc_commands(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    found: list[str] = []
    fences = re.compile(r"^```[^\n]*\n(.*?)^```", flags=re.S | re.M)
    for block in fences.findall(text):
        for line in re.sub(r"\\\n\s*", " ", block).splitlines():
            if not re.search(r"[\u2500-\u27ff]", line):  # a diagram's box drawing, not a command line
                found += commands_in(line)
    prose = fences.sub("", text)
    for span in re.findall(r"(?<!`)`([^`]+)`(?!`)", prose):
        found += commands_in(" ".join(span.split()))
    return found


def commands_in(line: str) -> list[str]:
    """The ``wazuh-mcp`` command lines in one shell line or span: up to a pipe, ``&&``, ``;`` or a comment."""
    out = []
    for match in COMMAND.finditer(line):
        rest = re.split(r"\s(?:\||&&|;|#|>)|\s*$", match.group("rest"), maxsplit=1)[0]
        if "{" in rest or "'" in rest.replace("\\'", ""):  # JSON or quoted text: not a command line
            continue
        out.append(("wazuh-mcp" + rest).strip())
    return out


def variants(command: str) -> list[list[str]]:
    """Tokens after ``wazuh-mcp``, one list per combination of ``a|b`` alternatives; ``[--opt X]`` unwrapped."""
    tokens = shlex.split(command.replace("[", " ").replace("]", " "))[1:]
    choices = [token.split("|") if "|" in token else [token] for token in tokens]
    return [[PLACEHOLDERS.get(token, token) for token in combo] for combo in itertools.product(*choices)]


def parse_error(tokens: list[str]) -> str | None:
    parser = cli.build_parser(cli.load_extensions())
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            cli.parse(parser, tokens)
        except SystemExit as exc:
            return err.getvalue().strip() or f"exit {exc.code}"
    return None


ALL = [(path.name, command) for path in DOCS for command in doc_commands(path)]


def test_the_docs_name_commands() -> None:
    """The extraction finds the commands the docs are known to show, so an empty list cannot pass."""
    named = {command for _, command in ALL}
    assert {"wazuh-mcp serve --demo", "wazuh-mcp audit --verify", "wazuh-mcp setup --non-interactive"} <= named


@pytest.mark.parametrize(("doc", "command"), sorted(set(ALL)))
def test_every_command_the_docs_name_parses(doc: str, command: str) -> None:
    for tokens in variants(command):
        if tokens and tokens[0] in ("--help", "-h", "--version"):
            continue
        error = parse_error(tokens)
        if error is None:
            continue
        assert any(words in error for words in ABBREVIATED), f"{doc}: `{command}` is refused: {error}"
        assert tokens and tokens[0] in cli.build_parser(cli.load_extensions()).commands, (doc, command)  # type: ignore[attr-defined]


def test_a_command_that_does_not_exist_is_caught() -> None:
    """What the writes.md bug looked like is refused, so the test above can fail."""
    assert parse_error(["doctor"]) is not None
    assert parse_error(["audit", "--last", "-5"]) is not None
    assert parse_error(["connect", "claude-desktop", "--bogus"]) is not None
