"""The receipt lexicon (receipts/lexicon.py and the shipped larder/data/receipts/lexicon.tsv): the
table is well formed, every target is in the catalogue, and it never rereads the catalogue's own
names."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

from larder.core.base.paths import seed_data_dir
from larder.receipts.lexicon import KINDS, PHRASE_MAX, build, parse, shipped, spellings, table_path
from larder.receipts.names import raw_words, read, singular

CATALOGUE = [entry["name"] for entry in json.loads((seed_data_dir() / "catalogue" / "ingredients.json").read_text())]


def catalogue_words() -> set[str]:
    return {word for name in CATALOGUE for word in read(name).words}


def test_the_table_ships_with_the_package_data_and_its_readme():
    assert table_path().is_relative_to(seed_data_dir())
    assert table_path().is_file()
    assert (table_path().parent / "README.md").is_file()


def test_the_table_holds_hundreds_of_words_of_each_language():
    by_language: dict[str, int] = defaultdict(int)
    for entry in shipped().entries:
        if entry.kind in ("name", "word"):
            for language in entry.language.split():
                by_language[language] += 1
    for language in ("en", "de", "fr", "nl", "es", "it"):
        assert by_language[language] >= 150, language


def test_every_name_target_is_a_catalogue_ingredient():
    names = [entry for entry in shipped().entries if entry.kind == "name"]
    assert names
    for entry in names:
        assert entry.means in CATALOGUE, f"line {entry.line}: {entry.printed} -> {entry.means}"


def test_every_word_target_is_a_word_of_a_catalogue_name():
    """A translation to a word no ingredient holds could never match (product words say what a
    line is and may name what the catalogue lacks: cake, crisps)."""
    lexicon = shipped()
    known = catalogue_words() | {singular(word) for word in lexicon.products} | lexicon.noise
    for entry in lexicon.entries:
        if entry.kind == "word":
            for word in raw_words(entry.means):
                assert singular(word) in known, f"line {entry.line}: {entry.printed} -> {word}"


def test_no_printed_word_means_two_things():
    seen: dict[tuple[str, ...], tuple[str, str, int]] = {}
    for entry in shipped().entries:
        meaning = (entry.kind if entry.kind in ("none", "noise") else "means", entry.means, entry.line)
        for key in spellings(entry.printed):
            if key in seen:
                assert seen[key][:2] == meaning[:2], f"{key}: lines {seen[key][2]} and {entry.line}"
            seen[key] = meaning


def test_every_catalogue_name_reads_as_its_own_words():
    """No lexicon key, noise word, compound or glued-word rule rereads a catalogue name: the table
    may never turn "Paprika" (the spice) into a pepper or "Garam masala" into salt."""
    noise = shipped().noise
    for name in CATALOGUE:
        reading = read(name)
        own = {singular(word) for word in raw_words(name)} - noise
        assert not reading.blocked, name
        assert set(reading.words) == own, name


def test_a_word_is_met_with_its_umlauts_spelled_out_and_without_their_dots():
    assert spellings("Möhren") == {("moehren",), ("mohren",)}
    assert spellings("Crème fraîche") == {("creme", "fraiche")}
    assert spellings("huile d'olive") == {("huile", "olive")}  # the lone letter goes, as on receipts
    assert spellings("latte p.s.") == {("latte", "ps")}


def test_the_kinds_say_what_a_word_does():
    lexicon = build(
        parse(
            [
                "# a comment",
                "",
                "name\tpommes de terre\tPotato\tfr",
                "word\tpoulet\tchicken\tfr",
                "product\tsaft\tjuice\tde",
                "none\tOstereier\t\tde",
                "noise\tbio\t\tany",
            ]
        )
    )
    assert lexicon.meanings[("pommes", "de", "terre")] == ("potato",)
    assert lexicon.meanings[("poulet",)] == ("chicken",)
    assert lexicon.meanings[("saft",)] == ("juice",) and "juice" in lexicon.products
    assert ("ostereier",) in lexicon.none
    assert "bio" in lexicon.noise
    assert [entry.kind for entry in lexicon.entries] == list(KINDS)


@pytest.mark.parametrize(
    "row",
    [
        "word\tpoulet\tchicken",  # three cells
        "wort\tpoulet\tchicken\tfr",  # no such kind
        "word\t\tchicken\tfr",  # nothing printed
        "word\tpoulet\t\tfr",  # a word says what it means
        "name\tpommes de terre\t\tfr",
    ],
)
def test_a_malformed_row_is_an_error_naming_its_line(row):
    with pytest.raises(ValueError, match="lexicon line 2"):
        parse(["# header", row])


def test_a_phrase_longer_than_the_reader_looks_is_an_error():
    words = " ".join(["mot"] * (PHRASE_MAX + 1))
    with pytest.raises(ValueError, match="lexicon line 1"):
        build(parse([f"word\t{words}\tchicken\tfr"]))
