//! Player specs: `NAME=algo=alphabeta,depth=6,ordering=history,heuristic=combine-2`, with
//! `weights=FILE.json` for a weights file and `w.FACTOR=N` to set single weights on top, or
//! `patterns=FILE.bin` for Othello pattern weights that `ply train` wrote.

use anyhow::{Context, Result, anyhow, bail};
use ply_core::Evaluator;
use ply_core::heuristic::{HasHeuristic, Weight, Weights};
use ply_core::search::{Algorithm, Ordering, OrderingConfig, SearchConfig};
use std::sync::Arc;

/// One tournament entrant.
#[derive(Clone, Debug)]
pub struct PlayerSpec {
    pub name: String,
    /// The spec text as given (shown in reports).
    pub spec: String,
    pub config: SearchConfig,
    /// The heuristic preset it starts from.
    pub preset: String,
    /// Explicit weights (a weights file and/or `w.` overrides), replacing the preset's.
    pub weights: Option<Weights>,
    /// A learned weight file (`patterns=FILE.bin`, Othello), replacing the preset.
    pub learned: Option<(String, Arc<Vec<u8>>)>,
    /// A program outside Ply that plays instead of the search (`engine=COMMAND`; see
    /// [`super::external`]); it gets `time` milliseconds a move.
    pub external: Option<String>,
    /// How the external engine is spoken to (`protocol=argv`, the default, or `nboard`).
    pub protocol: Protocol,
}

/// The protocol of an external engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// One process a move, the position on its command line ([`super::external`]).
    #[default]
    Argv,
    /// One NBoard process a game at the spec's fixed depth ([`super::nboard`]).
    NBoard,
}

const KEYS: &[&str] = &[
    "algo",
    "algorithm",
    "depth",
    "time",
    "time-ms",
    "time_ms",
    "ordering",
    "tt-mb",
    "tt",
    "heuristic",
    "preset",
    "weights",
    "patterns",
    "exact",
    "book",
    "level",
    "probcut",
    "engine",
    "threads",
    "protocol",
];

/// The most empties a spec may ask to solve exactly (about a minute with this solver).
pub const MAX_EXACT_EMPTIES: u32 = 24;

/// The search and heuristic of the apps' difficulty level `value` (1 to 10) in `game`, on a
/// device that limits nothing: what `ply play --level` and the phones play, measured as such.
fn level_engine(game: &str, value: &str) -> Result<(SearchConfig, String)> {
    use ply_app::settings::{GameKind, HeuristicChoice, search_config, settings_for_difficulty};
    let level: u8 = value
        .parse()
        .with_context(|| format!("level '{value}' is not a number 1 to 10"))?;
    let kind = match game.parse::<GameKind>() {
        Ok(kind) if !kind.is_multi_player() => kind,
        _ => bail!("{game} has no two-player levels here"),
    };
    let settings = settings_for_difficulty(kind, level).map_err(|e| anyhow!("{e}"))?;
    let config = search_config(&settings, None, &ply_app::limits::unlimited(), kind);
    let preset = match settings.heuristic {
        HeuristicChoice::Preset { name } => name,
        HeuristicChoice::CustomWeights { .. } => "default".to_string(),
    };
    Ok((config, preset))
}

fn is_key(word: &str) -> bool {
    KEYS.contains(&word) || word.starts_with("w.")
}

/// Settings every player inherits unless its spec says otherwise.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    pub depth: Option<u32>,
    pub time_ms: Option<u64>,
    pub tt_mb: usize,
}

