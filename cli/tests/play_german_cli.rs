//! `ply play --lang de` says everything in German: scripted games of all six games (help, bad
//! and illegal moves, a hint, undo, resigning, the review, the history, the settings, kept
//! games and `--resume`, watching the computer) print no English text of the catalog. The
//! English texts are read from the catalog itself (`app/locales/en/app.ftl`), so a message added
//! there is checked without changing this test.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Interactive, ply_with_stdin, stderr, stdout, temp_dir};
use ply_app::i18n::{FluentArgs, Lang};
use std::collections::BTreeSet;
use std::time::Duration;

/// Stands for every variable when a message is formatted: what lies between two of them is
/// the message's own text.
const HOLE: &str = "\u{1}";

fn formatted(lang: Lang, id: &str, vars: &BTreeSet<String>) -> String {
    let mut args = FluentArgs::new();
    for v in vars {
        args.set(v.clone(), HOLE);
    }
    lang.format(id, Some(&args))
}

/// The words `play` reads, the same in every language: typed, not shown as text.
const COMMANDS: [&str; 16] = [
    "undo", "redo", "hint", "resign", "pause", "resume", "new", "review", "history", "settings",
    "moves", "board", "stacks", "help", "quit", "pass",
];

/// The English texts a German screen must not show: every piece of every English message
/// between its variables that has a word in it (three letters or more) and that the German
/// message does not also use (game names such as Othello are the same in both); a piece that
/// is only a command's name is the command.
fn english_texts() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let english = Lang::En
        .catalog_messages()
        .unwrap_or_else(|e| panic!("{e}"));
    for (id, vars) in english {
        let english = formatted(Lang::En, &id, &vars);
        let german = formatted(Lang::De, &id, &vars);
        for line in english.split('\n') {
            for piece in line.split(HOLE) {
                let piece = piece.trim();
                let has_word = piece
                    .split(|c: char| !c.is_alphabetic())
                    .any(|w| w.chars().count() >= 3);
                let bare = piece.trim_matches(|c: char| !c.is_alphanumeric());
                if has_word && !german.contains(piece) && !COMMANDS.contains(&bare) {
                    out.push((id.clone(), piece.to_owned()));
                }
            }
        }
    }
    out
}

/// Whether `text` is in `line` as whole words (`red` is not in `redo`).
fn has_words(line: &str, text: &str) -> bool {
    line.match_indices(text).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let after = line[i + text.len()..].chars().next();
        // An option name (`--depth`) is typed, not text: `-` joins a word.
        let word_char = |c: char| c.is_alphanumeric() || c == '-';
        let word_edge = |c: Option<char>, inner: Option<char>| {
            c.is_none_or(|c| !word_char(c)) || inner.is_none_or(|c| !word_char(c))
        };
        word_edge(before, text.chars().next()) && word_edge(after, text.chars().next_back())
    })
}

/// The English texts of the catalog in `output`: (message id, text, the line it is on). The
/// echo of a typed line (`> hint`) is what the person typed.
fn english_in(output: &str, english: &[(String, String)]) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    // The move list after "Züge: " is the game's transcript (PDN's tags in draughts), no text.
    let moves_vars: BTreeSet<String> = ["moves".to_string()].into();
    let german_moves = formatted(Lang::De, "play-moves", &moves_vars);
    let moves_prefix = german_moves.split(HOLE).next().unwrap_or("").to_string();
    for line in output
        .lines()
        .filter(|l| !l.starts_with("> ") && !l.starts_with(&moves_prefix))
    {
        for (id, text) in english {
            if has_words(line, text) {
                found.push((id.clone(), text.clone(), line.to_owned()));
            }
        }
    }
    found
}

/// Per game: moves that fail to parse, and moves that parse but are not legal at the start.
fn bad_moves(game: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match game {
        "othello" => (&["zz9", "f55"], &["a1", "d4", "pass"]),
        "connect4" => (&["9", "-1", "4x"], &[]),
        "checkers" => (
            &["33-1", "11-", "-5", "11x15-19", "1-5-9"],
            &["1-5", "22-18", "11x18"],
        ),
        "virus" => (&["z1", "a99"], &["a1", "pass"]),
        "focus" => (&["zz", "c3", "z9-a1", "+z9"], &["a1-a2", "c3-c9", "+c3"]),
        "chinese-checkers" => (&["z1-a1", "d2e6"], &["a1-b1", "pass", "e5-e6"]),
        other => panic!("no bad moves for {other}"),
    }
}

