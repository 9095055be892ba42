"""Writes the MicroPDF417 read probe: zint renders of 7 texts (1-4 columns) at 1.5, 2, 3 and 4 px a module, turned 0, 7,
14, 90, 180 and -10 degrees, blurred with noise at high or low contrast, in 320x240 or 640x480 frames with a few gray
rectangles; 336 images and a manifest.csv for `decoder-bench --corpus DIR --rigkit-only` (the development corpus has no
MicroPDF417 photo). Needs zint, numpy and Pillow; the same files every run.

    python3 Benchmarks/decoder-bench/make_micropdf417_probe.py OUTDIR
"""
import csv
import os
import subprocess
import sys

import numpy as np
from PIL import Image, ImageFilter, ImageOps

TEXTS = ["A1", "HELLO123", "RIGKIT MICRO PDF", "0123456789012345678901", "THE QUICK BROWN FOX JUMPS 42",
         "Lorem ipsum dolor sit amet, consectetur", "MICROPDF417 WITH A LONGER TEXT TO MAKE MORE COLUMNS 1234567890"]
SCALES = [1.5, 2.0, 3.0, 4.0]
ROTATIONS = [0, 7, 14, 90, 180, -10]
# (blur sigma px, noise sigma, darkest, lightest)
DEGRADATIONS = [(0.6, 4, 30, 220), (1.0, 8, 80, 170)]


def main(out):
    os.makedirs(out, exist_ok=True)
    rows, n = [], 0
    for t, text in enumerate(TEXTS):
        symbol_path = os.path.join(out, f"symbol{t}.png")
        subprocess.run(["zint", "-b", "84", "-d", text, "-o", symbol_path, "--scale=1"], check=True)
        symbol = Image.open(symbol_path).convert("L")
        os.remove(symbol_path)
        for scale in SCALES:
            for rotation in ROTATIONS:
                for blur, noise, low, high in DEGRADATIONS:
                    rng = np.random.default_rng(n)
                    w, h = symbol.size
                    im = symbol.resize((int(w * scale), int(h * scale)), Image.NEAREST)
                    im = ImageOps.expand(im, int(6 * scale) + 4, 255)
                    im = im.rotate(rotation, resample=Image.BILINEAR, expand=True, fillcolor=255)
                    width, height = (640, 480) if n % 3 == 0 else (320, 240)
                    if im.size[0] > width - 10 or im.size[1] > height - 10:
                        width, height = max(width, im.size[0] + 40), max(height, im.size[1] + 40)
                    frame = np.full((height, width), 255.0)
                    for _ in range(8):
                        x0, y0 = rng.integers(0, width - 20), rng.integers(0, height - 20)
                        frame[y0:y0 + rng.integers(5, 20), x0:x0 + rng.integers(5, 60)] = rng.integers(60, 200)
                    ox, oy = rng.integers(0, width - im.size[0] + 1), rng.integers(0, height - im.size[1] + 1)
                    pixels = np.asarray(im, dtype=float)
                    region = frame[oy:oy + pixels.shape[0], ox:ox + pixels.shape[1]]
                    region[:] = np.minimum(region, pixels)
                    blurred = np.asarray(Image.fromarray(frame.astype(np.uint8)).filter(ImageFilter.GaussianBlur(blur)), dtype=float)
                    final = low + blurred / 255.0 * (high - low) + rng.normal(0, noise, blurred.shape)
                    name = f"m{n:04d}.png"
                    Image.fromarray(np.clip(final, 0, 255).astype(np.uint8)).save(os.path.join(out, name))
                    rows.append((name, text))
                    n += 1
    with open(os.path.join(out, "manifest.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["file", "symbology", "text"])
        for name, text in rows:
            writer.writerow([name, "microPDF417", text])
    print(f"{n} images in {out}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_micropdf417_probe.py OUTDIR")
    main(sys.argv[1])
