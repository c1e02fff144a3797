"""A browser that signed in to an account before (it holds the device token of that sign-in) is not
held back by the account-wide back-off that guessing from many addresses sets off; strangers are."""

from __future__ import annotations

import time

import jwt
import pytest
from litestar.testing import TestClient

from larder.accounts.devices import DEVICE_COOKIE_PATH, DEVICE_FAILURES, cookie_name
from larder.accounts.service import UserService
from larder.accounts.signin import ACCOUNT_BACKOFF_AFTER, ACCOUNT_BACKOFF_WINDOW_SECONDS
from larder.app import create_app
from tests.accounts.places import Place, sign_in_from
from tests.factories import make_member
from tests.support import make_settings, run_db

WRONG = "nope-nope"


def strangers_guess(client, email: str, times: int = ACCOUNT_BACKOFF_AFTER, *, tag: str = "stranger") -> None:
    """Wrong passwords for `email`, each from an address never seen before: the account-wide back-off
    holds afterwards."""
    for attempt in range(times):
        assert sign_in_from(client, email, WRONG, f"{tag}-{attempt}").status_code == 401
    assert sign_in_from(client, email, WRONG, f"{tag}-next").status_code == 429


def device_of(place: Place, user_id: int) -> str:
    return place.cookies[cookie_name(user_id)]


def test_the_owners_browser_signs_in_while_strangers_guess_from_many_addresses(client, member, from_clients, clock):
    home = Place(client, "home")
    assert home.login(member.email, member.password).status_code == 200
    # A wrong password from a new address every 0.6 s for a minute; the owner tries every 6 s.
    owner_in = 0
    strangers: list[int] = []
    for attempt in range(100):
        strangers.append(sign_in_from(client, member.email, WRONG, f"bot-{attempt}").status_code)
        if attempt % 10 == 5:
            owner_in += home.login(member.email, member.password).status_code == 200
        if strangers[-1] == 429:
            # The owner on a phone that never signed in is an unknown client: held back like the rest.
            assert sign_in_from(client, member.email, member.password, f"new-phone-{attempt}").status_code == 429
        clock.now += 0.6
    assert owner_in == 10
    assert set(strangers) == {401, 429}
    assert strangers[:ACCOUNT_BACKOFF_AFTER] == [401] * ACCOUNT_BACKOFF_AFTER
    assert strangers.count(401) < 20  # the back-off held them: about one guess per doubling wait


def test_the_device_token_is_an_http_only_strict_cookie_for_the_sign_in_call(client, member):
    response = client.post("/api/pwa/login", json={"email": member.email, "password": member.password})
    assert response.status_code == 200
    cookie = response.headers["set-cookie"]
    attributes = {part.strip().split("=")[0].lower(): part.strip() for part in cookie.split(";")}
    assert cookie.startswith(f"{cookie_name(member.id)}=")
    assert attributes["path"] == f"Path={DEVICE_COOKIE_PATH}"
    assert attributes["samesite"].lower() == "samesite=strict"
    assert "httponly" in attributes
    assert "secure" not in attributes  # the instance is served over http
    assert int(attributes["max-age"].split("=")[1]) > 30 * 86_400
    assert set(response.json()) == {"token", "user"}  # the wire answer is unchanged


def test_the_device_cookie_is_secure_when_the_instance_is_served_over_https(tmp_path, migrated_db, database_env):
    settings = make_settings(
        str(tmp_path / "https"), template_db=migrated_db, LARDER_PUBLIC_URL="https://larder.test", **database_env
    )
    owner = make_member(settings, "alice_1", "alice@example.org")
    with TestClient(create_app(settings)) as client:
        response = client.post("/api/pwa/login", json={"email": owner.email, "password": owner.password})
    assert response.status_code == 200
    assert "secure" in [part.strip().lower() for part in response.headers["set-cookie"].split(";")]


def _forged(settings, home: Place, owner, other) -> str:
    return jwt.encode(jwt.decode(device_of(home, owner.id), options={"verify_signature": False}), "not-the-key")


def _expired(settings, home: Place, owner, other) -> str:
    claims = jwt.decode(device_of(home, owner.id), options={"verify_signature": False})
    return jwt.encode({**claims, "exp": int(time.time()) - 1}, settings.secret_key, algorithm="HS256")


def _other_accounts(settings, home: Place, owner, other) -> str:
    return device_of(home, other.id)


def _session_token(settings, home: Place, owner, other) -> str:
    return owner.token


def _renamed_to_another_account(settings, home: Place, owner, other) -> str:
    claims = jwt.decode(device_of(home, owner.id), options={"verify_signature": False})
    return jwt.encode({**claims, "sub": str(other.id)}, "not-the-key", algorithm="HS256")