/// A game against the computer: every command, bad and illegal moves, one legal move (the
/// first listed), then undo, resign and what follows a finished game; then `quit`.
fn scripted_game(game: &str, dir: &str, lang: &str) -> String {
    let mut p = Interactive::start(&[
        "play",
        game,
        "--level",
        "1",
        "--lang",
        lang,
        "--data-dir",
        dir,
    ]);
    let legal_prefix = if lang == "de" {
        "Mögliche Züge: "
    } else {
        "Legal moves: "
    };
    let first_legal = |p: &mut Interactive| loop {
        let Some(line) = p.next_line(Duration::from_secs(60)) else {
            panic!("no legal moves listed:\n{}", p.transcript)
        };
        if let Some(moves) = line.strip_prefix(legal_prefix) {
            break moves.split_whitespace().next().expect("a move").to_string();
        }
    };
    let first = first_legal(&mut p);
    let (unreadable, illegal) = bad_moves(game);
    let long_line = "x".repeat(70);
    let mut script: Vec<&str> = vec!["help"];
    script.extend_from_slice(unreadable);
    script.extend_from_slice(illegal);
    script.extend_from_slice(&[
        "hint",
        "undoo",
        "frobnicate",
        &long_line,
        "review",
        "review #99",
        "review #x",
        "review x",
        "review 3",
        "stacks",
        "pause",
        "resume",
        "settings",
        "history",
        "moves",
        "board",
        &first,
    ]);
    for line in &script {
        p.send(line);
    }
    // The computer has answered (or the next person's turn is listed) before undo.
    first_legal(&mut p);
    for line in [
        "hint",
        "undo",
        "redo",
        "resign",
        "resign",
        "hint",
        "review",
        "review 1",
        "history",
        "review #1",
        "review 1",
        "new",
    ] {
        p.send(line);
    }
    let (status, out) = p.finish();
    assert!(status.success(), "{out}");
    out
}

/// Kept games and `--resume`: a game left unfinished, refused without `--resume`, resumed
/// with options it ignores, and a resume with nothing kept.
fn kept_and_resumed(dir: &str) -> String {
    let mut all = String::new();
    let mut run = |args: &[&str], input: &str, ok: bool| {
        let mut argv = vec!["play"];
        argv.extend_from_slice(args);
        argv.extend_from_slice(&["--lang", "de", "--data-dir", dir]);
        let o = ply_with_stdin(&argv, input);
        let (out, err) = (stdout(&o), stderr(&o));
        assert_eq!(o.status.success(), ok, "{argv:?}\n{out}\n{err}");
        all.push_str(&out);
        all.push_str(&err);
    };
    run(&["othello", "--level", "1"], "f5\nquit\n", true);
    run(&["connect4", "--level", "1"], "4\n", true);
    run(&["othello"], "", false);
    run(
        &["othello", "--resume", "--level", "3"],
        "moves\nquit\n",
        true,
    );
    run(&["virus", "--resume", "--depth", "3"], "quit\n", true);
    run(&["othello", "--new", "--time-ms", "250"], "quit\n", true);
    run(&["checkers", "--depth", "30"], "quit\n", true);
    run(&["othello", "--depth", "30"], "quit\n", true);
    run(&["othello", "--depth", "2"], "quit\n", true);
    // Options refused before a game starts (checked before the kept game is).
    for refused in [
        &["othello", "--algo", "minimax"][..],
        &["othello", "--algo", "negamax"],
        &["othello", "--ordering", "random"],
        &["othello", "--side", "left"],
        &["othello", "--mode", "watch", "--side", "first"],
        &["othello", "--depth", "0"],
        &["othello", "--time-ms", "0"],
        &["othello", "--variant", "relaxed"],
        &["othello", "--heuristic", "nope"],
        &["othello", "--players", "3"],
        &["othello", "--server", "ftp://x"],
        &["connect4", "--position", "4448"],
        &["virus", "--seats", "h,robot"],
        &["virus", "--mode", "watch"],
        &["virus", "--variant", "big"],
        &["virus", "--algo", "maxn"],
        &["virus", "--players", "5"],
        &["virus", "--players", "3", "--seats", "h,c"],
        &["virus", "--players", "2", "--seats", "h"],
    ] {
        run(refused, "", false);
    }
    all
}

