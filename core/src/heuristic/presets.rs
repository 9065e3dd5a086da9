//! Named presets: weights with their provenance, one list per game.

use crate::heuristic::HeuristicError;
use crate::heuristic::weights::{Weight, Weights};

/// A named set of weights and where it comes from.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    pub name: &'static str,
    /// Where the factors and weights come from (paper, experiment, our tuning).
    pub provenance: &'static str,
    /// `(factor, opening, midgame, endgame)`; equal numbers mean a flat weight.
    pub weights: &'static [(&'static str, f32, f32, f32)],
    /// Factor parameters (draughts `king_value`).
    pub params: &'static [(&'static str, f32)],
}

impl Preset {
    pub fn weights(&self, game: &str) -> Weights {
        let mut w = Weights {
            game: Some(game.to_string()),
            name: Some(self.name.to_string()),
            ..Weights::default()
        };
        for &(factor, o, m, e) in self.weights {
            let weight = if o == m && m == e {
                Weight::Flat(m)
            } else {
                Weight::Phased {
                    opening: o,
                    midgame: m,
                    endgame: e,
                }
            };
            w.weights.insert(factor.to_string(), weight);
        }
        for &(k, v) in self.params {
            w.params.insert(k.to_string(), v);
        }
        w
    }
}

/// Looks a preset up by name in `list`; the error names every preset there is.
pub fn find<'a>(list: &'a [Preset], name: &str) -> Result<&'a Preset, HeuristicError> {
    list.iter()
        .find(|p| p.name == name)
        .ok_or_else(|| HeuristicError::UnknownPreset {
            name: name.to_string(),
            known: list.iter().map(|p| p.name).collect::<Vec<_>>().join(", "),
        })
}

const fn flat(f: &'static str, w: f32) -> (&'static str, f32, f32, f32) {
    (f, w, w, w)
}

/// Our default: weights learned by logistic regression (`ply tune othello --phased`) from 600
/// self-play games of the hand-tuned preset at depth 4 (8-ply random openings, seed 1), then
/// checked by tournament: 72.8% against the hand-tuned preset over 200 games at depth 6.
/// Opening, midgame and endgame weights are interpolated by disc count.
pub const OTHELLO_DEFAULT: Preset = Preset {
    name: "default",
    provenance: "learned by ply tune (logistic regression, per phase) from self-play of hand-tuned; all factors of Sannidhanam & Annamalai plus frontier, both square tables and parity",
    weights: &[
        ("corners", 6.3, 5.3, 7.9),
        ("potential_corners", 5.2, 7.5, 5.8),
        ("unlikely_corners", 6.3, 0.4, 2.4),
        ("mobility", 12.4, 8.9, 0.2),
        ("potential_mobility", 10.7, 1.1, -2.7),
        ("frontier", 12.4, 15.6, 13.5),
        ("stability", -4.0, 9.2, 31.3),
        ("stable_discs", 6.8, 7.0, -0.6),
        ("table_99", 6.0, 5.2, 10.2),
        ("table_100", 8.2, 4.9, -5.5),
        ("coins", 4.1, 5.1, 15.6),
        ("edge_access", -1.4, 4.2, 2.8),
        ("parity", -0.2, -0.4, 0.8),
    ],
    params: &[],
};

/// Our hand-tuned weights, the starting point of the learned default: mobility and corner
/// access dominate the opening and midgame, stability and discs the endgame, the
/// 100/-20/10/5/-50/-2/-1 table discourages giving corners away early.
pub const OTHELLO_HAND_TUNED: Preset = Preset {
    name: "hand-tuned",
    provenance: "Ply's own hand tuning by tournament (issue 4): 73% against combine-2 and 99% against static-table over 400 games at depth 6",
    weights: &[
        flat("corners", 30.0),
        flat("potential_corners", 10.0),
        ("mobility", 10.0, 10.0, 4.0),
        ("potential_mobility", 6.0, 5.0, 1.0),
        ("frontier", 4.0, 3.0, 0.0),
        ("stability", 4.0, 8.0, 10.0),
        ("table_100", 5.0, 3.0, 0.0),
        ("coins", 0.0, 0.0, 10.0),
        ("parity", 0.0, 0.0, 2.0),
    ],
    params: &[],
};

/// The factors of the 2019 Scout-versus-alpha-beta Othello paper, which takes the four
/// heuristic families of Sannidhanam & Annamalai (coin parity, mobility, corners, stability)
/// and sums them unweighted.
pub const OTHELLO_PAPER_2019: Preset = Preset {
    name: "paper-2019",
    provenance: "2019 Scout vs alpha-beta Othello paper: coin parity + mobility + corners + stability (Sannidhanam & Annamalai's four heuristics), equal weights",
    weights: &[
        flat("coins", 1.0),
        flat("mobility", 1.0),
        flat("corners", 1.0),
        flat("stability", 1.0),
    ],
    params: &[],
};

