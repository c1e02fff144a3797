"""Larder: a self-hosted kitchen app."""

__version__ = "0.1.0"
