"""GET /account, PUT /account/update, PUT /account/change-password — part 1 §5, §7, §8."""

from __future__ import annotations

import pytest

from tests.support import bearer, login, sql


def update(client, member, **body):
    return client.put("/api/pwa/account/update", headers=member.headers, json=body)


def change_password(client, member, current, new, confirm=None):
    return client.put(
        "/api/pwa/account/change-password",
        headers=member.headers,
        json={
            "current_password": current,
            "new_password": new,
            "confirm_password": new if confirm is None else confirm,
        },
    )


def test_update_name(client, member, mail):
    response = update(client, member, name="Alice Smith", email=member.email)
    assert response.status_code == 200
    assert response.json()["message"] == "User Updated."
    assert response.json()["user"]["name"] == "Alice Smith"
    assert client.get("/api/pwa/account", headers=member.headers).json()["name"] == "Alice Smith"
    mail.assert_empty()


@pytest.mark.parametrize("name", ["abc", "   ab   ", ""])
def test_name_must_be_longer_than_three(client, member, name):
    response = update(client, member, name=name, email=member.email)
    assert response.status_code == 422
    assert response.json()["errors"]["name"] == ["Username must be longer than 3 characters."]


def test_name_of_four_is_enough(client, member):
    assert update(client, member, name="abcd", email=member.email).status_code == 200


@pytest.mark.parametrize("hidden", ["\u00a0", "\u200b", "\u00ad", "\u2003", "\ufeff", "\ue000"])
def test_name_may_not_hide_characters(client, member, hidden):
    response = update(client, member, name=f"Alice{hidden}Smith", email=member.email)
    assert response.status_code == 422
    assert response.json()["errors"]["name"] == ["Username may not contain control characters."]


def test_name_may_have_spaces_and_any_alphabet(client, member):
    response = update(client, member, name="\u00a0Zoë O'Brien-Łukasz 山田\u3000", email=member.email)
    assert response.status_code == 200
    assert response.json()["user"]["name"] == "Zoë O'Brien-Łukasz 山田"


@pytest.mark.parametrize("address", ["x", "x@y", "x@y.", "@y.z", "x y@z.w"])
def test_email_must_look_like_x_at_y_dot_z(client, member, address):
    response = update(client, member, name=member.name, email=address)
    assert response.status_code == 422
    assert response.json()["errors"]["email"] == ["Invalid email address"]


def test_values_must_differ(client, member):
    response = update(client, member, name=member.name, email=member.email.upper())
    assert response.status_code == 409
    assert response.json()["message"] == "Values must differ from the current ones."


def test_changed_email_becomes_unverified_and_gets_a_verification_mail(client, settings, mail, member):
    sql(settings, "update user_account set email_verified_at = created_at")
    assert client.get("/api/pwa/account", headers=member.headers).json()["email_verified"] is True
    response = update(client, member, name=member.name, email="alice.new@example.org", current_password=member.password)
    assert response.status_code == 200
    assert response.json()["user"]["email"] == "alice.new@example.org"
    assert response.json()["user"]["email_verified"] is False
    _, kind, token = mail.next_mail("alice.new@example.org").link()
    assert kind == "verify"
    assert client.post("/api/pwa/verify-email", json={"token": token}).status_code == 200
    assert client.get("/api/pwa/account", headers=member.headers).json()["email_verified"] is True


def test_a_new_email_needs_the_current_password(client, member, mail):
    missing = update(client, member, name=member.name, email="taken.over@example.org")
    assert missing.status_code == 403
    assert missing.json()["errors"] == {
        "current_password": ["Please enter your current password to change your email address."]
    }
    wrong = update(client, member, name=member.name, email="taken.over@example.org", current_password="guess123")
    assert wrong.status_code == 403
    assert wrong.json()["errors"] == {"current_password": ["The current password is incorrect."]}
    assert client.get("/api/pwa/account", headers=member.headers).json()["email"] == member.email
    mail.assert_empty()
    # A new name alone needs no password.
    assert update(client, member, name="Alice Renamed", email=member.email).status_code == 200


