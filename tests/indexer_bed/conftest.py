"""The Indexer test bed's fixtures come from tests/engines.py, shared with the tool tests."""

from tests.engines import (  # noqa: F401  (fixtures)
    differential_engines,
    engine,
    opensearch_engine,
    osmem_engine,
    tls_front,
)
