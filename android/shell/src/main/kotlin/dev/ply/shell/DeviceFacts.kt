package dev.ply.shell

import dev.ply.appcore.AppConfig
import dev.ply.appcore.ClientPlatform
import dev.ply.appcore.Event
import dev.ply.appcore.PlatformEvent

/**
 * The phone as the core's search caps see it: the app fills this from
 * `ActivityManager.MemoryInfo` (`totalMem`, `availMem`) and `Runtime.availableProcessors()` at
 * start, off the main thread, and again with every `Foreground` ([deviceMemory]; a binder call,
 * no disk).
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

/** The free memory now, for the core to recompute its caps (sent with every `Foreground`; negative: zero, unknown). */
fun deviceMemory(device: DeviceInfo): Event = Event.Platform(PlatformEvent.DeviceMemory(device.availableRamBytes.coerceAtLeast(0).toULong()))
