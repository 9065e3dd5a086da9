#!/usr/bin/env bash
# Checks that the hand-written Swift under ios/ calls the generated PlyCore API only by names the
# generated bindings declare. Usage: tests/swift-api-check.sh [GENERATED.swift]
# (without an argument the bindings are generated into build/swift first).
# The heuristic is documented in tools/swift-check/src/api.rs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target_dir=${CARGO_TARGET_DIR:-$root/target}
bindings=${1:-}
if [ -z "$bindings" ]; then
    bash bindings/generate.sh swift build/swift
    bindings=$(find build/swift -name '*.swift' | head -n 1)
fi
mapfile -t sources < <(git ls-files -co --exclude-standard -- 'ios/*.swift' 'ios/**/*.swift' | grep -v '/Generated/' | sort -u || true)
if [ "${#sources[@]}" -eq 0 ]; then
    echo "swift-api-check: no hand-written Swift under ios/ yet" >&2
    exit 0
fi
cargo build -q -p swift-check
echo "swift-api-check: ${#sources[@]} file(s) against $bindings" >&2
"$target_dir/debug/swift-check" api "$bindings" "${sources[@]}"
