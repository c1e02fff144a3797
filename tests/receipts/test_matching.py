"""The receipt matcher (receipts/matching.py) over the shipped catalogue's ingredient names, with
the spellings shops print in six languages and OCR reads, through the shipped lexicon."""

from __future__ import annotations

import json
import re

import pytest

from larder.catalogue.schemas import IngredientOptionOut
from larder.core.base.paths import seed_data_dir
from larder.receipts.matching import KEY_MAX, THRESHOLD, Matcher, learned_keys, normalise, read, tokens
from larder.receipts.names import _unglued

SHIPPED_NAMES = [
    entry["name"] for entry in json.loads((seed_data_dir() / "catalogue" / "ingredients.json").read_text())
]


def options(names: list[str]) -> list[IngredientOptionOut]:
    return [IngredientOptionOut(index, name, None, None, "g") for index, name in enumerate(names, start=1)]


@pytest.fixture(scope="module")
def shipped() -> Matcher:
    return Matcher(options(SHIPPED_NAMES))


def matched(matcher: Matcher, printed: str) -> str | None:
    found = matcher.match(printed)
    return found.name if found else None


SHOP_SPELLINGS = {
    # the three
    "BANANAS LOOSE": "Banana",
    "CHKN BRST": "Chicken breast",
    "Vollmilch 3,5%": "Whole milk",
    # abbreviations, weights and pack sizes, shop words
    "CHKN BRST FLLT 500G": "Chicken breast",
    "SEMI SKMD MLK 4PT": "Semi-skimmed milk",
    "WHL MLK 2.272L": "Whole milk",
    "BF MNC 500G": "Beef mince",
    "OJ 1L": "Orange juice",
    "FREE RANGE EGGS 12PK": "Egg",
    "SALMON FLLT X2": "Salmon fillet",
    "CHERRY TOMS": "Cherry tomatoes",
    "GREEK YOG": "Greek yogurt",
    "MATURE CHED": "Mature cheddar",
    "SOURDOUGH LOAF": "Sourdough bread",
    "CHICKPEAS TIN": "Tinned chickpeas",
    "BAKED BEANS 4X415G": "Baked beans",
    "S/SKIM MILK 4PT": "Semi-skimmed milk",
    "WHLML BREAD 800G": "Wholemeal bread",
    "GRK STYLE YOG": "Greek yogurt",
    "EV OLIVE OIL 500ML": "Extra virgin olive oil",
    "PORRIDGE OATS": "Rolled oats",
    "TEA BAGS 80": "Tea bag",
    # plurals, word order, generic words of the catalogue name
    "TOMATOES": "Tomato",
    "STRAWBERRIES": "Strawberries",
    "COURGETTES": "Courgette",
    "CHEDDAR MATURE": "Mature cheddar",
    "KIWI": "Kiwi fruit",
    "GARLIC BULB": "Garlic clove",
    "DIGESTIVES": "Digestive biscuits",
    "SPINACH 250G": "Baby spinach",
    # truncations and OCR slips
    "STRAWB 400G": "Strawberries",
    "MOZZ": "Mozzarella",
    "BANANS": "Banana",
    "BANANA5": "Banana",
    "Joghurt Natur": "Natural yogurt",
    # words OCR ran together
    "BANANASLOOSE": "Banana",
    "Vollmilch3,5%": "Whole milk",
    "CHKNBRST": "Chicken breast",
    "REDONIONS": "Red onion",
    # German
    "Bananen": "Banana",
    "Hähnchenbrustfilet": "Chicken breast",
    "Hahnchenbrust": "Chicken breast",  # the umlaut's dots lost by OCR
    "Kartoffeln festk. 2kg": "Potato",
    "Eier Freiland 10St": "Egg",
    "Olivenöl": "Olive oil",
    "Lachsfilet": "Salmon fillet",  # a compound of two words of the table
    "Zwiebeln rot": "Red onion",
    "Paprika rot": "Red pepper",  # a pair: Paprika alone is the spice
    "Mehl Type 405": "Plain flour",
    "Zucker 1kg": "Granulated sugar",
    "Haferflocken": "Rolled oats",
    "Champignons": "Mushroom",
    "Olivenöl nativ extra": "Extra virgin olive oil",
    "Joghurt griech. Art": "Greek yogurt",
    "Frischkäse Natur": "Cream cheese",
    "Vollkornbrot 500g": "Wholemeal bread",
    "Rinderhackfleisch": "Beef mince",
    "Butter mild gesäuert": "Unsalted butter",  # German butter is unsalted unless it says so
    "Süßrahmbutter": "Unsalted butter",
    # a compound's last word names the thing
    "Speisekartoffeln 2kg": "Potato",
    "Rispentomaten": "Tomato",
    "Salatgurke": "Cucumber",
}


