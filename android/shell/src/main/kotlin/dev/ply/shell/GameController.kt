package dev.ply.shell

import dev.ply.core.ClientPlatform
import dev.ply.core.ComputerMove
import dev.ply.core.EngineLimits
import dev.ply.core.GameKind
import dev.ply.core.GameSession
import dev.ply.core.GameStatus
import dev.ply.core.MoveInfo
import dev.ply.core.Outbox
import dev.ply.core.PlayerKind
import dev.ply.core.PlyException
import dev.ply.core.Side
import dev.ply.core.Snapshot
import java.util.concurrent.Executor
import java.util.concurrent.atomic.AtomicLong

/** Something the screen reacts to once (navigation, WorkManager), as opposed to the drawn state. */
sealed class GameEvent {
    /** The game ended; its record is in the outbox under [recordId] (null without an outbox or on failure). */
    data class Finished(val recordId: String?, val statusText: String) : GameEvent()

    /** A finished game waits in the outbox: the app enqueues its sync work. */
    data object SyncRequested : GameEvent()
}

/** Receives the controller's output on the main executor. */
interface GameListener {
    fun onState(state: BoardViewState)
    fun onEvent(event: GameEvent) {}
}

/** How records describe this app (`GameSession.set_client`). */
data class ClientDescription(val appVersion: String, val platform: ClientPlatform, val totalRamBytes: Long)

/**
 * The game screen's state machine around one [GameSession].
 *
 * Threads: call every public method on the UI thread; [main] must run tasks on that thread
 * (the app: the main looper; tests: a queue drained by the test). Searches and outbox writes
 * run on [background], which must run its tasks one after another (a single-thread executor):
 * a cancelled search then always returns before the next one starts.
 *
 * Against the computer, the computer's turn starts a search at once; undo, redo, a new game or
 * [close] cancel it (a late result is ignored). In computer-against-computer games undo/redo
 * pause the play until [resume].
 */
