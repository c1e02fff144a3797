"""Recipes imported from a link or a file. What follows runs before any module of the package imports
httpx (imports/fetch.py, imports/pinning.py)."""

import sys

# httpx's package imports its command line whenever click, rich and pygments are installed (they
# are: litestar's own command line brings them), and the server would hold them for good (3 MB)
# without ever running it. A None module makes that one import fail, which httpx expects: its
# `httpx.main` is then a stub that says the CLI extras are missing.
sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]  # typeshed allows modules only
