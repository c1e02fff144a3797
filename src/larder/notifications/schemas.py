"""Wire contract of the notification settings (the daily expiry e-mail)."""

from __future__ import annotations

from typing import Annotated

import msgspec

DEFAULT_HOUR = 8


class DigestSettings(msgspec.Struct):
    """GET and PUT /api/pwa/notifications/settings."""

    expiry_email: bool = False
    expiry_email_hour: Annotated[int, msgspec.Meta(ge=0, le=23)] = DEFAULT_HOUR
