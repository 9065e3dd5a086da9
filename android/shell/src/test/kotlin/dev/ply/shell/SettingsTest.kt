package dev.ply.shell

import dev.ply.core.GameKind
import dev.ply.core.HeuristicChoice
import dev.ply.core.PlayerKind
import dev.ply.core.SearchAlgorithm
import dev.ply.core.Side
import dev.ply.core.uniffiEnsureInitialized
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SettingsTest {
    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    @Test
    fun difficultyIsMonotoneInDepthAndTime() {
        for (game in listOf(GameKind.OTHELLO, GameKind.CONNECT_FOUR, GameKind.DRAUGHTS)) {
            val settings = (MIN_DIFFICULTY..MAX_DIFFICULTY).map { GameSetup(game = game, difficulty = it).engineSettings() }
            val depths = settings.map { it.depth!!.toInt() }
            val times = settings.map { it.timeMs!!.toLong() }
            assertTrue(depths.zipWithNext().all { (a, b) -> b > a }, "$game depths $depths")
            assertTrue(times.zipWithNext().all { (a, b) -> b > a }, "$game times $times")
            assertEquals((1..10).toList(), settings.map { it.level!!.toInt() })
        }
        assertFailsWith<IllegalArgumentException> { GameSetup(difficulty = 11).engineSettings() }
    }

    @Test
    fun engineDescriptionForTheHomeScreen() {
        assertEquals("Alpha-beta, 1 plies, up to 0.1 s, no table, heuristic default", describeEngine(GameSetup(difficulty = 1).engineSettings()))
        assertEquals("PVS, 5 plies, up to 2.5 s, 16 MiB table, heuristic default", describeEngine(GameSetup(difficulty = 5).engineSettings()))
    }

    @Test
    fun engineOptionsOverrideTheLevel() {
        val base = GameSetup(game = GameKind.OTHELLO, difficulty = 6).engineSettings()
        assertEquals(SearchAlgorithm.PVS, base.algorithm)
        val scout = GameSetup(
            game = GameKind.OTHELLO, difficulty = 6,
            engine = EngineOptions(AlgorithmChoice.SCOUT, OrderingChoice.HISTORY_ADS, heuristicPreset = "mobility"),
        ).engineSettings()
        assertEquals(SearchAlgorithm.SCOUT, scout.algorithm)
        assertNotNull(scout.ordering.ads)
        assertEquals(HeuristicChoice.Preset("mobility"), scout.heuristic)
        assertEquals(base.depth, scout.depth, "the level still sets depth")
        val custom = GameSetup(engine = EngineOptions(customWeightsJson = "{\"corners\": 3}", heuristicPreset = "coins")).engineSettings()
        assertEquals(HeuristicChoice.CustomWeights("{\"corners\": 3}"), custom.heuristic)
        val static = GameSetup(engine = EngineOptions(ordering = OrderingChoice.STATIC)).engineSettings()
        assertTrue(static.ordering.staticOrder && !static.ordering.ttMove && !static.ordering.killers)
    }

    @Test
    fun modesSeatThePlayers() {
        val vs = GameSetup(mode = PlayMode.VS_COMPUTER, humanSide = Side.SECOND).players()
        assertEquals(PlayerKind.Human, vs.second)
        assertIs<PlayerKind.Computer>(vs.first)
        assertEquals(PlayerKind.Human to PlayerKind.Human, GameSetup(mode = PlayMode.TWO_PLAYERS).players())
        val cc = GameSetup(mode = PlayMode.COMPUTER_VS_COMPUTER).players()
        assertIs<PlayerKind.Computer>(cc.first)
        assertIs<PlayerKind.Computer>(cc.second)
        assertTrue(GameSetup(mode = PlayMode.VS_COMPUTER, humanSide = Side.FIRST).isHuman(Side.FIRST))
    }

    @Test
    fun everyPresetListedIsAcceptedByTheEngine() {
        assumeTrue(presetsAvailable && draughtsAvailable, "this ply-ffi build lacks the presets or draughts")
        for (game in listOf(GameKind.OTHELLO, GameKind.CONNECT_FOUR, GameKind.DRAUGHTS)) {
            for (preset in heuristicPresets(game)) {
                val setup = GameSetup(game = game, engine = EngineOptions(heuristicPreset = preset))
                GameController.create(setup, smallLimits(), QueueExecutor(), QueueExecutor()).close()
            }
        }
    }

    @Test
    fun serverUrlValidation() {
        assertEquals(Validated.Ok("https://ply.example.org"), SettingsValidation.serverUrl(" https://ply.example.org/ "))
        assertEquals(Validated.Ok("http://10.0.2.2:8080"), SettingsValidation.serverUrl("http://10.0.2.2:8080"))
        assertIs<SettingsError.EmptyUrl>((SettingsValidation.serverUrl("  ") as Validated.Invalid).error)
        assertIs<SettingsError.UnsupportedScheme>((SettingsValidation.serverUrl("ftp://x.org") as Validated.Invalid).error)
        assertIs<SettingsError.UnsupportedScheme>((SettingsValidation.serverUrl("ply.example.org") as Validated.Invalid).error)
        assertIs<SettingsError.MissingHost>((SettingsValidation.serverUrl("http:///v1") as Validated.Invalid).error)
        assertIs<SettingsError.MalformedUrl>((SettingsValidation.serverUrl("http://bad host/") as Validated.Invalid).error)
    }

    @Test
    fun weightsValidationErrors() {
        fun error(game: GameKind, json: String) = (SettingsValidation.weights(game, json) as Validated.Invalid).error
        assertIs<SettingsError.WeightsEmpty>(error(GameKind.OTHELLO, "  "))
        assertIs<SettingsError.WeightsSyntax>(error(GameKind.OTHELLO, "[1, 2]"))
        assertIs<SettingsError.WeightsSyntax>(error(GameKind.OTHELLO, "corners=3"))
        // Well-formed, but the engine knows no such factor in Connect Four.
        assertIs<SettingsError.WeightsRejected>(error(GameKind.CONNECT_FOUR, "{\"weights\": {\"corners\": 1}}"))
        assertIs<SettingsError.WeightsRejected>(error(GameKind.OTHELLO, "{\"weights\": {\"corners\": 30,}}"))
    }

    @Test
    fun weightsTheEngineAccepts() {
        assumeTrue(presetsAvailable, "this ply-ffi build has no weighted heuristic yet")
        val json = "{\"weights\": {\"corners\": 30, \"mobility\": {\"opening\": 8, \"midgame\": 5, \"endgame\": 1}}}"
        assertEquals(Validated.Ok(json), SettingsValidation.weights(GameKind.OTHELLO, " $json\n"))
        val bad = error(GameKind.CONNECT_FOUR, "{\"weights\": {\"corners\": 1}}")
        assertTrue(bad.message.contains("corners"), bad.message)
    }

    private fun error(game: GameKind, json: String) = (SettingsValidation.weights(game, json) as Validated.Invalid).error

    @Test
    fun difficultyValidation() {
        assertEquals(Validated.Ok(10), SettingsValidation.difficulty(10))
        assertIs<SettingsError.DifficultyOutOfRange>((SettingsValidation.difficulty(0) as Validated.Invalid).error)
        assertIs<SettingsError.DifficultyOutOfRange>((SettingsValidation.difficulty(11) as Validated.Invalid).error)
    }

    @Test
    fun deviceLimitsGrowWithMemory() {
        val gib = 1L shl 30
        val small = DeviceLimits(DeviceInfo(gib, gib / 2, 2)).limits
        val big = DeviceLimits(DeviceInfo(8 * gib, 4 * gib, 8)).limits
        assertTrue(small.ttBytes < big.ttBytes)
        assertTrue(small.maxDepthOthello < big.maxDepthOthello)
        assertTrue(small.maxTimeMs < big.maxTimeMs, "low-end phones think for less time")
        // Under memory pressure the table shrinks with what is free.
        val squeezed = DeviceLimits(DeviceInfo(8 * gib, 64L shl 20, 8)).limits
        assertEquals(8uL shl 20, squeezed.ttBytes)
        assertEquals(DeviceLimits(DeviceInfo(0, 0, 0)).limits, DeviceLimits(DeviceInfo(-1, -5, -2)).limits)
    }

    @Test
    fun savedGameEncodingRoundTripsAndRejectsGarbage() {
        val saved = SavedGame(
            GameSetup(
                game = GameKind.DRAUGHTS, mode = PlayMode.VS_COMPUTER, humanSide = Side.SECOND, difficulty = 7,
                engine = EngineOptions(AlgorithmChoice.MCTS, OrderingChoice.FULL, null, "{\"material\": 1, \"x,y=z\": 2}"),
                startPosition = "W:WK14:B10,11",
            ),
            listOf("11-15", "22x15x8"),
            Side.FIRST,
            listOf(MoveStat(0, "11-15", Side.FIRST, 1234, 5.5, 6, -12, SearchAlgorithm.MCTS)),
        )
        assertEquals(saved, SavedGame.decode(saved.encode()))
        assertEquals(emptyList(), SavedGame.decode(SavedGame(GameSetup(), emptyList()).encode()).moves)
        assertNull(SavedGame.decode(SavedGame(GameSetup(), emptyList()).encode()).resignedBy)
        assertFailsWith<IllegalArgumentException> { SavedGame.decode("format=2\ngame=OTHELLO") }
        assertFailsWith<IllegalArgumentException> { SavedGame.decode("format=1\nmode=VS_COMPUTER") }
        assertFailsWith<IllegalArgumentException> { SavedGame.decode("nonsense") }
    }
}
