"""POST /user-recipe-validate: banned words, name taken, custom ingredients, §5 errors, tags."""

from __future__ import annotations

from tests.cookbook.support import VALIDATE, approve, create, publish, published_copy


def check(client, who, body):
    response = client.post(VALIDATE, headers=who.headers, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_clean_draft_passes(client, catalogue, author):
    assert check(client, author, catalogue.draft()) == {
        "banned_words": [],
        "name_taken": False,
        "custom_ingredients": [],
        "errors": [],
        "tags": {
            "allergen": True,
            "vegetarian": True,
            "vegan": True,
            "dairy_free": True,
            "gluten_free": False,
            "sugar_free": True,
        },
    }


def test_banned_words_are_found_in_every_text_with_symbols_and_mixed_case(client, catalogue, author):
    body = catalogue.draft(
        name="What the F*CK pasta",
        description="Really Sh!t hot.",
        ingredients=[{"value": None, "name": "A$$hole sauce"}, {"value": catalogue.ingredients["Tomato"], "name": "x"}],
        steps=[
            {"title": "Boil <SCRIPT>", "description": "Boil."},
            {"title": "Bake", "description": "Earn $$$ with b1tch!"},
        ],
    )
    assert check(client, author, body)["banned_words"] == ["fuck", "shit", "<script", "$$$", "bitch", "asshole"]


def test_words_inside_longer_words_are_not_banned(client, catalogue, author):
    body = catalogue.draft(
        name="Scunthorpe shiitake cocktail",
        description="A classic spicy dish from Essex, with bass and passionfruit.",
    )
    assert check(client, author, body)["banned_words"] == []


def test_custom_ingredients_are_listed_and_count_as_no_diet(client, catalogue, author):
    result = check(
        client,
        author,
        catalogue.draft(
            ingredients=[
                {"value": catalogue.ingredients["Tomato"], "name": "Tomato"},
                {"value": "custom-9", "name": "Dragon fruit"},
                {"value": 424242, "name": "Moon dust"},
            ]
        ),
    )
    assert result["custom_ingredients"] == ["Dragon fruit", "Moon dust"]
    assert result["tags"]["vegan"] is False
    assert result["errors"] == []


def test_errors_are_the_section_5_messages_as_plain_strings(client, catalogue, author):
    result = check(
        client,
        author,
        catalogue.draft(
            name=" ",
            description="",
            ingredients=[],
            steps=[{"title": "", "description": "ok"}, {"title": "ok", "description": ""}],
        ),
    )
    assert result["errors"] == [
        "Recipe name is required",
        "Recipe description is required",
        "At least one ingredient is required",
        "Step 1 title is required",
        "Step 2 description is required",
    ]
    assert check(client, author, {})["errors"] == [
        "Recipe name is required",
        "Recipe description is required",
        "At least one ingredient is required",
        "At least one step is required",
    ]


def test_a_catalogue_recipe_name_is_taken_ignoring_case_and_spaces(client, catalogue, author):
    assert check(client, author, catalogue.draft(name="Tomato basil pasta"))["name_taken"] is True
    assert check(client, author, catalogue.draft(name="  tomato BASIL pasta "))["name_taken"] is True
    assert check(client, author, catalogue.draft(name="Tomato basil pasta bake"))["name_taken"] is False


def test_another_users_recipe_takes_its_name_only_once_published(client, catalogue, author, other, admin):
    # A draft or a request waiting for approval is private: checking a name must not reveal it.
    theirs = create(client, other, catalogue.draft(name="Bob's bake"))
    assert check(client, author, catalogue.draft(name="bob's bake"))["name_taken"] is False
    request = publish(client, other, theirs["user_recipe_id"])
    assert request.status_code == 201
    assert check(client, author, catalogue.draft(name="bob's bake"))["name_taken"] is False
    assert approve(client, admin, request.json()["data"]["id"]).status_code == 200
    assert check(client, author, catalogue.draft(name="bob's bake"))["name_taken"] is True


def test_a_recipe_does_not_clash_with_itself(client, catalogue, author, other, admin):
    mine = published_copy(client, author, catalogue.draft(name="My bake"), admin)
    body = catalogue.draft(name="My bake", user_recipe_id=mine["user_recipe_id"])
    assert check(client, author, body)["name_taken"] is False
    # Without the id (a new recipe) or from someone else, the name is taken.
    assert check(client, author, catalogue.draft(name="My bake"))["name_taken"] is True
    assert check(client, other, body)["name_taken"] is True


def test_validate_refuses_oversized_drafts(client, catalogue, author):
    response = client.post(VALIDATE, headers=author.headers, json=catalogue.draft(description="x" * 5001))
    assert response.status_code == 422
