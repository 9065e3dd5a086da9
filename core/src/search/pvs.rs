//! Principal variation search (NegaScout; the "Palphabeta" of the Connect Four paper).
//!
//! The first child of every node is searched with the full window `(alpha, beta)`; every later
//! child first with the null window `(alpha, alpha + 1)`, which only answers "better than the
//! best so far or not"; a child that fails high inside the window is searched again with the full
//! window (counted in `SearchStats::re_searches`). The body is shared with alpha-beta in
//! [`crate::search::alphabeta`] (`Ctx::negamax::<true>`).
