//! A tournament's results: the cross table (wins, draws, losses and disc/piece totals of every
//! ordered pair), Elo differences with 95% intervals, and its text, CSV and JSON forms.

use super::elo::{Elo, Wdl};
use serde::Serialize;
use std::fmt::Write;

/// One finished game of the tournament.
#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    /// Index of the player who moved first, and of the other.
    pub first: usize,
    pub second: usize,
    /// Index of the opening used (both colour assignments share it).
    pub opening: usize,
    /// Winner's player index, `None` for a draw.
    pub winner: Option<usize>,
    /// Discs (Othello) or pieces (draughts, Connect Four) on the board at the end.
    pub material_first: u32,
    pub material_second: u32,
    pub plies: u32,
    /// Moves in the game's notation, opening included.
    pub moves: String,
    /// The time the first and the second player took, as measured around each move.
    pub thinking: [Thinking; 2],
}

/// Moves chosen by one player, the wall time they took and, where measured, their CPU time
/// (on a shared machine wall time carries the load of everything else; CPU time does not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Thinking {
    pub moves: u32,
    pub total_ms: f64,
    pub max_ms: f64,
    /// Moves whose CPU time was measured.
    pub cpu_moves: u32,
    pub total_cpu_ms: f64,
    pub max_cpu_ms: f64,
}

impl Thinking {
    pub fn add(&mut self, ms: f64, cpu_ms: Option<f64>) {
        self.moves += 1;
        self.total_ms += ms;
        self.max_ms = self.max_ms.max(ms);
        if let Some(c) = cpu_ms {
            self.cpu_moves += 1;
            self.total_cpu_ms += c;
            self.max_cpu_ms = self.max_cpu_ms.max(c);
        }
    }

    pub fn merge(&mut self, other: &Thinking) {
        self.moves += other.moves;
        self.total_ms += other.total_ms;
        self.max_ms = self.max_ms.max(other.max_ms);
        self.cpu_moves += other.cpu_moves;
        self.total_cpu_ms += other.total_cpu_ms;
        self.max_cpu_ms = self.max_cpu_ms.max(other.max_cpu_ms);
    }

    /// The mean CPU time of a move, only when every move's was measured (a mean over some of
    /// them would compare unlike things).
    pub fn mean_cpu_ms(&self) -> Option<f64> {
        (self.moves > 0 && self.cpu_moves == self.moves)
            .then(|| self.total_cpu_ms / f64::from(self.moves))
    }

    pub fn mean_ms(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_ms / f64::from(self.moves)
        }
    }
}

/// Row player's results against the column player.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Cell {
    pub wdl: Wdl,
    pub material_for: u64,
    pub material_against: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct PlayerRow {
    pub name: String,
    pub spec: String,
    pub total: Wdl,
    pub material_for: u64,
    pub material_against: u64,
    /// Elo against the rest of the field taken together.
    pub elo_vs_field: Elo,
    /// Its moves' wall time over the whole tournament.
    pub thinking: Thinking,
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub game: String,
    pub settings: String,
    pub players: Vec<PlayerRow>,
    /// `cells[i * n + j]`: player i against player j.
    pub cells: Vec<Cell>,
    /// Elo of i against j with its interval, same indexing (diagonal: zero).
    pub elo: Vec<Elo>,
    pub games: Vec<GameResult>,
}

