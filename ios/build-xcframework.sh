#!/usr/bin/env bash
# Builds PlyCore.xcframework (the Rust core as a static library for iPhone and the simulators)
# and the generated Swift bindings that PlyKit compiles. Runs on a Mac with Xcode; see README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/ios/build"
gen="$root/ios/PlyKit/Sources/PlyFFI"
rm -rf "$out" "$root/ios/PlyCore.xcframework"
mkdir -p "$out/headers" "$gen"

targets=(aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios)
for t in "${targets[@]}"; do
  cargo build --release -p ply-ffi --target "$t"
done

# The simulator slices (Apple silicon and Intel) go into one fat library.
mkdir -p "$out/ios-simulator"
lipo -create \
  target/aarch64-apple-ios-sim/release/libply_ffi.a \
  target/x86_64-apple-ios/release/libply_ffi.a \
  -output "$out/ios-simulator/libply_ffi.a"

# Swift bindings, C header and module map, generated from the built library (never hand-edited).
cargo build --release -p ply-ffi
bash bindings/generate.sh swift "$out/swift"
cp "$out/swift/"*.swift "$gen/"
cp "$out/swift/"*.h "$out/headers/"
cat "$out/swift/"*.modulemap > "$out/headers/module.modulemap"

xcodebuild -create-xcframework \
  -library target/aarch64-apple-ios/release/libply_ffi.a -headers "$out/headers" \
  -library "$out/ios-simulator/libply_ffi.a" -headers "$out/headers" \
  -output "$root/ios/PlyCore.xcframework"
echo "built ios/PlyCore.xcframework and ios/PlyKit/Sources/PlyFFI/*.swift"
