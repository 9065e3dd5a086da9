#!/usr/bin/env bash
# Writes the XCFramework's module map from the one UniFFI generates, without its
# `use "_Builtin_stdbool"` / `use "_Builtin_stdint"` lines: with them, Xcode 26's explicitly built
# modules fail to build `ply_ffiFFI` without saying why, the generated Swift's
# `#if canImport(ply_ffiFFI)` then skips the import, and the build stops with hundreds of
# "cannot find type 'RustBuffer' in scope" errors (mozilla/uniffi-rs#2917). Xcode 16 builds
# either form. Usage: write-module-map.sh GENERATED.modulemap OUT/module.modulemap
set -euo pipefail
in=$1 out=$2
grep -q '^module ply_ffiFFI ' "$in" || { echo "write-module-map.sh: $in does not declare module ply_ffiFFI" >&2; exit 1; }
grep -q 'header "ply_ffiFFI.h"' "$in" || { echo "write-module-map.sh: $in names no ply_ffiFFI.h header" >&2; exit 1; }
sed '/^[[:space:]]*use "_Builtin_[A-Za-z0-9_]*"[[:space:]]*$/d' "$in" > "$out"
if grep -q '_Builtin_' "$out"; then
    echo "write-module-map.sh: a _Builtin_ line is left in $out" >&2
    exit 1
fi
