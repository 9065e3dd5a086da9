package dev.ply.shell

import dev.ply.appcore.AppConfig
import dev.ply.appcore.Event
import dev.ply.appcore.PlatformEvent
import dev.ply.ffi.AppCore
import dev.ply.ffi.AppShell
import dev.ply.core.HttpTransport
import java.io.File
import java.nio.file.Files

/**
 * The directories the tests create, and the cores writing into them. [removeAll] (each test
 * class's `@AfterEach`, and a shutdown hook for whatever a class left) stops the cores first:
 * a core's worker still saving a game would otherwise write into a directory being removed, and
 * the core's store creates the directory again. JUnit's `@TempDir` cannot know about the cores. The bindings' tests use it
 * too (tests/kotlin.sh compiles both sets together).
 */
object TempDirs {
    private val dirs = mutableListOf<File>()
    private val cores = mutableListOf<AppCore>()

    init {
        Runtime.getRuntime().addShutdownHook(Thread { removeAll() })
    }

    @Synchronized
    fun create(prefix: String): String = Files.createTempDirectory(prefix).toFile().also { dirs += it }.path

    /** A core that [removeAll] stops before its directory goes. */
    @Synchronized
    fun core(config: AppConfig, shell: AppShell, transport: HttpTransport?): AppCore =
        AppCore(config, shell, transport).also { cores += it }

    @Synchronized
    fun removeAll() {
        var destroyedByTest = false
        for (core in cores) {
            // Hidden and in the background the core starts nothing new and stops its searches;
            // waiting for idle lets the writes already asked for finish. A core the test closed
            // itself refuses calls, but its file worker may still run a save it queued.
            val refused = runCatching {
                core.dispatch(Event.Platform(PlatformEvent.ScreenHidden))
                core.dispatch(Event.Platform(PlatformEvent.Background))
                core.waitIdle(10_000uL)
                // Idle counts searches and syncs, not the file worker: a save still queued would
                // create the directory again after it is removed.
                core.finishWrites()
                core.close()
            }.isFailure
            destroyedByTest = destroyedByTest || refused
        }
        cores.clear()
        dirs.forEach { it.deleteRecursively() }
        if (destroyedByTest) {
            // That late save creates its directory again: give it a moment, then remove again.
            Thread.sleep(300)
            dirs.forEach { it.deleteRecursively() }
        }
        dirs.clear()
    }
}
