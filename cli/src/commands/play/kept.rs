//! One kept unfinished game per game and mode. The app core keeps one game in progress (the
//! phones show one board), in its data directory's `game.json`; the terminal plays any of the
//! six games, so `ply play` files that one game away by its game and mode
//! (`kept/othello-computer.json`, `kept/connect4-watch.json`, ...) when a run ends, and brings
//! back the one this run plays before the core starts. A `game.json` left by an older Ply (or a
//! run that was killed) is filed the same way at the next start, so no kept game is lost.

use anyhow::{Context, Result};
use ply_app::app::PlayMode;
use ply_app::app::store::{GAME_FILE, SavedGame};
use ply_app::{GameKind, RulesVariant};
use std::fs;
use std::path::{Path, PathBuf};

const KEPT_DIR: &str = "kept";

/// The words `ply play` takes for a game: its name, and its variant where not standard.
pub fn game_word(game: GameKind, rules: RulesVariant) -> String {
    let name = game.name();
    match rules {
        RulesVariant::Standard => name.to_string(),
        variant => format!("{name} --variant {}", variant.name()),
    }
}

/// The `--mode` a mode is chosen with (`None`: the default, against the computer).
pub fn mode_word(mode: PlayMode) -> Option<&'static str> {
    match mode {
        PlayMode::VsComputer => None,
        PlayMode::TwoPlayers => Some("two-players"),
        PlayMode::ComputerVsComputer => Some("watch"),
    }
}

/// The slot's file name: the game's word and the mode's.
fn slot_file(game: GameKind, rules: RulesVariant, mode: PlayMode) -> String {
    format!(
        "{}-{}.json",
        game_word(game, rules).replace(" --variant ", "-"),
        mode_word(mode).unwrap_or("computer")
    )
}

fn slot(dir: &Path, game: GameKind, rules: RulesVariant, mode: PlayMode) -> PathBuf {
    dir.join(KEPT_DIR).join(slot_file(game, rules, mode))
}

fn read_saved(path: &Path) -> Option<SavedGame> {
    ply_app::app::store::decode(&fs::read(path).ok()?).ok()
}

/// The game, rules and mode of the game file in `path`, if it holds one that reads.
fn setup_of(path: &Path) -> Option<(GameKind, RulesVariant, PlayMode)> {
    read_saved(path).map(|saved| (saved.setup.game, saved.setup.rules, saved.setup.mode))
}

/// Files the core's game file away in its slot (a game with no move, or finished and recorded,
/// is let go). A slot already taken (an older Ply's game met a
/// newer one's) keeps its game, and the other goes beside it under a name of its own; a file
/// that does not read stays where the core will say so.
pub fn file_away(dir: &Path) -> Result<Option<PathBuf>> {
    let current = dir.join(GAME_FILE);
    let Some(saved) = read_saved(&current) else {
        return Ok(None);
    };
    // A game without a move is only its setup, and a finished one is in the history and the
    // outbox already: neither is a game to keep.
    if saved.moves.is_empty() || saved.recorded {
        fs::remove_file(&current)
            .with_context(|| format!("cannot remove {}", current.display()))?;
        return Ok(None);
    }
    let (game, rules, mode) = (saved.setup.game, saved.setup.rules, saved.setup.mode);
    let kept = dir.join(KEPT_DIR);
    fs::create_dir_all(&kept).with_context(|| format!("cannot create {}", kept.display()))?;
    let mut target = slot(dir, game, rules, mode);
    let mut n = 2;
    while target.exists() {
        target = kept.join(format!(
            "{}-{n}.json",
            slot_file(game, rules, mode).trim_end_matches(".json")
        ));
        n += 1;
    }
    fs::rename(&current, &target)
        .with_context(|| format!("cannot move {} to {}", current.display(), target.display()))?;
    // The slot's time is when its game was left, for `ply play --resume` without a game (the
    // core saves a game only when it changes).
    fs::File::options()
        .write(true)
        .open(&target)
        .and_then(|f| f.set_modified(std::time::SystemTime::now()))
        .with_context(|| format!("cannot date {}", target.display()))?;
    Ok(Some(target))
}

