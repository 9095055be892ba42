#!/usr/bin/env python3
"""scikit-learn reference for RigKit's SpectralAnalyzer: same folds, same preprocessing, same PLS.

Reproduces RigKit's fold assignment (SplitMix64-driven Fisher-Yates shuffle, position p -> fold p mod k),
its preprocessing steps (range, snv, msc, sg:W:P:D with SciPy's mode="interp", center, autoscale), and
PLS with mean centring only (PLSRegression(scale=False)). Prints one JSON object on stdout.

Used three ways: by `swift run -c release analyzer-bench` (side-by-side figures, same run); by
`rig bench analyzer MODEL --csv FILE --reference` through `--model MODEL`, which applies a RigKit model
file's fitted preprocessing and PLS with SciPy and scikit-learn to the same spectra and times it; and
once, by hand, to compute the constants recorded in Tests/SpectralAnalyzerTests/SklearnReferenceTests.swift.
It is never a runtime dependency of RigKit.
"""
import argparse
import csv
import json
import sys
import time

import numpy as np
from scipy.signal import savgol_filter
from sklearn.cross_decomposition import PLSRegression

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def fold_assignments(count, folds, seed):
    k = max(2, min(folds, count))
    order = list(range(count))
    rng = SplitMix64(seed)
    for i in range(count - 1, 0, -1):
        j = rng.next() % (i + 1)
        order[i], order[j] = order[j], order[i]
    assignments = [0] * count
    for position, sample in enumerate(order):
        assignments[sample] = position % k
    return k, assignments


def read_csv(path, target):
    with open(path, newline="") as handle:
        rows = list(csv.reader(handle))
    header = rows[0]
    wl_columns, wavelengths, named = [], [], {}
    for index, name in enumerate(header):
        try:
            wavelengths.append(float(name))
            wl_columns.append(index)
        except ValueError:
            named[name] = index
    x = np.array([[float(row[c]) for c in wl_columns] for row in rows[1:]])
    annotations = {name: [row[c] for row in rows[1:]] for name, c in named.items()}
    return np.array(wavelengths), x, annotations[target], annotations


class Pipeline:
    def __init__(self, spec):
        self.steps = [s.strip() for s in spec.split(",") if s.strip() and s.strip() != "none"]

    def fit(self, x, wavelengths):
        self.fitted = []
        for step in self.steps:
            name, *args = step.split(":")
            if name == "range":
                low, high = (float(v) for v in args[0].split("-"))
                keep = np.where((wavelengths >= low) & (wavelengths <= high))[0]
                wavelengths = wavelengths[keep]
                fitted = ("select", keep)
            elif name == "snv":
                fitted = ("snv",)
            elif name == "msc":
                fitted = ("msc", x.mean(axis=0))
            elif name == "sg":
                window, order = int(args[0]), int(args[1])
                deriv = int(args[2]) if len(args) > 2 else 0
                fitted = ("sg", window, order, deriv)
            elif name in ("center", "centre"):
                fitted = ("center", x.mean(axis=0))
            elif name in ("autoscale", "scale"):
                sd = x.std(axis=0, ddof=1)
                fitted = ("scale", x.mean(axis=0), np.where(sd > 0, sd, 1.0))
            else:
                raise SystemExit(f"unknown step {step}")
            x = self.apply_step(fitted, x)
            self.fitted.append(fitted)
        return self

    @staticmethod
    def apply_step(fitted, x):
        kind = fitted[0]
        if kind == "select":
            return x[:, fitted[1]]
        if kind == "snv":
            sd = x.std(axis=1, ddof=1, keepdims=True)
            return (x - x.mean(axis=1, keepdims=True)) / np.where(sd > 0, sd, 1.0)
        if kind == "msc":
            ref = fitted[1]
            rc = ref - ref.mean()
            out = np.empty_like(x)
            for i, row in enumerate(x):
                slope = np.dot(rc, row - row.mean()) / np.dot(rc, rc)
                intercept = row.mean() - slope * ref.mean()
                out[i] = (row - intercept) / (slope if slope != 0 else 1.0)
            return out
        if kind == "sg":
            return savgol_filter(x, fitted[1], fitted[2], deriv=fitted[3], delta=1.0, axis=1, mode="interp")
        if kind == "center":
            return x - fitted[1]
        if kind == "scale":
            return (x - fitted[1]) / fitted[2]
        raise AssertionError(kind)

    def transform(self, x):
        for fitted in self.fitted:
            x = self.apply_step(fitted, x)
        return x


def one_hot(labels):
    classes = sorted(set(labels))
    index = {c: i for i, c in enumerate(classes)}
    y = np.zeros((len(labels), len(classes)))
    for row, label in enumerate(labels):
        y[row, index[label]] = 1.0
    return classes, np.array([index[l] for l in labels]), y


