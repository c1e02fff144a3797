"""Notifications: what expired or is about to, on a page, on the menu and by a daily e-mail."""
