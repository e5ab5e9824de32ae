"""The kit's chosen count (game/kit/count.py): steps kept within 1 and the most, the modifiers' step sizes, digits
typed (no leading 0, no more than the most digits), Backspace, and Enter taking only a count within the most."""

import pygame

from game.kit.count import EMPTY, TOO_MANY, CountChoice, modifier_step


def test_steps_stay_within_one_and_the_most_and_modifiers_multiply_them():
    assert [modifier_step(m) for m in (0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_SHIFT | pygame.KMOD_CTRL)] \
        == [1, 10, 100, 1000]
    count = CountChoice()
    count.step(-1000, 50, 80)
    assert count.value == 1
    count.step(1000, count.value, 80)
    assert count.value == 80
    count.clear()
    assert count.value is None and count.typed is None


def test_typing_takes_a_count_within_the_most_and_says_why_not_otherwise():
    count = CountChoice(value=7, typed="")
    assert count.type_key(pygame.K_RETURN, 500) == EMPTY and count.value == 7
    for key in (pygame.K_0, pygame.K_6, pygame.K_KP0, pygame.K_0, pygame.K_BACKSPACE):  # a leading 0 is not typed
        assert count.type_key(key, 500) is None
    assert count.typed == "60"
    assert count.type_key(pygame.K_KP_ENTER, 59) == TOO_MANY and count.value == 7 and count.typed == "60"
    assert count.type_key(pygame.K_RETURN, 60) is None and count.value == 60 and count.typed is None
    long = CountChoice(typed="", most_digits=3)
    for key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
        long.type_key(key, 10_000)
    assert long.typed == "123"
    assert long.type_key(pygame.K_a, 10_000) is None and long.typed == "123"  # any other key changes nothing
