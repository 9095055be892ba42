#!/bin/sh
# Writes the NIR data sets shipped by Debian's r-cran-pls as CSV files under data/nir/.
# Needs Rscript and the pls package: apt-get install -y r-cran-pls
set -eu
cd "$(dirname "$0")/.."
mkdir -p data/nir
Rscript --vanilla - <<'RSCRIPT'
suppressPackageStartupMessages(library(pls))
options(digits = 15)

write_spectra <- function(path, targets, nir, wavelengths) {
  table <- data.frame(targets, nir, check.names = FALSE)
  colnames(table) <- c(colnames(targets), format(wavelengths, trim = TRUE, scientific = FALSE))
  write.table(table, path, sep = ",", row.names = FALSE, quote = FALSE)
}

data(gasoline)
gasoline_nm <- as.numeric(sub(" nm$", "", colnames(gasoline$NIR)))
# No split ships with gasoline; the pls vignette trains on the first 50 samples and tests on the last 10.
gasoline_set <- ifelse(seq_len(nrow(gasoline$NIR)) <= 50, "train", "test")
write_spectra("data/nir/gasoline.csv",
              data.frame(octane = gasoline$octane, set = gasoline_set),
              unclass(gasoline$NIR), gasoline_nm)

data(yarn)
# The source gives no wavelength axis for yarn; the columns are channel numbers 1..268.
write_spectra("data/nir/yarn.csv",
              data.frame(density = yarn$density, set = ifelse(yarn$train, "train", "test")),
              unclass(yarn$NIR), seq_len(ncol(yarn$NIR)))

data(mayonnaise)
# 351 wavelengths, 1100-2500 nm in 4 nm steps; oil.type is a code 1..6 whose oil names the source does not map.
write_spectra("data/nir/mayonnaise.csv",
              data.frame(oil = paste0("oil", mayonnaise$oil.type),
                         set = ifelse(mayonnaise$train, "train", "test")),
              unclass(mayonnaise$NIR), seq(1100, 2500, by = 4))
RSCRIPT
echo "wrote data/nir/gasoline.csv data/nir/yarn.csv data/nir/mayonnaise.csv"
