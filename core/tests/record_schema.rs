//! `docs/record-v1.schema.json` describes what the code writes: records built from real games
//! validate against it, and damaged ones do not. A small validator for the subset of JSON Schema
//! 2020-12 the file uses lives here (the full `jsonschema` crate is a heavy build for one test);
//! it fails loudly on any keyword it does not know, so the schema cannot drift past it.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::game::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::othello::Othello;
use ply_core::line::GameLine;
use ply_core::record::{
    ClientInfo, EngineSettings, GameRecord, MoveStats, Platform, PlayerInfo, RamBucket, RecordMeta,
    limits, now_ms, record_from_line,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

fn schema() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/record-v1.schema.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn resolve<'a>(root: &'a Value, reference: &str) -> &'a Value {
    let pointer = reference
        .strip_prefix('#')
        .unwrap_or_else(|| panic!("only local $ref: {reference}"));
    root.pointer(pointer)
        .unwrap_or_else(|| panic!("dangling $ref {reference}"))
}

fn type_matches(name: &str, v: &Value) -> bool {
    match name {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        other => panic!("unknown type {other}"),
    }
}

/// Appends every violation of `schema` by `v` (at JSON path `at`) to `errors`.
fn check(root: &Value, schema: &Value, v: &Value, at: &str, errors: &mut Vec<String>) {
    let Some(obj) = schema.as_object() else {
        panic!("schema at {at} is not an object")
    };
    let mut local = Vec::new();
    for (key, s) in obj {
        let mut fail = |msg: String| local.push(format!("{at}: {msg}"));
        match key.as_str() {
            "$schema" | "$id" | "$defs" | "title" | "description" => {}
            "$ref" => check(root, resolve(root, s.as_str().unwrap()), v, at, errors),
            "type" => {
                let ok = match s {
                    Value::String(t) => type_matches(t, v),
                    Value::Array(ts) => ts.iter().any(|t| type_matches(t.as_str().unwrap(), v)),
                    _ => panic!("bad type keyword"),
                };
                if !ok {
                    fail(format!("{v} is not of type {s}"));
                }
            }
            "const" => {
                if v != s {
                    fail(format!("{v} is not {s}"));
                }
            }
            "enum" => {
                if !s.as_array().unwrap().contains(v) {
                    fail(format!("{v} not in {s}"));
                }
            }
            "minimum" => {
                if v.is_number() && v.as_f64().unwrap() < s.as_f64().unwrap() {
                    fail(format!("{v} < {s}"));
                }
            }
            "maximum" => {
                if v.is_number() && v.as_f64().unwrap() > s.as_f64().unwrap() {
                    fail(format!("{v} > {s}"));
                }
            }
            "minLength" | "maxLength" => {
                if let Some(text) = v.as_str() {
                    let n = text.chars().count() as u64;
                    let bound = s.as_u64().unwrap();
                    if (key == "minLength" && n < bound) || (key == "maxLength" && n > bound) {
                        fail(format!("length {n} violates {key} {bound}"));
                    }
                }
            }
            "pattern" => {
                if let Some(text) = v.as_str()
                    && !regex::Regex::new(s.as_str().unwrap())
                        .unwrap()
                        .is_match(text)
                {
                    fail(format!("'{text}' does not match {s}"));
                }
            }
            "minItems" | "maxItems" => {
                if let Some(items) = v.as_array() {
                    let n = items.len() as u64;
                    let bound = s.as_u64().unwrap();
                    if (key == "minItems" && n < bound) || (key == "maxItems" && n > bound) {
                        fail(format!("{n} items violates {key} {bound}"));
                    }
                }
            }
            "maxProperties" => {
                if let Some(o) = v.as_object()
                    && o.len() as u64 > s.as_u64().unwrap()
                {
                    fail(format!("{} properties > {s}", o.len()));
                }
            }
            "items" => {
                if let Some(items) = v.as_array() {
                    for (i, item) in items.iter().enumerate() {
                        check(root, s, item, &format!("{at}[{i}]"), errors);
                    }
                }
            }
            "required" => {
                if let Some(o) = v.as_object() {
                    for name in s.as_array().unwrap() {
                        if !o.contains_key(name.as_str().unwrap()) {
                            fail(format!("missing required {name}"));
                        }
                    }
                }
            }
            "properties" => {
                if let Some(o) = v.as_object() {
                    for (name, sub) in s.as_object().unwrap() {
                        if let Some(child) = o.get(name) {
                            check(root, sub, child, &format!("{at}.{name}"), errors);
                        }
                    }
                }
            }
            "additionalProperties" => {
                if let Some(o) = v.as_object() {
                    let declared = obj.get("properties").and_then(Value::as_object);
                    for (name, child) in o {
                        if declared.is_some_and(|d| d.contains_key(name)) {
                            continue;
                        }
                        match s {
                            Value::Bool(false) => fail(format!("unexpected property '{name}'")),
                            Value::Bool(true) => {}
                            sub => check(root, sub, child, &format!("{at}.{name}"), errors),
                        }
                    }
                }
            }
            "propertyNames" => {
                if let Some(o) = v.as_object() {
                    for name in o.keys() {
                        check(
                            root,
                            s,
                            &Value::String(name.clone()),
                            &format!("{at} key '{name}'"),
                            errors,
                        );
                    }
                }
            }
            "not" => {
                let mut sub = Vec::new();
                check(root, s, v, at, &mut sub);
                if sub.is_empty() {
                    fail(format!("matches a schema it must not: {s}"));
                }
            }
            "if" => {
                let mut cond = Vec::new();
                check(root, s, v, at, &mut cond);
                let branch = if cond.is_empty() {
                    obj.get("then")
                } else {
                    obj.get("else")
                };
                if let Some(b) = branch {
                    check(root, b, v, at, errors);
                }
            }
            "then" | "else" => {}
            other => panic!("schema keyword '{other}' not supported by this test's validator"),
        }
    }
    errors.extend(local);
}

