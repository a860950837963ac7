"""``/mitre/*``: techniques, tactics, mitigations, groups, software, references, metadata.

The ``*_ids`` parameters filter by STIX id (``attack-pattern--...``); ids that do not exist are
silently absent, as in Wazuh. T-numbers are looked up with ``q=external_id=T1110``.
"""

from __future__ import annotations

from typing import Any

from standin.framework import Ctx, Endpoint, Handler
from standin.params import COMMON, LISTING, ParamSpec, specs
from standin.problems import envelope
from standin.query import Collection, run

_COMMON_FIELDS = (
    "id",
    "name",
    "description",
    "created_time",
    "modified_time",
    "mitre_version",
    "deprecated",
    "references",
    "external_id",
    "source",
    "url",
)
_DATES = frozenset({"created_time", "modified_time"})
COLLECTIONS: dict[str, tuple[Collection, str]] = {
    "techniques": (
        Collection(
            fields=(
                *_COMMON_FIELDS,
                "mitre_detection",
                "network_requirements",
                "remote_support",
                "subtechnique_of",
                "tactics",
                "mitigations",
                "software",
                "groups",
            ),
            required=("id",),
            date_fields=_DATES,
            list_fields=frozenset({"tactics"}),
            wdb=False,
        ),
        "technique_ids",
    ),
    "tactics": (
        Collection(
            fields=(*_COMMON_FIELDS, "short_name", "techniques"), required=("id",), date_fields=_DATES, wdb=False
        ),
        "tactic_ids",
    ),
    "mitigations": (
        Collection(fields=(*_COMMON_FIELDS, "techniques"), required=("id",), date_fields=_DATES, wdb=False),
        "mitigation_ids",
    ),
    "groups": (
        Collection(fields=(*_COMMON_FIELDS, "software", "techniques"), required=("id",), date_fields=_DATES, wdb=False),
        "group_ids",
    ),
    "software": (
        Collection(fields=(*_COMMON_FIELDS, "groups", "techniques"), required=("id",), date_fields=_DATES, wdb=False),
        "software_ids",
    ),
    "references": (
        Collection(fields=("id", "source", "external_id", "url", "description", "type"), required=("id",), wdb=False),
        "reference_ids",
    ),
}
_NAMES = {
    "techniques": "MITRE techniques",
    "tactics": "MITRE tactics",
    "mitigations": "MITRE mitigations",
    "groups": "MITRE groups",
    "software": "MITRE software",
    "references": "MITRE references",
}


def _handler(kind: str, coll: Collection, ids_param: str) -> Handler:
    async def handle(ctx: Ctx) -> dict[str, Any]:
        items = getattr(ctx.state.mitre, kind)
        wanted = ctx.params.get(ids_param)
        if wanted:
            keep = set(wanted)
            items = [i for i in items if i["id"] in keep]
        page, total = run(items, coll, ctx.list_query(), ctx.now)
        name = _NAMES[kind]
        return envelope(
            page,
            total,
            messages=(
                f"{name} information was returned",
                f"Some {name} information was not returned",
                f"No {name} information was returned",
            ),
        )

    return handle


async def metadata(ctx: Ctx) -> dict[str, Any]:
    return envelope(list(ctx.state.mitre.metadata), messages=("MITRE metadata information was returned",) * 3)


def _endpoints() -> list[Endpoint]:
    out = [Endpoint("GET", "/mitre/metadata", metadata, COMMON, action="mitre:read")]
    for kind, (coll, ids_param) in COLLECTIONS.items():
        listing = LISTING if kind != "references" else {k: v for k, v in LISTING.items() if k != "distinct"}
        params = specs(listing, **{ids_param: ParamSpec("list")})
        out.append(Endpoint("GET", f"/mitre/{kind}", _handler(kind, coll, ids_param), params, action="mitre:read"))
    return out


ENDPOINTS = _endpoints()
