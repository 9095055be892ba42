#!/usr/bin/env python3
"""Copies of a real-photo corpus under one transformation each, to see how reads hold up beyond the photos as taken.

    python3 make_transformed_corpus.py CORPUS OUT [TRANSFORM ...]

CORPUS is a directory with manifest.csv (folder,symbology,image,expected_file), e.g. ../shared/corpus/decoder-real-dev.
For each transformation, OUT/NAME/ gets every image transformed, its expected file and the manifest, so that
`decoder-bench --corpus OUT/NAME` compares RigKit, zxing-cpp and ZBar on it. The held-out real photos come from other
sources than the development ones; a decoder that reads a turned, tilted, smaller, noisier or fainter copy as well as
zxing-cpp does is less likely to be tuned to the photos as they were taken. The same files every run (fixed seeds).
The quiet-zone transformations (`cropped`, `crowded`) damage the photo where its symbol is, as zxing-cpp locates it;
photos it does not locate are left out of those copies (their manifest lists the rest).
Benchmark-only: needs numpy and Pillow (and zxing-cpp for `cropped` and `crowded`).
"""
import csv
import os
import shutil
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter


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


def perspective(image):
    # The camera turned about the vertical axis: the right edge 70 % as tall as the left, centred on it.
    w, h = image.size
    fill = int(np.median(np.asarray(image)))
    # Pillow maps each output pixel (x, y) to the input ((a x + b y + c) / (g x + h y + 1), (d x + e y + f) / (…)):
    # solve for the map from the output quadrilateral (the squeezed one) to the input rectangle.
    out = [(0, 0), (w, 0.15 * h), (w, 0.85 * h), (0, h)]
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    rows, rhs = [], []
    for (x, y), (u, v) in zip(out, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y]); rhs.append(v)
    coefficients = np.linalg.solve(np.array(rows, float), np.array(rhs, float))
    return image.transform((w, h), Image.PERSPECTIVE, tuple(coefficients), resample=Image.BILINEAR, fillcolor=fill)


def shadow(image):
    # Light falling off across the frame: full brightness on the left, a third of it on the right.
    a = np.asarray(image).astype(np.float64)
    a *= np.linspace(1.0, 0.33, a.shape[1])[None, :]
    return Image.fromarray(np.clip(a, 0, 255).round().astype(np.uint8))


def glare(image):
    # A bright spot (a lamp's reflection) of a quarter of the shorter side, centred a third of the way in.
    a = np.asarray(image).astype(np.float64)
    h, w = a.shape
    y, x = np.mgrid[0:h, 0:w]
    r = max(4.0, min(w, h) / 4)
    a += 200 * np.exp(-(((x - w / 3) ** 2 + (y - h / 3) ** 2) / (2 * r * r)))
    return Image.fromarray(np.clip(a, 0, 255).round().astype(np.uint8))


def motion(image, length):
    # A hand moving along the frame's diagonal during the exposure: the mean over `length` pixels on a 30° line. The
    # frame's edge pixels continue past it. (Until the twenty-seventh session the shifts wrapped round: each copy's first
    # rows came back, unblurred and faint, as its last, and zxing-cpp read 18 of its DataBar Expanded copies off them.)
    a = np.asarray(image).astype(np.float64)
    h, w = a.shape
    padded = np.pad(a, length, mode="edge")
    total = np.zeros_like(a)
    for i in range(length):
        t = i - (length - 1) / 2
        dx, dy = int(round(t * 0.866)), int(round(t * 0.5))
        total += padded[length - dy:length - dy + h, length - dx:length - dx + w]
    return Image.fromarray(np.clip(total / length, 0, 255).round().astype(np.uint8))


def exposed(image, gamma):
    # Another exposure or a camera's tone curve: each gray raised to `gamma` (over 1 darker, under 1 brighter). A blurred
    # edge's middle moves with it, so bars come out wider (darker) or thinner (brighter) than the spaces.
    a = np.asarray(image).astype(np.float64) / 255
    return Image.fromarray(np.clip(255 * a ** gamma + 0.5, 0, 255).astype(np.uint8))


