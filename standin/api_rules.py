"""``/rules``, ``/rules/groups``, ``/rules/requirement/{r}`` and ``/rules/files[/{name}]``.

Uploads (``PUT /rules/files/{name}``, body ``application/octet-stream``) answer as Wazuh does:
200 with the written path in ``affected_items``, or 200 with a failed item: 1905 (exists and
``overwrite`` is false), 1113 (not valid rule XML), 1210 (outside ``etc/rules``).
"""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from standin.framework import Ctx, Endpoint, denied
from standin.params import COMMON, FORMATS, LISTING, PAGING, ParamSpec, alnum, specs
from standin.problems import ApiError, bad_request, envelope, failed_item
from standin.query import Collection, run
from standin.rules import CUSTOM_DIR, RuleFile, RuleXmlError, parse_xml, to_json

RULES = Collection(
    fields=(
        "id",
        "level",
        "status",
        "filename",
        "relative_dirname",
        "description",
        "groups",
        "pci_dss",
        "gdpr",
        "gpg13",
        "hipaa",
        "nist_800_53",
        "tsc",
        "mitre",
        "details.*",
    ),
    required=("id",),
    list_fields=frozenset({"groups"}),
    wdb=False,
)
FILES = Collection(fields=("filename", "relative_dirname", "status"), required=("filename",), wdb=False)
RULE_MESSAGES = ("All selected rules were returned", "Some rules were not returned", "No rule was returned")
FILE_MESSAGES = ("All rules files were returned", "Some rules files were not returned", "No rules files were returned")
REQUIREMENTS = ("pci_dss", "gdpr", "hipaa", "nist-800-53", "gpg13", "tsc", "mitre")


def _visible_rules(ctx: Ctx) -> list[dict[str, Any]]:
    return [r for r in ctx.state.ruleset.rules() if ctx.allows("rules:read", f"rule:file:{r['filename']}")]


def _level_matches(level: int, spec: str) -> bool:
    low, _, high = spec.partition("-")
    return int(low) <= level <= int(high or low)


async def get_rules(ctx: Ctx) -> dict[str, Any]:
    p = ctx.params
    rules = _visible_rules(ctx)
    failed = []
    if p["rule_ids"]:
        ids = [int(i) for i in dict.fromkeys(p["rule_ids"])]
        known = {r["id"] for r in rules}
        missing = [i for i in ids if i not in known]
        failed = [failed_item(1208, missing)] if missing else []
        wanted = set(ids)
        rules = [r for r in rules if r["id"] in wanted]
    if p["status"] and p["status"] != "all":
        rules = [r for r in rules if r["status"] == p["status"]]
    if p["level"]:
        rules = [r for r in rules if _level_matches(r["level"], p["level"])]
    if p["group"]:
        rules = [r for r in rules if p["group"] in r["groups"]]
    if p["filename"]:
        rules = [r for r in rules if r["filename"] in p["filename"]]
    if p["relative_dirname"]:
        rules = [r for r in rules if r["relative_dirname"] == p["relative_dirname"]]
    for param in REQUIREMENTS:
        if p.get(param):
            rules = [r for r in rules if p[param] in r[param.replace("-", "_")]]
    page, total = run(rules, RULES, ctx.list_query(), ctx.now)
    return envelope(page, total, failed=failed, messages=RULE_MESSAGES)


def _strings(values: list[str], ctx: Ctx) -> tuple[list[str], int]:
    """Paging for endpoints whose items are plain strings (sort is a bare + or -)."""
    search = ctx.params.get("search")
    if search:
        values = [v for v in values if search.lower() in v.lower()]
    sort = (ctx.params.get("sort") or "").strip()
    values = sorted(values, reverse=sort.startswith("-"))
    offset, limit = ctx.params["offset"], ctx.params["limit"]
    return values[offset : offset + limit], len(values)


async def rule_groups(ctx: Ctx) -> dict[str, Any]:
    groups = sorted({g for r in _visible_rules(ctx) for g in r["groups"]})
    page, total = _strings(groups, ctx)
    return envelope(
        page,
        total,
        messages=("All selected groups were returned", "Some groups were not returned", "No group was returned"),
    )


async def requirement(ctx: Ctx) -> dict[str, Any]:
    key = ctx.path["requirement"]
    if key not in REQUIREMENTS:
        raise bad_request(f"'{key}' is not one of {list(REQUIREMENTS)}")
    values = sorted({v for r in _visible_rules(ctx) for v in r[key.replace("-", "_")]})
    page, total = _strings(values, ctx)
    return envelope(
        page,
        total,
        messages=(
            "All selected requirements were returned",
            "Some requirements were not returned",
            "No requirement was returned",
        ),
    )


async def rule_files(ctx: Ctx) -> dict[str, Any]:
    p = ctx.params
    items = [
        {"filename": f.filename, "relative_dirname": f.relative_dirname, "status": f.status}
        for f in ctx.state.ruleset.ordered_files()
        if ctx.allows("rules:read", f"rule:file:{f.filename}")
    ]
    if p["filename"]:
        items = [i for i in items if i["filename"] in p["filename"]]
    if p["relative_dirname"]:
        items = [i for i in items if i["relative_dirname"] == p["relative_dirname"]]
    if p["status"] and p["status"] != "all":
        items = [i for i in items if i["status"] == p["status"]]
    page, total = run(items, FILES, ctx.list_query())
    return envelope(page, total, messages=FILE_MESSAGES)


def _filename(ctx: Ctx) -> str:
    name = ctx.path["filename"]
    if not FORMATS["xml_filename"].match(name):
        raise bad_request(
            f"'{name}' is not a 'xml_filename_path'. Failed validating 'format' in schema['properties']['filename']"
        )
    return name


