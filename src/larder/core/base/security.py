"""Password hashing, signed tokens and random codes. Generic: knows nothing of users."""

from __future__ import annotations

import secrets
import time
import uuid
from dataclasses import dataclass
from functools import cache
from typing import Any

import jwt
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

_hasher = PasswordHasher()  # argon2id with the library's recommended parameters
JWT_ALGORITHM = "HS256"
# No 0/O, 1/I/L: codes are read aloud and typed from paper.
INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


@cache
def _dummy_hash() -> str:
    # Made on first use, not at import: hashing costs ~0.3 s and 64 MiB, on every start and CLI call.
    return _hasher.hash(secrets.token_urlsafe(16))


def burn_password_check(password: str) -> None:
    """Verify against a real hash when the account does not exist, so timing does not tell."""
    verify_password(_dummy_hash(), password)


def random_code(length: int, alphabet: str = INVITE_ALPHABET) -> str:
    return "".join(secrets.choice(alphabet) for _ in range(length))


def new_token_id() -> str:
    return uuid.uuid4().hex


class TokenError(Exception):
    """A token that cannot be used."""


class TokenExpired(TokenError):
    pass


class TokenInvalid(TokenError):
    pass


@dataclass(frozen=True)
class TokenClaims:
    subject: str
    purpose: str
    token_id: str
    expires_at: int
    extra: dict[str, Any]


def issue_token(secret: str, *, subject: str, purpose: str, ttl_seconds: int, **extra: Any) -> tuple[str, TokenClaims]:
    """Sign a JWT bound to a purpose; returns (encoded, claims)."""
    now = int(time.time())
    token_id = new_token_id()
    payload = {"sub": subject, "purpose": purpose, "jti": token_id, "iat": now, "exp": now + ttl_seconds, **extra}
    encoded = jwt.encode(payload, secret, algorithm=JWT_ALGORITHM)
    return encoded, TokenClaims(subject, purpose, token_id, now + ttl_seconds, extra)


def read_token(secret: str, token: str, *, purpose: str) -> TokenClaims:
    """Verify signature, expiry and purpose. A token of another purpose is simply invalid."""
    try:
        payload = jwt.decode(
            token,
            secret,
            algorithms=[JWT_ALGORITHM],
            options={"require": ["sub", "exp", "jti", "purpose"]},
        )
    except jwt.ExpiredSignatureError:
        raise TokenExpired("expired") from None
    except jwt.PyJWTError:
        raise TokenInvalid("invalid") from None
    if payload.get("purpose") != purpose or not isinstance(payload.get("sub"), str):
        raise TokenInvalid("wrong purpose")
    extra = {k: v for k, v in payload.items() if k not in {"sub", "purpose", "jti", "iat", "exp"}}
    return TokenClaims(payload["sub"], payload["purpose"], str(payload["jti"]), int(payload["exp"]), extra)