impl Report {
    pub fn new(
        game: &str,
        settings: &str,
        players: &[(String, String)],
        games: Vec<GameResult>,
    ) -> Report {
        let n = players.len();
        let mut cells = vec![Cell::default(); n * n];
        for g in &games {
            let (a, b) = (g.first, g.second);
            if a >= n || b >= n {
                continue;
            }
            let (ra, rb) = match g.winner {
                Some(w) if w == a => (Wdl::WIN, Wdl::LOSS),
                Some(_) => (Wdl::LOSS, Wdl::WIN),
                None => (Wdl::DRAW, Wdl::DRAW),
            };
            let ca = &mut cells[a * n + b];
            ca.wdl.add(ra);
            ca.material_for += g.material_first as u64;
            ca.material_against += g.material_second as u64;
            let cb = &mut cells[b * n + a];
            cb.wdl.add(rb);
            cb.material_for += g.material_second as u64;
            cb.material_against += g.material_first as u64;
        }
        let elo = cells.iter().map(|c| Elo::from_wdl(c.wdl)).collect();
        let rows = players
            .iter()
            .enumerate()
            .map(|(i, (name, spec))| {
                let mut total = Wdl::default();
                let mut thinking = Thinking::default();
                for g in &games {
                    if g.first == i {
                        thinking.merge(&g.thinking[0]);
                    }
                    if g.second == i {
                        thinking.merge(&g.thinking[1]);
                    }
                }
                let (mut mf, mut ma) = (0, 0);
                for j in 0..n {
                    if j != i {
                        let c = &cells[i * n + j];
                        total.add(c.wdl);
                        mf += c.material_for;
                        ma += c.material_against;
                    }
                }
                PlayerRow {
                    name: name.clone(),
                    spec: spec.clone(),
                    total,
                    material_for: mf,
                    material_against: ma,
                    elo_vs_field: Elo::from_wdl(total),
                    thinking,
                }
            })
            .collect();
        Report {
            game: game.to_string(),
            settings: settings.to_string(),
            players: rows,
            cells,
            elo,
            games,
        }
    }

    pub fn cell(&self, i: usize, j: usize) -> &Cell {
        &self.cells[i * self.players.len() + j]
    }

    pub fn elo(&self, i: usize, j: usize) -> Elo {
        self.elo[i * self.players.len() + j]
    }

