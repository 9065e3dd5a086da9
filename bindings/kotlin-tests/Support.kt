package dev.ply.core.tests

import dev.ply.core.EngineSettings
import dev.ply.core.GameKind
import dev.ply.core.GameSession
import dev.ply.core.GameStatus
import dev.ply.core.PlayerKind
import dev.ply.core.Snapshot
import dev.ply.core.settingsForDifficulty
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Every game kind the bindings offer. */
val ALL_KINDS = GameKind.values().toList()

/** The games of more than two players (played here with two, the fewest they seat). */
val MULTI_PLAYER_KINDS = setOf(GameKind.VIRUS, GameKind.FOCUS, GameKind.CHINESE_CHECKERS)

/**
 * The games random or weak play is sure to finish: every Virus move fills a square, but Focus has
 * no repetition rule and Chinese Checkers' marbles can wander for ever.
 */
val ENDING_KINDS = ALL_KINDS - setOf(GameKind.FOCUS, GameKind.CHINESE_CHECKERS)

/**
 * The Othello moves after which the opening book of real games has no move for the computer:
 * the person's f5 and c3, the computer's book replies d6 and d3; the person's c7 then leaves the
 * book (`ply search othello -p f5d6c3d3c7 --book` searches).
 */
val BOOK_LINE = listOf("f5", "d6", "c3", "d3")

fun humans(kind: GameKind, start: String? = null) = GameSession(kind, PlayerKind.Human, PlayerKind.Human, start)

fun computer(kind: GameKind, level: Int): PlayerKind.Computer =
    PlayerKind.Computer(settingsForDifficulty(kind, level.toUByte()))

fun fixedDepth(kind: GameKind, depth: Int): EngineSettings =
    settingsForDifficulty(kind, 5u).copy(depth = depth.toUInt(), timeMs = null)

/** Checks what must hold in every snapshot, whatever happened before. */
fun checkInvariants(s: Snapshot) {
    if (s.game == GameKind.CHINESE_CHECKERS) {
        // The star: 121 holes, each in a place of its own on the half-hole grid.
        assertEquals(121, s.cells.size)
        assertEquals(s.cells.size, s.cells.map { it.row to it.col }.toSet().size, "one hole per place")
        s.cells.forEachIndexed { i, c -> assertEquals(i.toUInt(), c.index) }
    } else {
        assertEquals((s.rows * s.cols).toInt(), s.cells.size, "one cell per square")
        s.cells.forEachIndexed { i, c ->
            assertEquals(i.toUInt(), c.index)
            assertEquals(c.index, c.row * s.cols + c.col)
        }
    }
    assertEquals(s.players.toInt(), s.counts.size)
    s.counts.forEachIndexed { p, n -> assertEquals(n.toInt(), s.cells.count { it.seat == p.toUInt() }, "player $p's count") }
    assertEquals(s.moveNumber.toInt(), s.history.size, "history has one entry per move")
    assertEquals(s.moveNumber > 0u, s.canUndo)
    val playing = s.status is GameStatus.Playing
    assertEquals(playing, s.legalMoves.isNotEmpty(), "legal moves exist exactly while playing: ${s.status}")
    s.legalMoves.forEachIndexed { i, m -> assertEquals(i.toUInt(), m.index) }
    val notations = s.legalMoves.map { it.notation }
    assertEquals(notations.size, notations.toSet().size, "legal move notations are unique")
    if (s.game !in MULTI_PLAYER_KINDS) {
        val first = s.cells.count { it.piece.name.let { n -> n == "BLACK" || n == "RED" || n.startsWith("BLACK_") } }
        val second = s.cells.count { it.piece.name.let { n -> n == "WHITE" || n == "YELLOW" || n.startsWith("WHITE_") } }
        assertEquals(first.toUInt(), s.firstCount)
        assertEquals(second.toUInt(), s.secondCount)
    }
    s.lastMove?.let { assertTrue(s.history.isNotEmpty() && s.history.last() == it.notation, "last move is the last in history") }
}

/** Plays random legal moves (alternating by index and by notation) until the game ends. */
fun playRandomGame(session: GameSession, rng: Random, maxPlies: Int = 400): Snapshot {
    var s = session.snapshot()
    var plies = 0
    while (s.status is GameStatus.Playing && plies < maxPlies) {
        val m = s.legalMoves[rng.nextInt(s.legalMoves.size)]
        val played = if (plies % 2 == 0) session.playIndex(m.index) else session.play(m.notation)
        assertEquals(m.notation, played.notation)
        s = session.snapshot()
        checkInvariants(s)
        plies++
    }
    return s
}
