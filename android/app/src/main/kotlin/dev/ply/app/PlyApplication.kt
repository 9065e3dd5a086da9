package dev.ply.app

import android.app.ActivityManager
import android.app.Application
import android.content.Context
import android.content.res.Configuration
import android.net.ConnectivityManager
import android.net.Network
import android.net.NetworkCapabilities
import android.os.Handler
import android.os.Looper
import android.os.Process
import android.view.accessibility.AccessibilityManager
import androidx.core.content.ContextCompat
import androidx.lifecycle.DefaultLifecycleObserver
import androidx.lifecycle.Lifecycle
import androidx.lifecycle.LifecycleOwner
import androidx.lifecycle.ProcessLifecycleOwner
import dev.ply.appcore.Event
import dev.ply.appcore.PlatformEvent
import dev.ply.ffi.AppCore
import dev.ply.ffi.LogLevel
import dev.ply.ffi.initLogging
import dev.ply.shell.CoreHost
import dev.ply.shell.DeviceInfo
import dev.ply.shell.HttpUrlConnectionTransport
import dev.ply.shell.appConfig
import dev.ply.shell.deviceMemory
import java.io.File
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/**
 * The process's app core ([host]) and the platform facts it is told about: the app's visibility
 * (ProcessLifecycleOwner: ON_START/ON_STOP, which a rotation does not send), the free memory, the
 * network, the accessibility status and memory pressure. The core decides everything else.
 */
class PlyApplication : Application() {
    lateinit var host: CoreHost
        private set
    lateinit var platform: AndroidPlatform
        private set

    /**
     * Starts the core, then writes the sealed token. One thread below the UI's priority: the
     * core's own worker threads (searches, writes, sync) are created by the thread that creates
     * the core and inherit its nice value, so a search never competes with the UI thread. Nice 9,
     * not THREAD_PRIORITY_BACKGROUND (10): from 10 Android also moves a thread into the
     * background scheduling group, which many phones confine to their slow cores, and the
     * person waits for the computer's move. Never shut down (a queued token write is never
     * dropped).
     */
    val io: ExecutorService = Executors.newSingleThreadExecutor { r ->
        Thread({
            Process.setThreadPriority(Process.THREAD_PRIORITY_BACKGROUND + Process.THREAD_PRIORITY_MORE_FAVORABLE)
            r.run()
        }, "ply-io")
    }

    private val mainHandler by lazy { Handler(Looper.getMainLooper()) }

    override fun onCreate() {
        super.onCreate()
        platform = AndroidPlatform(this)
        host = CoreHost(io, ContextCompat.getMainExecutor(this), platform) { languages(resources.configuration) }
        host.observe { platform.onHostState(it) }
        startCore()
        ProcessLifecycleOwner.get().lifecycle.addObserver(
            object : DefaultLifecycleObserver {
                override fun onStart(owner: LifecycleOwner) {
                    // The per-app language is changed in the system's settings while the app is stopped.
                    host.send(Event.Platform(PlatformEvent.Languages(languages(resources.configuration))))
                    host.send(timeZone())
                    host.send(deviceMemory(readDevice()))
                    host.send(Event.Platform(PlatformEvent.Foreground))
                    host.send(Event.Platform(PlatformEvent.ScreenShown))
                }

                override fun onStop(owner: LifecycleOwner) {
                    host.send(Event.Platform(PlatformEvent.ScreenHidden))
                    host.send(Event.Platform(PlatformEvent.Background))
                }
            },
        )
        watchNetwork()
        watchAccessibility()
    }

