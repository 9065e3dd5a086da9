import Foundation
import PlyFFI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The core's `HttpTransport` on URLSession.
///
/// The app core calls `send` on its own worker threads (a sync run) or on the BGTask's queue
/// (`AppCore.backgroundSync()`), never on the main thread, and needs the answer as a return
/// value, so the asynchronous data task is bridged with a semaphore: `send` blocks that thread
/// until the task completes or times out. Never call `backgroundSync()` on the main thread.
///
/// Mapping: any HTTP status is a response (headers and body included); `TransportError` only when
/// no response came: `Connect` (no network, refused, unknown host), `Timeout` (the request's
/// `timeoutMs`), `CleartextRefused` (App Transport Security refused plain http to the host),
/// `Other` (bad URL, TLS, cancelled, a body over the core's `maxBodyBytes`). Redirects are not
/// followed and nothing is retried: the core decides about retries.
public final class URLSessionTransport: HttpTransport, @unchecked Sendable {
    private let session: URLSession
    private let limits: TransportLimits
    private let userAgent: String

    /// `configuration`: tests pass one with a stub `URLProtocol` in `protocolClasses`; `limits`:
    /// the core's (`transportLimits()`), the same as Android's transport keeps.
    public init(configuration: URLSessionConfiguration = .ephemeral, limits: TransportLimits = transportLimits(),
                userAgent: String = "Ply-iOS") {
        let c = configuration
        c.requestCachePolicy = .reloadIgnoringLocalCacheData
        c.urlCache = nil
        c.httpShouldSetCookies = false
        session = URLSession(configuration: c, delegate: NoRedirects(), delegateQueue: nil)
        self.limits = limits
        self.userAgent = userAgent
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The `URLRequest` for a core request (exposed for tests).
    public static func urlRequest(_ request: HttpRequest, userAgent: String = "Ply-iOS",
                                  limits: TransportLimits = transportLimits()) throws -> URLRequest {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(), url.host != nil else {
            throw TransportError.Other(reason: "bad URL \(request.url)")
        }
        guard scheme == "http" || scheme == "https" else {
            throw TransportError.Other(reason: "unsupported scheme \(scheme) in \(request.url)")
        }
        var r = URLRequest(url: url)
        r.httpMethod = request.method.uppercased()
        r.timeoutInterval = max(Double(min(request.timeoutMs, limits.maxTimeoutMs)) / 1000, 0.001)
        r.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        for h in request.headers {
            r.setValue(h.value, forHTTPHeaderField: h.name)
        }
        if !request.body.isEmpty || r.httpMethod == "POST" {
            r.httpBody = request.body
        }
        return r
    }

    /// The core's error for a URLSession error.
    public static func transportError(_ error: Error, host: String) -> TransportError {
        let e = error as NSError
        guard e.domain == NSURLErrorDomain else {
            return TransportError.Other(reason: "\(host): \(e.localizedDescription)")
        }
        switch e.code {
        case NSURLErrorTimedOut:
            return TransportError.Timeout(reason: "\(host): no answer in time")
        case NSURLErrorNotConnectedToInternet, NSURLErrorCannotConnectToHost, NSURLErrorCannotFindHost,
             NSURLErrorDNSLookupFailed, NSURLErrorNetworkConnectionLost, NSURLErrorInternationalRoamingOff,
             NSURLErrorDataNotAllowed:
            return TransportError.Connect(reason: "\(host): \(e.localizedDescription)")
        case NSURLErrorAppTransportSecurityRequiresSecureConnection:
            return TransportError.CleartextRefused(reason: "\(host): \(e.localizedDescription)")
        default:
            return TransportError.Other(reason: "\(host): \(e.localizedDescription)")
        }
    }

    /// The core's response for a URLSession response.
    public static func httpResponse(_ response: HTTPURLResponse, body: Data) -> HttpResponse {
        let headers = response.allHeaderFields.compactMap { k, v -> HttpHeader? in
            guard let name = k as? String else { return nil }
            return HttpHeader(name: name, value: "\(v)")
        }.sorted { $0.name < $1.name }
        return HttpResponse(status: UInt16(clamping: response.statusCode), headers: headers, body: body)
    }

    public func send(request: HttpRequest) throws -> HttpResponse {
        let r = try Self.urlRequest(request, userAgent: userAgent, limits: limits)
        let host = r.url?.host ?? request.url
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let task = session.dataTask(with: r) { data, response, error in
            box.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        // The request's own timeout fires first; the core's margin only guards against a stuck
        // task.
        let wait = min(request.timeoutMs, limits.maxTimeoutMs) + limits.stuckMarginMs
        let deadline = DispatchTime.now() + .milliseconds(Int(clamping: wait))
        if done.wait(timeout: deadline) == .timedOut {
            task.cancel()
            throw TransportError.Timeout(reason: "\(host): no answer within \(request.timeoutMs) ms")
        }
        let (data, response, error) = box.get()
        if let error {
            throw Self.transportError(error, host: host)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.Other(reason: "\(host): not an HTTP response")
        }
        let body = data ?? Data()
        if UInt64(body.count) > limits.maxBodyBytes {
            throw TransportError.Other(reason: "\(host): response body over \(limits.maxBodyBytes) bytes")
        }
        return Self.httpResponse(http, body: body)
    }

}

/// Redirects are returned to the core as responses, never followed.
private final class NoRedirects: NSObject, URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

/// The data task's result, handed from URLSession's queue to the blocked caller.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private var response: URLResponse?
    private var error: Error?

    func set(data: Data?, response: URLResponse?, error: Error?) {
        lock.lock()
        defer { lock.unlock() }
        self.data = data
        self.response = response
        self.error = error
    }

    func get() -> (Data?, URLResponse?, Error?) {
        lock.lock()
        defer { lock.unlock() }
        return (data, response, error)
    }
}
