package dev.ply.app

import android.app.ActivityManager
import android.app.Application
import dev.ply.core.ClientPlatform
import dev.ply.core.LogLevel
import dev.ply.core.Outbox
import dev.ply.core.initLogging
import dev.ply.shell.ClientDescription
import dev.ply.shell.DeviceInfo
import dev.ply.shell.DeviceLimits
import dev.ply.shell.FinishedGames
import java.io.File

/** Process-wide objects: the device's engine limits, the outbox, the finished-games list, the stored settings. */
class PlyApplication : Application() {
    lateinit var deviceLimits: DeviceLimits
        private set
    lateinit var outbox: Outbox
        private set
    lateinit var store: SettingsStore
        private set
    /** Finished games for the history screen (the outbox forgets uploaded ones). */
    lateinit var finishedGames: FinishedGames
        private set
    val client: ClientDescription
        get() = ClientDescription(BuildConfig.VERSION_NAME, ClientPlatform.ANDROID, deviceLimits.device.totalRamBytes)

    override fun onCreate() {
        super.onCreate()
        initLogging(if (BuildConfig.DEBUG) LogLevel.DEBUG else LogLevel.INFO)
        deviceLimits = DeviceLimits(readDevice())
        outbox = Outbox.open(File(filesDir, "outbox").absolutePath)
        store = SettingsStore(this)
        finishedGames = FinishedGames(File(filesDir, "finished-games.tsv"))
        SyncScheduler.updatePeriodic(this, store.sync())
    }

    /** Memory and cores now; the cap is computed once per process from these. */
    private fun readDevice(): DeviceInfo {
        val info = ActivityManager.MemoryInfo()
        getSystemService(ActivityManager::class.java)?.getMemoryInfo(info)
        return DeviceInfo(info.totalMem, info.availMem, Runtime.getRuntime().availableProcessors())
    }
}
