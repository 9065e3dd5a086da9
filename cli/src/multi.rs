//! The multi-player research games (the Virus Game, Focus, Chinese Checkers) in `ply perft`,
//! `ply show` and `ply search`: the position from `--position` or a start for `--players`, and
//! the multi-player engines (Paranoid, Max-N, Best-Reply Search, MCTS) with their orderings.
//! `ply play` plays them through the app core, as the apps do (`commands::play`).

use crate::commands::search::EngineArgs;
use crate::games::GameArgs;
use anyhow::{Context, Result, anyhow, bail};
use ply_core::Game;
use ply_core::games::GameKind;
use ply_core::games::chinese_checkers::{ChineseCheckers, ChineseCheckersConfig, GoalRule};
use ply_core::games::focus::Focus;
use ply_core::games::virus::{Virus, VirusConfig};
use ply_core::heuristic::Weights;
use ply_core::heuristic::multi::{MultiFactors, WeightedMulti};
use ply_core::search::StopToken;
use ply_core::search::config::AdsUpdate;
use ply_core::search::multi::mcts::MultiMcts;
use ply_core::search::multi::{
    HistoryAds, LeafValue, MultiAlgorithm, MultiConfig, MultiEvaluator, MultiGame, MultiOrdering,
    MultiResult, search_multi,
};
use serde_json::json;
use std::io::Write;

/// A seat as `ply play` and the apps name it: its colour and its letter on the board.
fn seat_name(p: u8) -> String {
    const COLOURS: [&str; 6] = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];
    let letter = char::from(b'A' + p.min(25));
    match COLOURS.get(usize::from(p)) {
        Some(colour) => format!("{colour} ({letter})"),
        None => letter.to_string(),
    }
}

/// The position the arguments name.
pub fn virus(args: &GameArgs) -> Result<Virus> {
    if args.variant != "standard" {
        bail!(
            "virus has no variant '{}': its rules are in --position",
            args.variant
        );
    }
    match &args.position {
        Some(text) => {
            let pos = Virus::parse_position(text)
                .map_err(|e| anyhow!("{e}"))
                .with_context(|| format!("bad --position for virus: '{text}'"))?;
            if let Some(n) = args.players.filter(|&n| n != pos.players()) {
                bail!(
                    "--players {n} disagrees with the position, which seats {}",
                    pos.players()
                );
            }
            Ok(pos)
        }
        None => Virus::new(VirusConfig {
            players: args.players.unwrap_or(GameKind::Virus.default_players()),
            ..VirusConfig::default()
        })
        .map_err(|e| anyhow!("virus: {e}")),
    }
}

/// The Focus position the arguments name: `--position`, or the start for `--players`.
pub fn focus(args: &GameArgs) -> Result<Focus> {
    if args.variant != "standard" {
        bail!("focus has no variant '{}'", args.variant);
    }
    match &args.position {
        Some(text) => {
            let pos = Focus::parse_position(text)
                .map_err(|e| anyhow!("{e}"))
                .with_context(|| format!("bad --position for focus: '{text}'"))?;
            if let Some(n) = args.players.filter(|&n| usize::from(n) != pos.players()) {
                bail!(
                    "--players {n} disagrees with the position, which seats {}",
                    pos.players()
                );
            }
            Ok(pos)
        }
        None => Focus::new(args.players.unwrap_or(GameKind::Focus.default_players()))
            .map_err(|e| anyhow!("focus: {e}")),
    }
}

/// The Chinese Checkers position the arguments name: `--position`, or the start for
/// `--players` under the rules `--variant` names.
pub fn chinese_checkers(args: &GameArgs) -> Result<ChineseCheckers> {
    let (rule, lock) = match args.variant.strip_suffix("+lock") {
        Some(rule) => (rule, true),
        None => (args.variant.as_str(), false),
    };
    let goal_rule = match rule {
        "standard" | "fill" => GoalRule::Filled,
        "classic" | "own" => GoalRule::OwnPieces,
        other => bail!(
            "chinese-checkers has no variant '{other}' (standard: a filled target with one own piece wins; classic: all ten own pieces; either with +lock)"
        ),
    };
    match &args.position {
        Some(text) => {
            if args.variant != "standard" {
                bail!("--variant and --position together: the position names its own rules");
            }
            let pos = ChineseCheckers::parse_position(text)
                .map_err(|e| anyhow!("{e}"))
                .with_context(|| format!("bad --position for chinese-checkers: '{text}'"))?;
            if let Some(n) = args.players.filter(|&n| n != pos.players()) {
                bail!(
                    "--players {n} disagrees with the position, which seats {}",
                    pos.players()
                );
            }
            Ok(pos)
        }
        None => ChineseCheckers::new(ChineseCheckersConfig {
            players: args
                .players
                .unwrap_or(GameKind::ChineseCheckers.default_players()),
            goal_rule,
            goal_lock: lock,
            turn_limit: 0,
        })
        .map_err(|e| anyhow!("chinese-checkers: {e}")),
    }
}

