#!/usr/bin/env bash
# Writes the XCFramework's module map from the ones UniFFI generates, one per crate with FFI
# items (ply-core's game kinds and transport, ply-app's types, ply-ffi's exports): one module `ply_ffiFFI` that declares every
# crate's header, since the generated Swift of every crate is compiled into one Swift module and
# imports that one C module. Without UniFFI's `use "_Builtin_stdbool"` / `use "_Builtin_stdint"`
# lines: with them, Xcode 26's explicitly built modules fail to build `ply_ffiFFI` without saying
# why, the generated Swift's `#if canImport(ply_ffiFFI)` then skips the import, and the build
# stops with hundreds of "cannot find type 'RustBuffer' in scope" errors (mozilla/uniffi-rs#2917).
# Xcode 16 builds either form.
# Usage: write-module-map.sh OUT/module.modulemap GENERATED.modulemap...
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: write-module-map.sh OUT/module.modulemap GENERATED.modulemap..." >&2; exit 2; }
out=$1
shift
headers=()
for in in "$@"; do
    grep -q '^module ply_ffiFFI ' "$in" || { echo "write-module-map.sh: $in does not declare module ply_ffiFFI" >&2; exit 1; }
    h=$(sed -n 's/^[[:space:]]*header "\([A-Za-z0-9_]*\.h\)"[[:space:]]*$/\1/p' "$in")
    [ -n "$h" ] || { echo "write-module-map.sh: $in names no header" >&2; exit 1; }
    headers+=("$h")
done
# The first map's lines, with every map's header in place of its own and no _Builtin_ line.
awk -v list="${headers[*]}" '
    /^[[:space:]]*header "/ { if (!done) { n = split(list, hs, " "); for (i = 1; i <= n; i++) printf "    header \"%s\"\n", hs[i]; done = 1 } next }
    /^[[:space:]]*use "_Builtin_[A-Za-z0-9_]*"[[:space:]]*$/ { next }
    { print }
' "$1" > "$out"
if grep -q '_Builtin_' "$out"; then
    echo "write-module-map.sh: a _Builtin_ line is left in $out" >&2
    exit 1
fi
