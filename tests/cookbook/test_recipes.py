"""Own recipes: create, read, edit, delete; §5 validation with exact messages; limits; author only."""

from __future__ import annotations

from larder.core.base.ids import MSG_NOT_AN_ID
from tests.cookbook.support import CREATOR, create, own
from tests.support import sql

BAD_UNIT = "Invalid enum value 'bucket'."
BAD_TREATMENT = "Invalid enum value 'fried'."


def test_a_created_recipe_answers_the_contract_shape(client, catalogue, author):
    created = client.post(CREATOR, headers=author.headers, json=catalogue.draft())
    assert created.status_code == 201
    recipe = created.json()["data"]
    assert recipe["name"] == "Tomato pasta bake"
    assert recipe["serves"] == 3
    assert recipe["category"] == {"category_id": catalogue.categories["Mains"], "name": "Mains"}
    tomato, pasta = recipe["ingredients"]
    # No measurement given: the ingredient's default unit.
    assert tomato == {
        "value": catalogue.ingredients["Tomato"],
        "name": "Tomato",
        "quantity": 3,
        "measurement": "unit(s)",
        "treatment": None,
        "image": None,
        "default_unit": "unit(s)",
        "custom": False,
    }
    assert pasta["value"] == catalogue.ingredients["Pasta"]  # sent as a digit string
    assert pasta["treatment"] == "boiled"
    line = recipe["recipe_ingredients"][1]
    assert line["ingredient_id"] == catalogue.ingredients["Pasta"]
    assert line["ingredient"]["gluten_free"] is False
    assert line["ingredient"]["default_unit"] == "g"
    assert [s["id"] for s in recipe["steps"]] == ["step-a", "step-b"]
    assert [s["step_order"] for s in recipe["steps"]] == [1, 2]
    first = recipe["recipe_steps"][0]
    assert (first["name"], first["title"], first["timer"], first["ingredients"]) == ("Boil", "Boil", "00:10:00", [])
    assert recipe["tags"] == {
        "allergen": True,
        "vegetarian": True,
        "vegan": True,
        "dairy_free": True,
        "gluten_free": False,
        "sugar_free": True,
    }
    assert (recipe["published"], recipe["recipe_id"], recipe["request"]) == (False, None, None)
    assert recipe["created_at"] <= recipe["updated_at"]
    assert own(client, author, recipe["user_recipe_id"]) == recipe


def test_the_list_holds_only_own_recipes_newest_updated_first(client, catalogue, author, other):
    first = create(client, author, catalogue.draft(name="First"))
    second = create(client, author, catalogue.draft(name="Second"))
    create(client, other, catalogue.draft(name="Bob's"))
    listed = client.get(CREATOR, headers=author.headers).json()
    assert [r["name"] for r in listed] == ["Second", "First"]
    client.put(f"{CREATOR}/{first['user_recipe_id']}", headers=author.headers, json=catalogue.draft(name="First!"))
    listed = client.get(CREATOR, headers=author.headers).json()
    assert [r["user_recipe_id"] for r in listed] == [first["user_recipe_id"], second["user_recipe_id"]]
    assert [r["name"] for r in client.get(CREATOR, headers=other.headers).json()] == ["Bob's"]


def test_editing_replaces_the_content(client, settings, catalogue, author):
    recipe = create(client, author, catalogue.draft())
    body = catalogue.draft(
        name="  Parmesan rice  ",
        serves=1,
        ingredients=[{"value": catalogue.ingredients["Parmesan"], "name": "x", "quantity": 1.5, "measurement": "g"}],
        steps=[{"id": "step-b", "title": "Stir", "description": "Stir well."}, {"title": "Eat", "description": "Now."}],
    )
    edited = client.put(f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers, json=body)
    assert edited.status_code == 200
    data = edited.json()["data"]
    assert data["name"] == "Parmesan rice"
    assert [(i["name"], i["quantity"]) for i in data["ingredients"]] == [("Parmesan", 1.5)]
    assert data["steps"][0]["id"] == "step-b"
    assert data["steps"][1]["id"]  # generated for a step without one
    assert data["tags"]["vegan"] is False
    assert own(client, author, recipe["user_recipe_id"]) == data
    assert sql(settings, "select count(*) from user_recipe_ingredient") == [(1,)]