fn violations(v: &Value) -> Vec<String> {
    let root = schema();
    let mut errors = Vec::new();
    check(&root, &root, v, "$", &mut errors);
    errors
}

fn random_record<G: Game>(seed: u64, resign_at: Option<usize>) -> GameRecord {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut line = GameLine::new(G::start());
    let mut moves = Vec::new();
    let mut stats = Vec::new();
    while line.outcome().is_none() && resign_at != Some(line.ply()) {
        line.current().legal_moves(&mut moves);
        let mover = line.current().side_to_move();
        line.play(moves[rng.random_range(0..moves.len())]).unwrap();
        stats.push((mover == 1).then_some(MoveStats {
            nodes: 5_000,
            depth: 7,
            time_ms: 40,
            score: 12,
        }));
    }
    let engine = EngineSettings {
        algorithm: "mcts".into(),
        time_ms: Some(500),
        heuristic: Some("default".into()),
        weights: [("mobility".to_string(), 2.0)].into_iter().collect(),
        options: [
            ("exploration".to_string(), json!(1.41)),
            ("rave".to_string(), json!(true)),
        ]
        .into_iter()
        .collect(),
        ..EngineSettings::default()
    };
    let now = now_ms();
    let meta = RecordMeta {
        id: None,
        players: vec![PlayerInfo::human(), PlayerInfo::computer(engine)],
        started_at_ms: now - 1000,
        ended_at_ms: now,
        client: ClientInfo {
            app_version: "1.2.3-beta+7".into(),
            platform: Platform::Ios,
            ram_bucket: RamBucket::Below2G,
        },
    };
    // The person (seat 0) resigns: a computer never does.
    let resigned = resign_at.filter(|_| line.outcome().is_none()).map(|_| 0);
    record_from_line(&line, &stats, resigned, meta).unwrap()
}

