import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
import PlyFFI
@testable import PlyKit

/// Answers every request with the configured status/body or error, and remembers the request.
final class StubProtocol: URLProtocol {
    nonisolated(unsafe) static var status = 200
    nonisolated(unsafe) static var body = Data()
    nonisolated(unsafe) static var headers: [String: String] = [:]
    nonisolated(unsafe) static var error: Error?
    nonisolated(unsafe) static var seen: URLRequest?
    nonisolated(unsafe) static var seenBody: Data?

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        Self.seen = request
        Self.seenBody = request.httpBody ?? request.httpBodyStream.map(Self.read)
        if let e = Self.error {
            client?.urlProtocol(self, didFailWithError: e)
            return
        }
        let url = request.url ?? URL(fileURLWithPath: "/")
        let response = HTTPURLResponse(url: url, statusCode: Self.status, httpVersion: "HTTP/1.1", headerFields: Self.headers)
        if let r = response {
            client?.urlProtocol(self, didReceive: r, cacheStoragePolicy: .notAllowed)
        }
        client?.urlProtocol(self, didLoad: Self.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}

    static func read(_ s: InputStream) -> Data {
        s.open()
        defer { s.close() }
        var out = Data()
        var buf = [UInt8](repeating: 0, count: 4096)
        while s.hasBytesAvailable {
            let n = s.read(&buf, maxLength: buf.count)
            if n <= 0 { break }
            out.append(buf, count: n)
        }
        return out
    }
}

final class TransportTests: XCTestCase {
    private func transport() -> URLSessionTransport {
        let c = URLSessionConfiguration.ephemeral
        c.protocolClasses = [StubProtocol.self]
        var limits = transportLimits()
        limits.maxBodyBytes = 1024
        return URLSessionTransport(configuration: c, limits: limits)
    }

    override func setUp() {
        StubProtocol.status = 200
        StubProtocol.body = Data()
        StubProtocol.headers = [:]
        StubProtocol.error = nil
        StubProtocol.seen = nil
        StubProtocol.seenBody = nil
    }

    private func post(_ body: String = "{}", timeoutMs: UInt64 = 5000) -> HttpRequest {
        HttpRequest(method: "POST", url: "https://collector.example.org/v1/games",
                    headers: [HttpHeader(name: "Authorization", value: "Bearer t0k"),
                              HttpHeader(name: "Content-Type", value: "application/json")],
                    body: Data(body.utf8), timeoutMs: timeoutMs)
    }

    func testRequestAndResponseAreMapped() throws {
        StubProtocol.status = 207
        StubProtocol.body = Data(#"{"results":[]}"#.utf8)
        StubProtocol.headers = ["Content-Type": "application/json"]
        let r = try transport().send(request: post(#"{"records":[1]}"#))
        XCTAssertEqual(r.status, 207)
        XCTAssertEqual(String(decoding: r.body, as: UTF8.self), #"{"results":[]}"#)
        XCTAssertTrue(r.headers.contains { $0.name.lowercased() == "content-type" && $0.value == "application/json" })
        let seen = try XCTUnwrap(StubProtocol.seen)
        XCTAssertEqual(seen.httpMethod, "POST")
        XCTAssertEqual(seen.url?.absoluteString, "https://collector.example.org/v1/games")
        XCTAssertEqual(seen.value(forHTTPHeaderField: "Authorization"), "Bearer t0k")
        XCTAssertEqual(StubProtocol.seenBody.map { String(decoding: $0, as: UTF8.self) }, #"{"records":[1]}"#)
        XCTAssertEqual(seen.timeoutInterval, 5, accuracy: 0.001)
    }

    func testErrorStatusesAreResponsesNotErrors() throws {
        StubProtocol.status = 401
        StubProtocol.body = Data(#"{"error":"bad token"}"#.utf8)
        XCTAssertEqual(try transport().send(request: post()).status, 401)
    }

    func testNetworkFailuresMapToTransportErrors() {
        let cases: [(Int, (TransportError) -> Bool)] = [
            (NSURLErrorTimedOut, { if case .Timeout = $0 { return true }; return false }),
            (NSURLErrorNotConnectedToInternet, { if case .Connect = $0 { return true }; return false }),
            (NSURLErrorCannotConnectToHost, { if case .Connect = $0 { return true }; return false }),
            (NSURLErrorSecureConnectionFailed, { if case .Other = $0 { return true }; return false }),
            (NSURLErrorAppTransportSecurityRequiresSecureConnection,
             { if case .CleartextRefused = $0 { return true }; return false }),
        ]
        for (code, matches) in cases {
            StubProtocol.error = NSError(domain: NSURLErrorDomain, code: code)
            XCTAssertThrowsError(try transport().send(request: post())) { e in
                guard let t = e as? TransportError else { return XCTFail("\(e)") }
                XCTAssertTrue(matches(t), "\(code) -> \(t)")
            }
        }
    }

    func testBadUrlsAndOversizedBodiesAreRefused() {
        var r = post()
        r.url = "ftp://collector.example.org/x"
        XCTAssertThrowsError(try transport().send(request: r))
        r.url = "not a url"
        XCTAssertThrowsError(try transport().send(request: r))
        StubProtocol.body = Data(repeating: 65, count: 2048)
        XCTAssertThrowsError(try transport().send(request: post())) { e in
            guard case .Other = e as? TransportError else { return XCTFail("\(e)") }
        }
    }

    /// The limits are the core's, the same as Android's transport keeps: a request's timeout is
    /// cut to the longest the core honours, and a body over the core's size is refused.
    func testTheCoresLimitsBoundTheRequest() throws {
        let limits = transportLimits()
        XCTAssertEqual(limits.maxBodyBytes, 4 << 20)
        let long = try URLSessionTransport.urlRequest(post(timeoutMs: 36_000_000))
        XCTAssertEqual(long.timeoutInterval, Double(limits.maxTimeoutMs) / 1000, accuracy: 0.001)
        StubProtocol.body = Data(repeating: 65, count: Int(limits.maxBodyBytes) + 1)
        let c = URLSessionConfiguration.ephemeral
        c.protocolClasses = [StubProtocol.self]
        XCTAssertThrowsError(try URLSessionTransport(configuration: c).send(request: post())) { e in
            guard case .Other = e as? TransportError else { return XCTFail("\(e)") }
        }
        StubProtocol.body = Data(repeating: 65, count: Int(limits.maxBodyBytes))
        XCTAssertEqual(try URLSessionTransport(configuration: c).send(request: post()).body.count,
                       Int(limits.maxBodyBytes))
    }
}
