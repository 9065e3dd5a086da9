package dev.ply.shell

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import dev.ply.core.GameKind
import dev.ply.core.HttpHeader
import dev.ply.core.HttpRequest
import dev.ply.core.Outbox
import dev.ply.core.SyncOutcome
import dev.ply.core.SyncSummary
import dev.ply.core.TransportException
import dev.ply.core.uniffiEnsureInitialized
import dev.ply.core.validateRecordJson
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.nio.file.Files
import java.util.Collections
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertTrue

/** A collector on loopback speaking the wire format of `core/src/sync/wire.rs`. */
class FakeCollector(private val acceptedToken: String = "token-1") : AutoCloseable {
    val server: HttpServer = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
    val stored: MutableList<String> = Collections.synchronizedList(mutableListOf())
    val authorizations: MutableList<String?> = Collections.synchronizedList(mutableListOf())
    @Volatile var registrations = 0
    val url: String get() = "http://127.0.0.1:${server.address.port}"

    init {
        server.createContext("/v1/devices") { ex ->
            registrations++
            val body = ex.requestBody.readBytes().toString(Charsets.UTF_8)
            if (ex.requestMethod != "POST" || !body.contains("\"platform\"")) {
                reply(ex, 400, "{\"error\":{\"code\":\"bad_request\",\"message\":\"no platform\"}}")
            } else {
                reply(ex, 200, "{\"device_id\":\"dev-1\",\"token\":\"$acceptedToken\"}")
            }
        }
        server.createContext("/v1/games") { ex ->
            val auth = ex.requestHeaders.getFirst("Authorization")
            authorizations += auth
            val body = ex.requestBody.readBytes().toString(Charsets.UTF_8)
            if (auth != "Bearer $acceptedToken") {
                reply(ex, 401, "{\"error\":{\"code\":\"unauthorized\",\"message\":\"unknown token\"}}")
                return@createContext
            }
            // Each record's own id: the first "id" after each record start.
            val records = body.substringAfter("\"records\":[")
            val ids = Regex("\"id\"\\s*:\\s*\"([0-9a-fA-F-]{36})\"").findAll(records).map { it.groupValues[1] }.toList()
            val results = ids.joinToString(",") { id ->
                val status = if (stored.contains(id)) "duplicate" else "accepted".also { stored += id }
                "{\"id\":\"$id\",\"status\":\"$status\"}"
            }
            reply(ex, 200, "{\"results\":[$results]}")
        }
        server.start()
    }

    private fun reply(ex: HttpExchange, status: Int, body: String) {
        val bytes = body.toByteArray()
        ex.responseHeaders.add("Content-Type", "application/json")
        ex.sendResponseHeaders(status, bytes.size.toLong())
        ex.responseBody.use { it.write(bytes) }
    }

    override fun close() = server.stop(0)
}