/// Virus games for 2, 3 and 4 (a multi-player game ends quickly at random).
fn multi_player_records(seed: u64) -> Vec<GameRecord> {
    use ply_core::games::virus::Virus;
    (2..=4)
        .map(|n| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut line = GameLine::new(Virus::start_for_players(n).expect("a start"));
            let mut moves = Vec::new();
            while line.outcome().is_none() {
                line.current().legal_moves(&mut moves);
                line.play(moves[rng.random_range(0..moves.len())])
                    .expect("legal");
            }
            let now = now_ms();
            let meta = RecordMeta {
                id: None,
                players: vec![PlayerInfo::human(); n],
                started_at_ms: now - 1000,
                ended_at_ms: now,
                client: ClientInfo {
                    app_version: "1.2.3".into(),
                    platform: Platform::Android,
                    ram_bucket: RamBucket::From4To8G,
                },
            };
            record_from_line(&line, &[], None, meta).expect("record")
        })
        .collect()
}

#[test]
fn records_of_played_games_match_the_schema() {
    for seed in 0..10 {
        for record in [
            random_record::<Othello>(seed, None),
            random_record::<ConnectFour>(seed, None),
            random_record::<ConnectFour>(seed, Some(5)),
        ]
        .into_iter()
        .chain(multi_player_records(seed))
        {
            let value = serde_json::to_value(&record).unwrap();
            assert_eq!(violations(&value), Vec::<String>::new(), "{value}");
        }
    }
}

#[test]
fn the_schema_refuses_what_the_code_refuses() {
    let good = serde_json::to_value(random_record::<Othello>(99, None)).unwrap();
    type Damage = Box<dyn Fn(&mut Value)>;
    let damaged: Vec<(&str, Damage)> = vec![
        (
            "schema version 2",
            Box::new(|v| v["schema_version"] = json!(2)),
        ),
        (
            "upper-case id",
            Box::new(|v| v["id"] = json!("3F2B8C1E-0A4D-4E6F-9B21-7C5D8E9F0A1B")),
        ),
        ("unknown game", Box::new(|v| v["game"] = json!("chess"))),
        (
            "start position with a line break",
            Box::new(|v| v["start_position"] = json!("e6\nf4")),
        ),
        (
            "start position with a line separator",
            Box::new(|v| v["start_position"] = json!("e6\u{2028}")),
        ),
        (
            "extra field",
            Box::new(|v| v["player_name"] = json!("Alice")),
        ),
        (
            "three players",
            Box::new(|v| {
                v["players"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!({"kind": "human"}))
            }),
        ),
        (
            "computer without engine",
            Box::new(|v| v["players"][1] = json!({"kind": "computer"})),
        ),
        (
            "human with engine",
            Box::new(|v| v["players"][0]["engine"] = json!({"algorithm": "pvs"})),
        ),
        (
            "bad reason",
            Box::new(|v| v["result"]["reason"] = json!("timeout")),
        ),
        ("winner 2", Box::new(|v| v["result"]["winner"] = json!(2))),
        (
            "missing key",
            Box::new(|v| {
                v["moves"][0]
                    .as_object_mut()
                    .unwrap()
                    .remove("key")
                    .map(|_| ())
                    .unwrap()
            }),
        ),
        (
            "long notation",
            Box::new(|v| v["moves"][0]["notation"] = json!("x".repeat(65))),
        ),
        (
            "free text version",
            Box::new(|v| v["client"]["app_version"] = json!("Alice's phone")),
        ),
        (
            "bad ram bucket",
            Box::new(|v| v["client"]["ram_bucket"] = json!("3g")),
        ),
        (
            "old timestamp",
            Box::new(|v| v["started_at_ms"] = json!(1000)),
        ),
        (
            "level 11",
            Box::new(|v| v["players"][1]["engine"]["level"] = json!(11)),
        ),
        (
            "nodes near 2^63",
            Box::new(|v| set_first_stats(v, "nodes", json!(i64::MAX - 1))),
        ),
        (
            "nodes over the limit",
            Box::new(|v| set_first_stats(v, "nodes", json!(limits::MAX_MOVE_NODES + 1))),
        ),
        (
            "an hour and a millisecond of thinking",
            Box::new(|v| set_first_stats(v, "time_ms", json!(limits::MAX_MOVE_TIME_MS + 1))),
        ),
        (
            "depth 256",
            Box::new(|v| set_first_stats(v, "depth", json!(limits::MAX_SEARCH_DEPTH + 1))),
        ),
        (
            "score beyond the engines' range",
            Box::new(|v| set_first_stats(v, "score", json!(limits::MAX_ABS_SCORE + 1))),
        ),
        (
            "engine depth 256",
            Box::new(|v| v["players"][1]["engine"]["depth"] = json!(limits::MAX_SEARCH_DEPTH + 1)),
        ),
        (
            "a 2 TiB table",
            Box::new(|v| v["players"][1]["engine"]["tt_bytes"] = json!(2u64 << 40)),
        ),
        (
            "a huge weight",
            Box::new(|v| v["players"][1]["engine"]["weights"]["mobility"] = json!(1e12)),
        ),
    ];
    assert_eq!(violations(&good), Vec::<String>::new());
    for (what, damage) in damaged {
        let mut v = good.clone();
        damage(&mut v);
        assert!(
            !violations(&v).is_empty(),
            "schema accepted a record with {what}"
        );
        // The code refuses each of these too (parse or field checks; the timestamp and level
        // cases through validation).
        let parsed = ply_core::record::parse_record(&serde_json::to_vec(&v).unwrap());
        let refused = match parsed {
            Err(_) => true,
            Ok(r) => ply_core::record::validate_as::<Othello>(&r, now_ms()).is_err(),
        };
        assert!(refused, "the code accepted a record with {what}");
    }
}

