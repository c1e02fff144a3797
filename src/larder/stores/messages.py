"""What the stores domain tells the user, in one place: its services and routes share them."""

from __future__ import annotations

from typing import Final

MSG_NOT_FOUND: Final = "Store not found."
MSG_DEFAULT_UNDELETABLE: Final = "The default store cannot be deleted. Set another store as default first."
MSG_STALE: Final = "This store was changed by someone else. Reload and try again."
MSG_ITEM_STALE: Final = "{name} was changed by someone else meanwhile. Reload and try again."
MSG_DATE_ADDED: Final = "The date added must be between 2000 and 2100."
MSG_ITEM_GONE: Final = "An item you changed is no longer in this store. Reload and try again."
MSG_UNCONVERTIBLE: Final = "{unit} cannot be taken from {name}: its unit is not convertible."
