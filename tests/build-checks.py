#!/usr/bin/env python3
"""Checks of the workstation builds that this machine cannot run (no Android SDK, no Xcode).

1. Scripts that Android Studio or Xcode run (bindings/generate.sh, ios/*.sh) work in macOS's
   /bin/bash 3.2: they parse under `bash --posix -n`, use no bash 4 feature, and never expand
   an array that may be empty without the `${a[@]+"${a[@]}"}` guard (bash 3.2 under `set -u`
   stops with "unbound variable"; bash 5 here does not, so only reading the text finds it).
2. Gradle's `:app:cargoNdk` rebuilds when any file the Rust code includes changes: every
   `include_str!`/`include_bytes!` target of the crates ply-ffi compiles lies under a
   directory the task declares as an input.
3. The workspace's `rust-version` is at least what the language features in use need (let
   chains: 1.88); clippy's `incompatible_msrv` lint checks the standard library against it.

Exits 1 naming every problem, 0 otherwise; prints 'N passed, N failed'.
"""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORKSTATION_SCRIPTS = [ROOT / "bindings/generate.sh", *sorted((ROOT / "ios").glob("*.sh"))]
FFI_CRATES = ["core", "app", "bindings"]
# Bash 4+ features that bash 3.2 lacks.
BASH4 = [
    (re.compile(r"\bdeclare\s+-[a-zA-Z]*A"), "associative arrays (declare -A)"),
    (re.compile(r"\b(mapfile|readarray|coproc)\b"), "mapfile/readarray/coproc"),
    (re.compile(r"\$\{[A-Za-z_]\w*(,,|\^\^|,|\^)\}"), "case conversion ${v,,} / ${v^^}"),
    (re.compile(r"\|&"), "|& pipes"),
    (re.compile(r"&>>"), "&>> redirection"),
    (re.compile(r"\bshopt\s+-s\s+(globstar|lastpipe)"), "globstar/lastpipe"),
]

failures = []
passed = 0


def check(ok, message):
    global passed
    if ok:
        passed += 1
    else:
        failures.append(message)


def shell_checks():
    for script in WORKSTATION_SCRIPTS:
        name = script.relative_to(ROOT)
        text = script.read_text()
        parsed = subprocess.run(["bash", "--posix", "-n", str(script)], capture_output=True, text=True)
        check(parsed.returncode == 0, f"{name}: does not parse under bash --posix: {parsed.stderr.strip()}")
        code = "\n".join(line.split("#", 1)[0] if not line.lstrip().startswith("#!") else "" for line in text.splitlines())
        for pattern, what in BASH4:
            check(not pattern.search(code), f"{name}: uses {what}, which macOS's bash 3.2 lacks")
        # Arrays that may be empty: those ever assigned `()`.
        maybe_empty = set(re.findall(r"\b([A-Za-z_]\w*)=\(\s*\)", code))
        for array in sorted(maybe_empty):
            bare = re.compile(r'(?<!\+)"\$\{' + array + r'\[@\]\}"')
            for n, line in enumerate(code.splitlines(), 1):
                guarded = line.replace('${' + array + '[@]+"${' + array + '[@]}"}', "")
                check(
                    not bare.search(guarded),
                    f'{name}:{n}: "${{{array}[@]}}" may be empty: bash 3.2 with set -u stops there; '
                    f'write ${{{array}[@]+"${{{array}[@]}}"}}',
                )


def gradle_inputs():
    gradle = (ROOT / "android/app/build.gradle.kts").read_text()
    block = re.search(r"val cargoNdk by tasks\.registering.*?\n}\n", gradle, re.S)
    check(block is not None, "android/app/build.gradle.kts: no cargoNdk task found")
    if block is None:
        return
    dirs = set()
    for listing in re.findall(r"for \(dir in listOf\(([^)]*)\)\) inputs\.dir", block.group(0)):
        dirs.update(re.findall(r'"([^"]+)"', listing))
    check(dirs, "cargoNdk declares no input directories")
    included = []
    for crate in FFI_CRATES:
        for source in (ROOT / crate / "src").rglob("*.rs"):
            for target in re.findall(r'include_(?:str|bytes)!\(\s*"([^"]+)"', source.read_text()):
                included.append((source, (source.parent / target).resolve()))
    check(included, "no include_str!/include_bytes! found: the scan is broken")
    for source, target in included:
        rel = target.relative_to(ROOT)
        covered = any(str(rel).startswith(d.rstrip("/") + "/") for d in dirs)
        check(
            covered,
            f"{source.relative_to(ROOT)} includes {rel}, which no cargoNdk input covers "
            f"(inputs: {sorted(dirs)}): an edit there would ship the old text",
        )


def rust_version():
    manifest = (ROOT / "Cargo.toml").read_text()
    found = re.search(r'^rust-version\s*=\s*"(\d+)\.(\d+)', manifest, re.M)
    check(found is not None, "Cargo.toml: no rust-version")
    if found is None:
        return
    version = (int(found.group(1)), int(found.group(2)))
    uses_let_chains = False
    for crate in ROOT.glob("*/src"):
        for source in crate.rglob("*.rs"):
            if re.search(r"\bif let [^{]*\n?\s*&& ", source.read_text()):
                uses_let_chains = True
                break
    if uses_let_chains:
        check(version >= (1, 88), f"rust-version {version[0]}.{version[1]}: let chains need 1.88")


def ios_line_counts():
    """ios/README.md's tables of Swift compiled here and not give each file's lines: a count
    that drifted from the file would mislead whoever weighs what no compiler here builds."""
    readme = ROOT / "ios" / "README.md"
    rows = re.findall(r"^\| `([^`]+\.swift)` \| ([\d,]+) \|", readme.read_text(), re.M)
    check(len(rows) >= 10, f"ios/README.md: {len(rows)} Swift files with line counts, expected the tables")
    for name, count in rows:
        if "PlyFFI" in name:
            # The generated bindings exist only after a Swift run; their count is an estimate.
            continue
        path = (ROOT / "ios" / name).resolve()
        check(path.exists(), f"ios/README.md lists {name}, which does not exist")
        if not path.exists():
            continue
        lines = len(path.read_text().splitlines())
        check(
            lines == int(count.replace(",", "")),
            f"ios/README.md says {name} has {count} lines; it has {lines}",
        )
    # The totals in the prose are the tables' sums.
    def total(prefix):
        return sum(int(c.replace(",", "")) for n, c in rows if n.startswith(prefix))

    sums = re.search(r"drawing \(([\d,]+) lines\) and its tests \(([\d,]+) lines\)", readme.read_text())
    check(sums is not None, "ios/README.md: the compiled Swift's totals are not stated")
    if sums:
        for said, prefix in zip(sums.groups(), ["PlyKit/Sources/PlyKit/", "PlyKit/Tests/"]):
            check(
                int(said.replace(",", "")) == total(prefix),
                f"ios/README.md says {said} lines under {prefix}; its table adds up to {total(prefix)}",
            )


shell_checks()
gradle_inputs()
rust_version()
ios_line_counts()
for failure in failures:
    print(f"FAIL {failure}")
print(f"{passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