/// A multi-player game's start from the command line: its position, players and rules.
pub trait FromGameArgs: Sized {
    fn from_args(args: &GameArgs) -> Result<Self>;
}

impl FromGameArgs for Virus {
    fn from_args(args: &GameArgs) -> Result<Self> {
        virus(args)
    }
}

impl FromGameArgs for Focus {
    fn from_args(args: &GameArgs) -> Result<Self> {
        focus(args)
    }
}

impl FromGameArgs for ChineseCheckers {
    fn from_args(args: &GameArgs) -> Result<Self> {
        chinese_checkers(args)
    }
}

/// The refusal of a two-player game where only the multi-player ones are meant.
fn not_multi(kind: GameKind) -> anyhow::Error {
    anyhow!("{kind} is a two-player game, not a multi-player one")
}

pub fn perft(kind: GameKind, args: &GameArgs, depth: u32, divide: bool) -> Result<u64> {
    ply_core::with_game_kind!(kind,
        multi_player G => Ok(perft_of(&G::from_args(args)?, depth, divide)),
        two m => Err(not_multi(m)))
}

fn perft_of<G: Game>(pos: &G, depth: u32, divide: bool) -> u64 {
    if !(divide && depth > 0 && pos.outcome().is_none()) {
        return ply_core::perft(pos, depth);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        let mut child = *pos;
        child.play(mv);
        let n = ply_core::perft(&child, depth - 1);
        println!("{} {n}", pos.format_move(mv));
        total += n;
    }
    total
}

pub fn show(kind: GameKind, args: &GameArgs, moves: Option<&str>) -> Result<()> {
    use crate::commands::show::after_moves;
    // A list that names its players (`4 players: ...`) seats them when --players does not.
    let mut args = args.clone();
    if args.players.is_none() && args.position.is_none() {
        let named = moves.and_then(|m| ply_core::record::read_move_list(kind, m).players);
        args.players = named.and_then(|n| u8::try_from(n).ok());
    }
    let given = args.position.is_some();
    ply_core::with_game_kind!(kind,
        multi_player G => show_of(&after_moves(kind, G::from_args(&args)?, given, moves)?),
        two m => Err(not_multi(m)))
}

fn show_of<G: MultiGame>(pos: &G) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", pos.render().trim_end_matches('\n'))?;
    writeln!(out, "position: {}", pos.format_position())?;
    match pos.outcome() {
        Some(outcome) => writeln!(out, "game over: {outcome:?}")?,
        None => {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let names: Vec<String> = moves.iter().map(|m| pos.format_move(*m)).collect();
            let out_of_game: Vec<String> = (0..pos.players() as u8)
                .filter(|&p| !pos.is_active(p))
                .map(seat_name)
                .collect();
            writeln!(
                out,
                "{} to move; legal moves: {}{}",
                seat_name(pos.side_to_move()),
                names.join(" "),
                if out_of_game.is_empty() {
                    String::new()
                } else {
                    format!("; out: {}", out_of_game.join(" "))
                }
            )?;
        }
    }
    Ok(())
}