#[test]
fn every_text_of_play_in_german_comes_from_the_catalog() {
    let english = english_texts();
    assert!(english.len() > 300, "{} English texts", english.len());
    let dir = temp_dir("play-german");
    let d = dir.path().to_string_lossy().into_owned();
    let mut output = String::new();
    for game in [
        "othello",
        "connect4",
        "checkers",
        "virus",
        "focus",
        "chinese-checkers",
    ] {
        output.push_str(&scripted_game(game, &d, "de"));
    }
    output.push_str(&kept_and_resumed(&d));
    // The computer against itself, paused and resumed.
    let o = ply_with_stdin(
        &[
            "play",
            "connect4",
            "--mode",
            "watch",
            "--level",
            "1",
            "--pace",
            "fast",
            "--lang",
            "de",
            "--data-dir",
            &d,
        ],
        "pause\nresume\nhint\n4\nquit\n",
    );
    output.push_str(&stdout(&o));
    output.push_str(&stderr(&o));

    let found = english_in(&output, &english);
    assert!(
        found.is_empty(),
        "English on a German screen:\n{}\n\n{output}",
        found
            .iter()
            .map(|(id, text, line)| format!("{id}: '{text}' in '{line}'"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The script reached what it meant to: each of these is a German text of the catalog.
    for german in [
        "Gib help ein, um die Befehle zu sehen.",
        "undo, redo      einen Zug zurücknehmen",
        "Mögliche Züge: ",
        "ist kein Befehl: meintest du undo?",
        "Zeichen lang: kein Zug und kein Befehl ist länger als 64.",
        "Bewertet wird eine beendete Partie",
        "Nur Focus hat Stapel.",
        "Stapel, von unten nach oben:",
        "Einstellungen:",
        "Beendete Partien, die neueste zuerst:",
        "Züge: ",
        "Computer: ",
        "Partie vorbei: ",
        "Keine Ungenauigkeit, kein Fehler, kein Patzer.",
        "Die Zahl nach jedem Zug ist das erwartete Ergebnis",
        "In einer Partie mit mehreren Spielern gibt es kein Aufgeben",
        "kein Feld: erwartet wird ein Linienbuchstabe",
        "a1 dreht für Schwarz keinen Stein um",
        "d4 ist besetzt",
        "keine Spalte: ein Zug ist eine Ziffer 1-7",
        "hier kein möglicher Zug",
        "ist kein Loch",
        "eine offene Partie othello ist in ",
        "Die gespeicherte Partie wird mit ihren eigenen Einstellungen fortgesetzt: --level 3",
        "Ebenfalls gespeichert: ",
        "Keine offene Partie zum Fortsetzen: eine neue beginnt.",
        "--time-ms 250: Stufe 2 (bis 400 ms je Zug)",
        "--depth 30: die stärkste Stufe sucht",
        "Tschüss.",
        "--algo minimax ist ein Vergleichsmaßstab der Forschung",
        "unbekannter Algorithmus --algo „negamax“",
        "unbekannte Zugsortierung --ordering „random“",
        "unbekannte Seite --side „left“",
        "passt nicht zu --mode watch",
        "Fehler: --depth muss mindestens 1 sein",
        "--time-ms muss mindestens 1 sein",
        "Othello hat keine Regelvariante „relaxed“",
        "unbekannte Bewertung --heuristic „nope“ für Othello",
        "--seats und --players gelten für die Spiele mit mehr als zwei Spielern",
        "--server: Die Adresse muss mit http:// oder https:// beginnen",
        "--position „4448“: keine Spalte",
        "--seats: Platz 2 ist „robot“",
        "--mode gilt für die Spiele zu zweit",
        "hat keine Variante „big“",
        "ply play spielt Virus wie die Apps: Best-Reply-Suche",
        "Virus wird nicht mit 5 Spielern gespielt, sondern mit 2, 3 oder 4.",
        "--players 3, aber --seats nennt 2 Plätze",
        "--players 2, aber --seats nennt einen Platz",
    ] {
        assert!(output.contains(german), "no '{german}' in:\n{output}");
    }
}

/// The check above can fail: the same script in English shows the catalog's English texts,
/// and the check finds them.
#[test]
fn the_english_check_finds_english() {
    let english = english_texts();
    let dir = temp_dir("play-english");
    let d = dir.path().to_string_lossy().into_owned();
    let out = scripted_game("checkers", &d, "en");
    let ids: BTreeSet<String> = english_in(&out, &english)
        .into_iter()
        .map(|(id, _, _)| id)
        .collect();
    for id in [
        "play-type-help",
        "play-help",
        "play-legal-moves",
        "play-did-you-mean",
        "play-game-over",
        "play-bye",
        "move-expected-square",
        "move-expected-square-at-end",
        "move-mixed-separators",
    ] {
        assert!(ids.contains(id), "{id} not found in:\n{out}");
    }
}
