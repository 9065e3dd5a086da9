//! Reading and writing the core's own binary files (the Othello weights and opening book):
//! a bounds-checked cursor, LEB128 varints and the FNV-1a checksum they end with.

/// FNV-1a, 64 bits: a dependency-free checksum that catches truncation, bit rot and edits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Appends `value` as an unsigned LEB128 varint.
pub fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// A position in a byte slice; every read is `None` past the end (or, for a varint, when it runs
/// over ten bytes), never a panic.
pub struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor { bytes, at: 0 }
    }

    /// Bytes read so far.
    pub fn at(&self) -> usize {
        self.at
    }

    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let slice = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(slice)
    }

    pub fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    pub fn u32(&mut self) -> Option<u32> {
        let mut a = [0u8; 4];
        a.copy_from_slice(self.take(4)?);
        Some(u32::from_le_bytes(a))
    }

    pub fn u64(&mut self) -> Option<u64> {
        let mut a = [0u8; 8];
        a.copy_from_slice(self.take(8)?);
        Some(u64::from_le_bytes(a))
    }

    pub fn i16(&mut self) -> Option<i16> {
        let b = self.take(2)?;
        Some(i16::from_le_bytes([b[0], b[1]]))
    }

    pub fn varint(&mut self) -> Option<u64> {
        let mut value = 0u64;
        for shift in (0..70).step_by(7) {
            let b = self.u8()?;
            value |= u64::from(b & 0x7f).checked_shl(shift)?;
            if b & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_and_bad_ones_are_refused() {
        let values = [
            0u64,
            1,
            127,
            128,
            300,
            16_383,
            16_384,
            u64::from(u32::MAX),
            u64::MAX,
        ];
        let mut out = Vec::new();
        for &v in &values {
            put_varint(&mut out, v);
        }
        // LEB128 by hand: 300 = 0b10_0101100 -> 0xAC 0x02.
        assert_eq!(&out[5..7], &[0xac, 0x02]);
        let mut c = Cursor::new(&out);
        for &v in &values {
            assert_eq!(c.varint(), Some(v));
        }
        assert_eq!(c.varint(), None, "past the end");
        assert_eq!(Cursor::new(&[0x80; 11]).varint(), None, "eleven bytes");
        assert_eq!(Cursor::new(&[0x80, 0x80]).varint(), None, "cut short");
    }

    #[test]
    fn fnv1a_matches_the_published_vectors() {
        // From the FNV reference (isthe.com/chongo/tech/comp/fnv): "" and "a".
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
