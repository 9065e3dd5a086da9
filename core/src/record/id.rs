//! Record ids: random version-4 UUIDs in their canonical lowercase text form.

use rand::Rng;

/// A fresh random UUID v4, lowercase hyphenated (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`).
pub fn new_record_id() -> String {
    let mut bytes: [u8; 16] = rand::rng().random();
    bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
    bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
    let mut out = String::with_capacity(36);
    for (i, b) in bytes.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            out.push('-');
        }
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// Whether `id` is a UUID in canonical lowercase hyphenated form (any version: the server keys
/// on the exact text, so only one spelling per id is allowed).
pub fn is_valid_record_id(id: &str) -> bool {
    id.len() == 36
        && id.bytes().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => c == b'-',
            _ => c.is_ascii_digit() || (b'a'..=b'f').contains(&c),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_are_canonical_v4_and_distinct() {
        let a = new_record_id();
        let b = new_record_id();
        assert!(is_valid_record_id(&a), "{a}");
        assert_ne!(a, b);
        assert_eq!(a.as_bytes()[14], b'4');
        assert!(matches!(a.as_bytes()[19], b'8' | b'9' | b'a' | b'b'));
    }

    #[test]
    fn rejects_non_canonical_ids() {
        assert!(!is_valid_record_id("3F2B8C1E-0A4D-4E6F-9B21-7C5D8E9F0A1B"));
        assert!(!is_valid_record_id("3f2b8c1e0a4d4e6f9b217c5d8e9f0a1b"));
        assert!(!is_valid_record_id("3f2b8c1e-0a4d-4e6f-9b21-7c5d8e9f0a1"));
        assert!(!is_valid_record_id("3f2b8c1e-0a4d-4e6f-9b21-7c5d8e9f0a1g"));
        assert!(is_valid_record_id("3f2b8c1e-0a4d-4e6f-9b21-7c5d8e9f0a1b"));
    }
}
