package dev.ply.shell

import dev.ply.core.GameStatus
import dev.ply.core.Snapshot

/** One bar pair of the after-game chart: the computer's effort on one of its moves. */
data class ChartPoint(val ply: Int, val label: String, val nodes: Long, val timeMs: Double)

/** Everything the after-game screen shows. */
data class AfterGameReport(
    val title: String,
    val resultText: String,
    val finished: Boolean,
    val moveCount: Int,
    val points: List<ChartPoint>,
    /** Largest node count and time of [points] (the chart's scales; at least 1). */
    val maxNodes: Long,
    val maxTimeMs: Double,
    val totalNodes: Long,
    val transcript: String,
    /** The text of the share intent. */
    val shareText: String,
) {
    companion object {
        fun of(setup: GameSetup, s: Snapshot, resultText: String, stats: List<MoveStat>, transcript: String): AfterGameReport {
            val points = stats.sortedBy { it.ply }.map {
                ChartPoint(it.ply, "${it.ply / 2 + 1}${if (it.ply % 2 == 0) "." else "…"} ${it.notation}", it.nodes, it.timeMs)
            }
            val title = "${gameTitle(setup.game)}: ${setup.mode.label}"
            val engine = setup.engineSettings()
            val effort = if (points.isEmpty()) "" else
                "\nComputer (${engine.algorithm.name.lowercase()}, level ${setup.difficulty}): " +
                    "${points.size} moves, ${points.sumOf { it.nodes }} nodes, " +
                    "%.1f s".format(java.util.Locale.ROOT, points.sumOf { it.timeMs } / 1000.0)
            val share = buildString {
                append("Ply — ").append(title).append('\n')
                append(resultText).append(" after ").append(s.moveNumber).append(" moves")
                append(effort).append("\n\n")
                append(transcript.trim()).append('\n')
            }
            return AfterGameReport(
                title = title,
                resultText = resultText,
                finished = s.status !is GameStatus.Playing,
                moveCount = s.moveNumber.toInt(),
                points = points,
                maxNodes = (points.maxOfOrNull { it.nodes } ?: 0L).coerceAtLeast(1L),
                maxTimeMs = (points.maxOfOrNull { it.timeMs } ?: 0.0).coerceAtLeast(1.0),
                totalNodes = points.sumOf { it.nodes },
                transcript = transcript,
                shareText = share,
            )
        }
    }
}
