"""Where bundled resources live, in a checkout, an installed wheel, or the one-file binary."""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[2]  # larder/core/base/paths.py


def resource_root() -> Path:
    """The `larder` package folder; inside a PyInstaller binary, its copy in the unpack dir."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "larder"
    return PACKAGE_DIR


def web_dist_dir() -> Path:
    return resource_root() / "static" / "web"


def migrations_dir() -> Path:
    return resource_root() / "migrations"


def seed_data_dir() -> Path:
    return resource_root() / "data"
