from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import Card, parse_card
from dealerassist.vision.sighting import Sighting
from dealerassist.vision.smoothing import Smoother

AH, KD = parse_card("Ah"), parse_card("Kd")


def seen(*cards, confidence=0.95):
    return [Sighting(card, confidence, (10 * i, 0, 10, 14)) for i, card in enumerate(cards)]


def test_card_becomes_stable_only_after_needed_frames():
    smoother = Smoother(window=5, needed=3)
    assert smoother.update(seen(AH)).appeared == ()
    assert smoother.update(seen(AH)).appeared == ()
    update = smoother.update(seen(AH))
    assert [s.card for s in update.appeared] == [AH]
    assert smoother.update(seen(AH)).appeared == ()  # reported once


def test_a_one_frame_misread_never_becomes_stable():
    smoother = Smoother(window=5, needed=3)
    for frame in (seen(AH), seen(KD), seen(AH), seen(AH), seen(AH)):
        update = smoother.update(frame)
    assert [s.card for s in update.stable] == [AH]


def test_card_gone_only_after_missing_from_most_recent_frames():
    smoother = Smoother(window=5, needed=3)
    for _ in range(5):
        smoother.update(seen(AH))
    assert smoother.update([]).gone == ()  # a hand passing over the card
    assert smoother.update([]).gone == ()
    assert smoother.update([]).gone == (AH,)


def test_same_card_in_two_places_is_flagged_as_duplicate():
    smoother = Smoother(window=3, needed=2)
    smoother.update(seen(AH, AH))
    assert smoother.update(seen(AH, AH)).duplicates == (AH,)


def test_smoothed_confidence_is_the_mean_over_the_window():
    smoother = Smoother(window=3, needed=3)
    smoother.update(seen(AH, confidence=0.6))
    smoother.update(seen(AH, confidence=0.9))
    (stable,) = smoother.update(seen(AH, confidence=0.9)).appeared
    assert abs(stable.confidence - 0.8) < 1e-9


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 51), max_size=4), min_size=1, max_size=20))
def test_stable_cards_were_all_read_in_at_least_needed_recent_frames(frames):
    smoother = Smoother(window=4, needed=2)
    history = []
    for codes in frames:
        cards = [Card.from_code(c) for c in codes]
        history.append(set(cards))
        update = smoother.update(seen(*cards))
        recent = history[-4:]
        for sighting in update.stable:
            assert sum(sighting.card in frame for frame in recent) >= 1
        for sighting in update.appeared:
            assert sum(sighting.card in frame for frame in recent) >= 2