/// Sets `field` of the first move's statistics that has some.
fn set_first_stats(v: &mut Value, field: &str, value: Value) {
    let moves = v["moves"].as_array_mut().unwrap();
    let m = moves.iter_mut().find(|m| m.get("stats").is_some()).unwrap();
    m["stats"][field] = value;
}

#[test]
fn the_schema_states_the_validator_limits() {
    let root = schema();
    let stats = &root["$defs"]["moveStats"]["properties"];
    let engine = &root["$defs"]["engine"]["properties"];
    let max = |v: &Value| v["maximum"].as_f64().unwrap();
    assert_eq!(max(&stats["nodes"]), limits::MAX_MOVE_NODES as f64);
    assert_eq!(max(&stats["time_ms"]), limits::MAX_MOVE_TIME_MS as f64);
    assert_eq!(max(&stats["depth"]), f64::from(limits::MAX_SEARCH_DEPTH));
    assert_eq!(max(&stats["score"]), f64::from(limits::MAX_ABS_SCORE));
    assert_eq!(
        stats["score"]["minimum"].as_f64(),
        Some(-f64::from(limits::MAX_ABS_SCORE))
    );
    assert_eq!(max(&engine["depth"]), f64::from(limits::MAX_SEARCH_DEPTH));
    assert_eq!(max(&engine["time_ms"]), limits::MAX_MOVE_TIME_MS as f64);
    assert_eq!(max(&engine["tt_bytes"]), limits::MAX_TT_BYTES as f64);
    let weight = &engine["weights"]["additionalProperties"];
    assert_eq!(max(weight), limits::MAX_ABS_WEIGHT);
    assert_eq!(weight["minimum"].as_f64(), Some(-limits::MAX_ABS_WEIGHT));
    assert_eq!(
        root["properties"]["moves"]["maxItems"].as_u64(),
        Some(limits::MAX_MOVES as u64)
    );
}
