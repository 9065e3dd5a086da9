package dev.ply.shell

import dev.ply.core.GameKind
import dev.ply.core.SearchAlgorithm
import dev.ply.core.Side
import java.net.URLDecoder
import java.net.URLEncoder

/** The statistics of one computer move, kept for the after-game chart. */
data class MoveStat(
    /** 0-based ply at which the move was played. */
    val ply: Int,
    val notation: String,
    val side: Side,
    val nodes: Long,
    val timeMs: Double,
    val depth: Int,
    val score: Int,
    val algorithm: SearchAlgorithm,
)

/**
 * A game in a form that survives process death (the app keeps [encode]'s string in its
 * `SavedStateHandle`): the setup, the moves played and how it ended. [GameController.restore]
 * rebuilds the session by replaying the moves, so the board is exactly as it was.
 */
data class SavedGame(
    val setup: GameSetup,
    /** Every move played, in the game's notation (the snapshot's history). */
    val moves: List<String>,
    /** The side that resigned, if the game ended that way. */
    val resignedBy: Side? = null,
    /** The computer's move statistics, for the after-game chart. */
    val stats: List<MoveStat> = emptyList(),
) {
    /** One `key=value` per line, values URL-encoded; stable across app versions of format 1. */
    fun encode(): String {
        val e = setup.engine
        val lines = mutableListOf(
            "format=1",
            "game=${setup.game.name}",
            "mode=${setup.mode.name}",
            "human=${setup.humanSide.name}",
            "difficulty=${setup.difficulty}",
            "algorithm=${e.algorithm.name}",
            "ordering=${e.ordering.name}",
        )
        e.heuristicPreset?.let { lines += "preset=${enc(it)}" }
        e.customWeightsJson?.let { lines += "weights=${enc(it)}" }
        setup.startPosition?.let { lines += "start=${enc(it)}" }
        lines += "moves=${moves.joinToString(",") { enc(it) }}"
        resignedBy?.let { lines += "resigned=${it.name}" }
        for (s in stats) {
            lines += "stat=" + listOf(
                s.ply, enc(s.notation), s.side.name, s.nodes, s.timeMs, s.depth, s.score, s.algorithm.name,
            ).joinToString(",")
        }
        return lines.joinToString("\n")
    }

    companion object {
        /** Reads [encode]'s output; throws [IllegalArgumentException] naming the bad line. */
        fun decode(text: String): SavedGame {
            val map = mutableMapOf<String, String>()
            val stats = mutableListOf<MoveStat>()
            for ((n, line) in text.lines().withIndex()) {
                if (line.isBlank()) continue
                val eq = line.indexOf('=')
                require(eq > 0) { "line ${n + 1} has no key: $line" }
                val key = line.substring(0, eq)
                val value = line.substring(eq + 1)
                if (key == "stat") stats += decodeStat(value, n + 1) else map[key] = value
            }
            require(map["format"] == "1") { "unknown saved-game format ${map["format"]}" }
            fun get(k: String) = map[k] ?: throw IllegalArgumentException("saved game lacks $k")
            val setup = GameSetup(
                game = GameKind.valueOf(get("game")),
                mode = PlayMode.valueOf(get("mode")),
                humanSide = Side.valueOf(get("human")),
                difficulty = get("difficulty").toInt(),
                engine = EngineOptions(
                    algorithm = AlgorithmChoice.valueOf(get("algorithm")),
                    ordering = OrderingChoice.valueOf(get("ordering")),
                    heuristicPreset = map["preset"]?.let(::dec),
                    customWeightsJson = map["weights"]?.let(::dec),
                ),
                startPosition = map["start"]?.let(::dec),
            )
            val moves = get("moves").let { m -> if (m.isEmpty()) emptyList() else m.split(",").map(::dec) }
            return SavedGame(setup, moves, map["resigned"]?.let { Side.valueOf(it) }, stats)
        }

        private fun decodeStat(v: String, line: Int): MoveStat {
            val p = v.split(",")
            require(p.size == 8) { "line $line: a move statistic has ${p.size} fields, not 8" }
            return try {
                MoveStat(
                    ply = p[0].toInt(), notation = dec(p[1]), side = Side.valueOf(p[2]), nodes = p[3].toLong(),
                    timeMs = p[4].toDouble(), depth = p[5].toInt(), score = p[6].toInt(),
                    algorithm = SearchAlgorithm.valueOf(p[7]),
                )
            } catch (e: NumberFormatException) {
                throw IllegalArgumentException("line $line: ${e.message}")
            }
        }

        private fun enc(s: String): String = URLEncoder.encode(s, "UTF-8")
        private fun dec(s: String): String = URLDecoder.decode(s, "UTF-8")
    }
}
