"""mitre.*: Wazuh's bundled MITRE ATT&CK dataset (Server API ``/mitre/*``)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.errors import NotFound
from wazuh_mcp.models.common import excerpt
from wazuh_mcp.models.mitre import MitreSearchResult, MitreTechniqueResult, Technique
from wazuh_mcp.runtime.context import deps
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools._args import require

TECHNIQUE_ID_PATTERN = r"^T[0-9]{4}(\.[0-9]{3})?$"
TechniqueId = Annotated[
    str,
    Field(
        min_length=4,
        max_length=16,
        pattern=TECHNIQUE_ID_PATTERN,
        description="ATT&CK technique id: T1110, or a sub-technique like T1110.001.",
    ),
]
# Wazuh's q language gives ; , ( ) < > = ~ ! meaning: keep caller text to plain words.
_SAFE_TEXT = r"^[A-Za-z0-9 ._/'&-]+$"
TECHNIQUE_SELECT = "external_id,name,tactics,description,url,deprecated"
_STIX_ID = re.compile(r"attack-pattern--[0-9a-fA-F-]{36}")
"""A technique's STIX id as a tactic lists it: only these are sent back to Wazuh in ``technique_ids``."""


async def tactics_by_id(ctx: Context[Any, Any]) -> dict[str, dict[str, Any]]:
    """Tactic STIX id → tactic record (name, short_name, external_id, techniques); fetched once."""
    app = deps(ctx)
    if app.mitre_tactics is None:
        page = await app.server_api().page(
            "/mitre/tactics",
            action="mitre:read",
            params={"limit": 500, "select": "id,name,short_name,external_id,techniques"},
        )
        app.mitre_tactics = {str(item["id"]): item for item in page.items if "id" in item}
    return app.mitre_tactics


def _text(value: Any, limit: int) -> str:
    return excerpt(str(value), limit) or "" if value is not None else ""


def to_technique(item: dict[str, Any], tactics: dict[str, dict[str, Any]]) -> Technique:
    """A technique of the manager's MITRE dataset, every string cleaned and bounded (the dataset is the
    manager's files: what a model reads of it is text like any other answer's)."""
    listed = item.get("tactics") or []
    named = [tactics[str(t)].get("name") if str(t) in tactics else t for t in listed[:20] if t is not None]
    return Technique(
        id=_text(item.get("external_id"), 16),
        name=_text(item.get("name"), 200),
        tactics=[name for name in (_text(n, 64) for n in named) if name],
        description=excerpt(item.get("description")),
        url=excerpt(item.get("url"), 300) if item.get("url") is not None else None,
        deprecated=bool(item.get("deprecated")),
    )


async def fetch_technique(ctx: Context[Any, Any], technique_id: str) -> Technique:
    """One technique by T-number (``q=external_id=…``: ``technique_ids`` takes STIX ids, not T-numbers)."""
    page = (
        await deps(ctx)
        .server_api()
        .page(
            "/mitre/techniques",
            action="mitre:read",
            params={
                "q": f"external_id={technique_id}",
                "limit": 1,
                "select": TECHNIQUE_SELECT,
            },
        )
    )
    if not page.items:
        raise NotFound(
            f"MITRE technique {technique_id} is not in Wazuh's ATT&CK dataset.",
            hint="Check the id, or use search_mitre to find it by name.",
        )
    return to_technique(page.items[0], await tactics_by_id(ctx))


@tool("mitre.get_mitre_technique", title="Get MITRE technique")
async def get_mitre_technique(ctx: Context[Any, Any], technique_id: TechniqueId) -> MitreTechniqueResult:
    """Look up a MITRE ATT&CK technique by id (T1110, T1110.001): name, tactics (by name),
    description excerpt and ATT&CK URL. An unknown id is `not_found`."""
    return MitreTechniqueResult(technique=await fetch_technique(ctx, technique_id))


def _resolve_tactic(tactics: dict[str, dict[str, Any]], wanted: str) -> dict[str, Any]:
    key = wanted.strip().lower()
    for record in tactics.values():
        names = {str(record.get(k, "")).lower() for k in ("name", "short_name", "external_id")}
        if key in names or key.replace(" ", "-") in names:
            return record
    known = ", ".join(sorted(_text(r.get("name"), 64) for r in tactics.values()))
    raise NotFound(f"Unknown MITRE tactic '{wanted}'.", hint=f"Use one of: {known}.")


@tool("mitre.search_mitre", title="Search MITRE techniques")
async def search_mitre(
    ctx: Context[Any, Any],
    q: Annotated[
        str | None,
        Field(
            min_length=2,
            max_length=64,
            pattern=_SAFE_TEXT,
            description="Text contained in the technique name, e.g. 'brute'.",
        ),
    ] = None,
    tactic: Annotated[
        str | None,
        Field(
            min_length=2,
            max_length=64,
            pattern=_SAFE_TEXT,
            description="Tactic name, short name or id: 'Credential Access', 'credential-access' or 'TA0006'.",
        ),
    ] = None,
    size: Annotated[int, Field(ge=1, le=200, description="Techniques to return (1..200).")] = 50,
) -> MitreSearchResult:
    """Search MITRE ATT&CK techniques by name substring and/or tactic (at least one). Compact techniques
    with tactic names; `truncated` says whether more match (no offset: raise size, up to 200)."""
    require(q is not None or tactic is not None, "search_mitre needs q (a name substring) or tactic, or both.")
    tactics = await tactics_by_id(ctx)
    params: dict[str, Any] = {"limit": size, "select": TECHNIQUE_SELECT, "sort": "+external_id"}
    if q is not None:
        params["q"] = f"name~{q}"
    if tactic is not None:
        record = _resolve_tactic(tactics, tactic)
        ids = record.get("techniques") or []
        if isinstance(ids, str):  # some Wazuh versions return the list as its Python repr
            ids = [p.strip(" '[]") for p in ids.split(",") if p.strip(" '[]")]
        # sent back in the query: only what is shaped like a STIX id (an answer cannot make the URL)
        ids = [i for i in ids if isinstance(i, str) and _STIX_ID.fullmatch(i)]
        if not ids:
            return MitreSearchResult(techniques=[], total=0, truncated=False)
        params["technique_ids"] = ",".join(ids)
    page = await deps(ctx).server_api().page("/mitre/techniques", action="mitre:read", params=params)
    techniques = [to_technique(item, tactics) for item in page.items]
    return MitreSearchResult(techniques=techniques, total=page.total, truncated=len(techniques) < page.total)


TOOLS = [get_mitre_technique, search_mitre]
