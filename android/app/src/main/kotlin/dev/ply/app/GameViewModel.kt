package dev.ply.app

import android.app.Application
import androidx.core.content.ContextCompat
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import dev.ply.shell.AfterGameReport
import dev.ply.shell.BoardViewState
import dev.ply.shell.GameController
import dev.ply.shell.GameEvent
import dev.ply.shell.GameListener
import dev.ply.shell.GameSetup
import dev.ply.shell.SavedGame
import dev.ply.shell.Thinking
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/**
 * Holds the game across rotation (ViewModel) and process death (the shell's [SavedGame] string
 * in [SavedStateHandle]). Android glue only: every decision is in [GameController].
 */
class GameViewModel(app: Application, private val handle: SavedStateHandle) : AndroidViewModel(app), GameListener {
    private val ply = app as PlyApplication
    /** One search at a time, off the main thread (the controller relies on this order). */
    private val background: ExecutorService = Executors.newSingleThreadExecutor { r -> Thread(r, "ply-engine") }
    private val main = ContextCompat.getMainExecutor(app)
    private var controller: GameController? = null
    private var ticker: Job? = null

    private val _state = MutableStateFlow<BoardViewState?>(null)
    val state: StateFlow<BoardViewState?> = _state

    init {
        handle.get<String>(KEY)?.let { text ->
            runCatching { SavedGame.decode(text) }.getOrNull()?.let { saved ->
                runCatching {
                    GameController.restore(saved, ply.deviceLimits.limits, background, main, ply.outbox, ply.client, ply.finishedGames)
                }.getOrNull()?.let { attach(it) }
            }
        }
    }

    val hasGame: Boolean get() = controller != null

    /** Starts a game from the home screen's choices (the settings' custom weights as [GameSetup.withStoredWeights] says). */
    fun newGame(setup: GameSetup) {
        controller?.close()
        val choices = setup.withStoredWeights(null)
        ply.store.saveSetup(choices)
        val start = choices.withStoredWeights(ply.store.weights(setup.game))
        attach(GameController.create(start, ply.deviceLimits.limits, background, main, ply.outbox, ply.client, ply.finishedGames))
    }

    private fun attach(c: GameController) {
        controller = c
        c.attach(this)
    }

    override fun onState(state: BoardViewState) {
        _state.value = state
        controller?.let { handle[KEY] = it.saved().encode() }
        if (state.thinking != Thinking.NONE) startTicker()
    }

    override fun onEvent(event: GameEvent) {
        // The board shows the result itself (gameOver); only the sync needs the event.
        if (event == GameEvent.SyncRequested) {
            SyncScheduler.gameFinished(ply, ply.store.sync(), runCatching { ply.outbox.pendingCount().toLong() }.getOrDefault(1))
        }
    }

    /** Polls the live node count while the computer thinks. */
    private fun startTicker() {
        if (ticker?.isActive == true) return
        ticker = viewModelScope.launch {
            while (isActive && (_state.value?.thinking ?: Thinking.NONE) != Thinking.NONE) {
                delay(150)
                controller?.pollThinking()
            }
        }
    }

    fun tap(index: Int) = controller?.tap(index)
    fun choosePath(i: Int) = controller?.choosePath(i)
    fun cancelSelection() = controller?.cancelSelection()
    fun pass() = controller?.pass()
    fun hint() = controller?.hint()
    fun undo() = controller?.undo()
    fun redo() = controller?.redo()
    fun resign() = controller?.resign()
    fun resume() = controller?.resume()
    fun setup(): GameSetup? = controller?.setup
    fun afterGame(): AfterGameReport? = controller?.afterGame()

    /** Leaving the board (not rotating): the computer stops thinking; the game stays for "resume game". */
    fun leave() = controller?.leave()

    /** Back on the board: the computer continues if it is to move (unless the user paused it). */
    fun enter() = controller?.enter()

    override fun onCleared() {
        controller?.close()
        background.shutdownNow()
    }

    private companion object {
        const val KEY = "ply.game"
    }
}
