"""A whole instance kept safe: backup archives (taken, kept, pruned, restored) and the copy of every
row between SQLite and PostgreSQL.
"""
