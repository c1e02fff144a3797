"""Shopping lists: items to buy, shop mode, and completing a shop into a food store."""
