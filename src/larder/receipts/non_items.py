"""Rows of a receipt that are never items: payment, totals, tax, rounding, change, deposits,
discounts, item counts, and the item table's header. Pure.

A row containing any §9 word is skipped (case-insensitive, anywhere in
the row, also where OCR read an O as 0 or an I as 1). Beyond the §9 list, whose words are all
English, rows with the cash, change, balance, rounding, discount, deposit, service charge,
payment and item-count words of English receipts and the sum, tax, cash, change, card, rounding,
discount and deposit words of German, French, Dutch, Spanish and Italian ones are skipped too
(as whole words, so "CASHEW NUTS" and "Summer fruits" stay items): a deposit or a discount is
left out, the item above keeps its printed price. A row of column headings ("QTY DESCRIPTION
PRICE TOTAL") is the table's header. Nothing after a row with the receipt's total is an item
(payments, change, tax and the shop's goodbye), except rows with as many numbers as the item rows
above: an item table that goes on after a subtotal.
"""

from __future__ import annotations

import re

# Part 2 §9: a scan line containing any of these is skipped (case-insensitive, anywhere in the row).
PAYMENT_WORDS = (
    "eftpos",
    "visa",
    "total",
    "purchase",
    "mastercard",
    "terminal",
    "tax",
    "invoice",
    "phone",
    "reference",
    "authori",
    "gst",
)

# Beyond §9: payment and summary rows of English and German receipts, as whole words. Blurred
# photos lose a repeated or thin letter ("SUME" for SUMME, "MSt7%" for MwSt 7%): those forms too.
MORE_PAYMENT_WORDS = re.compile(
    r"\b(?:cash|change|balance(?=\s*(?:due|owing|:|[\d$£€]|rm\b|eur\b|$))|amount|debit|credit|vat|due|nett|tender(?:ed)?|paid|payment|rounding|round(?:ed)?\s*adj\w*"
    r"|rnd\s*adj|disc(?:ount)?|rebate|savings?|you saved|deposit|points|service\s*charge|srv\s*chg"
    r"|items?\s*(?:sold|count)|item\(s\)|no\.?\s*of\s*items"
    # German
    r"|(?:zwischen|gesamt)?sum+e|gesamt\w*|zu\s*zahlen|gegeben|r[uü]ckgeld|wechselgeld|mwst|ust|netto|brutto"
    r"|girocard|ec-?karte|kartenzahlung|kreditkarte|betrag|steuer\w*|zahlung|rundung|rabatt|preisvorteil"
    r"|nachlass|pfand\w*|pf\.?\s?fl|leergut\w*|anzahl\s*artikel|posten"
    # French, Dutch, Spanish, Italian
    r"|tva|montant|somme|rendu|monnaie|esp[eè]ces|paiement|remise|consigne|arrondi|nombre d.articles"
    r"|btw|totaal|te betalen|wisselgeld|contant|betaald|pinnen|korting|statiegeld|afronding|aantal artikelen"
    r"|iva|importe|cambio|efectivo|tarjeta|pagado|descuento|envase|redondeo|entregado"
    r"|totale|resto|contanti|pagato|sconto|vuoto|arrotondamento|bancomat)\b"
    r"|\bm\.?w?\.?st(?=[\d%\s.,:]|$)"
    r"|^\s*bar\b",
    re.IGNORECASE,
)
# A row with one of these ends the items: what follows is payment, change and tax (a subtotal in
# the middle of the item table aside, see lines_from_rows).
TOTAL_WORDS = re.compile(
    r"\b(?:sub\s*|grand\s*|nett?\s*|final\s*)?total|^\W*(?:zwischen|gesamt)?sum+e\b|^\W*zu\s*zahlen|^\W*gesamt"
    r"|^\W*(?:totaal|te betalen|montant|[aà] payer|importe|totale|da pagare|tot|ttl)\b"
    # TOTAL and SUBTOTAL as the recogniser reads faded print: "IUIAL", "SUBIUIAL", "SUBTUTAL", "TotaaI"
    r"|(?<![^\W\d_])(?:s[uo]b\s*)?[ti][ou0][ti]a+[li1](?![^\W\d_])",
    re.IGNORECASE,
)
# CASH and CHANGE as the recogniser reads faded print ("UASH").
_GARBLED_PAYMENT = re.compile(r"(?<![^\W\d_])[cu](?:ash|hange)(?![^\W\d_])", re.IGNORECASE)

