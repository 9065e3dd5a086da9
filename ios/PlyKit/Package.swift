// swift-tools-version: 6.0
// PlyKit: the generated Swift bindings of the Rust core (PlyFFI) plus the plain Swift around them
// (PlyKit: the app model that owns the `AppCore` and performs its effects, the Apple services'
// protocols, the board's geometry and drawing steps, the URLSession transport, the device's
// facts). Every decision is the core's (`AppCore`).
// Tools 6.0 (Xcode 16 and 26): every target compiles in the Swift 6 language mode, with complete
// concurrency checking.
//
// On a Mac, run ../build-xcframework.sh first: it builds PlyCore.xcframework (the static library
// with the `ply_ffiFFI` C module the generated Swift imports) and copies the generated
// PlyCore.swift into Sources/PlyFFI/. On Linux, tests/swift.sh writes the same generated Swift
// there and the generated header with its module map into Sources/PlyCoreLinux/, links against
// the Rust core built for Linux (libply_ffi.so) and runs `swift test`: the same sources.
import PackageDescription

#if os(Linux)
// The C module `ply_ffiFFI` (the generated header and module map, git-ignored); the library is
// linked by PlyFFI below, and found through the -L/rpath that tests/swift.sh passes.
let core: Target = .systemLibrary(name: "PlyCore", path: "Sources/PlyCoreLinux")
#else
// The Rust core as a static library; its headers carry `module ply_ffiFFI`.
let core: Target = .binaryTarget(name: "PlyCore", path: "../PlyCore.xcframework")
#endif

let package = Package(
    name: "PlyKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        // PlyFFI is part of the product so the app may `import PlyFFI` for the generated types.
        .library(name: "PlyKit", targets: ["PlyKit", "PlyFFI"]),
    ],
    targets: [
        core,
        // The generated bindings (git-ignored; written by build-xcframework.sh or tests/swift.sh,
        // never edited).
        .target(name: "PlyFFI", dependencies: ["PlyCore"], path: "Sources/PlyFFI",
                linkerSettings: [.linkedLibrary("ply_ffi", .when(platforms: [.linux]))]),
        .target(name: "PlyKit", dependencies: ["PlyFFI"], path: "Sources/PlyKit"),
        .testTarget(name: "PlyKitTests", dependencies: ["PlyKit", "PlyFFI"], path: "Tests/PlyKitTests"),
    ]
)
