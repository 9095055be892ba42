#!/bin/sh
# Regenerates the SCiO training CSVs from the simulator and retrains the shipped models with `rig model train`,
# then measures each on its held-out rows (set=test, every fourth simulated scan) with `rig bench analyzer`.
set -eu
cd "$(dirname "$0")/.."
swift build --product rig --product scio-training-data >/dev/null
bin=$(swift build --show-bin-path)
"$bin/scio-training-data" data/scio 20261130
models=Sources/ScioCloud/Models
"$bin/rig" model train --csv data/scio/fat.csv --target fat --where set=train --preprocess snv,sg:9:2:1 --confidence 0.999 \
    --name "Fat content" --unit % --scio-versions 1.2,1.3 -o "$models/own/milk-fat.json"
"$bin/rig" model train --csv data/scio/aspirin.csv --target authenticity --classify --where set=train --preprocess snv,sg:9:2:1 \
    --confidence 0.999 --name "Aspirin authenticity" --scio-versions 1.2,1.3 -o "$models/cp/aspirin-authenticity.json"
"$bin/rig" model train --csv data/scio/food.csv --target food --classify --where set=train --preprocess snv --components 5 \
    --confidence 0.999 --name "Food type" --scio-versions 1.2,1.3 -o "$models/cp/food-type.json"
for pair in own/milk-fat:fat cp/aspirin-authenticity:aspirin cp/food-type:food; do
    "$bin/rig" bench analyzer "$models/${pair%%:*}.json" --csv "data/scio/${pair##*:}.csv" --where set=test --repeats 3
done
