#!/usr/bin/env bash
# Builds PlyCore.xcframework (the Rust core as a static library for iPhone and the simulators)
# and the generated Swift bindings that PlyKit compiles. Runs on a Mac with Xcode; see README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/ios/build"
tdir=${CARGO_TARGET_DIR:-$root/target}
gen="$root/ios/PlyKit/Sources/PlyFFI"
rm -rf "$out" "$root/ios/PlyCore.xcframework"
mkdir -p "$out/headers" "$gen"

# iPhone, the simulators (Apple silicon, Intel), and macOS (so `swift test` runs PlyKitTests on the Mac).
targets=(aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios aarch64-apple-darwin x86_64-apple-darwin)
command -v xcodebuild >/dev/null || { echo "build-xcframework.sh needs Xcode (macOS)" >&2; exit 1; }
for t in "${targets[@]}"; do
  rustup target list --installed | grep -qx "$t" || { echo "missing: rustup target add $t" >&2; exit 1; }
  cargo build --release -p ply-ffi --lib --target "$t"
done

# The simulator slices (Apple silicon and Intel) go into one fat library.
mkdir -p "$out/ios-simulator"
lipo -create \
  "$tdir"/aarch64-apple-ios-sim/release/libply_ffi.a \
  "$tdir"/x86_64-apple-ios/release/libply_ffi.a \
  -output "$out/ios-simulator/libply_ffi.a"
mkdir -p "$out/macos"
lipo -create \
  "$tdir"/aarch64-apple-darwin/release/libply_ffi.a \
  "$tdir"/x86_64-apple-darwin/release/libply_ffi.a \
  -output "$out/macos/libply_ffi.a"

# Swift bindings, C headers and module map, generated from the host library in library mode
# (never hand-edited): one Swift file and one header per crate with FFI items (ply-core's game
# kinds and transport in PlyCoreTypes.swift, ply-app's types in PlyAppTypes.swift, ply-ffi's
# exports in PlyCore.swift). Every generated file does `import ply_ffiFFI` (ffi_module_name in
# core/uniffi.toml, app/uniffi.toml and bindings/uniffi.toml); the
# xcframework's Headers/module.modulemap declares that module with every header, and
# Package.swift compiles the Swift files as the one Swift module `PlyFFI` (the app imports PlyFFI).
bash bindings/generate.sh swift "$out/swift" --release
rm -f "$gen/"*.swift
for f in "$out"/swift/*.swift; do
  grep -q '^import ply_ffiFFI' "$f" || { echo "generated $f does not import ply_ffiFFI" >&2; exit 1; }
  bash ios/import-ffi-module.sh "$f" "$gen/${f##*/}"
done
cp "$out"/swift/*.h "$out/headers/"
bash ios/write-module-map.sh "$out/headers/module.modulemap" "$out"/swift/*.modulemap

xcodebuild -create-xcframework \
  -library "$tdir/aarch64-apple-ios/release/libply_ffi.a" -headers "$out/headers" \
  -library "$out/ios-simulator/libply_ffi.a" -headers "$out/headers" \
  -library "$out/macos/libply_ffi.a" -headers "$out/headers" \
  -output "$root/ios/PlyCore.xcframework"
echo "built ios/PlyCore.xcframework and the generated Swift in ios/PlyKit/Sources/PlyFFI"
