"""Wire contract of the account calls (part 1 §7). Field names exactly as the spec writes them.

Lengths are capped here so huge strings are refused before any work. The OpenAPI document names
every input the server refuses as invalid (422): the caps are msgspec limits, checked while the
body is decoded; the spec's own rules (a username's characters, an e-mail's form, a password's
length, an invite code's length) are `declared` here and checked by the service with the same
constants, because the web app shows the spec's message per field and a form tells every problem
at once (msgspec would stop at the first, in its own words). A confirmation that differs from its
password is a 422 too, though no JSON Schema can say it; what only the stored state makes wrong (a
taken name, an unusable invite or link, a wrong current password) is a 409, 404 or 403.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any, Literal, get_args

import msgspec

from larder.core.base.text import LINE_PATTERN, Line


def declared(**schema: Any) -> msgspec.Meta:
    """JSON Schema keywords (as Litestar's `Schema` attributes) for the document only: the rule
    they describe is the service's, checked there with its message."""
    return msgspec.Meta(extra_json_schema={"extra": schema})


# The characters the text rule refuses in a one-line text, as the inside of a class.
LINE_REFUSED = LINE_PATTERN.removeprefix("^[^").removesuffix("]*(?!\\n)$")
# The white space str.strip() removes that the text rule lets through: the space separators.
SPACES = r"[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]*"


def one_line(body: str) -> str:
    """The one pattern of a one-line text that the service strips and then matches with `body`,
    the text rule included: the document shows it in place of the text rule's pattern (one
    pattern per string keeps the document simple to read and to generate examples from)."""
    return rf"^{SPACES}(?:{body}){SPACES}(?!\n)$"


EMAIL_MAX = 254
EMAIL_PATTERN = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
USERNAME_MIN = 6
USERNAME_MAX = 64
USERNAME_PATTERN = re.compile(rf"^[A-Za-z0-9_-]{{{USERNAME_MIN},{USERNAME_MAX}}}$")
# A new username at account update: more than 3 characters, none of them invisible or a space
# other than the plain one. The invisible ones are those Python's str.isprintable() refuses in the
# Basic Multilingual Plane (controls, format characters such as zero-width and direction marks,
# separators, private use), named here so that the rule and the document are one pattern.
UPDATE_NAME_MIN_EXCLUSIVE = 3
NAME_HIDDEN = (
    r"\u0000-\u001f\u007f-\u00a0\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u1680\u180e"
    r"\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\ue000-\uf8ff\ufeff\ufff9-\ufffb"
)
NAME_HIDDEN_CHARACTER = re.compile(f"[{NAME_HIDDEN}]")
_UPDATE_NAME = (
    rf"[^\s{NAME_HIDDEN}][^{NAME_HIDDEN}]{{{UPDATE_NAME_MIN_EXCLUSIVE - 1},{USERNAME_MAX - 2}}}[^\s{NAME_HIDDEN}]"
)
INVITE_CODE_LENGTH = 8
REGISTER_PASSWORD_MIN = 6  # not shown by the spec; the reset rule, so one password works everywhere
RESET_PASSWORD_MIN = 6
CHANGE_PASSWORD_MIN = 5
# Part 1 §9, in the order they are stored and shown.
Preference = Literal["vegetarian", "vegan", "gluten_free", "sugar_free", "dairy_free"]
FILTER_PREFERENCES: tuple[str, ...] = get_args(Preference)

ShortText = Annotated[Line, msgspec.Meta(max_length=200)]
# Any string up to the cap: signing in looks the address up, whatever it is.
EmailText = Annotated[Line, msgspec.Meta(max_length=320)]
Email = Annotated[
    Line,
    msgspec.Meta(max_length=EMAIL_MAX, description="An e-mail address: x@y.z."),
    declared(pattern=one_line(rf"[^@\s{LINE_REFUSED}]+@[^@\s{LINE_REFUSED}]+\.[^@\s{LINE_REFUSED}]+")),
]
# Any character may be part of a secret: passwords are the one text the text rule leaves alone.
PasswordText = Annotated[str, msgspec.Meta(max_length=1024)]
TokenText = Annotated[Line, msgspec.Meta(max_length=4096)]
Username = Annotated[
    ShortText,
    msgspec.Meta(description="6 to 64 letters, digits, dashes or underscores."),
    declared(pattern=one_line(USERNAME_PATTERN.pattern[1:-1])),
]
NewUsername = Annotated[
    ShortText,
    msgspec.Meta(description="4 to 64 characters; no invisible ones, no spaces but the plain one."),
    declared(pattern=one_line(_UPDATE_NAME)),
]
InviteCode = Annotated[
    ShortText,
    msgspec.Meta(description="The invite code: 8 characters, any case."),
    declared(pattern=one_line(rf"[^\s{LINE_REFUSED}][^{LINE_REFUSED}]{{{INVITE_CODE_LENGTH - 2}}}[^\s{LINE_REFUSED}]")),
]
RegisterPassword = Annotated[PasswordText, declared(min_length=REGISTER_PASSWORD_MIN)]
ResetPassword = Annotated[PasswordText, declared(min_length=RESET_PASSWORD_MIN)]
ChangePassword = Annotated[PasswordText, declared(min_length=CHANGE_PASSWORD_MIN)]


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
    email: Email


class RegisterIn(msgspec.Struct):
    """An invite code that is not valid, used up or expired, and a taken name or address, are a 409."""

    name: Username
    email: Email
    password: RegisterPassword
    password_confirmation: PasswordText
    beta_code: InviteCode


class RegisterOut(msgspec.Struct):
    message: str
    user: UserOut


class ResetPasswordIn(msgspec.Struct):
    """A link that names nothing is a 404; one expired, used or replaced, and an address the link
    was not sent to, are a 409."""

    email: Email
    password: ResetPassword
    password_confirmation: PasswordText
    token: Annotated[TokenText, declared(min_length=1)]


class VerifyEmailIn(msgspec.Struct):
    """A link that names nothing is a 404; one expired or used is a 409."""

    token: TokenText


class AccountUpdateIn(msgspec.Struct):
    """A taken name or address, and values that are the current ones, are a 409; a new address
    without the right current password is a 403."""

    email: Email
    name: NewUsername
    current_password: PasswordText | None = None  # needed when the e-mail changes


class AccountUpdateOut(msgspec.Struct):
    message: str
    user: UserOut


class ChangePasswordIn(msgspec.Struct):
    """A wrong current password is a 403."""

    current_password: ChangePassword
    new_password: ChangePassword
    confirm_password: PasswordText


class PreferencesIn(msgspec.Struct):
    preferences: Annotated[list[Preference], msgspec.Meta(max_length=10)]


class InviteOut(msgspec.Struct):
    code: str
    max_uses: int
    uses: int
    expires_at: datetime | None
    created_at: datetime