def curved(image, degrees):
    # The photo printed on a can and seen from the front: the frame's width wrapped round a vertical cylinder, `degrees`
    # either side of the middle. An element at angle θ from the middle shows cos θ of its width (half at 60°), and the
    # light falling on the can fades towards its sides (to 70 % of the middle's brightness at 60°). Output pixel x lies
    # at R sin θ from the middle; it takes the input's column at arc R θ.
    a = np.asarray(image).astype(np.float64)
    h, w = a.shape
    limit = np.radians(degrees)
    radius = (w / 2) / limit
    out_w = max(1, int(round(2 * radius * np.sin(limit))))
    x = (np.arange(out_w) + 0.5 - out_w / 2) / radius
    theta = np.arcsin(np.clip(x, -np.sin(limit), np.sin(limit)))
    source = np.clip(theta * radius + w / 2 - 0.5, 0, w - 1)
    left = np.floor(source).astype(int)
    right = np.minimum(left + 1, w - 1)
    t = source - left
    columns = a[:, left] * (1 - t) + a[:, right] * t
    light = 1 - 0.3 * (1 - np.cos(theta)) / (1 - np.cos(limit))
    return Image.fromarray(np.clip(columns * light[None, :] + 0.5, 0, 255).astype(np.uint8))


def scratched(image, seed):
    # Damage: three straight scratches across the frame, a dark one and two light ones (ink rubbed off, a crease
    # catching the light), each about a hundredth of the shorter side wide, at angles and places drawn from `seed`. A
    # scratch may cross a finder, a timing edge or a guard.
    out = image.copy()
    draw = ImageDraw.Draw(out)
    w, h = image.size
    rng = np.random.default_rng(seed)
    width = max(1, round(min(w, h) / 100))
    for colour in (40, 230, 230):
        angle = rng.uniform(0, np.pi)
        cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        reach = w + h
        dx, dy = np.cos(angle) * reach, np.sin(angle) * reach
        draw.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], fill=colour, width=width)
    return out


def blotted(image, seed):
    # Damage over an area, where scratches are lines: three round blots within the frame's middle, two light (a label
    # torn or rubbed off, a sticker) and one dark (a stain), each a twelfth of the shorter side across, placed from
    # `seed`. A blot may hide a finder's corner, part of a timing edge, a stretch of bars or a guard.
    out = image.copy()
    draw = ImageDraw.Draw(out)
    w, h = image.size
    rng = np.random.default_rng(seed)
    r = max(2.0, min(w, h) / 24)
    for colour in (235, 235, 30):
        cx, cy = rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    return out


def screen(image):
    # The frame shown on a display and photographed: the display's pixel grid, a dark line every 3 pixels across and
    # down at 85 % of the light, turned 4° against the camera's, so it beats with the symbol's modules (moiré).
    a = np.asarray(image).astype(np.float64)
    h, w = a.shape
    y, x = np.mgrid[0:h, 0:w]
    angle = np.radians(4)
    u = x * np.cos(angle) + y * np.sin(angle)
    v = -x * np.sin(angle) + y * np.cos(angle)
    grid = 1 - 0.15 * ((np.cos(2 * np.pi * u / 3) + 1) / 2) * ((np.cos(2 * np.pi * v / 3) + 1) / 2) - 0.1 * ((np.cos(2 * np.pi * u / 3) + 1) / 2)
    return Image.fromarray(np.clip(a * grid + 0.5, 0, 255).astype(np.uint8))


def decimated(image, factor):
    # A cheap camera or a video frame scaled without filtering: every output pixel the nearest input pixel, so whole
    # columns and rows drop out and elements of one width come out a pixel wider or narrower (aliasing).
    w, h = image.size
    return image.resize((max(1, round(w * factor)), max(1, round(h * factor))), resample=Image.NEAREST)


