"""Signing in and out: the password check, its throttles and the account back-off, and the
sessions a sign-in opens (accounts/sessions.py keeps them, accounts/devices.py the browsers that
signed in before).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NoReturn

from litestar.datastructures import Cookie

from larder.accounts import devices
from larder.accounts.models import User
from larder.accounts.schemas import LoginOut
from larder.accounts.sessions import Auth
from larder.accounts.users import UserServiceBase, normalise_email, to_user_out
from larder.core.base.errors import TooManyRequests, Unauthorized
from larder.core.base.security import burn_password_check
from larder.core.db.throttle import Limit
from larder.sharing.service import account_scope

MSG_BAD_LOGIN = "Invalid email or password."

LOGIN_PER_CLIENT = Limit(20, 300)
LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT = Limit(10, 300)
ACCOUNT_BACKOFF_AFTER = 10  # failures on one account, from anywhere, within the window below
ACCOUNT_BACKOFF_WINDOW_SECONDS = 900
ACCOUNT_BACKOFF_MAX_SECONDS = 60


@dataclass(frozen=True)
class SignedIn:
    """A sign-in's answer, and the device token cookie that makes this browser known to the account."""

    answer: LoginOut
    device_cookie: Cookie


class SignIn(UserServiceBase):
    """Sign-in, sign-out and the sessions behind them."""

    async def login(
        self, email: str, password: str, user_agent: str | None, cookies: Mapping[str, str] | None = None
    ) -> SignedIn:
        """Sign in; `cookies` are the request's, where a browser that signed in before keeps its device
        token (accounts/devices.py)."""
        await self.throttle.hit(f"login:client:{self.client}", LOGIN_PER_CLIENT)
        # Only failures count against an account, so a household signing in on many devices is never
        # held back. Guessing from one place locks that place out of the account; guessing from many
        # places only slows every attempt on the account down. A browser that signed in to the account
        # before skips both and answers only for its own failures, so a stranger guessing from many
        # places cannot keep the owner out.
        account_key = f"login:fail:{normalise_email(email)}"
        pair_key = f"{account_key}:{self.client}"
        user = await self.by_email(email)
        device = devices.recognise(self.settings, user, cookies or {})
        if device is not None:
            await self.throttle.check(device.failures_key, devices.DEVICE_FAILURES)
        else:
            await self.throttle.check(pair_key, LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT)
            await self._account_backoff(account_key)
        failure_keys = (device.failures_key,) if device is not None else (pair_key, account_key)
        if user is None:
            burn_password_check(password)
            await self._failed_login(failure_keys)
        if not self._password_is(user.password_hash, password):
            await self._failed_login(failure_keys)
        user_id = user.id
        async with self.uow.write(account_scope(user_id)):
            # A new password set meanwhile ends every session: the one opened here must be opened
            # with it; an account deleted meanwhile has none.
            current = await self._current(user_id)
            if current is None or not self._password_is(current.password_hash, password):
                await self._failed_login(failure_keys)
            token = await self.open_session(current, user_agent)
        return SignedIn(LoginOut(token=token, user=to_user_out(current)), devices.issue(self.settings, current))

    async def _failed_login(self, failure_keys: Iterable[str]) -> NoReturn:
        for key in failure_keys:
            await self.throttle.record(key)
        raise Unauthorized(MSG_BAD_LOGIN)

    async def _account_backoff(self, account_key: str) -> None:
        """After many failures on one account from anywhere, each attempt waits a little longer (up to a
        minute) after the last failure."""
        failures = await self.throttle.window(account_key, ACCOUNT_BACKOFF_WINDOW_SECONDS)
        if failures.count < ACCOUNT_BACKOFF_AFTER or failures.newest is None:
            return
        wait = min(2 ** (failures.count - ACCOUNT_BACKOFF_AFTER + 1), ACCOUNT_BACKOFF_MAX_SECONDS)
        left = failures.newest + wait - self.throttle.now()
        if left > 0:
            raise TooManyRequests(math.ceil(left))

    async def open_session(self, user: User, user_agent: str | None = None) -> str:
        return await self.sessions.open(user, user_agent)

    async def authenticate(self, bearer: str | None) -> Auth:
        return await self.sessions.authenticate(bearer)

    async def logout(self, auth: Auth) -> None:
        await self.sessions.revoke(auth)