def test_deleting_removes_the_recipe_and_its_lines(client, settings, catalogue, author):
    recipe = create(client, author, catalogue.draft())
    assert client.delete(f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers).status_code == 204
    assert client.get(f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers).status_code == 404
    assert client.get(CREATOR, headers=author.headers).json() == []
    assert sql(settings, "select count(*) from user_recipe_step") == [(0,)]
    assert client.delete(f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers).status_code == 404


def test_another_user_gets_404_on_read_update_and_delete(client, catalogue, author, other):
    recipe = create(client, author, catalogue.draft())
    path = f"{CREATOR}/{recipe['user_recipe_id']}"
    assert client.get(path, headers=other.headers).status_code == 404
    assert client.put(path, headers=other.headers, json=catalogue.draft(name="Mine now")).status_code == 404
    assert client.delete(path, headers=other.headers).status_code == 404
    assert own(client, author, recipe["user_recipe_id"])["name"] == "Tomato pasta bake"


def test_an_admin_is_no_author_either(client, catalogue, author, admin):
    recipe = create(client, author, catalogue.draft())
    assert client.get(f"{CREATOR}/{recipe['user_recipe_id']}", headers=admin.headers).status_code == 404


def test_every_call_needs_a_token(client, catalogue, author):
    recipe = create(client, author, catalogue.draft())
    path = f"{CREATOR}/{recipe['user_recipe_id']}"
    assert client.get(CREATOR).status_code == 401
    assert client.post(CREATOR, json=catalogue.draft()).status_code == 401
    assert client.get(path).status_code == 401
    assert client.put(path, json=catalogue.draft()).status_code == 401
    assert client.delete(path).status_code == 401
    assert client.post("/api/pwa/user-recipe-validate", json=catalogue.draft()).status_code == 401


def test_unknown_ids_are_404_never_500(client, author, catalogue, subtests):
    for recipe_id in ("0", "-4", "999999", "99999999999999999999999999"):
        with subtests.test(recipe_id=recipe_id):
            path = f"{CREATOR}/{recipe_id}"
            assert client.get(path, headers=author.headers).status_code == 404
            assert client.put(path, headers=author.headers, json=catalogue.draft()).status_code == 404
            assert client.delete(path, headers=author.headers).status_code == 404


# -- §5 validation on saving ---------------------------------------------------------------------------


def steps_with(index: int, **changes):
    steps = [
        {"id": "a", "title": "One", "description": "First."},
        {"id": "b", "title": "Two", "description": "Second."},
    ]
    steps[index].update(changes)
    return steps


RULES = (
    ({"name": ""}, "name", "Recipe name is required"),
    ({"name": "   "}, "name", "Recipe name is required"),
    ({"description": ""}, "description", "Recipe description is required"),
    ({"description": "\n "}, "description", "Recipe description is required"),
    ({"ingredients": []}, "ingredients", "At least one ingredient is required"),
    ({"steps": []}, "steps", "At least one step is required"),
    ({"steps": steps_with(1, title="")}, "steps.1", "Step 2 title is required"),
    ({"steps": steps_with(0, description=" ")}, "steps.0", "Step 1 description is required"),
    ({"steps": steps_with(0, timer="1:00")}, "steps.0", "Step 1 timer must be HH:MM:SS"),
    ({"steps": steps_with(1, timer="00:60:00")}, "steps.1", "Step 2 timer must be HH:MM:SS"),
    # Outside 1..2^63-1 it is no id at all: the wire type refuses it on its field.
    ({"category_id": -1}, "category_id", "Expected `int` >= 1."),
    ({"category_id": 2**80}, "category_id", MSG_NOT_AN_ID),
    (
        {"ingredients": [{"value": None, "name": " ", "quantity": 1}]},
        "ingredients.0",
        "Ingredient 1 name is required",
    ),
    # The units and preparation words are the wire type's choices.
    ({"ingredients": [{"value": 1, "name": "Tomato", "measurement": "bucket"}]}, "ingredients", BAD_UNIT),
    ({"ingredients": [{"value": 1, "name": "Tomato", "treatment": "fried"}]}, "ingredients", BAD_TREATMENT),
)


