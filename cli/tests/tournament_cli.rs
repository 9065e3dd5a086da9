//! `ply tournament` at a tiny size: every game is counted once for each side, the cross table
//! is consistent, and bad player specs are refused.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{ply, text};
use std::path::PathBuf;

fn wdl(v: &serde_json::Value) -> [u64; 3] {
    ["wins", "draws", "losses"].map(|k| v[k].as_u64().unwrap_or_else(|| panic!("{k} in {v}")))
}

#[test]
fn three_player_tournament_adds_up() {
    let json = std::env::temp_dir().join(format!("ply-cli-tournament-{}.json", std::process::id()));
    let json_s = json.to_string_lossy().into_owned();
    let o = ply(&[
        "tournament",
        "connect4",
        "--player",
        "a=algo=alphabeta,depth=1",
        "--player",
        "b=algo=alphabeta,depth=3",
        "--player",
        "c=algo=pvs,depth=2",
        "--games",
        "4",
        "--quiet",
        "--json",
        &json_s,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("Cross table"), "{out}");
    let body = std::fs::read_to_string(&json).expect("tournament json");
    let _ = std::fs::remove_file(PathBuf::from(&json));
    let v: serde_json::Value = serde_json::from_str(&body).expect("json");
    assert_eq!(v["game"], "connect4");
    let players = v["players"].as_array().expect("players");
    assert_eq!(players.len(), 3);
    let n = players.len();
    let cells = v["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), n * n);
    for (i, p) in players.iter().enumerate() {
        // Four games against each of the two others.
        assert_eq!(wdl(&p["total"]).iter().sum::<u64>(), 8, "{p}");
        let mut sum = [0; 3];
        for j in 0..n {
            let cell = wdl(&cells[i * n + j]["wdl"]);
            let mirror = wdl(&cells[j * n + i]["wdl"]);
            // Row i against column j is column j against row i seen from the other side.
            assert_eq!(cell, [mirror[2], mirror[1], mirror[0]], "{i} vs {j}");
            if i == j {
                assert_eq!(cell, [0, 0, 0]);
            } else {
                assert_eq!(cell.iter().sum::<u64>(), 4, "{i} vs {j}");
            }
            for k in 0..3 {
                sum[k] += cell[k];
            }
        }
        assert_eq!(sum, wdl(&p["total"]), "{p}");
    }
    let wins: u64 = players.iter().map(|p| wdl(&p["total"])[0]).sum();
    let losses: u64 = players.iter().map(|p| wdl(&p["total"])[2]).sum();
    assert_eq!(wins, losses);
}

#[test]
fn bad_player_specs_are_refused() {
    let o = ply(&[
        "tournament",
        "othello",
        "--player",
        "a=algo=wizardry",
        "--player",
        "b=algo=alphabeta",
        "--games",
        "2",
        "--quiet",
    ]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("wizardry"), "{}", text(&o.stderr));
}
