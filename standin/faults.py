"""Fault switches: how the stand-in misbehaves on purpose, for resilience tests.

Set them in-process (``server.faults.set(fail_next=2)``) or over HTTP with
``POST /__standin__/faults`` (JSON, same keys) when the app was built with ``control=True``.
Counted faults apply to the next N API requests (control routes are never affected) in this
order: drop, garbage, fail. ``expire_tokens`` is an action, not a switch: every token issued
so far answers 401 "Invalid token" from then on.

The ``upload_*_next`` switches fail a rule upload AFTER the file is written, the way a real manager
was seen to fail (issue 25: HTTP 500 for a value over 2,048 bytes, the file left on disk whatever the
mode): the file stays as uploaded, refused by the loader or not, and then the answer is 1113 as if
Wazuh had cleaned up (``upload_1113_next``), a 500 (``upload_500_next``), a dropped connection
(``upload_drop_next``), nothing for ``upload_hang_s`` seconds (``upload_hang_next``: the client times
out), or a success (``upload_ok_next``: with ``refuse_upload_next``, validation fails afterwards).
``upload_late_next`` writes the file only ``upload_hang_s`` seconds after the request arrived (an upload
still running on the manager when its client gave up), then answers.

``malformed_next`` answers the next N requests for the path ``malformed_path`` (exact, any method; "" for
any path) with HTTP 200 and a JSON body that is not a Wazuh envelope in the way ``malformed_shape`` names
(``MALFORMED``): what a proxy, a broken manager or a man in the middle could answer, for the client's shape
checks and the applier's fail-closed path.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, fields
from typing import Any, Literal

FaultKind = Literal["drop", "garbage", "fail"]
UploadFault = Literal["1113", "500", "drop", "hang", "ok", "late"]
FAIL_STATUSES = (500, 502, 503)
_COUNTS = {"total_affected_items": 1, "total_failed_items": 0}
MALFORMED: dict[str, dict[str, Any]] = {
    "data_list": {"data": [{"affected_items": []}], "error": 0},
    "items_not_list": {"data": {"affected_items": 5, "failed_items": [], **_COUNTS}, "error": 0},
    "item_not_object": {"data": {"affected_items": ["x"], "failed_items": [], **_COUNTS}, "error": 0},
    "item_without_id": {"data": {"affected_items": [{}], "failed_items": [], **_COUNTS}, "error": 0},
    "failed_not_object": {
        "data": {"affected_items": [], "failed_items": ["x"], "total_affected_items": 0, "total_failed_items": 1},
        "error": 1,
    },
    "total_not_count": {"data": {"affected_items": [], "failed_items": [], "total_affected_items": "many"}, "error": 0},
    "no_data": {"error": 0},
    "empty": {},
    "data_null": {"data": None, "error": 0},
    "data_string": {"data": "done", "error": 0},
    "no_affected": {"data": {"failed_items": [], **_COUNTS}, "error": 0},
    "failed_missing": {"data": {"affected_items": ["001"], **_COUNTS}, "error": 0},
    "failed_not_list": {"data": {"affected_items": ["001"], "failed_items": "none", **_COUNTS}, "error": 0},
    "affected_not_id": {"data": {"affected_items": [{"id": "001"}], "failed_items": [], **_COUNTS}, "error": 0},
    "error_no_message": {"error": 1},
    # an envelope of the right shape whose agents are not the ones asked (the request names agent 001)
    "affected_other": {"data": {"affected_items": ["999"], "failed_items": [], **_COUNTS}, "error": 0},
    "affected_blank": {"data": {"affected_items": [""], "failed_items": [], **_COUNTS}, "error": 0},
    "failed_other": {
        "data": {
            "affected_items": [],
            "failed_items": [{"error": {"code": 1707, "message": "Cannot send request"}, "id": ["999"]}],
            "total_affected_items": 0,
            "total_failed_items": 1,
        },
        "error": 1,
    },
    "reached_and_failed": {
        "data": {
            "affected_items": ["001"],
            "failed_items": [{"error": {"code": 1707, "message": "Cannot send request"}, "id": ["001"]}],
            **_COUNTS,
        },
        "error": 2,
    },
    "failed_twice": {
        "data": {
            "affected_items": [],
            "failed_items": [{"error": {"code": 1707, "message": "Cannot send request"}, "id": ["001"] * 100_000}],
            "total_affected_items": 0,
            "total_failed_items": 1,
        },
        "error": 1,
    },
    "accounts_for_none": {
        "data": {"affected_items": [], "failed_items": [], "total_affected_items": 0, "total_failed_items": 0},
        "error": 0,
    },
}
"""Bodies a Wazuh Server API never answers with HTTP 200, by name (``malformed_shape``)."""


@dataclass
class Faults:
    latency_s: float = 0.0  # added before every API answer
    fail_next: int = 0  # the next N requests answer fail_status
    fail_status: int = 503
    drop_next: int = 0  # the next N requests lose their connection mid-answer
    garbage_next: int = 0  # the next N requests answer 200 with a body that is not JSON
    restart_window_s: float = 0.0  # after a restart, cluster status says "not running" this long
    refuse_upload_next: int = 0  # the next N rule uploads are refused as Wazuh's loader refuses (1113 / 1908)
    failed_daemons: int = 0  # /manager/status reports this many daemons (analysisd first) as "failed"
    upload_1113_next: int = 0  # the next N rule uploads are written, kept, then answered 1113
    upload_500_next: int = 0  # the next N rule uploads are written, kept, then answered HTTP 500
    upload_drop_next: int = 0  # the next N rule uploads are written, kept, then lose their connection
    upload_hang_next: int = 0  # the next N rule uploads are written, kept, then answered upload_hang_s late
    upload_ok_next: int = 0  # the next N rule uploads are written, kept, then answered as loaded
    upload_late_next: int = 0  # the next N rule uploads are written upload_hang_s late, kept, then answered
    upload_hang_s: float = 30.0
    malformed_next: int = 0  # the next N requests for malformed_path answer MALFORMED[malformed_shape]
    malformed_path: str = ""
    malformed_shape: str = "data_list"
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def set(self, **changes: Any) -> None:
        """Change switches; unknown keys and bad values raise ValueError (the HTTP route says 400)."""
        known = {
            "latency_s",
            "fail_next",
            "fail_status",
            "drop_next",
            "garbage_next",
            "restart_window_s",
            "refuse_upload_next",
            "failed_daemons",
            "upload_1113_next",
            "upload_500_next",
            "upload_ok_next",
            "upload_late_next",
            "upload_drop_next",
            "upload_hang_next",
            "upload_hang_s",
            "malformed_next",
            "malformed_path",
            "malformed_shape",
        }
        unknown = set(changes) - known
        if unknown:
            raise ValueError(f"unknown fault switch(es): {', '.join(sorted(unknown))}")
        with self._lock:
            for key, value in changes.items():
                if key == "fail_status" and value not in FAIL_STATUSES:
                    raise ValueError(f"fail_status must be one of {FAIL_STATUSES}")
                if key in ("malformed_path", "malformed_shape"):
                    if not isinstance(value, str) or (key == "malformed_shape" and value not in MALFORMED):
                        raise ValueError(f"{key} must be a string; malformed_shape one of {', '.join(MALFORMED)}")
                    setattr(self, key, value)
                    continue
                if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                    raise ValueError(f"{key} must be a non-negative number")
                setattr(self, key, float(value) if key.endswith("_s") else int(value))

    def reset(self) -> None:
        with self._lock:
            self.latency_s = 0.0
            self.fail_next = self.drop_next = self.garbage_next = self.refuse_upload_next = self.failed_daemons = 0
            self.upload_1113_next = self.upload_500_next = self.upload_drop_next = 0
            self.upload_hang_next = self.upload_ok_next = self.upload_late_next = 0
            self.upload_hang_s = 30.0
            self.malformed_next, self.malformed_path, self.malformed_shape = 0, "", "data_list"
            self.fail_status = 503
            self.restart_window_s = 0.0

    def take(self) -> FaultKind | None:
        """The counted fault this request gets, if any (consumes one)."""
        with self._lock:
            kinds: tuple[FaultKind, ...] = ("drop", "garbage", "fail")
            for kind in kinds:
                attr = f"{kind}_next"
                if getattr(self, attr) > 0:
                    setattr(self, attr, getattr(self, attr) - 1)
                    return kind
        return None

    def take_malformed(self, path: str) -> dict[str, Any] | None:
        """The malformed body this request for ``path`` gets, if ``malformed_next`` says so (consumes one)."""
        with self._lock:
            if self.malformed_next > 0 and self.malformed_path in ("", path):
                self.malformed_next -= 1
                return MALFORMED[self.malformed_shape]
        return None

    def take_refusal(self) -> bool:
        """True when this upload is to be refused by the ``refuse_upload_next`` switch (consumes one)."""
        with self._lock:
            if self.refuse_upload_next > 0:
                self.refuse_upload_next -= 1
                return True
        return False

    def take_upload_fault(self) -> UploadFault | None:
        """How this rule upload fails once its file is written, if an ``upload_*_next`` switch says so."""
        with self._lock:
            kinds: tuple[UploadFault, ...] = ("1113", "500", "drop", "hang", "ok", "late")
            for kind in kinds:
                attr = f"upload_{kind}_next"
                if getattr(self, attr) > 0:
                    setattr(self, attr, getattr(self, attr) - 1)
                    return kind
        return None

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return {f.name: getattr(self, f.name) for f in fields(self) if not f.name.startswith("_")}