def test_email_of_another_account_is_refused_and_nothing_changes(client, member_factory):
    alice = member_factory("alice_1", "alice@example.org")
    member_factory("bobby_1", "bob@example.org")
    response = update(client, alice, name="Alice Renamed", email="bob@example.org")
    assert response.status_code == 409
    assert response.json()["errors"]["email"] == ["An account with this email address already exists."]
    assert client.get("/api/pwa/account", headers=alice.headers).json()["name"] == "alice_1"


def test_name_of_another_account_is_refused(client, member_factory):
    alice = member_factory("alice_1", "alice@example.org")
    member_factory("bobby_1", "bob@example.org")
    response = update(client, alice, name="BOBBY_1", email=alice.email)
    assert response.status_code == 409
    assert response.json()["errors"]["name"] == ["This username is already taken."]


def test_update_needs_a_token(client):
    assert client.put("/api/pwa/account/update", json={"name": "abcd", "email": "a@b.co"}).status_code == 401


def test_change_password_revokes_every_session(client, member):
    other_device = login(client, member.email)
    response = change_password(client, member, member.password, "brandnew")
    assert response.status_code == 200
    assert response.json()["message"] == "Password Updated, logging out"
    assert client.get("/api/pwa/account", headers=member.headers).status_code == 401
    assert client.get("/api/pwa/account", headers=bearer(other_device)).status_code == 401
    assert login(client, member.email, "brandnew")


def test_wrong_current_password_is_refused(client, member):
    response = change_password(client, member, "not-my-password", "brandnew")
    assert response.status_code == 403
    assert response.json()["errors"]["current_password"] == ["The current password is incorrect."]
    assert client.get("/api/pwa/account", headers=member.headers).status_code == 200


def test_change_password_length_and_match_rules(client, member):
    response = change_password(client, member, "abcd", "wxyz", confirm="wxyq")
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "current_password": ["Current password must be at least 5 characters."],
        "new_password": ["New password must be at least 5 characters."],
        "confirm_password": ["Password does not match."],
    }


def test_five_character_new_password_is_allowed(client, member):
    assert change_password(client, member, member.password, "five5").status_code == 200
    assert login(client, member.email, "five5")


def test_filter_preferences_are_saved_to_the_account(client, member):
    response = client.put(
        "/api/pwa/account/preferences", headers=member.headers, json={"preferences": ["vegan", "gluten_free", "vegan"]}
    )
    assert response.status_code == 200
    assert response.json()["user"]["preferences"] == ["vegan", "gluten_free"]
    assert client.get("/api/pwa/account", headers=member.headers).json()["preferences"] == ["vegan", "gluten_free"]


def test_unknown_preferences_are_refused(client, member):
    response = client.put("/api/pwa/account/preferences", headers=member.headers, json={"preferences": ["keto"]})
    assert response.status_code == 422
    assert "keto" in response.json()["errors"]["preferences"][0]
    assert client.put("/api/pwa/account/preferences", json={"preferences": []}).status_code == 401


def test_an_address_or_name_taken_after_the_checks_is_refused_by_the_index_with_the_same_409(
    client, member_factory, monkeypatch
):
    """Members' updates do not wait for each other (PostgreSQL): another may take the name or address
    between the checks and the write, and the unique index refuses it then."""
    from larder.accounts.service import UserService

    async def nothing_taken(self, user, name, email, current_password):
        return email != user.email

    monkeypatch.setattr(UserService, "_check_update", nothing_taken)
    alice = member_factory("alice_1", "alice@example.org")
    member_factory("bobby_1", "bob@example.org")
    before = client.get("/api/pwa/account", headers=alice.headers).json()
    response = update(client, alice, name="Alice Renamed", email="bob@example.org", current_password=alice.password)
    assert response.status_code == 409
    assert response.json()["errors"] == {"email": ["An account with this email address already exists."]}
    response = update(client, alice, name="BOBBY_1", email=alice.email)
    assert response.status_code == 409
    assert response.json()["errors"] == {"name": ["This username is already taken."]}
    assert client.get("/api/pwa/account", headers=alice.headers).json() == before
