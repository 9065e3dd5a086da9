#!/usr/bin/env bash
# Copies the generated Swift bindings with their `#if canImport(ply_ffiFFI)` guard around
# `import ply_ffiFFI` removed, so the import is unconditional: when the C module cannot be built,
# Xcode then names that module's own error at the import instead of skipping it and failing
# with hundreds of "cannot find type 'RustBuffer' in scope" errors. Our package always ships the
# module (the XCFramework's module map), so the guard's other case never applies.
# Usage: import-ffi-module.sh GENERATED.swift OUT.swift
set -euo pipefail
in=$1 out=$2
guard='#if canImport(ply_ffiFFI)'
[ "$(grep -c -x -F "$guard" "$in" || true)" = 1 ] || { echo "import-ffi-module.sh: $in has not exactly one '$guard'" >&2; exit 1; }
# Drop the guard line and the `#endif` that closes it (the first after it, right after the import).
awk -v guard="$guard" '
    $0 == guard { skip_endif = 1; next }
    skip_endif && $0 == "#endif" { skip_endif = 0; next }
    { print }
' "$in" > "$out"
if grep -q 'canImport(ply_ffiFFI)' "$out" || ! grep -q -x 'import ply_ffiFFI' "$out"; then
    echo "import-ffi-module.sh: $out kept the guard or lost the import" >&2
    exit 1
fi
