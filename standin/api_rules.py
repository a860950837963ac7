"""``/rules``, ``/rules/groups``, ``/rules/requirement/{r}`` and ``/rules/files[/{name}]``.

Uploads (``PUT /rules/files/{name}``, body ``application/octet-stream``) answer as a real 4.14.7
does: 200 with the written path in ``affected_items``, or 200 with a failed item: 1905 (exists and
``overwrite`` is false), 1113 (the framework or the rule loader refuses it, whatever the reason),
1210 (outside ``etc/rules``); 400/1912 for an empty body, 415 for another content type, 500/1000
when the framework's XML parser fails (see ``standin.loader``).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from starlette.responses import Response

from standin import loader
from standin.framework import DROP_ANSWER, Ctx, Endpoint, denied, v4_only
from standin.loader import FAULT_MESSAGE
from standin.params import COMMON, FORMATS, LISTING, PAGING, ParamSpec, alnum, specs
from standin.problems import ApiError, bad_request, envelope, failed_item, wazuh_error
from standin.query import Collection, run
from standin.rules import CUSTOM_DIR, RuleFile, RuleXmlError, parse_rules, parse_xml, to_json

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
FILE_MESSAGES = ("All rule files were returned", "Some rule files were not returned", "No rule files were returned")
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
            failed=[failed_item(1415, [name], extra=name)],
            messages=("Selected rule was returned", "Selected rule was not returned", "Selected rule was not returned"),
        )
    if ctx.params["raw"]:
        return Response(rule_file.content, media_type="application/xml; charset=utf-8")
    return envelope([to_json(parse_xml(rule_file.content))], messages=("Selected rule was returned",) * 3)


async def _upload_body(ctx: Ctx) -> bytes:
    content_type = ctx.request.headers.get("content-type", "")
    if not content_type.startswith("application/octet-stream"):
        raise ApiError(
            415,
            f"Invalid Content-type ({content_type}), expected ['application/octet-stream']",
            title="Unsupported Media Type",
        )
    body = await ctx.request.body()
    if len(body) > ctx.state.config.max_upload_size:
        raise ApiError(
            413, f"Maximum request body size {ctx.state.config.max_upload_size} exceeded, actual body size {len(body)}"
        )
    if not body:
        raise wazuh_error(1912)
    return body


def _refusal(ctx: Ctx, content: str) -> str | None:
    """Why the rule loader refuses ``content`` (None: it loads), once the framework has read it."""
    return FAULT_MESSAGE if ctx.state.faults.take_refusal() else loader.loader_error(content)


def _framework_read(ctx: Ctx, body: bytes) -> str | None:
    """The upload's text once the API framework has read it; None when it refuses it (1113, nothing written);
    its unhandled failures are HTTP 500."""
    try:
        content = body.decode("utf-8")
    except UnicodeDecodeError:
        return None
    framework = loader.framework_failure(content)
    if framework == "internal":
        raise _internal_error(ctx)
    return None if framework == "syntax" else content


def _internal_error(ctx: Ctx) -> ApiError:
    error = wazuh_error(1000, status=500, node=ctx.state.fleet.node_name)
    error.node_error = "Wazuh Internal Error. See log for more detail"
    return error


async def put_rule_file(ctx: Ctx) -> dict[str, Any]:
    """An upload as a real 4.14.7 answers it (``standin.loader`` has the recorded behaviour).

    A file the loader refuses is 1113 "XML syntax error", and what stays on disk depends on the
    mode, as recorded: ``overwrite=false`` removes it, ``overwrite=true`` over an existing file puts
    the old content back, and ``overwrite=true`` of a file that did not exist LEAVES the refused file
    (validation then fails with 1908 until it is deleted). The framework's own refusals (a
    declaration, CDATA, XML that is not well formed) write nothing."""
    name = _filename(ctx)
    body = await _upload_body(ctx)
    directory = (ctx.params.get("relative_dirname") or CUSTOM_DIR).rstrip("/")
    path = f"{directory}/{name}"
    messages = ("Rule was successfully uploaded", "Could not upload rule", "Could not upload rule")
    refused_item = failed_item(1113, [path])
    if not (directory == CUSTOM_DIR or directory.startswith(CUSTOM_DIR + "/")):
        return envelope([], failed=[failed_item(1210, [path])], messages=messages)
    ruleset = ctx.state.ruleset
    existing = ruleset.files.get(path)
    ctx.state.upload_modes.append((path, bool(ctx.params["overwrite"])))
    if existing is not None:
        if not ctx.params["overwrite"]:
            return envelope([], failed=[failed_item(1905, [path])], messages=messages)
        if not ctx.allows("rules:delete", f"rule:file:{name}"):
            raise denied(ctx.state.fleet.node_name, "rules:delete", "rule:file")
    content = _framework_read(ctx, body)
    if content is None:
        return envelope([], failed=[refused_item], messages=messages)
    refused = _refusal(ctx, content)
    fault = ctx.state.faults.take_upload_fault()
    if fault is not None:
        return await _failed_after_writing(ctx, fault, RuleFile(name, directory, content, uploaded=True), refused)
    if refused is None:
        try:
            listed_from = time.monotonic() + ctx.state.config.rules_cache_s
            ruleset.add(RuleFile(name, directory, content, uploaded=True, listed_from=listed_from))
        except RuleXmlError:  # our listing cannot read what the loader accepted
            refused = "the stand-in cannot list the rules of this file"
    if refused is not None:
        if existing is None and ctx.params["overwrite"]:  # Wazuh's cleanup misses this one case
            ruleset.add(RuleFile(name, directory, content, uploaded=True, loader_error=refused))
        return envelope([], failed=[refused_item], messages=messages)
    return envelope([path], messages=messages)


async def _failed_after_writing(ctx: Ctx, fault: str, written: RuleFile, refused: str | None) -> dict[str, Any]:
    """An upload fault (``standin.faults``): the file stays on disk as uploaded (refused by the loader or
    not: Wazuh's cleanup never ran), then the answer fails the way the switch says."""
    if refused is None:
        try:
            parse_rules(written)
        except RuleXmlError:
            refused = "the stand-in cannot list the rules of this file"
    written.loader_error = refused
    if fault == "late":
        await asyncio.sleep(ctx.state.faults.upload_hang_s)
    ctx.state.ruleset.add(written)
    messages = ("Rule was successfully uploaded", "Could not upload rule", "Could not upload rule")
    if fault == "1113":
        return envelope([], failed=[failed_item(1113, [written.path])], messages=messages)
    if fault == "500":
        raise _internal_error(ctx)
    if fault == "drop":
        ctx.request.scope[DROP_ANSWER] = True
    elif fault == "hang":
        await asyncio.sleep(ctx.state.faults.upload_hang_s)
    return envelope([written.path], messages=messages)


async def delete_rule_file(ctx: Ctx) -> dict[str, Any]:
    name = _filename(ctx)
    ctx.require("rules:delete", f"rule:file:{name}", "rule:file")
    directory = (ctx.params.get("relative_dirname") or CUSTOM_DIR).rstrip("/")
    path = f"{directory}/{name}"
    messages = ("Rule was successfully deleted", "Could not delete rule", "Could not delete rule")
    if not (directory == CUSTOM_DIR or directory.startswith(CUSTOM_DIR + "/")):
        return envelope([], failed=[failed_item(1210, [path])], messages=messages)
    if not ctx.state.ruleset.remove(path):
        return envelope([], failed=[failed_item(1906, [path])], messages=messages)
    return envelope([path], messages=messages)


_DIRNAME = ParamSpec(fmt="get_dirnames_path")
_STATUS = ParamSpec(enum=("enabled", "disabled", "all"))
_STRING_LIST = specs(COMMON, PAGING, sort=ParamSpec(fmt="sort"), search=ParamSpec(fmt="search"))
ENDPOINTS = v4_only(
    [  # Wazuh 5.x rules are Sigma YAML in the indexer's Content Manager
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
            "GET",
            "/rules/groups",
            rule_groups,
            _STRING_LIST,
            action="rules:read",
            scoped=True,
            resource_type="rule:file",
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
)
