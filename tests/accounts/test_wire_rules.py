"""The account forms' rules in the OpenAPI document are the server's, character by character.

The service checks these rules itself (in the spec's words, every problem of a form at once); the
document shows each as one pattern. Here every character of the Basic Multilingual Plane is tried
before, inside and after a valid value: the document's pattern accepts it exactly when the text
rule (checked while decoding) and the service's check both do.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from larder.accounts.profile import new_name_problem
from larder.accounts.schemas import INVITE_CODE_LENGTH, USERNAME_PATTERN
from larder.accounts.service import is_email
from larder.core.base.text import LINE_PATTERN

# Surrogates cannot arrive: a JSON string holding half of a pair is no string to the decoder.
CHARACTERS = [chr(code) for code in range(0x10000) if not 0xD800 <= code <= 0xDFFF]


def decodes(value: str) -> bool:
    return re.search(LINE_PATTERN, value) is not None


RULES: dict[tuple[str, str], tuple[Callable[[str], bool], tuple[str, str]]] = {
    ("RegisterIn", "name"): (lambda v: bool(USERNAME_PATTERN.match(v)), ("alice", "_1")),
    ("RegisterIn", "email"): (is_email, ("ab@", "cd.org")),
    ("RegisterIn", "beta_code"): (lambda v: len(v) == INVITE_CODE_LENGTH, ("ABCD", "EFG")),
    ("ForgotIn", "email"): (is_email, ("ab@", "cd.org")),
    ("ResetPasswordIn", "email"): (is_email, ("ab@", "cd.org")),
    ("AccountUpdateIn", "email"): (is_email, ("ab@", "cd.org")),
    ("AccountUpdateIn", "name"): (lambda v: new_name_problem(v) is None, ("Al", "ce")),
}


def components(client) -> dict[str, Any]:
    return client.get("/api/schema/openapi.json").json()["components"]["schemas"]


def documented(schemas: dict[str, Any], struct: str, field: str) -> re.Pattern[str]:
    return re.compile(schemas[struct]["properties"][field]["pattern"])


def test_the_documented_patterns_are_the_server_rules(client):
    schemas = components(client)
    disagree: dict[str, list[bytes]] = {}
    for (struct, field), (accepted, (head, tail)) in RULES.items():
        pattern = documented(schemas, struct, field)
        found = [
            value.encode("unicode_escape")
            for char in CHARACTERS
            for value in (f"{char}{head}{tail}", f"{head}{char}{tail}", f"{head}{tail}{char}")
            if (pattern.search(value) is not None) != (decodes(value) and accepted(value.strip()))
        ]
        if found:
            disagree[f"{struct}.{field}"] = found[:10]
    assert not disagree


def test_the_documented_name_lengths_are_the_server_rules(client):
    schemas = components(client)
    for struct in ("RegisterIn", "AccountUpdateIn"):
        accepted, _ = RULES[(struct, "name")]
        pattern = documented(schemas, struct, "name")
        for length in range(70):
            for value in ("a" * length, f"  {'a' * length}\u3000"):
                assert (pattern.search(value) is not None) == accepted(value.strip()), (struct, length)


def test_password_minimums_and_preferences_are_documented(client):
    schemas = components(client)
    minimums = {
        ("RegisterIn", "password"): 6,
        ("ResetPasswordIn", "password"): 6,
        ("ChangePasswordIn", "current_password"): 5,
        ("ChangePasswordIn", "new_password"): 5,
    }
    for (struct, field), minimum in minimums.items():
        assert schemas[struct]["properties"][field]["minLength"] == minimum, (struct, field)
    items = schemas["PreferencesIn"]["properties"]["preferences"]["items"]
    assert items["enum"] == ["vegetarian", "vegan", "gluten_free", "sugar_free", "dairy_free"]
