"""Settings from `LARDER_*` environment variables, in one cached object."""

from __future__ import annotations

import contextlib
import ipaddress
import math
import os
import secrets
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from larder import __version__

SMTP_TLS_MODES = ("none", "starttls", "tls")
_TRUE = {"1", "true", "yes", "on"}


class SettingsError(ValueError):
    """A LARDER_* variable has a value that cannot be used."""


@dataclass(frozen=True)
class ServerLimits:
    """What one client may hold of the server (`larder serve`, see core/process/server.py)."""

    max_connections: int = 200  # open connections served at once; the next ones are answered 503
    # Open connections of one client address (a trusted proxy's are not counted; core/web/connections.py).
    max_connections_per_address: int = 64
    # Live event streams open at once, counted apart from the connections above (sharing/live.py).
    max_event_streams: int = 1000
    header_timeout: float = 10.0  # seconds for the request line and headers to arrive in full
    body_timeout: float = 60.0  # seconds for the whole body to arrive once the headers are in
    keepalive_timeout: int = 5  # seconds an idle connection stays open between requests


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    host: str
    port: int
    public_url: str
    secret_key: str
    database_url: str
    smtp_host: str | None
    smtp_port: int
    smtp_user: str | None
    smtp_password: str | None
    smtp_from: str
    smtp_tls: str
    admin_email: str | None
    import_allow_private: bool
    first_user_admin: bool
    version: str = __version__
    session_ttl_days: int = 30
    reset_token_ttl_minutes: int = 60
    verify_token_ttl_hours: int = 48
    # Peers whose X-Forwarded-For is believed (a reverse proxy in front): IP addresses or networks.
    trusted_proxies: tuple[str, ...] = ()
    limits: ServerLimits = ServerLimits()
    # IANA zone whose calendar decides "today" for expiry, notifications and plans; None: the host's.
    timezone: str | None = None
    # Seconds without a receipt scan after which the OCR engine is unloaded (its process ends).
    ocr_idle_seconds: float = 120.0
    # Daily backups kept in DATA_DIR/backups/ (0: none taken automatically).
    backup_keep: int = 7
    # Server processes sharing the port and the database (`larder serve --workers N`).
    workers: int = 1
    # Memory per process for kept answers of the catalogue's public reads (0: every read runs).
    read_cache_mb: int = 16

    @property
    def uploads_dir(self) -> Path:
        return self.data_dir / "uploads"

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env

        def get(name: str) -> str | None:
            value = env.get(f"LARDER_{name}")
            return value.strip() if value and value.strip() else None

        data_dir = Path(get("DATA_DIR") or "./larder-data").expanduser().resolve()
        host = get("HOST") or "127.0.0.1"
        port = _int(get("PORT") or "8000", "LARDER_PORT")
        smtp_tls = (get("SMTP_TLS") or "none").lower()
        if smtp_tls not in SMTP_TLS_MODES:
            raise SettingsError(f"LARDER_SMTP_TLS must be one of {', '.join(SMTP_TLS_MODES)}")
        smtp_port_default = {"none": "25", "starttls": "587", "tls": "465"}[smtp_tls]
        return cls(
            data_dir=data_dir,
            host=host,
            port=port,
            public_url=(get("PUBLIC_URL") or f"http://{host}:{port}").rstrip("/"),
            secret_key=get("SECRET_KEY") or "",
            database_url=get("DATABASE_URL") or f"sqlite+aiosqlite:///{data_dir / 'larder.db'}",
            smtp_host=get("SMTP_HOST"),
            smtp_port=_int(get("SMTP_PORT") or smtp_port_default, "LARDER_SMTP_PORT"),
            smtp_user=get("SMTP_USER"),
            smtp_password=get("SMTP_PASSWORD"),
            smtp_from=get("SMTP_FROM") or "Larder <larder@localhost>",
            smtp_tls=smtp_tls,
            admin_email=get("ADMIN_EMAIL"),
            import_allow_private=(get("IMPORT_ALLOW_PRIVATE") or "").lower() in _TRUE,
            first_user_admin=(get("FIRST_USER_ADMIN") or "").lower() in _TRUE,
            trusted_proxies=_networks(get("TRUSTED_PROXIES") or ""),
            limits=_limits(get),
            timezone=_zone(get("TIMEZONE")),
            ocr_idle_seconds=_seconds(get, "OCR_IDLE_SECONDS", 120.0),
            backup_keep=_count(get("BACKUP_KEEP"), "LARDER_BACKUP_KEEP", 7),
            workers=_workers(get("WORKERS")),
            read_cache_mb=_count(get("READ_CACHE_MB"), "LARDER_READ_CACHE_MB", 16),
        )

    def prepared(self) -> Settings:
        """Create the data dir and fill in the secret key (generated once, kept in the data dir)."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.uploads_dir.mkdir(exist_ok=True)
        if self.secret_key:
            return self
        key_file = self.data_dir / "secret_key"
        if not key_file.exists():
            # Written aside, then linked in whole: a process starting at the same moment reads no
            # file or all of it (never an empty one), and the first key linked in is everyone's.
            fd, partial = tempfile.mkstemp(prefix=".secret_key-", dir=self.data_dir)  # mode 0600
            try:
                with os.fdopen(fd, "w") as handle:
                    handle.write(secrets.token_urlsafe(48))
                with contextlib.suppress(FileExistsError):
                    os.link(partial, key_file)
            finally:
                os.unlink(partial)
        key = key_file.read_text().strip()
        if len(key) < 32:
            raise SettingsError(f"{key_file} holds too short a secret key")
        return replace(self, secret_key=key)


def _networks(value: str) -> tuple[str, ...]:
    """Comma-separated addresses or networks (10.0.0.0/8, ::1), checked here so a typo fails at start."""
    found = tuple(part.strip() for part in value.split(",") if part.strip())
    for part in found:
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError:
            raise SettingsError(f"LARDER_TRUSTED_PROXIES: {part!r} is not an IP address or network") from None
    return found


def _zone(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise SettingsError(f"LARDER_TIMEZONE: {value!r} is not a time zone name such as Europe/London") from None
    return value


def _seconds(get: Callable[[str], str | None], name: str, default: float) -> float:
    raw = get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"LARDER_{name} must be a number, not {raw!r}") from None
    if not (value > 0 and math.isfinite(value)):
        raise SettingsError(f"LARDER_{name} must be a number of seconds above 0, not {raw!r}")
    return value


def _limits(get: Callable[[str], str | None]) -> ServerLimits:
    defaults = ServerLimits()

    def positive(name: str, default: float) -> float:
        return _seconds(get, name, default)

    def whole(name: str, default: int) -> int:
        value = _int(get(name) or str(default), f"LARDER_{name}")
        if value < 1:
            raise SettingsError(f"LARDER_{name} must be 1 or more, not {value}")
        return value

    return ServerLimits(
        max_connections=whole("MAX_CONNECTIONS", defaults.max_connections),
        max_connections_per_address=whole("MAX_CONNECTIONS_PER_ADDRESS", defaults.max_connections_per_address),
        max_event_streams=whole("MAX_EVENT_STREAMS", defaults.max_event_streams),
        header_timeout=positive("HEADER_TIMEOUT", defaults.header_timeout),
        body_timeout=positive("BODY_TIMEOUT", defaults.body_timeout),
        keepalive_timeout=whole("KEEPALIVE_TIMEOUT", defaults.keepalive_timeout),
    )


def _int(value: str, name: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, not {value!r}") from None


def _count(value: str | None, name: str, default: int) -> int:
    count = _int(value, name) if value is not None else default
    if count < 0:
        raise SettingsError(f"{name} must be 0 or more, not {count}")
    return count


MAX_WORKERS = 64


def _workers(value: str | None) -> int:
    count = _int(value, "LARDER_WORKERS") if value is not None else 1
    if not 1 <= count <= MAX_WORKERS:
        raise SettingsError(f"LARDER_WORKERS must be between 1 and {MAX_WORKERS}, not {count}")
    return count


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings.from_env().prepared()
