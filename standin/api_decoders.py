"""``/decoders``, ``/decoders/files`` and ``/decoders/parents``: Wazuh 4.14.7's default decoders, by name.

The manager holds every decoder of Wazuh's ``ruleset/decoders`` and its default ``etc/decoders/
local_decoder.xml`` (``standin.wazuh_decoders``: file, name and parent, generated; no decoder text), so the
rule checks' ``GET /decoders?decoder_names=…`` finds what a real manager has and misses what it lacks:
``create_rule`` on ``serve --demo`` refuses a ``<decoded_as>`` naming no decoder, as Wazuh's loader does.

As Wazuh's framework (``wazuh.decoder.get_decoders``) answers: one item per ``<decoder>`` element, its
``position`` counted within its file; a name that matches no decoder is a failed item 1504. ``details``
holds only the ``parent`` (Wazuh's holds every option of the decoder: prematch, regex, order…).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from standin import wazuh_decoders
from standin.framework import Ctx, Endpoint, v4_only
from standin.params import COMMON, LISTING, PAGING, ParamSpec, specs
from standin.problems import envelope, failed_item
from standin.query import Collection, run

DECODERS = Collection(
    fields=("filename", "relative_dirname", "name", "position", "status", "details.*"),
    required=("filename", "position"),
    wdb=False,
)
FILES = Collection(fields=("filename", "relative_dirname", "status"), required=("filename",), wdb=False)
DECODER_MESSAGES = ("All selected decoders were returned", "Some decoders were not returned", "No decoder was returned")
FILE_MESSAGES = (
    "All decoder files were returned",
    "Some decoder files were not returned",
    "No decoder files were returned",
)


@cache
def all_decoders() -> tuple[dict[str, Any], ...]:
    """Every decoder of the manager, in load order (files in order, decoders in file order)."""
    found: list[dict[str, Any]] = []
    for line in wazuh_decoders.FILES.splitlines():
        path, *cells = line.split("|")
        directory, _, filename = path.rpartition("/")
        for position, cell in enumerate(cells):
            name, _, parent = cell.partition(">")
            found.append(
                {
                    "filename": filename,
                    "relative_dirname": directory,
                    "status": "enabled",
                    "name": name,
                    "position": position,
                    "details": {"parent": parent} if parent else {},
                }
            )
    return tuple(found)


def _visible(ctx: Ctx) -> list[dict[str, Any]]:
    return [dict(d) for d in all_decoders() if ctx.allows("decoders:read", f"decoder:file:{d['filename']}")]


def _filtered(ctx: Ctx, decoders: list[dict[str, Any]]) -> list[dict[str, Any]]:
    p = ctx.params
    if p.get("filename"):
        decoders = [d for d in decoders if d["filename"] in p["filename"]]
    if p.get("relative_dirname"):
        decoders = [d for d in decoders if d["relative_dirname"] == p["relative_dirname"]]
    if p.get("status") == "disabled":
        decoders = []
    return decoders


async def get_decoders(ctx: Ctx) -> dict[str, Any]:
    names = list(dict.fromkeys(ctx.params["decoder_names"] or []))
    decoders = _filtered(ctx, _visible(ctx))
    failed = []
    if names:
        missing = [n for n in names if not any(d["name"] == n for d in decoders)]
        failed = [failed_item(1504, missing)] if missing else []
        decoders = [d for d in decoders if d["name"] in names]
    page, total = run(decoders, DECODERS, ctx.list_query(), ctx.now)
    return envelope(page, total, failed=failed, messages=DECODER_MESSAGES)


async def decoder_parents(ctx: Ctx) -> dict[str, Any]:
    parents = [d for d in _visible(ctx) if "parent" not in d["details"]]
    page, total = run(parents, DECODERS, ctx.list_query(), ctx.now)
    return envelope(page, total, messages=DECODER_MESSAGES)


async def decoder_files(ctx: Ctx) -> dict[str, Any]:
    files: dict[tuple[str, str], dict[str, Any]] = {}
    for d in _filtered(ctx, _visible(ctx)):
        files.setdefault(
            (d["relative_dirname"], d["filename"]),
            {"filename": d["filename"], "relative_dirname": d["relative_dirname"], "status": d["status"]},
        )
    page, total = run(list(files.values()), FILES, ctx.list_query(), ctx.now)
    return envelope(page, total, messages=FILE_MESSAGES)


_DIRNAME = ParamSpec(fmt="get_dirnames_path")
_STATUS = ParamSpec(enum=("enabled", "disabled", "all"))
ENDPOINTS = v4_only(
    [  # Wazuh 5.0 removed the /decoders family with the rest of the analysisd ruleset API
        Endpoint(
            "GET",
            "/decoders",
            get_decoders,
            specs(
                LISTING,
                decoder_names=ParamSpec("list", fmt="names"),
                filename=ParamSpec("list", fmt="alphanumeric"),
                relative_dirname=_DIRNAME,
                status=_STATUS,
            ),
            action="decoders:read",
            scoped=True,
            resource_type="decoder:file",
        ),
        Endpoint(
            "GET",
            "/decoders/files",
            decoder_files,
            specs(LISTING, filename=ParamSpec("list", fmt="xml_filename"), relative_dirname=_DIRNAME, status=_STATUS),
            action="decoders:read",
            scoped=True,
            resource_type="decoder:file",
        ),
        Endpoint(
            "GET",
            "/decoders/parents",
            decoder_parents,
            specs(
                COMMON,
                PAGING,
                select=ParamSpec("list", fmt="names"),
                sort=ParamSpec(fmt="sort"),
                search=ParamSpec(fmt="search"),
            ),
            action="decoders:read",
            scoped=True,
            resource_type="decoder:file",
        ),
    ]
)