# The symbol's outline in the photo as taken, for the transformations that damage its quiet zone. zxing-cpp (PyPI, a
# benchmark reference already) finds it, with the image's own symbology; a photo it does not read is left out of those
# copies, so their read rates are over the symbols zxing-cpp locates (a bias towards it, stated in the docs). Stacked
# DataBar Expanded is left out too: zxing-cpp's outline of it is one row's segments, not the symbol.
ZXING_FORMATS = {
    "codabar": "Codabar", "code128": "Code128", "code39": "Code39", "databarltd": "DataBarLimited",
    "datamatrix": "DataMatrix", "ean13": "EAN13", "ean8": "EAN8", "itf": "ITF", "pdf417": "PDF417",
    "qrcode": "QRCode", "rss14": "DataBar", "rssexpanded": "DataBarExpanded",
    "upca": "UPCA", "upce": "UPCE",
}
LINEAR = {"codabar", "code128", "code39", "ean13", "ean8", "itf", "upca", "upce"}


def outline(image, symbology):
    """The symbol's corners (top left, top right, bottom right, bottom left, in its reading direction) or None."""
    if symbology not in ZXING_FORMATS:
        return None
    import zxingcpp
    results = zxingcpp.read_barcodes(image, formats=getattr(zxingcpp.BarcodeFormat, ZXING_FORMATS[symbology]))
    if not results:
        return None
    p = results[0].position
    return np.array([[q.x, q.y] for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)], float)


def symbol_axes(corners, symbology):
    """Unit vectors along and across the reading direction, the symbol's length along it, and its extent across it.

    A linear symbol read on one row has an outline of no height: its bars' height is taken as 40 % of its length."""
    tl, tr, br, bl = corners
    along = (tr - tl + br - bl) / 2
    length = max(1.0, float(np.hypot(*along)))
    u = along / length
    v = np.array([-u[1], u[0]])
    across = abs(float(np.dot((bl - tl + br - tr) / 2, v)))
    if symbology in LINEAR:
        across = max(across, 0.4 * length)
    return u, v, length, across


def cropped(image, symbology):
    # The quiet zone cut away: the frame cropped to the symbol plus 1 % of its length (for EAN-13 about a module), as a
    # label trimmed to its barcode or a camera framing it tight. A linear symbol is cut on its two ends only (its bars'
    # height is unknown from one row's outline); a 2D symbol and DataBar (whose outline spans its height) on all four
    # sides.
    corners = outline(image, symbology)
    if corners is None:
        return None
    w, h = image.size
    u, _, length, _ = symbol_axes(corners, symbology)
    margin = max(1.0, 0.01 * length)
    box = [corners[:, 0].min() - margin, corners[:, 1].min() - margin, corners[:, 0].max() + 1 + margin,
           corners[:, 1].max() + 1 + margin]
    if symbology in LINEAR:
        if abs(u[0]) >= abs(u[1]):
            box[1], box[3] = 0, h
        else:
            box[0], box[2] = 0, w
    box = [max(0, round(box[0])), max(0, round(box[1])), min(w, round(box[2])), min(h, round(box[3]))]
    return image.crop(tuple(box))


