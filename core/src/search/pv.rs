//! Triangular principal-variation table: one line per ply, grown on demand (O(depth²) moves).

/// Principal variations under construction, `lines[ply]` holding the line from that ply down.
#[derive(Clone, Debug, Default)]
pub struct PvTable<M> {
    lines: Vec<Vec<M>>,
}

impl<M: Copy> PvTable<M> {
    pub fn new() -> Self {
        PvTable { lines: Vec::new() }
    }

    /// Empties the line of `ply` (entering a node).
    pub fn clear(&mut self, ply: u32) {
        let i = ply as usize;
        if self.lines.len() <= i + 1 {
            self.lines.resize_with(i + 2, Vec::new);
        }
        if let Some(line) = self.lines.get_mut(i) {
            line.clear();
        }
    }

    /// The line at `ply` becomes `mv` followed by the line at `ply + 1`.
    pub fn update(&mut self, ply: u32, mv: M) {
        let i = ply as usize;
        if self.lines.len() <= i + 1 {
            self.lines.resize_with(i + 2, Vec::new);
        }
        let (head, tail) = self.lines.split_at_mut(i + 1);
        if let (Some(line), Some(child)) = (head.last_mut(), tail.first()) {
            line.clear();
            line.push(mv);
            line.extend_from_slice(child);
        }
    }

    pub fn line(&self, ply: u32) -> &[M] {
        self.lines
            .get(ply as usize)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }
}