def test_saving_reports_each_rule_with_its_message(client, catalogue, author, subtests):
    for changes, field, message in RULES:
        with subtests.test(message, changes=changes):
            response = client.post(CREATOR, headers=author.headers, json=catalogue.draft(**changes))
            assert response.status_code == 422, response.text
            body = response.json()
            assert body["errors"] == {field: [message]}
            assert body["message"] == message
    assert client.get(CREATOR, headers=author.headers).json() == []


# What a draft names by id or file name and that does not exist: not found, like any other id.
MISSING = (
    ({"category_id": 999999}, "Unknown recipe category."),
    ({"image": "nope.jpg"}, "The image was not found. Please upload it again."),
    ({"image": "../larder.db"}, "The image was not found. Please upload it again."),
    ({"recipe_image": "nope.jpg"}, "The image was not found. Please upload it again."),
    ({"steps": steps_with(0, step_image="gone.jpg")}, "Step 1: The image was not found. Please upload it again."),
)


def test_saving_with_a_reference_that_names_nothing_is_404(client, catalogue, author, subtests):
    recipe = create(client, author, catalogue.draft())
    path = f"{CREATOR}/{recipe['user_recipe_id']}"
    for changes, message in MISSING:
        with subtests.test(message, changes=changes):
            for response in (
                client.post(CREATOR, headers=author.headers, json=catalogue.draft(**changes)),
                client.put(path, headers=author.headers, json=catalogue.draft(name="Changed", **changes)),
            ):
                assert response.status_code == 404, response.text
                assert response.json() == {"message": message}
    assert [r["name"] for r in client.get(CREATOR, headers=author.headers).json()] == ["Tomato pasta bake"]


def test_an_ingredient_category_is_no_recipe_category(client, catalogue, author):
    response = client.post(
        CREATOR, headers=author.headers, json=catalogue.draft(category_id=catalogue.categories["Veg"])
    )
    assert response.status_code == 404
    assert response.json() == {"message": "Unknown recipe category."}


def test_a_blank_draft_reports_every_required_field_at_once(client, author):
    blank = {"name": " ", "description": "", "ingredients": [], "steps": []}
    response = client.post(CREATOR, headers=author.headers, json=blank)
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "name": ["Recipe name is required"],
        "description": ["Recipe description is required"],
        "ingredients": ["At least one ingredient is required"],
        "steps": ["At least one step is required"],
    }
    assert response.json()["message"] == "Recipe name is required"


def test_a_saved_recipe_sends_every_required_field(client, catalogue, author):
    """Name, description, ingredients and steps are required fields of the body (the document
    says so); a body without one is refused on that field."""
    for field in ("name", "description", "ingredients", "steps"):
        body = catalogue.draft()
        del body[field]
        response = client.post(CREATOR, headers=author.headers, json=body)
        assert response.status_code == 422, response.text
        assert response.json()["errors"] == {field: ["This field is required."]}


def test_a_stored_upload_is_accepted_as_image(client, settings, catalogue, author):
    uploads = settings.uploads_dir
    uploads.mkdir(parents=True, exist_ok=True)
    (uploads / "a1b2c3.jpg").write_bytes(b"jpeg")
    (uploads / "d4e5f6.jpg").write_bytes(b"jpeg")
    recipe = create(
        client,
        author,
        catalogue.draft(recipe_image="a1b2c3.jpg", steps=steps_with(0, step_image="d4e5f6.jpg", timer="01:30:00")),
    )
    assert recipe["image"] == "a1b2c3.jpg"  # image ?? recipe_image
    assert recipe["steps"][0]["step_image"] == "d4e5f6.jpg"
    assert recipe["recipe_steps"][0]["image"] == "d4e5f6.jpg"


