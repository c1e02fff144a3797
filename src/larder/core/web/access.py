"""Route options read by the app-wide access guard (the guard itself lives with the accounts).

Every route needs a signed-in caller unless its handler, controller or router says otherwise in
`opt`, so a route that forgets to say anything is closed, never open.
"""

from __future__ import annotations

from typing import Any

PUBLIC_KEY = "public"
IDENTIFY_KEY = "identify"

# Anyone may call it (health, login, the catalogue, the web app itself).
PUBLIC: dict[str, Any] = {PUBLIC_KEY: True}
# Anyone may call it, and a valid token, when one is sent, names the caller (contact form).
PUBLIC_IDENTIFIED: dict[str, Any] = {PUBLIC_KEY: True, IDENTIFY_KEY: True}

__all__ = ["IDENTIFY_KEY", "PUBLIC", "PUBLIC_IDENTIFIED", "PUBLIC_KEY"]
