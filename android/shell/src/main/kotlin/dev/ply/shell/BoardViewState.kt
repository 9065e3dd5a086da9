package dev.ply.shell

import dev.ply.core.EndReason
import dev.ply.core.GameKind
import dev.ply.core.GameStatus
import dev.ply.core.MoveInfo
import dev.ply.core.Piece
import dev.ply.core.Side
import dev.ply.core.Snapshot

/** One square as the Canvas draws it. */
data class CellView(
    val index: Int,
    val row: Int,
    val col: Int,
    val label: String,
    val piece: Piece,
    /** False for the light squares of a draughts board (never tappable). */
    val playable: Boolean,
    /** A legal move lands here (Othello disc, Connect Four drop cell, draughts destination). */
    val legalTarget: Boolean,
    /** Draughts, nothing selected: a piece that can move (tap it to select). */
    val movable: Boolean,
    /** Part of the last move (placed disc, dropped stone, draughts path). */
    val lastMove: Boolean,
    /** Turned, or jumped and removed, by the last move (animate it). */
    val changedByLastMove: Boolean,
    val selected: Boolean,
    /** Part of the hinted move. */
    val hint: Boolean,
    /** The accessibility label: "e4, black disc, legal move". */
    val description: String,
)

/** What is being searched right now. */
enum class Thinking { NONE, COMPUTER_MOVE, HINT }

/** Everything the board screen draws. Pure data: built from a [Snapshot] plus the controller's UI state. */
data class BoardViewState(
    val game: GameKind,
    val rows: Int,
    val cols: Int,
    val cells: List<CellView>,
    val sideToMove: Side,
    val firstName: String,
    val secondName: String,
    val firstCount: Int,
    val secondCount: Int,
    /** "Black to move", "Computer (White) is thinking…", "Red wins: four in a row". */
    val statusText: String,
    val turnText: String,
    val gameOver: Boolean,
    /** The human to move may tap the board. */
    val acceptsInput: Boolean,
    val thinking: Thinking,
    val thinkingNodes: Long,
    /** The computer is to move but its play is paused (offer "resume"). */
    val paused: Boolean,
    val canUndo: Boolean,
    val canRedo: Boolean,
    val canHint: Boolean,
    val canResign: Boolean,
    /** Othello: the human to move has no disc to place; offer a "pass" button. */
    val mustPass: Boolean,
    /** Draughts: several capture paths end on the tapped square; the user picks one. */
    val pathChoices: List<MoveInfo>,
    /** The last move, for the flip/drop/jump animation (null at the start). */
    val lastMove: MoveInfo?,
    val moveNumber: Int,
    /** The last error worth showing (illegal tap, failed search), cleared by the next action. */
    val message: String?,
) {
    fun cell(row: Int, col: Int): CellView? = cells.getOrNull(row * cols + col)
}

/** The UI-only part of the board state the controller keeps next to the session. */
internal data class UiMarks(
    val selected: Int? = null,
    val hint: MoveInfo? = null,
    val pathChoices: List<MoveInfo> = emptyList(),
    val thinking: Thinking = Thinking.NONE,
    val thinkingNodes: Long = 0,
    val message: String? = null,
)

internal fun pieceName(p: Piece): String? = when (p) {
    Piece.EMPTY -> null
    Piece.BLACK -> "black disc"
    Piece.WHITE -> "white disc"
    Piece.RED -> "red stone"
    Piece.YELLOW -> "yellow stone"
    Piece.BLACK_MAN -> "black man"
    Piece.BLACK_KING -> "black king"
    Piece.WHITE_MAN -> "white man"
    Piece.WHITE_KING -> "white king"
}

/** Cells a move marks: the draughts path (start included), or the placed/dropped cell. */
internal fun MoveInfo.cells(): List<Int> = (path.map { it.toInt() } + listOfNotNull(from?.toInt(), to?.toInt())).distinct()

internal fun statusText(game: GameKind, status: GameStatus, sideToMove: Side, thinking: Thinking, humanToMove: Boolean): String =
    when (status) {
        is GameStatus.Won -> {
            val by = if (game == GameKind.OTHELLO && status.margin > 0) " by ${status.margin} discs" else ""
            "${sideName(game, status.winner)} wins$by: ${reasonText(status.reason, status.winner, game)}"
        }
        is GameStatus.Draw -> "Draw: ${reasonText(status.reason, null, game)}"
        GameStatus.Playing -> when (thinking) {
            Thinking.COMPUTER_MOVE -> "Computer (${sideName(game, sideToMove)}) is thinking…"
            Thinking.HINT -> "Looking for a hint…"
            Thinking.NONE -> if (humanToMove) "${sideName(game, sideToMove)} to move" else "${sideName(game, sideToMove)} (computer) to move"
        }
    }