@pytest.mark.parametrize(("printed", "expected"), SHOP_SPELLINGS.items(), ids=list(SHOP_SPELLINGS))
def test_shop_spellings_match_the_shipped_ingredient(shipped, printed, expected):
    assert expected in SHIPPED_NAMES
    assert matched(shipped, printed) == expected


NOT_FOOD = ["CARRIER BAG", "BAG FOR LIFE", "DEPOSIT", "CASH", "CHANGE DUE", "CLUBCARD SAVING", "PFAND", "Gouda jung"]


@pytest.mark.parametrize("printed", NOT_FOOD)
def test_what_is_no_catalogue_ingredient_matches_nothing(shipped, printed):
    assert matched(shipped, printed) is None
    assert all(score < THRESHOLD for _, score in shipped.ranked(printed))


@pytest.mark.parametrize(
    ("printed", "food"),
    [
        ("Spülmittel Zitrone", "Zitrone"),
        ("LEMON WASHING UP LIQUID", "LEMON"),
        ("Orangen Seife", "Orangen"),
        ("DENTIFRICE MENTHE", "MENTHE"),
        ("LAVAVAJILLAS LIMON", "LIMON"),
        ("DETERSIVO PIATTI LIMONE", "LIMONE"),
        ("AFWASMIDDEL CITROEN", "CITROEN"),
        ("SHOWER GEL COCONUT MILK", "COCONUT MILK"),
    ],
)
def test_no_food_is_matched_whatever_food_word_its_name_holds(shipped, printed, food):
    assert matched(shipped, food) is not None  # the food word alone matches
    assert matched(shipped, printed) is None
    assert shipped.ranked(printed) == []


def test_only_a_long_last_word_names_a_compound():
    assert tokens("Tamarind paste") == ["tamarind", "paste"]  # not "rind": no beef
    assert tokens("Speisekartoffeln") == ["potato"]


def test_a_printed_catalogue_word_is_that_word_not_a_longer_or_similar_one(shipped):
    assert matched(shipped, "PASTA") is None  # not Passata, one letter apart
    assert "Buttermilk" not in [option.name for option, _ in shipped.ranked("BUTTER")]
    assert matched(shipped, "LEMONS") == "Lemon"  # not Lemongrass, which begins with it


def test_a_tie_between_different_ingredients_is_no_match(shipped):
    ranked = shipped.ranked("LENTILS")
    assert ranked[0][1] == ranked[1][1] >= THRESHOLD  # Green, Puy, Red lentils...
    assert matched(shipped, "LENTILS") is None


def test_a_name_of_product_words_alone_is_no_ingredient_that_says_more(shipped):
    assert shipped.ranked("BUTTER") == []  # Salted, Unsalted, Peanut butter... each says more
    assert matched(shipped, "JAM") is None  # not Strawberry jam
    assert matched(shipped, "Marmelade") is None
    assert matched(shipped, "WATER") == "Water"  # named whole
    assert matched(shipped, "MILK") == "Whole milk"  # whole is a word receipts leave out


def test_only_one_matching_ingredient_is_enough(shipped):
    """The kitchen catalogue of the store tests: Vollmilch is its Milk."""
    kitchen = Matcher(options(["Chicken breast", "Milk", "Flour", "Egg", "Bacon"]))
    assert matched(kitchen, "Vollmilch 3,5%") == "Milk"
    assert matched(kitchen, "CHKN BRST") == "Chicken breast"
    assert matched(kitchen, "BANANAS LOOSE") is None


