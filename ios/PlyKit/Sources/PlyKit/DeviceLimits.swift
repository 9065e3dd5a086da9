import Foundation
import PlyFFI
#if os(iOS)
import os
#endif

/// The memory cap of every search, from the core's rule (`recommendedLimits`, documented in
/// bindings/src/limits.rs) applied to this device's memory and cores.
public enum DeviceLimits {
    /// Free memory for this process: `os_proc_available_memory()` on iOS (the jetsam headroom);
    /// 0 = unknown on macOS (the core then drops that term).
    public static func availableMemory() -> UInt64 {
        #if os(iOS)
        return UInt64(os_proc_available_memory())
        #else
        return 0
        #endif
    }

    /// The limits for this device.
    public static func current() -> EngineLimits {
        let info = ProcessInfo.processInfo
        return recommendedLimits(totalRamBytes: info.physicalMemory, availableRamBytes: availableMemory(),
                                 cpuCores: UInt32(clamping: info.activeProcessorCount))
    }

    /// "Search memory: 128 MiB, depth ≤ 10/18/12, ≤ 10 s per move" for the settings screen.
    public static func describe(_ l: EngineLimits) -> String {
        let mib = l.ttBytes / (1 << 20)
        return "Search memory: \(mib) MiB; depth ≤ \(l.maxDepthOthello) (Othello), \(l.maxDepthConnect4) (Connect Four), "
            + "\(l.maxDepthCheckers) (draughts); ≤ \(l.maxTimeMs / 1000) s per move"
    }
}
