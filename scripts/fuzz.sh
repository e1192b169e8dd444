#!/usr/bin/env bash
# Fuzzes the environment parsers with clang's libFuzzer (+ AddressSanitizer, UBSan):
#   scripts/fuzz.sh [SECONDS]       (default 60; needs clang: apt-get install clang)
# The same target runs without libFuzzer in the test suite's sanitizer build (tests/fuzz/).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=build-fuzz
mkdir -p "$out/corpus"
clang++ -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -Isrc/core -Isrc/util -Iinclude tests/fuzz/fuzz_parse.cpp src/util/parse.cpp src/core/config.cpp -o "$out/fuzz_parse"
"$out/fuzz_parse" -max_total_time="$seconds" -print_final_stats=1 "$out/corpus" 2>&1 | tail -n 12
