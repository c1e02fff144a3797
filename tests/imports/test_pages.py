"""Importing the test pages from a real local server: what each kind of page turns into (issue #6 'Parsing')."""

from __future__ import annotations

import html
import json

import pytest

from larder.imports.groups import with_group_labels
from larder.imports.parse import NO_RECIPE, is_complete, parse_page
from tests.imports.conftest import import_url

KEYS = {
    "name",
    "description",
    "image",
    "url",
    "@id",
    "recipeCuisine",
    "recipeYield",
    "totalTime",
    "prepTime",
    "cookTime",
    "recipeInstructions",
    "recipeIngredient",
}
RECIPE_PAGES = [
    "jsonld_graph.html",
    "jsonld_array.html",
    "howto_sections.html",
    "ingredient_sections.html",
    "instructions_string.html",
    "microdata.html",
    "rdfa.html",
    "broken.html",
    "latin1.html",
    "cp1252.html",
    "shift_jis.html",
    "xhtml.html",
]


def test_json_ld_in_a_graph_follows_references(client, member, pages):
    record = import_url(client, member, pages.page("jsonld_graph.html"))
    assert record["import_failed"] is False
    assert record["url"] == pages.page("jsonld_graph.html")
    data = record["parsed"]
    assert set(data) == KEYS
    assert data["name"] == "Shakshuka with Feta & Herbs"
    assert data["description"] == "Eggs poached in a spicy tomato & pepper sauce."
    # the image is an {"@id"} reference to an ImageObject elsewhere in the graph, with a relative url
    assert data["image"] == pages.url("/wp-content/uploads/shakshuka.jpg")
    assert data["@id"] == "https://blog.example/shakshuka/#recipe"
    assert data["url"] == pages.page("jsonld_graph.html")
    assert data["recipeCuisine"] == "Middle Eastern, North African"
    # no totalTime on the page: the total is prep plus cook
    assert (data["prepTime"], data["cookTime"], data["totalTime"]) == ("PT10M", "PT1H5M", "PT1H15M")
    assert data["recipeYield"] == "4 servings"  # the worded one of ["4", "4 servings"]
    assert data["recipeIngredient"][-1] == "100 g feta & fresh parsley"
    assert data["recipeInstructions"] == [
        {"name": "Soften the onion", "text": "Heat the oil and soften the onion and pepper for 8 minutes."},
        {"name": "", "text": "Add the tomatoes and simmer until thick, about 10 minutes."},
        # a name that only repeats the start of the text is dropped
        {"name": "", "text": "Make wells and crack in the eggs. Cover and cook for 6 minutes."},
        {"name": "", "text": "Scatter with feta & parsley and serve."},
    ]


def test_json_ld_array_with_image_list_and_numeric_yield(client, member, pages):
    data = import_url(client, member, pages.page("jsonld_array.html"))["parsed"]
    assert data["name"] == "Crème brûlée"
    assert data["image"] == [
        pages.url("/img/creme-brulee-1x1.jpg"),
        "https://cdn.dessert.example/creme-brulee-4x3.jpg",
    ]  # absolute, duplicates dropped
    assert data["url"] == pages.url("/recipes/creme-brulee")
    assert data["recipeYield"] == "6"
    assert data["recipeCuisine"] == "French"
    assert [s["text"] for s in data["recipeInstructions"]][2] == "Bake in a water bath at 150°C for 35 minutes; chill."
    assert len(data["recipeIngredient"]) == 4


def test_howto_sections_keep_their_names_and_html_ingredient_groups_become_prefixes(client, member, pages):
    data = import_url(client, member, pages.page("howto_sections.html"))["parsed"]
    assert data["image"] == "https://rolls.example/rolls.jpg"
    assert data["recipeInstructions"] == [
        {"name": "Dough", "text": "Mix the flour, yeast and milk into a soft dough."},
        {"name": "Dough", "text": "Knead for 10 minutes and leave to rise for an hour."},
        {"name": "Filling: Spread", "text": "Roll out, spread with butter and sprinkle with sugar and cinnamon."},
        {"name": "Filling", "text": "Roll up, cut into 12 and bake at 190 C for 25 minutes."},
        {"name": "Icing", "text": "Stir the icing sugar with the milk and drizzle over."},
    ]
    assert data["recipeIngredient"][0] == "Dough: 500 g strong flour"
    assert data["recipeIngredient"][3] == "Filling: 75 g soft butter"
    assert data["recipeIngredient"][-1] == "Icing: 2 tbsp milk"


