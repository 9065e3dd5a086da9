//! Real Othello games for the commands that learn from them (`ply train`, `ply book`,
//! `ply judgement`): WTHOR files or directories of them, read and replayed.

use anyhow::{Context, Result, bail};
use ply_core::record::wthor::decode_file;
use ply_core::train::othello::TrainGame;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct WthorGames {
    /// The game (only `othello`: its real games come as WTHOR files).
    pub game: String,
    /// WTHOR files (`.wtb`), or directories whose `.wtb` files are all read.
    #[arg(long = "games", required = true, num_args = 1..)]
    pub games: Vec<PathBuf>,
}

/// The games read.
pub struct Loaded {
    pub games: Vec<TrainGame>,
    /// Played out, but their stored score is not their final board's.
    pub skipped: usize,
    /// Files read.
    pub files: usize,
    /// Their names, for messages and metadata.
    pub names: String,
}

impl WthorGames {
    /// Every game of the files given; an error for another game than Othello, a file that does
    /// not read, or no game at all.
    pub fn load(&self) -> Result<Loaded> {
        if !self.game.eq_ignore_ascii_case("othello") {
            bail!(
                "{}: only othello has real games in WTHOR files to learn from",
                self.game
            );
        }
        let files = wthor_files(&self.games)?;
        let names = names(&files);
        let (games, skipped) = read_games(&files)?;
        if games.is_empty() {
            bail!("no game in {names}");
        }
        Ok(Loaded {
            games,
            skipped,
            files: files.len(),
            names,
        })
    }
}

/// The `.wtb` files of the paths given, each directory's in name order.
fn wthor_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("reading the directory {}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("wtb")))
                .collect();
            if found.is_empty() {
                bail!("{} holds no .wtb file", path.display());
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn read_games(files: &[PathBuf]) -> Result<(Vec<TrainGame>, usize)> {
    let (mut games, mut skipped) = (Vec::new(), 0);
    for file in files {
        let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
        let wthor = decode_file(&bytes).with_context(|| format!("{}", file.display()))?;
        for g in &wthor.games {
            match TrainGame::from_wthor(g, wthor.header.depth) {
                Some(t) => games.push(t),
                None => skipped += 1,
            }
        }
    }
    Ok((games, skipped))
}

fn names(files: &[PathBuf]) -> String {
    files
        .iter()
        .filter_map(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes beside the target then renames, so an interrupted run leaves no half file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = path.with_extension("partial");
    std::fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))
}
