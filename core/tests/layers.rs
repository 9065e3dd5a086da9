//! The core's import layers: every `crate::` path in `core/src` (outside test code) names a
//! top-level module at the importing file's layer or below, and the top-level modules import
//! each other without a cycle.
//!
//! | layer | modules | holds |
//! | --- | --- | --- |
//! | 0 | `bytes`, `rng`, `elo`, `game`, `line` | byte readers, random numbers, ratings, the `Game` and `MultiGame` traits, a game's history |
//! | 1 | `games` | the rules of every game |
//! | 2 | `record` | game records, their notations and the WTHOR reader |
//! | 3 | `heuristic` | the evaluations, two- and multi-player |
//! | 4 | `search` | the searches, ProbCut and its calibration |
//! | 5 | `solve` | the exact solvers |
//! | 6 | `book`, `train` | the opening books; the pattern trainer (labels from the solver) |
//! | 7 | `engine` | the search with each game's book and solver at the root |
//! | 8 | `review`, `sync`, `fuzzing` | the after-game review, the outbox and sync, fuzzing entry points |
//!
//! A module may import its own layer's modules (the second test keeps those imports acyclic)
//! and any below. The same table is in docs/architecture.md ("The core's layers").

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const LAYERS: &[(&str, u8)] = &[
    ("bytes", 0),
    ("rng", 0),
    ("elo", 0),
    ("game", 0),
    ("line", 0),
    // Why a typed move was refused, for every game: beneath the games that give the reasons.
    ("move_text", 0),
    ("games", 1),
    // A `#[macro_export]` macro lives at the crate root: it sits at its defining module's layer.
    ("with_game_kind", 1),
    ("record", 2),
    ("heuristic", 3),
    ("search", 4),
    ("solve", 5),
    ("book", 6),
    ("train", 6),
    ("engine", 7),
    ("review", 8),
    ("sync", 8),
    ("fuzzing", 8),
];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|&(_, l)| l)
}

