"""The items lists and stores hold, and meal plans send to them: what an item's value may be (a
catalogue ingredient by its id, or a custom item, `CUSTOM-...`), the bounds of a quantity, and what an
item sent by the app stands for. One place below every domain that takes items (shopping, stores,
receipts, meal plans), above the catalogue it asks."""
