#!/usr/bin/env python3
"""Copies of a real-photo corpus under one transformation each, to see how reads hold up beyond the photos as taken.

    python3 make_transformed_corpus.py CORPUS OUT [TRANSFORM ...]

CORPUS is a directory with manifest.csv (folder,symbology,image,expected_file), e.g. ../shared/corpus/decoder-real-dev.
For each transformation, OUT/NAME/ gets every image transformed, its expected file and the manifest, so that
`decoder-bench --corpus OUT/NAME` compares RigKit, zxing-cpp and ZBar on it. The held-out real photos come from other
sources than the development ones; a decoder that reads a turned, tilted, smaller, noisier or fainter copy as well as
zxing-cpp does is less likely to be tuned to the photos as they were taken. The same files every run (fixed seeds).
Benchmark-only: needs numpy and Pillow.
"""
import csv
import os
import shutil
import sys

import numpy as np
from PIL import Image, ImageFilter


def tilt(image, degrees):
    # The corners the turn uncovers take the image's median gray, as a wider photo would show more of the scene there.
    fill = int(np.median(np.asarray(image)))
    return image.rotate(degrees, resample=Image.BILINEAR, expand=True, fillcolor=fill)


def scaled(image, factor):
    w, h = image.size
    return image.resize((max(1, round(w * factor)), max(1, round(h * factor))), resample=Image.LANCZOS)


def noisy(image, sigma, seed):
    a = np.asarray(image).astype(np.float64)
    a += np.random.default_rng(seed).normal(0, sigma, a.shape)
    return Image.fromarray(np.clip(a, 0, 255).round().astype(np.uint8))


def faint(image, seed):
    # A third of the contrast around a light gray, and a little sensor noise.
    a = np.asarray(image).astype(np.float64) * 0.33 + 110
    a += np.random.default_rng(seed).normal(0, 2, a.shape)
    return Image.fromarray(np.clip(a, 0, 255).round().astype(np.uint8))


def jpeg(image, quality, path):
    image.save(path, format="JPEG", quality=quality)
    return Image.open(path).convert("L")


TRANSFORMS = {
    "turned90": lambda im, seed, tmp: im.transpose(Image.ROTATE_90),
    "turned180": lambda im, seed, tmp: im.transpose(Image.ROTATE_180),
    "tilted12": lambda im, seed, tmp: tilt(im, 12),
    "tilted-30": lambda im, seed, tmp: tilt(im, -30),
    "smaller60": lambda im, seed, tmp: scaled(im, 0.6),
    "larger150": lambda im, seed, tmp: scaled(im, 1.5),
    "blurred": lambda im, seed, tmp: im.filter(ImageFilter.GaussianBlur(1.2)),
    "noisy": lambda im, seed, tmp: noisy(im, 12, seed),
    "faint": lambda im, seed, tmp: faint(im, seed),
    "jpeg25": lambda im, seed, tmp: jpeg(im, 25, tmp),
}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    corpus, out = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or list(TRANSFORMS)
    unknown = [n for n in names if n not in TRANSFORMS]
    if unknown:
        sys.exit(f"unknown transformation(s): {', '.join(unknown)}; known: {', '.join(TRANSFORMS)}")
    with open(os.path.join(corpus, "manifest.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    for name in names:
        target = os.path.join(out, name)
        os.makedirs(target, exist_ok=True)
        shutil.copy(os.path.join(corpus, "manifest.csv"), os.path.join(target, "manifest.csv"))
        scratch = os.path.join(target, ".scratch.jpg")
        for index, row in enumerate(rows):
            folder = os.path.join(target, row["folder"])
            os.makedirs(folder, exist_ok=True)
            image = Image.open(os.path.join(corpus, row["folder"], row["image"])).convert("L")
            TRANSFORMS[name](image, index, scratch).save(os.path.join(folder, row["image"]))
            if row["expected_file"]:
                shutil.copy(os.path.join(corpus, row["folder"], row["expected_file"]), os.path.join(folder, row["expected_file"]))
        if os.path.exists(scratch):
            os.remove(scratch)
        print(f"{target}: {len(rows)} images")


if __name__ == "__main__":
    main()