def crowded(image, symbology):
    # Something printed in the quiet zone: a dark bar, 2 % of the symbol's length thick, 3 % of it (about three EAN-13
    # modules) beyond each end of a linear symbol, as a label's border or a line of text would be; round a 2D symbol a
    # dark frame, its outline grown by a tenth about its middle (half a module to three beyond each side), a printed box.
    corners = outline(image, symbology)
    if corners is None:
        return None
    out = image.copy()
    draw = ImageDraw.Draw(out)
    u, v, length, across = symbol_axes(corners, symbology)
    centre = corners.mean(axis=0)
    thick = max(1.0, 0.02 * length)
    if symbology in LINEAR or symbology.startswith("rss") or symbology == "databarltd":
        gap = 0.03 * length
        for sign in (-1, 1):
            middle = centre + sign * u * (length / 2 + gap + thick / 2)
            a, b = middle - v * 0.75 * across, middle + v * 0.75 * across
            draw.polygon([tuple(a - u * thick / 2), tuple(b - u * thick / 2), tuple(b + u * thick / 2),
                          tuple(a + u * thick / 2)], fill=20)
    else:
        grown = centre + (corners - centre) * 1.1
        ring = [tuple(p) for p in grown] + [tuple(grown[0])]
        draw.line(ring, fill=20, width=max(1, round(thick)), joint="curve")
    return out


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
    # Added in the twenty-sixth session, after the first ten had been studied copy by copy: fresh ground for the same test.
    "perspective": lambda im, seed, tmp: perspective(im),
    "shadow": lambda im, seed, tmp: shadow(im),
    "glare": lambda im, seed, tmp: glare(im),
    "motion5": lambda im, seed, tmp: motion(im, 5),
    "smaller40": lambda im, seed, tmp: scaled(im, 0.4),
    "tilted45": lambda im, seed, tmp: tilt(im, 45),
    # Added in the twenty-seventh session.
    "darker": lambda im, seed, tmp: exposed(im, 2.0),
    "brighter": lambda im, seed, tmp: exposed(im, 0.5),
    # Added in the twenty-eighth session: the curvature, a mirrored symbol (printed on the back of a film, or seen
    # in a mirror) and an inverted one (light on dark: laser-marked metal, a phone's dark mode), which readers of the 2D
    # symbologies are expected to read, and scratches (damaged finders, timing edges and guards).
    "curved": lambda im, seed, tmp: curved(im, 60),
    "mirrored": lambda im, seed, tmp: im.transpose(Image.FLIP_LEFT_RIGHT),
    "inverted": lambda im, seed, tmp: Image.eval(im, lambda v: 255 - v),
    "scratched": lambda im, seed, tmp: scratched(im, seed),
    # Added in the twenty-ninth session: damage over an area (finders, timing edges, bars hidden by a blot), a symbol
    # photographed off a display (its pixel grid beating with the modules), and a frame scaled without filtering.
    "blotted": lambda im, seed, tmp: blotted(im, seed),
    "screen": lambda im, seed, tmp: screen(im),
    "decimated70": lambda im, seed, tmp: decimated(im, 0.7),
}

# Added in the thirtieth session: the quiet zone damaged, where the symbol is (`outline`): cut away, or crowded by a
# dark bar. Photos whose symbol zxing-cpp does not locate are left out of these copies.
LOCATED = {
    "cropped": cropped,
    "crowded": crowded,
}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    corpus, out = sys.argv[1], sys.argv[2]
    known = list(TRANSFORMS) + list(LOCATED)
    names = sys.argv[3:] or known
    unknown = [n for n in names if n not in known]
    if unknown:
        sys.exit(f"unknown transformation(s): {', '.join(unknown)}; known: {', '.join(known)}")
    with open(os.path.join(corpus, "manifest.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    for name in names:
        target = os.path.join(out, name)
        os.makedirs(target, exist_ok=True)
        scratch = os.path.join(target, ".scratch.jpg")
        kept = []
        for index, row in enumerate(rows):
            image = Image.open(os.path.join(corpus, row["folder"], row["image"])).convert("L")
            if name in LOCATED:
                copy = LOCATED[name](image, row["symbology"])
            else:
                copy = TRANSFORMS[name](image, index, scratch)
            if copy is None:
                continue
            folder = os.path.join(target, row["folder"])
            os.makedirs(folder, exist_ok=True)
            copy.save(os.path.join(folder, row["image"]))
            if row["expected_file"]:
                shutil.copy(os.path.join(corpus, row["folder"], row["expected_file"]), os.path.join(folder, row["expected_file"]))
            kept.append(row)
        with open(os.path.join(target, "manifest.csv"), "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else ["folder", "symbology", "image", "expected_file"])
            writer.writeheader()
            writer.writerows(kept)
        if os.path.exists(scratch):
            os.remove(scratch)
        left_out = f" ({len(rows) - len(kept)} left out: symbol not located)" if len(kept) < len(rows) else ""
        print(f"{target}: {len(kept)} images{left_out}")


if __name__ == "__main__":
    main()
