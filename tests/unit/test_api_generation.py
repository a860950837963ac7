"""The one rule for a Server API's generation, checked against the versions Wazuh's own specs declare
(``info.version`` of the 4.14.7 and 5.0.0 OpenAPI files in ``../shared/reference``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from wazuh_mcp.backends.api_generation import generation_of
from wazuh_mcp.errors import ConfigurationError

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"
SPECS = {
    4: REFERENCE / "wazuh" / "server-api" / "spec-4.14.7.yaml",
    5: REFERENCE / "wazuh5" / "server-api" / "spec-5.0.0.yaml",
}


@pytest.mark.parametrize("generation", [4, 5])
def test_the_version_each_spec_declares_is_its_generation(generation: int) -> None:
    spec = SPECS[generation]
    if not spec.exists():
        pytest.skip(f"{spec} is not in this checkout")
    version = str(yaml.safe_load(spec.read_text())["info"]["version"])
    assert generation_of(version) == generation


@pytest.mark.parametrize(
    ("version", "generation"),
    [("4.8.0", 4), ("v4.8.2", 4), ("4.14.7", 4), ("5.0.0", 5), ("v5.0.0-beta5", 5), ("5.1.3", 5)],
)
def test_supported_versions(version: str, generation: int) -> None:
    assert generation_of(version) == generation


@pytest.mark.parametrize(
    ("version", "words"),
    [
        ("4.7.5", "need 4.8 or later"),
        ("v4.3.10", "need 4.8 or later"),
        ("4.15.0", "serves Wazuh 4.8 to 4.14"),
        ("6.0.0", "serves Wazuh 4.8 to 4.14, and Wazuh 5.x"),
        ("3.13.0", "need 4.8 or later"),
        ("", "did not report a Wazuh version"),
        ("banana", "did not report a Wazuh version"),
        ("10004.14.7", "did not report a Wazuh version"),  # the whole answer is the version
        ("\u0665.\u0660.\u0660", "did not report a Wazuh version"),  # ASCII digits only
        ("9" * 5000 + ".0", "did not report a Wazuh version"),  # past int()'s digit limit: refused, not raised
    ],
)
def test_other_versions_are_refused_in_words(version: str, words: str) -> None:
    with pytest.raises(ConfigurationError) as refused:
        generation_of(version)
    assert words in str(refused.value) and refused.value.code == "configuration_error"
    assert refused.value.hint
