import threading
import time

import numpy as np

from dealerassist.cards import parse_card, parse_cards
from dealerassist.errors import RecognitionError
from dealerassist.vision.pipeline import VisionPipeline
from dealerassist.vision.sighting import Sighting
from dealerassist.vision.sources import SyntheticSource

AH = parse_card("Ah")


class CountingSource:
    """Frames whose pixel value is their index; ends after ``count``."""

    name = "counting"

    def __init__(self, count, *, fail_at=None):
        self.count, self.fail_at, self.index = count, fail_at, 0

    def read(self):
        if self.fail_at is not None and self.index == self.fail_at:
            raise RecognitionError("camera 0: stopped delivering frames (unplugged?)")
        if self.index >= self.count:
            return None
        self.index += 1
        return np.full((4, 4, 3), self.index % 256, np.uint8)

    def close(self):
        self.index = self.count


def test_slow_recogniser_sees_newest_frames_and_drops_the_rest():
    def slow(frame, *, frame_index):
        time.sleep(0.01)
        return [Sighting(AH, 0.99, (0, 0, 4, 4), "", frame_index)]

    pipeline = VisionPipeline(CountingSource(300), slow, max_results=1000)
    pipeline.start()
    assert pipeline.join(timeout=10)
    pipeline.stop()
    indices = []
    while not pipeline.results.empty():
        indices.append(pipeline.results.get().frame_index)
    assert indices == sorted(indices)
    assert indices[-1] == 299  # the last frame is always processed
    assert pipeline.monitor.dropped > 0
    assert pipeline.monitor.processed == len(indices)
    assert pipeline.monitor.processed + pipeline.monitor.dropped == 300


def test_stop_shuts_down_a_running_camera_promptly():
    class Endless(CountingSource):
        def read(self):
            time.sleep(0.001)
            return np.zeros((4, 4, 3), np.uint8)

    pipeline = VisionPipeline(Endless(0), lambda frame, frame_index: [])
    pipeline.start()
    time.sleep(0.05)
    started = time.perf_counter()
    pipeline.stop()
    assert time.perf_counter() - started < 2
    assert not any(t.is_alive() for t in threading.enumerate() if t.name.startswith("vision-"))


def test_unplugged_camera_is_reported_once_and_ends_the_pipeline():
    errors = []
    pipeline = VisionPipeline(
        CountingSource(100, fail_at=5), lambda frame, frame_index: [], on_error=errors.append
    )
    pipeline.start()
    assert pipeline.join(timeout=5)
    pipeline.stop()
    assert [str(e) for e in errors] == ["camera 0: stopped delivering frames (unplugged?)"]
    assert pipeline.error is errors[0]


def test_scripted_flop_becomes_stable_through_the_real_recogniser(recogniser):
    flop = parse_cards("Ah Kd 7c")
    source = SyntheticSource([(), flop], frames_per_step=6, backs=2, fps=20)
    results = []
    pipeline = VisionPipeline(source, recogniser.recognise, on_result=results.append)
    pipeline.start()
    assert pipeline.join(timeout=30)
    pipeline.stop()
    appeared = [s.card for r in results for s in r.update.appeared]
    assert sorted(map(str, appeared)) == sorted(map(str, flop))
    assert {s.card for s in results[-1].update.stable} == set(flop)
    assert pipeline.monitor.latency_ms(95) > 0
