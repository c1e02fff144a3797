"""Daily jobs elected through the database: several server processes on one database each run
the same background loops, and the first to claim a job's period does it; the others skip it."""

from __future__ import annotations

from advanced_alchemy.config import SQLAlchemyAsyncConfig
from sqlalchemy import String, UniqueConstraint, insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.db.engine import Base


class JobClaim(Base):
    """Who took a job for a period (a day, for the daily ones)."""

    __tablename__ = "job_claim"
    __table_args__ = (UniqueConstraint("job", "period"),)
    job: Mapped[str] = mapped_column(String(64))
    period: Mapped[str] = mapped_column(String(32))


async def claim(config: SQLAlchemyAsyncConfig, job: str, period: str) -> bool:
    """True for the one caller, across processes, that claims `job` for `period` first."""
    async with config.get_session() as session:
        try:
            await session.execute(insert(JobClaim).values(job=job, period=period))
            await session.commit()
        except IntegrityError:
            await session.rollback()
            return False
    return True


__all__ = ["JobClaim", "claim"]
