"""catalogue recipes no longer show their category's illustration

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-24 14:40:00

The starter catalogue gave every recipe its category's drawing, which shows other dishes (masala
chai showed the lemonade of "Drinks"). A recipe now keeps a drawing only when it is of that very
dish; the others show the web app's neutral placeholder. Only images a recipe took from its
category are cleared: a picture an administrator uploaded for a recipe stays.

The downgrade leaves the images as they are: which recipe had taken its category's drawing is not
kept, and a placeholder misleads nobody.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

# Frozen copy of the recipes src/larder/data/catalogue/recipes.json draws with their category's
# illustration as of this revision (each drawing is of that dish).
_DRAWN = ("carrot and coriander soup", "spiced butternut squash soup", "crispy roast potatoes", "guacamole")


def upgrade() -> None:
    op.get_bind().execute(
        sa.text(
            "UPDATE recipe SET image = NULL "
            "WHERE image IS NOT NULL "
            "AND image = (SELECT category.image FROM category WHERE category.id = recipe.category_id) "
            "AND lower(name) NOT IN :drawn"
        ).bindparams(sa.bindparam("drawn", expanding=True)),
        {"drawn": list(_DRAWN)},
    )


def downgrade() -> None:
    pass