def test_learned_matches_come_first_by_the_normalised_name(shipped):
    oat_milk = next(option for option in options(SHIPPED_NAMES) if option.name == "Oat milk")
    learned = {normalise("MILK 2L"): oat_milk.value}
    assert shipped.match("MILK 2L", learned) == oat_milk
    assert shipped.match("Milk 1l", learned) == oat_milk  # another size, same name
    assert matched(shipped, "MILK 2L") == "Whole milk"  # without it
    # A learned id the catalogue no longer has is passed over.
    assert shipped.match("MILK 2L", {normalise("MILK 2L"): 10_000}).name == "Whole milk"


def lexicon_key(text: str) -> str:
    return learned_keys(text)[-1]


def test_the_lexicon_key_keeps_what_names_the_food():
    assert lexicon_key("BANANAS LOOSE") == lexicon_key("Bananas loose 1.2kg") == lexicon_key("BANANASLOOSE") == "banana"
    assert lexicon_key("CHKN BRST FLLT 500G") == "chicken breast fillet"
    assert lexicon_key("Vollmilch 3,5% 1L") == "whole milk"
    assert lexicon_key("Crème fraîche") == "creme fraiche"
    assert lexicon_key("Hähnchenbrust") == lexicon_key("HAEHNCHENBRUST") == "chicken breast"
    assert tokens("EGGS 12 A") == ["egg"]  # the tax class letter and the count go


def test_the_printed_key_never_goes_through_the_lexicon():
    """What a household taught is found again whatever the lexicon becomes: the first key is the
    name's own words, folded, without sizes."""
    assert normalise("LAIT DEMI-ECR. 1L") == normalise("Lait demi-écr. 1,5L") == "lait demi ecr"
    assert normalise("Vollmilch 3,5% 1L") == "vollmilch"
    assert learned_keys("Vollmilch 3,5% 1L") == ("vollmilch", "whole milk")
    assert learned_keys("MILK 2L") == ("milk",)  # one key when both read the same


def test_a_match_stored_under_the_lexicon_key_alone_is_still_found(shipped):
    """Matches confirmed by earlier versions were stored under the lexicon's reading only."""
    oat_milk = next(option for option in options(SHIPPED_NAMES) if option.name == "Oat milk")
    assert shipped.match("VOLLMILCH 1L", {"whole milk": oat_milk.value}) == oat_milk
    # The printed key comes first when both are there.
    whole = next(option for option in options(SHIPPED_NAMES) if option.name == "Whole milk")
    assert shipped.match("VOLLMILCH 1L", {"whole milk": oat_milk.value, "vollmilch": whole.value}) == whole


def test_a_name_with_no_food_words_still_has_a_key():
    assert normalise("1.2kg") == "1 2kg"
    assert normalise("LOOSE") == "loose"
    assert normalise("") == ""
    assert len(normalise("CHKN BRST " * 60)) <= KEY_MAX
    assert len(normalise("A1 " * 300)) == KEY_MAX


def test_shipped_names_keep_their_own_words():
    """Cutting glued shop words off never shortens a word of a catalogue name, and no two names
    share a key."""
    keys = [normalise(name) for name in SHIPPED_NAMES]
    assert len(set(keys)) == len(keys)
    for name in SHIPPED_NAMES:
        for word in re.split(r"[^a-z]+", name.lower()):
            assert _unglued(word) == word, name


