"""Date arithmetic in SQL that both databases understand, written once for each.

SQLite keeps a date as 'YYYY-MM-DD' text and adds days with date(start, '+N days'); PostgreSQL has
a real date type to which an integer adds days. The expression is typed as a Date, so both give a
`datetime.date` back, and dates compared with it are bound the way each database keeps them.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Date
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement


class days_after(FunctionElement[Any]):
    """`start` plus `days` days, as a date."""

    type = Date()
    name = "days_after"
    inherit_cache = True


@compiles(days_after, "sqlite")
def _days_after_sqlite(element: days_after, compiler: SQLCompiler, **kw: Any) -> str:
    start, days = (compiler.process(clause, **kw) for clause in element.clauses)
    return f"date({start}, '+' || CAST({days} AS TEXT) || ' days')"


@compiles(days_after)
def _days_after(element: days_after, compiler: SQLCompiler, **kw: Any) -> str:
    start, days = (compiler.process(clause, **kw) for clause in element.clauses)
    return f"({start} + {days})"


__all__ = ["days_after"]