/// The second combination of the heuristics paper's experiments: corners 10, coins 4,
/// mobility 5, stability 7.
pub const OTHELLO_COMBINE_2: Preset = Preset {
    name: "combine-2",
    provenance: "heuristic paper's combination experiment (issue 4): corners 10, coins 4, mobility 5, stability 7",
    weights: &[
        flat("corners", 10.0),
        flat("coins", 4.0),
        flat("mobility", 5.0),
        flat("stability", 7.0),
    ],
    params: &[],
};

/// Korman's published static square-weight table alone (99/-8/8/6/-24/-4/-3/7/4/0).
pub const OTHELLO_STATIC_TABLE: Preset = Preset {
    name: "static-table",
    provenance: "static square-weight table 99/-8/8/6/-24/-4/-3/7/4/0 (Korman 2003)",
    weights: &[flat("table_99", 1.0)],
    params: &[],
};

/// The other published square-weight table (100/-20/10/5/-50/-2/-1) alone.
pub const OTHELLO_STATIC_TABLE_100: Preset = Preset {
    name: "static-table-100",
    provenance: "classic square-weight table 100/-20/10/5/-50/-2/-1",
    weights: &[flat("table_100", 1.0)],
    params: &[],
};

/// Coin parity alone (Sannidhanam & Annamalai's "coin parity").
pub const OTHELLO_COINS: Preset = Preset {
    name: "coins",
    provenance: "Sannidhanam & Annamalai 2004: coin parity",
    weights: &[flat("coins", 1.0)],
    params: &[],
};

/// The corner heuristic: captured corners, potential corners (legal now) and unlikely
/// corners, weighted in that order of importance.
pub const OTHELLO_CORNERS: Preset = Preset {
    name: "corners",
    provenance: "Sannidhanam & Annamalai 2004: corners captured, potential and unlikely",
    weights: &[
        flat("corners", 4.0),
        flat("potential_corners", 2.0),
        flat("unlikely_corners", 1.0),
    ],
    params: &[],
};

/// Mobility: actual mobility plus potential mobility.
pub const OTHELLO_MOBILITY: Preset = Preset {
    name: "mobility",
    provenance: "Sannidhanam & Annamalai 2004: actual and potential mobility",
    weights: &[flat("mobility", 2.0), flat("potential_mobility", 1.0)],
    params: &[],
};

/// Stability: stable +1, semi-stable 0, unstable -1.
pub const OTHELLO_STABILITY: Preset = Preset {
    name: "stability",
    provenance: "Sannidhanam & Annamalai 2004: stability (stable 1, semi-stable 0, unstable -1)",
    weights: &[flat("stability", 1.0)],
    params: &[],
};

/// Othello presets, `default` first.
pub const OTHELLO: &[Preset] = &[
    OTHELLO_DEFAULT,
    OTHELLO_HAND_TUNED,
    OTHELLO_PAPER_2019,
    OTHELLO_COMBINE_2,
    OTHELLO_STATIC_TABLE,
    OTHELLO_STATIC_TABLE_100,
    OTHELLO_COINS,
    OTHELLO_CORNERS,
    OTHELLO_MOBILITY,
    OTHELLO_STABILITY,
];

/// Connect Four default: threats matter most, the odd/even rule decides who profits from them,
/// open windows and the centre column steer the opening.
pub const CONNECT4_DEFAULT: Preset = Preset {
    name: "default",
    provenance: "Ply's own weighting of Allis' threat analysis (odd/even threats) and the open-window count of the Connect Four heuristic papers",
    weights: &[
        flat("windows_two", 2.0),
        flat("windows_three", 5.0),
        flat("threats", 4.0),
        flat("immediate_threats", 8.0),
        flat("odd_even_threats", 6.0),
        ("centre", 4.0, 2.0, 0.0),
    ],
    params: &[],
};

/// Open windows of two and three only (the window-counting heuristic of the Connect Four papers).
pub const CONNECT4_WINDOWS: Preset = Preset {
    name: "windows",
    provenance: "Connect Four heuristic papers: open windows of two (1) and three (3)",
    weights: &[flat("windows_two", 1.0), flat("windows_three", 3.0)],
    params: &[],
};

/// Threats only, with Allis' odd/even rule.
pub const CONNECT4_THREATS: Preset = Preset {
    name: "threats",
    provenance: "Allis 1988: threats and the odd/even threat rule",
    weights: &[
        flat("threats", 1.0),
        flat("immediate_threats", 2.0),
        flat("odd_even_threats", 2.0),
    ],
    params: &[],
};

/// Centre-column control alone.
pub const CONNECT4_CENTRE: Preset = Preset {
    name: "centre",
    provenance: "centre-column control (the classic first heuristic of Connect Four programs)",
    weights: &[flat("centre", 1.0)],
    params: &[],
};

