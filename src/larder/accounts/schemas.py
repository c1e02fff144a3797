"""Wire contract of the account calls (part 1 §7). Field names exactly as the spec writes them.

Lengths are capped here so huge strings are refused before any work; the spec's own rules and
messages are checked in the service, which reports every problem of a form at once.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec

from larder.core.text import Line

ShortText = Annotated[Line, msgspec.Meta(max_length=200)]
EmailText = Annotated[Line, msgspec.Meta(max_length=320)]
# Any character may be part of a secret: passwords are the one text the text rule leaves alone.
PasswordText = Annotated[str, msgspec.Meta(max_length=1024)]
TokenText = Annotated[Line, msgspec.Meta(max_length=4096)]


class UserOut(msgspec.Struct):
    id: int
    name: str
    email: str
    email_verified: bool
    role: Literal["user", "admin"]
    created_at: datetime
    preferences: list[str] = []


class LoginIn(msgspec.Struct, forbid_unknown_fields=False):
    email: EmailText
    password: PasswordText


class LoginOut(msgspec.Struct):
    token: str
    user: UserOut


class ForgotIn(msgspec.Struct):
    email: EmailText


class RegisterIn(msgspec.Struct):
    name: ShortText
    email: EmailText
    password: PasswordText
    password_confirmation: PasswordText
    beta_code: ShortText


class RegisterOut(msgspec.Struct):
    message: str
    user: UserOut


class ResetPasswordIn(msgspec.Struct):
    email: EmailText
    password: PasswordText
    password_confirmation: PasswordText
    token: TokenText


class VerifyEmailIn(msgspec.Struct):
    token: TokenText


class AccountUpdateIn(msgspec.Struct):
    email: EmailText
    name: ShortText
    current_password: PasswordText | None = None  # needed when the e-mail changes


class AccountUpdateOut(msgspec.Struct):
    message: str
    user: UserOut


class ChangePasswordIn(msgspec.Struct):
    current_password: PasswordText
    new_password: PasswordText
    confirm_password: PasswordText


class PreferencesIn(msgspec.Struct):
    preferences: Annotated[list[Annotated[Line, msgspec.Meta(max_length=32)]], msgspec.Meta(max_length=10)]


class InviteOut(msgspec.Struct):
    code: str
    max_uses: int
    uses: int
    expires_at: datetime | None
    created_at: datetime
