//! The weight file: versioned, fingerprinted to its pattern set, checksummed.
//!
//! Layout (little-endian): the magic `PLYOPAT\0`; version (u32); the pattern set's fingerprint
//! (u64); stages (u32); units per disc (u32); the metadata's length (u32) and the metadata
//! (UTF-8, how the file was made); the weights' length in bytes (u32) and the weights; one bias
//! per number of empties 0..=60 (i16); FNV-1a 64 of all the bytes before it (u64).
//!
//! The weights are one per class of configurations (a symmetric shape's mirrored configurations
//! share one), stage after stage, pattern after pattern, written as LEB128 varints: `2k + 1` for
//! a run of `k` zeros, `2 zigzag(w)` for a weight `w`. Four weights in five are zero (the
//! configurations no game reached), so the file is 450 KB where the i16 weights were 2.7 MB.

use super::geometry::{Pattern, set_fingerprint};
use crate::bytes::{Cursor, fnv1a, put_varint};

pub const MAGIC: &[u8; 8] = b"PLYOPAT\0";
pub const VERSION: u32 = 2;
/// Weights count 1/32 of a disc.
pub const UNITS_PER_DISC: u32 = 32;
/// Biases by number of empties, 0..=60.
pub const BIASES: usize = 61;

/// Why a weight file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternFileError {
    #[error("not a Ply pattern weight file (its first bytes are not PLYOPAT)")]
    NotAWeightFile,
    #[error("weight file version {found}; this build reads version {VERSION}")]
    Version { found: u32 },
    #[error("the weight file was made for another pattern set or stage count")]
    ForeignPatternSet,
    #[error("the weight file counts {found} units a disc; {UNITS_PER_DISC} expected")]
    Units { found: u32 },
    #[error("the weight file ends after {actual} bytes; {expected} expected")]
    Truncated { expected: usize, actual: usize },
    #[error("the weight file has {extra} bytes after its checksum")]
    Trailing { extra: usize },
    #[error("the weight file's checksum does not match its contents (damaged or edited)")]
    Checksum,
    #[error("the weight file's metadata is not UTF-8")]
    Metadata,
    #[error("the weight file's weights are badly encoded at byte {at}: {why}")]
    Encoding { at: usize, why: &'static str },
}

/// Weights per class, by stage then pattern, and the biases: what a file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredWeights {
    pub stages: usize,
    pub metadata: String,
    /// `stages` blocks of `Σ classes` weights.
    pub classes: Vec<i16>,
    /// One bias per number of empties (the tempo of the side to move).
    pub biases: [i16; BIASES],
}

fn classes_per_stage(patterns: &[Pattern]) -> usize {
    patterns.iter().map(|p| p.classes).sum()
}

