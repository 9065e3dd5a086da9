//! The languages the app core speaks: every text in a view model, an announcement or a message
//! comes from a Fluent catalog (`app/locales/<tag>/app.ftl`) in the language the platform
//! prefers (`PlatformEvent::Languages`), so both phone shells show it without translating anything.
//!
//! Fluent (Mozilla's, as Firefox uses) rather than keys for the shells' resources: a status line
//! such as "You win 36-28 (no move left)." is a sentence whose word order, verb agreement and
//! plurals differ by language, and building it once here keeps the shells drawing-only.

pub use fluent_bundle::FluentArgs;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentResource, FluentValue};
use std::collections::BTreeSet;
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

/// A language with a complete catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    De,
}

const SOURCES: [(Lang, &str); 2] = [
    (Lang::En, include_str!("../locales/en/app.ftl")),
    (Lang::De, include_str!("../locales/de/app.ftl")),
];

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static [Bundle; 2] {
    static BUNDLES: OnceLock<[Bundle; 2]> = OnceLock::new();
    BUNDLES.get_or_init(|| SOURCES.map(|(lang, source)| bundle(lang, source)))
}

fn bundle(lang: Lang, source: &str) -> Bundle {
    // A catalog that does not parse is a build defect the tests catch
    // (`every_catalog_parses_and_has_every_message`); what parsed is still used.
    let resource =
        FluentResource::try_new(source.to_owned()).unwrap_or_else(|(partial, _)| partial);
    let id: LanguageIdentifier = lang.tag().parse().unwrap_or_default();
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks protect right-to-left text; both catalogs are left-to-right, and
    // the marks would reach every label a screen reader speaks.
    b.set_use_isolating(false);
    let _ = b.add_resource(resource);
    b
}

/// A catalog line that is neither a comment, a message's first line (`id = ...`) nor a
/// continuation of one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{tag} catalog, line {line}: not part of a message: {text}")]
pub struct CatalogLineError {
    pub tag: &'static str,
    pub line: usize,
    pub text: String,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The catalog's Fluent source, as compiled into the core.
    pub fn catalog_source(self) -> &'static str {
        SOURCES
            .iter()
            .find(|(l, _)| *l == self)
            .map_or("", |(_, source)| source)
    }

    /// Each message of the catalog in order, with the variables its text uses, read from the
    /// catalog's text rather than through Fluent, so that a message Fluent skipped as malformed
    /// still shows (the catalogs' tests compare languages with it).
    pub fn catalog_messages(self) -> Result<Vec<(String, BTreeSet<String>)>, CatalogLineError> {
        let mut out: Vec<(String, BTreeSet<String>)> = Vec::new();
        for (n, line) in self.catalog_source().lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let bad = || CatalogLineError {
                tag: self.tag(),
                line: n + 1,
                text: line.to_owned(),
            };
            if line.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
                let (id, _) = line.split_once(" =").ok_or_else(bad)?;
                out.push((id.to_owned(), BTreeSet::new()));
            }
            let (_, vars) = out.last_mut().ok_or_else(bad)?;
            for part in line.split('$').skip(1) {
                let name: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                vars.insert(name);
            }
        }
        Ok(out)
    }

    /// The BCP 47 tag of the catalog.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// The first of the platform's preferred languages (BCP 47 tags such as "de-AT", or POSIX
    /// names such as "de_DE.UTF-8") that has a catalog; English when none has.
    pub fn negotiate<S: AsRef<str>>(preferred: &[S]) -> Lang {
        preferred
            .iter()
            .find_map(|tag| {
                let primary = tag
                    .as_ref()
                    .split(['-', '_', '.', '@'])
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase();
                Lang::ALL.into_iter().find(|l| l.tag() == primary)
            })
            .unwrap_or_default()
    }

    fn source(self) -> &'static Bundle {
        &bundles()[self as usize]
    }

    /// The message `id` with `args`; English where this catalog lacks it, and the id itself
    /// where both do (the catalog tests make both impossible).
    pub fn format(self, id: &str, args: Option<&FluentArgs>) -> String {
        for lang in [self, Lang::En] {
            let b = lang.source();
            if let Some(pattern) = b.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = b.format_pattern(pattern, args, &mut errors);
                if !errors.is_empty() {
                    log::error!("message {id} in {}: {errors:?}", lang.tag());
                }
                return text.into_owned();
            }
        }
        log::error!("no message {id}");
        id.to_owned()
    }

    /// A number with the language's thousands separator: "12,345" or "12.345".
    pub fn group(self, n: u64) -> String {
        let sep = match self {
            Lang::En => ',',
            Lang::De => '.',
        };
        let s = n.to_string();
        let mut out = String::with_capacity(s.len() + s.len() / 3);
        for (i, c) in s.chars().enumerate() {
            if i > 0 && (s.len() - i).is_multiple_of(3) {
                out.push(sep);
            }
            out.push(c);
        }
        out
    }

    /// `x` with `digits` decimals and the language's decimal mark: "3.6" or "3,6".
    pub fn decimal(self, x: f64, digits: usize) -> String {
        let s = format!("{x:.digits$}");
        match self {
            Lang::En => s,
            Lang::De => s.replace('.', ","),
        }
    }
}

/// A Fluent argument: numbers stay numbers (so the catalogs can choose plural forms), the rest
/// is text.
pub trait Arg {
    fn value(self) -> FluentValue<'static>;
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            fn value(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
    )*};
}
number_arg!(u8, u32, u64, usize, i32);

impl Arg for String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl Arg for &String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

impl Arg for &str {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_owned())
    }
}

impl Arg for char {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

/// `tr!(lang, "message-id")` or `tr!(lang, "message-id", name = value, ...)`: the message in
/// `lang`. Message ids are literals, so a test can find every one in the sources.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:literal) => {
        $crate::i18n::Lang::format($lang, $id, None)
    };
    ($lang:expr, $id:literal, $($k:ident = $v:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::FluentArgs::new();
        $( args.set(stringify!($k), $crate::i18n::Arg::value($v)); )+
        $crate::i18n::Lang::format($lang, $id, Some(&args))
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_preferred_language_with_a_catalog_wins() {
        assert_eq!(Lang::negotiate(&["fr-FR", "de-AT", "en-GB"]), Lang::De);
        assert_eq!(Lang::negotiate(&["de_DE.UTF-8"]), Lang::De);
        assert_eq!(Lang::negotiate(&["en-US", "de"]), Lang::En);
        assert_eq!(Lang::negotiate(&["ja"]), Lang::En);
        assert_eq!(Lang::negotiate::<&str>(&[]), Lang::En);
    }

    #[test]
    fn a_review_with_every_value_exact_speaks_of_no_others() {
        let caption = |lang: Lang, exact: usize, total: usize| {
            crate::tr!(
                lang,
                "review-caption",
                exact = exact,
                total = total,
                estimated = total - exact
            )
        };
        assert_eq!(caption(Lang::En, 22, 22), "All 22 values exact (solved).");
        assert_eq!(
            caption(Lang::En, 20, 22),
            "20 of 22 values exact (solved); the others estimated by search."
        );
        assert_eq!(caption(Lang::De, 22, 22), "Alle 22 Werte exakt (gelöst).");
    }

    #[test]
    fn numbers_follow_the_language() {
        assert_eq!(Lang::En.group(1_234_567), "1,234,567");
        assert_eq!(Lang::De.group(1_234_567), "1.234.567");
        assert_eq!(Lang::En.group(999), "999");
        assert_eq!(Lang::De.decimal(3.64, 1), "3,6");
        assert_eq!(Lang::En.decimal(3.64, 1), "3.6");
    }
}