    /** Starts the core off the main thread; again from the error screen's retry button. */
    fun startCore() {
        var saved: String? = null
        host.start(
            create = { shell ->
                // Everything here touches the disk or the Keystore, or loads the native library.
                initLogging(if (BuildConfig.DEBUG) LogLevel.DEBUG else LogLevel.INFO)
                saved = platform.savedUiState()
                val dir = File(filesDir, "core")
                val transport = HttpUrlConnectionTransport(userAgent = "Ply/${BuildConfig.VERSION_NAME} Android")
                // The core makes its directory; a failure is its typed error (the error screen).
                AppCore.start(appConfig(dir.absolutePath, BuildConfig.VERSION_NAME, readDevice(), platform.tokens.token()), shell, transport)
            },
            // On the main thread, before the events that came while the core started.
            first = {
                buildList {
                    saved?.let { add(Event.Platform(PlatformEvent.RestoreUi(it))) }
                    add(Event.Platform(PlatformEvent.Accessibility(accessibilityOn())))
                    add(Event.Platform(PlatformEvent.Languages(languages(resources.configuration))))
                    add(timeZone())
                    // Started by WorkManager with no UI: the core assumes the foreground until told.
                    if (!ProcessLifecycleOwner.get().lifecycle.currentState.isAtLeast(Lifecycle.State.STARTED)) {
                        add(Event.Platform(PlatformEvent.Background))
                    }
                }
            },
        )
    }

    /** A new system or per-app language (among other changes): the core's texts follow it. */
    override fun onConfigurationChanged(newConfig: Configuration) {
        super.onConfigurationChanged(newConfig)
        host.send(Event.Platform(PlatformEvent.Languages(languages(newConfig))))
    }

    /** The phone's offset from UTC now: the core writes the history's times with it. */
    private fun timeZone(): Event =
        Event.Platform(PlatformEvent.TimeZone(java.util.TimeZone.getDefault().getOffset(System.currentTimeMillis()) / 60_000))

    /** The languages resources resolve against, most preferred first ("de-AT,en-GB"). */
    private fun languages(config: Configuration): List<String> =
        config.locales.toLanguageTags().split(',').filter { it.isNotEmpty() }

    /** The platform's trim level as given: the core decides what each level means and does. */
    override fun onTrimMemory(level: Int) {
        super.onTrimMemory(level)
        host.send(Event.Platform(PlatformEvent.TrimMemory(level)))
    }

    /**
     * Memory and cores now: all three for the core's start; the free memory again with every
     * `Foreground` (`PlatformEvent.DeviceMemory`), from which the core recomputes its search caps.
     */
    private fun readDevice(): DeviceInfo {
        val info = ActivityManager.MemoryInfo()
        getSystemService(ActivityManager::class.java)?.getMemoryInfo(info)
        return DeviceInfo(info.totalMem, info.availMem, Runtime.getRuntime().availableProcessors())
    }

    private fun accessibilityOn(): Boolean =
        (getSystemService(Context.ACCESSIBILITY_SERVICE) as? AccessibilityManager)?.isEnabled ?: true

    /** While no accessibility service is on, the core leaves cell labels empty (a cheaper tap). */
    private fun watchAccessibility() {
        val am = getSystemService(Context.ACCESSIBILITY_SERVICE) as? AccessibilityManager ?: return
        am.addAccessibilityStateChangeListener { on -> mainHandler.post { host.send(Event.Platform(PlatformEvent.Accessibility(on))) } }
    }

    /** The default network's state, for the core's sync (metered networks wait unless allowed). */
    private fun watchNetwork() {
        val cm = getSystemService(ConnectivityManager::class.java) ?: return
        val callback = object : ConnectivityManager.NetworkCallback() {
            override fun onCapabilitiesChanged(network: Network, caps: NetworkCapabilities) {
                host.send(
                    Event.Platform(PlatformEvent.NetworkCapabilities(
                        internet = caps.hasCapability(NetworkCapabilities.NET_CAPABILITY_INTERNET),
                        notMetered = caps.hasCapability(NetworkCapabilities.NET_CAPABILITY_NOT_METERED),
                    )),
                )
            }

            override fun onLost(network: Network) {
                host.send(Event.Platform(PlatformEvent.NetworkCapabilities(internet = false, notMetered = false)))
            }
        }
        // Callbacks on the main thread, where events are sent.
        runCatching { cm.registerDefaultNetworkCallback(callback, mainHandler) }
    }
}