pub fn write(weights: &StoredWeights, patterns: &[Pattern]) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + weights.classes.len() / 2);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&set_fingerprint(weights.stages).to_le_bytes());
    out.extend_from_slice(&(weights.stages as u32).to_le_bytes());
    out.extend_from_slice(&UNITS_PER_DISC.to_le_bytes());
    out.extend_from_slice(&(weights.metadata.len() as u32).to_le_bytes());
    out.extend_from_slice(weights.metadata.as_bytes());
    debug_assert_eq!(
        weights.classes.len(),
        weights.stages * classes_per_stage(patterns)
    );
    let encoded = encode(&weights.classes);
    out.extend_from_slice(&(encoded.len() as u32).to_le_bytes());
    out.extend_from_slice(&encoded);
    for b in &weights.biases {
        out.extend_from_slice(&b.to_le_bytes());
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The weights as varint tokens (see the module's introduction).
fn encode(weights: &[i16]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut zeros = 0u64;
    for &w in weights {
        if w == 0 {
            zeros += 1;
            continue;
        }
        if zeros > 0 {
            put_varint(&mut out, (zeros << 1) | 1);
            zeros = 0;
        }
        let zigzag = ((i32::from(w) << 1) ^ (i32::from(w) >> 31)) as u32;
        put_varint(&mut out, u64::from(zigzag) << 1);
    }
    if zeros > 0 {
        put_varint(&mut out, (zeros << 1) | 1);
    }
    out
}

/// Exactly `count` weights from `bytes` (which start at byte `base` of the file).
fn decode(bytes: &[u8], base: usize, count: usize) -> Result<Vec<i16>, PatternFileError> {
    let mut out = Vec::with_capacity(count);
    let mut c = Cursor::new(bytes);
    while c.at() < bytes.len() {
        let at = base + c.at();
        let bad = |why| PatternFileError::Encoding { at, why };
        let token = c.varint().ok_or(bad("a number runs past its end"))?;
        if token & 1 == 1 {
            let run = usize::try_from(token >> 1).map_err(|_| bad("a run too long"))?;
            if run > count - out.len() {
                return Err(bad("more weights than the pattern set has"));
            }
            out.resize(out.len() + run, 0);
        } else {
            let zigzag = u32::try_from(token >> 1).map_err(|_| bad("a weight out of range"))?;
            let w = ((zigzag >> 1) as i32) ^ -((zigzag & 1) as i32);
            let w = i16::try_from(w).map_err(|_| bad("a weight out of range"))?;
            if out.len() == count {
                return Err(bad("more weights than the pattern set has"));
            }
            out.push(w);
        }
    }
    if out.len() != count {
        return Err(PatternFileError::Encoding {
            at: base + bytes.len(),
            why: "fewer weights than the pattern set has",
        });
    }
    Ok(out)
}

/// Reads a file for `patterns` in `stages` stages.
pub fn read(
    bytes: &[u8],
    patterns: &[Pattern],
    stages: usize,
) -> Result<StoredWeights, PatternFileError> {
    let mut r = Cursor::new(bytes);
    // Until the weights' length is read, a cut file is short by at least the next field.
    let short = |r: &Cursor, need: usize| PatternFileError::Truncated {
        expected: r.at() + need,
        actual: bytes.len(),
    };
    if r.take(8) != Some(MAGIC.as_slice()) {
        return Err(PatternFileError::NotAWeightFile);
    }
    let version = r.u32().ok_or(short(&r, 4))?;
    if version != VERSION {
        return Err(PatternFileError::Version { found: version });
    }
    let fingerprint = r.u64().ok_or(short(&r, 8))?;
    if r.u32().ok_or(short(&r, 4))? as usize != stages || fingerprint != set_fingerprint(stages) {
        return Err(PatternFileError::ForeignPatternSet);
    }
    let units = r.u32().ok_or(short(&r, 4))?;
    if units != UNITS_PER_DISC {
        return Err(PatternFileError::Units { found: units });
    }
    let meta_len = r.u32().ok_or(short(&r, 4))? as usize;
    let metadata = r.take(meta_len).ok_or(short(&r, meta_len))?;
    let metadata = std::str::from_utf8(metadata)
        .map_err(|_| PatternFileError::Metadata)?
        .to_string();
    let encoded_len = r.u32().ok_or(short(&r, 4))? as usize;
    let truncated = PatternFileError::Truncated {
        expected: (r.at() + BIASES * 2 + 8).saturating_add(encoded_len),
        actual: bytes.len(),
    };
    let base = r.at();
    let encoded = r.take(encoded_len).ok_or(truncated.clone())?;
    let mut biases = [0i16; BIASES];
    for b in &mut biases {
        *b = r.i16().ok_or(truncated.clone())?;
    }
    let body_end = r.at();
    let stored = r.u64().ok_or(truncated)?;
    if r.at() < bytes.len() {
        return Err(PatternFileError::Trailing {
            extra: bytes.len() - r.at(),
        });
    }
    if stored != fnv1a(&bytes[..body_end]) {
        return Err(PatternFileError::Checksum);
    }
    let classes = decode(encoded, base, stages * classes_per_stage(patterns))?;
    Ok(StoredWeights {
        stages,
        metadata,
        classes,
        biases,
    })
}
