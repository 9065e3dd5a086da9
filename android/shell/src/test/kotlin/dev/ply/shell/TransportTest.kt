package dev.ply.shell

import com.sun.net.httpserver.HttpServer
import dev.ply.core.HttpHeader
import dev.ply.core.HttpRequest
import dev.ply.core.TransportException
import dev.ply.ffi.transportLimits
import dev.ply.ffi.uniffiEnsureInitialized
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.io.InputStream
import java.io.OutputStream
import java.net.HttpURLConnection
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.net.URL
import java.net.UnknownServiceException
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/**
 * A connection that fails as Android's HttpURLConnection does when the network security
 * configuration forbids plain http to the host: at the first byte sent or read.
 */
class RefusingConnection(url: URL, private val message: String) : HttpURLConnection(url) {
    var disconnected = false

    override fun connect() = throw UnknownServiceException(message)
    override fun getOutputStream(): OutputStream = throw UnknownServiceException(message)
    override fun getInputStream(): InputStream = throw UnknownServiceException(message)
    override fun disconnect() {
        disconnected = true
    }
    override fun usingProxy() = false
}

/** [HttpUrlConnectionTransport] against loopback servers. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TransportTest {
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
    fun plainHttpTheSystemRefusesIsATypedError() {
        val cleartext = "CLEARTEXT communication to 192.168.1.20 not permitted by network security policy"
        var connection: RefusingConnection? = null
        val t = HttpUrlConnectionTransport(open = { url -> RefusingConnection(url, cleartext).also { connection = it } })
        // An upload (a body to write) and a GET (nothing to write) fail the same way.
        for (method in listOf("POST", "GET")) {
            val e = assertFailsWith<TransportException.CleartextRefused> {
                t.send(req("http://192.168.1.20:8080/v1/games", method = method, body = if (method == "POST") "{}" else ""))
            }
            assertTrue(e.reason.contains("192.168.1.20") && e.reason.contains("CLEARTEXT"), e.reason)
            assertTrue(connection?.disconnected == true, "the connection is closed")
        }
        // The same exception for any other reason is no cleartext refusal.
        val other = HttpUrlConnectionTransport(open = { url -> RefusingConnection(url, "protocol doesn't support output") })
        assertFailsWith<TransportException.Other> { other.send(req("http://192.168.1.20:8080/v1/games")) }
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

    /** The default cap is the core's (`transportLimits()`): a body that size is read, one byte more refused. */
    @Test
    fun theDefaultBodyCapIsTheCores() {
        val s = echoServer()
        val cap = transportLimits().maxBodyBytes.toInt()
        val t = HttpUrlConnectionTransport()
        val url = "http://127.0.0.1:${s.address.port}/echo"
        assertEquals(cap, t.send(req(url, body = "x".repeat(cap))).body.size)
        assertFailsWith<TransportException.Other> { t.send(req(url, body = "x".repeat(cap + 1))) }
    }
}
