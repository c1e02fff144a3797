"""Receipt scan: a photo read into scan lines matched to catalogue ingredients, and the matches a
member confirms, learned for their next scans (part 2 §2 'Receipt scan', §3 'Scan line', §4).

The photo is checked by its content (an image format we accept, a sane number of pixels) before
the engine sees it, read by the process's one `ReceiptReader` in the member's fair turn
(`turns.ScanTurns`: one scan per member in flight or waiting, the others in the order they came),
turned into item lines
(`lines.read_lines`) and matched (`matching.Matcher`): the member's learned match for the printed
name first, else the fuzzy match over the catalogue. The photo is never stored. A scan writes
nothing.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from litestar import Request
from litestar.datastructures import State
from litestar.di import NamedDependency
from PIL import Image
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue.service import CatalogueService
from larder.core.base.clock import now
from larder.core.base.errors import FormError, NotFound, TooManyRequests
from larder.core.db.service import DomainService
from larder.core.media.images import MAX_PIXELS, MAX_SIDE, sniff_format
from larder.kitchen import units
from larder.receipts.lines import Box, ReceiptLine, read_lines
from larder.receipts.matching import Matcher, learned_keys
from larder.receipts.models import ReceiptMatch
from larder.receipts.ocr import NotAnImage, ScanBusy
from larder.receipts.quantities import bought_amount
from larder.receipts.schemas import (
    MAX_SCAN_BYTES,
    MSG_BUSY,
    MSG_FAILED,
    MSG_NOT_AN_IMAGE,
    MSG_SCAN_IN_PROGRESS,
    MSG_TOO_LARGE,
    MSG_UNKNOWN_INGREDIENT,
    SCAN_FIELD,
    SCANNED_NAME_MAX,
    ConfirmedMatchesIn,
    ScanLineOut,
)
from larder.receipts.turns import MemberScanning, ReaderBusy, ScanTurns
from larder.sharing.service import Member, account_scope

logger = logging.getLogger("larder.receipts")

READER_STATE_KEY = "receipt_reader"
TURNS_STATE_KEY = "receipt_scan_turns"
DEFAULT_UNIT = "unit(s)"  # a line matched to nothing; part 2 §3 'Measurement units'
BUSY_RETRY_SECONDS = 2  # about one scan's time: the engine is free again by then
_UNSENDABLE = re.compile(r"[^\S ]|[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


class PhotoReader(Protocol):
    """What the service needs of the OCR engine (`ocr.ReceiptReader`)."""

    async def read(self, photo: bytes) -> list[Box]: ...


class ClosableReader(PhotoReader, Protocol):
    async def close(self) -> None: ...


def reader_shutdown(reader: ClosableReader) -> Callable[[], Awaitable[None]]:
    """The server's shutdown hook for the reader: unload the engine. A failure there is logged and
    never turns the rest of the shutdown into a failed one."""

    async def close() -> None:
        try:
            await reader.close()
        except Exception:
            logger.exception("closing the receipt reader failed")

    return close


class ReceiptService(DomainService[ReceiptMatch]):
    class Repo(SQLAlchemyAsyncRepository[ReceiptMatch]):
        model_type = ReceiptMatch

    repository_type = Repo

    def __init__(
        self,
        session: AsyncSession,
        *,
        catalogue: CatalogueService,
        reader: PhotoReader,
        turns: ScanTurns | None = None,
    ) -> None:
        """`turns`: the members' turns at the reader, the process's one (a service of its own when
        not given)."""
        super().__init__(session)
        self.catalogue = catalogue
        self.reader = reader
        self.turns = turns if turns is not None else ScanTurns()

    # -- scanning ----------------------------------------------------------------------------
    async def scan(self, member: Member, photo: bytes) -> list[ScanLineOut]:
        """The item lines of the receipt in the photo, top to bottom, each with its match.

        422 {file: [...]} when the photo is too large, not an image we read, or a decompression
        bomb, or when the engine fails on it; 429 with Retry-After while the member has another
        scan in flight or waiting, or while as many scans as may wait are waiting."""
        check_photo(photo)
        # Nothing of the database is needed while the scan waits and the engine reads: the
        # request's turn goes to the next one meanwhile, and the reads below run in a fresh
        # transaction.
        await self.uow.pause()
        try:
            async with self.turns.turn(member.id):
                boxes = await self._read(photo)
        except MemberScanning:
            raise TooManyRequests(BUSY_RETRY_SECONDS, MSG_SCAN_IN_PROGRESS) from None
        except ReaderBusy:
            raise TooManyRequests(BUSY_RETRY_SECONDS, MSG_BUSY) from None
        lines = read_lines(boxes)
        if not lines:
            return []
        matcher = Matcher(await self.catalogue.ingredient_options())
        names = [_printed(line.name) for line in lines]
        learned = await self._learned(member.id, names)
        return [_scan_line(name, line, matcher, learned) for name, line in zip(names, lines, strict=True)]

    async def _read(self, photo: bytes) -> list[Box]:
        try:
            return await self.reader.read(photo)
        except ScanBusy:
            raise TooManyRequests(BUSY_RETRY_SECONDS, MSG_BUSY) from None
        except NotAnImage:
            raise _file_error(MSG_NOT_AN_IMAGE) from None
        except Exception:
            # The engine failed on this photo (a broken model file, an image it chokes on): the
            # member hears that the receipt could not be read, the log keeps why.
            logger.exception("reading a receipt photo failed")
            raise _file_error(MSG_FAILED) from None

    async def _learned(self, user_id: int, names: Iterable[str]) -> dict[str, int]:
        keys_of = {name: learned_keys(name) for name in names}
        keys = {key for name_keys in keys_of.values() for key in name_keys}
        if not keys:
            return {}
        rows = await self.session.execute(
            select(ReceiptMatch.name_key, ReceiptMatch.ingredient_id, ReceiptMatch.updated_at).where(
                ReceiptMatch.user_id == user_id, ReceiptMatch.name_key.in_(keys)
            )
        )
        stored = {key: (updated_at, ingredient_id) for key, ingredient_id, updated_at in rows}
        # A name's keys may hold different confirmations (another spelling of it confirmed later
        # under the lexicon's key): the newest is the member's last word, answered under the
        # name's first key, which the matcher reads first.
        learned: dict[str, int] = {}
        for name_keys in keys_of.values():
            found = [stored[key] for key in name_keys if key in stored]
            if found:
                learned[name_keys[0]] = max(found, key=lambda row: row[0])[1]
        return learned

    # -- learning ----------------------------------------------------------------------------
    async def learn(self, member: Member, data: ConfirmedMatchesIn) -> None:
        """Record the member's confirmed matches: the next scan matches each printed name (by its
        keys, see matching.learned_keys) to the confirmed ingredient. A later confirmation of the
        same name replaces the earlier one. 404 when a value is no catalogue ingredient; then
        nothing is recorded."""
        wanted: dict[str, int] = {}
        for match in data.matches:
            # Under the name as printed, which no lexicon change moves, and as the lexicon reads it,
            # which also takes the spellings OCR makes of it (glued or split words, plurals).
            for key in learned_keys(match.name):
                wanted[key] = match.value  # the last confirmation of a name in the call wins
        values = {match.value for match in data.matches}
        known = await self.catalogue.ingredient_names(values)
        unknown = sorted(values - known.keys())
        if unknown:  # an id that names nothing, as everywhere in the API
            raise NotFound(MSG_UNKNOWN_INGREDIENT.format(value=unknown[0]))
        if not wanted:
            return
        async with self.uow.write(account_scope(member.id)):
            existing = {
                row.name_key: row
                for row in await self.session.scalars(
                    select(ReceiptMatch).where(ReceiptMatch.user_id == member.id, ReceiptMatch.name_key.in_(wanted))
                )
            }
            moment = now()
            for key, ingredient_id in wanted.items():
                row = existing.get(key)
                if row is None:
                    self.session.add(ReceiptMatch(user_id=member.id, name_key=key, ingredient_id=ingredient_id))
                else:
                    row.ingredient_id = ingredient_id
                    row.updated_at = moment
            await self.session.flush()


def check_photo(photo: bytes) -> None:
    """Refuse by content, before any decoding: too many bytes, a format we do not read, or a
    header that claims more pixels than a phone photo has (a decompression bomb)."""
    if len(photo) > MAX_SCAN_BYTES:
        raise _file_error(MSG_TOO_LARGE)
    image_format = sniff_format(photo[:16])
    if image_format is None:
        raise _file_error(MSG_NOT_AN_IMAGE)
    try:
        # Reads the header only; Pillow's own bomb check may refuse it already.
        with Image.open(io.BytesIO(photo), formats=[image_format]) as image:
            width, height = image.size
    except Exception:
        raise _file_error(MSG_NOT_AN_IMAGE) from None
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE and width * height <= MAX_PIXELS):
        raise _file_error(MSG_NOT_AN_IMAGE)


def _printed(name: str) -> str:
    """The name as the member may send it back (confirmed matches, a custom store item): one line
    without control characters, at most SCANNED_NAME_MAX characters."""
    return " ".join(_UNSENDABLE.sub(" ", name).split())[:SCANNED_NAME_MAX].rstrip()


def _scan_line(name: str, line: ReceiptLine, matcher: Matcher, learned: dict[str, int]) -> ScanLineOut:
    """`name`: the line's name as answered (and so as a confirmation names it)."""
    option = matcher.match(name, learned)
    # What was bought: the count times the pack size the name prints ("Apfelsaft 1,5 l" is 1.5 l,
    # "6X1.25L" 7.5 l), or the weight; else the count in the unit it is bought in (1 l of milk).
    measured_by = units.dimension(option.default_unit) if option is not None else None
    quantity, unit = bought_amount(line.quantity, line.unit, name, measured_by=measured_by)
    return ScanLineOut(
        name=name,
        matchedItem=option,
        quantity=max(1.0, quantity),  # part 2 §5: a scan quantity is at least 1
        unit=unit or ((option.buy_unit or option.default_unit) if option else DEFAULT_UNIT),
        price=line.price,
        currency=line.currency,
        sku=line.sku,
        checked=option is not None,
    )


def _file_error(message: str) -> FormError:
    return FormError({SCAN_FIELD: [message]})


def provide_receipt_service(
    state: State,
    request: Request[Any, Any, Any],
    db_session: NamedDependency[AsyncSession],
    catalogue: NamedDependency[CatalogueService],
) -> ReceiptService:
    return ReceiptService(
        db_session,
        catalogue=catalogue,
        reader=state[READER_STATE_KEY],
        turns=scan_turns(state),
    )


def scan_turns(state: State) -> ScanTurns:
    """The process's turns at its reader, made with the app's first scan (one event loop serves
    the app, so no two requests make it at once)."""
    turns = state.get(TURNS_STATE_KEY)
    if turns is None:
        turns = state[TURNS_STATE_KEY] = ScanTurns()
    return turns


__all__ = [
    "READER_STATE_KEY",
    "TURNS_STATE_KEY",
    "ClosableReader",
    "PhotoReader",
    "ReceiptService",
    "check_photo",
    "provide_receipt_service",
    "reader_shutdown",
    "scan_turns",
]
