package dev.ply.shell

import dev.ply.core.EngineSettings
import dev.ply.core.GameKind
import dev.ply.core.HeuristicChoice
import dev.ply.core.MoveOrdering
import dev.ply.core.AdsOptions
import dev.ply.core.AdsUpdateRule
import dev.ply.core.PlayerKind
import dev.ply.core.SearchAlgorithm
import dev.ply.core.Side
import dev.ply.core.settingsForDifficulty

/** Who plays: the three modes of the home screen. */
enum class PlayMode(val label: String) {
    VS_COMPUTER("Against the computer"),
    TWO_PLAYERS("Two players on this phone"),
    COMPUTER_VS_COMPUTER("Computer against computer"),
}

/** The algorithms offered under "engine" (minimax is a research baseline, not offered). */
enum class AlgorithmChoice(val label: String, val core: SearchAlgorithm?) {
    /** Whatever the difficulty level chooses. */
    BY_LEVEL("By difficulty", null),
    SCOUT("Scout", SearchAlgorithm.SCOUT),
    ALPHA_BETA("Alpha-beta", SearchAlgorithm.ALPHA_BETA),
    PVS("PVS", SearchAlgorithm.PVS),
    MCTS("MCTS", SearchAlgorithm.MCTS),
}

/** Move-ordering presets (they change speed, never the value of a search). */
enum class OrderingChoice(val label: String) {
    BY_LEVEL("By difficulty"),
    STATIC("Static order only"),
    FULL("TT move, killers, history"),
    HISTORY_ADS("History-ADS (move to front)"),
    ;

    /** The ordering switches of this preset, or `levelDefault` for [BY_LEVEL]. */
    fun ordering(levelDefault: MoveOrdering): MoveOrdering = when (this) {
        BY_LEVEL -> levelDefault
        STATIC -> MoveOrdering(staticOrder = true, ttMove = false, killers = false, history = false, ads = null)
        FULL -> MoveOrdering(staticOrder = true, ttMove = true, killers = true, history = true, ads = null)
        HISTORY_ADS -> MoveOrdering(
            staticOrder = true, ttMove = true, killers = false, history = false,
            ads = AdsOptions(update = AdsUpdateRule.MOVE_TO_FRONT, listBound = null, perLevel = false),
        )
    }
}

/** The heuristic presets of each game, as the core names them (`default` always exists). */
fun heuristicPresets(game: GameKind): List<String> =
    dev.ply.core.heuristicPresets(game).sortedBy { if (it == "default") "" else it }

/** One chip of the home screen's "heuristic" row; [preset] null stands for the custom weights. */
data class HeuristicOption(val preset: String?, val label: String)

/** The preset every difficulty level uses (`settings_for_difficulty`). */
const val DEFAULT_PRESET = "default"

/**
 * The home screen's heuristic chips for [game]: "custom weights" first when the settings screen
 * holds weights for this game, then the core's presets with `default` first. There is no separate
 * "by difficulty" chip: every level uses `default`, so it would be the same chip twice.
 */
fun heuristicOptions(game: GameKind, hasCustomWeights: Boolean): List<HeuristicOption> {
    val presets = heuristicPresets(game).map { HeuristicOption(it, it) }
    return if (hasCustomWeights) listOf(HeuristicOption(null, "Custom weights (from Settings)")) + presets else presets
}

/**
 * The chip shown as selected for [EngineOptions.heuristicPreset] among [options]: the preset's
 * own chip, else (null or a preset of another game) the custom weights if offered, else `default`.
 */
fun selectedHeuristic(options: List<HeuristicOption>, preset: String?): HeuristicOption? =
    options.firstOrNull { it.preset == preset }
        ?: options.firstOrNull { it.preset == null }
        ?: options.firstOrNull { it.preset == DEFAULT_PRESET }
        ?: options.firstOrNull()

/** The weights of a preset as JSON, to start the settings screen's editor from. */
fun presetWeightsJson(game: GameKind, preset: String = "default"): String = dev.ply.core.heuristicWeightsJson(game, preset)

/** What the user picked under "engine" on the home screen. */
data class EngineOptions(
    val algorithm: AlgorithmChoice = AlgorithmChoice.BY_LEVEL,
    val ordering: OrderingChoice = OrderingChoice.BY_LEVEL,
    /** A preset name, or null for custom weights / the level's default. */
    val heuristicPreset: String? = null,
    /** Custom weights JSON (`{"factor": weight}`) from the settings screen; wins over the preset. */
    val customWeightsJson: String? = null,
)

const val MIN_DIFFICULTY = 1
const val MAX_DIFFICULTY = 10

/**
 * Everything that defines a new game: the home screen's choices.
 * [humanSide] matters only against the computer ([Side.FIRST] = the human moves first).
 */