class MemoryTokens(var value: String? = null) : TokenStore {
    override fun token() = value
    override fun save(token: String?) {
        value = token
    }
}

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SyncTest {
    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private val servers = mutableListOf<AutoCloseable>()

    @AfterEach
    fun stopServers() {
        servers.forEach { it.close() }
        servers.clear()
    }

    private fun echoServer(): HttpServer {
        val s = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        s.createContext("/echo") { ex ->
            val body = ex.requestBody.readBytes()
            val status = ex.requestHeaders.getFirst("X-Status")?.toInt() ?: 200
            ex.responseHeaders.add("X-Method", ex.requestMethod)
            ex.responseHeaders.add("X-Got-Type", ex.requestHeaders.getFirst("Content-Type") ?: "none")
            if (status == 204) {
                ex.sendResponseHeaders(204, -1)
                ex.close()
            } else {
                ex.sendResponseHeaders(status, body.size.toLong().takeIf { it > 0 } ?: -1)
                ex.responseBody.use { it.write(body) }
            }
        }
        s.createContext("/slow") { ex ->
            Thread.sleep(1_500)
            ex.sendResponseHeaders(200, -1)
            ex.close()
        }
        s.createContext("/redirect") { ex ->
            ex.responseHeaders.add("Location", "/echo")
            ex.sendResponseHeaders(302, -1)
            ex.close()
        }
        s.start()
        servers += AutoCloseable { s.stop(0) }
        return s
    }

    private fun req(url: String, method: String = "POST", body: String = "", headers: List<HttpHeader> = emptyList(), timeoutMs: Long = 5_000) =
        HttpRequest(method, url, headers, body.toByteArray(), timeoutMs.toULong())

    @Test
    fun transportMapsRequestsAndResponses() {
        val s = echoServer()
        val base = "http://127.0.0.1:${s.address.port}"
        val t = HttpUrlConnectionTransport()
        val ok = t.send(req("$base/echo", body = "{\"a\":1}", headers = listOf(HttpHeader("Content-Type", "application/json"))))
        assertEquals(200, ok.status.toInt())
        assertEquals("{\"a\":1}", ok.body.toString(Charsets.UTF_8))
        fun header(r: dev.ply.core.HttpResponse, name: String) = r.headers.first { it.name.equals(name, ignoreCase = true) }.value
        assertEquals("POST", header(ok, "X-Method"))
        assertEquals("application/json", header(ok, "X-Got-Type"))

        // Error statuses are responses, with their body.
        val bad = t.send(req("$base/echo", body = "{\"error\":{}}", headers = listOf(HttpHeader("X-Status", "503"))))
        assertEquals(503, bad.status.toInt())
        assertEquals("{\"error\":{}}", bad.body.toString(Charsets.UTF_8))
        val empty = t.send(req("$base/echo", method = "GET", headers = listOf(HttpHeader("X-Status", "204"))))
        assertEquals(204, empty.status.toInt())
        assertContentEquals(ByteArray(0), empty.body)
        assertEquals(404, t.send(req("$base/nowhere", method = "GET")).status.toInt())
        // Redirects are returned, not followed.
        assertEquals(302, t.send(req("$base/redirect", method = "GET")).status.toInt())
    }

    @Test
    fun transportFailuresBecomeTransportErrors() {
        val s = echoServer()
        val t = HttpUrlConnectionTransport()
        assertFailsWith<TransportException.Timeout> {
            t.send(req("http://127.0.0.1:${s.address.port}/slow", method = "GET", timeoutMs = 200))
        }
        val closedPort = ServerSocket(0).use { it.localPort }
        assertFailsWith<TransportException.Connect> { t.send(req("http://127.0.0.1:$closedPort/v1/games")) }
        assertFailsWith<TransportException.Other> { t.send(req("ftp://127.0.0.1/x")) }
        assertFailsWith<TransportException.Other> { t.send(req("not a url")) }
        val small = HttpUrlConnectionTransport(maxBodyBytes = 4)
        assertFailsWith<TransportException.Other> {
            small.send(req("http://127.0.0.1:${s.address.port}/echo", body = "more than four bytes"))
        }
    }

    @Test
    fun finishedGamesSyncToACollectorOverHttp() {
        val collector = FakeCollector().also { servers += it }
        val outbox = Outbox.open(Files.createTempDirectory("ply-sync").toString())
        val ids = (1..3).map { finishGame(outbox, it).recordId!! }
        assertEquals(3uL, outbox.pendingCount())
        val history = historyEntries(outbox)
        assertEquals(ids.toSet(), history.map { it.id }.toSet())
        assertTrue(history.all { it.state == "Waiting to sync" })

        val tokens = MemoryTokens()
        val runner = SyncRunner(outbox, HttpUrlConnectionTransport(), tokens, "test")
        val settings = SyncSettings(enabled = true, serverUrl = collector.url + "/")
        assertEquals(SyncDecision.Enqueue, SyncPolicy.onGameFinished(settings, outbox.pendingCount().toLong()))
        val run = runner.run(settings, SyncTrigger.GAME_FINISHED)
        assertEquals(WorkResult.SUCCESS, run.result, run.message)
        assertEquals(3uL, run.summary!!.accepted)
        assertEquals(0uL, outbox.pendingCount())
        assertEquals(ids.toSet(), collector.stored.toSet())
        assertEquals("token-1", tokens.value, "the install registered once and kept its token")
        assertEquals(1, collector.registrations)
        assertTrue(collector.authorizations.all { it == "Bearer token-1" })
        assertTrue(historyEntries(outbox).isEmpty())
        assertEquals(SyncDecision.Skip("nothing to send"), SyncPolicy.onGameFinished(settings, 0))
    }

    @Test
    fun aRefusedTokenLeadsToANewRegistration() {
        val collector = FakeCollector("fresh").also { servers += it }
        val outbox = Outbox.open(Files.createTempDirectory("ply-sync").toString())
        val id = finishGame(outbox, 9).recordId!!
        val tokens = MemoryTokens("stale")
        val run = SyncRunner(outbox, HttpUrlConnectionTransport(), tokens, "test").run(SyncSettings(true, collector.url), SyncTrigger.PERIODIC)
        assertEquals(WorkResult.SUCCESS, run.result, run.message)
        assertEquals(listOf("Bearer stale", "Bearer fresh"), collector.authorizations.toList())
        assertEquals("fresh", tokens.value)
        assertEquals(listOf(id), collector.stored.toList())
    }

    @Test
    fun serverDownKeepsTheGamesAndRetries() {
        val outbox = Outbox.open(Files.createTempDirectory("ply-sync").toString())
        finishGame(outbox, 5)
        val closedPort = ServerSocket(0).use { it.localPort }
        val settings = SyncSettings(true, "http://127.0.0.1:$closedPort")
        val runner = SyncRunner(outbox, HttpUrlConnectionTransport(), MemoryTokens("t"), "test")
        val run = runner.run(settings, SyncTrigger.GAME_FINISHED)
        assertEquals(WorkResult.RETRY, run.result, run.message)
        assertIs<SyncOutcome.RetryLater>(run.summary!!.outcome)
        assertEquals(1uL, outbox.pendingCount(), "nothing lost")
        // The periodic work respects the core's backoff: nothing is sent before the next attempt.
        val later = runner.run(settings, SyncTrigger.PERIODIC)
        assertIs<SyncOutcome.NotDue>(later.summary!!.outcome)
        assertEquals(WorkResult.SUCCESS, later.result)
        val delay = SyncPolicy.retryDelayMs(run.summary, System.currentTimeMillis())
        assertTrue(delay != null && delay > 0, "the core asks to wait: $delay")
        // Registration against a dead server is retried too.
        val noToken = SyncRunner(outbox, HttpUrlConnectionTransport(), MemoryTokens(), "test").run(settings, SyncTrigger.GAME_FINISHED)
        assertEquals(WorkResult.RETRY, noToken.result)
    }

    @Test
    fun policyRespectsTheSettings() {
        assertEquals(SyncDecision.Skip("sync is off"), SyncPolicy.onGameFinished(SyncSettings(false, "https://x.org"), 3))
        assertEquals(SyncDecision.Skip("no valid server address"), SyncPolicy.onGameFinished(SyncSettings(true, "x.org"), 3))
        assertEquals(SyncDecision.Skip("sync is off"), SyncPolicy.periodic(SyncSettings(false, "https://x.org")))
        assertEquals(SyncDecision.Enqueue, SyncPolicy.periodic(SyncSettings(true, "https://x.org")))
        fun summary(o: SyncOutcome, remaining: Long = 0) = SyncSummary(0u, 0u, 0u, 0u, 0u, remaining.toULong(), null, o)
        assertEquals(WorkResult.SUCCESS, SyncPolicy.afterRun(SyncTrigger.GAME_FINISHED, summary(SyncOutcome.Done)))
        assertEquals(WorkResult.RETRY, SyncPolicy.afterRun(SyncTrigger.GAME_FINISHED, summary(SyncOutcome.RetryLater("down"))))
        assertEquals(WorkResult.SUCCESS, SyncPolicy.afterRun(SyncTrigger.PERIODIC, summary(SyncOutcome.RetryLater("down"))))
        assertEquals(WorkResult.FAILURE, SyncPolicy.afterRun(SyncTrigger.PERIODIC, summary(SyncOutcome.NeedsRegistration)))
        // Sync off: the runner sends nothing at all.
        val outbox = Outbox.open(Files.createTempDirectory("ply-sync").toString())
        val silent = object : dev.ply.core.HttpTransport {
            override fun send(request: HttpRequest) = throw AssertionError("no request expected")
        }
        assertEquals(WorkResult.SUCCESS, SyncRunner(outbox, silent, MemoryTokens(), "t").run(SyncSettings(false, "https://x.org"), SyncTrigger.PERIODIC).result)
        assertEquals(WorkResult.FAILURE, SyncRunner(outbox, silent, MemoryTokens(), "t").run(SyncSettings(true, "nope"), SyncTrigger.PERIODIC).result)
    }

    @Test
    fun theRecordOfAFinishedGameValidates() {
        val q = QueueExecutor()
        val c = GameController.create(GameSetup(game = GameKind.OTHELLO, mode = PlayMode.COMPUTER_VS_COMPUTER, difficulty = 1), smallLimits(), q, q)
        c.attach(Recorder())
        q.drain()
        assertTrue(isOver(c))
        val transcript = c.notation()
        // The Othello transcript leaves passes out.
        assertEquals(c.snapshot().history.filter { it != "pass" }.joinToString(""), transcript)
        assertTrue(c.afterGame().shareText.contains(transcript))
        assertTrue(c.afterGame().points.isNotEmpty())
        assertTrue(validateRecordJson(c.recordJson()).isNotEmpty())
        // A restored finished game keeps its record too.
        val restored = GameController.restore(SavedGame.decode(c.saved().encode()), smallLimits(), q, q)
        assertTrue(isOver(restored))
        assertEquals(c.snapshot().history, restored.snapshot().history)
        assertTrue(validateRecordJson(restored.recordJson()).isNotEmpty())
    }
}