def test_ingredient_groups_in_json_ld_become_prefixes(client, member, pages):
    data = import_url(client, member, pages.page("ingredient_sections.html"))["parsed"]
    assert data["recipeIngredient"] == [
        "Marinade: 2 tbsp soy sauce",
        "Marinade: 1 tsp turmeric",
        "Peanut sauce: 4 tbsp peanut butter",
        "Peanut sauce: 200 ml coconut milk",
        "500 g chicken thighs",
    ]
    assert data["image"] == "https://satay.example/satay.jpg"  # an ImageObject
    assert [s["text"] for s in data["recipeInstructions"]] == [
        "Marinate the chicken for an hour.",
        "Grill on skewers; warm the sauce and serve.",
    ]  # an ItemList of steps


def test_a_method_given_as_one_text_becomes_a_step_per_line(client, member, pages):
    data = import_url(client, member, pages.page("instructions_string.html"))["parsed"]
    assert data["name"] == "Granny's Apple Pie"
    assert data["recipeInstructions"] == [
        {"name": "", "text": "Line a tin with half the pastry."},
        {"name": "", "text": "Slice the apples & toss with sugar and cinnamon."},
        {"name": "", "text": "Cover with the rest of the pastry and bake for 45 minutes."},
    ]
    assert data["image"] == pages.url("/images/apple-pie.jpg")  # the ImageObject's url, made absolute


def _page_with_method(method: str) -> str:
    recipe = {"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 leek"], "recipeInstructions": method}
    return f'<html><head><script type="application/ld+json">{json.dumps(recipe)}</script></head></html>'


@pytest.mark.parametrize(
    ("method", "steps"),
    [
        ("1. Chop the leek. 2. Fry it for 5 min. 3. Add water.", ["Chop the leek.", "Fry it for 5 min.", "Add water."]),
        ("1) Chop the leek.\n2) Fry it.", ["Chop the leek.", "Fry it."]),
        ("Chop the leek.\n\nFry it.", ["Chop the leek.", "Fry it."]),
        # numbers inside a sentence, or out of order, are no step numbers
        ("Fry for 2. 5 minutes more if needed.", None),
        ("Heat to 180 C. 2. Stir. 4. Serve.", None),
    ],
)
def test_numbered_sentences_and_lines_of_a_text_method_are_its_steps(method, steps):
    data = parse_page(_page_with_method(method), "http://127.0.0.1/soup")
    if steps is None:
        assert data["recipeInstructions"] == method
    else:
        assert data["recipeInstructions"] == [{"name": "", "text": step} for step in steps]


def test_microdata_only(client, member, pages):
    data = import_url(client, member, pages.page("microdata.html"))["parsed"]
    assert data["name"] == "Fluffy Pancakes"
    assert data["description"] == "Thick & fluffy American-style pancakes."
    assert data["image"] == pages.url("/photos/pancakes.jpg")
    assert data["recipeYield"] == "8 pancakes"
    assert data["recipeCuisine"] == "American"
    assert data["recipeIngredient"] == ["200 g self-raising flour", "1 tsp baking powder", "1 egg", "300 ml milk"]
    assert [s["text"] for s in data["recipeInstructions"]] == [
        "Whisk everything into a thick batter.",
        "Fry ladlefuls in a hot buttered pan, 1 minute a side.",
    ]


def test_rdfa_only_and_no_vocabulary_is_fetched(client, member, pages):
    data = import_url(client, member, pages.page("rdfa.html"))["parsed"]
    assert data["name"] == "Red Lentil Soup"
    assert data["recipeIngredient"] == ["200 g red lentils", "1 onion", "1 litre vegetable stock"]
    assert data["recipeYield"] == "4"
    assert data["image"] == pages.url("/soup.jpg")
    assert data["recipeInstructions"][0]["text"].startswith("Soften the onion")
    # the page names a vocabulary and a profile on this server: the parser must not fetch them
    assert pages.paths() == ["/pages/rdfa.html"]


