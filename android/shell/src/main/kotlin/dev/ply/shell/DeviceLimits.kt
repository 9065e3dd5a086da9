package dev.ply.shell

import dev.ply.core.EngineLimits
import dev.ply.core.recommendedLimits

/**
 * The phone as the memory cap sees it: the app fills this from `ActivityManager.MemoryInfo`
 * (`totalMem`, `availMem`) and `Runtime.availableProcessors()` once at start.
 */
data class DeviceInfo(val totalRamBytes: Long, val availableRamBytes: Long, val cpuCores: Int)

/** The engine limits of this device (the core's rule), applied to every session the app creates. */
class DeviceLimits(val device: DeviceInfo) {
    /** `recommended_limits` of the core; negative inputs count as unknown (zero). */
    val limits: EngineLimits = recommendedLimits(
        device.totalRamBytes.coerceAtLeast(0).toULong(),
        device.availableRamBytes.coerceAtLeast(0).toULong(),
        device.cpuCores.coerceAtLeast(0).toUInt(),
    )

    /** Lines for the settings screen ("Memory cap: 64 MiB search table", ...). */
    fun describe(): List<String> = listOf(
        "Device: ${mib(device.totalRamBytes)} RAM, ${mib(device.availableRamBytes)} free, ${device.cpuCores} cores",
        "Memory cap: ${mib(limits.ttBytes.toLong())} search table",
        "Deepest search: Othello ${limits.maxDepthOthello}, Connect Four ${limits.maxDepthConnect4}, " +
            "draughts ${limits.maxDepthCheckers} plies",
        "Longest think: ${limits.maxTimeMs.toLong() / 1000} s per move",
    )

    private fun mib(bytes: Long): String = if (bytes <= 0) "unknown" else "${bytes / (1L shl 20)} MiB"
}