/// The source with comments, string and character literals blanked (same length, newlines
/// kept, so byte offsets still give line numbers).
fn blank_comments_and_literals(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = src[i..].find('\n').map_or(b.len(), |e| i + e);
                blank(&mut out, i, end);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                let mut j = i;
                while j < b.len() {
                    if b[j..].starts_with(b"/*") {
                        depth += 1;
                        j += 2;
                    } else if b[j..].starts_with(b"*/") {
                        depth -= 1;
                        j += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        j += 1;
                    }
                }
                blank(&mut out, i, j);
                i = j;
            }
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                // A raw string: r"..." or r#"..."#.
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                let start = i + 2 + hashes;
                let end = b[start..]
                    .windows(close.len())
                    .position(|w| w == close.as_slice())
                    .map_or(b.len(), |p| start + p + close.len());
                blank(&mut out, i, end);
                i = end;
            }
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                let end = (j + 1).min(b.len());
                blank(&mut out, i, end);
                i = end;
            }
            b'\'' => {
                // A character literal ('x', '\n', '\u{..}'), not a lifetime ('a).
                let end = if b.get(i + 1) == Some(&b'\\') {
                    b[i + 2..]
                        .iter()
                        .position(|&c| c == b'\'')
                        .map(|p| i + 3 + p)
                } else if b.get(i + 2) == Some(&b'\'') {
                    Some(i + 3)
                } else {
                    src[i + 1..]
                        .chars()
                        .next()
                        .filter(|c| !c.is_ascii())
                        .map(|c| i + 1 + c.len_utf8())
                        .filter(|&e| b.get(e) == Some(&b'\''))
                        .map(|e| e + 1)
                };
                match end {
                    Some(end) => {
                        blank(&mut out, i, end);
                        i = end;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The end of the item that starts at `from` (after its attributes): its `;` or the brace that
/// closes its first block, whichever comes first at depth 0.
fn item_end(b: &[u8], from: usize) -> usize {
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            b';' if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

fn skip_space(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// One file's test code removed: every item under `#[cfg(test)]` blanked. Returns the names of
/// the out-of-line modules it declares under `#[cfg(test)]` (`mod tests;`).
fn strip_test_items(code: &str) -> (String, Vec<String>) {
    let b = code.as_bytes();
    let mut out = b.to_vec();
    let mut test_modules = Vec::new();
    let mut search = 0;
    while let Some(p) = code[search..].find("#[cfg(test)]") {
        let start = search + p;
        let mut i = start + "#[cfg(test)]".len();
        // Further attributes on the same item.
        loop {
            i = skip_space(b, i);
            if b[i..].starts_with(b"#[") {
                i = code[i..].find(']').map_or(b.len(), |e| i + e + 1);
            } else {
                break;
            }
        }
        let end = item_end(b, i);
        let item = code[i..end].trim();
        let head = item
            .strip_prefix("pub(crate) ")
            .or_else(|| item.strip_prefix("pub "))
            .unwrap_or(item);
        if let Some(rest) = head.strip_prefix("mod ")
            && let Some(name) = rest.strip_suffix(';')
        {
            test_modules.push(name.trim().to_string());
        }
        for c in &mut out[start..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        search = end;
    }
    (String::from_utf8(out).unwrap_or_default(), test_modules)
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The top-level modules a piece of code names through `crate::`, with the line of each
/// mention (`crate::a::b`, `crate::{a::X, b}`, `$crate::a`).
fn crate_paths(code: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let b = code.as_bytes();
    let mut search = 0;
    while let Some(p) = code[search..].find("crate::") {
        let at = search + p;
        search = at + "crate::".len();
        if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
            continue;
        }
        let line = code[..at].matches('\n').count() + 1;
        let rest = &code[search..];
        let rest_trimmed = rest.trim_start();
        if let Some(group) = rest_trimmed.strip_prefix('{') {
            // The group's top-level entries, each starting with its module.
            let mut depth = 0usize;
            let mut entry_start = true;
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => entry_start = true,
                    c if entry_start && !c.is_whitespace() => {
                        entry_start = false;
                        let name = ident_at(&group[k..]);
                        if !name.is_empty() {
                            found.push((line, name.to_string()));
                        }
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident_at(rest_trimmed);
            if !name.is_empty() {
                found.push((line, name.to_string()));
            }
        }
    }
    found
}

/// An import from a file's module to another top-level module.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Import {
    file: String,
    line: usize,
    from: String,
    to: String,
}

/// The imports of one file's code outside its tests, and its out-of-line test modules.
fn imports_of(file: &str, module: &str, src: &str) -> (Vec<Import>, Vec<String>) {
    let (code, test_modules) = strip_test_items(&blank_comments_and_literals(src));
    let imports = crate_paths(&code)
        .into_iter()
        .filter(|(_, to)| to != module && to != "self")
        .map(|(line, to)| Import {
            file: file.to_string(),
            line,
            from: module.to_string(),
            to,
        })
        .collect();
    (imports, test_modules)
}

/// The imports that go to a higher layer (or to a module the table does not place).
fn upward(imports: &[Import]) -> Vec<String> {
    imports
        .iter()
        .filter(|i| match (layer(&i.from), layer(&i.to)) {
            (Some(from), Some(to)) => to > from,
            _ => true,
        })
        .map(|i| {
            format!(
                "{}:{} ({}, layer {:?}) -> crate::{} (layer {:?})",
                i.file,
                i.line,
                i.from,
                layer(&i.from),
                i.to,
                layer(&i.to)
            )
        })
        .collect()
}

/// A cycle among the modules, if any (each edge `from -> to` once).
fn cycle(imports: &[Import]) -> Option<Vec<String>> {
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for i in imports {
        edges.entry(&i.from).or_default().insert(&i.to);
    }
    // Depth-first search with the path kept: 0 unseen, 1 on the path, 2 done.
    fn visit<'a>(
        n: &'a str,
        edges: &BTreeMap<&'a str, BTreeSet<&'a str>>,
        state: &mut BTreeMap<&'a str, u8>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        match state.get(n) {
            Some(2) => return None,
            Some(1) => {
                let from = path.iter().position(|&p| p == n).unwrap_or(0);
                let mut c: Vec<String> = path[from..].iter().map(|s| s.to_string()).collect();
                c.push(n.to_string());
                return Some(c);
            }
            _ => {}
        }
        state.insert(n, 1);
        path.push(n);
        for &m in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, edges, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(n, 2);
        None
    }
    let mut state = BTreeMap::new();
    for &n in edges.keys() {
        if let Some(c) = visit(n, &edges, &mut state, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

/// The top-level module a source file belongs to (`None` for `lib.rs`).
fn module_of(src_dir: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src_dir).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (name != "lib").then(|| name.to_string())
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every import of the crate's non-test code.
fn crate_imports() -> Vec<Import> {
    let src_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src_dir, &mut files);
    files.sort();
    let mut test_files = BTreeSet::new();
    let mut parsed = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let Some(module) = module_of(&src_dir, f) else {
            continue;
        };
        let rel = f.strip_prefix(&src_dir).unwrap_or(f).display().to_string();
        let (imports, tests) = imports_of(&rel, &module, &src);
        // `a/b.rs` and `a/b/mod.rs` both declare their children in `a/b/`.
        let dir = match f.file_name().and_then(|n| n.to_str()) {
            Some("mod.rs") => f.parent().map(Path::to_path_buf),
            _ => Some(f.with_extension("")),
        };
        for t in tests {
            if let Some(dir) = &dir {
                test_files.insert(dir.join(format!("{t}.rs")));
                test_files.insert(dir.join(&t).join("mod.rs"));
            }
        }
        parsed.push((f.clone(), imports));
    }
    assert!(
        parsed.len() > 50,
        "the sources were not found in {}",
        src_dir.display()
    );
    parsed
        .into_iter()
        .filter(|(f, _)| !test_files.contains(f))
        .flat_map(|(_, i)| i)
        .collect()
}

#[test]
fn no_module_imports_from_a_higher_layer() {
    let imports = crate_imports();
    let up = upward(&imports);
    assert!(
        up.is_empty(),
        "{} upward imports:\n{}",
        up.len(),
        up.join("\n")
    );
}

#[test]
fn the_top_level_modules_import_each_other_without_a_cycle() {
    let imports = crate_imports();
    assert_eq!(cycle(&imports), None);
}

#[test]
fn every_top_level_module_has_a_layer() {
    let src_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src_dir.join("lib.rs")).expect("lib.rs");
    let modules: Vec<&str> = lib
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("pub(crate) mod "))
                .or_else(|| l.strip_prefix("mod "))
        })
        .filter_map(|l| l.strip_suffix(';'))
        .collect();
    assert!(modules.len() > 10, "{modules:?}");
    for m in modules {
        assert!(layer(m).is_some(), "crate::{m} has no layer in LAYERS");
    }
}

// The checker itself, on small sources.

fn check(file: &str, module: &str, src: &str) -> Vec<String> {
    upward(&imports_of(file, module, src).0)
}

#[test]
fn an_upward_import_is_reported_with_its_file_and_line() {
    let src = "use crate::game::Game;\n\nfn f() { crate::book::othello::builtin(); }\n";
    let up = check("games/othello/mod.rs", "games", src);
    assert_eq!(up.len(), 1, "{up:?}");
    assert!(
        up[0].starts_with("games/othello/mod.rs:3 (games"),
        "{}",
        up[0]
    );
    assert!(up[0].contains("-> crate::book"), "{}", up[0]);
}

#[test]
fn a_downward_or_sibling_import_is_not_reported() {
    let src = "use crate::game::{Game, Player};\nuse crate::games::othello::Othello;\n\
               use crate::{bytes::Reader, rng::SplitMix64};\nuse crate::search::StopToken;\n";
    assert_eq!(
        check("solve/othello/mod.rs", "solve", src),
        Vec::<String>::new()
    );
    // Within one module anything goes.
    assert!(check("search/mod.rs", "search", "use crate::search::tt::Table;").is_empty());
}

#[test]
fn every_entry_of_a_use_group_is_read() {
    let src = "use crate::{\n    game::Game,\n    search::{Searcher, StopToken},\n    solve::othello::solve,\n};\n";
    let up = check("heuristic/x.rs", "heuristic", src);
    assert_eq!(up.len(), 2, "{up:?}");
    assert!(
        up[0].contains("crate::search") && up[1].contains("crate::solve"),
        "{up:?}"
    );
}

#[test]
fn test_code_comments_and_strings_are_ignored() {
    let src = r##"
//! See [`crate::review`] for the review.
use crate::game::Game;
/* crate::book */
fn f() -> &'static str { "crate::book" }
fn g<'a>(x: &'a str) -> char { let _ = x; 'c' }
const RAW: &str = r#"crate::solve "quoted""#;
#[cfg(test)]
mod tests {
    use crate::solve::othello::solve;
    fn h() { let _ = '}'; crate::book::x(); }
}
#[cfg(test)]
mod more;
#[cfg(test)]
#[allow(dead_code)]
fn helper() { crate::review::x(); }
pub fn after() { crate::search::rng(); }
"##;
    let (imports, tests) = imports_of("heuristic/x.rs", "heuristic", src);
    assert_eq!(tests, vec!["more".to_string()]);
    let up = upward(&imports);
    // Only the last line's import is code outside the tests.
    assert_eq!(up.len(), 1, "{up:?}");
    assert!(
        up[0].starts_with("heuristic/x.rs:18 ") && up[0].contains("crate::search"),
        "{up:?}"
    );
}

#[test]
fn a_module_without_a_layer_is_reported() {
    let up = check("games/x.rs", "games", "use crate::nowhere::Thing;");
    assert_eq!(up.len(), 1, "{up:?}");
}

#[test]
fn a_cycle_within_a_layer_is_found() {
    let at = |from: &str, to: &str| Import {
        file: format!("{from}.rs"),
        line: 1,
        from: from.to_string(),
        to: to.to_string(),
    };
    let imports = vec![
        at("book", "train"),
        at("train", "solve"),
        at("train", "book"),
    ];
    let c = cycle(&imports).expect("a cycle");
    assert_eq!(c.first(), c.last());
    assert!(
        c.contains(&"book".to_string()) && c.contains(&"train".to_string()),
        "{c:?}"
    );
    assert_eq!(cycle(&imports[..2]), None);
}
