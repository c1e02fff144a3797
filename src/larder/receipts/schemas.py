"""The wire contract of receipt scan (part 2 §3 'Scan line'; field names exactly as the spec writes them)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from larder.catalogue.schemas import IngredientOptionOut
from larder.core.base.ids import Id
from larder.core.base.text import Line
from larder.stores.schemas import NAME_MAX as STORE_ITEM_NAME_MAX

SCAN_FIELD = "file"  # the multipart field of POST /api/pwa/receipt-scan
MAX_SCAN_BYTES = 12 * 1024 * 1024  # a phone photo as the camera makes it
SCAN_IMAGE_TYPES = ("image/jpeg", "image/png", "image/webp", "image/gif")

MSG_NO_FILE = "Choose a photo of a receipt."
MSG_NOT_AN_IMAGE = "This file is not a picture we can read."
MSG_TOO_LARGE = "This photo is too large (at most 12 MB)."
MSG_BUSY = "Another receipt is being read. Try again in a moment."
MSG_SCAN_IN_PROGRESS = "You already have a scan in progress. Wait for it to finish, then scan the next one."
MSG_FAILED = "The receipt could not be read."
MSG_UNKNOWN_INGREDIENT = "Unknown ingredient {value}: pick one from the list."

# A scanned name may become a custom item's name in a store, so it is never longer than that.
SCANNED_NAME_MAX = STORE_ITEM_NAME_MAX
MATCHES_MAX = 200  # confirmed matches in one call: the lines of one (very long) receipt


class ScanLineOut(msgspec.Struct):
    """One bought item read from the receipt. `name` is the text as printed (the web app shows it as
    'Result: {name}'); `matchedItem` the ingredient option it was matched to, or null ('No Matches
    Found.'); `quantity` at least 1; `unit` the matched ingredient's default unit (or 'unit(s)');
    `price` the line's amount as printed (null never reaches the client: rows without a price are
    not item lines); `currency` as the receipt says it (€, EUR, RM, $, £) or null; `sku` an article
    number printed on the row, or null; `checked` true when the line was matched."""

    name: str
    matchedItem: IngredientOptionOut | None  # the spec's name
    quantity: float
    unit: str
    price: float | None
    currency: str | None
    sku: str | None
    checked: bool


class ConfirmedMatchIn(msgspec.Struct):
    """A scanned name and the catalogue ingredient the member confirmed for it (`value`, an
    ingredient id): the next scan matches that name the same way."""

    name: Annotated[Line, msgspec.Meta(min_length=1, max_length=SCANNED_NAME_MAX)]
    value: Id


class ConfirmedMatchesIn(msgspec.Struct):
    """POST /api/pwa/receipt-scan/matches, sent by Confirm after the stock went into the store."""

    matches: Annotated[list[ConfirmedMatchIn], msgspec.Meta(max_length=MATCHES_MAX)]
