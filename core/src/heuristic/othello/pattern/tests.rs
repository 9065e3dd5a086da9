use super::file::{self, BIASES, PatternFileError, StoredWeights};
use super::geometry::transform_bits;
use super::*;
use crate::game::Game;
use crate::rng::SplitMix64;
use proptest::prelude::*;

/// Weights with every class and bias drawn at random: symmetry must hold for any weights, not
/// only for trained ones (which might be symmetric by luck of the data).
fn random_weights(seed: u64) -> PatternWeights {
    let mut rng = SplitMix64::new(seed);
    let mut draw = || (rng.below(2001) as i32 - 1000) as i16;
    let classes = (0..STAGES * LAYOUT.classes_per_stage)
        .map(|_| draw())
        .collect();
    let mut biases = [0i16; BIASES];
    for b in &mut biases {
        *b = draw();
    }
    PatternWeights::from_stored(StoredWeights {
        stages: STAGES,
        metadata: "random, for tests".into(),
        classes,
        biases,
    })
}

/// Disjoint random discs on about three quarters of the board: the side to move's, the other's.
pub(super) fn random_board(rng: &mut SplitMix64) -> (u64, u64) {
    let fill = rng.next_u64() | rng.next_u64();
    let player = rng.next_u64() & fill;
    (player, !player & fill)
}

/// A position reached by `plies` random legal moves from the start.
fn random_position(seed: u64, plies: usize) -> Othello {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Othello::start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        pos.legal_moves(&mut moves);
        pos.play(moves[rng.below(moves.len())]);
    }
    pos
}

/// The value summed square by square from the patterns' definitions, without the layout's
/// tables: every placement's configuration read from its squares, its class found by trying
/// the shape's symmetries, the class's stored weight added.
fn plain_value(stored: &StoredWeights, player: u64, opponent: u64) -> i32 {
    let empties = (!(player | opponent)).count_ones();
    let mut sum = i32::from(stored.biases[empties as usize]);
    let mut class_base = stage(empties) * LAYOUT.classes_per_stage;
    for p in &LAYOUT.patterns {
        for inst in &p.instances {
            let config = inst.iter().fold(0usize, |acc, &s| {
                let bit = 1u64 << s;
                acc * 3
                    + if player & bit != 0 {
                        1
                    } else if opponent & bit != 0 {
                        2
                    } else {
                        0
                    }
            });
            sum += i32::from(stored.classes[class_base + p.class_of[config] as usize]);
        }
        class_base += p.classes;
    }
    sum
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_value_is_the_same_under_all_eight_symmetries(seed in any::<u64>(), plies in 0usize..60) {
        let weights = random_weights(seed ^ 0x5eed);
        let pos = random_position(seed, plies);
        let (p, o) = (pos.player(), pos.opponent());
        let value = weights.raw(p, o);
        for t in 1..8 {
            prop_assert_eq!(weights.raw(transform_bits(t, p), transform_bits(t, o)), value, "symmetry {}", t);
        }
    }

    #[test]
    fn the_tables_agree_with_the_patterns_read_square_by_square(seed in any::<u64>(), plies in 0usize..60) {
        let weights = random_weights(seed);
        let pos = random_position(seed.rotate_left(7), plies);
        prop_assert_eq!(
            weights.raw(pos.player(), pos.opponent()),
            plain_value(&weights.stored, pos.player(), pos.opponent())
        );
    }
}

#[test]
fn a_weight_file_reads_back_bit_for_bit() {
    let weights = random_weights(3);
    let bytes = weights.to_bytes();
    let back = PatternWeights::from_bytes(&bytes).expect("reads");
    assert_eq!(back.stored, weights.stored);
    assert_eq!(back.to_bytes(), bytes);
}

#[test]
fn damaged_and_foreign_files_are_typed_errors() {
    let bytes = random_weights(4).to_bytes();
    let read = |b: &[u8]| PatternWeights::from_bytes(b).map(|_| ()).unwrap_err();
    assert!(matches!(
        read(&bytes[..bytes.len() - 1000]),
        PatternFileError::Truncated { actual, expected } if actual == bytes.len() - 1000 && expected == bytes.len()
    ));
    assert_eq!(read(&bytes[..5]), PatternFileError::NotAWeightFile);
    assert_eq!(
        read(b"GIF89a, not weights"),
        PatternFileError::NotAWeightFile
    );
    let mut edited = bytes.clone();
    edited[200] ^= 1;
    assert_eq!(read(&edited), PatternFileError::Checksum);
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(read(&longer), PatternFileError::Trailing { extra: 1 });
    let mut version = bytes.clone();
    version[8] = 9;
    assert_eq!(read(&version), PatternFileError::Version { found: 9 });
    // A file for another stage count: its header's stages and fingerprint are another set's.
    let mut foreign = bytes.clone();
    foreign[20] = 13;
    assert_eq!(read(&foreign), PatternFileError::ForeignPatternSet);
    let mut fingerprint = bytes;
    fingerprint[12] ^= 0x40;
    assert_eq!(read(&fingerprint), PatternFileError::ForeignPatternSet);
}

