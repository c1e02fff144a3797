"""Device tokens: a browser that has signed in to an account before is known to that account.

After many wrong passwords for an account from anywhere, every attempt on it waits (the account-wide
back-off, service.py), so a stranger guessing from many addresses could keep its owner out. As in
OWASP's "Slow Down Online Guessing Attacks with Device Cookies", a successful sign-in leaves a
device token in the browser; a sign-in that presents a valid one for the account it names skips the
account-wide back-off and is limited by the token's own failures instead (too many lock that token
out of the account). Unknown clients keep every limit they had.

The token is a signed value, not a stored one: a JWT (HMAC-SHA256 with the instance's secret key)
naming the account, a random id (the nonce its failures are counted under) and the account's
credential stamp. Nothing is written per sign-in and nothing needs cleaning up; setting the
password changes the stamp, which ends every device token of the account at once (a stolen token
does not survive a password change), deleting the account ends them with it, and a new secret key
ends them all.

It travels as an HttpOnly, SameSite=Strict cookie (Secure when the public address is https) sent
only to the sign-in call: scripts never see it, other sites cannot send it, and the web app needs
no change. Each account has its own cookie, so a tablet the household shares is known to each of
its accounts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from litestar.datastructures import Cookie

from larder.accounts.models import User
from larder.core.base.security import TokenError, issue_token, read_token
from larder.core.base.settings import Settings
from larder.core.db.throttle import Limit

PURPOSE_DEVICE = "device"
DEVICE_TOKEN_TTL_DAYS = 180  # renewed at every sign-in with the device
DEVICE_COOKIE_PREFIX = "larder_device_"
DEVICE_COOKIE_PATH = "/api/pwa/login"
# Wrong passwords with one device token before it is locked out of its account, and for how long.
DEVICE_FAILURES = Limit(10, 900)


@dataclass(frozen=True)
class Device:
    """A valid device token presented at sign-in."""

    token_id: str

    @property
    def failures_key(self) -> str:
        return f"login:device:{self.token_id}"


def cookie_name(user_id: int) -> str:
    return f"{DEVICE_COOKIE_PREFIX}{user_id}"


def recognise(settings: Settings, user: User | None, cookies: Mapping[str, str]) -> Device | None:
    """The device token `cookies` hold for `user`, if it is valid: signed here, unexpired, naming this
    account and issued under its current credential stamp. Anything else is an unknown client."""
    if user is None:
        return None
    value = cookies.get(cookie_name(user.id))
    if not value:
        return None
    try:
        claims = read_token(settings.secret_key, value, purpose=PURPOSE_DEVICE)
    except TokenError:
        return None
    if claims.subject != str(user.id) or claims.extra.get("stamp") != user.credential_stamp:
        return None
    return Device(claims.token_id)


def issue(settings: Settings, user: User) -> Cookie:
    """A new device token for `user`, as the cookie that carries it."""
    ttl = DEVICE_TOKEN_TTL_DAYS * 86_400
    token, _ = issue_token(
        settings.secret_key,
        subject=str(user.id),
        purpose=PURPOSE_DEVICE,
        ttl_seconds=ttl,
        stamp=user.credential_stamp,
    )
    return Cookie(
        key=cookie_name(user.id),
        value=token,
        max_age=ttl,
        path=DEVICE_COOKIE_PATH,
        httponly=True,
        samesite="strict",
        secure=settings.public_url.lower().startswith("https://"),
    )


__all__ = ["DEVICE_FAILURES", "Device", "cookie_name", "issue", "recognise"]
