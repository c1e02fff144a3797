"""The account tests sign up, verify and log in the way a person does: every `member` here is
registered over HTTP (invite, register-beta, verification mail, login), not made as rows."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.factories import Member


@pytest.fixture
def member_factory(registered_member_factory: Callable[..., Member]) -> Callable[..., Member]:
    return registered_member_factory
