package dev.ply.shell

import dev.ply.core.GameKind
import dev.ply.core.GameSession
import dev.ply.core.HeuristicChoice
import dev.ply.core.Outbox
import dev.ply.core.Side
import dev.ply.core.uniffiEnsureInitialized
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.io.File
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** The home screen's model, the settings screen's edits, the history list, and leaving the board. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HomeAndHistoryTest {
    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    @Test
    fun everyHeuristicChipIsOfferedOnce() {
        for (game in HOME_GAMES) {
            val presets = dev.ply.core.heuristicPresets(game)
            val plain = heuristicOptions(game, hasCustomWeights = false)
            assertEquals(presets.toSet(), plain.map { it.preset }.toSet(), "$game: the core's presets and nothing else")
            assertEquals(plain.size, plain.map { it.label }.toSet().size, "$game: no label twice: $plain")
            assertEquals(DEFAULT_PRESET, plain.first().preset, "$game: default first")
            assertEquals(1, plain.count { it.preset == DEFAULT_PRESET })
            assertEquals(DEFAULT_PRESET, selectedHeuristic(plain, null)?.preset, "$game: no preset picked shows default")

            val custom = heuristicOptions(game, hasCustomWeights = true)
            assertEquals(listOf<String?>(null) + plain.map { it.preset }, custom.map { it.preset })
            assertEquals(custom.size, custom.map { it.label }.toSet().size)
            assertNull(selectedHeuristic(custom, null)?.preset, "$game: no preset picked shows the custom weights")
            assertEquals(DEFAULT_PRESET, selectedHeuristic(custom, DEFAULT_PRESET)?.preset)
        }
        // A preset of the game chosen before falls back to what "no preset" means.
        val othello = heuristicOptions(GameKind.OTHELLO, false)
        assertEquals(DEFAULT_PRESET, selectedHeuristic(othello, "no such preset")?.preset)
        // The level's own heuristic is the default preset: the chip that used to repeat it is gone.
        assertEquals(HeuristicChoice.Preset(DEFAULT_PRESET), GameSetup(difficulty = 7).engineSettings().heuristic)
    }

    @Test
    fun storedWeightsApplyOnlyWhenNoPresetIsPicked() {
        val weights = presetWeightsJson(GameKind.OTHELLO, "mobility")
        val noPreset = GameSetup(game = GameKind.OTHELLO).withStoredWeights(weights)
        assertEquals(HeuristicChoice.CustomWeights(weights), noPreset.engineSettings().heuristic)
        // The game really starts with them (the engine accepts its own preset's JSON).
        val (first, second) = noPreset.players()
        GameSession(GameKind.OTHELLO, first, second, null).destroy()

        val picked = GameSetup(game = GameKind.OTHELLO, engine = EngineOptions(heuristicPreset = "mobility")).withStoredWeights(weights)
        assertEquals(HeuristicChoice.Preset("mobility"), picked.engineSettings().heuristic)
        assertNull(noPreset.withStoredWeights(null).engine.customWeightsJson, "the home choices alone, as stored")
        assertNull(GameSetup().withStoredWeights("  ").engine.customWeightsJson)
    }

    @Test
    fun homeChoicesSurviveAsOneString() {
        val setup = GameSetup(
            game = GameKind.DRAUGHTS, mode = PlayMode.VS_COMPUTER, humanSide = Side.SECOND, difficulty = 8,
            engine = EngineOptions(AlgorithmChoice.SCOUT, OrderingChoice.HISTORY_ADS, heuristicPreset = "a=b,c\nd"),
        )
        assertEquals(setup, decodeGameSetup(setup.encode()))
        assertEquals(GameSetup(), decodeGameSetup(GameSetup().encode()))
        assertFailsWith<IllegalArgumentException> { decodeGameSetup("format=1\ngame=CHESS") }
        assertFailsWith<IllegalArgumentException> { decodeGameSetup("") }
    }

    @Test
    fun syncSettingsFromTheSwitchAndTheAddressField() {
        assertEquals(Validated.Ok(SyncSettings(false, "not a url")), SettingsValidation.syncSettings(false, " not a url "))
        assertEquals(Validated.Ok(SyncSettings(true, "https://ply.example.org")), SettingsValidation.syncSettings(true, "https://ply.example.org/"))
        val refused = assertIs<Validated.Invalid>(SettingsValidation.syncSettings(true, "ftp://ply.example.org"))
        assertIs<SettingsError.UnsupportedScheme>(refused.error)
        assertIs<SettingsError.EmptyUrl>(assertIs<Validated.Invalid>(SettingsValidation.syncSettings(true, "")).error)
    }

    @Test
    fun theWeightsEditorClearsSavesOrRefuses() {
        assertEquals(WeightsEdit.Clear, SettingsValidation.weightsEdit(GameKind.CONNECT_FOUR, "  \n"))
        for (game in HOME_GAMES) {
            val json = presetWeightsJson(game)
            assertEquals(WeightsEdit.Save(json.trim()), SettingsValidation.weightsEdit(game, "\n$json\n"), "$game default preset")
        }
        val unknown = assertIs<WeightsEdit.Refused>(SettingsValidation.weightsEdit(GameKind.OTHELLO, """{"weights": {"no_such_factor": 1}}"""))
        assertIs<SettingsError.WeightsRejected>(unknown.error)
        val notObject = assertIs<WeightsEdit.Refused>(SettingsValidation.weightsEdit(GameKind.OTHELLO, "[1, 2]"))
        assertIs<SettingsError.WeightsSyntax>(notObject.error)
        // Othello's weights are not Connect Four's: the engine refuses them for the other game.
        assertIs<WeightsEdit.Refused>(SettingsValidation.weightsEdit(GameKind.CONNECT_FOUR, presetWeightsJson(GameKind.OTHELLO)))
    }

    @Test
    fun theFinishedGamesListIsDurableAndBounded() {
        val dir = Files.createTempDirectory("ply-history").toFile()
        val file = File(dir, "finished-games.tsv")
        val list = FinishedGames(file, maxEntries = 3)
        assertEquals(emptyList(), list.all())
        val games = (1..4).map { FinishedGame("id-$it", GameKind.OTHELLO, "Black wins by $it discs:\ttab\nnewline", it * 1000L) }
        games.forEach(list::add)
        assertEquals(games.drop(1), FinishedGames(file, 3).all(), "the newest three, read back by a new instance")
        list.add(games[3].copy(result = "Draw"))
        assertEquals(listOf(games[1], games[2], games[3].copy(result = "Draw")), list.all(), "one entry per record id")
        file.appendText("garbage line\nid-9\tCHESS\tx\t1\n")
        assertEquals(3, list.all().size, "unreadable lines are skipped")
        assertTrue(dir.listFiles()!!.none { it.name.endsWith(".tmp") })
    }

    @Test
    fun historyShowsEveryFinishedGameWithItsSyncState() {
        val outbox = Outbox.open(Files.createTempDirectory("ply-history").toString())
        val list = FinishedGames(File(Files.createTempDirectory("ply-history").toFile(), "games.tsv"))
        val ids = (1..2).map { seed -> finishGame(outbox, seed, list).recordId!! }
        assertEquals(ids.toSet(), list.all().map { it.id }.toSet())
        val waiting = historyEntries(outbox, list.all())
        assertEquals(ids.toSet(), waiting.map { it.id }.toSet())
        assertTrue(waiting.all { it.sync == SyncState.WAITING && it.title == "Connect Four" && it.detail.isNotEmpty() }, "$waiting")

        // After an upload the outbox forgets the games; the history still lists them, synced.
        FakeCollector().use { collector ->
            val run = SyncRunner(outbox, HttpUrlConnectionTransport(), MemoryTokens(), "test")
                .run(SyncSettings(true, collector.url), SyncTrigger.GAME_FINISHED)
            assertEquals(WorkResult.SUCCESS, run.result, run.message)
        }
        val synced = historyEntries(outbox, list.all())
        assertEquals(ids.toSet(), synced.map { it.id }.toSet())
        assertTrue(synced.all { it.sync == SyncState.SYNCED && it.state == "Synced" }, "$synced")
        assertTrue(historyEntries(outbox).isEmpty(), "without the list only the outbox's games are known")
    }

    @Test
    fun leavingTheBoardStopsTheComputerAndComingBackContinues() {
        val q = QueueExecutor()
        val c = GameController.create(
            GameSetup(game = GameKind.CONNECT_FOUR, mode = PlayMode.VS_COMPUTER, humanSide = Side.SECOND, difficulty = 1),
            smallLimits(), q, q,
        )
        c.attach(Recorder())
        assertEquals(Thinking.COMPUTER_MOVE, c.state.thinking)
        c.leave()
        assertEquals(Thinking.NONE, c.state.thinking)
        q.drain()
        assertEquals(0u, c.snapshot().moveNumber, "the queued search never started")
        assertTrue(!c.state.paused, "leaving is not the user's pause")
        c.enter()
        assertEquals(Thinking.COMPUTER_MOVE, c.state.thinking)
        q.drain()
        assertEquals(1u, c.snapshot().moveNumber)

        // Computer against computer, paused by the user's undo: coming back does not resume it.
        val cvc = GameController.create(GameSetup(game = GameKind.OTHELLO, mode = PlayMode.COMPUTER_VS_COMPUTER, difficulty = 1), smallLimits(), q, q)
        cvc.attach(Recorder())
        repeat(4) { assertTrue(q.runOne()) }
        cvc.undo()
        q.drain()
        val at = cvc.snapshot().moveNumber
        cvc.leave()
        cvc.enter()
        assertEquals(0, q.size, "no search queued")
        assertTrue(cvc.state.paused)
        cvc.resume()
        q.drain()
        assertTrue(isOver(cvc) && cvc.snapshot().moveNumber > at)
    }
}
