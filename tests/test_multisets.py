"""Card multisets: counting and ranking sub-multisets without listing them.

The lazy legal actions of a big hand rest on these: its length is counted
([`counts`][guarda._multiset.counts], [`starts`][guarda._multiset.starts],
[`ends`][guarda._multiset.ends]) and the action at an index is ranked
([`unrank`][guarda._multiset.unrank]), in the order that listing them
([`submultisets`][guarda._multiset.submultisets]) gives.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guarda import _multiset as multiset

NAMES = ("H1", "H2", "H3", "V1", "V2", "V3", "V4", "V5")


@st.composite
def zones(draw: st.DrawFn, most: int = 10) -> tuple[str, ...]:
    """A sorted zone of up to ``most`` cards, often with repeated names."""
    alphabet = draw(st.integers(1, len(NAMES)))
    cards = draw(st.lists(st.sampled_from(NAMES[:alphabet]), max_size=most))
    return tuple(sorted(cards))


def check_zone(zone: tuple[str, ...]) -> None:
    groups = multiset.submultisets(zone)
    sizes = tuple(len(group) for group in groups)
    assert multiset.counts(zone) == sizes
    assert multiset.counts_by_size(zone) == list(sizes)
    assert multiset.starts(zone) == (0, *itertools.accumulate(sizes))
    assert multiset.ends(zone) == (0, *itertools.accumulate(sizes[1:]))
    known = multiset.profile(zone)
    last, _ = known
    # The run ends mark each name's last copy, and only that.
    assert [zone[i] for i, end in enumerate(last) if end] == sorted(set(zone))
    assert all(last[i] == (i == len(zone) - 1 or zone[i] != zone[i + 1]) for i in range(len(zone)))
    for size, group in enumerate(groups):
        assert [multiset.unrank(zone, size, index) for index in range(len(group))] == list(group)
        ranked = [multiset.unrank(zone, size, index, known) for index in range(len(group))]
        assert ranked == list(group)
        assert list(multiset.of_size(zone, size)) == list(group)


@settings(max_examples=150, deadline=None)
@given(zone=zones())
def test_counts_and_ranks_agree_with_the_listed_submultisets(zone: tuple[str, ...]) -> None:
    check_zone(zone)


@settings(max_examples=40, deadline=None)
@given(zone=zones())
def test_zones_with_the_same_copies_in_another_order_count_alike(zone: tuple[str, ...]) -> None:
    # Counts are kept per copies in any order; ranks per copies in their order.
    renamed = tuple(sorted(NAMES[len(NAMES) - 1 - NAMES.index(card)] for card in zone))
    check_zone(zone)
    check_zone(renamed)
    assert multiset.counts(zone) == multiset.counts(renamed)


@pytest.fixture
def no_word_unpacking() -> Iterator[None]:
    """Counts unpacked by shifts, as where ``array("I")`` is not 4 bytes wide."""
    multiset.clear_caches()
    saved = multiset._WORD
    multiset._WORD = False
    yield
    multiset._WORD = saved
    multiset.clear_caches()


@pytest.mark.usefixtures("no_word_unpacking")
def test_counts_unpack_by_shifts_where_words_are_not_four_bytes() -> None:
    for zone in (("H1", "H1", "V2"), ("H1", "H2", "H2", "H2", "V1", "V4"), NAMES):
        check_zone(zone)


def test_zones_of_32_cards_and_more_count_in_wider_coefficients() -> None:
    # 40 cards of 8 names: 5 copies each; 6**8 sub-multisets, with counts near 2**18.
    zone = tuple(sorted(NAMES * 5))
    counts = multiset.counts(zone)
    assert sum(counts) == 6**8
    assert counts[1] == 8 and counts[40] == 1
    middle = counts[20]
    assert multiset.unrank(zone, 20, 0) == ("H1",) * 5 + ("H2",) * 5 + ("H3",) * 5 + ("V1",) * 5
    assert (
        multiset.unrank(zone, 20, middle - 1)
        == ("V2",) * 5 + ("V3",) * 5 + ("V4",) * 5 + ("V5",) * 5
    )
    # Distinct cards past the binomial table rank through the general path.
    wide = tuple(f"C{number:02}" for number in range(70))
    assert multiset.counts(wide)[2] == 70 * 69 // 2
    assert multiset.unrank(wide, 2, 0) == ("C00", "C01")
    assert multiset.unrank(wide, 2, 70 * 69 // 2 - 1) == ("C68", "C69")


def test_profile_remembers_the_zone_it_answered_last() -> None:
    zone = ("H1", "H1", "V2")
    first = multiset.profile(zone)
    assert multiset.profile(zone) is first  # the same zone, listed again: remembered
    distinct = ("H1", "V2", "V3")
    assert multiset.profile(distinct)[0] == b"\x01\x01\x01"  # another zone: profiled anew
    assert multiset.profile(tuple(list(zone))) == first  # an equal zone: the same answer
    multiset.clear_caches()
    assert multiset.profile(zone) == first
    assert multiset.profile(()) == (b"", ((1,), (0, 1), (0,)))
