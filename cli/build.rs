//! Stamps the build with the commit it was made from (`PLY_COMMIT`), so reports made by this
//! binary say where their figures came from wherever it runs (not only inside the repository).

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
}

fn main() {
    let commit = git(&["rev-parse", "--short=10", "HEAD"]);
    // The commit only: whether the working tree differed is not tracked (the script does not
    // rerun on every edit), and a stale "clean" or "changed" would mislead.
    let stamp = commit.unwrap_or_else(|| "unknown (built outside a git checkout)".to_string());
    println!("cargo:rustc-env=PLY_COMMIT={stamp}");
    // Rebuild the stamp when HEAD moves. Only files that exist are watched: a missing one would
    // make cargo rerun this script, and recompile the crate, on every build.
    let mut watched: Vec<PathBuf> = Vec::new();
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        watched.push(PathBuf::from(&dir).join("HEAD"));
        // Appended on every commit, checkout and pull, also where the branch's ref lives only in
        // `packed-refs` (a fresh clone) and the loose ref a commit creates is not watched.
        watched.push(PathBuf::from(&dir).join("logs").join("HEAD"));
    }
    if let (Some(common), Some(head_ref)) = (
        git(&["rev-parse", "--git-common-dir"]),
        git(&["symbolic-ref", "-q", "HEAD"]),
    ) {
        watched.push(PathBuf::from(&common).join(head_ref));
        watched.push(PathBuf::from(&common).join("packed-refs"));
    }
    for path in watched.into_iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rerun-if-changed=build.rs");
}