def matrix(member):
    return np.array(member["values"], dtype=float).reshape(member["rows"], member["columns"])


def model_reference(args):
    """Applies a RigKit model file (PLS) to the CSV's spectra with SciPy and scikit-learn, timed."""
    with open(args.model) as handle:
        model = json.load(handle)["model"]
    if model.get("method", "pls") != "pls":
        raise SystemExit("only PLS models have a scikit-learn counterpart")
    _, x, _, annotations = read_csv(args.csv, model["attributeName"])
    if args.where:
        column, value = args.where.split("=", 1)
        x = x[np.array(annotations[column]) == value]
    pipe = Pipeline("none")
    pipe.fitted = []
    for step in model["preprocessing"]["steps"]:
        (name, parameters), = step.items()
        if name == "columnSelection":
            pipe.fitted.append(("select", np.array(parameters["indices"])))
        elif name == "standardNormalVariate":
            pipe.fitted.append(("snv",))
        elif name == "multiplicativeScatterCorrection":
            pipe.fitted.append(("msc", np.array(parameters["reference"])))
        elif name == "savitzkyGolay":
            f = parameters["filter"]
            pipe.fitted.append(("sg", f["window"], f["polynomialOrder"], f["derivative"]))
        elif name == "centering":
            pipe.fitted.append(("center", np.array(parameters["means"])))
        elif name == "scaling":
            pipe.fitted.append(("scale", np.array(parameters["means"]), np.array(parameters["scales"])))
        else:
            raise SystemExit(f"unknown fitted step {name}")
    regression = model["regression"]
    weights, loadings, y_loadings = matrix(regression["weights"]), matrix(regression["xLoadings"]), matrix(regression["yLoadings"])
    rotations = weights @ np.linalg.inv(loadings.T @ weights)
    # A fitted scikit-learn PLSRegression holding the model file's parameters.
    pls = PLSRegression(n_components=weights.shape[1], scale=False)
    pls._x_mean = np.array(regression["xMeans"])
    pls._x_std = np.ones_like(pls._x_mean)
    pls._y_mean = np.array(regression["yMeans"])
    pls._y_std = np.ones_like(pls._y_mean)
    pls.x_rotations_ = rotations
    pls.x_loadings_ = loadings
    pls.coef_ = (rotations @ y_loadings.T).T
    pls.intercept_ = pls._y_mean
    pls._predict_1d = False
    pls.n_features_in_ = weights.shape[0]
    score_variances = np.array(regression["scoreVariances"])

    def analyze(rows):
        preprocessed = pipe.transform(rows)
        scores = pls.transform(preprocessed)
        centred = preprocessed - pls._x_mean
        t2 = np.sum(scores * scores / score_variances, axis=1)
        q = np.sum((centred - scores @ loadings.T) ** 2, axis=1)
        return pls.predict(preprocessed), t2, q

    passes = max(1, args.analyze_passes)
    one_times = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        for _ in range(passes):
            for row in x:
                analyze(row.reshape(1, -1))
        one_times.append((time.perf_counter() - start) / (len(x) * passes))
    many = np.tile(x, (max(1, args.batch_spectra // len(x)), 1))
    batch_times = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        analyze(many)
        batch_times.append((time.perf_counter() - start) / len(many))
    predicted, t2, q = analyze(x)
    return {"implementation": "scikit-learn", "version": __import__("sklearn").__version__,
            "scipy": __import__("scipy").__version__, "spectra": int(len(x)),
            "analyzeMicrosecondsPerSpectrum": 1e6 * float(np.median(one_times)),
            "batchAnalyzeMicrosecondsPerSpectrum": 1e6 * float(np.median(batch_times)),
            "predictions": [float(v) for v in predicted[:, 0]], "hotellingT2": [float(v) for v in t2],
            "qResidual": [float(v) for v in q]}


def main():
    if "--model" in sys.argv:
        parser = argparse.ArgumentParser(description="time a RigKit model file with SciPy and scikit-learn")
        parser.add_argument("--model", required=True)
        parser.add_argument("--csv", required=True)
        parser.add_argument("--where")
        parser.add_argument("--repeats", type=int, default=20)
        parser.add_argument("--analyze-passes", type=int, default=1)
        parser.add_argument("--batch-spectra", type=int, default=20000)
        json.dump(model_reference(parser.parse_args()), sys.stdout)
        print()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--csv", required=True)
    parser.add_argument("--target", required=True)
    parser.add_argument("--preprocess", default="none")
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=20250101)
    parser.add_argument("--max-components", type=int, default=15)
    parser.add_argument("--components", type=int, help="component count for the train/test split figures")
    parser.add_argument("--split-column", default="set")
    parser.add_argument("--classify", action="store_true")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--analyze-passes", type=int, default=1, help="passes over the test spectra per timed analyze repeat")
    parser.add_argument("--batch-spectra", type=int, default=20000, help="spectra in the timed vectorised batch")
    args = parser.parse_args()

    wavelengths, x, target_text, annotations = read_csv(args.csv, args.target)
    if args.classify:
        classes, truth, y = one_hot(target_text)
    else:
        y = np.array([float(v) for v in target_text]).reshape(-1, 1)
    n = x.shape[0]
    k, assignments = fold_assignments(n, args.folds, args.seed)
    assignments = np.array(assignments)

    fold_models = []
    for fold in range(k):
        train, test = np.where(assignments != fold)[0], np.where(assignments == fold)[0]
        pipe = Pipeline(args.preprocess).fit(x[train], wavelengths)
        xt = pipe.transform(x[train])
        fold_models.append((pipe, xt, train, test))
    reachable = min(min(args.max_components, len(train) - 1, xt.shape[1]) for _, xt, train, _ in fold_models)
    cv = []
    for a in range(1, reachable + 1):
        predicted = np.zeros_like(y)
        for pipe, xt, train, test in fold_models:
            model = PLSRegression(n_components=a, scale=False).fit(xt, y[train])
            predicted[test] = model.predict(pipe.transform(x[test])).reshape(len(test), -1)
        if args.classify:
            cv.append({"components": a, "accuracy": float(np.mean(predicted.argmax(axis=1) == truth))})
        else:
            residual = predicted[:, 0] - y[:, 0]
            sst = np.sum((y[:, 0] - y[:, 0].mean()) ** 2)
            cv.append({"components": a, "rmsecv": float(np.sqrt(np.mean(residual ** 2))),
                       "r2": float(1 - np.sum(residual ** 2) / sst)})
    result = {"implementation": "scikit-learn", "version": __import__("sklearn").__version__,
              "folds": k, "seed": args.seed, "crossValidation": cv}

    if args.components and args.split_column in annotations:
        split = np.array(annotations[args.split_column])
        train, test = np.where(split == "train")[0], np.where(split == "test")[0]
        pipe = Pipeline(args.preprocess).fit(x[train], wavelengths)
        xt = pipe.transform(x[train])
        fit_times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            pipe_timed = Pipeline(args.preprocess).fit(x[train], wavelengths)
            model = PLSRegression(n_components=args.components, scale=False).fit(pipe_timed.transform(x[train]), y[train])
            fit_times.append(time.perf_counter() - start)
        predict_times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            for row in x[test]:
                model.predict(pipe.transform(row.reshape(1, -1)))
            predict_times.append((time.perf_counter() - start) / len(test))
        batch_times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            model.predict(pipe.transform(x[test]))
            batch_times.append((time.perf_counter() - start) / len(test))
        # The whole analysis RigKit times: preprocessing, centring, PLS scores and prediction, T² and Q.
        x_mean, rotations, loadings = model._x_mean, model.x_rotations_, model.x_loadings_
        score_variances = np.var(model.transform(xt), axis=0, ddof=1)
        def analyze(rows):
            centred = pipe.transform(rows) - x_mean
            scores = centred @ rotations
            t2 = np.sum(scores * scores / score_variances, axis=1)
            q = np.sum((centred - scores @ loadings.T) ** 2, axis=1)
            return model.predict(pipe.transform(rows)), t2, q
        passes = max(1, args.analyze_passes)
        analyze_times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            for _ in range(passes):
                for row in x[test]:
                    analyze(row.reshape(1, -1))
            analyze_times.append((time.perf_counter() - start) / (len(test) * passes))
        many = np.tile(x[test], (max(1, args.batch_spectra // len(test)), 1))
        batch_analyze_times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            analyze(many)
            batch_analyze_times.append((time.perf_counter() - start) / len(many))
        predicted = model.predict(pipe.transform(x[test])).reshape(len(test), -1)
        split_result = {"analyzeMicrosecondsPerSpectrum": 1e6 * float(np.median(analyze_times)),
                        "batchAnalyzeMicrosecondsPerSpectrum": 1e6 * float(np.median(batch_analyze_times)),"components": args.components, "train": int(len(train)), "test": int(len(test)),
                        "fitMilliseconds": 1000 * float(np.median(fit_times)),
                        "predictMicrosecondsPerSpectrum": 1e6 * float(np.median(predict_times)),
                        "batchPredictMicrosecondsPerSpectrum": 1e6 * float(np.median(batch_times))}
        if args.classify:
            split_result["accuracy"] = float(np.mean(predicted.argmax(axis=1) == truth[test]))
        else:
            residual = predicted[:, 0] - y[test, 0]
            sst = np.sum((y[test, 0] - y[test, 0].mean()) ** 2)
            split_result["rmsep"] = float(np.sqrt(np.mean(residual ** 2)))
            split_result["r2"] = float(1 - np.sum(residual ** 2) / sst)
        result["split"] = split_result
    json.dump(result, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
