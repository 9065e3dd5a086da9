package dev.ply.shell

import dev.ply.core.AppCore
import dev.ply.core.Cue
import dev.ply.core.Effect
import dev.ply.core.Event
import dev.ply.core.Screen
import dev.ply.core.SyncProblem
import dev.ply.core.SyncResult
import dev.ply.core.uniffiEnsureInitialized
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.util.concurrent.Executor
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EffectExecutorTest {
    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private val device = DeviceInfo(4L shl 30, 2L shl 30, 4)

    @Test
    fun effectsArePerformedInOrderWithOneRenderAtTheEnd() {
        val p = RecordingPlatform()
        EffectExecutor.perform(
            listOf(
                Effect.Render,
                Effect.SaveUiState("a"),
                Effect.Cue(Cue.MOVE),
                Effect.Announce("The computer played f5"),
                Effect.Render,
                Effect.ScheduleSync(1_700_000_000_000uL, true),
                Effect.StoreToken("t"),
                Effect.SaveUiState("b"),
                Effect.StoreToken(null),
            ),
            p,
        )
        assertEquals(
            listOf(
                "cue:MOVE", "announce:The computer played f5", "schedule:1700000000000 any network", "token:t", "save:b",
                "token:null", "render",
            ),
            p.calls,
        )
        val none = RecordingPlatform()
        EffectExecutor.perform(emptyList(), none)
        assertTrue(none.calls.isEmpty(), "no effect, no render")
        assertEquals(Long.MAX_VALUE, EffectExecutor.millis(ULong.MAX_VALUE))
        assertEquals(42L, EffectExecutor.millis(42uL))
    }

    @Test
    fun theCoresOwnWorkReachesTheMainThreadThroughThePostingShell() {
        val main = QueueExecutor()
        val p = RecordingPlatform()
        val shell = PostingShell(post = { main.execute(it) }, perform = { EffectExecutor.perform(it, p) })
        val core = AppCore(appConfig(tempDir(), "test", device, null), shell, null)
        try {
            core.sendNow(Event.ScreenShown, p)
            core.sendNow(Event.ChooseMode(dev.ply.core.PlayMode.COMPUTER_VS_COMPUTER), p)
            core.sendNow(Event.ChooseLevel(1u), p)
            p.calls.clear()
            core.sendNow(Event.NewGame, p)
            assertEquals(Screen.BOARD, core.view()?.screen)
            assertTrue(core.waitIdle(60_000uL))
            assertTrue(main.size > 0, "the computer's moves were posted, not performed on its thread")
            val before = p.calls.size
            main.drain()
            assertTrue(p.calls.drop(before).contains("render"))
            assertTrue(p.calls.any { it.startsWith("announce:") && it.contains("played") }, "${p.calls}")
            assertTrue(assertNotNull(core.boardView()).finished)
        } finally {
            core.destroy()
        }
    }

    @Test
    fun aBackgroundRunLeavesItsRetryToTheWorker() {
        val main = QueueExecutor()
        val p = RecordingPlatform()
        val shell = PostingShell(post = { main.execute(it) }, perform = { EffectExecutor.perform(it, p) })
        val core = AppCore(appConfig(tempDir(), "test", device, null), shell, OfflineTransport())
        try {
            core.sendNow(Event.Background, p)
            core.sendNow(Event.SetServerUrl("https://collector.example"), p)
            core.sendNow(Event.SetSyncEnabled(true), p)
            core.quickWin(p)
            assertTrue(core.waitIdle(30_000uL))
            main.drain()
            assertTrue(p.calls.any { it.startsWith("schedule:") }, "in the background a finished game asks for a sync: ${p.calls}")
            p.calls.clear()
            val result = assertNotNull(shell.backgroundSync { core.backgroundSync() })
            assertEquals(1uL, result.remaining)
            assertNotNull(result.problem)
            assertEquals(BackgroundSync.Outcome.RETRY, BackgroundSync.outcome(result, 0))
            assertTrue(core.waitIdle(30_000uL))
            main.drain()
            assertTrue(p.calls.none { it.startsWith("schedule:") }, "the worker's own run schedules nothing: ${p.calls}")
            // Outside a background run the core's ScheduleSync reaches the platform again.
            core.sendNow(Event.Foreground, p)
            core.sendNow(Event.Background, p)
            assertTrue(p.calls.any { it.startsWith("schedule:") }, "${p.calls}")
        } finally {
            core.destroy()
        }
    }

    @Test
    fun theWorkerRetriesAFewTimesThenGivesUp() {
        fun result(remaining: Long, problem: SyncProblem?) = SyncResult(
            newToken = null, tokenRefused = false, sent = 1uL, accepted = 0uL, duplicates = 0uL, rejected = 0uL,
            remaining = remaining.toULong(), nextAttemptAtMs = null, problem = problem,
        )
        assertEquals(BackgroundSync.Outcome.SUCCESS, BackgroundSync.outcome(null, 0), "nothing to send")
        assertEquals(BackgroundSync.Outcome.SUCCESS, BackgroundSync.outcome(result(0, null), 3))
        assertEquals(BackgroundSync.Outcome.RETRY, BackgroundSync.outcome(result(2, SyncProblem.Unreachable("offline")), 0))
        assertEquals(BackgroundSync.Outcome.RETRY, BackgroundSync.outcome(result(0, SyncProblem.TokenRefused(null)), 0))
        assertEquals(BackgroundSync.Outcome.RETRY, BackgroundSync.outcome(result(2, SyncProblem.Unreachable("offline")), BackgroundSync.MAX_ATTEMPTS - 2))
        assertEquals(BackgroundSync.Outcome.FAILURE, BackgroundSync.outcome(result(2, SyncProblem.Unreachable("offline")), BackgroundSync.MAX_ATTEMPTS - 1))
        assertEquals(0L, BackgroundSync.initialDelayMs(1_000, 5_000), "a time in the past runs at once")
        assertEquals(4_000L, BackgroundSync.initialDelayMs(9_000, 5_000))
    }

    @Test
    fun allowingMeteredNetworksReplacesAPendingUnmeteredRequest() {
        val (anyNetwork, cancelled) = BackgroundSync.uniqueWork(meteredOk = true)
        val (unmetered, cancelledToo) = BackgroundSync.uniqueWork(meteredOk = false)
        assertEquals(BackgroundSync.UNIQUE_WORK, anyNetwork)
        assertEquals(unmetered, cancelled, "allowing metered cancels the unmetered request")
        assertEquals(anyNetwork, cancelledToo, "and forbidding it cancels the any-network one")
        assertTrue(anyNetwork != unmetered)
    }

    @Test
    fun theDeviceFactsBecomeTheCoresConfiguration() {
        val c = appConfig("/data/x", "1.0", DeviceInfo(-1, 1L shl 30, -2), "tok")
        assertEquals(0uL, c.totalRamBytes, "unknown is zero")
        assertEquals(1uL shl 30, c.availableRamBytes)
        assertEquals(0u, c.cpuCores)
        assertEquals(dev.ply.core.ClientPlatform.ANDROID, c.platform)
        assertEquals("tok", c.token)
        // A small phone gets a small table (the core's rule, shown in Settings).
        val core = AppCore(appConfig(tempDir(), "test", DeviceInfo(1L shl 30, 1L shl 29, 2), null), PostingShell({}, {}), null)
        try {
            assertEquals(32uL shl 20, core.limits().ttBytes, "1 GiB with half free: 32 MiB table")
            assertTrue(assertNotNull(core.settingsView()).memory.contains("32 MiB"), core.settingsView()?.memory)
        } finally {
            core.destroy()
        }
    }
}

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CoreHostTest {
    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private val device = DeviceInfo(4L shl 30, 2L shl 30, 4)

    @Test
    fun aFailingStartShowsAnErrorAndARetryStartsTheCore() {
        val main = QueueExecutor()
        val background = QueueExecutor()
        val p = RecordingPlatform()
        val host = CoreHost(background, main, p)
        val states = mutableListOf<CoreHost.State>()
        host.observe { states += it }
        host.start({ throw UnsatisfiedLinkError("libply_ffi.so not found") }, { emptyList() })
        host.send(Event.ScreenShown)
        background.drain()
        main.drain()
        val failed = assertIs<CoreHost.State.Failed>(host.state)
        assertTrue(failed.reason.contains("libply_ffi.so"), failed.reason)
        assertNull(host.core)
        assertNull(host.awaitCore(10), "the worker does not wait for a core that failed")
        host.send(Event.OpenHistory) // dropped, no crash

        val dir = tempDir()
        host.start({ shell -> AppCore(appConfig(dir, "test", device, null), shell, null) }, { listOf(Event.Accessibility(false)) })
        assertIs<CoreHost.State.Starting>(host.state)
        host.send(Event.ScreenShown)
        host.send(Event.OpenSettings)
        background.drain()
        main.drain()
        val core = assertNotNull(host.core)
        assertEquals(Screen.SETTINGS, core.view()?.screen, "the events sent while starting went in")
        assertEquals("render", p.calls.last())
        assertEquals(
            listOf(CoreHost.State.Starting::class, CoreHost.State.Failed::class, CoreHost.State.Starting::class, CoreHost.State.Ready::class),
            states.map { it::class },
        )
        host.send(Event.OpenHome)
        assertEquals(Screen.HOME, core.view()?.screen)
        host.start({ error("not again") }, { emptyList() })
        assertIs<CoreHost.State.Ready>(host.state, "a started core is kept")
        core.destroy()
    }

    @Test
    fun theFirstEventsGoInBeforeTheWaitingOnes() {
        val main = QueueExecutor()
        val background = Executor { it.run() }
        val p = RecordingPlatform()
        val dir = tempDir()
        // A game on Home from an earlier process, whose UI state says Home.
        val first = AppCore(appConfig(dir, "test", device, null), PostingShell({}, {}), null)
        val saver = RecordingPlatform()
        first.sendNow(Event.ScreenShown, saver)
        first.sendNow(Event.ChooseGame(dev.ply.core.GameKind.CONNECT_FOUR), saver)
        first.sendNow(Event.ChooseMode(dev.ply.core.PlayMode.TWO_PLAYERS), saver)
        first.sendNow(Event.NewGame, saver)
        first.sendNow(Event.PlayNotation("4"), saver)
        first.sendNow(Event.OpenHome, saver)
        assertTrue(first.waitIdle(30_000uL))
        first.destroy()
        val blob = saver.calls.last { it.startsWith("save:") }.removePrefix("save:")

        val host = CoreHost(background, main, p)
        host.send(Event.ScreenShown)
        host.start({ shell -> AppCore(appConfig(dir, "test", device, null), shell, null) }, { listOf(Event.RestoreUi(blob)) })
        main.drain()
        val core = assertNotNull(host.core)
        assertEquals(Screen.HOME, core.view()?.screen, "restored before ScreenShown")
        assertTrue(assertNotNull(core.homeView()).canResume)
        host.send(Event.OpenBoard)
        assertEquals(listOf("4"), core.boardView()?.moves)
        core.destroy()
    }
}