class GameController private constructor(
    val setup: GameSetup,
    private val session: GameSession,
    private val background: Executor,
    private val main: Executor,
    private val outbox: Outbox?,
    private val history: FinishedGames?,
    initialStats: List<MoveStat>,
) {
    private var listener: GameListener? = null
    private var marks = UiMarks()
    private var snapshot: Snapshot = session.snapshot()
    /**
     * Bumped whenever a running or queued search's result must be ignored. Read by the
     * background task before it starts, so a search queued before an undo never starts.
     */
    private val generation = AtomicLong(0)
    private var closed = false
    private var autoPlay = true
    /** The board screen is shown (see [leave]/[enter]); no search starts while it is not. */
    private var onScreen = true
    /** The end that was already recorded (so one end is recorded once). */
    private var recordedEnd = false
    private val stats = sortedMapOf<Int, MoveStat>().apply { initialStats.forEach { put(it.ply, it) } }

    /** The current view state. */
    var state: BoardViewState = build()
        private set

    companion object {
        /**
         * A new game from [setup]; every search is capped by [limits] (the device's). With an
         * [outbox], the finished game is stored there and [GameEvent.SyncRequested] follows; with
         * [history] as well, it is also remembered there for the history screen.
         */
        fun create(
            setup: GameSetup,
            limits: EngineLimits?,
            background: Executor,
            main: Executor,
            outbox: Outbox? = null,
            client: ClientDescription? = null,
            history: FinishedGames? = null,
        ): GameController {
            val (first, second) = setup.players()
            val session = GameSession(setup.game, first, second, setup.startPosition)
            configure(session, limits, client)
            return GameController(setup, session, background, main, outbox, history, emptyList())
        }

        /** Rebuilds a saved game by replaying its moves (throws [PlyException] if one is illegal). */
        fun restore(
            saved: SavedGame,
            limits: EngineLimits?,
            background: Executor,
            main: Executor,
            outbox: Outbox? = null,
            client: ClientDescription? = null,
            history: FinishedGames? = null,
        ): GameController {
            val setup = saved.setup
            // Replayed as two humans (the session refuses human moves on a computer's turn), then
            // the computer players take their seats.
            val session = GameSession(setup.game, PlayerKind.Human, PlayerKind.Human, setup.startPosition)
            for (m in saved.moves) session.play(m)
            val (first, second) = setup.players()
            if (first != PlayerKind.Human) session.setPlayer(Side.FIRST, first)
            if (second != PlayerKind.Human) session.setPlayer(Side.SECOND, second)
            saved.resignedBy?.let { session.resign(it) }
            configure(session, limits, client)
            val c = GameController(setup, session, background, main, outbox, history, saved.stats)
            // A restored finished game was recorded before the process died (the outbox keeps it).
            c.recordedEnd = c.snapshot.status !is GameStatus.Playing
            return c
        }

        private fun configure(session: GameSession, limits: EngineLimits?, client: ClientDescription?) {
            limits?.let { session.setLimits(it) }
            client?.let { session.setClient(it.appVersion, it.platform, it.totalRamBytes.coerceAtLeast(0).toULong()) }
        }
    }

    /** Starts delivering states and events to [l] (at once with the current state) and starts the computer if it is to move. */
    fun attach(l: GameListener) {
        listener = l
        l.onState(state)
        maybeStartComputer()
    }

    /** The engine limits every search of this game is clamped to. */
    fun limits(): EngineLimits = session.limits()

    /** Human taps the cell with [index] (Connect Four: any cell of a column drops there). */
    fun tap(index: Int) {
        if (closed || !state.acceptsInput) return
        stopHint()
        val legal = snapshot.legalMoves
        when (setup.game) {
            GameKind.OTHELLO -> {
                val m = legal.firstOrNull { it.to?.toInt() == index }
                if (m != null) playMove(m) else say("Not a legal move")
            }
            GameKind.CONNECT_FOUR -> {
                val col = index % snapshot.cols.toInt()
                val m = legal.firstOrNull { it.column?.toInt() == col }
                if (m != null) playMove(m) else say("That column is full")
            }
            GameKind.DRAUGHTS, GameKind.RELAXED_DRAUGHTS -> tapDraughts(index, legal)
        }
    }

    private fun tapDraughts(index: Int, legal: List<MoveInfo>) {
        val selected = marks.selected
        val fromHere = legal.any { it.from?.toInt() == index }
        if (selected != null) {
            val choices = legal.filter { it.from?.toInt() == selected && it.to?.toInt() == index }
            when {
                choices.size == 1 -> playMove(choices[0])
                choices.size > 1 -> update(marks.copy(pathChoices = choices, message = "Choose the capture path"))
                fromHere -> update(marks.copy(selected = index, pathChoices = emptyList(), message = null))
                else -> update(marks.copy(selected = null, pathChoices = emptyList(), message = null))
            }
        } else if (fromHere) {
            update(marks.copy(selected = index, message = null))
        } else {
            val piece = snapshot.cells.getOrNull(index)?.piece
            say(if (piece != null && pieceName(piece) != null) "That piece cannot move" else "Select a piece to move first")
        }
    }

    /** Plays the capture path the user picked among [BoardViewState.pathChoices]. */
    fun choosePath(choice: Int) {
        val m = marks.pathChoices.getOrNull(choice) ?: return
        if (!state.acceptsInput) return
        playMove(m)
    }

    /** Drops the draughts selection and any pending path choice. */
    fun cancelSelection() {
        if (marks.selected != null || marks.pathChoices.isNotEmpty()) update(marks.copy(selected = null, pathChoices = emptyList(), message = null))
    }

    /** Othello: the human to move has no disc to place and passes. */
    fun pass() {
        if (!state.acceptsInput) return
        snapshot.legalMoves.firstOrNull { it.isPass }?.let { playMove(it) }
    }

    /** Plays a human move given in notation (keyboard/accessibility input). */
    fun playNotation(text: String) {
        if (!state.acceptsInput) return
        val m = snapshot.legalMoves.firstOrNull { it.notation.equals(text.trim(), ignoreCase = true) }
        if (m != null) playMove(m) else say("Not a legal move: $text")
    }

    private fun playMove(m: MoveInfo) {
        stopHint()
        val after = try {
            // One call for the move and the new picture (half the FFI crossings of a tap).
            session.playIndexAndSnapshot(m.index)
        } catch (e: PlyException) {
            say(e.message ?: "That move cannot be played")
            return
        }
        forgetStatsFrom(snapshot.moveNumber.toInt())
        marks = UiMarks()
        changed(after)
    }

    /** Asks the engine for a move for the human to move; shown as [CellView.hint]. */
    fun hint() {
        if (closed || !state.canHint) return
        val mine = generation.incrementAndGet()
        update(marks.copy(thinking = Thinking.HINT, thinkingNodes = 0, hint = null, message = null))
        background.execute {
            if (generation.get() != mine) return@execute
            val result = runCatching { session.hint(null) }
            main.execute { hintDone(mine, result) }
        }
    }

    private fun hintDone(mine: Long, result: Result<ComputerMove>) {
        if (closed || mine != generation.get()) return
        val m = marks.copy(thinking = Thinking.NONE, thinkingNodes = session.thinkingNodes().toLong())
        result.fold(
            onSuccess = { update(m.copy(hint = it.played, message = "Hint: ${it.played.notation}")) },
            onFailure = { update(if (it is PlyException.Cancelled) m else m.copy(message = "No hint: ${it.message}")) },
        )
    }

    private fun stopHint() {
        if (marks.thinking == Thinking.HINT) {
            generation.incrementAndGet()
            session.cancel()
            marks = marks.copy(thinking = Thinking.NONE)
        }
    }

    /** Takes back moves until a human is to move again (cancels the computer's search). */
    fun undo() {
        if (closed) return
        cancelSearch()
        if (!setup.mode.hasHuman()) autoPlay = false
        userChange("Cannot undo") {
            session.undo()
            recordedEnd = recordedEnd && session.snapshot().status !is GameStatus.Playing
        }
    }

    /** Replays undone moves until a human is to move again. */
    fun redo() {
        if (closed) return
        cancelSearch()
        if (!setup.mode.hasHuman()) autoPlay = false
        userChange("Cannot redo") { session.redo() }
    }

    /** Continues the computer's play after [pause] (or after undo/redo in computer-against-computer games). */
    fun resume() {
        if (closed) return
        autoPlay = true
        publish()
        maybeStartComputer()
    }

    /** The user stops the computer's play: cancels any search and starts none until [resume]. */
    fun pause() {
        if (closed) return
        cancelSearch()
        autoPlay = false
        publish()
    }

    /**
     * The board screen is left (navigation, not a rotation): cancels any search and starts none
     * until [enter]. Unlike [pause] this is not the user's choice, so [enter] continues the play.
     */
    fun leave() {
        if (closed || !onScreen) return
        onScreen = false
        cancelSearch()
        publish()
    }

    /** The board screen is shown again: the computer continues if it is to move and not paused by the user. */
    fun enter() {
        if (closed || onScreen) return
        onScreen = true
        publish()
        maybeStartComputer()
    }

    /** The computer's play is paused (see [pause]); the board offers "resume". */
    val paused: Boolean get() = !autoPlay

    /** Against the computer the human resigns; otherwise the side to move does. */
    fun resign() {
        if (closed || snapshot.status !is GameStatus.Playing) return
        cancelSearch()
        val side = if (setup.mode == PlayMode.VS_COMPUTER) setup.humanSide else snapshot.sideToMove
        userChange("Cannot resign") { session.resign(side) }
    }

    /**
     * Applies a change the user asked for (undo, redo, resign) and redraws from a fresh snapshot
     * with the transient marks cleared; when the core refuses it, says why ([failure] if the
     * error has no message) and changes nothing.
     */
    private fun userChange(failure: String, change: () -> Unit) {
        try {
            change()
        } catch (e: PlyException) {
            say(e.message ?: failure)
            return
        }
        marks = UiMarks()
        changed()
    }

    /** Reads the running search's node count (the app calls this a few times a second while thinking). */
    fun pollThinking() {
        if (closed || marks.thinking == Thinking.NONE) return
        val nodes = session.thinkingNodes().toLong()
        if (nodes != marks.thinkingNodes) update(marks.copy(thinkingNodes = nodes))
    }

    /** Leaving the screen or starting a new game: cancels any search; the controller is done. */
    fun close() {
        if (closed) return
        cancelSearch()
        closed = true
        listener = null
    }

    /** What to keep in `SavedStateHandle`. */
    fun saved(): SavedGame {
        val s = snapshot
        val resigned = (s.status as? GameStatus.Won)?.takeIf { it.reason == dev.ply.core.EndReason.RESIGNATION }
            ?.let { if (it.winner == Side.FIRST) Side.SECOND else Side.FIRST }
        return SavedGame(setup, s.history, resigned, stats.values.filter { it.ply < s.moveNumber.toInt() })
    }

    /** The computer's moves of the game so far (for the after-game chart). */
    fun moveStats(): List<MoveStat> = stats.values.filter { it.ply < snapshot.moveNumber.toInt() }

    /** The after-game screen's data. */
    fun afterGame(): AfterGameReport = AfterGameReport.of(setup, snapshot, state.statusText, moveStats(), notation())

    /** The game in its standard notation (PDN with tags for finished draughts games). */
    fun notation(): String = try {
        session.notation()
    } catch (e: PlyException) {
        snapshot.history.joinToString(" ")
    }

    /** The finished game's record v1 JSON (throws `PlyException.BadRecord` while playing). */
    fun recordJson(): String = session.recordJson()

    /** The current snapshot of the session (tests and the after-game screen). */
    fun snapshot(): Snapshot = snapshot

    private fun cancelSearch() {
        if (marks.thinking != Thinking.NONE) {
            generation.incrementAndGet()
            session.cancel()
            marks = marks.copy(thinking = Thinking.NONE)
        }
    }

    private fun say(message: String) = update(marks.copy(message = message))

    private fun update(m: UiMarks) {
        marks = m
        publish()
    }

    private fun changed(current: Snapshot = session.snapshot()) {
        snapshot = current
        publish()
        if (snapshot.status !is GameStatus.Playing) recordEnd() else maybeStartComputer()
    }

    private fun publish() {
        state = build()
        listener?.onState(state)
    }

    private fun build(): BoardViewState = buildViewState(snapshot, marks, humanToMove = !snapshot.computerToMove, paused = !autoPlay)

    private fun maybeStartComputer() {
        val s = snapshot
        if (closed || listener == null || !autoPlay || !onScreen || marks.thinking != Thinking.NONE) return
        if (s.status !is GameStatus.Playing || !s.computerToMove) return
        val mine = generation.incrementAndGet()
        update(marks.copy(thinking = Thinking.COMPUTER_MOVE, thinkingNodes = 0, message = null))
        background.execute {
            if (generation.get() != mine) return@execute
            val result = runCatching { session.computerMove(null) }
            main.execute { computerDone(mine, result) }
        }
    }

    private fun computerDone(mine: Long, result: Result<ComputerMove>) {
        if (closed) return
        if (mine != generation.get()) {
            // Cancelled in the instant between the check and the search's start, the search may
            // still have played (computer against computer, or after pause): show the truth.
            if (result.isSuccess && session.snapshot().moveNumber != snapshot.moveNumber) {
                marks = marks.copy(hint = null, selected = null, pathChoices = emptyList())
                changed()
            }
            return
        }
        marks = marks.copy(thinking = Thinking.NONE)
        result.fold(
            onSuccess = { cm ->
                val ply = session.snapshot().moveNumber.toInt() - 1
                forgetStatsFrom(ply)
                stats[ply] = MoveStat(
                    ply = ply, notation = cm.played.notation, side = cm.played.player,
                    nodes = cm.stats.nodes.toLong(), timeMs = cm.stats.timeMs, depth = cm.stats.depth.toInt(),
                    score = cm.stats.score, algorithm = cm.stats.algorithm,
                )
                marks = UiMarks()
                changed()
            },
            onFailure = { e ->
                if (e !is PlyException.Cancelled) say("The computer could not move: ${e.message}") else publish()
            },
        )
    }

    private fun forgetStatsFrom(ply: Int) {
        stats.keys.filter { it >= ply }.forEach { stats.remove(it) }
    }

    private fun recordEnd() {
        if (recordedEnd) return
        recordedEnd = true
        val text = state.statusText
        val box = outbox
        if (box == null) {
            listener?.onEvent(GameEvent.Finished(null, text))
            return
        }
        val game = setup.game
        background.execute {
            val id = runCatching { box.addSession(session) }.getOrNull()
            // The list is only for display: failing to write it must not hide the finished game.
            if (id != null) runCatching { history?.add(FinishedGame(id, game, text, System.currentTimeMillis())) }
            main.execute {
                val l = listener ?: return@execute
                l.onEvent(GameEvent.Finished(id, text))
                if (id != null) l.onEvent(GameEvent.SyncRequested)
            }
        }
    }
}

private fun PlayMode.hasHuman(): Boolean = this != PlayMode.COMPUTER_VS_COMPUTER