internal fun reasonText(reason: EndReason, winner: Side?, game: GameKind): String = when (reason) {
    EndReason.NO_MOVES_FOR_EITHER -> "neither side can move"
    EndReason.NO_MOVES_FOR_MOVER ->
        if (winner != null) "${sideName(game, if (winner == Side.FIRST) Side.SECOND else Side.FIRST)} cannot move" else "no moves"
    EndReason.FOUR_IN_A_ROW -> "four in a row"
    EndReason.BOARD_FULL -> "the board is full"
    EndReason.REPETITION -> "threefold repetition"
    EndReason.MOVE_LIMIT -> "40 moves without progress"
    EndReason.RESIGNATION -> "the opponent resigned"
}

/** Builds the view state; `humanToMove` says whether taps are accepted now. */
internal fun buildViewState(s: Snapshot, marks: UiMarks, humanToMove: Boolean, paused: Boolean = false): BoardViewState {
    val playing = s.status is GameStatus.Playing
    val input = playing && humanToMove && marks.thinking != Thinking.COMPUTER_MOVE
    val legal = if (input) s.legalMoves else emptyList()
    val targets: Set<Int> = when {
        s.game == GameKind.DRAUGHTS || s.game == GameKind.RELAXED_DRAUGHTS ->
            marks.selected?.let { sel -> legal.filter { it.from?.toInt() == sel }.mapNotNull { it.to?.toInt() }.toSet() } ?: emptySet()
        else -> legal.mapNotNull { it.to?.toInt() }.toSet()
    }
    val movable: Set<Int> = if (marks.selected == null) legal.mapNotNull { it.from?.toInt() }.toSet() else emptySet()
    val last = s.lastMove
    val lastCells = last?.cells()?.toSet() ?: emptySet()
    val changed = last?.let { (it.flipped + it.captured).map { c -> c.toInt() }.toSet() } ?: emptySet()
    val hintCells = marks.hint?.cells()?.toSet() ?: emptySet()
    val cells = s.cells.map { c ->
        val i = c.index.toInt()
        val flags = CellFlags(
            legalTarget = i in targets, movable = i in movable, lastMove = i in lastCells,
            selected = marks.selected == i, hint = i in hintCells,
        )
        CellView(
            index = i, row = c.row.toInt(), col = c.col.toInt(), label = c.label, piece = c.piece,
            playable = c.playable, legalTarget = flags.legalTarget, movable = flags.movable,
            lastMove = flags.lastMove, changedByLastMove = i in changed, selected = flags.selected,
            hint = flags.hint, description = describeCell(s.game, c.label, c.piece, c.playable, flags),
        )
    }
    val onlyPass = legal.isNotEmpty() && legal.all { it.isPass }
    val turn = if (playing) "${sideName(s.game, s.sideToMove)} to move" else "Game over"
    return BoardViewState(
        game = s.game,
        rows = s.rows.toInt(),
        cols = s.cols.toInt(),
        cells = cells,
        sideToMove = s.sideToMove,
        firstName = sideName(s.game, Side.FIRST),
        secondName = sideName(s.game, Side.SECOND),
        firstCount = s.firstCount.toInt(),
        secondCount = s.secondCount.toInt(),
        statusText = if (paused && playing && !humanToMove) "Paused: ${sideName(s.game, s.sideToMove)} (computer) to move"
        else statusText(s.game, s.status, s.sideToMove, marks.thinking, humanToMove),
        turnText = turn,
        gameOver = !playing,
        acceptsInput = input,
        thinking = marks.thinking,
        thinkingNodes = marks.thinkingNodes,
        paused = paused && playing && !humanToMove,
        canUndo = s.canUndo,
        canRedo = s.canRedo,
        canHint = input && marks.thinking == Thinking.NONE,
        canResign = playing,
        mustPass = input && onlyPass,
        pathChoices = marks.pathChoices,
        lastMove = last,
        moveNumber = s.moveNumber.toInt(),
        message = marks.message,
    )
}

internal data class CellFlags(
    val legalTarget: Boolean,
    val movable: Boolean,
    val lastMove: Boolean,
    val selected: Boolean,
    val hint: Boolean,
)

/** "e4, black disc, legal move"; "square 11, white king, selected"; "c1, empty". */
internal fun describeCell(game: GameKind, label: String, piece: Piece, playable: Boolean, f: CellFlags): String {
    if (!playable) return "light square"
    val name = if (game == GameKind.DRAUGHTS || game == GameKind.RELAXED_DRAUGHTS) "square $label" else label
    val parts = mutableListOf(name, pieceName(piece) ?: "empty")
    if (f.selected) parts += "selected"
    if (f.movable) parts += "can move"
    if (f.legalTarget) parts += "legal move"
    if (f.lastMove) parts += "last move"
    if (f.hint) parts += "hint"
    return parts.joinToString(", ")
}