# The column headings of an item table ("QTY DESCRIPTION PRICE DISC TOTAL", "ITEM QTY S/PRICE AMOUNT
# TAX", "Menge Artikel Preis", "Qté Désignation Montant"): a row of nothing else is the table's
# header, not a total, and where it starts with a quantity heading, the items' rows start with it.
# "Gty", "aty": how the recogniser reads a faded Q.
_QUANTITY_HEADINGS = r"[qga]ty|qte|qté|quantity|quantit[eéà]|menge|anz|anzahl|aantal|cant|cantidad|qtà|pcs|nos?"
_DESCRIPTION_HEADINGS = (
    r"item|items|iterm|description|descriptior|desc|article|artikel|bezeichnung|désignation|designation"
    r"|omschrijving|descripci[oó]n|descrizione|name"
)
# What a table has beside quantities and descriptions, and "kg" of a weight column.
_OTHER_HEADINGS = (
    r"des|tion|price|prices|s/price|u/p|u\.p|unit|rsp|amount|amt|value|total|totals|tax|tx|gst|disc|sale|iss"
    r"|exc|d|rm|myr|eur|\$|preis|betrag|einzelpreis|summe|prix|montant|prijs|bedrag|precio|importe|prezzo"
    r"|importo|no|kg|euro?|€|(?:euro?|€)/kg"
)
_HEADINGS = re.compile(rf"{_QUANTITY_HEADINGS}|{_DESCRIPTION_HEADINGS}|{_OTHER_HEADINGS}", re.IGNORECASE)
_KEY_HEADINGS = re.compile(rf"{_QUANTITY_HEADINGS}|{_DESCRIPTION_HEADINGS}|kg", re.IGNORECASE)
QUANTITY_HEADING = re.compile(_QUANTITY_HEADINGS, re.IGNORECASE)
QUANTITY_FIRST = re.compile(rf"^\W*(?:{_QUANTITY_HEADINGS})\W+(?:{_DESCRIPTION_HEADINGS})\b", re.IGNORECASE)


_CAPITALISED = re.compile(r"[A-Z][a-z]+")


def heading_words(text: str) -> list[str]:
    """A row's words as headings are, headings the recogniser glued together split where each
    starts with a capital ("GtyTax RM": Gty, Tax, RM)."""
    words: list[str] = []
    for word in re.split(r"[\s:()\[\]]+", text.strip()):
        word = word.strip(".,")
        if not word or word in ("#", ".", "-"):
            continue
        parts = _CAPITALISED.findall(word)
        glued = len(parts) >= 2 and "".join(parts) == word and all(_HEADINGS.fullmatch(p) for p in parts)
        words.extend(parts if glued else [word])
    return words


def is_table_header(text: str) -> bool:
    """Whether a row holds only column headings (at least two), one of them naming the quantity,
    the description or the weight: "TOTAL RM" is a total, not a header."""
    words = heading_words(text)
    return (
        len(words) >= 2
        and all(_HEADINGS.fullmatch(word) for word in words)
        and any(_KEY_HEADINGS.fullmatch(word) for word in words)
    )


# What OCR reads for letters in words: "T0TAL", "V1SA".
CONFUSABLE = str.maketrans({"0": "o", "1": "i", "5": "s"})


def is_payment_row(text: str) -> bool:
    """Whether a row is no item: a §9 word anywhere in it, a payment, total, tax, rounding,
    deposit or discount word beyond §9, or a total as faded print reads."""
    lowered = text.lower()
    for candidate in (lowered, lowered.translate(CONFUSABLE)):
        if any(word in candidate for word in PAYMENT_WORDS) or MORE_PAYMENT_WORDS.search(candidate):
            return True
    return bool(TOTAL_WORDS.search(text) or _GARBLED_PAYMENT.search(text))
