package dev.ply.shell

import dev.ply.appcore.BackgroundOutcome
import dev.ply.appcore.Cue
import dev.ply.appcore.Effect
import dev.ply.appcore.Event
import dev.ply.appcore.BoardEvent
import dev.ply.appcore.ConfirmationEvent
import dev.ply.appcore.HomeEvent
import dev.ply.appcore.NavigationEvent
import dev.ply.appcore.PlatformEvent
import dev.ply.appcore.SettingsEvent
import dev.ply.appcore.ScreenView
import dev.ply.ffi.AppCore
import dev.ply.ffi.syncRetryBaseSeconds
import dev.ply.ffi.syncWorkerPolicy
import dev.ply.ffi.uniffiEnsureInitialized
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.util.concurrent.Executor
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EffectExecutorTest {

    @AfterEach
    fun removeTempDirs() = TempDirs.removeAll()

    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private val device = DeviceInfo(4L shl 30, 2L shl 30, 4)

    @Test
    fun effectsArePerformedInOrderAsTheCoreBatchesThem() {
        val p = RecordingPlatform()
        EffectExecutor.perform(
            listOf(
                Effect.SaveUiState("a"),
                Effect.Cue(Cue.MOVE),
                Effect.Announce("The computer played f5"),
                Effect.ScheduleSync(1_700_000_000_000uL, true),
                Effect.StoreToken("t"),
                Effect.StoreToken(null),
                Effect.Render,
            ),
            p,
        )
        assertEquals(
            listOf(
                "save:a", "cue:MOVE", "announce:The computer played f5", "schedule:1700000000000 any network", "token:t",
                "token:null", "render",
            ),
            p.calls,
        )
        // Why the shell may perform every effect as given: the core's batches that change the
        // view end with their one render, carry at most one saved UI state, and one that changes
        // nothing asks for no render.
        val core = TempDirs.core(appConfig(tempDir(), "test", device, null), PostingShell({}, {}), null)
        try {
            // The core's start reads its files on its own thread and draws when that is done, so
            // the first ScreenShown may find the screen drawn already: then it changes nothing.
            assertTrue(core.waitIdle(10_000uL), "the core's start finishes")
            val shown = core.dispatch(Event.Platform(PlatformEvent.ScreenShown))
            assertTrue(shown.count { it is Effect.Render } <= 1, shown.toString())
            assertTrue(shown.isEmpty() || shown.last() == Effect.Render, shown.toString())
            for (e in listOf(Event.Home(HomeEvent.ChooseLevel(3u)), Event.Home(HomeEvent.NewGame), Event.Board(BoardEvent.PlayNotation("f5")), Event.Board(BoardEvent.Resign), Event.Confirmation(ConfirmationEvent.ACCEPT), Event.Navigation(NavigationEvent.OpenHome))) {
                val fx = core.dispatch(e)
                assertEquals(Effect.Render, fx.last(), fx.toString())
                assertEquals(1, fx.count { it is Effect.Render }, fx.toString())
                assertTrue(fx.count { it is Effect.SaveUiState } <= 1, fx.toString())
                assertEquals(0, fx.count { it is Effect.RenderProgress }, fx.toString())
            }
            val again = core.dispatch(Event.Platform(PlatformEvent.ScreenShown))
            assertEquals(0, again.count { it is Effect.Render }, again.toString())
        } finally {
            core.destroy()
        }
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
        val core = TempDirs.core(appConfig(tempDir(), "test", device, null), shell, null)
        try {
            core.sendNow(Event.Platform(PlatformEvent.ScreenShown), p)
            // The whole game at once: a watch game's pace is a wait this test has no use for.
            core.sendNow(Event.Settings(SettingsEvent.SetWatchPace(dev.ply.appcore.WatchPace.FAST)), p)
            core.sendNow(Event.Home(HomeEvent.ChooseMode(dev.ply.appcore.PlayMode.COMPUTER_VS_COMPUTER)), p)
            core.sendNow(Event.Home(HomeEvent.ChooseLevel(1u)), p)
            p.calls.clear()
            core.sendNow(Event.Home(HomeEvent.NewGame), p)
            assertIs<ScreenView.Board>(core.view()?.screen)
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
    fun aBackgroundRunsOutcomeBecomesTheWorkersResultAndTheCoreAsksForNothingDuringIt() {
        val main = QueueExecutor()
        val p = RecordingPlatform()
        val shell = PostingShell(post = { main.execute(it) }, perform = { EffectExecutor.perform(it, p) })
        val core = TempDirs.core(appConfig(tempDir(), "test", device, null), shell, OfflineTransport())
        try {
            core.sendNow(Event.Platform(PlatformEvent.Background), p)
            assertEquals(BackgroundSync.Outcome.SUCCESS, BackgroundSync.outcome(core.backgroundSync()), "sync off: nothing to do")
            core.sendNow(Event.Settings(SettingsEvent.SetServerUrl("https://collector.example")), p)
            core.sendNow(Event.Settings(SettingsEvent.SetSyncEnabled(true)), p)
            core.quickWin(p)
            assertTrue(core.waitIdle(30_000uL))
            main.drain()
            assertTrue(p.calls.any { it.startsWith("schedule:") }, "in the background a finished game asks for a sync: ${p.calls}")
            p.calls.clear()
            // The collector cannot be reached: WorkManager retries, and the run itself asks for nothing.
            val outcome = core.backgroundSync()
            assertIs<BackgroundOutcome.RetryAfter>(outcome)
            assertTrue(outcome.seconds >= syncRetryBaseSeconds(), outcome.toString())
            assertEquals(BackgroundSync.Outcome.RETRY, BackgroundSync.outcome(outcome))
            assertTrue(core.waitIdle(30_000uL))
            main.drain()
            assertTrue(p.calls.none { it.startsWith("schedule:") }, "the worker's own run schedules nothing: ${p.calls}")
            // Outside a background run the core's ScheduleSync reaches the platform again.
            core.sendNow(Event.Platform(PlatformEvent.Foreground), p)
            core.sendNow(Event.Platform(PlatformEvent.Background), p)
            assertTrue(p.calls.any { it.startsWith("schedule:") }, "${p.calls}")
        } finally {
            core.destroy()
        }
        FakeCollector().use { collector ->
            val sent = TempDirs.core(appConfig(tempDir(), "test", device, null), PostingShell({}, {}), HttpUrlConnectionTransport())
            try {
                sent.sendNow(Event.Platform(PlatformEvent.NetworkCapabilities(internet = false, notMetered = false)), p)
                sent.sendNow(Event.Settings(SettingsEvent.SetServerUrl(collector.url)), p)
                sent.sendNow(Event.Settings(SettingsEvent.SetSyncEnabled(true)), p)
                sent.quickWin(p)
                sent.sendNow(Event.Platform(PlatformEvent.Background), p)
                sent.sendNow(Event.Platform(PlatformEvent.NetworkCapabilities(internet = true, notMetered = true)), p)
                assertTrue(sent.waitIdle(30_000uL))
                assertEquals(BackgroundSync.Outcome.SUCCESS, BackgroundSync.outcome(sent.backgroundSync()))
                assertEquals(1, collector.stored.size, "the game arrived")
            } finally {
                sent.destroy()
            }
        }
    }

    @Test
    fun eachOfTheCoresOutcomesHasItsWorkResult() {
        assertEquals(BackgroundSync.Outcome.SUCCESS, BackgroundSync.outcome(BackgroundOutcome.Done))
        assertEquals(BackgroundSync.Outcome.RETRY, BackgroundSync.outcome(BackgroundOutcome.RetryAfter(30uL)))
        assertEquals(BackgroundSync.Outcome.FAILURE, BackgroundSync.outcome(BackgroundOutcome.GiveUp))
        assertEquals(30uL, syncRetryBaseSeconds(), "WorkManager's backoff starts at the core's")
        // SyncWorker's results around the run are the core's: a late core or a stop runs again
        // (a failure() would end the unique work and every sync with it).
        val policy = syncWorkerPolicy()
        assertEquals(BackgroundSync.Outcome.RETRY, BackgroundSync.outcome(policy.coreNotStarted))
        assertEquals(BackgroundSync.Outcome.RETRY, BackgroundSync.outcome(policy.stoppedBeforeRun))
        assertEquals(syncRetryBaseSeconds(), policy.backoffBaseSeconds)
        assertEquals(0L, BackgroundSync.initialDelayMs(1_000, 5_000), "a time in the past runs at once")
        assertEquals(4_000L, BackgroundSync.initialDelayMs(9_000, 5_000))
    }

    /**
     * A phone cached after each use (API 34+ sends `TRIM_MEMORY_BACKGROUND` every time): through the
     * generated bindings, as `PlyApplication` sends the events (the raw trim levels of
     * `ComponentCallbacks2`: BACKGROUND 40, RUNNING_LOW 10, COMPLETE 80), the table is the device's again in the
     * foreground however many trips; a low level cuts it to a share until then.
     */
    @Test
    fun memoryPressureThroughTheBindingsEndsWithTheDevicesTable() {
        val core = TempDirs.core(appConfig(tempDir(), "test", device, null), PostingShell({}, {}), null)
        val p = RecordingPlatform()
        try {
            val table = core.limits().ttBytes
            assertEquals(128uL shl 20, table, "4 GiB with 2 GiB free")
            repeat(8) {
                core.sendNow(Event.Platform(PlatformEvent.ScreenHidden), p)
                core.sendNow(Event.Platform(PlatformEvent.Background), p)
                core.sendNow(Event.Platform(PlatformEvent.TrimMemory(40)), p)
                if (it == 3) {
                    core.sendNow(Event.Platform(PlatformEvent.TrimMemory(10)), p)
                    assertEquals(table / 4uL, core.limits().ttBytes)
                }
                core.sendNow(deviceMemory(device), p)
                core.sendNow(Event.Platform(PlatformEvent.Foreground), p)
                core.sendNow(Event.Platform(PlatformEvent.ScreenShown), p)
                assertEquals(table, core.limits().ttBytes, "trip $it")
            }
            core.sendNow(Event.Platform(PlatformEvent.TrimMemory(99)), p)
            assertEquals(table, core.limits().ttBytes, "a level the core does not know asks nothing")
            core.sendNow(Event.Platform(PlatformEvent.TrimMemory(80)), p)
            assertEquals(table / 16uL, core.limits().ttBytes)
            // A process started while memory was short gets the device's table on the way back.
            core.sendNow(Event.Platform(PlatformEvent.Background), p)
            core.sendNow(deviceMemory(DeviceInfo(4L shl 30, 3L shl 30, 4)), p)
            core.sendNow(Event.Platform(PlatformEvent.Foreground), p)
            assertEquals(table, core.limits().ttBytes)
            assertEquals(Event.Platform(PlatformEvent.DeviceMemory(0uL)), deviceMemory(DeviceInfo(1, -5, 1)), "unknown is zero")
        } finally {
            core.destroy()
        }
    }

    @Test
    fun oneUniqueWorkAndTheEarlierBuildsNamesRetired() {
        // A changed network rule travels in the replacing request, so one name serves both; the
        // name an earlier build used for unmetered requests is cancelled, never reused.
        assertTrue(BackgroundSync.UNIQUE_WORK !in BackgroundSync.RETIRED_WORK)
        assertEquals(listOf("ply-sync-unmetered"), BackgroundSync.RETIRED_WORK)
    }

    @Test
    fun theDeviceFactsBecomeTheCoresConfiguration() {
        val c = appConfig("/data/x", "1.0", DeviceInfo(-1, 1L shl 30, -2), "tok")
        assertEquals(0uL, c.totalRamBytes, "unknown is zero")
        assertEquals(1uL shl 30, c.availableRamBytes)
        assertEquals(0u, c.cpuCores)
        assertEquals(dev.ply.appcore.ClientPlatform.ANDROID, c.platform)
        assertEquals("tok", c.token)
        // A small phone gets a small table (the core's rule, shown in Settings).
        val core = TempDirs.core(appConfig(tempDir(), "test", DeviceInfo(1L shl 30, 1L shl 29, 2), null), PostingShell({}, {}), null)
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

    @AfterEach
    fun removeTempDirs() = TempDirs.removeAll()

    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private val device = DeviceInfo(4L shl 30, 2L shl 30, 4)

    @Test
    fun aFailingStartShowsAnErrorAndARetryStartsTheCore() {
        val main = QueueExecutor()
        val background = QueueExecutor()
        val p = RecordingPlatform()
        // A phone in Austrian German: the reason is the core's, in German.
        val host = CoreHost(background, main, p) { listOf("de-AT", "en-GB") }
        val states = mutableListOf<CoreHost.State>()
        host.observe { states += it }
        host.start({ throw java.io.IOException("core directory unreadable") }, { emptyList() })
        host.send(Event.Platform(PlatformEvent.ScreenShown))
        background.drain()
        main.drain()
        val failed = assertIs<CoreHost.State.Failed>(host.state)
        val reason = assertNotNull(failed.reason)
        assertTrue(reason.startsWith("Was schiefging: ") && reason.contains("IOException: core directory unreadable"), reason)
        assertFalse(failed.restartNeeded, "another start may succeed: the screen offers Try again")
        assertNull(host.core)
        assertNull(host.awaitCore(10), "the worker does not wait for a core that failed")
        host.send(Event.Navigation(NavigationEvent.OpenHistory)) // dropped, no crash

        val dir = tempDir()
        host.start({ shell -> TempDirs.core(appConfig(dir, "test", device, null), shell, null) }, { listOf(Event.Platform(PlatformEvent.Accessibility(false))) })
        assertIs<CoreHost.State.Starting>(host.state)
        host.send(Event.Platform(PlatformEvent.ScreenShown))
        host.send(Event.Navigation(NavigationEvent.OpenSettings))
        background.drain()
        main.drain()
        val core = assertNotNull(host.core)
        assertIs<ScreenView.Settings>(core.view()?.screen, "the events sent while starting went in")
        assertEquals("render", p.calls.last())
        assertEquals(
            listOf(CoreHost.State.Starting::class, CoreHost.State.Failed::class, CoreHost.State.Starting::class, CoreHost.State.Ready::class),
            states.map { it::class },
        )
        host.send(Event.Navigation(NavigationEvent.OpenHome))
        assertIs<ScreenView.Home>(core.view()?.screen)
        host.start({ error("not again") }, { emptyList() })
        assertIs<CoreHost.State.Ready>(host.state, "a started core is kept")
        core.destroy()
    }

    /** JNA's static initialiser failed once: no start in this process can load the library again. */
    @Test
    fun aLibraryThatDidNotLoadAsksForARestartInsteadOfAnotherTry() {
        for (error in listOf(UnsatisfiedLinkError("libply_ffi.so not found"), NoClassDefFoundError("Could not initialize class com.sun.jna.Native"))) {
            val main = QueueExecutor()
            val background = QueueExecutor()
            val host = CoreHost(background, main, RecordingPlatform()) { listOf("de-DE") }
            host.start({ throw error }, { emptyList() })
            background.drain()
            main.drain()
            val failed = assertIs<CoreHost.State.Failed>(host.state)
            assertTrue(failed.restartNeeded, failed.reason)
            assertNull(failed.reason, "no core can write it: the app's own text says to restart")
            var created = false
            host.start({ created = true; error("not reached") }, { emptyList() })
            assertEquals(0, background.drain(), "no second start is tried")
            assertFalse(created)
            assertEquals(failed, host.state)
        }
    }

    @Test
    fun theFirstEventsGoInBeforeTheWaitingOnes() {
        val main = QueueExecutor()
        val background = Executor { it.run() }
        val p = RecordingPlatform()
        val dir = tempDir()
        // A game on Home from an earlier process, whose UI state says Home.
        val first = TempDirs.core(appConfig(dir, "test", device, null), PostingShell({}, {}), null)
        val saver = RecordingPlatform()
        first.sendNow(Event.Platform(PlatformEvent.ScreenShown), saver)
        first.sendNow(Event.Home(HomeEvent.ChooseGame(dev.ply.core.GameKind.CONNECT_FOUR)), saver)
        first.sendNow(Event.Home(HomeEvent.ChooseMode(dev.ply.appcore.PlayMode.TWO_PLAYERS)), saver)
        first.sendNow(Event.Home(HomeEvent.NewGame), saver)
        first.sendNow(Event.Board(BoardEvent.PlayNotation("4")), saver)
        first.sendNow(Event.Navigation(NavigationEvent.OpenHome), saver)
        assertTrue(first.waitIdle(30_000uL))
        first.destroy()
        val blob = saver.calls.last { it.startsWith("save:") }.removePrefix("save:")

        val host = CoreHost(background, main, p) { listOf("en-US") }
        host.send(Event.Platform(PlatformEvent.ScreenShown))
        host.start({ shell -> TempDirs.core(appConfig(dir, "test", device, null), shell, null) }, { listOf(Event.Platform(PlatformEvent.RestoreUi(blob))) })
        main.drain()
        val core = assertNotNull(host.core)
        assertIs<ScreenView.Home>(core.view()?.screen, "restored before ScreenShown")
        assertTrue(assertNotNull(core.homeView()).canResume)
        host.send(Event.Navigation(NavigationEvent.OpenBoard))
        assertEquals(listOf("4"), core.boardView()?.moves)
        core.destroy()
    }
}