def test_a_page_without_a_recipe_is_kept_with_a_message(client, member, pages):
    record = import_url(client, member, pages.page("no_recipe.html"))
    assert record["import_failed"] is False
    assert record["parsed"] == {
        "message": NO_RECIPE,
        "url": pages.page("no_recipe.html"),
        "name": "Ten kitchen gadgets we love",
    }
    assert NO_RECIPE == "No recipe found on this page"


def test_broken_html_and_a_broken_json_ld_block_do_not_stop_the_import(client, member, pages):
    record = import_url(client, member, pages.page("broken.html"))
    assert record["import_failed"] is False
    data = record["parsed"]
    assert data["name"] == "Toast & Jam"  # from the second block; the first is not JSON
    assert data["recipeIngredient"] == ["2 slices bread", "jam"]
    assert data["recipeInstructions"] == [
        {"name": "", "text": "Toast the bread."},
        {"name": "", "text": "Spread the jam."},
    ]


@pytest.mark.parametrize(
    ("page", "name", "ingredient"),
    [
        ("latin1.html", "Crème brûlée façon grand-mère", "½ litre de crème"),  # charset in the HTTP header
        ("cp1252.html", "“Smart” Café Crème — €2 edition", "1 tsp sugar \u2013 optional"),  # <meta http-equiv>
        ("shift_jis.html", "親子丼", "鶏もも肉 200g"),  # <meta charset>
        ("xhtml.html", "Schwäbischer Kartoffelsalat", "250 ml Brühe"),  # XML declaration, xhtml type
        # an inline SVG's XML declaration says iso-8859-1 before <meta charset="UTF-8">: UTF-8 bytes win
        ("svg_declaration.html", "Crème caramel", "½ cup sugar"),
    ],
)
def test_pages_in_other_encodings_decode_correctly(client, member, pages, page, name, ingredient):
    data = import_url(client, member, pages.page(page))["parsed"]
    assert data["name"] == name
    assert ingredient in data["recipeIngredient"]


def test_gzip_encoded_page(client, member, pages):
    data = import_url(client, member, pages.url("/gzipped"))["parsed"]
    assert data["name"] == "Shakshuka with Feta & Herbs"


def test_a_page_without_content_type_is_sniffed(client, member, pages):
    record = import_url(client, member, pages.url("/untyped/html"))
    assert record["import_failed"] is False
    assert record["parsed"]["name"] == "Fluffy Pancakes"


def test_how_many_test_pages_parse_fully(client, member, pages):
    """Name, ingredients, instructions and yield: the count reported in the issue's closing note."""
    complete = [page for page in RECIPE_PAGES if is_complete(import_url(client, member, pages.page(page))["parsed"])]
    assert complete == RECIPE_PAGES
    assert len(complete) == 12


def test_a_page_without_structured_data_is_read_from_its_headings(client, member, pages):
    data = import_url(client, member, pages.page("headings_de.html"))["parsed"]
    # the page's own heading, not its <title> with the blog's name
    assert data["name"] == "Omas Kartoffelsuppe"
    # the navigation's and the footer's "Zutaten" and "Zubereitung" are no headings of the recipe
    assert data["recipeIngredient"] == [
        "1 kg mehligkochende Kartoffeln",
        "2 Zwiebeln",
        "1,5 l Gemüsebrühe",
        "Für die Einlage: 4 Wiener Würstchen",
        "Für die Einlage: 1 Bund Petersilie",
    ]
    # up to the next heading: the tips are not steps
    assert [step["text"] for step in data["recipeInstructions"]] == [
        "Kartoffeln und Zwiebeln schälen und würfeln.",
        "In der Brühe 20 Minuten kochen, dann pürieren.",
        "Würstchen in Scheiben schneiden, in der Suppe erwärmen und mit Petersilie servieren.",
    ]


