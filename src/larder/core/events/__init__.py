"""Live changes: what changed, told after its transaction commits to the streams that may see it,
within one process and across processes (a SQLite file's table, PostgreSQL's NOTIFY).
"""