/// Before the core starts: whatever game file is there filed away, then the slot of `game`
/// under `rules` in `mode` made the core's game file. With `any_mode` (a `--resume` that named no mode), the
/// game's one kept slot in another mode when this mode's is empty; the mode brought back.
pub fn bring_back(
    dir: &Path,
    game: GameKind,
    rules: RulesVariant,
    mode: PlayMode,
    any_mode: bool,
) -> Result<Option<PlayMode>> {
    file_away(dir)?;
    let mut found = slot(dir, game, rules, mode).exists().then_some(mode);
    if found.is_none() && any_mode {
        let others: Vec<PlayMode> = [
            PlayMode::VsComputer,
            PlayMode::TwoPlayers,
            PlayMode::ComputerVsComputer,
        ]
        .into_iter()
        .filter(|&m| slot(dir, game, rules, m).exists())
        .collect();
        if let [only] = others.as_slice() {
            found = Some(*only);
        }
    }
    if let Some(m) = found {
        let from = slot(dir, game, rules, m);
        let to = dir.join(GAME_FILE);
        fs::rename(&from, &to)
            .with_context(|| format!("cannot move {} to {}", from.display(), to.display()))?;
    }
    Ok(found)
}

/// The kept game left last (a slot is dated when its run files it away), for a `--resume`
/// that names no game; a tie goes to the first slot by name.
pub fn most_recent(dir: &Path) -> Option<(GameKind, RulesVariant, PlayMode)> {
    let entries = fs::read_dir(dir.join(KEPT_DIR)).ok()?;
    let mut slots: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            Some((e.metadata().ok()?.modified().ok()?, e.path()))
        })
        .collect();
    // Newest first, then by name.
    slots.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    slots.iter().find_map(|(_, p)| setup_of(p))
}

