"""Food stores (pantry, fridge, freezer): stock with quantities and expiry, the default store."""
