"""The race tables' seat colours: six apart for every eye, one seat one colour on the table and the keys screens."""

from __future__ import annotations

import itertools
import math

from game.kit.keyscreens import SEAT_COLOURS, seat_colour
from game.kit.ui import GOLD

# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB: how protanopia, deuteranopia, tritanopia see
VISION = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _lab(rgb, vision):
    """CIE L*a*b* of ``rgb`` (sRGB 0-255) as an eye with ``vision`` sees it."""
    lin = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin)))) for row in VISION[vision])
    x, y, z = 0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b, 0.0193 * r + 0.1192 * g + 0.9505 * b
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x / 0.9505, y, z / 1.089)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def test_the_six_seat_colours_stay_apart_for_colour_blind_eyes_and_from_the_turn_gold():
    """Green and cyan, blue and violet were close (5 apart for a deuteranope's eye); now at least 12 (CIE76) apart
    for normal, protan, deutan and tritan vision, and none looks like the gold rim of the seat to play."""
    for vision in VISION:
        for a, b in itertools.combinations(SEAT_COLOURS, 2):
            assert math.dist(_lab(a, vision), _lab(b, vision)) >= 12, (vision, a, b)
    assert all(math.dist(_lab(c, "normal"), _lab(GOLD, "normal")) >= 12 for c in SEAT_COLOURS)


def test_a_humans_colour_is_its_row_on_the_keys_screens_and_bots_take_the_rest():
    """Humans at seats 0 and 2 (a bot at 1): the keys screens' rows are theirs in that order (sky blue, rose); the
    table gave the seat-2 human the third colour before."""
    humans = [0, 2]
    assert [seat_colour(humans, s) for s in range(4)] == [SEAT_COLOURS[0], SEAT_COLOURS[2], SEAT_COLOURS[1],
                                                          SEAT_COLOURS[3]]
    assert len({seat_colour([1, 4], s) for s in range(6)}) == 6  # six seats, six colours
