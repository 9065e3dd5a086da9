//! `swift-check api BINDINGS.swift FILE...`: does the hand-written Swift call the generated
//! PlyCore API only by names (and argument labels) that exist?
//!
//! Without a Swift compiler this is a heuristic over tree-sitter syntax trees:
//! 1. From the generated bindings it collects every declared type, top-level function (with its
//!    argument labels), member function, initializer, property and enum case, per type.
//! 2. From the hand-written files it collects their own declarations (so the app's own names are
//!    never flagged) and a file-wide map from variable/property/parameter names to their type
//!    when it is written down (`let s: GameSession`, `s = GameSession(...)`, `(s: GameSession)`);
//!    a name given two different types in one file counts as unknown. Extensions (`extension
//!    NSLock` in the generated file) declare members but no type.
//! 3. It then reports:
//!    - a call `T(...)` of a generated type whose labels match none of `T`'s initializers;
//!    - a call `f(...)` of a generated top-level function whose labels match no declaration;
//!    - `T.x` / `T.x(...)` on a generated type `T` when `T` declares no member `x`;
//!    - `v.m(...)` when `v` is known to hold a generated type that has no member `m`, or the
//!      labels match none of `m`'s declarations;
//!    - an implicit member call `.c(...)` whose name is an enum case with associated values in
//!      the bindings (and is declared nowhere in the hand-written code) when no case of that
//!      name takes exactly these labels (`.network(online:metered:)`, `.restoreUi(_:)`);
//!    - a name used as a type or called that is declared nowhere and looks like PlyCore API: it
//!      starts with `Ply`, or is one or two edits away from a generated name (a typo or a stale
//!      name such as `GameSnapshot` for `Snapshot` is caught only by the first rule).
//!
//!    Calls on receivers of unknown type, other implicit members (`.othello`) and names declared in
//!    the hand-written code are not checked (the shells' own tests and a Mac build cover them).

use crate::parse;
use std::collections::{HashMap, HashSet};
use tree_sitter::Node;

/// Argument labels of one declaration; `None` = accept any labels (properties, enum cases).
type Labels = Option<Vec<String>>;

#[derive(Default)]
struct Decls {
    types: HashSet<String>,
    functions: HashMap<String, Vec<Labels>>,
    /// type -> member name -> declarations.
    members: HashMap<String, HashMap<String, Vec<Labels>>>,
    inits: HashMap<String, Vec<Labels>>,
    /// Enum case name -> the argument labels of its associated values, over every enum (an
    /// implicit member call `.network(online:metered:)` names no type).
    cases: HashMap<String, Vec<Labels>>,
    /// Every declared name of any kind (for the hand-written side).
    names: HashSet<String>,
    /// Variable name -> type name, where the type is written down.
    var_types: HashMap<String, String>,
}

pub fn run(args: &[String]) -> Result<usize, String> {
    let (bindings, files) = args
        .split_first()
        .ok_or("api: usage: swift-check api BINDINGS.swift FILE...")?;
    let api = collect_file(bindings, true)?;
    let mut local = Decls::default();
    let mut parsed = Vec::new();
    for f in files {
        let source = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        let tree = parse::parse(&source)?;
        collect(tree.root_node(), source.as_bytes(), None, &mut local);
        // Variable types are per file: the same short name means different things elsewhere.
        let mut own = Decls::default();
        collect(tree.root_node(), source.as_bytes(), None, &mut own);
        parsed.push((f.clone(), source, tree, own.var_types));
    }
    let mut problems = 0;
    for (file, source, tree, vars) in &parsed {
        let mut ctx = Check {
            api: &api,
            local: &local,
            vars,
            src: source.as_bytes(),
            file,
            problems: 0,
        };
        ctx.walk(tree.root_node());
        problems += ctx.problems;
    }
    Ok(problems)
}

fn collect_file(path: &str, generated: bool) -> Result<Decls, String> {
    let mut source = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    if generated {
        source = parse::strip_documentation_wrapper(&source);
    }
    let tree = parse::parse(&source)?;
    let mut d = Decls::default();
    collect(tree.root_node(), source.as_bytes(), None, &mut d);
    Ok(d)
}

/// The node's source text; backquoted identifiers (`` `open` ``) without their backquotes.
fn text<'a>(node: Node, src: &'a [u8]) -> &'a str {
    node.utf8_text(src).unwrap_or("").trim_matches('`')
}

/// The base name of a type text (`Foo<Bar>` -> `Foo`, `PlyCore.Foo` -> `Foo`, `Foo?` -> `Foo`).
fn base_type(t: &str) -> String {
    let t = t.split('<').next().unwrap_or(t);
    let t = t.rsplit('.').next().unwrap_or(t);
    t.trim_end_matches(['?', '!']).trim().to_string()
}

