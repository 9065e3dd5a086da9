//! JSON read strictly: an object that names a key twice is refused. serde_json keeps the last
//! of two equal keys (and derived structs the first error), so without this check a record could
//! say one thing to one reader and another to the next; the collector stores only what every
//! reader reads alike.

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

/// Why a text is not strict JSON: not JSON at all, or a key repeated in one object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StrictJsonError {
    /// serde_json's own message (line and column included).
    Syntax(String),
    /// The first key found twice in one object (at most 64 characters of it).
    DuplicateKey(String),
}

impl fmt::Display for StrictJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrictJsonError::Syntax(m) => f.write_str(m),
            StrictJsonError::DuplicateKey(k) => write!(f, "duplicate key '{k}' in a JSON object"),
        }
    }
}

/// The longest part of a repeated key an error repeats back.
const MAX_KEY_SHOWN: usize = 64;

/// Checks that `bytes` is one JSON value whose objects never repeat a key.
pub fn check_no_duplicate_keys(bytes: &[u8]) -> Result<(), StrictJsonError> {
    let duplicate = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let result = Walk(&duplicate)
        .deserialize(&mut de)
        .and_then(|()| de.end());
    match (result, duplicate.into_inner()) {
        (Ok(()), _) => Ok(()),
        (Err(_), Some(key)) => Err(StrictJsonError::DuplicateKey(
            key.chars().take(MAX_KEY_SHOWN).collect(),
        )),
        (Err(e), None) => Err(StrictJsonError::Syntax(e.to_string())),
    }
}

/// Visits any JSON value, remembering the keys of each object it is in; the first repeated
/// key is left in the cell.
#[derive(Clone, Copy)]
struct Walk<'a>(&'a RefCell<Option<String>>);

impl<'de> de::DeserializeSeed<'de> for Walk<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(self)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                *self.0.borrow_mut() = Some(key);
                return Err(de::Error::custom("duplicate key"));
            }
            seen.insert(key);
            map.next_value_seed(self)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_keys_are_found_at_any_depth() {
        assert_eq!(check_no_duplicate_keys(br#"{"a":1,"b":[{"c":2}]}"#), Ok(()));
        assert_eq!(
            check_no_duplicate_keys(br#"{"a":1,"a":2}"#),
            Err(StrictJsonError::DuplicateKey("a".into()))
        );
        assert_eq!(
            check_no_duplicate_keys(br#"{"x":[{"w":{"k":1,"k":1}}]}"#),
            Err(StrictJsonError::DuplicateKey("k".into()))
        );
        // Escapes name the same key: "\u0061" is "a".
        assert_eq!(
            check_no_duplicate_keys(br#"{"a":1,"\u0061":2}"#),
            Err(StrictJsonError::DuplicateKey("a".into()))
        );
        // Equal keys in different objects are fine.
        assert_eq!(check_no_duplicate_keys(br#"[{"a":1},{"a":2}]"#), Ok(()));
    }

    #[test]
    fn syntax_errors_and_trailing_text_are_syntax_errors() {
        assert!(matches!(
            check_no_duplicate_keys(b"{\"a\":"),
            Err(StrictJsonError::Syntax(_))
        ));
        assert!(matches!(
            check_no_duplicate_keys(b"{} {}"),
            Err(StrictJsonError::Syntax(_))
        ));
    }
}
