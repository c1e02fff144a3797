"""Expiry dates, labels and the badge and notification windows at their boundaries."""

from __future__ import annotations

from datetime import date

import pytest

from larder.kitchen.expiry import (
    Freshness,
    badge_freshness,
    expiry_date,
    expiry_label,
    notification_freshness,
)
from larder.kitchen.storage import ShelfLife, StoreKind, guess_kind, shelf_life_days

TODAY = date(2026, 11, 24)


@pytest.mark.parametrize(
    ("added", "days", "expected"),
    [
        (date(2026, 11, 24), 0, date(2026, 11, 24)),
        (date(2026, 11, 24), None, date(2026, 12, 8)),  # 14 when missing
        (date(2026, 1, 30), 2, date(2026, 2, 1)),  # month end
        (date(2026, 12, 31), 1, date(2027, 1, 1)),  # year end
        (date(2028, 2, 28), 1, date(2028, 2, 29)),  # leap day
        (date(2027, 2, 28), 1, date(2027, 3, 1)),
        (date(2026, 3, 28), 3, date(2026, 3, 31)),  # over the spring clock change: calendar days
    ],
)
def test_expiry_date(added: date, days: int | None, expected: date) -> None:
    assert expiry_date(added, days) == expected


@pytest.mark.parametrize(
    ("days_left", "badge", "notification"),
    [
        (-1, Freshness.EXPIRED, Freshness.EXPIRED),
        (0, Freshness.EXPIRING, Freshness.EXPIRING),
        (1, Freshness.EXPIRING, Freshness.EXPIRING),
        (2, Freshness.EXPIRING, Freshness.EXPIRING),
        (3, Freshness.EXPIRING, Freshness.FRESH),  # badges look 3 days ahead, notifications 2
        (4, Freshness.FRESH, Freshness.FRESH),
    ],
)
def test_windows(days_left: int, badge: Freshness, notification: Freshness) -> None:
    added = date(2026, 11, 20)
    days = (TODAY - added).days + days_left
    assert badge_freshness(added, days, TODAY) == badge
    assert notification_freshness(added, days, TODAY) == notification


def test_missing_days_fall_back_to_14_for_badges_and_30_for_notifications() -> None:
    added = date(2026, 10, 27)  # 28 days ago
    assert badge_freshness(added, None, TODAY) == Freshness.EXPIRED
    assert notification_freshness(added, None, TODAY) == Freshness.EXPIRING


def test_labels_in_en_gb() -> None:
    assert expiry_label(date(2026, 11, 20), 3, TODAY) == "expired - 23/11/2026"
    assert expiry_label(date(2026, 11, 20), 4, TODAY) == "expires - 24/11/2026"
    assert expiry_label(date(2026, 12, 30), None, TODAY) == "expires - 13/01/2027"


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Freezer", StoreKind.FREEZER),
        ("garage chest freezer", StoreKind.FREEZER),
        ("Fridge", StoreKind.FRIDGE),
        ("Kitchen refrigerator", StoreKind.FRIDGE),
        ("Pantry", StoreKind.PANTRY),
        ("Cupboard", StoreKind.PANTRY),
        ("Fridgerator", StoreKind.PANTRY),  # whole words only
    ],
)
def test_guess_kind(name: str, kind: StoreKind) -> None:
    assert guess_kind(name) == kind


def test_shelf_life_by_kind() -> None:
    chicken = ShelfLife(pantry=None, fridge=2, freezer=270, usual=2)
    flour = ShelfLife(pantry=240, fridge=None, freezer=None, usual=240)
    assert shelf_life_days(chicken, StoreKind.FRIDGE) == 2
    assert shelf_life_days(chicken, StoreKind.FREEZER) == 270
    assert shelf_life_days(chicken, StoreKind.PANTRY) == 2
    assert shelf_life_days(flour, StoreKind.FRIDGE) == 240
    assert shelf_life_days(None, StoreKind.FREEZER) == 14