# Receipt words of the six languages (and Malay beside English), as shops print them: the
# lexicon's words and phrases, umlauts and accents with and without their dots, sizes, brands.
LANGUAGES = {
    # German
    "VOLLMILCH 3,5%": "Whole milk",
    "H-Vollmilch 3,5% 1L": "Whole milk",
    "VOLLM. 3,5%": "Whole milk",
    "Fettarme Milch 1,5%": "Semi-skimmed milk",
    "BIO HONIG": "Honey",
    "KAROTTEN": "Carrot",
    "MOEHREN": "Carrot",
    "MÖHREN 1KG": "Carrot",
    "Mohren": "Carrot",  # the umlaut's dots lost by OCR
    "EIER 10ST": "Egg",
    "BANANEN LOSE": "Banana",
    "Orangensaft mild 1l": "Orange juice",
    "Zucchini": "Courgette",
    "Frischk. Minir. Schn": "Cream cheese",  # a truncation of a lexicon word
    "GUT BIO JOGHURT PUR": "Natural yogurt",
    "Saftorangen 5kg": "Orange",  # juicing oranges, not juice
    "Würfelzucker": "Granulated sugar",
    "Bulgur-Kräuter": "Bulgur wheat",  # the catalogue's only bulgur, named by its first word
    "BRIOCHE-KNOTEN": "Brioche bun",
    # French
    "LAIT DEMI-ECR. UHT 1L": "Semi-skimmed milk",
    "LAIT DEMI ECREME 1L": "Semi-skimmed milk",
    "BEURRE DOUX 250G": "Unsalted butter",
    "BEURRE DEMI-SEL": "Salted butter",
    "OEUFS FRAIS X12": "Egg",
    "POMMES DE TERRE 2,5KG": "Potato",
    "PDT CHAIR FERME 2KG": "Potato",
    "POMMES GOLDEN": "Apple",  # apples without "de terre"
    "JAMBON BLANC X4": "Cooked ham",
    "FILET DE POULET": "Chicken breast",
    "YAOURT NATURE X4": "Natural yogurt",
    "JUS D'ORANGE 1L": "Orange juice",
    "CRÈME FRAÎCHE ÉPAISSE": "Crème fraîche",
    # Dutch
    "AH HALFVOLLE MELK 1L": "Semi-skimmed milk",
    "AH ROOMBOTER ONGEZOUTEN": "Unsalted butter",
    "SCHARRELEIEREN 10ST": "Egg",
    "AARDAPPELEN KRUIMIG 2KG": "Potato",
    "KIPFILET 500G": "Chicken breast",
    "RUNDERGEHAKT": "Beef mince",
    "KOMKOMMER": "Cucumber",
    "SINAASAPPELSAP 1L": "Orange juice",
    "RODE PAPRIKA": "Red pepper",  # Dutch paprika is the vegetable, in a phrase
    # Spanish
    "LECHE SEMIDESNATADA 1L": "Semi-skimmed milk",
    "HUEVOS L 12 UDS": "Egg",
    "PATATAS 3KG": "Potato",
    "PLATANO CANARIAS": "Banana",
    "PECHUGA DE POLLO": "Chicken breast",
    "TOMATE PERA": "Tomato",
    "ACEITE OLIVA VIRGEN EXTRA": "Extra virgin olive oil",
    # Italian
    "LATTE P.S. 1L": "Semi-skimmed milk",
    "LATTE INTERO": "Whole milk",
    "UOVA FRESCHE X6": "Egg",
    "PATATE": "Potato",
    "PETTO DI POLLO": "Chicken breast",
    "PASSATA DI POMODORO": "Passata",
    "PARMIGIANO REGGIANO": "Parmesan",
    "ZUCCHINE": "Courgette",
    "PROSCIUTTO COTTO": "Cooked ham",  # a phrase before the catalogue word
    "PROSCIUTTO CRUDO": "Prosciutto",
    # English spellings (US, UK shop abbreviations) and Malay
    "GV WHL MLK GAL": "Whole milk",
    "BNLS SKNLS CHKN BRST": "Chicken breast",
    "GRND BEEF 80/20": "Beef mince",
    "SR FLOUR 1.5KG": "Self-raising flour",
    "BKG PWDR": "Baking powder",
    "SHRD MOZZ": "Grated mozzarella",
    "YORKSHIRE TEA 80S": "Tea bag",
    "MARMITE 250G": "Yeast extract",
    "MINUTE MAID PULPY [OREN] [350ML]": "Orange juice",  # Malay oren
    "DICED TOMATOES": "Chopped tomatoes",
    "PLATANO GRANEL": "Banana",  # Spanish for loose
    "ZUCCHINI": "Courgette",
    "GROUND BEEF 80/20": "Beef mince",
    "EGGPLANT": "Aubergine",
    "GINGER BEER": "Ginger beer",
    "THOMAS HENRY TONIC": "Tonic water",
    "KING OYSTER MUSHROOM -UNIT": "Mushroom",
    "ROYAL UMBRELLA BERAS WANGI 1KG": "Jasmine rice",
    "AL.BI APPELSAFT 1L.": "Apple juice",  # an OCR slip of Apfelsaft
    "OJ SMOOTH 1L": "Orange juice",  # smooth is no cut English product word (smoothie)
}


