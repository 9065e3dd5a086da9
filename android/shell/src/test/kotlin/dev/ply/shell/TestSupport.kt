package dev.ply.shell

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import dev.ply.appcore.Cue
import dev.ply.appcore.Effect
import dev.ply.appcore.Event
import dev.ply.appcore.BoardEvent
import dev.ply.appcore.HomeEvent
import dev.ply.core.GameKind
import dev.ply.appcore.PlayMode
import dev.ply.ffi.AppCore
import dev.ply.core.HttpRequest
import dev.ply.core.HttpResponse
import dev.ply.core.HttpTransport
import dev.ply.core.TransportException
import java.net.InetSocketAddress
import java.util.ArrayDeque
import java.util.Collections
import java.util.concurrent.Executor

/** An executor that only queues; the test runs the tasks with [drain] (a fake main thread). */
class QueueExecutor : Executor {
    private val tasks = ArrayDeque<Runnable>()
    override fun execute(command: Runnable) {
        synchronized(tasks) { tasks.add(command) }
    }
    val size: Int get() = synchronized(tasks) { tasks.size }

    /** Runs queued tasks (and the ones they queue) until none is left; returns how many ran. */
    fun drain(limit: Int = 100_000): Int {
        var n = 0
        while (n < limit) {
            val t = synchronized(tasks) { tasks.poll() } ?: break
            t.run()
            n++
        }
        check(n < limit) { "tasks keep coming: $n run" }
        return n
    }
}

/** The app's platform as calls recorded in order ("render", "save:...", "schedule:...", ...). */
open class RecordingPlatform : PlatformEffects {
    val calls = Collections.synchronizedList(mutableListOf<String>())
    var token: String? = null
    override fun render() {
        calls += "render"
    }
    override fun renderProgress() {
        calls += "progress"
    }
    override fun saveUiState(blob: String) {
        calls += "save:$blob"
    }
    override fun scheduleSync(notBeforeMs: Long, meteredOk: Boolean) {
        calls += "schedule:$notBeforeMs" + if (meteredOk) " any network" else " unmetered"
    }
    override fun storeToken(token: String?) {
        this.token = token
        calls += "token:$token"
    }
    override fun cue(cue: Cue) {
        calls += "cue:$cue"
    }
    override fun announce(text: String) {
        calls += "announce:$text"
    }
}

/** No network: every request fails to connect. */
class OfflineTransport : HttpTransport {
    override fun send(request: HttpRequest): HttpResponse = throw TransportException.Connect("offline")
}

fun tempDir(): String = TempDirs.create("ply-shell")

/** Effects of each dispatch performed at once (the tests' main thread is the calling thread). */
fun AppCore.sendNow(event: Event, platform: PlatformEffects) = EffectExecutor.perform(dispatch(event), platform)

/** A Connect Four game between two people that red wins in seven moves. */
fun AppCore.quickWin(platform: PlatformEffects) {
    sendNow(Event.Home(HomeEvent.ChooseGame(GameKind.CONNECT_FOUR)), platform)
    sendNow(Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)), platform)
    sendNow(Event.Home(HomeEvent.NewGame), platform)
    for (c in listOf("1", "2", "1", "2", "1", "2", "1")) sendNow(Event.Board(BoardEvent.PlayNotation(c)), platform)
}

/** A collector on loopback speaking the wire format of `core/src/sync/wire.rs`. */
class FakeCollector(private val acceptedToken: String = "token-1") : AutoCloseable {
    val server: HttpServer = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
    val stored: MutableList<String> = Collections.synchronizedList(mutableListOf())
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
            val body = ex.requestBody.readBytes().toString(Charsets.UTF_8)
            if (auth != "Bearer $acceptedToken") {
                reply(ex, 401, "{\"error\":{\"code\":\"unauthorized\",\"message\":\"unknown token\"}}")
                return@createContext
            }
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
