package dev.ply.shell

import dev.ply.core.AppConfig
import dev.ply.core.ClientPlatform

/**
 * The phone as the core's search caps see it: the app fills this from
 * `ActivityManager.MemoryInfo` (`totalMem`, `availMem`) and `Runtime.availableProcessors()` once
 * at start, off the main thread.
 */
data class DeviceInfo(val totalRamBytes: Long, val availableRamBytes: Long, val cpuCores: Int)

/** The core's start configuration (negative device figures count as unknown: zero). */
fun appConfig(dataDir: String, appVersion: String, device: DeviceInfo, token: String?): AppConfig = AppConfig(
    dataDir = dataDir,
    platform = ClientPlatform.ANDROID,
    appVersion = appVersion,
    totalRamBytes = device.totalRamBytes.coerceAtLeast(0).toULong(),
    availableRamBytes = device.availableRamBytes.coerceAtLeast(0).toULong(),
    cpuCores = device.cpuCores.coerceAtLeast(0).toUInt(),
    token = token,
)
