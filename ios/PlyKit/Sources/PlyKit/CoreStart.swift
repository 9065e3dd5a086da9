import Foundation
import PlyFFI
#if canImport(os)
import os
#endif

/// How the app's core is made (off the main thread, by `AppModel.start`).
public enum CoreStart {
    /// The core's private directory under `base` (Application Support): the game in progress,
    /// settings, history and outbox, so that a game survives a force-quit.
    public static func dataDirectory(in base: URL) -> URL {
        base.appendingPathComponent("Ply", isDirectory: true)
    }

    /// The app's factory: the core's directory in Application Support (the temporary directory
    /// when there is none), the bundle's version in the records and the transport's user agent.
    public static func factory(for bundle: Bundle, device: DeviceFacts, tokens: TokenStorage) -> CoreFactory {
        let fm = FileManager.default
        let support = (try? fm.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil,
                                   create: true)) ?? fm.temporaryDirectory
        let version = bundle.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0"
        return factory(dataDirectory: dataDirectory(in: support), appVersion: version, device: device,
                       tokens: tokens, transport: URLSessionTransport(userAgent: "Ply/\(version) iOS"))
    }

    /// A factory for `AppModel`: the core's logs to `log` at `level`, the device's facts and the
    /// stored token in the configuration, and `AppCore.start`, which creates the directory and
    /// throws what keeps the core from starting (shown on the error screen in the person's
    /// language).
    public static func factory(dataDirectory: URL, appVersion: String, device: DeviceFacts, tokens: TokenStorage,
                               transport: HttpTransport?, log: LogSink = ConsoleLog(),
                               level: LogLevel = .info) -> CoreFactory {
        { shell in
            initLoggingTo(level: level, sink: log)
            let config = AppConfig(dataDir: dataDirectory.path, platform: .ios, appVersion: appVersion,
                                   totalRamBytes: device.totalMemory, availableRamBytes: device.availableMemory(),
                                   cpuCores: device.cpuCores, token: tokens.read())
            return try AppCore.start(config: config, shell: shell, transport: transport)
        }
    }
}

/// The core's log records on the console: the unified log on Apple's systems (Console.app and
/// Xcode's console, subsystem `dev.ply`, category the record's target), standard error elsewhere.
public final class ConsoleLog: LogSink, Sendable {
    #if canImport(os)
    private let subsystem: String
    #endif

    public init(subsystem: String = "dev.ply") {
        #if canImport(os)
        self.subsystem = subsystem
        #endif
    }

    public func log(level: LogLevel, target: String, message: String) {
        #if canImport(os)
        let logger = Logger(subsystem: subsystem, category: target)
        switch level {
        case .error: logger.error("\(message, privacy: .public)")
        case .warn: logger.warning("\(message, privacy: .public)")
        case .info: logger.info("\(message, privacy: .public)")
        case .debug, .trace: logger.debug("\(message, privacy: .public)")
        case .off: break
        }
        #else
        FileHandle.standardError.write(Data("[ply \(level) \(target)] \(message)\n".utf8))
        #endif
    }
}