fn param_labels(node: Node, src: &[u8]) -> Vec<String> {
    let mut labels = Vec::new();
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if child.kind() == "parameter" {
            let label = child
                .child_by_field_name("external_name")
                .or_else(|| child.child_by_field_name("name"))
                .map(|n| text(n, src).to_string())
                .unwrap_or_default();
            labels.push(if label == "_" { String::new() } else { label });
        }
    }
    labels
}

fn collect(node: Node, src: &[u8], owner: Option<&str>, d: &mut Decls) {
    let mut next_owner: Option<String> = None;
    match node.kind() {
        "class_declaration" | "protocol_declaration" => {
            if let Some(n) = node.child_by_field_name("name") {
                let name = base_type(text(n, src));
                // `extension NSLock` (the generated file's private helpers) declares no type: only
                // the members are collected, so Foundation's own members are never checked.
                let is_extension = node
                    .child_by_field_name("declaration_kind")
                    .is_some_and(|k| text(k, src) == "extension");
                if !is_extension {
                    d.types.insert(name.clone());
                }
                d.names.insert(name.clone());
                next_owner = Some(name);
            }
        }
        "function_declaration" | "protocol_function_declaration" => {
            if let Some(n) = node.child_by_field_name("name") {
                let name = text(n, src).to_string();
                let labels = Some(param_labels(node, src));
                d.names.insert(name.clone());
                match owner {
                    Some(t) => d
                        .members
                        .entry(t.into())
                        .or_default()
                        .entry(name)
                        .or_default()
                        .push(labels),
                    None => d.functions.entry(name).or_default().push(labels),
                }
            }
        }
        "init_declaration" => {
            if let Some(t) = owner {
                d.inits
                    .entry(t.into())
                    .or_default()
                    .push(Some(param_labels(node, src)));
            }
        }
        "enum_entry" => {
            if let (Some(n), Some(params)) = (
                node.child_by_field_name("name"),
                node.child_by_field_name("data_contents"),
            ) {
                d.cases
                    .entry(text(n, src).to_string())
                    .or_default()
                    .push(Some(case_labels(params, src)));
            }
            let mut cursor = node.walk();
            for n in node.children_by_field_name("name", &mut cursor) {
                let name = text(n, src).to_string();
                d.names.insert(name.clone());
                if let Some(t) = owner {
                    d.members
                        .entry(t.into())
                        .or_default()
                        .entry(name)
                        .or_default()
                        .push(None);
                }
            }
        }
        "property_declaration" | "protocol_property_declaration" => {
            if let Some(n) = node.child_by_field_name("name") {
                let name = text(n, src)
                    .trim_start_matches("let ")
                    .trim_start_matches("var ")
                    .to_string();
                let name = name.split(':').next().unwrap_or("").trim().to_string();
                d.names.insert(name.clone());
                if let Some(t) = owner {
                    d.members
                        .entry(t.into())
                        .or_default()
                        .entry(name.clone())
                        .or_default()
                        .push(None);
                }
                if let Some(ty) = declared_type(node, src) {
                    bind(d, name, ty);
                }
            }
        }
        "parameter" => {
            if let (Some(n), Some(t)) = (
                node.child_by_field_name("name"),
                node.child_by_field_name("type"),
            ) {
                d.names.insert(text(n, src).to_string());
                bind(d, text(n, src).to_string(), base_type(text(t, src)));
            } else if let Some(n) = node.child_by_field_name("name") {
                d.names.insert(text(n, src).to_string());
            }
        }
        "assignment" => {
            if let (Some(t), Some(r)) = (
                node.child_by_field_name("target"),
                node.child_by_field_name("result"),
            ) && let Some(ty) = constructed_type(r, src)
            {
                let var = text(t, src).rsplit('.').next().unwrap_or("").to_string();
                bind(d, var, ty);
            }
        }
        _ => {}
    }
    let owner = next_owner.as_deref().or(owner);
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        collect(child, src, owner, d);
    }
}

/// Records that `var` holds `ty`; a name bound to two different types in one file (`s: Snapshot`
/// in one function, `var s = Set(...)` in another) becomes unknown ("") instead of last-wins.
fn bind(d: &mut Decls, var: String, ty: String) {
    match d.var_types.get(&var) {
        Some(old) if *old != ty => {
            d.var_types.insert(var, String::new());
        }
        Some(_) => {}
        None => {
            d.var_types.insert(var, ty);
        }
    }
}

/// `let x: T` or `let x = T(...)` / `try T(...)` / `try T.open(...)`.
fn declared_type(node: Node, src: &[u8]) -> Option<String> {
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if child.kind() == "type_annotation" {
            let t = child
                .child_by_field_name("name")
                .map(|n| text(n, src))
                .unwrap_or_else(|| text(child, src));
            return Some(base_type(t.trim_start_matches(':')));
        }
    }
    node.child_by_field_name("value")
        .and_then(|v| constructed_type(v, src))
}