/// The multi-player engine the options describe. `--ordering` takes static, killer, history,
/// ads-mtf, ads-transpose, threat-ads (Move-to-Front) and threat-ads-transpose; `tt` is accepted
/// and means nothing here (these engines keep no table).
pub fn config(engine: &EngineArgs) -> Result<MultiConfig> {
    let algorithm = match engine
        .algo
        .as_deref()
        .unwrap_or("brs")
        .to_ascii_lowercase()
        .as_str()
    {
        "paranoid" => MultiAlgorithm::Paranoid,
        "maxn" | "max-n" => MultiAlgorithm::MaxN,
        "brs" | "best-reply" => MultiAlgorithm::BestReply,
        "mcts" => MultiAlgorithm::Mcts,
        other => bail!(
            "--algo {other} is a two-player engine; the multi-player games take paranoid, maxn, brs or mcts"
        ),
    };
    let depth = engine.depth.unwrap_or(4);
    if depth == 0 {
        bail!("--depth must be at least 1");
    }
    let mut ordering = MultiOrdering::default();
    let mut history_ads = None;
    let mut threat_ads = None;
    let ads = |update| HistoryAds {
        update,
        limit: engine.ads_limit,
        per_level: engine.ads_per_level,
        per_player: false,
    };
    for name in engine
        .ordering
        .split([',', '+'])
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        match name {
            "none" | "tt" => {}
            "static" => ordering.static_order = true,
            "killer" | "killers" => ordering.killers = true,
            "history" => ordering.history = true,
            "ads" | "ads-mtf" => history_ads = Some(ads(AdsUpdate::MoveToFront)),
            "ads-transpose" => history_ads = Some(ads(AdsUpdate::Transposition)),
            "threat-ads" | "threat-ads-mtf" => threat_ads = Some(AdsUpdate::MoveToFront),
            "threat-ads-transpose" => threat_ads = Some(AdsUpdate::Transposition),
            other => bail!(
                "--ordering: '{other}' is not a multi-player ordering (static, killer, history, ads-mtf, ads-transpose, threat-ads, threat-ads-transpose)"
            ),
        }
    }
    Ok(MultiConfig {
        algorithm,
        depth,
        pruning: true,
        history_ads,
        threat_ads,
        time_ms: engine.time_ms,
        ordering,
        mcts: MultiMcts {
            playouts: engine.playouts.unwrap_or(if engine.time_ms.is_some() {
                u64::MAX
            } else {
                10_000
            }),
            exploration: engine.exploration,
            seed: engine.seed,
            ..MultiMcts::default()
        },
        leaf: LeafValue::Absolute,
    })
}

/// The evaluation `--heuristic` names: a preset, `factor=weight,...`, or a JSON weights file.
pub fn evaluator<G: MultiFactors>(text: &str) -> Result<WeightedMulti<G>> {
    let weights = if text.contains('=') {
        Weights::parse_list(text).map_err(|e| anyhow!("--heuristic: {e}"))?
    } else if text.ends_with(".json") {
        let json = std::fs::read_to_string(text)
            .with_context(|| format!("--heuristic: cannot read weights file {text}"))?;
        Weights::from_json(&json).map_err(|e| anyhow!("--heuristic {text}: {e}"))?
    } else {
        return WeightedMulti::preset(text).map_err(|e| anyhow!("--heuristic: {e}"));
    };
    WeightedMulti::new(&weights).map_err(|e| anyhow!("--heuristic: {e}"))
}

pub fn search(kind: GameKind, args: &GameArgs, engine: &EngineArgs, as_json: bool) -> Result<()> {
    let config = config(engine)?;
    let h = engine.heuristic.as_str();
    ply_core::with_game_kind!(kind,
        multi_player G => report(&G::from_args(args)?, &evaluator(h)?, &config, as_json),
        two m => Err(not_multi(m)))
}

fn report<G: MultiGame>(
    pos: &G,
    eval: &dyn MultiEvaluator<G>,
    config: &MultiConfig,
    as_json: bool,
) -> Result<()> {
    let r: MultiResult<G::Move> = search_multi(pos, eval, config, &StopToken::new());
    let best = r.best_move.map(|m| pos.format_move(m));
    let per_player = matches!(
        config.algorithm,
        MultiAlgorithm::MaxN | MultiAlgorithm::Mcts
    );
    let mut out = std::io::stdout().lock();
    if as_json {
        let mut v = json!({
            "best_move": best,
            "player": pos.side_to_move(),
            "algorithm": match config.algorithm {
                MultiAlgorithm::Paranoid => "paranoid",
                MultiAlgorithm::MaxN => "maxn",
                MultiAlgorithm::BestReply => "brs",
                MultiAlgorithm::Mcts => "mcts",
            },
            "depth": config.depth,
            "nodes": r.nodes,
            "cutoffs": r.cutoffs,
            "time_ms": r.time_ms,
            "completed": r.completed,
        });
        // Paranoid and BRS value the position for the root player alone; Max-N and MCTS give
        // every player's.
        if per_player {
            v["scores"] = json!(r.values.iter().take(pos.players()).collect::<Vec<_>>());
        } else {
            v["score"] = json!(r.value);
        }
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
    } else {
        let value = if per_player {
            format!(
                "values {}",
                r.values
                    .iter()
                    .take(pos.players())
                    .enumerate()
                    .map(|(p, v)| format!("{} {v}", seat_name(p as u8)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        } else {
            format!(
                "value {} for player {}",
                r.value,
                seat_name(pos.side_to_move())
            )
        };
        writeln!(
            out,
            "best move {} ({value})\nnodes {}, cutoffs {}, {:.1} ms{}",
            best.as_deref().unwrap_or("none (the game is over)"),
            r.nodes,
            r.cutoffs,
            r.time_ms,
            if r.completed { "" } else { ", stopped early" }
        )?;
    }
    Ok(())
}