@pytest.mark.parametrize(("printed", "expected"), LANGUAGES.items(), ids=list(LANGUAGES))
def test_receipt_words_of_six_languages_match_through_the_lexicon(shipped, printed, expected):
    assert expected in SHIPPED_NAMES
    assert matched(shipped, printed) == expected


# Names that hold a food word but are no catalogue ingredient: nothing rather than a wrong guess.
NOT_THE_FOOD_THEY_NAME = [
    "Tomatensaft",  # juice: a product word no catalogue name with tomato holds
    "Karottensalat",
    "KARTOFFELSALAT",
    "CARROT CAKE",
    "POTATO CRISPS",
    "TINGE LEMON DRINK 500ML",
    "OSTEREIER M. FULLUNG",  # chocolate eggs
    "VOLLKORNBRÖTCHEN",  # a roll: its last part names it
    "TIGER BEER CAN",
    "SWEETS",  # not "sweet" potato
    "ORANGE SQUASH",  # a cordial: no Orange, no Butternut squash
    "CORNFLAKES",  # two letters from Cornflour
    "SALE 50% OFF",
    "100 PLUS",
    "Ricola Kräuter",  # one letter from Rucola, but shorter than a slip is read from
    # the words of a receipt's other rows
    "TIME: 20:17",  # and no slip of Lime: four letters are too few to read as another word
    "DATE: 22/12/2017",
    "WAITER:",
    "I LOVE JIMART",  # not Cloves
    "40400 SHAH ALAM.",  # not Clams
]


@pytest.mark.parametrize("printed", NOT_THE_FOOD_THEY_NAME)
def test_a_name_that_is_no_catalogue_ingredient_matches_nothing(shipped, printed):
    assert matched(shipped, printed) is None


def test_a_word_of_other_rows_blocks_only_itself(shipped):
    assert matched(shipped, "DATES 200G") == "Medjool dates"
    assert matched(shipped, "LIMES") == "Lime"


def test_a_product_word_admits_only_ingredients_whose_name_holds_it(shipped):
    assert matched(shipped, "ORANGE JUICE") == "Orange juice"
    assert matched(shipped, "ORANGES") == "Orange"
    assert matched(shipped, "APPLE SAUCE") == "Apple sauce"
    assert "Carrot" not in [option.name for option, _ in shipped.ranked("CARROT CAKE")]
    assert matched(shipped, "BUTTER BEANS TIN") == "Tinned butter beans"


def test_catalogue_words_are_never_read_as_compounds_or_slips(shipped):
    assert matched(shipped, "WATERMELON") == "Watermelon"  # not water + melon
    assert matched(shipped, "CORNFLOUR") == "Cornflour"  # not flour
    assert matched(shipped, "BUTTERMILK") == "Buttermilk"
    assert matched(shipped, "PASSATA") == "Passata"  # one letter from Spanish patata


def test_a_phrase_is_read_before_its_words():
    assert tokens("POMMES DE TERRE") == ["potato"]
    assert tokens("POMMES") == ["apple"]
    assert tokens("PAPRIKA ROT") == ["red", "pepper"]
    assert tokens("PAPRIKA") == ["paprika"]  # the spice, as the catalogue has it


def test_a_learned_match_comes_before_the_lexicon(shipped):
    oat_milk = next(option for option in options(SHIPPED_NAMES) if option.name == "Oat milk")
    learned = {normalise("LAIT DEMI-ECR. 1L"): oat_milk.value}
    assert matched(shipped, "LAIT DEMI-ECR. 1L") == "Semi-skimmed milk"
    assert shipped.match("LAIT DEMI-ECR. 1L", learned) == oat_milk
    assert shipped.match("Lait demi-écr. 1,5L", learned) == oat_milk  # another size and spelling


def test_a_name_of_no_food_is_learned_apart_from_its_food_word():
    assert normalise("Spülmittel Zitrone") != normalise("ZITRONE")
    assert read("Spülmittel Zitrone").blocked
    assert normalise("CANDLES") == "candles"