/// The games kept in their slots, as (game, rules, mode), in the slots' file-name order.
pub fn kept_games(dir: &Path) -> Vec<(GameKind, RulesVariant, PlayMode)> {
    let Ok(entries) = fs::read_dir(dir.join(KEPT_DIR)) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    paths.iter().filter_map(|p| setup_of(p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_app::app::setup::Setup;

    const STANDARD: RulesVariant = RulesVariant::Standard;

    fn saved(game: GameKind, rules: RulesVariant, mode: PlayMode, moves: &[&str]) -> Vec<u8> {
        let g = SavedGame {
            setup: Setup {
                game,
                rules,
                mode,
                ..Setup::default()
            },
            moves: moves.iter().map(|m| m.to_string()).collect(),
            resigned_by: None,
            stats: Vec::new(),
            paused: false,
            recorded: false,
        };
        serde_json::to_vec(&g).expect("json")
    }

    fn temp() -> PathBuf {
        // Tests run in parallel threads of one process: the counter keeps their directories apart
        // where the clock would not.
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "ply-kept-{}-{}-{n}",
            std::process::id(),
            ply_core::record::now_ms()
        ));
        fs::create_dir_all(&dir).expect("dir");
        dir
    }

    #[test]
    fn each_game_and_mode_has_its_slot_and_an_old_single_file_is_filed_not_lost() {
        let dir = temp();
        // An older Ply's one kept game: Othello against the computer.
        let othello = saved(GameKind::Othello, STANDARD, PlayMode::VsComputer, &["f5"]);
        fs::write(dir.join(GAME_FILE), &othello).expect("write");
        // Connect Four finds its slot empty and the Othello game filed away.
        let back = bring_back(
            &dir,
            GameKind::ConnectFour,
            STANDARD,
            PlayMode::VsComputer,
            false,
        )
        .expect("bring back");
        assert_eq!(back, None);
        assert!(!dir.join(GAME_FILE).exists());
        assert_eq!(
            fs::read(dir.join("kept/othello-computer.json")).expect("filed"),
            othello
        );
        // A game without a move is not kept.
        fs::write(
            dir.join(GAME_FILE),
            saved(GameKind::Focus, STANDARD, PlayMode::VsComputer, &[]),
        )
        .expect("write");
        assert_eq!(file_away(&dir).expect("file away"), None);
        assert!(!dir.join(GAME_FILE).exists());
        // A Connect Four game played and left; then Othello comes back.
        let c4 = saved(
            GameKind::ConnectFour,
            STANDARD,
            PlayMode::ComputerVsComputer,
            &["4"],
        );
        fs::write(dir.join(GAME_FILE), &c4).expect("write");
        let back = bring_back(
            &dir,
            GameKind::Othello,
            STANDARD,
            PlayMode::VsComputer,
            false,
        )
        .expect("bring back");
        assert_eq!(back, Some(PlayMode::VsComputer));
        assert_eq!(fs::read(dir.join(GAME_FILE)).expect("back"), othello);
        assert_eq!(
            kept_games(&dir),
            [(
                GameKind::ConnectFour,
                STANDARD,
                PlayMode::ComputerVsComputer
            )]
        );
        // A resume that names no mode finds the game's one slot in another mode.
        file_away(&dir).expect("file away");
        let back = bring_back(
            &dir,
            GameKind::ConnectFour,
            STANDARD,
            PlayMode::VsComputer,
            true,
        )
        .expect("bring back");
        assert_eq!(back, Some(PlayMode::ComputerVsComputer));
        assert_eq!(fs::read(dir.join(GAME_FILE)).expect("back"), c4);
        // A slot already taken keeps its game; the other goes beside it.
        let other = saved(GameKind::Othello, STANDARD, PlayMode::VsComputer, &["d3"]);
        fs::write(dir.join(GAME_FILE), &other).expect("write");
        file_away(&dir).expect("file away");
        assert_eq!(
            fs::read(dir.join("kept/othello-computer.json")).expect("slot"),
            othello
        );
        assert_eq!(
            fs::read(dir.join("kept/othello-computer-2.json")).expect("beside"),
            other
        );
        fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn relaxed_draughts_has_its_own_slot_and_an_old_file_of_it_is_filed_there() {
        let dir = temp();
        // An older Ply wrote the game and its rules as one name.
        let old = String::from_utf8(saved(
            GameKind::Draughts,
            STANDARD,
            PlayMode::VsComputer,
            &["11-15"],
        ))
        .expect("utf-8")
        .replace(
            r#""game":"checkers","rules":"standard""#,
            r#""game":"RelaxedDraughts""#,
        );
        assert!(old.contains("RelaxedDraughts"), "{old}");
        fs::write(dir.join(GAME_FILE), &old).expect("write");
        file_away(&dir).expect("file away");
        assert!(dir.join("kept/checkers-relaxed-computer.json").exists());
        assert_eq!(
            kept_games(&dir),
            [(
                GameKind::Draughts,
                RulesVariant::Relaxed,
                PlayMode::VsComputer
            )]
        );
        // The standard rules' slot is another.
        let back = bring_back(
            &dir,
            GameKind::Draughts,
            STANDARD,
            PlayMode::VsComputer,
            false,
        )
        .expect("bring back");
        assert_eq!(back, None);
        let back = bring_back(
            &dir,
            GameKind::Draughts,
            RulesVariant::Relaxed,
            PlayMode::VsComputer,
            false,
        )
        .expect("bring back");
        assert_eq!(back, Some(PlayMode::VsComputer));
        assert_eq!(fs::read_to_string(dir.join(GAME_FILE)).expect("back"), old);
        fs::remove_dir_all(&dir).expect("clean up");
    }
}