/// `bytes` with its weights section replaced by `encoded` and the checksum made right again, so
/// that only the encoding is wrong.
fn with_weights_section(bytes: &[u8], encoded: &[u8]) -> Vec<u8> {
    let meta_len = u32::from_le_bytes([bytes[28], bytes[29], bytes[30], bytes[31]]) as usize;
    let at = 32 + meta_len;
    let old_len = u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let biases = &bytes[at + 4 + old_len as usize..bytes.len() - 8];
    let mut out = bytes[..at].to_vec();
    out.extend_from_slice(&(encoded.len() as u32).to_le_bytes());
    out.extend_from_slice(encoded);
    out.extend_from_slice(biases);
    let sum = crate::bytes::fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

#[test]
fn badly_encoded_weights_are_typed_errors() {
    let bytes = random_weights(5).to_bytes();
    let total = (STAGES * LAYOUT.classes_per_stage) as u64;
    let run = |n: u64| {
        let mut v = Vec::new();
        crate::bytes::put_varint(&mut v, (n << 1) | 1);
        v
    };
    let why =
        |encoded: &[u8]| match PatternWeights::from_bytes(&with_weights_section(&bytes, encoded)) {
            Err(PatternFileError::Encoding { why, .. }) => why,
            other => panic!("{other:?}"),
        };
    // Zeros for every weight read back; one more or one fewer is refused.
    assert!(PatternWeights::from_bytes(&with_weights_section(&bytes, &run(total))).is_ok());
    assert_eq!(
        why(&run(total + 1)),
        "more weights than the pattern set has"
    );
    assert_eq!(
        why(&run(total - 1)),
        "fewer weights than the pattern set has"
    );
    let mut one_more = run(total);
    one_more.push(2);
    assert_eq!(why(&one_more), "more weights than the pattern set has");
    // A varint cut short, and a weight beyond i16.
    assert_eq!(why(&[0x80]), "a number runs past its end");
    let mut big = Vec::new();
    crate::bytes::put_varint(&mut big, 70_000 << 1);
    assert_eq!(why(&big), "a weight out of range");
}

#[test]
fn every_placement_fits_the_evaluations_buffer() {
    assert_eq!(LAYOUT.instances(), 46);
    assert!(LAYOUT.instances() <= MAX_PLACEMENTS);
}

#[test]
fn a_layout_larger_than_the_buffer_sums_the_same_weights() {
    let mut rng = SplitMix64::new(21);
    // A weight that varies with the configuration, so a lost or repeated one changes the sum.
    let weight = |c: u32| (c % 9973) as i32 + 1;
    for _ in 0..300 {
        let (player, opponent) = random_board(&mut rng);
        let mut plain = 0;
        LAYOUT.for_each_config_square_by_square(player, opponent, |c| plain += weight(c));
        for got in [
            sum_weights::<MAX_PLACEMENTS>(&LAYOUT, player, opponent, weight),
            sum_weights::<7>(&LAYOUT, player, opponent, weight),
            sum_weights::<46>(&LAYOUT, player, opponent, weight),
            sum_weights::<1>(&LAYOUT, player, opponent, weight),
            LAYOUT.sum_weights(player, opponent, weight),
        ] {
            assert_eq!(got, plain);
        }
    }
}

#[test]
fn the_stages_are_five_plies() {
    assert_eq!(stage(60), 0);
    assert_eq!(stage(56), 0);
    assert_eq!(stage(55), 1);
    assert_eq!(stage(1), 11);
    assert_eq!(stage(0), 11);
    assert_eq!(file::BIASES, 61);
}

#[test]
fn an_unfinished_position_has_the_same_value_without_the_look_for_the_end() {
    let eval = PatternEvaluator::new(Arc::new(random_weights(5)));
    let (mut unfinished, mut finished) = (0, 0);
    for seed in 0..400 {
        let pos = random_position(seed, (seed % 64) as usize);
        if pos.outcome().is_some() {
            finished += 1;
            continue;
        }
        unfinished += 1;
        assert_eq!(
            eval.evaluate_unfinished(&pos),
            eval.evaluate(&pos),
            "seed {seed}"
        );
    }
    // Both kinds were drawn: the finished ones are what `evaluate` alone settles.
    assert!(unfinished > 300 && finished > 0, "{unfinished} {finished}");
}
