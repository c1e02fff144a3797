"""The banned-word check: whole words, disguises, symbol sequences, and no kitchen false alarms."""

from __future__ import annotations

import tracemalloc

import pytest

from larder.cookbook.banned_words import BannedWords, banned_words_file, shipped_banned_words

LIST = """
# a comment
  Fuck
shit
asshole
whore

<script
$$$
javascript:
"""


@pytest.fixture
def banned() -> BannedWords:
    return BannedWords.parse(LIST)


def test_the_list_format_has_words_sequences_and_comments(banned):
    assert banned.words == ["fuck", "shit", "asshole", "whore"]
    assert banned.sequences == ["<script", "$$$", "javascript:"]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("fuck", "fuck"),
        ("What the FUCK", "fuck"),
        ("FuCk this", "fuck"),
        ("f*ck", "fuck"),
        ("F**K", "fuck"),
        ("fuuuuck", "fuck"),
        ("fucking great", "fuck"),
        ("Fuckers", "fuck"),
        ("sh!t", "shit"),
        ("SH!T!", "shit"),
        ("$h1t", "shit"),
        ("5hit", "shit"),
        ("sh1t", "shit"),
        ("shitty", "shit"),
        ("shiiiitttty", "shit"),
        ("bull-shit", "shit"),
        ("a$$hole", "asshole"),
        ("@ssh0le", "asshole"),
        ("a**hole", "asshole"),
        ("asssshole", "asshole"),
        ("wh0r3", "whore"),
        ("whored", "whore"),
        ("(shit)", "shit"),
        ("fück", "fuck"),  # accents
        ("\uff46\uff55\uff43\uff4b", "fuck"),  # full-width letters
        ("fu\u0441k", "fuck"),  # a Cyrillic es for the c
        ("fu\u200bck", "fuck"),  # a zero-width space inside
    ],
)
def test_banned_words_are_found_in_disguise_and_any_case(banned, text, word):
    assert banned.find([text]) == [word]


@pytest.mark.parametrize(
    "text",
    [
        "Scunthorpe pudding",
        "Shiitake mushrooms",
        "A classic bass assassin",
        "Whorl of cream",
        "Fuchsia petals",
        "Bake at 455 g",
        "1000 ml $ 5",
        "****",
        "shitake",  # a word inside a longer word never matches
        "mishit",
        "shi",
        "",
    ],
)
def test_innocent_words_and_longer_words_do_not_match(banned, text):
    assert banned.find([text]) == []


@pytest.mark.parametrize(
    ("text", "sequence"),
    [
        ("<script>alert(1)</script>", "<script"),
        ("<SCRIPT src=x>", "<script"),
        ("click JavaScript:alert(1)", "javascript:"),
        ("java\tscript:alert(1)", "javascript:"),
        ("java\nScript:", "javascript:"),
        ("Make $$$ fast", "$$$"),
        ("cash$$$$", "$$$"),
        ("\uff1cscript", "<script"),  # a full-width <
    ],
)
def test_symbol_sequences_match_anywhere(banned, text, sequence):
    assert banned.find([text]) == [sequence]


def test_every_text_is_searched_and_each_find_reported_once(banned):
    assert banned.find(["nice", "oh sh!t", None or "", "SHIT <script", "f*ck"]) == ["shit", "<script", "fuck"]


def test_the_shipped_list_is_documented_and_blocks_profanity_slurs_and_scripts():
    text = banned_words_file().read_text(encoding="utf-8")
    assert text.startswith("#")
    assert "FORMAT" in text
    shipped = shipped_banned_words()
    assert {"fuck", "shit", "cunt", "nigger"} <= set(shipped.words)
    assert {"<script", "javascript:", "$$$"} <= set(shipped.sequences)
    assert shipped.find(["Motherf***er", "b1tch", "<ScRiPt>"]) == ["motherfucker", "bitch", "<script"]


@pytest.mark.parametrize(
    "text",
    [
        "Spicy spiced spices",
        "Niger seed bread",
        "Spotted dick with custard",
        "Faggots and peas",
        "Cock-a-leekie soup",
        "Rapeseed oil",
        "Prick the potatoes",
        "Retard the dough overnight",
        "Sussex pond pudding from Scunthorpe",
        "Passionfruit and cumin",
        "Analyse the Coon cheese",
        "Pakistani biryani",
    ],
)
def test_the_shipped_list_leaves_kitchen_words_alone(text):
    assert shipped_banned_words().find([text]) == []


def test_a_huge_text_of_disguises_is_checked_without_pathological_slowness():
    """Disguise matching is table look-ups: a worst-case draft must still finish (no regex backtracking)."""
    hostile = " ".join(["*" * 30 + "a", "s" + "*" * 39, "f" + "u" * 38 + "!"] * 6000)
    assert shipped_banned_words().find([hostile]) == []


def test_a_starred_spelling_names_the_first_listed_word_it_fits():
    assert BannedWords.parse("shot\nshit\n").find(["sh*t"]) == ["shot"]
    assert BannedWords.parse("shit\nshot\n").find(["sh*t", "s**t"]) == ["shit"]
    assert BannedWords.parse("shit\n").find(["****", "s*it*x"]) == []


def test_the_shipped_list_is_held_in_little_memory():
    """The server keeps the parsed list for its whole life: its tables must stay small (a table of
    every starred spelling took 6 MB)."""
    text = banned_words_file().read_text(encoding="utf-8")
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        parsed = BannedWords.parse(text)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert parsed.find(["f**king"]) == ["fuck"]
    assert held < 512 * 1024
