#!/usr/bin/env python3
"""Reference decoders for decoder-bench: zxing-cpp and ZBar (pyzbar), timed around the decode call only.

Reads JSON lines {"path": PGM file, "formats": [symbology], "repeat": n, "bytes": bool} from stdin and writes one JSON line per
job: {"texts": [...], "ms": [...]} (or {"error": "..."}). Benchmark-only: RigKit never needs Python at run time.
"""
import json
import sys
import time


def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P5"
    width, height, maxval = int(parts[1]), int(parts[2]), int(parts[3])
    pixels = parts[4][: width * height] if maxval < 256 else None
    return width, height, pixels


def zxing_engine():
    import zxingcpp
    formats = {
        "ean13": zxingcpp.BarcodeFormat.EAN13, "ean8": zxingcpp.BarcodeFormat.EAN8, "upcA": zxingcpp.BarcodeFormat.UPCA,
        "upcE": zxingcpp.BarcodeFormat.UPCE, "code128": zxingcpp.BarcodeFormat.Code128, "code39": zxingcpp.BarcodeFormat.Code39,
        "interleaved2of5": zxingcpp.BarcodeFormat.ITF, "codabar": zxingcpp.BarcodeFormat.Codabar,
        "qr": zxingcpp.BarcodeFormat.QRCode, "dataMatrix": zxingcpp.BarcodeFormat.DataMatrix,
        "pdf417": zxingcpp.BarcodeFormat.PDF417, "dataBar": zxingcpp.BarcodeFormat.DataBar,
        "dataBarExpanded": zxingcpp.BarcodeFormat.DataBarExpanded, "dataBarLimited": zxingcpp.BarcodeFormat.DataBarLimited,
        "aztec": zxingcpp.BarcodeFormat.Aztec, "maxiCode": zxingcpp.BarcodeFormat.MaxiCode,
        "microPDF417": zxingcpp.BarcodeFormat.MicroPDF417, "code93": zxingcpp.BarcodeFormat.Code93,
    }

    def decode(width, height, pixels, names, raw=False):
        view = memoryview(pixels).cast("B", (height, width))
        selected = None
        for name in names:
            f = formats.get(name)
            if f is not None:
                selected = f if selected is None else selected | f
        kwargs = {"text_mode": zxingcpp.TextMode.Plain}
        if selected is not None:
            kwargs["formats"] = selected
        return [r.bytes.decode("latin-1") if raw else r.text for r in zxingcpp.read_barcodes(view, **kwargs)]
    return decode, set(formats)


def zbar_engine():
    from pyzbar import pyzbar
    from pyzbar.pyzbar import ZBarSymbol
    formats = {
        "ean13": ZBarSymbol.EAN13, "ean8": ZBarSymbol.EAN8, "upcA": ZBarSymbol.UPCA, "upcE": ZBarSymbol.UPCE,
        "code128": ZBarSymbol.CODE128, "code39": ZBarSymbol.CODE39, "interleaved2of5": ZBarSymbol.I25,
        "codabar": ZBarSymbol.CODABAR, "qr": ZBarSymbol.QRCODE, "dataBar": ZBarSymbol.DATABAR,
        "dataBarExpanded": ZBarSymbol.DATABAR_EXP, "code93": ZBarSymbol.CODE93,
    }

    def decode(width, height, pixels, names, raw=False):
        symbols = [formats[n] for n in names if n in formats]
        results = pyzbar.decode((pixels, width, height), symbols=symbols or None)
        texts = []
        for r in results:
            if raw:
                texts.append(r.data.decode("latin-1"))
                continue
            try:
                texts.append(r.data.decode("utf-8"))
            except UnicodeDecodeError:
                texts.append(r.data.decode("latin-1"))
        return texts
    return decode, set(formats)


def main():
    engine = sys.argv[1]
    try:
        decode, supported = zxing_engine() if engine == "zxing-cpp" else zbar_engine()
    except Exception as error:  # the engine is not installed
        print(json.dumps({"unavailable": str(error)}), flush=True)
        return
    print(json.dumps({"ready": sorted(supported)}), flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        try:
            width, height, pixels = read_pgm(job["path"])
            names = [n for n in job.get("formats", []) if n]
            if names and not any(n in supported for n in names):
                print(json.dumps({"unsupported": True}), flush=True)
                continue
            texts, times = [], []
            for _ in range(job.get("repeat", 1)):
                start = time.perf_counter()
                texts = decode(width, height, pixels, names, job.get("bytes", False))
                times.append((time.perf_counter() - start) * 1000)
            print(json.dumps({"texts": texts, "ms": times}), flush=True)
        except Exception as error:
            print(json.dumps({"error": str(error)}), flush=True)


if __name__ == "__main__":
    main()
