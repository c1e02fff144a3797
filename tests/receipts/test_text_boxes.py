"""From the text detector's map to boxes, without OpenCV: regions, least-area rectangles, growing
them back to the text's size, and the straight cut of each box for the recogniser."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw

from larder.receipts.boxes import _grown, _min_area_rect, _regions, cut_out, text_boxes


def test_regions_join_touching_runs_diagonals_included_and_keep_apart_the_rest():
    mask = np.zeros((8, 12), dtype=bool)
    mask[1, 1:4] = True
    mask[2, 4:6] = True  # touches the run above only at a corner: one region (8-connected)
    mask[5:7, 8:11] = True  # a block of its own
    mask[0, 11] = True  # a single pixel
    regions = _regions(mask)
    found = {frozenset(map(tuple, points.tolist())) for points in regions}
    assert found == {
        frozenset({(1.0, 1.0), (3.0, 1.0), (4.0, 2.0), (5.0, 2.0)}),  # run ends, row by row
        frozenset({(8.0, 5.0), (10.0, 5.0), (8.0, 6.0), (10.0, 6.0)}),
        frozenset({(11.0, 0.0)}),
    }
    assert len(regions[-1]) == 2  # largest first
    assert _regions(np.zeros((4, 4), dtype=bool)) == []


@pytest.mark.parametrize("degrees", [0, 3, -7, 30])
def test_the_least_area_rectangle_of_a_rotated_bar_is_the_bar(degrees):
    canvas = Image.new("1", (400, 300), 0)
    angle = math.radians(degrees)
    centre, half_long, half_short = np.array([200.0, 150.0]), 120.0, 15.0
    along, across = np.array([math.cos(angle), math.sin(angle)]), np.array([-math.sin(angle), math.cos(angle)])
    corners = [
        centre + sx * half_long * along + sy * half_short * across for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    ]
    ImageDraw.Draw(canvas).polygon([tuple(c) for c in corners], fill=1)
    (points,) = _regions(np.asarray(canvas, dtype=bool))
    box, short = _min_area_rect(points)
    sides = sorted([np.linalg.norm(box[1] - box[0]), np.linalg.norm(box[3] - box[0])])
    assert sides[0] == pytest.approx(2 * half_short, abs=2.5)
    assert sides[1] == pytest.approx(2 * half_long, abs=2.5)
    assert short == pytest.approx(sides[0])
    assert box.mean(axis=0) == pytest.approx(centre, abs=1.5)


def test_a_box_grows_by_area_times_ratio_over_perimeter_on_every_side():
    box = np.array([[10.0, 10.0], [110.0, 10.0], [110.0, 30.0], [10.0, 30.0]])  # 100 x 20
    grown, short = _grown(box, 1.6)
    distance = 100 * 20 * 1.6 / 240
    assert grown.ravel().tolist() == pytest.approx(
        np.array(
            [
                [10 - distance, 10 - distance],
                [110 + distance, 10 - distance],
                [110 + distance, 30 + distance],
                [10 - distance, 30 + distance],
            ]
        )
        .ravel()
        .tolist()
    )
    assert short == pytest.approx(20 + 2 * distance)


def test_the_map_of_two_rows_of_text_gives_two_boxes_scaled_to_the_picture():
    heat = np.zeros((100, 200), dtype=np.float32)
    heat[20:30, 20:150] = 0.9  # the detector marks a shrunk core of each text
    heat[60:68, 40:90] = 0.8
    heat[80:82, 150:152] = 0.9  # a speck: too small
    heat[40:50, 160:190] = 0.32  # barely over the pixel threshold: box score too low
    boxes = text_boxes(heat, (400, 200))  # the picture is twice the map's size
    assert len(boxes) == 2
    first = min(boxes, key=lambda b: b[0][1])
    (x0, y0), (x1, _), (_, y2) = first[0], first[1], first[2]
    assert x0 < 40 and x1 > 298 and y0 < 40 and y2 > 58  # grown back around the core, in picture pixels
    assert all(0 <= v <= 400 for box in boxes for v in box[:, 0])


def test_a_box_is_cut_out_straight_at_the_size_asked():
    picture = Image.new("L", (300, 200), 255)
    ImageDraw.Draw(picture).rectangle((100, 50, 199, 69), fill=0)  # a black bar, 100 x 20
    quad = np.array([[100, 50], [200, 50], [200, 70], [100, 70]], dtype=np.float32)
    crop = cut_out(picture, quad, (80, 16))
    assert crop.size == (80, 16)
    assert np.asarray(crop)[2:-2, 2:-2].max() < 60  # all bar, no paper
