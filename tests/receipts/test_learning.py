"""POST /api/pwa/receipt-scan/matches: a member's confirmed matches are learned, and the next scan
matches those printed names the same way."""

from __future__ import annotations

from typing import Any

import pytest

from larder.receipts.matching import learned_keys
from larder.receipts.schemas import MATCHES_MAX, MSG_UNKNOWN_INGREDIENT, SCANNED_NAME_MAX
from tests.receipts.rendered import ENGLISH, photo, recorded_boxes
from tests.receipts.scan_support import MATCHES, RecordedReader, confirm, learned_rows, scan, use_reader
from tests.receipts.scan_support import shipped as shipped


@pytest.fixture
def english(client) -> RecordedReader:
    return use_reader(client, RecordedReader(recorded_boxes("english")))


def scanned(client: Any, member: Any) -> list[dict[str, Any]]:
    answer = scan(client, member, photo(ENGLISH))
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


def line_with(lines: list[dict[str, Any]], word: str) -> dict[str, Any]:
    return next(line for line in lines if word in line["name"].upper().replace(" ", ""))


def test_a_confirmed_match_is_how_the_next_scan_matches_that_name(client, member, settings, shipped, english):
    first = scanned(client, member)
    bag, bananas = line_with(first, "CARRIER"), line_with(first, "BANANAS")
    assert bag["matchedItem"] is None
    assert bananas["matchedItem"]["name"] == "Banana"

    answer = confirm(
        client,
        member,
        [{"name": bag["name"], "value": shipped["Tea bag"]}, {"name": bananas["name"], "value": shipped["Plantain"]}],
    )
    assert answer.status_code == 204, answer.text
    assert answer.content == b""

    again = scanned(client, member)
    bag, bananas = line_with(again, "CARRIER"), line_with(again, "BANANAS")
    assert bag["matchedItem"]["value"] == shipped["Tea bag"]
    assert (bag["checked"], bag["unit"]) == (True, bag["matchedItem"]["default_unit"])
    assert bananas["matchedItem"]["name"] == "Plantain"  # learned comes before the fuzzy match
    assert line_with(again, "CHKN")["matchedItem"]["name"] == "Chicken breast"  # the rest as before
    # Each name under its printed words and under the lexicon's reading of them.
    keys = {key for line in (bag, bananas) for key in learned_keys(line["name"])}
    assert {row[1] for row in learned_rows(settings, member.id)} == keys


def test_learned_matches_are_the_members_own(client, member_factory, shipped, english):
    alice = member_factory("alice_1", "alice@example.org", verified=True)
    bob = member_factory("bobby_1", "bob@example.org", verified=True)
    bag = line_with(scanned(client, alice), "CARRIER")
    assert confirm(client, alice, [{"name": bag["name"], "value": shipped["Tea bag"]}]).status_code == 204
    assert line_with(scanned(client, bob), "CARRIER")["matchedItem"] is None
    assert line_with(scanned(client, alice), "CARRIER")["matchedItem"]["name"] == "Tea bag"


def test_the_same_name_confirmed_again_replaces_the_earlier_match(client, member, settings, shipped, english):
    assert confirm(client, member, [{"name": "BANANAS LOOSE", "value": shipped["Plantain"]}]).status_code == 204
    assert line_with(scanned(client, member), "BANANAS")["matchedItem"]["name"] == "Plantain"
    # Another spelling of the same name (weight, case, the shop word run in) shares the lexicon's
    # key, and the newest confirmation is the one the next scan takes.
    assert confirm(client, member, [{"name": "Bananasloose 1.2kg", "value": shipped["Banana"]}]).status_code == 204
    assert (member.id, "banana", shipped["Banana"]) in learned_rows(settings, member.id)
    assert line_with(scanned(client, member), "BANANAS")["matchedItem"]["name"] == "Banana"
    # Within one call the last confirmation of a name wins.
    both = [{"name": "OJ 1L", "value": shipped["Apple juice"]}, {"name": "OJ 2L", "value": shipped["Orange juice"]}]
    assert confirm(client, member, both).status_code == 204
    rows = learned_rows(settings, member.id)
    assert {(member.id, key, shipped["Orange juice"]) for key in learned_keys("OJ 1L")} <= set(rows)
    assert all(row[2] != shipped["Apple juice"] for row in rows)


def test_an_empty_confirmation_is_fine(client, member, settings):
    assert confirm(client, member, []).status_code == 204
    assert learned_rows(settings) == []


def test_a_value_that_is_no_catalogue_ingredient_is_404_and_nothing_is_learned(client, member, settings, shipped):
    unknown = max(shipped.values()) + 1000
    answer = confirm(
        client, member, [{"name": "BANANAS", "value": shipped["Banana"]}, {"name": "MYSTERY", "value": unknown}]
    )
    assert answer.status_code == 404, answer.text
    assert answer.json() == {"message": MSG_UNKNOWN_INGREDIENT.format(value=unknown)}
    assert learned_rows(settings) == []


BAD_BODIES = {
    "no matches": {},
    "matches not a list": {"matches": {"name": "X", "value": 1}},
    "value zero": {"matches": [{"name": "X", "value": 0}]},
    "value negative": {"matches": [{"name": "X", "value": -3}]},
    "value as text": {"matches": [{"name": "X", "value": "1"}]},
    "value beyond 64 bits": {"matches": [{"name": "X", "value": 2**70}]},
    "value missing": {"matches": [{"name": "X"}]},
    "empty name": {"matches": [{"name": "", "value": 1}]},
    "name with a line break": {"matches": [{"name": "MILK\nEGGS", "value": 1}]},
    "name too long": {"matches": [{"name": "M" * (SCANNED_NAME_MAX + 1), "value": 1}]},
    "too many matches": {"matches": [{"name": f"ITEM {n}", "value": 1} for n in range(MATCHES_MAX + 1)]},
}


@pytest.mark.parametrize("case", BAD_BODIES)
def test_a_malformed_confirmation_is_refused_and_nothing_is_learned(client, member, settings, shipped, case):
    answer = client.post(MATCHES, json=BAD_BODIES[case], headers=member.headers)
    assert answer.status_code in (400, 422), answer.text
    assert "message" in answer.json()
    assert learned_rows(settings) == []


def test_the_longest_names_and_the_most_matches_allowed_are_learned(client, member, settings, shipped):
    longest = {"name": "CHKN BRST " * (SCANNED_NAME_MAX // 10), "value": shipped["Chicken breast"]}
    many = [
        {"name": f"THING Q{chr(65 + n % 26)}{chr(65 + n // 26)}X", "value": shipped["Egg"]}
        for n in range(MATCHES_MAX - 1)
    ]
    assert confirm(client, member, [longest, *many]).status_code == 204
    keys = {key for match in (longest, *many) for key in learned_keys(match["name"])}
    assert len(keys) > MATCHES_MAX  # the longest name has two keys
    assert {row[1] for row in learned_rows(settings, member.id)} == keys
