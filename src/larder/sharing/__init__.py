"""The one access policy of shared household items: shopping lists, food stores and meal plans."""