@pytest.mark.parametrize("bad", [_forged, _expired, _other_accounts, _session_token, _renamed_to_another_account])
def test_only_a_valid_device_token_of_the_account_skips_the_back_off(
    client, settings, member_factory, from_clients, clock, bad
):
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    home = Place(client, "home")
    assert home.login(alice.email, alice.password).status_code == 200
    assert home.login(bob.email, bob.password).status_code == 200
    strangers_guess(client, alice.email)
    impostor = Place(client, "home")
    impostor.cookies = {cookie_name(alice.id): bad(settings, home, alice, bob)}
    assert impostor.login(alice.email, alice.password).status_code == 429
    assert home.login(alice.email, alice.password).status_code == 200


def test_a_device_token_that_fails_too_often_is_locked_out_of_its_account(client, member, from_clients, clock):
    phone = Place(client, "cafe")
    laptop = Place(client, "home")
    assert phone.login(member.email, member.password).status_code == 200
    assert laptop.login(member.email, member.password).status_code == 200
    # The phone moves between networks: a new address for every wrong password.
    for attempt in range(DEVICE_FAILURES.attempts):
        phone.where = f"train-{attempt}"
        assert phone.login(member.email, WRONG).status_code == 401
    clock.now += 5  # past any account-wide wait ten failures could have set off
    phone.where = "office"
    locked = phone.login(member.email, member.password)
    assert locked.status_code == 429
    assert int(locked.headers["retry-after"]) > DEVICE_FAILURES.window_seconds - 10
    # The lock-out is the phone's: the laptop and an unknown client still sign in.
    assert laptop.login(member.email, member.password).status_code == 200
    assert sign_in_from(client, member.email, member.password, "library").status_code == 200
    clock.now += DEVICE_FAILURES.window_seconds
    assert phone.login(member.email, member.password).status_code == 200


def change_password(client, member, new_password: str) -> None:
    response = client.put(
        "/api/pwa/account/change-password",
        headers=member.headers,
        json={"current_password": member.password, "new_password": new_password, "confirm_password": new_password},
    )
    assert response.status_code == 200, response.text
    member.password = new_password


def test_a_password_change_ends_the_accounts_device_tokens(client, member, from_clients, clock):
    home = Place(client, "home")
    assert home.login(member.email, member.password).status_code == 200
    strangers_guess(client, member.email)
    assert home.login(member.email, member.password).status_code == 200
    stolen = Place(client, "elsewhere")
    stolen.cookies = dict(home.cookies)
    change_password(client, member, "brand-new-1")
    # The token issued under the old password is any stranger's now, even with the new password.
    assert stolen.login(member.email, member.password).status_code == 429
    clock.now += ACCOUNT_BACKOFF_WINDOW_SECONDS  # the strangers' failures are forgotten; the owner signs in
    assert home.login(member.email, member.password).status_code == 200
    strangers_guess(client, member.email, tag="again")
    assert home.login(member.email, member.password).status_code == 200
    assert stolen.login(member.email, member.password).status_code == 429


def test_a_password_reset_ends_the_accounts_device_tokens(client, mail, member, from_clients, clock):
    home = Place(client, "home")
    assert home.login(member.email, member.password).status_code == 200
    strangers_guess(client, member.email)
    assert home.login(member.email, member.password).status_code == 200
    assert client.post("/api/pwa/forgot-email", json={"email": member.email}).status_code == 200
    _, _, token = mail.next_mail(member.email).link()
    reset = {"email": member.email, "password": "reset-pass-1", "password_confirmation": "reset-pass-1"}
    assert client.post("/api/pwa/reset-password", json={**reset, "token": token}).status_code == 200
    assert home.login(member.email, "reset-pass-1").status_code == 429


def test_a_deleted_accounts_device_tokens_end_with_it(client, settings, member_factory, from_clients, clock):
    alice = member_factory("alice_1", "alice@example.org")
    home = Place(client, "home")
    assert home.login(alice.email, alice.password).status_code == 200
    old_token = device_of(home, alice.id)

    async def delete(session):
        await UserService(session=session, settings=settings).delete_by_email(alice.email)

    run_db(settings, delete)
    again = member_factory("alice_2", "alice@example.org")
    assert again.id != alice.id
    laptop = Place(client, "laptop")
    assert laptop.login(again.email, again.password).status_code == 200
    strangers_guess(client, again.email)
    # The old account's token helps the new account neither under its own cookie nor under the new one.
    home.cookies[cookie_name(again.id)] = old_token
    assert home.login(again.email, again.password).status_code == 429
    assert laptop.login(again.email, again.password).status_code == 200
