"""ReceiptService.scan on its own: from item lines to scan lines (quantity, unit, checked, the
learned match first), with a stand-in engine and the item lines given, and the database left
alone while the engine reads."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from sqlalchemy import text

from larder.catalogue.service import CatalogueService
from larder.receipts import service as receipt_service
from larder.receipts.lines import ReceiptLine
from larder.receipts.matching import normalise
from larder.receipts.models import ReceiptMatch
from larder.receipts.schemas import SCANNED_NAME_MAX, ConfirmedMatchesIn
from larder.receipts.service import ReceiptService
from larder.sharing.service import Member
from tests.receipts.rendered import ENGLISH, photo
from tests.stores.support import kitchen as kitchen
from tests.support import run_db


class WatchingReader:
    """Answers no boxes (the lines are given), and notes whether the session had a transaction
    open while it read."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.in_transaction: list[bool] = []

    async def read(self, photo: bytes) -> list[Any]:
        self.in_transaction.append(self.session.in_transaction())
        return []


LINES = [
    ReceiptLine(name="CHKN BRST 500G", quantity=1, price=4.5, currency="£", sku="0123456"),
    ReceiptLine(name="Vollmilch 3,5%", quantity=2, price=2.38, currency=None, sku=None),
    ReceiptLine(name="EGGS LOOSE", quantity=0.5, price=0.3, currency="£", sku=None),  # a weighed half
    ReceiptLine(name="CANDLES", quantity=1, price=3.0, currency="£", sku=None),
]


@pytest.fixture
def given_lines(monkeypatch):
    monkeypatch.setattr(receipt_service, "read_lines", lambda boxes: list(LINES))


def run_scan(settings, member_id: int, learned: dict[str, int] | None = None) -> tuple[list[Any], list[bool]]:
    async def work(session: Any) -> tuple[list[Any], list[bool]]:
        for key, ingredient_id in (learned or {}).items():
            session.add(ReceiptMatch(user_id=member_id, name_key=key, ingredient_id=ingredient_id))
        await session.flush()
        await session.commit()
        await session.execute(text("select 1"))  # a transaction open again
        reader = WatchingReader(session)
        service = ReceiptService(
            session, catalogue=CatalogueService(session, uploads_dir=settings.uploads_dir), reader=reader
        )
        found = await service.scan(Member(id=member_id, email="alice@example.org", verified=True), photo(ENGLISH))
        return found, reader.in_transaction

    return run_db(settings, work)


def test_item_lines_become_scan_lines(settings, member, kitchen, given_lines):
    found, _ = run_scan(settings, member.id)
    by_name = {line.name: line for line in found}
    assert [line.name for line in found] == [line.name for line in LINES]

    chicken = by_name["CHKN BRST 500G"]
    assert chicken.matchedItem.value == kitchen.ingredients["Chicken breast"]
    assert (chicken.unit, chicken.quantity, chicken.checked) == ("g", 500, True)  # the pack size printed
    assert (chicken.price, chicken.currency, chicken.sku) == (4.5, "£", "0123456")

    milk = by_name["Vollmilch 3,5%"]
    assert (milk.matchedItem.name, milk.unit, milk.quantity) == ("Milk", "ml", 2)

    eggs = by_name["EGGS LOOSE"]
    assert (eggs.matchedItem.name, eggs.unit, eggs.quantity) == ("Egg", "unit(s)", 1)  # at least 1

    candles = by_name["CANDLES"]
    assert (candles.matchedItem, candles.unit, candles.checked) == (None, "unit(s)", False)


def test_the_members_learned_match_comes_first(settings, member, kitchen, given_lines):
    learned = {normalise("CHKN BRST"): kitchen.ingredients["Bacon"], normalise("CANDLES"): kitchen.ingredients["Flour"]}
    found, _ = run_scan(settings, member.id, learned)
    by_name = {line.name: line for line in found}
    assert by_name["CHKN BRST 500G"].matchedItem.name == "Bacon"
    assert (by_name["CHKN BRST 500G"].unit, by_name["CHKN BRST 500G"].checked) == ("g", True)  # 500 g bought
    assert (by_name["CANDLES"].unit, by_name["CANDLES"].quantity) == ("g", 1)  # no size: the ingredient's unit
    assert by_name["CANDLES"].matchedItem.name == "Flour"
    assert by_name["EGGS LOOSE"].matchedItem.name == "Egg"


def test_names_come_back_as_a_confirmation_or_a_custom_item_may_send_them(settings, member, kitchen, monkeypatch):
    long_name = "CHKN\tBRST\x00 FILLET\u202e " + "EXTRA " * 40
    monkeypatch.setattr(receipt_service, "read_lines", lambda boxes: [ReceiptLine(long_name, 1, 9.99, None, None)])
    (line,), _ = run_scan(settings, member.id)
    assert line.name.startswith("CHKN BRST FILLET EXTRA")
    assert len(line.name) <= SCANNED_NAME_MAX
    assert msgspec.json.decode(
        msgspec.json.encode({"matches": [{"name": line.name, "value": 1}]}), type=ConfirmedMatchesIn
    )
    assert line.matchedItem.name == "Chicken breast"


@pytest.mark.parametrize(
    ("line", "quantity", "unit"),
    [
        (ReceiptLine("Apfelsaft 1,5 l", 1, 1.19, "€", None), 1.5, "l"),
        (ReceiptLine("COLA 6X1.25L", 1, 7.50, "€", None), 7.5, "l"),  # six bottles: 7.5 l bought
        (ReceiptLine("Vollmilch 3,5% 1L", 2, 2.38, "€", None), 2, "l"),
        (ReceiptLine("TIGER BEER CAN 4*6*320M", 1, 108.5, "RM", None), 7.68, "l"),
        (ReceiptLine("Bananen", 0.482, 1.44, "€", None, "kg"), 482, "g"),  # at least 1: in grams
        (ReceiptLine("Eier 10 Stück", 1, 2.99, "€", None), 10, "unit(s)"),
        (ReceiptLine("CANDLES", 3, 3.0, "£", None), 3, "unit(s)"),  # no size, no match: the count
    ],
)
def test_a_pack_size_or_weight_becomes_the_quantity_and_unit_bought(
    settings, member, kitchen, monkeypatch, line, quantity, unit
):
    monkeypatch.setattr(receipt_service, "read_lines", lambda boxes: [line])
    (found,), _ = run_scan(settings, member.id)
    assert (found.quantity, found.unit) == (pytest.approx(quantity), unit)


def test_the_engine_reads_with_no_transaction_open(settings, member, kitchen, given_lines):
    _, in_transaction = run_scan(settings, member.id)
    assert in_transaction == [False]
