#!/usr/bin/env bash
# Generates the Kotlin or Swift bindings of ply-ffi in library mode (from the compiled library's
# metadata, with bindings/uniffi.toml), so they always match the library that ships.
# Never edit the output: change the Rust exports and run this again.
#
#   bindings/generate.sh kotlin|swift OUT_DIR [--release]
#
# Builds ply-ffi (debug unless --release) and writes the bindings into OUT_DIR.
set -euo pipefail
usage() { echo "usage: $0 kotlin|swift OUT_DIR [--release]" >&2; exit 2; }
[ $# -ge 2 ] || usage
lang=$1
out=$2
profile=debug
cargo_flags=()
if [ "${3:-}" = "--release" ]; then profile=release; cargo_flags=(--release); fi
case "$lang" in kotlin|swift) ;; *) usage ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# One feature set for the library and the generator, so cargo builds ply-ffi once.
# `${a[@]+"${a[@]}"}`: macOS's bash 3.2 under `set -u` calls an empty array unbound.
cargo build -q -p ply-ffi --features bindgen --lib --bin uniffi-bindgen ${cargo_flags[@]+"${cargo_flags[@]}"}
target_dir=${CARGO_TARGET_DIR:-$root/target}
case "$(uname -s)" in
    Darwin) lib="$target_dir/$profile/libply_ffi.dylib" ;;
    *) lib="$target_dir/$profile/libply_ffi.so" ;;
esac
[ -f "$lib" ] || { echo "generate.sh: $lib was not built" >&2; exit 1; }
mkdir -p "$out"
cargo run -q -p ply-ffi --features bindgen --bin uniffi-bindgen ${cargo_flags[@]+"${cargo_flags[@]}"} -- generate --library "$lib" \
    --language "$lang" --out-dir "$out" --no-format
echo "generated $lang bindings from $lib into $out" >&2
