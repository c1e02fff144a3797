"""Cook from what you have: recipes ranked by the stock a household holds and what of it expires
first (the ranking itself is kitchen/suggest.py and kitchen/ranking.py)."""
