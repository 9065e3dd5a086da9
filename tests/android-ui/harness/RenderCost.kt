package dev.ply.uitest

import androidx.compose.runtime.Composer
import androidx.compose.runtime.CompositionTracer
import androidx.compose.runtime.InternalComposeTracingApi
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import dev.ply.appcore.Event
import dev.ply.appcore.BoardEvent
import dev.ply.appcore.ConfirmationEvent
import dev.ply.appcore.HomeEvent
import dev.ply.core.GameKind
import dev.ply.appcore.ThinkingKind
import dev.ply.appcore.ThinkingView
import dev.ply.appcore.WorkProgress

/**
 * Counts the composable bodies the Compose compiler's trace markers report, by function: a
 * recomposition of a function is one more body run. The compiler inserts the markers in every
 * composable it compiles (the UI's, and Compose's own), so what a tick or a render recomposes can
 * be read off without touching the UI's code.
 */
@OptIn(InternalComposeTracingApi::class)
object Recompositions : CompositionTracer {
    private val counts = HashMap<String, Int>()

    override fun isTraceInProgress(): Boolean = true

    override fun traceEventStart(key: Int, dirty1: Int, dirty2: Int, info: String) {
        // "dev.ply.app.ui.Board (BoardCanvas.kt:62)": the function's name is enough.
        val name = info.substringBefore(' ')
        counts[name] = (counts[name] ?: 0) + 1
    }

    override fun traceEventEnd() {}

    fun install() = Composer.setTracer(this)

    /** The counts since the last call, and starts counting afresh. */
    fun take(): Map<String, Int> = HashMap(counts).also { counts.clear() }
}

private fun percentile(sorted: List<Double>, p: Double): Double =
    sorted[((sorted.size - 1) * p).toInt().coerceIn(0, sorted.size - 1)]

/** Milliseconds, median and p99. */
private fun summary(ms: List<Double>): String {
    val s = ms.sorted()
    return "%.2f ms median, %.2f ms p99 (%d runs)".format(percentile(s, 0.5), percentile(s, 0.99), s.size)
}

/** The app's own composables only, most run first. */
private fun ours(counts: Map<String, Int>, runs: Int): String =
    counts.filterKeys { it.startsWith("dev.ply.app.ui.") }.entries.sortedByDescending { it.value }
        .joinToString(", ") { "%s %.1f".format(it.key.removePrefix("dev.ply.app.ui."), it.value.toDouble() / runs) }
        .ifEmpty { "none" }

private class Case(val name: String, val drive: (Session) -> Unit)

/**
 * The board screen's cost on the JVM (Compose desktop, skia's CPU raster, a 360 by 780 dp phone
 * at density 2): composing, laying out and drawing it from nothing; a progress tick (the search's
 * line redrawn: what recomposes, and the frame's time); and a move's render (a new view model).
 * `bash tests/android-ui.sh --bench` runs it once with the UI compiled with the stability
 * configuration and once without.
 */
fun main(args: Array<String>) {
    val label = args.firstOrNull() ?: "this build"
    val runs = 40
    Recompositions.install()
    val ui = JvmPlatformUi(Strings(Session.RES, "en"))
    val cases = listOf(
        Case("Othello, mid-game (64 cells)") { s -> s.twoPlayers(GameKind.OTHELLO); s.play("f5", "d6", "c3", "f4", "e6", "f6") },
        Case("Chinese Checkers (121 holes)") { s ->
            s.send(Event.Home(HomeEvent.ChooseGame(GameKind.CHINESE_CHECKERS)))
            s.send(Event.Home(HomeEvent.ChoosePlayers(2u)))
            s.vm.home!!.seats.forEach { s.send(Event.Home(HomeEvent.ChooseSeat(it.seat, true))) }
            s.send(Event.Home(HomeEvent.NewGame))
            if (s.vm.confirmation != null) s.send(Event.Confirmation(ConfirmationEvent.ACCEPT))
            s.firstMoves(6)
        },
    )
    println("Render cost on the JVM, $label:")
    for (case in cases) onUiThread {
        Session().use { s ->
            case.drive(s)
            val w = WINDOWS.first()
            val px = { v: Int -> (v * w.density).toInt() }
            // The screen from nothing: a new scene's first frame.
            val fresh = (0 until runs).map {
                val t0 = System.nanoTime()
                val scene = ImageComposeScene(px(w.width), px(w.height), Density(w.density)) { App(s, ui, dark = false) { } }
                scene.render(0)
                val t = (System.nanoTime() - t0) / 1e6
                scene.close()
                t
            }
            val scene = ImageComposeScene(px(w.width), px(w.height), Density(w.density)) { App(s, ui, dark = false) { } }
            var clock = 0L
            fun frame(): Double {
                clock += 16_000_000
                val t0 = System.nanoTime()
                scene.render(clock)
                return (System.nanoTime() - t0) / 1e6
            }
            repeat(5) { frame() }
            Recompositions.take()
            // Ticks: the search's progress line with a new count, as the core sends every 100 ms.
            val ticks = (1..runs).map { i ->
                s.platform.progress.value = WorkProgress(ThinkingView(ThinkingKind.MOVE, i.toULong() * 1000uL, "Thinking… ${i * 1000} positions"), null)
                frame()
            }
            val perTick = Recompositions.take()
            s.platform.progress.value = null
            repeat(3) { frame() }
            Recompositions.take()
            // Renders: a move and its undo, each a new view model read from the core.
            val renders = (1..runs).map { i ->
                s.send(if (i % 2 == 1) Event.Board(BoardEvent.Undo) else Event.Board(BoardEvent.Redo))
                frame()
            }
            val perRender = Recompositions.take()
            scene.close()
            println("  ${case.name}")
            println("    the board screen composed and drawn from nothing: ${summary(fresh)}")
            println("    a progress tick's frame: ${summary(ticks)}; recomposed per tick: ${ours(perTick, runs)}")
            println("    a move's render (undo, redo): ${summary(renders)}; recomposed per render: ${ours(perRender, runs)}")
        }
    }
}