impl PlayerSpec {
    /// Parses `NAME=SPEC` (or a bare SPEC, named after its heuristic).
    pub fn parse<G: HasHeuristic>(arg: &str, defaults: &Defaults) -> Result<PlayerSpec> {
        // `NAME=key=value,...`: the part before the first `=` is a name unless it is a key.
        let (name, spec) = match arg.split_once('=') {
            Some((name, rest)) if !name.contains(',') && !is_key(name) && rest.contains('=') => {
                (name.to_string(), rest.to_string())
            }
            _ => (String::new(), arg.to_string()),
        };
        let mut config = SearchConfig {
            algorithm: Algorithm::AlphaBeta,
            depth: defaults.depth,
            time_ms: defaults.time_ms,
            tt_bytes: defaults.tt_mb << 20,
            ..SearchConfig::default()
        };
        if defaults.time_ms.is_some() {
            config.depth = None;
        }
        let mut preset = "default".to_string();
        let mut weights: Option<Weights> = None;
        let mut overrides: Vec<(String, f32)> = Vec::new();
        let mut external: Option<String> = None;
        let mut protocol = Protocol::default();
        let mut learned: Option<(String, Arc<Vec<u8>>)> = None;
        for (i, item) in spec
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .enumerate()
        {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| anyhow!("player '{arg}': '{item}' is not key=value"))?;
            match key {
                "algo" | "algorithm" => {
                    config.algorithm = value.parse().map_err(|e| anyhow!("player '{arg}': {e}"))?
                }
                "depth" => {
                    config.depth = Some(
                        value
                            .parse()
                            .with_context(|| format!("player '{arg}': depth '{value}'"))?,
                    );
                    config.time_ms = None;
                }
                "time" | "time-ms" | "time_ms" => {
                    config.time_ms = Some(
                        value
                            .parse()
                            .with_context(|| format!("player '{arg}': time '{value}'"))?,
                    );
                    config.depth = None;
                }
                "ordering" => {
                    let names: Result<Vec<Ordering>, _> =
                        value.split('+').map(str::parse).collect();
                    let names = names.map_err(|e| anyhow!("player '{arg}': {e}"))?;
                    config.ordering = OrderingConfig::from_names(&names, None, false);
                }
                "tt-mb" | "tt" => {
                    let mb: usize = value
                        .parse()
                        .with_context(|| format!("player '{arg}': tt-mb '{value}'"))?;
                    config.tt_bytes = mb << 20;
                }
                "heuristic" | "preset" => preset = value.to_string(),
                "level" => {
                    // A level is a whole engine: keys before it would be silently replaced.
                    if i > 0 {
                        bail!("player '{arg}': level must come first (keys after it refine it)");
                    }
                    let (level_config, level_preset) =
                        level_engine(G::NAME, value).with_context(|| format!("player '{arg}'"))?;
                    config = level_config;
                    preset = level_preset;
                }
                "book" => {
                    config.book = match value {
                        "on" | "yes" | "true" | "1" => true,
                        "off" | "no" | "false" | "0" => false,
                        _ => bail!("player '{arg}': book '{value}' is not on or off"),
                    };
                }
                "probcut" => {
                    let t: f64 = value
                        .parse()
                        .with_context(|| format!("player '{arg}': probcut '{value}'"))?;
                    if !ply_core::search::probcut::is_confidence(t) {
                        bail!(
                            "player '{arg}': probcut {value}: want a confidence above 0 and at most 10 standard deviations"
                        );
                    }
                    config.probcut = Some(t);
                }
                "threads" => {
                    config.threads = value
                        .parse()
                        .ok()
                        .filter(|n| (1..=ply_core::search::smp::MAX_THREADS).contains(n))
                        .ok_or_else(|| {
                            anyhow!(
                                "player '{arg}': threads '{value}' is not a thread count from 1 to {}",
                                ply_core::search::smp::MAX_THREADS
                            )
                        })?;
                }
                "engine" => {
                    if value.trim().is_empty() {
                        bail!("player '{arg}': engine= needs a command");
                    }
                    external = Some(value.to_string());
                }
                "protocol" => {
                    protocol = match value {
                        "argv" => Protocol::Argv,
                        "nboard" => Protocol::NBoard,
                        _ => bail!("player '{arg}': protocol '{value}' is not argv or nboard"),
                    };
                }
                "exact" => {
                    config.exact_empties = value
                        .parse()
                        .with_context(|| format!("player '{arg}': exact '{value}'"))?;
                    if config.exact_empties > MAX_EXACT_EMPTIES {
                        bail!(
                            "player '{arg}': exact {value} would solve for hours; at most {MAX_EXACT_EMPTIES}"
                        );
                    }
                }
                "weights" => {
                    let text = std::fs::read_to_string(value).with_context(|| {
                        format!("player '{arg}': cannot read weights file '{value}'")
                    })?;
                    weights = Some(Weights::from_json(&text).map_err(|e| anyhow!("{value}: {e}"))?);
                }
                "patterns" => {
                    let bytes = std::fs::read(value).with_context(|| {
                        format!("player '{arg}': cannot read pattern weight file '{value}'")
                    })?;
                    learned = Some((value.to_string(), Arc::new(bytes)));
                }
                k if k.starts_with("w.") => {
                    let w: f32 = value
                        .parse()
                        .with_context(|| format!("player '{arg}': weight '{item}'"))?;
                    overrides.push((k[2..].to_string(), w));
                }
                _ => bail!(
                    "player '{arg}': unknown key '{key}' (known: level, algo, depth, time-ms, ordering, tt-mb, heuristic, exact, book, probcut, threads, engine, protocol, weights, patterns, w.FACTOR)"
                ),
            }
        }
        if !overrides.is_empty() {
            let mut w = match weights.take() {
                Some(w) => w,
                None => {
                    G::heuristic_weights(&preset).map_err(|e| anyhow!("player '{arg}': {e}"))?
                }
            };
            for (factor, value) in overrides {
                w.weights.insert(factor, Weight::Flat(value));
            }
            weights = Some(w);
        }
        let name = if name.is_empty() {
            preset.clone()
        } else {
            name
        };
        let p = PlayerSpec {
            name,
            spec,
            config,
            preset,
            weights,
            learned,
            external,
            protocol,
        };
        match (&p.external, protocol) {
            (Some(_), Protocol::Argv) if p.config.time_ms.is_none() => {
                bail!("player '{arg}': an engine= player needs time=MS (its time a move)")
            }
            (Some(_), Protocol::NBoard) if p.config.depth.is_none() => {
                bail!("player '{arg}': an NBoard engine needs depth=N (its fixed depth)")
            }
            (None, Protocol::NBoard) => {
                bail!("player '{arg}': protocol=nboard needs engine=COMMAND")
            }
            _ => {}
        }
        p.evaluator::<G>()
            .map_err(|e| anyhow!("player '{arg}': {e}"))?;
        Ok(p)
    }

    /// The evaluator this player uses.
    pub fn evaluator<G: HasHeuristic>(&self) -> Result<Arc<dyn Evaluator<G>>> {
        if let Some((path, bytes)) = &self.learned {
            return G::heuristic_from_file(bytes).map_err(|e| anyhow!("{path}: {e}"));
        }
        match &self.weights {
            Some(w) => G::heuristic_from_weights(w).map_err(|e| anyhow!("{e}")),
            None => G::heuristic(&self.preset).map_err(|e| anyhow!("{e}")),
        }
    }

    /// The weights in effect (explicit, or the preset's).
    pub fn effective_weights<G: HasHeuristic>(&self) -> Result<Weights> {
        match &self.weights {
            Some(w) => Ok(w.clone()),
            None => G::heuristic_weights(&self.preset).map_err(|e| anyhow!("{e}")),
        }
    }

    /// A copy with other weights and name (for ablation).
    pub fn with_weights(&self, name: String, weights: Weights) -> PlayerSpec {
        PlayerSpec {
            name,
            spec: format!(
                "{} (weights {})",
                self.spec,
                weights.name.clone().unwrap_or_default()
            ),
            weights: Some(weights),
            learned: None,
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::games::othello::Othello;

    const D: Defaults = Defaults {
        depth: Some(3),
        time_ms: None,
        tt_mb: 1,
    };

    #[test]
    fn specs_with_and_without_a_name() {
        let p = PlayerSpec::parse::<Othello>("algo=alphabeta,heuristic=combine-2", &D)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (p.name.as_str(), p.preset.as_str()),
            ("combine-2", "combine-2")
        );
        assert_eq!(p.config.depth, Some(3));
        let p =
            PlayerSpec::parse::<Othello>("ab6=algo=pvs,depth=6,ordering=tt+history,w.coins=2", &D)
                .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.name, "ab6");
        assert_eq!(p.config.depth, Some(6));
        assert_eq!(p.config.algorithm, Algorithm::Pvs);
        let w = p.weights.unwrap_or_default();
        assert_eq!(w.weights.get("coins"), Some(&Weight::Flat(2.0)));
        assert!(
            w.weights.contains_key("mobility"),
            "overrides start from the preset's weights"
        );
    }

    /// A level spec is the apps' level, whatever the tournament's defaults: its evaluation, its
    /// depth and time, its endgame solve.
    #[test]
    fn a_level_is_the_apps_level() {
        use ply_app::settings::{GameKind, search_config, settings_for_difficulty};
        for level in 1..=10u8 {
            let p = PlayerSpec::parse::<Othello>(&format!("L{level}=level={level}"), &D)
                .unwrap_or_else(|e| panic!("{e}"));
            let app = settings_for_difficulty(GameKind::Othello, level).expect("a level");
            let expected =
                search_config(&app, None, &ply_app::limits::unlimited(), GameKind::Othello);
            assert_eq!(p.config, expected, "level {level}");
            // Othello's level 10 deepens on time, to the device's cap (none here).
            assert_eq!(p.config.depth, app.depth.or(Some(64)), "level {level}");
            let pattern = level >= 3;
            assert_eq!(p.preset == "pattern", pattern, "level {level}");
        }
        // Keys after the level refine it.
        let p = PlayerSpec::parse::<Othello>("x=level=6,exact=0", &D).expect("spec");
        assert_eq!((p.config.depth, p.config.exact_empties), (Some(6), 0));
        let p = PlayerSpec::parse::<Othello>("x=level=6,probcut=1.5", &D).expect("spec");
        assert_eq!(p.config.probcut, Some(1.5));
        let p = PlayerSpec::parse::<Othello>("x=level=10,time-ms=300,threads=2", &D).expect("spec");
        assert_eq!((p.config.time_ms, p.config.threads), (Some(300), 2));
        assert_eq!(p.config.probcut, Some(1.5));
    }

    #[test]
    fn an_external_engine_keeps_its_command_and_time() {
        let p = PlayerSpec::parse::<Othello>("edax=engine=/opt/edax/move.sh -l 10,time=100", &D)
            .expect("spec");
        assert_eq!(p.name, "edax");
        assert_eq!(p.external.as_deref(), Some("/opt/edax/move.sh -l 10"));
        assert_eq!(p.config.time_ms, Some(100));
        assert_eq!(p.protocol, Protocol::Argv);
        let p =
            PlayerSpec::parse::<Othello>("ntest=engine=/opt/ntest,protocol=nboard,depth=16", &D)
                .expect("spec");
        assert_eq!(
            (p.external.as_deref(), p.protocol, p.config.depth),
            (Some("/opt/ntest"), Protocol::NBoard, Some(16))
        );
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (spec, needle) in [
            ("x=depth=deep", "depth"),
            ("x=colour=red", "unknown key 'colour'"),
            ("x=heuristic=nope", "nope"),
            ("x=w.cornerz=3", "cornerz"),
            ("x=weights=/no/such/file.json", "/no/such/file.json"),
            ("x=level=11", "outside 1..=10"),
            ("x=level=top", "not a number"),
            ("x=tt-mb=64,level=6", "level must come first"),
            ("x=exact=40", "at most 24"),
            ("x=probcut=-1", "above 0"),
            ("x=probcut=often", "probcut 'often'"),
            ("x=threads=0", "threads '0'"),
            ("x=threads=many", "threads 'many'"),
            ("x=engine=/bin/true", "needs time=MS"),
            (
                "x=engine=/bin/true,protocol=nboard,time=100",
                "needs depth=N",
            ),
            ("x=protocol=nboard,depth=3", "needs engine=COMMAND"),
            ("x=engine=/bin/true,protocol=uci,depth=3", "protocol 'uci'"),
        ] {
            let err = PlayerSpec::parse::<Othello>(spec, &D)
                .err()
                .map(|e| format!("{e:#}"))
                .unwrap_or_default();
            assert!(err.contains(needle), "{spec}: {err}");
        }
    }
}
