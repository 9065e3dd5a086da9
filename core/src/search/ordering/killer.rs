//! Killer moves: quiet moves that recently caused a cut-off, tried early at similar nodes.

use crate::search::config::KillerMode;

/// Killer tables of one search.
#[derive(Clone, Debug)]
pub struct Killers<M> {
    mode: KillerMode,
    /// Two slots per ply, slot 0 the most recent.
    per_ply: Vec<[Option<M>; 2]>,
    /// The global list, most recent first, at most `n` long.
    global: Vec<M>,
}

impl<M: Copy + PartialEq> Killers<M> {
    pub fn new(mode: KillerMode) -> Self {
        let cap = match mode {
            KillerMode::Global { n } => n.min(1024),
            _ => 0,
        };
        Killers {
            mode,
            per_ply: Vec::new(),
            global: Vec::with_capacity(cap),
        }
    }

    /// The killers to try at `ply`, best first.
    pub fn at(&self, ply: usize) -> impl Iterator<Item = M> + '_ {
        let per_ply = match self.mode {
            KillerMode::PerPly => self.per_ply.get(ply).copied().unwrap_or([None, None]),
            _ => [None, None],
        };
        let global: &[M] = match self.mode {
            KillerMode::Global { .. } => &self.global,
            _ => &[],
        };
        per_ply.into_iter().flatten().chain(global.iter().copied())
    }

    pub fn on_cutoff(&mut self, ply: usize, mv: M) {
        match self.mode {
            KillerMode::Off => {}
            KillerMode::PerPly => {
                if self.per_ply.len() <= ply {
                    self.per_ply.resize(ply + 1, [None, None]);
                }
                if let Some(slots) = self.per_ply.get_mut(ply)
                    && slots[0] != Some(mv)
                {
                    slots[1] = slots[0];
                    slots[0] = Some(mv);
                }
            }
            KillerMode::Global { n } => match self.global.iter().position(|&m| m == mv) {
                Some(i) => self.global[..=i].rotate_right(1),
                None => {
                    self.global.insert(0, mv);
                    self.global.truncate(n.max(1));
                }
            },
        }
    }

    pub fn clear(&mut self) {
        self.per_ply.clear();
        self.global.clear();
    }
}
