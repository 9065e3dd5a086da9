package dev.ply.shell

import dev.ply.core.HttpHeader
import dev.ply.core.HttpRequest
import dev.ply.core.HttpResponse
import dev.ply.core.HttpTransport
import dev.ply.core.TransportException
import dev.ply.ffi.transportLimits
import java.io.IOException
import java.io.InputStream
import java.net.ConnectException
import java.net.HttpURLConnection
import java.net.MalformedURLException
import java.net.NoRouteToHostException
import java.net.SocketTimeoutException
import java.net.URL
import java.net.UnknownHostException
import java.net.UnknownServiceException

/**
 * The core's [HttpTransport] on `java.net.HttpURLConnection` (the platform stack on Android and
 * on any JVM). Any HTTP status is a response; [TransportException] only when no response came:
 * `Connect` (refused, unknown host, no route), `Timeout`, `CleartextRefused` (the app's network
 * security configuration forbids plain http to the host), `Other` (bad URL, I/O, TLS...).
 * Redirects are not followed and nothing is retried: the core decides about retries.
 *
 * Who calls [send]: the app core, on its own worker threads (a sync run after a finished game,
 * "Sync now", the network coming back) and on the WorkManager worker's thread
 * (`AppCore.backgroundSync`); never the main thread, so blocking here is fine.
 *
 * [maxBodyBytes] bounds what is read from the server (a hostile or broken server cannot make
 * the app allocate without limit); the default and the longest timeout are the core's
 * (`transportLimits()`), the same as the iOS transport's. [open] makes the connection (tests pass a fake one).
 */
class HttpUrlConnectionTransport(
    private val maxBodyBytes: Int = transportLimits().maxBodyBytes.coerceAtMost(Int.MAX_VALUE.toULong()).toInt(),
    private val userAgent: String = "Ply",
    private val open: (URL) -> HttpURLConnection = { it.openConnection() as HttpURLConnection },
) : HttpTransport {
    override fun send(request: HttpRequest): HttpResponse {
        val url = try {
            URL(request.url)
        } catch (e: MalformedURLException) {
            throw TransportException.Other("bad URL ${request.url}: ${e.message}")
        }
        if (url.protocol != "http" && url.protocol != "https") {
            throw TransportException.Other("unsupported scheme ${url.protocol} in ${request.url}")
        }
        val timeout = request.timeoutMs.coerceAtMost(transportLimits().maxTimeoutMs).toLong().coerceIn(1, Int.MAX_VALUE.toLong()).toInt()
        var conn: HttpURLConnection? = null
        try {
            conn = open(url)
            conn.instanceFollowRedirects = false
            conn.useCaches = false
            conn.connectTimeout = timeout
            conn.readTimeout = timeout
            conn.requestMethod = request.method.uppercase()
            conn.setRequestProperty("User-Agent", userAgent)
            for (h in request.headers) conn.setRequestProperty(h.name, h.value)
            if (request.body.isNotEmpty() || conn.requestMethod == "POST") {
                conn.doOutput = true
                conn.setFixedLengthStreamingMode(request.body.size)
                conn.outputStream.use { it.write(request.body) }
            }
            val status = conn.responseCode
            if (status < 0) throw TransportException.Other("no valid HTTP response from ${url.host}")
            val headers = conn.headerFields.orEmpty().flatMap { (name, values) ->
                if (name == null) emptyList() else values.map { HttpHeader(name, it) }
            }
            val stream = if (status >= 400) conn.errorStream else conn.inputStream
            val body = stream?.use { readBounded(it) } ?: ByteArray(0)
            return HttpResponse(status.toUShort(), headers, body)
        } catch (e: TransportException) {
            throw e
        } catch (e: SocketTimeoutException) {
            throw TransportException.Timeout("${url.host}: ${e.message ?: "no answer within $timeout ms"}")
        } catch (e: ConnectException) {
            throw TransportException.Connect("${url.host}: ${e.message ?: "connection refused"}")
        } catch (e: UnknownHostException) {
            throw TransportException.Connect("unknown host ${url.host}")
        } catch (e: NoRouteToHostException) {
            throw TransportException.Connect("no route to ${url.host}")
        } catch (e: UnknownServiceException) {
            // Android's words when the network security configuration forbids plain http to the
            // host: "CLEARTEXT communication to <host> not permitted by network security policy".
            if (e.message.orEmpty().contains("CLEARTEXT", ignoreCase = true)) {
                throw TransportException.CleartextRefused("${url.host}: ${e.message}")
            }
            throw TransportException.Other("${url.host}: ${e.javaClass.simpleName}: ${e.message}")
        } catch (e: IOException) {
            throw TransportException.Other("${url.host}: ${e.javaClass.simpleName}: ${e.message}")
        } catch (e: RuntimeException) {
            throw TransportException.Other("${url.host}: ${e.javaClass.simpleName}: ${e.message}")
        } finally {
            conn?.disconnect()
        }
    }

    private fun readBounded(input: InputStream): ByteArray {
        val out = java.io.ByteArrayOutputStream()
        val buf = ByteArray(16 * 1024)
        while (true) {
            val n = input.read(buf)
            if (n < 0) break
            if (out.size() + n > maxBodyBytes) throw IOException("response body over $maxBodyBytes bytes")
            out.write(buf, 0, n)
        }
        return out.toByteArray()
    }
}