fn constructed_type(mut node: Node, src: &[u8]) -> Option<String> {
    while matches!(node.kind(), "try_expression" | "await_expression") {
        node = node.child_by_field_name("expr")?;
    }
    if node.kind() != "call_expression" {
        return None;
    }
    let callee = node.child(0)?;
    let name = match callee.kind() {
        "simple_identifier" => text(callee, src),
        // `Outbox.open(dir:)`-style static constructors.
        "navigation_expression" => text(callee.child_by_field_name("target")?, src),
        _ => return None,
    };
    name.chars()
        .next()
        .filter(|c| c.is_uppercase())
        .map(|_| base_type(name))
}

/// The labels of an enum case's associated values: `(online: Bool, metered: Bool)` gives
/// `online`, `metered`; `(String)` gives one empty label.
fn case_labels(params: Node, src: &[u8]) -> Vec<String> {
    let mut labels = Vec::new();
    let mut pending = None;
    let mut cursor = params.walk();
    if cursor.goto_first_child() {
        loop {
            let child = cursor.node();
            if cursor.field_name() == Some("name") {
                labels.push(pending.take().unwrap_or_default());
            } else if child.kind() == "simple_identifier" {
                pending = Some(text(child, src).to_string());
            }
            if !cursor.goto_next_sibling() {
                break;
            }
        }
    }
    labels
}

fn call_labels(call: Node, src: &[u8]) -> Vec<String> {
    let mut labels = Vec::new();
    let mut cursor = call.walk();
    for suffix in call.children(&mut cursor) {
        if suffix.kind() != "call_suffix" {
            continue;
        }
        let mut c2 = suffix.walk();
        for args in suffix.children(&mut c2) {
            if args.kind() == "value_arguments" {
                let mut c3 = args.walk();
                for arg in args.children(&mut c3) {
                    if arg.kind() == "value_argument" {
                        let label = arg
                            .child_by_field_name("name")
                            .map(|n| text(n, src).trim_end_matches(':').trim().to_string());
                        labels.push(label.unwrap_or_default());
                    }
                }
            } else if args.kind() == "lambda_literal" {
                labels.push("#closure".into());
            }
        }
    }
    labels
}

/// Labels match a declaration (a trailing closure fills any last parameter; defaulted
/// parameters are not known, so fewer arguments than parameters are accepted when the given
/// ones match in order as a subsequence).
fn labels_match(given: &[String], decls: &[Labels]) -> bool {
    decls.iter().any(|d| match d {
        None => true,
        Some(params) => {
            let mut it = params.iter();
            given.iter().all(|g| g == "#closure" || it.any(|p| p == g))
        }
    })
}

/// An enum case's associated values have no defaults: every label, in order.
fn labels_match_exactly(given: &[String], decls: &[Labels]) -> bool {
    decls
        .iter()
        .any(|d| d.as_ref().is_none_or(|params| params.as_slice() == given))
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

struct Check<'a> {
    api: &'a Decls,
    local: &'a Decls,
    /// This file's variable types.
    vars: &'a HashMap<String, String>,
    src: &'a [u8],
    file: &'a str,
    problems: usize,
}

