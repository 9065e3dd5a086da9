#!/usr/bin/env bash
# Runs every test of Ply: formatting, lints, the Rust suites, and the cross-language checks.
# Installs what it needs (Debian packages, the Kotlin compiler) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s ==\n' "$*"; }

step "cargo fmt"
cargo fmt --all -- --check

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo test"
cargo test --workspace
