"""Patch-level augmentation for training the corner-index classifier (training only, torch).

Why on patches and not on scenes: rendering scenes and cutting patches with the detector
is the slow part of training on a CPU. Cut the patches once, then vary them in the data
loader: each epoch sees a different version of every patch. The changes cover what the
held-out designs and real decks differ in: the index a little off-centre, smaller (down
to half its size, high in the corner) or larger, thinner or thicker strokes, blur and
lost resolution, uneven light, part of the index under a card edge or a chip (the label
kept: a thin band of the right or bottom side, where the rank and the suit sign still
show), and sensor noise. The held-out set is never augmented.

Patches are float tensors (N, 2, H, W) in raw units: grey 0..255 and redness
(R - (G + B) / 2 + 128); `torch_normalise` then does what `model.normalise_patches` does.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F  # noqa: N812

__all__ = ["PatchAugmenter", "torch_normalise"]


def torch_normalise(raw: torch.Tensor) -> torch.Tensor:
    """Normalise as `dealerassist.vision.model.normalise_patches` does, on (N, 2, H, W) tensors."""
    gray = raw[:, 0]
    mean = gray.mean(dim=(1, 2), keepdim=True)
    spread = gray.std(dim=(1, 2), keepdim=True, unbiased=False)
    gray = (gray - mean) / (spread + 8.0)
    redness = raw[:, 1]
    paper = torch.quantile(redness.reshape(len(raw), -1), 0.5, dim=1).reshape(-1, 1, 1)
    redness = (redness - paper) / 32.0
    return torch.stack([gray, redness], dim=1)


def _chance(n: int, p: float, gen: torch.Generator) -> torch.Tensor:
    return torch.rand(n, generator=gen) < p


def _uniform(n: int, low: float, high: float, gen: torch.Generator) -> torch.Tensor:
    return low + (high - low) * torch.rand(n, generator=gen)


class PatchAugmenter:
    """Random changes to raw patches; call it on a batch (N, 2, H, W) float tensor."""

    def __init__(self, *, seed: int = 0, strength: float = 1.0, zoom_in: float = 0.0,
                 frame: float = 0.0) -> None:
        self._gen = torch.Generator().manual_seed(seed)
        self.strength = strength
        # The share of patches given a court frame's line beside the index (`_frame`); 0:
        # none, and the random stream of the other changes is the one of earlier models.
        self.frame = frame
        # Anchored zooms may also enlarge the index up to exp(zoom_in) times, its right and
        # bottom cut off (how the reader's close framing shows a large index); 0: never.
        self.zoom_in = zoom_in

    def __call__(self, raw: torch.Tensor) -> torch.Tensor:
        """Return an augmented copy of ``raw`` (grey and redness, 0..255)."""
        out = raw.clone()
        out = self._geometry(out)
        if self.frame > 0:
            out = self._frame(out)
        out = self._strokes(out)
        out = self._cover(out)
        out = self._light(out)
        out = self._resolution(out)
        out = self._noise(out)
        return out.clamp(0, 255)

    def _geometry(self, x: torch.Tensor) -> torch.Tensor:
        """Shift, zoom and a small rotation; the space uncovered is the patch's paper.

        Half the zooms are about the centre (the index 0.8 to 1.2 times its size), half
        keep the top-left corner in place and shrink the index to as little as half its
        size (small indices high in the corner, like tigullio-international's) or, with
        ``zoom_in``, enlarge it (a large index in the reader's close framing).
        """
        n, g, s = len(x), self._gen, self.strength
        anchored = _chance(n, 0.5, g)
        zoom = torch.where(anchored, torch.exp(_uniform(n, -self.zoom_in, 0.65 * s, g)),
                           torch.exp(_uniform(n, -0.2 * s, 0.2 * s, g)))  # >1: smaller
        angle = _uniform(n, -5.0, 5.0, g) * math.pi / 180 * s
        height, width = x.shape[2:]
        aspect = height / width
        theta = torch.zeros(n, 2, 3)
        # Normalised coordinates differ per axis; rotate in pixel units.
        theta[:, 0, 0] = zoom * torch.cos(angle)
        theta[:, 0, 1] = -zoom * torch.sin(angle) * aspect
        theta[:, 1, 0] = zoom * torch.sin(angle) / aspect
        theta[:, 1, 1] = zoom * torch.cos(angle)
        shift = torch.where(anchored, zoom - 1, torch.zeros(n))
        theta[:, 0, 2] = shift + _uniform(n, -0.15, 0.15, g) * s
        theta[:, 1, 2] = shift + _uniform(n, -0.08, 0.08, g) * s
        keep = ~_chance(n, 0.8, g)
        theta[keep] = torch.tensor([[1.0, 0, 0], [0, 1.0, 0]])
        # The paper: a light grey level (felt may fill the darker part) and the median redness.
        paper = torch.stack([torch.quantile(x[:, 0].flatten(1), 0.8, dim=1),
                             torch.quantile(x[:, 1].flatten(1), 0.5, dim=1)], dim=1)
        paper = paper[:, :, None, None]
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        return paper + F.grid_sample(x - paper, grid, mode="bilinear", padding_mode="zeros",
                                     align_corners=False)

    def _frame(self, x: torch.Tensor) -> torch.Tensor:
        """Draw a long thin line left of and/or above the index, whatever the label.

        Many court designs frame their picture with a line that runs beside the index
        (tigullio-international's runs the whole height of the corner, just left of the
        "Q"). A model that never saw a line there reads it as the "1" of a "10". Drawn on
        every class (numbers, courts, "no index"), it should teach that a line spanning the
        corner is no glyph. The line is paint under the ink: a pixel only gets darker. A
        two-epoch fine-tune with it did not cure tigullio's queens: no shipped model uses it
        yet.
        """
        n, g = len(x), self._gen
        height, width = x.shape[2:]
        ys = torch.arange(height).float()[:, None].expand(height, width)
        xs = torch.arange(width).float()[None, :].expand(height, width)
        for k in torch.nonzero(_chance(n, self.frame, g)).flatten().tolist():
            kind = float(torch.rand(1, generator=g))
            thick = 1.0 + float(torch.rand(1, generator=g) < 0.35)
            left = float(_uniform(1, 0.0, 0.15 * width, g))
            top = float(_uniform(1, 0.0, 0.1 * height, g))
            vertical = (xs >= left) & (xs < left + thick) & (ys >= top)
            horizontal = (ys >= top) & (ys < top + thick) & (xs >= left)
            line = (vertical | horizontal if kind < 0.45 else
                    vertical if kind < 0.8 else horizontal)
            if float(torch.rand(1, generator=g)) < 0.2:  # a red frame
                grey, red = float(_uniform(1, 90, 170, g)), 128 + float(_uniform(1, 40, 90, g))
            else:
                grey, red = float(_uniform(1, 20, 150, g)), 128 + float(_uniform(1, -5, 5, g))
            darker = line & (x[k, 0] > grey)
            x[k, 0][darker] = grey
            x[k, 1][darker] = red
        return x

    def _strokes(self, x: torch.Tensor) -> torch.Tensor:
        """Thinner strokes (each pixel takes its 2x2 window's lightest) or thicker ones."""
        n, g = len(x), self._gen
        pick = torch.rand(n, generator=g)
        thin, thick = pick < 0.25, (pick >= 0.25) & (pick < 0.35)
        for chosen, lightest in ((thin, True), (thick, False)):
            if not chosen.any():
                continue
            part = x[chosen]
            padded = F.pad(part, (0, 1, 0, 1), mode="replicate")
            windows = F.unfold(padded, kernel_size=2)  # (m, 2*4, H*W)
            windows = windows.reshape(len(part), 2, 4, -1)
            grey = windows[:, 0]
            best = grey.argmax(dim=1) if lightest else grey.argmin(dim=1)
            chosen_px = torch.gather(windows, 2, best[:, None, None, :].expand(-1, 2, 1, -1))
            x[chosen] = chosen_px.reshape(part.shape)
        return x

    def _cover(self, x: torch.Tensor) -> torch.Tensor:
        """Lay a card edge over the right or bottom side, or a chip over a corner (a thin band)."""
        n, g = len(x), self._gen
        height, width = x.shape[2:]
        ys = torch.arange(height).float()[:, None].expand(height, width)
        xs = torch.arange(width).float()[None, :].expand(height, width)
        for k in torch.nonzero(_chance(n, 0.2 * self.strength, g)).flatten().tolist():
            kind = float(torch.rand(1, generator=g))
            if kind < 0.4:  # another card's edge from the right
                edge = width * (1 - float(_uniform(1, 0.05, 0.16, g)))
                mask = xs >= edge
                line = (xs >= edge) & (xs < edge + 1.5)
            elif kind < 0.7:  # from the bottom
                edge = height * (1 - float(_uniform(1, 0.02, 0.08, g)))
                mask = ys >= edge
                line = (ys >= edge) & (ys < edge + 1.5)
            else:  # a chip over the bottom-right or top-right corner
                radius = float(_uniform(1, 0.5, 0.9, g)) * width
                cy = height + radius * 0.75 if kind < 0.85 else -radius * 0.55
                cx = width + radius * 0.55
                mask = (xs - cx) ** 2 + (ys - cy) ** 2 <= radius**2
                line = torch.zeros_like(mask)
            if kind < 0.7:
                grey = float(_uniform(1, 180, 250, g))
                red = 128 + float(_uniform(1, -6, 6, g))
            else:
                grey = float(_uniform(1, 20, 220, g))
                red = 128 + float(_uniform(1, -70, 70, g))
            x[k, 0][mask] = grey
            x[k, 1][mask] = red
            x[k, 0][line] = float(_uniform(1, 40, 140, g))
            x[k, 1][line] = 128.0
        return x

    def _light(self, x: torch.Tensor) -> torch.Tensor:
        """Uneven light (a ramp in a random direction) and lower contrast."""
        n, g = len(x), self._gen
        height, width = x.shape[2:]
        ys = torch.linspace(-0.5, 0.5, height)[:, None]
        xs = torch.linspace(-0.5, 0.5, width)[None, :]
        direction = _uniform(n, 0, 2 * math.pi, g)
        depth = _uniform(n, 0, 0.5 * self.strength, g) * _chance(n, 0.4, g)
        ramp = (torch.cos(direction)[:, None, None] * xs + torch.sin(direction)[:, None, None]
                * ys)
        light = 1 - depth[:, None, None] * (ramp + 0.5)
        contrast = torch.where(_chance(n, 0.3, g), _uniform(n, 0.45, 1.0, g), torch.ones(n))
        grey = x[:, 0]
        mean = grey.mean(dim=(1, 2), keepdim=True)
        grey = (mean + (grey - mean) * contrast[:, None, None]) * light
        red = 128 + (x[:, 1] - 128) * contrast[:, None, None] * light
        return torch.stack([grey, red], dim=1)

    def _resolution(self, x: torch.Tensor) -> torch.Tensor:
        """Gaussian blur, or lost resolution (down then up again)."""
        n, g = len(x), self._gen
        height, width = x.shape[2:]
        pick = torch.rand(n, generator=g)
        blur = pick < 0.25
        if blur.any():
            sigma = float(_uniform(1, 0.5, 1.3, g))
            taps = torch.arange(-3, 4).float()
            kernel = torch.exp(-(taps**2) / (2 * sigma**2))
            kernel = kernel / kernel.sum()
            part = x[blur].reshape(-1, 1, height, width)
            part = F.conv2d(F.pad(part, (3, 3, 0, 0), mode="replicate"),
                            kernel.reshape(1, 1, 1, 7))
            part = F.conv2d(F.pad(part, (0, 0, 3, 3), mode="replicate"),
                            kernel.reshape(1, 1, 7, 1))
            x[blur] = part.reshape(-1, 2, height, width)
        small = (pick >= 0.25) & (pick < 0.45)
        if small.any():
            factor = float(_uniform(1, 0.45, 0.8, g))
            size = (max(4, round(height * factor)), max(4, round(width * factor)))
            part = F.interpolate(x[small], size=size, mode="area")
            x[small] = F.interpolate(part, size=(height, width), mode="bilinear",
                                     align_corners=False)
        return x

    def _noise(self, x: torch.Tensor) -> torch.Tensor:
        """Sensor noise, sigma 0..6 grey levels, on half the patches."""
        n, g = len(x), self._gen
        sigma = _uniform(n, 0, 6, g) * _chance(n, 0.5, g)
        return x + torch.randn(x.shape, generator=g) * sigma[:, None, None, None]
