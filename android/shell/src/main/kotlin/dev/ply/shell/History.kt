package dev.ply.shell

import dev.ply.core.GameKind
import dev.ply.core.Outbox
import java.io.File
import java.io.IOException
import java.net.URLDecoder
import java.net.URLEncoder
import java.nio.file.Files
import java.nio.file.StandardCopyOption

/** A finished game the app remembers for the history screen (the outbox forgets uploaded ones). */
data class FinishedGame(val id: String, val game: GameKind, val result: String, val endedAtMs: Long)

/**
 * The finished games of this install, newest last, in one small file the app keeps in its
 * files dir: one game per line, tab-separated, fields URL-encoded. Rewritten atomically (temp
 * file, then rename) so a kill mid-write leaves the old list; unreadable lines are skipped.
 * Only the newest [maxEntries] are kept. The outbox, not this list, is what gets uploaded.
 */
class FinishedGames(private val file: File, private val maxEntries: Int = 500) {
    /** Remembers [game] (a second entry with the same record id replaces the first). */
    @Synchronized
    fun add(game: FinishedGame) {
        val games = (all().filter { it.id != game.id } + game).takeLast(maxEntries)
        file.parentFile?.mkdirs()
        val tmp = File(file.path + ".tmp")
        tmp.writeText(games.joinToString("") { encode(it) + "\n" })
        try {
            Files.move(tmp.toPath(), file.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
        } catch (e: IOException) {
            Files.move(tmp.toPath(), file.toPath(), StandardCopyOption.REPLACE_EXISTING)
        }
    }

    /** Every remembered game, oldest first. */
    @Synchronized
    fun all(): List<FinishedGame> {
        if (!file.exists()) return emptyList()
        return file.readLines().mapNotNull(::decode)
    }

    private fun encode(g: FinishedGame): String =
        listOf(enc(g.id), g.game.name, enc(g.result), g.endedAtMs.toString()).joinToString("\t")

    private fun decode(line: String): FinishedGame? {
        val p = line.split('\t')
        if (p.size != 4) return null
        val game = GameKind.entries.firstOrNull { it.name == p[1] } ?: return null
        val at = p[3].toLongOrNull() ?: return null
        return runCatching { FinishedGame(dec(p[0]), game, dec(p[2]), at) }.getOrNull()
    }

    private fun enc(s: String) = URLEncoder.encode(s, "UTF-8")
    private fun dec(s: String) = URLDecoder.decode(s, "UTF-8")
}

/** Where a finished game stands. */
enum class SyncState(val label: String) {
    WAITING("Waiting to sync"),
    REJECTED("Rejected by the server"),

    /** Gone from the outbox: the server acknowledged it (stored, or already there). */
    SYNCED("Synced"),
}

/** One line of the history screen. */
data class HistoryEntry(
    val id: String,
    /** [SyncState.label] of [sync]. */
    val state: String,
    /** The result, or the rejection reason, or the record's size while it waits. */
    val detail: String,
    val sync: SyncState,
    /** "Othello" (empty for an outbox record this install has no entry for). */
    val title: String = "",
    val endedAtMs: Long? = null,
)

/**
 * The history screen's list, newest first: every game in [finished] with its sync state
 * (pending in the outbox, set aside as rejected, or gone from the outbox = acknowledged), plus
 * any outbox record the list does not know (e.g. written before the list existed).
 */
fun historyEntries(outbox: Outbox, finished: List<FinishedGame> = emptyList()): List<HistoryEntry> {
    val pending = outbox.pending().associateBy { it.id }
    val rejected = outbox.rejected().associate { it.id to it.reason }
    val known = finished.map { it.id }.toSet()
    val games = finished.sortedByDescending { it.endedAtMs }.map { g ->
        val why = rejected[g.id]
        val sync = when {
            why != null -> SyncState.REJECTED
            g.id in pending -> SyncState.WAITING
            else -> SyncState.SYNCED
        }
        val detail = if (why != null) "${g.result} — $why" else g.result
        HistoryEntry(g.id, sync.label, detail, sync, gameTitle(g.game), g.endedAtMs)
    }
    val unknownPending = pending.values.filter { it.id !in known }.sortedByDescending { it.writtenAtMs }.map {
        HistoryEntry(it.id, SyncState.WAITING.label, "${it.sizeBytes} bytes", SyncState.WAITING, endedAtMs = it.writtenAtMs.toLong())
    }
    val unknownRejected = rejected.filterKeys { it !in known }.map { (id, why) ->
        HistoryEntry(id, SyncState.REJECTED.label, why, SyncState.REJECTED)
    }
    return games + unknownPending + unknownRejected
}