async def get_rule_file(ctx: Ctx) -> Response | dict[str, Any]:
    name = _filename(ctx)
    ctx.require("rules:read", f"rule:file:{name}", "rule:file")
    rule_file = ctx.state.ruleset.find(name, ctx.params.get("relative_dirname"))
    if rule_file is None:
        return envelope(
            [],
            failed=[failed_item(1415, [name])],
            messages=("Selected rule was returned", "Selected rule was not returned", "Selected rule was not returned"),
        )
    if ctx.params["raw"]:
        return Response(rule_file.content, media_type="application/xml; charset=utf-8")
    return envelope([to_json(parse_xml(rule_file.content))], messages=("Selected rule was returned",) * 3)


async def put_rule_file(ctx: Ctx) -> dict[str, Any]:
    name = _filename(ctx)
    content_type = ctx.request.headers.get("content-type", "")
    if not content_type.startswith("application/octet-stream"):
        # The spec documents 406 / error 6002 for a body that is not the declared octet-stream.
        raise ApiError(
            406, "The body type is not the one specified in the content-type", code=6002, title="Wazuh Error"
        )
    body = await ctx.request.body()
    if len(body) > ctx.state.config.max_upload_size:
        raise ApiError(
            413, f"Maximum request body size {ctx.state.config.max_upload_size} exceeded, actual body size {len(body)}"
        )
    directory = (ctx.params.get("relative_dirname") or CUSTOM_DIR).rstrip("/")
    path = f"{directory}/{name}"
    messages = ("Rule was successfully uploaded", "Could not upload rule", "Could not upload rule")
    if not (directory == CUSTOM_DIR or directory.startswith(CUSTOM_DIR + "/")):
        return envelope([], failed=[failed_item(1210, [path])], messages=messages)
    ruleset = ctx.state.ruleset
    existing = ruleset.files.get(path)
    if existing is not None:
        if not ctx.params["overwrite"]:
            return envelope([], failed=[failed_item(1905, [path])], messages=messages)
        if not ctx.allows("rules:delete", f"rule:file:{name}"):
            raise denied(ctx.state.fleet.node_name, "rules:delete", "rule:file")
    try:
        ruleset.add(RuleFile(name, directory, body.decode("utf-8"), uploaded=True))
    except (RuleXmlError, UnicodeDecodeError):
        return envelope([], failed=[failed_item(1113, [path])], messages=messages)
    return envelope([path], messages=messages)


async def delete_rule_file(ctx: Ctx) -> dict[str, Any]:
    name = _filename(ctx)
    ctx.require("rules:delete", f"rule:file:{name}", "rule:file")
    directory = (ctx.params.get("relative_dirname") or CUSTOM_DIR).rstrip("/")
    path = f"{directory}/{name}"
    messages = ("Rule file was successfully deleted", "Could not delete rule file", "Could not delete rule file")
    if not (directory == CUSTOM_DIR or directory.startswith(CUSTOM_DIR + "/")):
        return envelope([], failed=[failed_item(1210, [path])], messages=messages)
    if not ctx.state.ruleset.remove(path):
        return envelope([], failed=[failed_item(1906, [path])], messages=messages)
    return envelope([path], messages=messages)


_DIRNAME = ParamSpec(fmt="get_dirnames_path")
_STATUS = ParamSpec(enum=("enabled", "disabled", "all"))
_STRING_LIST = specs(COMMON, PAGING, sort=ParamSpec(fmt="sort"), search=ParamSpec(fmt="search"))
ENDPOINTS = [
    Endpoint(
        "GET",
        "/rules",
        get_rules,
        specs(
            LISTING,
            rule_ids=ParamSpec("list", fmt="numbers"),
            status=_STATUS,
            group=alnum(),
            level=ParamSpec(fmt="range"),
            filename=ParamSpec("list", fmt="alphanumeric"),
            relative_dirname=_DIRNAME,
            pci_dss=alnum(),
            gdpr=alnum(),
            gpg13=alnum(),
            hipaa=alnum(),
            tsc=alnum(),
            mitre=alnum(),
            **{"nist-800-53": alnum()},
        ),
        action="rules:read",
        scoped=True,
        resource_type="rule:file",
    ),
    Endpoint(
        "GET", "/rules/groups", rule_groups, _STRING_LIST, action="rules:read", scoped=True, resource_type="rule:file"
    ),
    Endpoint(
        "GET",
        "/rules/requirement/{requirement}",
        requirement,
        _STRING_LIST,
        action="rules:read",
        scoped=True,
        resource_type="rule:file",
    ),
    Endpoint(
        "GET",
        "/rules/files",
        rule_files,
        specs(LISTING, filename=ParamSpec("list", fmt="xml_filename"), relative_dirname=_DIRNAME, status=_STATUS),
        action="rules:read",
        scoped=True,
        resource_type="rule:file",
    ),
    Endpoint(
        "GET",
        "/rules/files/{filename:path}",
        get_rule_file,
        specs(COMMON, raw=ParamSpec("bool", default=False), relative_dirname=_DIRNAME),
        action="rules:read",
        scoped=True,
        resource_type="rule:file",
    ),
    Endpoint(
        "PUT",
        "/rules/files/{filename:path}",
        put_rule_file,
        specs(COMMON, overwrite=ParamSpec("bool", default=False), relative_dirname=_DIRNAME),
        action="rules:update",
    ),
    Endpoint(
        "DELETE",
        "/rules/files/{filename:path}",
        delete_rule_file,
        specs(COMMON, relative_dirname=_DIRNAME),
        action="rules:delete",
        scoped=True,
        resource_type="rule:file",
    ),
]
