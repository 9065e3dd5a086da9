//! Helpers shared by the `ply` integration tests: run the binary, read its output, and a
//! temporary directory that cleans up after itself.
// Each test file compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

pub fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("run ply")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh empty directory under the system temp dir, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let dir =
            std::env::temp_dir().join(format!("ply-cli-{tag}-{}-{nanos:x}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
