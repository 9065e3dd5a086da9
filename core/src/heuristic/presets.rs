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

/// Our tuned default: mobility and corner access dominate the opening and midgame, stability
/// and discs the endgame; the X/C-square table discourages giving corners away early.
/// Tuned by `ply tournament` at depth 6 against `combine-2` and `static-table` (README).
pub const OTHELLO_DEFAULT: Preset = Preset {
    name: "default",
    provenance: "Ply's own tuning by tournament (issue 4), from the factors of Sannidhanam & Annamalai plus frontier, square table and parity",
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
    OTHELLO_PAPER_2019,
    OTHELLO_COMBINE_2,
    OTHELLO_STATIC_TABLE,
    OTHELLO_STATIC_TABLE_100,
    OTHELLO_COINS,
    OTHELLO_CORNERS,
    OTHELLO_MOBILITY,
    OTHELLO_STABILITY,
];