def test_a_page_made_by_a_recipe_plugin_is_read_from_its_markup(client, member, pages):
    data = import_url(client, member, pages.page("wp_recipe_maker.html"))["parsed"]
    assert data["name"] == "Lemon Bars"
    assert data["recipeIngredient"] == [
        "Crust: 1 cup butter",
        "Crust: 2 cups flour",
        "Filling: 4 eggs",
        "Filling: 2/3 cup lemon juice",
    ]
    assert data["recipeInstructions"] == [
        {"name": "", "text": "Press the crust into a tin and bake 20 minutes."},
        {"name": "", "text": "Whisk the filling, pour over and bake 25 minutes more."},
    ]
    assert data["recipeYield"] == "16"


def test_a_method_without_a_heading_is_the_paragraphs_after_the_ingredients(client, member, pages):
    data = import_url(client, member, pages.page("method_paragraphs.html"))["parsed"]
    assert data["name"] == "Smoked Ribs"  # not the shop's name in the page header
    assert data["recipeIngredient"] == ["1 rack of pork ribs", "3 tbsp BBQ rub", "Optional: Your favourite BBQ sauce"]
    assert [step["text"] for step in data["recipeInstructions"]] == [
        "Heat your smoker to 135 °C.",
        "Remove the membrane and season the ribs on both sides.",
        "Smoke for five hours, glazing with sauce for the last half hour.",
    ]


def test_an_ingredient_text_with_line_breaks_is_one_line_each():
    recipe = {
        "@type": "Recipe",
        "name": "Soup",
        "recipeIngredient": ["1 leek\n2 carrots<br>salt"],
        "recipeInstructions": "Cook.",
    }
    page = f'<html><head><script type="application/ld+json">{json.dumps(recipe)}</script></head></html>'
    assert parse_page(page, "http://127.0.0.1/soup")["recipeIngredient"] == ["1 leek", "2 carrots", "salt"]


def test_structured_data_without_ingredients_is_completed_from_the_headings():
    recipe = {"@type": "Recipe", "name": "Soup", "recipeInstructions": [{"@type": "HowToStep", "text": "Cook it all."}]}
    page = (
        f'<html><head><script type="application/ld+json">{json.dumps(recipe)}</script></head><body>'
        "<h1>Leek soup</h1><h2>Ingredients</h2><ul><li>1 leek</li><li>1 l stock</li></ul>"
        "<h2>Method</h2><ol><li>Chop.</li><li>Boil.</li></ol></body></html>"
    )
    data = parse_page(page, "http://127.0.0.1/soup")
    assert data["name"] == "Soup"  # what the structured data says stays
    assert data["recipeIngredient"] == ["1 leek", "1 l stock"]
    assert data["recipeInstructions"] == [{"name": "", "text": "Cook it all."}]


def test_a_page_with_emoji_headings_and_headed_steps(client, member, pages):
    data = import_url(client, member, pages.page("headed_steps.html"))["parsed"]
    assert data["name"] == "Lemon Rice"  # the h1 without its small print
    # a list item holding a list names the group of its lines
    assert data["recipeIngredient"] == [
        "300 g basmati rice",
        "1 lemon, juiced",
        "Tempering: 2 tbsp oil",
        "Tempering: 1 tsp mustard seeds",
        "Salt",
    ]
    # "How to Make …": a step per "Step N: name" heading, its paragraphs and list as its text;
    # the picture's credit is no text, "Pro Tips" ends the method
    assert data["recipeInstructions"] == [
        {"name": "Cook the rice", "text": "Rinse the rice and cook it in salted water for 12 minutes."},
        {
            "name": "Temper the spices",
            "text": "Heat the oil and fry the mustard seeds until they pop. Keep the lid close at hand.",
        },
        {"name": "Mix", "text": "Stir the rice, the spices and the lemon juice together."},
    ]
    # the yield and the times as the page prints them
    assert data["recipeYield"] == "4"
    assert (data["prepTime"], data["cookTime"], data["totalTime"]) == ("PT10M", "PT20M", "PT30M")


def test_hidden_variants_link_lists_and_a_tabs_label_are_not_the_recipe(client, member, pages):
    data = import_url(client, member, pages.page("hidden_and_tabs.html"))["parsed"]
    assert data["name"] == "Berry Smoothie"
    # the tab's "Ingredients" stands over share links and a paragraph: the heading over a list
    # wins; the variant the page hides (class d-none) is left out
    assert data["recipeIngredient"] == ["1 cup frozen berries", "1 banana", "1 cup milk"]
    assert [step["text"] for step in data["recipeInstructions"]] == [
        "Put everything in the blender.",
        "Blend until smooth.",
    ]


