"""What a member taught the receipt matcher: a printed name, normalised, and the ingredient it is."""

from __future__ import annotations

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.db.engine import Base
from larder.receipts.names import KEY_MAX


class ReceiptMatch(Base):
    """One confirmed match: the next scan that prints a name with this key is matched to this
    ingredient before any fuzzy matching. `updated_at` tells when it was last confirmed."""

    __tablename__ = "receipt_match"
    __table_args__ = (UniqueConstraint("user_id", "name_key"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    # One of the printed name's keys (matching.learned_keys): its own words, folded, and the
    # lexicon's reading of them, which the spellings OCR makes of one name share.
    name_key: Mapped[str] = mapped_column(String(KEY_MAX))
    ingredient_id: Mapped[int] = mapped_column(ForeignKey("ingredient.id", ondelete="CASCADE"), index=True)
