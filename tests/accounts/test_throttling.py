"""Login, forgot-password and registration are throttled per client and per e-mail."""

from __future__ import annotations

from larder.accounts.passwords import FORGOT_PER_EMAIL
from larder.accounts.registration import REGISTER_PER_CLIENT
from larder.accounts.signin import ACCOUNT_BACKOFF_AFTER, LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT, LOGIN_PER_CLIENT
from tests.accounts.places import sign_in_from
from tests.support import new_invites, registration, sql


def test_burst_of_wrong_passwords_gets_429(client, member):
    for _ in range(LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.attempts):
        wrong = client.post("/api/pwa/login", json={"email": member.email, "password": "nope-nope"})
        assert wrong.status_code == 401
    blocked = client.post("/api/pwa/login", json={"email": member.email, "password": member.password})
    assert blocked.status_code == 429
    assert blocked.json()["message"].startswith("Too many attempts")
    assert int(blocked.headers["retry-after"]) > 0


def test_login_throttle_per_email_does_not_block_other_accounts(client, member_factory):
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    for _ in range(LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.attempts):
        client.post("/api/pwa/login", json={"email": alice.email, "password": "nope-nope"})
    assert client.post("/api/pwa/login", json={"email": bob.email, "password": bob.password}).status_code == 200


def test_login_throttle_per_client_across_emails(client):
    statuses = [
        client.post("/api/pwa/login", json={"email": f"user{i}@example.org", "password": "x"}).status_code
        for i in range(LOGIN_PER_CLIENT.attempts + 1)
    ]
    assert statuses[:-1] == [401] * LOGIN_PER_CLIENT.attempts
    assert statuses[-1] == 429


def test_forgot_password_throttled_per_email(client, member, mail):
    for _ in range(FORGOT_PER_EMAIL.attempts):
        assert client.post("/api/pwa/forgot-email", json={"email": member.email}).status_code == 200
        mail.next_mail(member.email)
    assert client.post("/api/pwa/forgot-email", json={"email": member.email}).status_code == 429
    mail.assert_empty()


def test_registration_throttled_per_client(client, settings):
    codes = new_invites(settings, count=REGISTER_PER_CLIENT.attempts + 1)
    statuses = [
        client.post("/api/pwa/register-beta", json=registration(f"user_{i:03d}", f"u{i}@example.org", code)).status_code
        for i, code in enumerate(codes)
    ]
    assert statuses[:-1] == [201] * REGISTER_PER_CLIENT.attempts
    assert statuses[-1] == 429


def login(client, email: str, password: str, where: str):
    return sign_in_from(client, email, password, where)


def test_guessing_from_one_place_does_not_lock_the_owner_out(client, member, from_clients, clock):
    for _ in range(LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.attempts):
        assert login(client, member.email, "nope-nope", "attacker").status_code == 401
    assert login(client, member.email, member.password, "attacker").status_code == 429
    # Right after, every attempt on the account waits a moment (the account backoff)...
    waited = login(client, member.email, member.password, "home")
    assert (waited.status_code, waited.headers.get("retry-after")) == (429, "2")
    clock.now += 3
    # ...then the owner, somewhere else, gets in; the guessing place stays locked out.
    assert login(client, member.email, member.password, "home").status_code == 200
    assert login(client, member.email, member.password, "attacker").status_code == 429


def test_guessing_from_many_places_slows_the_account_down_more_and_more(client, member, from_clients, clock):
    for attempt in range(ACCOUNT_BACKOFF_AFTER):
        assert login(client, member.email, "nope-nope", f"bot{attempt}").status_code == 401
    slowed = login(client, member.email, "nope-nope", "bot-new")
    assert (slowed.status_code, slowed.headers["retry-after"]) == (429, "2")
    clock.now += 2
    assert login(client, member.email, "nope-nope", "bot-new").status_code == 401
    slower = login(client, member.email, "nope-nope", "bot-newer")
    assert (slower.status_code, slower.headers["retry-after"]) == (429, "4")
    # Another account is not slowed by it.
    assert login(client, "someone.else@example.org", "whatever1", "bot-new").status_code == 401


def test_a_rolled_back_login_still_counts(client, member, settings, from_clients):
    # A failed login answers 401 and its transaction rolls back; the attempt is kept all the same.
    login(client, member.email, "nope-nope", "somewhere")
    assert sql(settings, "select count(*) from throttle_attempt where key like 'login:fail:%'") == [(2,)]
