import Foundation
#if os(iOS)
import os
#endif

/// The device facts the core's search caps are computed from (`AppConfig`'s memory and cores).
public enum DeviceFacts {
    /// Free memory for this process: `os_proc_available_memory()` on iOS (the jetsam headroom);
    /// 0 = unknown elsewhere (the core then drops that term).
    public static func availableMemory() -> UInt64 {
        #if os(iOS)
        return UInt64(os_proc_available_memory())
        #else
        return 0
        #endif
    }

    public static var totalMemory: UInt64 { ProcessInfo.processInfo.physicalMemory }

    public static var cpuCores: UInt32 { UInt32(clamping: ProcessInfo.processInfo.activeProcessorCount) }
}
