"""Vision layer: frames in (camera, video file, image folder, synthetic) -> card sightings out.

The only package that imports cv2. The public, Qt-free API for the console's worker:

- `FrameSource` and its implementations (`sources`),
- `Recogniser.recognise(frame) -> list[Sighting]` (`recogniser`),
- `Smoother` (votes over frames, `smoothing`),
- `VisionPipeline` (bounded newest-frame-wins queue, sentinel shutdown, FPS/latency, `pipeline`),
- `TableCalibration` (zones on the felt, `calibration`).
"""
