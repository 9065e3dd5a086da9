// swift-tools-version: 5.10
// PlyKit: the generated Swift bindings of the Rust core (PlyFFI) plus the little platform code the
// app core needs around it (PlyKit: the URLSession transport, the device's memory, the Keychain
// token store and the effect executor). Every decision is the core's (`AppCore`). Run ../build-xcframework.sh first: it builds PlyCore.xcframework
// (the static library with the `ply_ffiFFI` C module the generated Swift imports) and copies the
// generated PlyCore.swift into Sources/PlyFFI/.
import PackageDescription

let package = Package(
    name: "PlyKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        // PlyFFI is part of the product so the app may `import PlyFFI` for the generated types.
        .library(name: "PlyKit", targets: ["PlyKit", "PlyFFI"]),
    ],
    targets: [
        // The Rust core as a static library; its headers carry `module ply_ffiFFI`.
        .binaryTarget(name: "PlyCore", path: "../PlyCore.xcframework"),
        // The generated bindings (git-ignored; written by build-xcframework.sh, never edited).
        .target(name: "PlyFFI", dependencies: ["PlyCore"], path: "Sources/PlyFFI"),
        .target(name: "PlyKit", dependencies: ["PlyFFI"], path: "Sources/PlyKit"),
        .testTarget(name: "PlyKitTests", dependencies: ["PlyKit", "PlyFFI"], path: "Tests/PlyKitTests"),
    ]
)
