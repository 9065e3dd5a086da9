package dev.ply.shell

import dev.ply.appcore.Effect
import dev.ply.appcore.Event
import dev.ply.appcore.HomeEvent
import dev.ply.appcore.PlatformEvent
import dev.ply.core.GameKind
import dev.ply.appcore.PlayMode
import dev.ply.appcore.WorkProgress
import dev.ply.ffi.AppCore
import dev.ply.ffi.uniffiEnsureInitialized
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The search's progress ticks (every 100 ms while the computer thinks) as the shell performs
 * them: a tick reads the small progress view, not every view model. The cost of a tick from
 * Kotlin through the generated bindings is printed (`BENCH` lines, figures in
 * android/README.md), not asserted: the machine is shared.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProgressTickTest {

    @AfterEach
    fun removeTempDirs() = TempDirs.removeAll()

    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private val device = DeviceInfo(4L shl 30, 2L shl 30, 4)

    /** What AndroidPlatform does: a render reads the view model, a tick the progress view. */
    private class ReadingPlatform : RecordingPlatform() {
        lateinit var core: AppCore
        val progress = mutableListOf<WorkProgress>()
        override fun renderProgress() {
            super.renderProgress()
            progress += core.progressView()
        }
    }

    private fun percentile(xs: List<Double>, p: Double): Double {
        val sorted = xs.sorted()
        return sorted[((sorted.size - 1) * p).toInt()]
    }

    @Test
    fun aSearchTicksThroughTheMainThreadAsProgressAndATickCostsLittle() {
        val main = QueueExecutor()
        val platform = ReadingPlatform()
        val shell = PostingShell(post = { main.execute(it) }, perform = { EffectExecutor.perform(it, platform) })
        val core = TempDirs.core(appConfig(tempDir(), "test", device, null), shell, null)
        platform.core = core
        try {
            // A history to show (iOS read it on every render), then the computer against itself
            // at level 10: it is thinking nearly all the time, and its searches tick.
            repeat(20) { core.quickWin(platform) }
            core.waitIdle(10_000uL)
            main.drain()
            core.sendNow(Event.Platform(PlatformEvent.ScreenShown), platform)
            core.sendNow(Event.Home(HomeEvent.ChooseGame(GameKind.OTHELLO)), platform)
            core.sendNow(Event.Home(HomeEvent.ChooseMode(PlayMode.COMPUTER_VS_COMPUTER)), platform)
            core.sendNow(Event.Home(HomeEvent.ChooseLevel(10u)), platform)
            core.sendNow(Event.Home(HomeEvent.NewGame), platform)
            platform.calls.clear()
            val deadline = System.nanoTime() + 20_000_000_000L
            while (platform.progress.count { it.thinking != null } < 5 && System.nanoTime() < deadline) {
                Thread.sleep(20)
                main.drain()
            }
            val thinking = platform.progress.mapNotNull { it.thinking }
            assertTrue(thinking.size >= 5, "ticks with the computer thinking: ${platform.progress}")
            assertTrue(thinking.all { it.text.startsWith("Thinking…") }, thinking.toString())
            assertTrue("progress" in platform.calls)
            assertEquals(20, core.historyView()?.entries?.size)

            // The cost of one tick now, and of what a tick cost before: Android's whole render
            // (`view()`, the board with its labelled cells) and iOS's six reads.
            val tick = ArrayList<Double>()
            val android = ArrayList<Double>()
            val ios = ArrayList<Double>()
            var thinkingSamples = 0
            val measuring = object : RecordingPlatform() {
                var last: WorkProgress? = null
                override fun renderProgress() {
                    last = core.progressView()
                }
            }
            repeat(3) { round ->
                repeat(300) {
                    var t0 = System.nanoTime()
                    EffectExecutor.perform(listOf(Effect.RenderProgress), measuring)
                    if (round > 0) tick += (System.nanoTime() - t0) / 1000.0
                    if (measuring.last?.thinking != null) thinkingSamples++
                    t0 = System.nanoTime()
                    core.view()
                    if (round > 0) android += (System.nanoTime() - t0) / 1000.0
                    t0 = System.nanoTime()
                    core.view()
                    core.boardView()
                    core.homeView()
                    core.afterGameView()
                    core.historyView()
                    core.settingsView()
                    if (round > 0) ios += (System.nanoTime() - t0) / 1000.0
                    main.drain()
                }
            }
            for ((what, xs) in listOf(
                "tick now: RenderProgress -> progressView()" to tick,
                "tick before, Android: view()" to android,
                "tick before, iOS: six view reads" to ios,
            )) {
                println("BENCH $what: median %.1f µs, p99 %.1f µs (%d samples, %d of %d ticks with the computer thinking)".format(
                    percentile(xs, 0.5), percentile(xs, 0.99), xs.size, thinkingSamples, 900))
            }
            assertEquals(600, tick.size)
        } finally {
            core.dispatch(Event.Platform(PlatformEvent.ScreenHidden))
            core.waitIdle(30_000uL)
            core.destroy()
        }
    }
}