/// Connect Four presets, `default` first.
pub const CONNECT4: &[Preset] = &[
    CONNECT4_DEFAULT,
    CONNECT4_WINDOWS,
    CONNECT4_THREATS,
    CONNECT4_CENTRE,
];

/// Draughts default: material first, then the positional terms of Samuel's checkers player.
pub const DRAUGHTS_DEFAULT: Preset = Preset {
    name: "default",
    provenance: "Ply's own weighting: material (man 1, king 2 as in the draughts framework) plus Samuel-style advancement, back-row guard, centre, mobility, runaways and exchanges",
    weights: &[
        flat("material", 20.0),
        ("advancement", 0.5, 1.0, 2.0),
        ("back_row", 3.0, 2.0, 0.0),
        ("centre", 2.0, 2.0, 1.0),
        flat("mobility", 2.0),
        flat("runaway", 4.0),
        flat("exchange", 3.0),
    ],
    params: &[("king_value", 2.0)],
};

/// Material only, man 1 and king 2: the evaluation of the draughts framework used in the
/// History-ADS experiments.
pub const DRAUGHTS_MATERIAL: Preset = Preset {
    name: "material",
    provenance: "draughts framework of the History-ADS experiments: material, man 1, king 2",
    weights: &[flat("material", 1.0)],
    params: &[("king_value", 2.0)],
};

/// Positional terms without material (for ablation and tuning experiments).
pub const DRAUGHTS_POSITIONAL: Preset = Preset {
    name: "positional",
    provenance: "Samuel 1959 positional terms: advancement, back row, centre, mobility",
    weights: &[
        flat("advancement", 1.0),
        flat("back_row", 1.0),
        flat("centre", 1.0),
        flat("mobility", 1.0),
    ],
    params: &[],
};

/// Draughts presets, `default` first.
pub const DRAUGHTS: &[Preset] = &[DRAUGHTS_DEFAULT, DRAUGHTS_MATERIAL, DRAUGHTS_POSITIONAL];

/// Virus Game default: squares held, the evaluation of Polk and Oommen's Virus experiments.
pub const VIRUS_DEFAULT: Preset = Preset {
    name: "default",
    provenance: "Polk and Oommen's Virus Game: the squares a player holds",
    weights: &[flat("squares", 1.0)],
    params: &[],
};

/// Squares held plus room to spread (Ply's own, for comparison).
pub const VIRUS_FRONTIER: Preset = Preset {
    name: "frontier",
    provenance: "Ply's own: squares held plus half a point per empty square the player can infect next",
    weights: &[flat("squares", 1.0), flat("frontier", 0.5)],
    params: &[],
};

pub const VIRUS: &[Preset] = &[VIRUS_DEFAULT, VIRUS_FRONTIER];

/// Focus default: stacks controlled plus reserve pieces, what a player can still move with (the
/// measure behind the game's end, and the core of the BRS papers' Focus evaluation).
pub const FOCUS_DEFAULT: Preset = Preset {
    name: "default",
    provenance: "the multi-player search papers' Focus measure (Schadd and Winands; Nijssen and Winands): stacks controlled and reserve pieces, weighted equally",
    weights: &[flat("stacks", 1.0), flat("reserve", 1.0)],
    params: &[],
};

/// Captures counted too (the research setups end Focus on a capture count).
pub const FOCUS_CAPTURES: Preset = Preset {
    name: "captures",
    provenance: "Ply's own: the default plus opponents' pieces captured, since the research setups end Focus when a player has captured enough",
    weights: &[
        flat("stacks", 1.0),
        flat("reserve", 1.0),
        flat("captured", 1.0),
    ],
    params: &[],
};

pub const FOCUS: &[Preset] = &[FOCUS_DEFAULT, FOCUS_CAPTURES];

/// Chinese Checkers default: progress towards the target, the single-agent distance evaluation
/// of Sturtevant and of the Maastricht multi-player papers.
pub const CHINESE_CHECKERS_DEFAULT: Preset = Preset {
    name: "default",
    provenance: "Sturtevant; Schadd and Winands; Nijssen and Winands: the distance a player's pieces still have to go to the target (here as progress, 140 minus the summed steps to the target's tip)",
    weights: &[flat("progress", 1.0)],
    params: &[],
};

/// Progress with a bonus for pieces home and a penalty for the last piece left behind.
pub const CHINESE_CHECKERS_NO_STRAGGLERS: Preset = Preset {
    name: "no-stragglers",
    provenance: "Ply's own: progress, plus 2 per piece in the target and 2 per step the hindmost piece has made (a piece left behind costs many moves at the end)",
    weights: &[
        flat("progress", 1.0),
        flat("home", 2.0),
        flat("hindmost", 2.0),
    ],
    params: &[],
};

pub const CHINESE_CHECKERS: &[Preset] = &[CHINESE_CHECKERS_DEFAULT, CHINESE_CHECKERS_NO_STRAGGLERS];
