"""The database: the engine and its SQLite driver, a request's session and unit of work with its write
turns, the base of every domain service, migrations and the setup turn, date arithmetic in SQL, who
uses a data dir, and what is counted in the database (daily jobs, throttles).
"""
