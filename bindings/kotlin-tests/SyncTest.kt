package dev.ply.core.tests

import dev.ply.core.GameKind
import dev.ply.core.HttpHeader
import dev.ply.core.HttpRequest
import dev.ply.core.HttpResponse
import dev.ply.core.HttpTransport
import dev.ply.core.Outbox
import dev.ply.core.PlyException
import dev.ply.core.Side
import dev.ply.core.SyncOutcome
import dev.ply.core.TransportException
import dev.ply.core.syncNow
import dev.ply.core.uniffiEnsureInitialized
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue
import dev.ply.shell.TempDirs

/** A collector that accepts every record it is sent, and remembers the requests. */
class AcceptingCollector : HttpTransport {
    val requests = mutableListOf<HttpRequest>()
    override fun send(request: HttpRequest): HttpResponse {
        requests.add(request)
        val body = String(request.body, Charsets.UTF_8)
        val ids = Regex("\"id\"\\s*:\\s*\"([0-9a-fA-F-]{36})\"").findAll(body).map { it.groupValues[1] }.toList()
        val results = ids.joinToString(",") { "{\"id\":\"$it\",\"status\":\"accepted\"}" }
        return HttpResponse(200u, listOf(HttpHeader("Content-Type", "application/json")), "{\"results\":[$results]}".toByteArray())
    }
}

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SyncTest {

    @AfterEach
    fun removeTempDirs() = TempDirs.removeAll()

    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private fun finishedGame(): dev.ply.core.GameSession {
        val s = humans(GameKind.CONNECT_FOUR)
        s.play("4")
        s.resign(Side.SECOND)
        return s
    }

    @Test
    fun finishedGamesGoThroughTheOutboxToTheCollector() {
        val outbox = Outbox.open(TempDirs.create("ply-outbox"))
        assertEquals(0uL, outbox.pendingCount())
        assertFailsWith<PlyException.BadRecord> { outbox.addSession(humans(GameKind.OTHELLO)) }
        val game = finishedGame()
        val id = outbox.addSession(game)
        assertEquals(id, outbox.addSession(game), "adding the same game again changes nothing")
        assertEquals(1uL, outbox.pendingCount())
        assertEquals(listOf(id), outbox.pending().map { it.id })
        assertTrue(outbox.summary().pendingBytes > 0uL)

        // No network: the platform stack throws; the record stays.
        val offline = object : HttpTransport {
            override fun send(request: HttpRequest): HttpResponse = throw TransportException.Connect("offline")
        }
        val failed = syncNow(outbox, offline, "http://collector.invalid", "token")
        assertTrue(failed.outcome is SyncOutcome.RetryLater, "${failed.outcome}")
        assertEquals(1uL, outbox.pendingCount())

        // A buggy transport throwing an unexpected exception must not crash the app either.
        val buggy = object : HttpTransport {
            override fun send(request: HttpRequest): HttpResponse = throw IllegalStateException("bug")
        }
        val again = syncNow(outbox, buggy, "http://collector.invalid", "token")
        assertTrue(again.outcome !is SyncOutcome.Done, "${again.outcome}")
        assertEquals(1uL, outbox.pendingCount())

        val collector = AcceptingCollector()
        val done = syncNow(outbox, collector, "http://collector.test/", "secret-token")
        assertEquals(SyncOutcome.Done, done.outcome)
        assertEquals(1uL, done.accepted)
        assertEquals(0uL, outbox.pendingCount())
        val request = collector.requests.single()
        assertEquals("POST", request.method)
        assertEquals("http://collector.test/v1/games", request.url)
        assertTrue(request.headers.any { it.name.equals("Authorization", true) && it.value == "Bearer secret-token" })
        assertTrue(String(request.body, Charsets.UTF_8).contains(id))
    }
}