def test_ingredients_the_structured_data_leaves_empty_come_from_a_block_named_for_them(client, member, pages):
    data = import_url(client, member, pages.page("class_named.html"))["parsed"]
    # recipeIngredient is [null]: the <div class="Ingredients"> list, with no heading over it
    assert data["recipeIngredient"] == ["1 pâte brisée", "3 poireaux", "30 g de beurre"]
    assert [step["name"] for step in data["recipeInstructions"]] == ["Etape 1", "Etape 2"]
    assert data["recipeYield"] == "4"


def test_a_method_in_one_string_is_taken_as_the_page_shows_it(client, member, pages):
    data = import_url(client, member, pages.page("one_block.html"))["parsed"]
    assert data["name"] == "Focaccia"  # the structured name says "Focaccia &#8211; Recipe"
    # a heading among the structured ingredient lines is their group label
    assert data["recipeIngredient"] == [
        "500 g bread flour",
        "400 ml water",
        "10 g salt",
        "Herb Oil Topping: 4 tbsp olive oil",
        "Herb Oil Topping: 1 tbsp rosemary",
    ]
    # the page's block of paragraphs, its labels as the steps' names, up to the notes
    assert data["recipeInstructions"] == [
        {"name": "Herb oil", "text": "Stir the oil and rosemary together."},
        {"name": "For the dough", "text": "1. Mix the flour, water and salt."},
        {"name": "For the dough", "text": "2. Leave to rise for 2 hours."},
        {"name": "For the dough", "text": "3. Spread in a tin, drizzle with the herb oil and bake for 25 minutes."},
    ]


def test_a_list_under_a_heading_alone_is_no_recipe():
    page = "<html><body><h1>Our shop</h1><h2>Ingredients</h2><ul><li>Flour</li><li>Sugar</li></ul></body></html>"
    assert parse_page(page, "http://127.0.0.1/shop")["message"] == NO_RECIPE


@pytest.mark.parametrize(
    ("lines", "labelled"),
    [
        # a line ending in ":" and a "For the …" line name the group of the lines after them
        (["1 egg", "For the glaze:", "2 tbsp honey"], ["1 egg", "For the glaze: 2 tbsp honey"]),
        (["Für den Teig", "200 g Mehl"], ["Für den Teig: 200 g Mehl"]),
        # a part of a dish written as a heading, followed by a quantity
        (["2 cups rice", "Seasoning", "1 tsp salt"], ["2 cups rice", "Seasoning: 1 tsp salt"]),
        # ingredients without a quantity stay ingredients
        (["Salt", "Pepper", "Tomato sauce"], ["Salt", "Pepper", "Tomato sauce"]),
        (["1 cup rice", "Tomato Sauce"], ["1 cup rice", "Tomato Sauce"]),
        (["½ tsp salt", "1 tbsp oil"], ["½ tsp salt", "1 tbsp oil"]),
        # a line of a group already named is no heading
        (
            ["For the cookies: 1 egg", "For the cookies: ½ tsp salt"],
            ["For the cookies: 1 egg", "For the cookies: ½ tsp salt"],
        ),
    ],
)
def test_group_headings_among_ingredient_lines(lines, labelled):
    assert with_group_labels(lines) == labelled


def test_steps_left_as_json_text_in_a_microdata_attribute_are_read():
    steps = json.dumps([{"@type": "HowToStep", "text": "Mix."}, {"@type": "HowToStep", "text": "Bake."}])
    page = (
        '<html><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Cake</h1>'
        '<span itemprop="recipeIngredient">1 egg</span><span itemprop="recipeIngredient">flour</span>'
        f'<meta itemprop="recipeInstructions" content="{html.escape(steps)}"></div></body></html>'
    )
    data = parse_page(page, "http://127.0.0.1/cake")
    assert data["recipeInstructions"] == [{"name": "", "text": "Mix."}, {"name": "", "text": "Bake."}]
