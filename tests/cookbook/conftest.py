"""Fixtures of tests/cookbook (defined in support.py so tests/admin can import them too)."""

from tests.cookbook.support import admin, author, catalogue, other  # noqa: F401
