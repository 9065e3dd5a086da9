#!/usr/bin/env bash
# Makes (or reuses) a Debian trixie root with Debian's swiftlang 6.0.3, outside the checkout:
#   tests/swift/make-root.sh [ROOT]      (default ${PLY_SWIFT_ROOT:-$HOME/.cache/ply/swift-root})
# Our machines are Debian 12, whose glibc is older than trixie's Swift needs, so the compiler
# lives in a root of its own (see shared docs swift-on-linux.md). Idempotent: a root whose
# stamp file names the same package set is reused as it is; a half-made one is made again.
set -euo pipefail
ROOT=${1:-${PLY_SWIFT_ROOT:-$HOME/.cache/ply/swift-root}}
PKGS="swiftlang libc6-dev libstdc++-14-dev"
stamp="$ROOT/.ply-swift-root"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$PKGS" ] && [ -x "$ROOT/usr/libexec/swift/bin/swift" ]; then
    exit 0
fi
[ "$(id -u)" = 0 ] || { echo "make-root.sh: making the Swift root needs root (debootstrap, chroot)" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
if ! command -v debootstrap >/dev/null; then
    apt-get update -q
    apt-get install -y -q debootstrap
fi
# The machine's own Debian mirror: the first http(s) URI of its apt sources.
mirror=$(grep -h -E '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null \
    | grep -o -E 'https?://[^ ]+' | grep -v -- '-security' | head -n 1 || true)
mirror=${mirror:-http://deb.debian.org/debian}
echo "make-root.sh: debootstrap trixie into $ROOT from $mirror" >&2
umount "$ROOT/proc" 2>/dev/null || true
rm -rf "$ROOT"
mkdir -p "$(dirname "$ROOT")"
tmp="$ROOT.partial"
umount "$tmp/proc" 2>/dev/null || true
rm -rf "$tmp"
debootstrap --variant=minbase trixie "$tmp" "$mirror" >&2
cleanup() { umount "$tmp/proc" 2>/dev/null || true; }
trap cleanup EXIT
mount --bind /proc "$tmp/proc"
chroot "$tmp" apt-get update -q >&2
# shellcheck disable=SC2086
chroot "$tmp" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $PKGS >&2
chroot "$tmp" apt-get clean
umount "$tmp/proc"
trap - EXIT
echo "$PKGS" > "$tmp/.ply-swift-root"
mv "$tmp" "$ROOT"
echo "make-root.sh: made $ROOT" >&2
