#!/usr/bin/env bash
# Makes (or reuses) a Debian trixie root with Debian's swiftlang 6.0.3, outside the checkout:
#   tests/swift/make-root.sh [ROOT]      (default ${PLY_SWIFT_ROOT:-$HOME/.cache/ply/swift-root})
# Our machines are Debian 12, whose glibc is older than trixie's Swift needs, so the compiler
# lives in a root of its own (see shared docs swift-on-linux.md). Idempotent: a root whose
# stamp file names the same package set is reused as it is; a half-made one is made again.
# Two callers at once (two checkouts' test runs) take turns on a lock file beside the root
# (ROOT.make.lock): the second waits while the first makes it, then finds it made.
set -euo pipefail
ROOT=${1:-${PLY_SWIFT_ROOT:-$HOME/.cache/ply/swift-root}}
PKGS="swiftlang libc6-dev libstdc++-14-dev"
stamp="$ROOT/.ply-swift-root"
ready() { [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$PKGS" ] && [ -x "$ROOT/usr/libexec/swift/bin/swift" ]; }
ready && exit 0
mkdir -p "$(dirname "$ROOT")"
# Not the lock tests/swift.sh holds while it uses the root (ROOT.lock): a run using an old root
# must not keep another from making it. The lock is released when this script exits.
exec 8>"$ROOT.make.lock"
if ! flock -n 8; then
    echo "make-root.sh: another run is making $ROOT; waiting for it" >&2
    flock 8
fi
ready && exit 0
[ "$(id -u)" = 0 ] || { echo "make-root.sh: making the Swift root needs root (debootstrap, chroot)" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
if ! command -v debootstrap >/dev/null; then
    apt-get -o DPkg::Lock::Timeout=600 update -q
    apt-get -o DPkg::Lock::Timeout=600 install -y -q debootstrap
fi
# The machine's own Debian mirror: the first http(s) URI of its apt sources.
mirror=$(grep -h -E '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null \
    | grep -o -E 'https?://[^ ]+' | grep -v -- '-security' | head -n 1 || true)
mirror=${mirror:-http://deb.debian.org/debian}
echo "make-root.sh: debootstrap trixie into $ROOT from $mirror" >&2
# A root of another package set is replaced: wait until no tests/swift.sh run uses it (they hold
# ROOT.lock while their bind mounts are up), and never remove through a mount (a checkout bound
# into the root by a run that was killed): rm -rf would delete the checkout's files.
exec 7>"$ROOT.lock"
flock 7
umount "$ROOT/proc" "$ROOT.partial/proc" 2>/dev/null || true
for dir in "$ROOT" "$ROOT.partial"; do
    if awk -v d="$dir/" 'index($2, d) == 1 { found = 1 } END { exit !found }' /proc/self/mounts; then
        echo "make-root.sh: something is still mounted under $dir (see /proc/self/mounts); unmount it first" >&2
        exit 1
    fi
done
rm -rf "$ROOT"
tmp="$ROOT.partial"
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
