"""JSON text of values from Wazuh's documents, for sizing a page: ``json.JSONEncoder(...).encode`` without its
per-call cost.

The standard encoder builds its C encoder again at every ``encode`` call, which is most of the time of a small
value; a page view sizes a few hundred of them. The C encoder built once gives the same text. It skips the
circular-reference check: what is sized comes from parsed JSON and the view's own dicts, which hold no cycles.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable
from typing import Any


def encoder(*, compact: bool, allow_nan: bool = True) -> Callable[[Any], str]:
    """``json.JSONEncoder(ensure_ascii=False, allow_nan=…, separators=…).encode``: compact (``,`` and ``:``)
    or json.dumps's default separators (``, `` and ``: ``)."""
    item, key = (",", ":") if compact else (", ", ": ")
    plain = json.JSONEncoder(ensure_ascii=False, allow_nan=allow_nan, separators=(item, key))
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # an interpreter without the C accelerator
        return plain.encode
    built = make(None, plain.default, json.encoder.encode_basestring, None, key, item, False, False, allow_nan)

    def encode(value: Any) -> str:
        return "".join(built(value, 0))

    return encode