    /// The cross table and Elo list for a terminal.
    pub fn to_text(&self) -> String {
        let n = self.players.len();
        let name_w = self
            .players
            .iter()
            .map(|p| p.name.len())
            .max()
            .unwrap_or(4)
            .max(6);
        let mut s = String::new();
        let _ = writeln!(s, "{} tournament ({})", self.game, self.settings);
        let _ = writeln!(
            s,
            "\nCross table: row against column, W-D-L (discs/pieces for:against)"
        );
        let _ = write!(s, "{:name_w$} ", "");
        for p in &self.players {
            let _ = write!(s, "| {:^22} ", p.name);
        }
        let _ = writeln!(s, "| {:^9} | {:^10}", "score", "total");
        for i in 0..n {
            let _ = write!(s, "{:name_w$} ", self.players[i].name);
            for j in 0..n {
                if i == j {
                    let _ = write!(s, "| {:^22} ", "-");
                } else {
                    let c = self.cell(i, j);
                    let text = format!(
                        "{}-{}-{} ({}:{})",
                        c.wdl.wins, c.wdl.draws, c.wdl.losses, c.material_for, c.material_against
                    );
                    let _ = write!(s, "| {text:^22} ");
                }
            }
            let p = &self.players[i];
            let _ = writeln!(
                s,
                "| {:>8.1}% | {}-{}-{}",
                100.0 * p.total.score(),
                p.total.wins,
                p.total.draws,
                p.total.losses
            );
        }
        let _ = writeln!(s, "\nElo differences (row minus column, 95% interval):");
        for i in 0..n {
            for j in (i + 1)..n {
                let c = self.cell(i, j);
                let _ = writeln!(
                    s,
                    "  {} vs {}: {:.1}% over {} games, Elo {}",
                    self.players[i].name,
                    self.players[j].name,
                    100.0 * c.wdl.score(),
                    c.wdl.games(),
                    self.elo(i, j).display()
                );
            }
        }
        let _ = writeln!(s, "\nAgainst the field:");
        for p in &self.players {
            let cpu = p
                .thinking
                .mean_cpu_ms()
                .map(|c| format!(", CPU {c:.0} ms (longest {:.0})", p.thinking.max_cpu_ms))
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "  {:name_w$} {:>5.1}% ({} games) Elo {}, {:.0} ms a move (longest {:.0}){cpu}   [{}]",
                p.name,
                100.0 * p.total.score(),
                p.total.games(),
                p.elo_vs_field.display(),
                p.thinking.mean_ms(),
                p.thinking.max_ms,
                p.spec
            );
        }
        s
    }

    /// One line per ordered pair: `player,opponent,games,wins,draws,losses,score,material_for,
    /// material_against,elo,elo_lo,elo_hi`.
    pub fn to_csv(&self) -> String {
        let mut s = String::from(
            "player,opponent,games,wins,draws,losses,score,material_for,material_against,elo,elo_lo,elo_hi\n",
        );
        let n = self.players.len();
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                let c = self.cell(i, j);
                let e = self.elo(i, j);
                let _ = writeln!(
                    s,
                    "{},{},{},{},{},{},{:.4},{},{},{:.1},{:.1},{:.1}",
                    csv_field(&self.players[i].name),
                    csv_field(&self.players[j].name),
                    c.wdl.games(),
                    c.wdl.wins,
                    c.wdl.draws,
                    c.wdl.losses,
                    c.wdl.score(),
                    c.material_for,
                    c.material_against,
                    e.diff,
                    e.lo,
                    e.hi
                );
            }
        }
        s
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first: usize, second: usize, winner: Option<usize>, mf: u32, ms: u32) -> GameResult {
        GameResult {
            first,
            second,
            opening: 0,
            winner,
            material_first: mf,
            material_second: ms,
            plies: 60,
            moves: String::new(),
            thinking: [
                Thinking {
                    moves: 30,
                    total_ms: 300.0,
                    max_ms: 20.0,
                    ..Thinking::default()
                },
                Thinking {
                    moves: 30,
                    total_ms: 600.0,
                    max_ms: 50.0,
                    ..Thinking::default()
                },
            ],
        }
    }

    #[test]
    fn cross_table_counts_both_views() {
        let players = vec![
            ("a".to_string(), "x".to_string()),
            ("b".to_string(), "y".to_string()),
        ];
        let games = vec![
            game(0, 1, Some(0), 40, 24),
            game(1, 0, Some(0), 20, 44),
            game(0, 1, None, 32, 32),
        ];
        let r = Report::new("othello", "depth 1", &players, games);
        let ab = r.cell(0, 1);
        assert_eq!((ab.wdl.wins, ab.wdl.draws, ab.wdl.losses), (2, 1, 0));
        assert_eq!(
            (ab.material_for, ab.material_against),
            (40 + 44 + 32, 24 + 20 + 32)
        );
        let ba = r.cell(1, 0);
        assert_eq!((ba.wdl.wins, ba.wdl.draws, ba.wdl.losses), (0, 1, 2));
        assert!(r.elo(0, 1).diff > 0.0 && r.elo(1, 0).diff < 0.0);
        let csv = r.to_csv();
        assert_eq!(csv.lines().count(), 3);
        assert!(csv.contains("a,b,3,2,1,0,0.8333,116,76"));
        assert!(r.to_text().contains("2-1-0 (116:76)"));
        // a moved first twice (10 ms a move) and second once (20 ms a move).
        let a = &r.players[0].thinking;
        assert_eq!((a.moves, a.total_ms, a.max_ms), (90, 1200.0, 50.0));
        assert!(
            r.to_text().contains("13 ms a move (longest 50)"),
            "{}",
            r.to_text()
        );
    }

    #[test]
    fn cpu_time_is_averaged_only_when_every_move_has_it() {
        let mut t = Thinking::default();
        t.add(100.0, Some(40.0));
        t.add(300.0, Some(80.0));
        assert_eq!(t.mean_cpu_ms(), Some(60.0));
        assert_eq!(t.max_cpu_ms, 80.0);
        let mut merged = t;
        merged.merge(&t);
        assert_eq!(merged.mean_cpu_ms(), Some(60.0));
        t.add(200.0, None);
        assert_eq!(t.mean_cpu_ms(), None, "one move's CPU time unknown");
        assert_eq!(t.mean_ms(), 200.0);
    }
}
