#!/usr/bin/env python3
"""Drawn scenes of conditions the real-photo corpus lacks, to check a cut to one of the decoder's looks against what that
look is for.

    python3 make_scene_probe.py OUT

Writes OUT/light-on-dark/ and OUT/glare/, each with manifest.csv (folder,symbology,image,expected_file) for
`decoder-bench --corpus OUT/NAME`. Symbols are drawn by zint (another encoder than RigKit's) into 1280×960 frames, large
enough for the decoder's pyramid, then blurred (Gaussian σ 1.5, 3, 5 px) and given sensor noise (σ 8 or 25):

- light-on-dark: QR, Data Matrix and Aztec, light modules on a dark patch (laser-marked metal, inverted print), at 12,
  20 and 32 px a module (large symbols, which the pyramid's small layer reads when blur and noise spoil the full size);
- glare: QR, Data Matrix, Aztec and PDF417 dark on light, under a bright spot over part of the symbol and a shadow
  across the frame, at 4, 8 and 12 px a module.

The dev photos hold no light-on-dark symbol and little glare, so a cut that loses nothing there can still lose these
(nineteenth session: skipping the pyramid's small-layer 2D second looks lost 21 of the 51 light-on-dark scenes read, and
skipping only its block thresholds 6 of the 33 glare scenes read). The same files every run (fixed seeds). Benchmark-only: needs zint, numpy and Pillow.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageFilter

WIDTH, HEIGHT = 1280, 960
# zint symbology numbers and the corpus folder symbology names decoder-bench knows.
SYMBOLS = {"qrcode": 58, "datamatrix": 71, "aztec": 92, "pdf417": 55}


def zint_matrix(barcode, text, directory):
    """The symbol's modules as a boolean array (True = dark), one cell a module."""
    path = os.path.join(directory, "symbol.png")
    subprocess.run(["zint", "--barcode", str(barcode), "--data", text, "--scale", "0.5", "--whitesp", "0",
                    "--vwhitesp", "0", "--notext", "-o", path], check=True, capture_output=True)
    return np.asarray(Image.open(path).convert("L")) < 128


def scene(modules, module_px, light_on_dark, blur, noise, seed):
    cells = np.kron(modules, np.ones((module_px, module_px), dtype=bool))
    h, w = cells.shape
    frame = np.full((HEIGHT, WIDTH), 200.0)
    y0, x0 = (HEIGHT - h) // 2, (WIDTH - w) // 2
    if light_on_dark:
        # A dark patch four modules wider than the symbol all round, the symbol's dark modules light on it.
        margin = 4 * module_px
        frame[max(0, y0 - margin):y0 + h + margin, max(0, x0 - margin):x0 + w + margin] = 30
        frame[y0:y0 + h, x0:x0 + w] = np.where(cells, 220, 30)
    else:
        frame[y0:y0 + h, x0:x0 + w] = np.where(cells, 40, 200)
    image = np.asarray(Image.fromarray(frame.astype(np.uint8)).filter(ImageFilter.GaussianBlur(blur))).astype(np.float64)
    if not light_on_dark:
        # A shadow darkening the left of the frame and a bright spot over the symbol's upper right.
        yy, xx = np.mgrid[0:HEIGHT, 0:WIDTH]
        cx, cy, r = x0 + w * 0.7, y0 + h * 0.3, 0.35 * max(w, h)
        image = image * (0.55 + 0.45 * xx / WIDTH) + 140 * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
    image += np.random.default_rng(seed).normal(0, noise, image.shape)
    return Image.fromarray(np.clip(image, 0, 255).round().astype(np.uint8))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    sets = {
        "light-on-dark": (["qrcode", "datamatrix", "aztec"], [12, 20, 32], True),
        "glare": (["qrcode", "datamatrix", "aztec", "pdf417"], [4, 8, 12], False),
    }
    with tempfile.TemporaryDirectory() as scratch:
        for name, (symbologies, sizes, light_on_dark) in sets.items():
            rows = []
            seed = 0
            for symbology in symbologies:
                folder = os.path.join(out, name, symbology)
                os.makedirs(folder, exist_ok=True)
                for size in sizes:
                    text = f"{name.upper()} {symbology.upper()} {size}PX"
                    modules = zint_matrix(SYMBOLS[symbology], text, scratch)
                    for blur in (1.5, 3, 5):
                        for noise in (8, 25):
                            seed += 1
                            stem = f"m{size}-b{blur}-n{noise}"
                            scene(modules, size, light_on_dark, blur, noise, seed).save(os.path.join(folder, stem + ".png"))
                            with open(os.path.join(folder, stem + ".txt"), "w", encoding="utf-8") as f:
                                f.write(text)
                            rows.append(f"{symbology},{symbology},{stem}.png,{stem}.txt")
            with open(os.path.join(out, name, "manifest.csv"), "w", encoding="utf-8") as f:
                f.write("folder,symbology,image,expected_file\n" + "\n".join(rows) + "\n")
            print(f"{name}: {len(rows)} scenes in {os.path.join(out, name)}")


if __name__ == "__main__":
    main()