impl Check<'_> {
    fn report(&mut self, node: Node, message: String) {
        let p = node.start_position();
        println!("{}:{}:{}: {message}", self.file, p.row + 1, p.column + 1);
        self.problems += 1;
    }

    fn known(&self, name: &str) -> bool {
        self.api.types.contains(name)
            || self.api.functions.contains_key(name)
            || self.api.members.values().any(|m| m.contains_key(name))
            || self.local.names.contains(name)
            || self.local.types.contains(name)
            || self.local.functions.contains_key(name)
    }

    /// A generated name `name` looks like a misspelling of, if any.
    fn near_miss(&self, name: &str) -> Option<String> {
        if self.known(name) || name.len() < 5 {
            return None;
        }
        let candidates = self.api.types.iter().chain(self.api.functions.keys());
        let best = candidates
            .filter(|c| !c.starts_with("FfiConverter") && !c.starts_with("Uniffi"))
            .map(|c| (edit_distance(name, c), c))
            .min();
        match best {
            Some((d, c)) if d <= 2 => Some(c.clone()),
            _ if name.starts_with("Ply") => Some("a declared PlyCore name".into()),
            _ => None,
        }
    }

    fn member_decls(&self, ty: &str, member: &str) -> Option<&Vec<Labels>> {
        self.api.members.get(ty).and_then(|m| m.get(member))
    }

    fn walk(&mut self, node: Node) {
        match node.kind() {
            "call_expression" => self.check_call(node),
            "navigation_expression" => self.check_navigation(node),
            "type_identifier" => {
                let name = text(node, self.src);
                if let Some(m) = self.near_miss(name) {
                    self.report(node, format!("unknown type '{name}' (did you mean {m}?)"));
                }
            }
            _ => {}
        }
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            self.walk(child);
        }
    }

    fn check_call(&mut self, call: Node) {
        let Some(callee) = call.child(0) else { return };
        let labels = call_labels(call, self.src);
        match callee.kind() {
            "simple_identifier" => {
                let name = text(callee, self.src);
                if self.local.types.contains(name) || self.local.functions.contains_key(name) {
                    return;
                }
                if self.api.types.contains(name) {
                    if let Some(inits) = self.api.inits.get(name)
                        && !self.local.inits.contains_key(name)
                        && !labels_match(&labels, inits)
                    {
                        self.report(
                            callee,
                            format!(
                                "no initializer {name}({}) in the bindings",
                                fmt_labels(&labels)
                            ),
                        );
                    }
                } else if let Some(decls) = self.api.functions.get(name) {
                    if !labels_match(&labels, decls) {
                        self.report(
                            callee,
                            format!(
                                "no function {name}({}) in the bindings",
                                fmt_labels(&labels)
                            ),
                        );
                    }
                } else if let Some(m) = self.near_miss(name) {
                    self.report(
                        callee,
                        format!("unknown function '{name}' (did you mean {m}?)"),
                    );
                }
            }
            // `.network(online: true, metered: false)`: an implicit member of unknown type, checked
            // when its name is an enum case with associated values in the bindings and nothing
            // in the hand-written code declares it: some case of that name must take these labels.
            "prefix_expression" => {
                let Some(target) = callee.child_by_field_name("target") else {
                    return;
                };
                if target.kind() != "simple_identifier" || !text(callee, self.src).starts_with('.')
                {
                    return;
                }
                let name = text(target, self.src);
                if self.local.names.contains(name) {
                    return;
                }
                if let Some(decls) = self.api.cases.get(name)
                    && !labels_match_exactly(&labels, decls)
                {
                    self.report(
                        target,
                        format!(
                            "no enum case .{name}({}) in the bindings",
                            fmt_labels(&labels)
                        ),
                    );
                }
            }
            "navigation_expression" => {
                let (Some(target), Some(suffix)) = (
                    callee.child_by_field_name("target"),
                    callee.child_by_field_name("suffix"),
                ) else {
                    return;
                };
                let member = text(suffix, self.src).trim_start_matches('.').to_string();
                let receiver = text(target, self.src)
                    .rsplit('.')
                    .next()
                    .unwrap_or("")
                    .to_string();
                let ty = if self.api.types.contains(&receiver) {
                    Some(receiver.clone())
                } else {
                    self.vars
                        .get(&receiver)
                        .filter(|t| self.api.types.contains(*t))
                        .cloned()
                };
                let Some(ty) = ty else { return };
                if self
                    .local
                    .members
                    .get(&ty)
                    .is_some_and(|m| m.contains_key(&member))
                {
                    return; // the app extends the generated type
                }
                match self.member_decls(&ty, &member) {
                    None => self.report(
                        suffix,
                        format!("{ty} has no member '{member}' in the bindings"),
                    ),
                    Some(decls) if !labels_match(&labels, decls) => self.report(
                        suffix,
                        format!(
                            "no method {ty}.{member}({}) in the bindings",
                            fmt_labels(&labels)
                        ),
                    ),
                    Some(_) => {}
                }
            }
            _ => {}
        }
    }

    /// `GameKind.othello` (not a call): the member must exist on the generated type.
    fn check_navigation(&mut self, nav: Node) {
        if nav.parent().is_some_and(|p| p.kind() == "call_expression") {
            return;
        }
        let (Some(target), Some(suffix)) = (
            nav.child_by_field_name("target"),
            nav.child_by_field_name("suffix"),
        ) else {
            return;
        };
        let receiver = text(target, self.src);
        if target.kind() != "simple_identifier" || !self.api.types.contains(receiver) {
            return;
        }
        let member = text(suffix, self.src).trim_start_matches('.');
        if member == "self"
            || member == "Type"
            || self
                .local
                .members
                .get(receiver)
                .is_some_and(|m| m.contains_key(member))
        {
            return;
        }
        if self.member_decls(receiver, member).is_none() {
            self.report(
                suffix,
                format!("{receiver} has no member '{member}' in the bindings"),
            );
        }
    }
}

fn fmt_labels(labels: &[String]) -> String {
    labels
        .iter()
        .map(|l| {
            if l.is_empty() {
                "_:".to_string()
            } else if l == "#closure" {
                "{…}".into()
            } else {
                format!("{l}:")
            }
        })
        .collect()
}
