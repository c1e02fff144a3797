"""Tests of PostgreSQL's own machinery: collected only under `make test-postgres`
(tests/postgres_cluster.py names the server)."""

from __future__ import annotations

import os

from tests.postgres_cluster import ENV_SERVER

collect_ignore_glob = [] if os.environ.get(ENV_SERVER) else ["test_*.py"]
