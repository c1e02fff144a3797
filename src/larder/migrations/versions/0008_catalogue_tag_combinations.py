"""catalogue search: a facet token per combination of tags

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-22 04:45:00

A filter with two or more preferences then merges one short token list (the recipes with all of
them) instead of one long list per preference. The search index is rebuilt from the tables.
"""

from __future__ import annotations

from alembic import op

from larder.migrations.portable import on_postgres

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

# Frozen copy of larder.catalogue.queries.FTS_REBUILD_SQL as of this revision.
_REBUILD = """INSERT INTO recipe_fts (rowid, name, description, ingredients, facets)
SELECT r.id, r.name, r.description,
       coalesce((SELECT group_concat(i.name, ' ') FROM recipe_ingredient ri
                 JOIN ingredient i ON i.id = ri.ingredient_id WHERE ri.recipe_id = r.id), ''),
       'all c' || coalesce(r.category_id, 0)
       || coalesce((SELECT ' ' || group_concat('i' || ri.ingredient_id, ' ') FROM recipe_ingredient ri
                    WHERE ri.recipe_id = r.id), '')
       || CASE WHEN r.tag_vegan THEN ' tvegan' ELSE '' END
       || CASE WHEN r.tag_vegetarian THEN ' tvegetarian' ELSE '' END
       || CASE WHEN r.tag_gluten_free THEN ' tglutenfree' ELSE '' END
       || CASE WHEN r.tag_sugar_free THEN ' tsugarfree' ELSE '' END
       || CASE WHEN r.tag_dairy_free THEN ' tdairyfree' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_vegetarian THEN ' tvnvt' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_gluten_free THEN ' tvngf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_sugar_free THEN ' tvnsf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_dairy_free THEN ' tvndf' ELSE '' END
       || CASE WHEN r.tag_vegetarian AND r.tag_gluten_free THEN ' tvtgf' ELSE '' END
       || CASE WHEN r.tag_vegetarian AND r.tag_sugar_free THEN ' tvtsf' ELSE '' END
       || CASE WHEN r.tag_vegetarian AND r.tag_dairy_free THEN ' tvtdf' ELSE '' END
       || CASE WHEN r.tag_gluten_free AND r.tag_sugar_free THEN ' tgfsf' ELSE '' END
       || CASE WHEN r.tag_gluten_free AND r.tag_dairy_free THEN ' tgfdf' ELSE '' END
       || CASE WHEN r.tag_sugar_free AND r.tag_dairy_free THEN ' tsfdf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_vegetarian AND r.tag_gluten_free THEN ' tvnvtgf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_vegetarian AND r.tag_sugar_free THEN ' tvnvtsf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_vegetarian AND r.tag_dairy_free THEN ' tvnvtdf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_gluten_free AND r.tag_sugar_free THEN ' tvngfsf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_gluten_free AND r.tag_dairy_free THEN ' tvngfdf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_sugar_free AND r.tag_dairy_free THEN ' tvnsfdf' ELSE '' END
       || CASE WHEN r.tag_vegetarian AND r.tag_gluten_free AND r.tag_sugar_free THEN ' tvtgfsf' ELSE '' END
       || CASE WHEN r.tag_vegetarian AND r.tag_gluten_free AND r.tag_dairy_free THEN ' tvtgfdf' ELSE '' END
       || CASE WHEN r.tag_vegetarian AND r.tag_sugar_free AND r.tag_dairy_free THEN ' tvtsfdf' ELSE '' END
       || CASE WHEN r.tag_gluten_free AND r.tag_sugar_free AND r.tag_dairy_free THEN ' tgfsfdf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_vegetarian AND r.tag_gluten_free AND r.tag_sugar_free THEN ' tvnvtgfsf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_vegetarian AND r.tag_gluten_free AND r.tag_dairy_free THEN ' tvnvtgfdf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_vegetarian AND r.tag_sugar_free AND r.tag_dairy_free THEN ' tvnvtsfdf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_gluten_free AND r.tag_sugar_free AND r.tag_dairy_free THEN ' tvngfsfdf' ELSE '' END
       || CASE WHEN r.tag_vegetarian AND r.tag_gluten_free AND r.tag_sugar_free AND r.tag_dairy_free THEN ' tvtgfsfdf' ELSE '' END
       || CASE WHEN r.tag_vegan AND r.tag_vegetarian AND r.tag_gluten_free AND r.tag_sugar_free AND r.tag_dairy_free THEN ' tvnvtgfsfdf' ELSE '' END
FROM recipe r WHERE r.verified
"""

# The index as 0006b built it: one token per tag.
_REBUILD_0006B = """INSERT INTO recipe_fts (rowid, name, description, ingredients, facets)
SELECT r.id, r.name, r.description,
       coalesce((SELECT group_concat(i.name, ' ') FROM recipe_ingredient ri
                 JOIN ingredient i ON i.id = ri.ingredient_id WHERE ri.recipe_id = r.id), ''),
       'all c' || coalesce(r.category_id, 0)
       || coalesce((SELECT ' ' || group_concat('i' || ri.ingredient_id, ' ') FROM recipe_ingredient ri
                    WHERE ri.recipe_id = r.id), '')
       || CASE WHEN r.tag_vegan THEN ' tvegan' ELSE '' END
       || CASE WHEN r.tag_vegetarian THEN ' tvegetarian' ELSE '' END
       || CASE WHEN r.tag_gluten_free THEN ' tglutenfree' ELSE '' END
       || CASE WHEN r.tag_sugar_free THEN ' tsugarfree' ELSE '' END
       || CASE WHEN r.tag_dairy_free THEN ' tdairyfree' ELSE '' END
FROM recipe r WHERE r.verified
"""


# Merge the rebuilt index into one segment and drop the deleted rows' markers.
_OPTIMIZE = "INSERT INTO recipe_fts (recipe_fts) VALUES ('optimize')"


def upgrade() -> None:
    if on_postgres():  # nothing indexed yet (migrations/portable.py)
        return
    op.execute("DELETE FROM recipe_fts")
    op.execute(_REBUILD)
    op.execute(_OPTIMIZE)


def downgrade() -> None:
    if on_postgres():
        return
    op.execute("DELETE FROM recipe_fts")
    op.execute(_REBUILD_0006B)
    op.execute(_OPTIMIZE)
