"""Recipe times as pages write them, read to minutes and written back as ISO 8601 durations."""

from __future__ import annotations

import pytest

from larder.imports.page_facts import page_lines, page_times, page_yield
from larder.imports.times import iso_duration, minutes_of


@pytest.mark.parametrize(
    ("value", "minutes"),
    [
        ("PT1H30M", 90),
        ("P0DT0H45M", 45),
        ("PT90M", 90),
        ("PT0.5H", 30),
        ("pt20m", 20),
        ("PT1H", 60),
        ("P1DT2H", 1560),
        ("PT45M30S", 46),
        (" PT 10M ", 10),
        (25, 25),
        (12.4, 12),
        ("40", 40),
        ("1 hour 20 mins", 80),
        ("45 Minuten", 45),
        ("2 Stunden", 120),
        ("1,5 h", 90),
    ],
)
def test_a_time_as_a_page_writes_it_is_read_in_minutes(value, minutes):
    assert minutes_of(value) == minutes


@pytest.mark.parametrize("value", [None, "", "PT", "P", "PT0M", "soon", 0, -5, True, "PT999H", {"value": 5}, []])
def test_no_time_a_zero_or_an_impossible_one_is_no_time(value):
    assert minutes_of(value) is None


@pytest.mark.parametrize(("minutes", "text"), [(90, "PT1H30M"), (45, "PT45M"), (120, "PT2H"), (0, ""), (None, "")])
def test_minutes_are_written_as_schema_org_durations(minutes, text):
    assert iso_duration(minutes) == text


@pytest.mark.parametrize(
    ("page", "times", "yields"),
    [
        ("<p>SERVINGS: 8</p><p>PREP TIME: 20 Mins</p><p>TOTAL TIME: 1 Hr</p>", {"prep": 20, "total": 60}, "8"),
        # the value on the line after its label; the first of two alternatives
        (
            "<dt>Serves:</dt><dd>6-8</dd><dt>Cook time:</dt><dd>8 hours on low or 4 hours on high</dd>",
            {"cook": 480},
            "6-8",
        ),
        (
            "<p>Prep time: 10 min</p><p>| Cook time: 20 min</p><p>Yield: 4 sandwiches</p>",
            {"prep": 10, "cook": 20},
            "4 sandwiches",
        ),
        ("<p>Zubereitungszeit: 45 Minuten</p><p>Für 4 Personen</p>", {"prep": 45}, "4 Personen"),
        # a time is no yield; words without a number are neither; scripts are not read
        ("<p>Servings</p><p>10 min</p><p>Total Fat 12g</p><script>x = 'Serves: 3'</script>", {}, ""),
    ],
)
def test_the_times_and_yield_a_page_prints(page, times, yields):
    lines = page_lines(page)
    assert page_times(lines) == times
    assert page_yield(lines) == yields
