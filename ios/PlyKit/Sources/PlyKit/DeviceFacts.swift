import Foundation
#if os(iOS)
import os
#endif

/// The device's facts the core is told: its memory and cores (the search caps), its languages
/// and its offset from UTC (the core's texts and the history's times).
public protocol DeviceFacts: Sendable {
    var totalMemory: UInt64 { get }
    var cpuCores: UInt32 { get }
    /// Free memory for this process now (0: unknown; the core then drops that term).
    func availableMemory() -> UInt64
    /// The languages the app's own strings resolve to, most preferred first.
    func languages() -> [String]
    /// The offset from UTC now, in minutes east.
    func utcOffsetMinutes() -> Int32
}

/// The device this runs on.
public struct SystemDevice: DeviceFacts {
    public init() {}

    public var totalMemory: UInt64 { ProcessInfo.processInfo.physicalMemory }

    public var cpuCores: UInt32 { UInt32(clamping: ProcessInfo.processInfo.activeProcessorCount) }

    /// `os_proc_available_memory()` on iOS (the headroom before jetsam ends the app); unknown
    /// elsewhere.
    public func availableMemory() -> UInt64 {
        #if os(iOS)
        return UInt64(os_proc_available_memory())
        #else
        return 0
        #endif
    }

    /// The bundle's localizations matched against the system's and the app's own language
    /// setting: the language the SwiftUI strings show in, so the core's texts match them.
    public func languages() -> [String] {
        Bundle.main.preferredLocalizations
    }

    public func utcOffsetMinutes() -> Int32 {
        Int32(TimeZone.current.secondsFromGMT() / 60)
    }
}
