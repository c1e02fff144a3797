"""The opt-in daily expiry e-mail: at the member's hour, once a local day, verified addresses only."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, timedelta
from typing import Any

from larder.core.base.settings import Settings
from larder.core.db.engine import build_alchemy_config
from larder.core.mail.email import Mailer
from larder.notifications.service import send_due_digests
from tests.mealplans.rows import catalogue_recipe
from tests.stores.support import STORES
from tests.support import as_date, make_settings, sql

SETTINGS = "/api/pwa/notifications/settings"


def run_round(settings: Settings, moment: datetime) -> int:
    async def work() -> int:
        config = build_alchemy_config(settings)
        try:
            return await send_due_digests(config, settings, Mailer(settings), moment)
        finally:
            await config.get_engine().dispose()

    return asyncio.run(work())


def stock_expiring_chicken(client: Any, member: Any, kitchen: Any) -> None:
    store = client.post(STORES, json={"name": "Fridge", "description": "Kitchen"}, headers=member.headers).json()
    items = {"items": [{"value": kitchen.value("Chicken breast"), "quantity": 300}, {"name": "Old jam"}]}
    answer = client.post(f"{STORES}/{store['data']['id']}/items", json=items, headers=member.headers)
    assert answer.status_code == 200, answer.text
    # The jam was bought 20 days ago: expired (14 days); the chicken keeps 2 days in a fridge.
    sql(settings_of(client), "update store_item set date_added = :old where name = 'Old jam'", old=days_ago(20))


def settings_of(client: Any) -> Settings:
    return client.app.state["settings"]


def days_ago(days: int) -> datetime:
    return datetime.now(UTC) - timedelta(days=days)


def insert(settings: Settings, table: str, **values: Any) -> int:
    values = {"created_at": datetime(2026, 1, 1, tzinfo=UTC), "updated_at": datetime(2026, 1, 1, tzinfo=UTC), **values}
    columns = ", ".join(values)
    marks = ", ".join(f":{name}" for name in values)
    sql(settings, f"insert into {table} ({columns}) values ({marks})", **values)  # noqa: S608 — the test's own names
    return sql(settings, f"select max(id) from {table}")[0][0]  # noqa: S608


def opt_in(client: Any, member: Any, hour: int) -> None:
    answer = client.put(SETTINGS, json={"expiry_email": True, "expiry_email_hour": hour}, headers=member.headers)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"data": {"expiry_email": True, "expiry_email_hour": hour}}


def test_settings_are_off_by_default_and_checked(client, member):
    assert client.get(SETTINGS, headers=member.headers).json() == {
        "data": {"expiry_email": False, "expiry_email_hour": 8}
    }
    for hour in (-1, 24, "7"):
        answer = client.put(SETTINGS, json={"expiry_email": True, "expiry_email_hour": hour}, headers=member.headers)
        assert answer.status_code == 400 or answer.status_code == 422, answer.text
        assert "expiry_email_hour" in answer.text
    opt_in(client, member, 18)
    assert client.get(SETTINGS, headers=member.headers).json()["data"] == {
        "expiry_email": True,
        "expiry_email_hour": 18,
    }
    client.put(SETTINGS, json={"expiry_email": False}, headers=member.headers)
    assert client.get(SETTINGS, headers=member.headers).json()["data"]["expiry_email"] is False


def test_sent_at_the_hour_once_a_day(client, member_factory, kitchen, mail):
    member = member_factory(verified=True)
    stock_expiring_chicken(client, member, kitchen)
    opt_in(client, member, 9)
    settings = settings_of(client)
    today = datetime.now(UTC).astimezone().replace(minute=0, second=0, microsecond=0)

    assert run_round(settings, today.replace(hour=8, minute=59)) == 0
    mail.assert_empty()

    assert run_round(settings, today.replace(hour=9, minute=5)) == 1
    sent = mail.next_mail(member.email)
    assert sent.subject == "1 item expires in the next 2 days"
    assert "Chicken breast in Fridge" in sent.body
    assert "Expired:" in sent.body and "Old jam" in sent.body
    assert "/user-notifications" in sent.body
    assert "Cook from what you have" not in sent.body  # no recipe uses the chicken

    # Later the same day, or from a second round after a restart: nothing more.
    assert run_round(settings, today.replace(hour=21)) == 0
    mail.assert_empty()
    # The next day it goes out again (the jam is still there).
    assert run_round(settings, today.replace(hour=10) + timedelta(days=1)) == 1
    assert mail.next_mail(member.email).subject == "1 item expires in the next 2 days"


def test_it_suggests_up_to_three_recipes_that_use_up_what_expires(client, member_factory, kitchen, mail):
    member = member_factory(verified=True)
    stock_expiring_chicken(client, member, kitchen)
    opt_in(client, member, 9)
    settings = settings_of(client)
    chicken, flour = kitchen.ingredients["Chicken breast"], kitchen.ingredients["Flour"]
    for name in ("Chicken stew", "Chicken soup", "Chicken curry", "Roast chicken"):
        catalogue_recipe(settings, name, [(chicken, 300, "g")])
    catalogue_recipe(settings, "Chicken pie", [(chicken, 300, "g"), (flour, 200, "g")])  # flour not at home
    catalogue_recipe(settings, "Too much chicken", [(chicken, 2, "kg")])  # more than there is

    assert run_round(settings, datetime.now(UTC).astimezone().replace(hour=9, minute=5)) == 1
    body = mail.next_mail(member.email).body
    lines = body.splitlines()
    start = lines.index("Cook from what you have:") + 1
    ideas = lines[start : start + 3]
    assert ideas == [
        "- Chicken curry: 1 of 1 ingredients at home · uses chicken breast (expires in 2 days)",
        "- Chicken soup: 1 of 1 ingredients at home · uses chicken breast (expires in 2 days)",
        "- Chicken stew: 1 of 1 ingredients at home · uses chicken breast (expires in 2 days)",
    ]
    assert lines[start + 3] == f"More ideas: {settings.public_url}/cook"


def test_nothing_for_an_unverified_address_or_nothing_to_say(client, member_factory, kitchen, mail):
    unverified = member_factory("bobby_1", "bob@example.org", verified=False)
    stock_expiring_chicken(client, unverified, kitchen)
    opt_in(client, unverified, 0)
    calm = member_factory("carol_1", "carol@example.org", verified=True)
    opt_in(client, calm, 0)
    assert run_round(settings_of(client), datetime.now(UTC).astimezone().replace(hour=12)) == 0
    mail.assert_empty()


def test_not_opted_in_gets_nothing(client, member_factory, kitchen, mail):
    member = member_factory(verified=True)
    stock_expiring_chicken(client, member, kitchen)
    assert run_round(settings_of(client), datetime.now(UTC).astimezone().replace(hour=23)) == 0
    mail.assert_empty()


def test_the_hour_and_the_day_are_the_instance_zone(tmp_path, mail, migrated_db):
    """At 20:30 UTC it is already 09:30 the next day in Auckland (UTC+13 in summer)."""
    settings = make_settings(
        str(tmp_path / "nz"),
        template_db=migrated_db,
        LARDER_TIMEZONE="Pacific/Auckland",
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(mail.port),
    )
    stamp = datetime(2026, 1, 1, tzinfo=UTC)
    user_id = insert(
        settings,
        "user_account",
        name="kiwi_nz",
        email="kiwi@example.org",
        password_hash="x",
        role="user",
        email_verified_at=stamp,
        preferences="[]",
    )
    store_id = insert(settings, "food_store", user_id=user_id, name="Pantry", description="Cupboard", kind="pantry")
    # Added at 2026-11-24 20:00 UTC = 2026-11-25 09:00 in Auckland, keeps 1 day: expires 26/11 local.
    insert(
        settings,
        "store_item",
        store_id=store_id,
        value="CUSTOM-x",
        name="Kiwi fruit",
        quantity=1,
        unit="unit",
        default_unit="unit",
        default_quantity=1,
        date_added=datetime(2026, 11, 24, 20, tzinfo=UTC),
        estimated_expiry_days=1,
        checked=False,
    )
    insert(settings, "expiry_digest", user_id=user_id, hour=9)

    assert run_round(settings, datetime(2026, 11, 24, 19, 30, tzinfo=UTC)) == 0  # 08:30 local
    assert run_round(settings, datetime(2026, 11, 24, 20, 30, tzinfo=UTC)) == 1  # 09:30 local
    sent = mail.next_mail("kiwi@example.org")
    assert sent.subject == "1 item expires in the next 2 days"
    assert "expires 26/11/2026" in sent.body
    ((last_sent_on,),) = sql(settings, "select last_sent_on from expiry_digest")
    assert as_date(last_sent_on) == date(2026, 11, 25)
