"""A receipt corpus made from known contents: narrow thermal-printer receipts rendered with Pillow
and photographed (pasted on a background at phone resolution, rotated, bent, seen at a slant,
blurred, noisy, saved as JPEG). Each receipt carries its truth: the item lines (name as printed, quantity, line amount,
currency, the catalogue ingredient it should match, article number) and its payment rows.

Deterministic: the same seed gives the same receipt and the same JPEG bytes. Used by the unit
tests (through the recorded OCR boxes under tests/receipts/boxes/) and by bench/receipts_quality.py.
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = Path("/usr/share/fonts/truetype/dejavu")
LANGUAGES = ("en", "de")
VARIANTS = ("clean", "rotated", "blurred")

# (printed names, catalogue ingredient or None, price range). A printed name may hold a '|' where
# a long name is split over two rows by the layout that splits names.
EN_ITEMS: list[tuple[tuple[str, ...], str | None, tuple[float, float]]] = [
    (("BANANAS LOOSE", "BANANAS"), "Banana", (0.8, 2.5)),
    (("CHKN BRST", "CHKN BRST FILLETS", "CHICKEN BREAST|FILLETS 500G"), "Chicken breast", (3.5, 9.0)),
    (("SEMI SKMD MILK 2L", "S/SKIM MILK 4PT"), "Semi-skimmed milk", (1.2, 2.4)),
    (("WHOLE MILK 2L", "WHOLE MILK 1L"), "Whole milk", (1.1, 2.5)),
    (("FREE RANGE EGGS 6", "FREE RANGE EGGS|LARGE 12PK"), "Egg", (1.9, 4.2)),
    (("WHOLEMEAL BREAD", "WHLML BREAD 800G"), "Wholemeal bread", (0.9, 2.6)),
    (("BROCCOLI",), "Broccoli", (0.5, 1.4)),
    (("RED ONIONS 1KG", "RED ONIONS"), "Red onion", (0.7, 1.6)),
    (("CHERRY TOMS 250G", "CHERRY TOMATOES|VINE 250G"), "Cherry tomatoes", (0.9, 2.5)),
    (("MATURE CHEDDAR", "MATURE CHEDDAR 400G"), "Mature cheddar", (2.2, 4.8)),
    (("GREEK YOGURT 500G", "GRK STYLE YOG"), "Greek yogurt", (1.1, 3.2)),
    (("BASMATI RICE 1KG",), "Basmati rice", (1.5, 3.5)),
    (("SPAGHETTI 500G",), "Spaghetti", (0.5, 1.6)),
    (("EV OLIVE OIL 500ML", "EXTRA VIRGIN|OLIVE OIL 1L"), "Extra virgin olive oil", (3.5, 9.5)),
    (("TUNA CHUNKS 4PK",), "Tinned tuna", (2.5, 4.9)),
    (("PEANUT BUTTER",), "Peanut butter", (1.6, 3.9)),
    (("ORANGE JUICE 1L", "OJ SMOOTH 1L"), "Orange juice", (1.1, 2.9)),
    (("FROZEN PEAS 1KG",), "Frozen peas", (1.0, 2.2)),
    (("UNSALTED BUTTER",), "Unsalted butter", (1.9, 3.4)),
    (("BABY SPINACH 200G",), "Baby spinach", (1.1, 2.2)),
    (("SWEET POTATOES",), "Sweet potato", (0.9, 2.2)),
    (("AVOCADO RIPE",), "Avocado", (0.6, 1.5)),
    (("LEMONS 4PK", "LEMONS"), "Lemon", (0.6, 1.6)),
    (("CLOSED CUP MUSHROOMS",), "Mushroom", (0.8, 1.8)),
    (("CARROTS 1KG",), "Carrot", (0.5, 1.2)),
    (("CUCUMBER",), "Cucumber", (0.5, 1.1)),
    (("PORK SAUSAGES 8PK",), "Pork sausage", (2.0, 4.5)),
    (("BEEF MINCE 5% 500G",), "Beef mince", (2.9, 5.9)),
    (("SALMON FILLETS 2PK",), "Salmon fillet", (3.5, 6.5)),
    (("ROLLED OATS 1KG", "PORRIDGE OATS"), "Rolled oats", (0.8, 2.1)),
    (("PLAIN FLOUR 1.5KG",), "Plain flour", (0.7, 1.5)),
    (("BIN BAGS 20PK",), None, (1.5, 3.5)),
    (("KITCHEN ROLL 2PK",), None, (1.8, 3.9)),
    (("DISHWASHER TABS 30",), None, (3.5, 7.5)),
    (("BATTERIES AA 4PK",), None, (2.9, 6.5)),
    (("CARRIER BAG",), None, (0.1, 0.5)),
]

DE_ITEMS: list[tuple[tuple[str, ...], str | None, tuple[float, float]]] = [
    (("Vollmilch 3,5%", "H-Vollmilch 3,5% 1L"), "Whole milk", (0.9, 1.6)),
    (("Bananen lose", "Bananen"), "Banana", (0.9, 2.4)),
    (("Hähnchenbrustfilet", "Hähnchenbrust|Teilstück 400g"), "Chicken breast", (3.9, 8.9)),
    (("Eier Freiland 10St", "Eier Bodenhaltung|Gr. M 10 Stück"), "Egg", (1.9, 3.9)),
    (("Vollkornbrot 500g",), "Wholemeal bread", (1.2, 2.9)),
    (("Speisekartoffeln 2kg", "Kartoffeln festk."), "Potato", (1.5, 3.5)),
    (("Zwiebeln rot 500g",), "Red onion", (0.7, 1.5)),
    (("Rispentomaten", "Tomaten Rispe"), "Tomato", (1.2, 2.9)),
    (("Spaghetti 500g", "Spaghetti No.5"), "Spaghetti", (0.5, 1.8)),
    (("Basmati Reis 1kg",), "Basmati rice", (1.6, 3.8)),
    (("Olivenöl nativ extra", "Natives Olivenöl|Extra 750ml"), "Extra virgin olive oil", (4.5, 9.9)),
    (("Joghurt griech. Art",), "Greek yogurt", (0.9, 2.2)),
    (("Äpfel Elstar 1kg", "Apfel Braeburn"), "Apple", (1.5, 2.9)),
    (("Karotten 1kg", "Möhren"), "Carrot", (0.6, 1.3)),
    (("Brokkoli",), "Broccoli", (0.9, 1.9)),
    (("Salatgurke",), "Cucumber", (0.4, 0.9)),
    (("Zitronen 500g",), "Lemon", (0.9, 1.8)),
    (("Champignons weiß",), "Mushroom", (1.2, 2.2)),
    (("Haferflocken zart",), "Rolled oats", (0.5, 1.4)),
    (("Weizenmehl 405",), "Plain flour", (0.4, 1.1)),
    (("Zucker 1kg",), "Granulated sugar", (0.7, 1.4)),
    (("Schlagsahne 30%",), "Whipping cream", (0.6, 1.3)),
    (("Frischkäse Natur",), "Cream cheese", (0.8, 1.9)),
    (("Mozzarella 125g",), "Mozzarella", (0.6, 1.5)),
    (("Butter mild gesäuert", "Süßrahmbutter"), "Unsalted butter", (1.6, 2.9)),
    (("Rinderhackfleisch", "Hackfleisch Rind|500g"), "Beef mince", (3.5, 6.9)),
    (("Lachsfilet 250g",), "Salmon fillet", (3.9, 6.9)),
    (("Paprika rot",), "Red pepper", (0.6, 1.5)),
    (("Gouda jung Scheiben",), None, (1.5, 2.9)),
    (("Müllbeutel 35l",), None, (1.5, 3.5)),
    (("Küchenrolle 4x64",), None, (2.2, 3.9)),
    (("Spülmittel Zitrone",), None, (0.7, 1.9)),
    (("Tragetasche",), None, (0.1, 0.3)),
]

# Currencies per language: (how the receipt says it, where it says it). Where: "price" (before
# or after every amount), "header" (a column header row above the prices), "total" (only on the
# total row), None (nowhere: the receipt says no currency).
EN_CURRENCIES = [("£", "total"), ("£", "price"), ("$", "total"), ("$", "price"), ("RM", "price"), ("RM", "total")]
DE_CURRENCIES = [("EUR", "header"), ("EUR", "total"), ("€", "price"), ("€", "total")]

SHOPS_EN = [
    ("FRESHWAY SUPERSTORE", "12 High Street, Leeds LS1 4AB", "Phone: 0113 496 0721"),
    ("GREENGROCER & CO", "4/88 King St, Newtown NSW 2042", "Phone (02) 9557 1234"),
    ("MARKET FAIR", "Lot 5, Jalan Ampang, 50450 KL", "Tel: 03-2161 8899"),
    ("CORNER STORE", "201 Main Street, Springfield", "Phone 555-0148"),
]
SHOPS_DE = [
    ("FRISCHMARKT", "Hauptstraße 12, 10115 Berlin", "Tel. 030 1234567"),
    ("MARKTKAUF MITTE", "Bahnhofstr. 3, 80335 München", "Telefon 089 987654"),
    ("BIOLADEN AM ECK", "Lindenweg 7, 50667 Köln", "Tel 0221 445566"),
]


@dataclass(frozen=True)
class TruthLine:
    """One item line as the receipt prints it: `name` the printed name (rows of a split name joined
    with one space), `quantity` at least 1, `price` the line's amount (the printed line total, or
    quantity times unit price where only the unit price is printed), `ingredient` the catalogue
    ingredient it should match (None for things the catalogue does not hold)."""

    name: str
    quantity: float
    price: float
    currency: str | None
    ingredient: str | None
    sku: str | None


@dataclass(frozen=True)
class Row:
    """One printed row: text on the left, text right-aligned on the right, or centred."""

    left: str = ""
    right: str = ""
    kind: str = "info"  # header, info, item, detail, discount, payment, rule
    centre: bool = False
    bold: bool = False
    scale: float = 1.0


@dataclass(frozen=True)
class Receipt:
    seed: int
    language: str
    variant: str
    currency: str | None
    lines: tuple[TruthLine, ...]
    payment_rows: tuple[str, ...]
    rows: tuple[Row, ...] = field(repr=False)
    font: str = "DejaVuSansMono.ttf"
    columns: int = 36

    @property
    def slice(self) -> str:
        return f"{self.language}/{self.variant}"


def _money(value: float, language: str) -> str:
    text = f"{value:.2f}"
    return text.replace(".", ",") if language == "de" else text


def make_receipt(
    seed: int, *, language: str | None = None, variant: str | None = None, items: int | None = None
) -> Receipt:
    """The contents of one receipt (what is printed, and the truth), from its seed."""
    rng = random.Random(seed)
    language = language or rng.choice(LANGUAGES)
    variant = variant or rng.choice(VARIANTS)
    count = items if items is not None else rng.choice([rng.randint(2, 8), rng.randint(6, 18), rng.randint(15, 40)])
    catalogue = EN_ITEMS if language == "en" else DE_ITEMS
    currency, where = rng.choice(EN_CURRENCIES if language == "en" else DE_CURRENCIES)
    if rng.random() < 0.2:
        currency, where = None, None
    columns = rng.choice([32, 36, 40, 42])
    font = rng.choice(
        ["DejaVuSansMono.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansCondensed.ttf"]
    )
    tax_codes = rng.random() < (0.7 if language == "de" else 0.25)
    skus = rng.random() < 0.25
    split_names = rng.random() < 0.6
    detail_style = rng.choice(["below-total", "below-name"])  # where a '2 x 1,99' row goes

    def amount(value: float) -> str:
        text = _money(value, language)
        if where == "price":
            text = f"{text} €" if currency == "€" else f"{currency}{text}"
        return text

    def tax(code: str) -> str:
        return f" {code}" if tax_codes else ""

    rows: list[Row] = []
    shop = rng.choice(SHOPS_EN if language == "en" else SHOPS_DE)
    rows.append(Row(shop[0], centre=True, bold=True, scale=1.4, kind="header"))
    rows.append(Row(shop[1], centre=True, kind="header"))
    rows.append(Row(shop[2], centre=True, kind="payment" if "phone" in shop[2].lower() else "header"))
    day, month, hour, minute = rng.randint(1, 28), rng.randint(1, 12), rng.randint(8, 21), rng.randint(0, 59)
    if language == "de":
        rows.append(Row(f"{day:02d}.{month:02d}.2024 {hour:02d}:{minute:02d}", f"Bon {rng.randint(1000, 9999)}"))
    else:
        rows.append(Row(f"{day:02d}/{month:02d}/2024 {hour:02d}:{minute:02d}", f"TILL {rng.randint(1, 9)}"))
    rows.append(Row())
    if where == "header":
        rows.append(Row("", currency or "", kind="header"))

    lines: list[TruthLine] = []
    total = 0.0
    extras = random.Random(seed * 7 + 3)  # rows added later draw apart, so earlier receipts stay as they were
    for _ in range(count):
        names, ingredient, (low, high) = rng.choice(catalogue)
        printed = rng.choice(names)
        unit_price = round(rng.uniform(low, high), 2)
        quantity = rng.choice([1] * 10 + [2, 2, 3, 4])
        line_total = round(unit_price * quantity, 2)
        total += line_total
        sku = None
        if skus and rng.random() < 0.8:
            sku = "".join(rng.choice("0123456789") for _ in range(rng.choice([6, 8, 12, 13])))
        code = rng.choice("AB") if language == "de" else rng.choice(["A", "F", "*"])
        split = "|" in printed and split_names
        name_rows = printed.split("|") if split else [printed.replace("|", " ")]
        name = " ".join(name_rows)
        lines.append(TruthLine(name, float(quantity), line_total, currency, ingredient, sku))
        unit = _money(unit_price, language)
        if language == "de":
            detail = rng.choice([f"{quantity} x {unit}", f"{quantity} Stk x {unit}", f"{quantity}x{unit}"])
        else:
            detail = rng.choice(
                [f"{quantity} x {unit}", f"{quantity} @ {unit}", f"QTY {quantity} @ {unit}", f"{quantity}x{unit}"]
            )
        heads = [f"{sku} {name_rows[0]}" if sku else name_rows[0], *name_rows[1:]]
        if printed in ("BANANAS LOOSE", "Bananen lose") and rng.random() < 0.6:
            # Sold by weight: the row under the name says the weight and the price per kg.
            weight = round(rng.uniform(0.4, 1.6), 3)
            weight_text = f"{weight:.3f}".replace(".", ",") if language == "de" else f"{weight:.3f}"
            line_total = round(weight * unit_price, 2)
            per_kg = "€/kg" if currency == "€" else "/kg"
            lines[-1] = TruthLine(name, 1.0, line_total, currency, ingredient, sku)
            total += line_total - round(unit_price * quantity, 2)
            rows.extend(Row(text, kind="item") for text in heads)
            rows.append(Row(f"  {weight_text} kg x {unit} {per_kg}", amount(line_total) + tax(code), kind="detail"))
        elif quantity == 1:
            rows.extend(Row(text, kind="item") for text in heads[:-1])
            rows.append(Row(heads[-1], amount(line_total) + tax(code), kind="item"))
        elif detail_style == "below-total":
            # The name row carries the line total; the row under it says how many at what price.
            rows.extend(Row(text, kind="item") for text in heads[:-1])
            rows.append(Row(heads[-1], amount(line_total) + tax(code), kind="item"))
            rows.append(Row("  " + detail, kind="detail"))
        else:
            # The name stands alone; the row under it says how many at what price, and the total.
            rows.extend(Row(text, kind="item") for text in heads)
            rows.append(Row("  " + detail, amount(line_total) + tax(code), kind="detail"))
        if extras.random() < 0.08:
            # A discount under the item: a negative amount, neither an item nor a payment.
            label = extras.choice(["PRICE CUT", "MULTIBUY SAVING"] if language == "en" else ["Rabatt", "Preisvorteil"])
            off = _money(round(extras.uniform(0.1, max(0.11, line_total / 2)), 2), language)
            rows.append(
                Row(
                    f"  {label}", f"-{off}" if language == "en" or extras.random() < 0.5 else f"{off}-", kind="discount"
                )
            )

    rows.append(Row(kind="rule"))
    money_total = _money(total, language)
    said = (
        f"{currency} {money_total}"
        if currency in ("EUR", "RM")
        else f"{currency}{money_total}"
        if currency
        else money_total
    )
    if currency == "€":
        said = f"{money_total} €"
    payment: list[Row] = []
    if language == "en":
        if rng.random() < 0.6:
            payment.append(Row("SUBTOTAL", amount(total), kind="payment"))
        payment.append(Row("TOTAL", said if where in ("total", "price") else money_total, kind="payment", bold=True))
        card = rng.choice(["VISA", "MASTERCARD", "EFTPOS", "CASH"])
        if card == "CASH":
            given = float(math.ceil(total / 10) * 10)
            payment.append(Row("CASH", amount(given), kind="payment"))
            payment.append(Row("CHANGE", amount(given - total), kind="payment"))
        else:
            payment.append(Row(card, amount(total), kind="payment"))
        if rng.random() < 0.6:
            payment.append(Row("GST INCLUDED IN TOTAL", amount(round(total / 11, 2)), kind="payment"))
        else:
            payment.append(Row("TAX", amount(round(total * 0.08, 2)), kind="payment"))
        rows.extend(payment)
        rows.append(Row())
        rows.append(Row(f"TERMINAL ID {rng.randint(10000000, 99999999)}", kind="payment"))
        rows.append(Row(f"REFERENCE {rng.randint(100000, 999999)}", kind="payment"))
        rows.append(Row("THANK YOU FOR SHOPPING", centre=True))
    else:
        payment.append(Row("SUMME", said if where in ("total", "price") else money_total, kind="payment", bold=True))
        if rng.random() < 0.5:
            given = float(math.ceil(total / 10) * 10)
            payment.append(Row("Gegeben Bar", amount(given), kind="payment"))
            payment.append(Row("Rückgeld", amount(given - total), kind="payment"))
        else:
            payment.append(Row("Kartenzahlung girocard", amount(total), kind="payment"))
        rows.extend(payment)
        rows.append(Row())
        net = total / 1.07
        rows.append(Row("MwSt 7%", _money(total - net, language), kind="payment"))
        rows.append(Row("Netto", _money(net, language), kind="payment"))
        rows.append(Row(f"Terminal-ID {rng.randint(10000000, 99999999)}", kind="payment"))
        rows.append(Row("Vielen Dank für Ihren Einkauf", centre=True))
    payment_rows = tuple(
        " ".join(part for part in (row.left.strip(), row.right) if part) for row in rows if row.kind == "payment"
    )
    return Receipt(
        seed=seed,
        language=language,
        variant=variant,
        currency=currency,
        lines=tuple(lines),
        payment_rows=payment_rows,
        rows=tuple(rows),
        font=font,
        columns=columns,
    )


def print_receipt(receipt: Receipt, *, char_px: int = 24) -> Image.Image:
    """The receipt paper as a thermal printer makes it (greyscale, upright, unbent)."""
    regular = ImageFont.truetype(str(FONTS / receipt.font), char_px)
    bold = ImageFont.truetype(str(FONTS / "DejaVuSansMono-Bold.ttf"), char_px)
    column = regular.getlength("0")
    # As wide as the printer's columns, or wider where a row would not fit (names are not cut).
    needed = max(
        (regular.getlength(row.left) + regular.getlength(row.right) + 2 * column for row in receipt.rows), default=0
    )
    width = int(max(column * receipt.columns, needed))
    pitch = int(char_px * 1.45)
    margin = int(char_px * 1.5)
    heights = [int(pitch * row.scale) for row in receipt.rows]
    paper = Image.new("L", (width + 2 * margin, sum(heights) + 2 * margin), 246)
    draw = ImageDraw.Draw(paper)
    y = margin
    for row, height in zip(receipt.rows, heights, strict=True):
        font = bold if row.bold else regular
        if row.scale != 1.0:
            font = ImageFont.truetype(str(FONTS / "DejaVuSans-Bold.ttf"), int(char_px * row.scale))
        ink = 30
        if row.kind == "rule":
            dash = "-" * int(width / regular.getlength("-"))
            draw.text((margin, y), dash, font=regular, fill=ink)
        elif row.centre:
            draw.text((margin + (width - font.getlength(row.left)) / 2, y), row.left, font=font, fill=ink)
        else:
            draw.text((margin, y), row.left, font=font, fill=ink)
            if row.right:
                draw.text((margin + width - font.getlength(row.right), y), row.right, font=font, fill=ink)
        y += height
    return paper


def _bend(paper: Image.Image, amplitude: float) -> Image.Image:
    """A receipt that does not lie flat: rows bow up or down across the width by `amplitude` px."""
    width, height = paper.size
    pad = int(abs(amplitude)) + 2
    canvas = Image.new("L", (width, height + 2 * pad), 0)
    canvas.paste(paper, (0, pad))
    mask = Image.new("L", canvas.size, 0)
    mask.paste(255, (0, pad, width, pad + height))
    step = 16
    mesh = []
    for x in range(0, width, step):
        x2 = min(x + step, width)
        d1 = amplitude * math.sin(math.pi * x / width)
        d2 = amplitude * math.sin(math.pi * x2 / width)
        mesh.append(((x, 0, x2, canvas.height), (x, -d1, x, canvas.height - d1, x2, canvas.height - d2, x2, -d2)))
    bent = canvas.transform(canvas.size, Image.Transform.MESH, mesh, Image.Resampling.BILINEAR)
    bent_mask = mask.transform(canvas.size, Image.Transform.MESH, mesh, Image.Resampling.BILINEAR)
    return Image.merge("LA", (bent, bent_mask))


def _tilt(sheet: Image.Image, amount: float) -> Image.Image:
    """A perspective view of the sheet: its top (amount > 0) or bottom edge shorter by |amount|."""
    width, height = sheet.size
    inset = abs(amount) * width / 2
    source = [(0, 0), (width, 0), (width, height), (0, height)]
    if amount > 0:
        target = [(inset, 0), (width - inset, 0), (width, height), (0, height)]
    else:
        target = [(0, 0), (width, 0), (width - inset, height), (inset, height)]
    # Coefficients mapping each target point back to its source point (what Pillow asks for).
    matrix, vector = [], []
    for (x, y), (u, v) in zip(target, source, strict=True):
        matrix.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        vector += [u, v]
    coefficients = np.linalg.solve(np.array(matrix, dtype=float), np.array(vector, dtype=float))
    return sheet.transform(sheet.size, Image.Transform.PERSPECTIVE, tuple(coefficients), Image.Resampling.BICUBIC)


def render_image(receipt: Receipt, *, size: tuple[int, int] = (3000, 4000)) -> Image.Image:
    """The phone photo of the receipt (RGB) at `size`."""
    rng = random.Random(receipt.seed * 7919 + 17)
    paper = print_receipt(receipt)
    if receipt.variant == "rotated" and rng.random() < 0.5:
        sheet = _bend(paper, rng.choice([-1, 1]) * rng.uniform(8, 18))
    else:
        sheet = Image.merge("LA", (paper, Image.new("L", paper.size, 255)))
    if receipt.variant == "rotated":
        # The phone held not quite parallel to the table: one end of the receipt looks narrower.
        tilt = random.Random(receipt.seed * 13 + 5)
        sheet = _tilt(sheet, tilt.choice([-1, 1]) * tilt.uniform(0.03, 0.08))
    angle = {
        "clean": rng.uniform(-0.4, 0.4),
        "rotated": rng.choice([-1, 1]) * rng.uniform(1.5, 3.0),
        "blurred": rng.uniform(-1.2, 1.2),
    }[receipt.variant]
    sheet = sheet.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)

    photo_w, photo_h = size
    # The receipt fills most of the frame's height when long, about half its width when short.
    scale = min(photo_h * rng.uniform(0.8, 0.92) / sheet.height, photo_w * rng.uniform(0.45, 0.7) / sheet.width)
    sheet = sheet.resize(
        (max(1, int(sheet.width * scale)), max(1, int(sheet.height * scale))), Image.Resampling.BICUBIC
    )

    # A table under the receipt: a colour with a gentle light falloff and some grain.
    base = np.array([rng.randint(90, 160), rng.randint(70, 130), rng.randint(50, 110)], dtype=np.float32)
    yy, xx = np.mgrid[0:photo_h:8, 0:photo_w:8].astype(np.float32)
    light = 1.0 - 0.35 * (((xx - photo_w * 0.4) / photo_w) ** 2 + ((yy - photo_h * 0.45) / photo_h) ** 2)
    small = (base[None, None, :] * light[:, :, None]).clip(0, 255).astype(np.uint8)
    photo = Image.fromarray(small, "RGB").resize(size, Image.Resampling.BILINEAR)
    left = (photo_w - sheet.width) // 2 + rng.randint(-photo_w // 20, photo_w // 20)
    top = (photo_h - sheet.height) // 2 + rng.randint(-photo_h // 40, photo_h // 40)
    ink = sheet.getchannel("L").convert("RGB")
    # Warm paper under daylight: tint the white a little.
    tint = Image.new("RGB", ink.size, (255, 250, 240))
    ink = Image.composite(ink, tint, Image.new("L", ink.size, 235))
    photo.paste(ink, (left, top), sheet.getchannel("A"))

    # Blur in proportion to the printed text's height on the photo (what decides legibility).
    text_px = 24 * scale
    blur = text_px * {"clean": 0.015, "rotated": 0.03, "blurred": rng.uniform(0.055, 0.08)}[receipt.variant]
    photo = photo.filter(ImageFilter.GaussianBlur(blur))
    sigma = {"clean": 4.0, "rotated": 6.0, "blurred": 10.0}[receipt.variant]
    noise = np.random.default_rng(receipt.seed).normal(0.0, sigma, (photo_h, photo_w, 1)).astype(np.float32)
    pixels = (np.asarray(photo, dtype=np.float32) + noise).clip(0, 255).astype(np.uint8)
    return Image.fromarray(pixels, "RGB")


def render(receipt: Receipt, *, size: tuple[int, int] = (3000, 4000), quality: int = 85) -> bytes:
    """The phone photo as JPEG bytes."""
    buffer = io.BytesIO()
    render_image(receipt, size=size).save(buffer, "JPEG", quality=quality if receipt.variant != "blurred" else 70)
    return buffer.getvalue()


def corpus_receipt(seed: int, first_seed: int = 1000) -> Receipt:
    """The receipt the corpus makes from `seed`: seeds take turns at language, then variant."""
    index = seed - first_seed
    return make_receipt(seed, language=LANGUAGES[index % 2], variant=VARIANTS[(index // 2) % 3])


def corpus(count: int = 40, first_seed: int = 1000) -> list[Receipt]:
    """`count` receipts spread evenly over language and variant, item counts from 2 to 40."""
    return [corpus_receipt(first_seed + index, first_seed) for index in range(count)]
