"""Wire contract of imported recipes (contract-5-6 'Imported recipes'). `data` is a JSON text."""

from __future__ import annotations

from datetime import datetime

import msgspec

from larder.core.text import Line


class ImportIn(msgspec.Struct):
    url: Line  # its length is checked by the service, with the spec's message


class ImportedRecipeOut(msgspec.Struct):
    import_recipe_id: int
    url: str
    created_at: datetime
    import_failed: bool
    # {name, description, image, url, @id, recipeCuisine, recipeYield, recipeInstructions,
    #  recipeIngredient}, or {"message", "url", "name"} for a page without a recipe, or "{}".
    # `image` (one or a list) is answered as same-origin addresses of the image proxy
    # (/api/pwa/imported-images/...), never as the page's own links (imports/images.py).
    data: str
