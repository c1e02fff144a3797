"""Pure kitchen arithmetic shared by every domain: units, (later) conversion, the merge rule and expiry.

No database, no I/O, no web framework and no other larder package: import-linter holds it to that.
"""
