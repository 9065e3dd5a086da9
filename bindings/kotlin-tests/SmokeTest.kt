package dev.ply.core.tests

import dev.ply.core.coreVersion
import dev.ply.core.uniffiEnsureInitialized
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import kotlin.test.assertTrue

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SmokeTest {
    @BeforeAll
    fun checksums() {
        // Fails with a checksum mismatch if the bindings do not match the library.
        uniffiEnsureInitialized()
    }

    @Test
    fun versionIsReported() {
        assertTrue(coreVersion().isNotEmpty())
    }
}