def test_custom_ingredients_and_banned_words_never_block_saving(client, catalogue, author):
    recipe = create(
        client,
        author,
        catalogue.draft(
            name="Sh!t hot chilli",
            ingredients=[
                {"value": None, "name": "Dragon fruit", "quantity": 2},
                {"value": "custom-1712", "name": "Unicorn tears", "measurement": "ml"},
                {"value": 999999, "name": "Moon dust"},
                {"value": "99999999999999999999999999", "name": "Star anise"},
                {"value": catalogue.ingredients["Tomato"], "name": "Tomato"},
            ],
        ),
    )
    custom = [(i["name"], i["value"], i["custom"], i["measurement"]) for i in recipe["ingredients"]]
    assert custom == [
        ("Dragon fruit", None, True, "unit(s)"),
        ("Unicorn tears", None, True, "ml"),
        ("Moon dust", None, True, "unit(s)"),
        ("Star anise", None, True, "unit(s)"),
        ("Tomato", catalogue.ingredients["Tomato"], False, "unit(s)"),
    ]
    assert recipe["recipe_ingredients"][0]["ingredient_id"] is None
    assert recipe["recipe_ingredients"][0]["ingredient"]["name"] == "Dragon fruit"
    # Nothing is known about a custom ingredient: the recipe is no diet's.
    assert recipe["tags"]["vegan"] is False
    assert recipe["tags"]["gluten_free"] is False


REFUSED = (
    {"name": "x" * 201},
    {"description": "x" * 5001},
    {"serves": 0},
    {"serves": 1001},
    {"serves": "many"},
    {"name": 5},
    {"ingredients": "tomato"},
    {"ingredients": [{"value": 1, "name": "Tomato"}] * 101},
    {"steps": [{"title": "t", "description": "d"}] * 101},
    {"ingredients": [{"value": 1, "name": "Tomato", "quantity": 0}]},
    {"ingredients": [{"value": 1, "name": "Tomato", "quantity": -2}]},
    {"ingredients": [{"value": 1, "name": "Tomato", "quantity": 100001}]},
    {"ingredients": [{"value": True, "name": "Tomato"}]},
    {"ingredients": [{"value": 1.5, "name": "Tomato"}]},
    {"ingredients": [{"value": None, "name": "x" * 101}]},
    {"ingredients": [{"value": 1, "name": "Tomato", "measurement": "x" * 17}]},
    {"steps": [{"title": "x" * 201, "description": "d"}]},
    {"steps": [{"title": "t", "description": "x" * 5001}]},
    {"steps": [{"title": "t", "description": "d", "timer": "000:00:00"}]},
    {"steps": [{"id": "x" * 65, "title": "t", "description": "d"}]},
    {"steps": ["step"]},
    {"image": "x" * 256},
    {"category_id": "mains"},
)


def test_oversized_and_mistyped_drafts_are_refused_with_422(client, catalogue, author, subtests):
    for changes in REFUSED:
        with subtests.test(str(changes)[:80]):
            response = client.post(CREATOR, headers=author.headers, json=catalogue.draft(**changes))
            assert response.status_code == 422, response.text
            assert response.json()["message"]
    assert client.get(CREATOR, headers=author.headers).json() == []


def test_malformed_bodies_are_refused_with_400(client, author, subtests):
    for content in (b"{", b"[]", b"null", b"12", b'"draft"', b"\xff\xfe"):
        with subtests.test(content=content):
            response = client.post(
                CREATOR, headers={**author.headers, "content-type": "application/json"}, content=content
            )
            assert response.status_code == 400, response.text
            assert response.json()["message"]


def test_a_refused_edit_changes_nothing(client, catalogue, author):
    recipe = create(client, author, catalogue.draft())
    path = f"{CREATOR}/{recipe['user_recipe_id']}"
    assert client.put(path, headers=author.headers, json=catalogue.draft(name="New", steps=[])).status_code == 422
    assert client.put(path, headers=author.headers, json=catalogue.draft(serves=0)).status_code == 422
    assert own(client, author, recipe["user_recipe_id"]) == recipe


def test_unknown_fields_and_the_publish_tick_are_ignored(client, catalogue, author):
    recipe = create(client, author, catalogue.draft(published=True, user_recipe_id=12345, extra={"a": 1}))
    assert recipe["published"] is False
    assert recipe["request"] is None


def test_a_deleted_recipes_id_is_never_given_to_another(client, catalogue, author, other):
    first = create(client, author, catalogue.draft(name="Soon gone"))
    assert client.delete(f"{CREATOR}/{first['user_recipe_id']}", headers=author.headers).status_code == 204
    second = create(client, other, catalogue.draft(name="Someone else's draft"))
    assert second["user_recipe_id"] > first["user_recipe_id"]
    # The old id still names nothing, for its author too.
    assert client.get(f"{CREATOR}/{first['user_recipe_id']}", headers=author.headers).status_code == 404
