package dev.ply.shell

import dev.ply.appcore.Event
import dev.ply.appcore.BoardEvent
import dev.ply.appcore.ConfirmationEvent
import dev.ply.appcore.HomeEvent
import dev.ply.appcore.NavigationEvent
import dev.ply.appcore.PlatformEvent
import dev.ply.core.GameKind
import dev.ply.appcore.PlayMode
import dev.ply.appcore.ScreenView
import dev.ply.ffi.AppCore
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

/**
 * The core's question before replacing a game, through the generated bindings as the Android app
 * drives them: the dialog is drawn from `ViewModel.confirmation`, its state reaches the platform
 * through `SaveUiState` (what `AndroidPlatform` keeps in SharedPreferences), and after process
 * death `CoreHost` restores it with the first events, so the dialog is up again.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConfirmationJourneyTest {

    @AfterEach
    fun removeTempDirs() = TempDirs.removeAll()

    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private val device = DeviceInfo(4L shl 30, 2L shl 30, 4)

    @Test
    fun aNewGameQuestionSurvivesProcessDeathAndBackCancelsIt() {
        val dir = tempDir()
        val saver = RecordingPlatform()
        val first = TempDirs.core(appConfig(dir, "test", device, null), PostingShell({}, {}), null)
        first.sendNow(Event.Platform(PlatformEvent.ScreenShown), saver)
        first.sendNow(Event.Home(HomeEvent.ChooseGame(GameKind.CONNECT_FOUR)), saver)
        first.sendNow(Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)), saver)
        first.sendNow(Event.Home(HomeEvent.NewGame), saver)
        assertNull(first.view()?.confirmation, "no game to lose: no question")
        first.sendNow(Event.Board(BoardEvent.PlayNotation("4")), saver)
        first.sendNow(Event.Navigation(NavigationEvent.OpenHome), saver)
        first.sendNow(Event.Home(HomeEvent.NewGame), saver)
        val asked = assertNotNull(first.view()?.confirmation, "a game with a move: the core asks")
        assertEquals("Start a new game?", asked.question)
        assertEquals("New game", asked.confirm)
        assertEquals("Cancel", asked.cancel)
        assertFalse(assertNotNull(first.view()).backLeavesApp, "system back goes to the dialog, not out of the app")
        assertEquals(listOf("4"), first.boardView()?.moves, "nothing replaced before the answer")
        assertTrue(first.waitIdle(30_000uL))
        first.destroy()
        // The process dies with the dialog up; the platform kept the last saved UI state.
        val blob = saver.calls.last { it.startsWith("save:") }.removePrefix("save:")

        val main = QueueExecutor()
        val p = RecordingPlatform()
        val host = CoreHost(Executor { it.run() }, main, p) { listOf("de-DE") }
        host.start(
            { shell -> TempDirs.core(appConfig(dir, "test", device, null), shell, null) },
            { listOf(Event.Platform(PlatformEvent.RestoreUi(blob)), Event.Platform(PlatformEvent.Languages(listOf("de-DE")))) },
        )
        main.drain()
        val core = assertNotNull(host.core)
        val view = assertNotNull(core.view())
        assertIs<ScreenView.Home>(view.screen)
        val again = assertNotNull(view.confirmation, "the dialog is up again after the restore")
        assertEquals("Neues Spiel beginnen?", again.question, "in the phone's language")
        assertEquals("Abbrechen", again.cancel)

        // The system back (the dialog's dismissal) cancels: the same game, still on home.
        p.calls.clear()
        host.send(Event.Navigation(NavigationEvent.Back))
        main.drain()
        assertNull(core.view()?.confirmation)
        assertIs<ScreenView.Home>(core.view()?.screen)
        assertEquals(listOf("4"), core.boardView()?.moves)
        val saved = p.calls.last { it.startsWith("save:") }
        assertFalse(saved.contains("NewGame"), "the answer reaches the saved state: $saved")

        host.send(Event.Home(HomeEvent.NewGame))
        host.send(Event.Confirmation(ConfirmationEvent.ACCEPT))
        main.drain()
        assertNull(core.view()?.confirmation)
        assertIs<ScreenView.Board>(core.view()?.screen)
        assertEquals(emptyList(), core.boardView()?.moves, "a new game")
        core.destroy()
    }
}