data class GameSetup(
    val game: GameKind = GameKind.OTHELLO,
    val mode: PlayMode = PlayMode.VS_COMPUTER,
    val humanSide: Side = Side.FIRST,
    val difficulty: Int = 5,
    val engine: EngineOptions = EngineOptions(),
    /** A start position in the game's notation, or null for the standard start. */
    val startPosition: String? = null,
) {
    /** The computer's engine settings: the difficulty level's, with the engine options applied. */
    fun engineSettings(): EngineSettings {
        require(difficulty in MIN_DIFFICULTY..MAX_DIFFICULTY) { "difficulty $difficulty is outside 1..10" }
        val base = settingsForDifficulty(game, difficulty.toUByte())
        val heuristic = when {
            !engine.customWeightsJson.isNullOrBlank() -> HeuristicChoice.CustomWeights(engine.customWeightsJson)
            engine.heuristicPreset != null -> HeuristicChoice.Preset(engine.heuristicPreset)
            else -> base.heuristic
        }
        return base.copy(
            algorithm = engine.algorithm.core ?: base.algorithm,
            ordering = engine.ordering.ordering(base.ordering),
            heuristic = heuristic,
        )
    }

    /**
     * The setup a game starts with: [weightsJson] (the settings screen's custom weights for this
     * game, or null) applies when no preset was picked on the home screen; otherwise any custom
     * weights are dropped. `withStoredWeights(null)` is the home screen's choices alone, as stored.
     */
    fun withStoredWeights(weightsJson: String?): GameSetup {
        val custom = weightsJson?.takeIf { it.isNotBlank() && engine.heuristicPreset == null }
        return copy(engine = engine.copy(customWeightsJson = custom))
    }

    /** This setup as one string (home screen state across rotation and process death, preferences). */
    fun encode(): String = SavedGame(this, emptyList()).encode()

    /** Who plays each side (first, second). */
    fun players(): Pair<PlayerKind, PlayerKind> {
        val computer = PlayerKind.Computer(engineSettings())
        return when (mode) {
            PlayMode.TWO_PLAYERS -> PlayerKind.Human to PlayerKind.Human
            PlayMode.COMPUTER_VS_COMPUTER -> computer to computer
            PlayMode.VS_COMPUTER ->
                if (humanSide == Side.FIRST) PlayerKind.Human to computer else computer to PlayerKind.Human
        }
    }

    /** True when `side` is played by a person on this phone. */
    fun isHuman(side: Side): Boolean = when (mode) {
        PlayMode.TWO_PLAYERS -> true
        PlayMode.COMPUTER_VS_COMPUTER -> false
        PlayMode.VS_COMPUTER -> side == humanSide
    }
}

/** The games the home screen offers (relaxed draughts is a variant for the CLI and the collector). */
val HOME_GAMES: List<GameKind> = listOf(GameKind.OTHELLO, GameKind.CONNECT_FOUR, GameKind.DRAUGHTS)

/** [GameSetup.encode]'s string back; throws [IllegalArgumentException] naming what is wrong. */
fun decodeGameSetup(text: String): GameSetup = SavedGame.decode(text).setup

/** The name of `side` in `game` (Othello black/white, Connect Four red/yellow, draughts black/white). */
fun sideName(game: GameKind, side: Side): String = when (game) {
    GameKind.CONNECT_FOUR -> if (side == Side.FIRST) "Red" else "Yellow"
    else -> if (side == Side.FIRST) "Black" else "White"
}

/** The title of a game kind for menus. */
fun gameTitle(game: GameKind): String = when (game) {
    GameKind.OTHELLO -> "Othello"
    GameKind.CONNECT_FOUR -> "Connect Four"
    GameKind.DRAUGHTS -> "Draughts"
    GameKind.RELAXED_DRAUGHTS -> "Draughts (captures optional)"
}

/** One line for the home screen under the difficulty slider: "PVS, 5 plies, up to 2.5 s, 16 MiB table". */
fun describeEngine(settings: EngineSettings): String {
    val parts = mutableListOf(AlgorithmChoice.entries.firstOrNull { it.core == settings.algorithm }?.label ?: settings.algorithm.name)
    settings.depth?.let { parts += "$it plies" }
    settings.timeMs?.let { parts += "up to %.1f s".format(java.util.Locale.ROOT, it.toLong() / 1000.0) }
    parts += if (settings.ttBytes == 0uL) "no table" else "${settings.ttBytes.toLong() shr 20} MiB table"
    when (val h = settings.heuristic) {
        is HeuristicChoice.Preset -> parts += "heuristic ${h.name}"
        is HeuristicChoice.CustomWeights -> parts += "custom weights"
    }
    return parts.joinToString(", ")
}
