package dev.ply.shell

import dev.ply.appcore.Event
import dev.ply.appcore.PlatformEvent
import dev.ply.appcore.SettingsEvent
import dev.ply.ffi.uniffiEnsureInitialized
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.security.GeneralSecurityException
import java.security.ProviderException
import java.util.Base64
import javax.crypto.KeyGenerator
import javax.crypto.SecretKey
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** What the app's preferences entry would hold. */
class MemorySlot(var value: String? = null) : SecretSlot {
    override fun read() = value
    override fun write(value: String?) {
        this.value = value
    }
}

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SealedTokenTest {

    @AfterEach
    fun removeTempDirs() = TempDirs.removeAll()

    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private fun aesKey(): SecretKey = KeyGenerator.getInstance("AES").apply { init(256) }.generateKey()

    /** One key for the store's lifetime, as the Keystore hands back the same key every time. */
    private fun fixedKey(): () -> SecretKey = aesKey().let { k -> { k } }

    private val token = "9f1c2d3e-token-of-this-install"

    @Test
    fun aSealedTokenOpensAgainAndIsNotStoredInTheClear() {
        val key = aesKey()
        val slot = MemorySlot()
        val store = SealedTokenStore(slot, { key })
        assertNull(store.token(), "nothing saved yet")
        store.save(token)
        val blob = assertNotNull(slot.value)
        assertFalse(blob.contains(token), "plain token in $blob")
        assertFalse(blob.contains(Base64.getEncoder().encodeToString(token.toByteArray())), "base64 token in $blob")
        assertEquals(token, store.token())
        // A second store over the same slot and key (the app after a restart) reads it back.
        assertEquals(token, SealedTokenStore(slot, { key }).token())
    }

    @Test
    fun everySealDrawsAFreshIv() {
        val key = aesKey()
        val a = MemorySlot().also { SealedTokenStore(it, { key }).save(token) }.value!!
        val b = MemorySlot().also { SealedTokenStore(it, { key }).save(token) }.value!!
        assertNotEquals(a, b)
        assertNotEquals(a.split(':')[1], b.split(':')[1], "the IVs differ")
    }

    @Test
    fun savingNullForgetsTheToken() {
        val key = aesKey()
        val slot = MemorySlot()
        val store = SealedTokenStore(slot, { key })
        store.save(token)
        store.save(null)
        assertNull(slot.value)
        assertNull(store.token())
    }

    @Test
    fun aBlobThatDoesNotOpenCountsAsNoToken() {
        val key = aesKey()
        val slot = MemorySlot()
        SealedTokenStore(slot, { key }).save(token)
        val good = slot.value!!
        val (version, iv, body) = good.split(':')
        val bodyBytes = Base64.getDecoder().decode(body)
        bodyBytes[0] = (bodyBytes[0].toInt() xor 1).toByte()
        val flipped = "$version:$iv:${Base64.getEncoder().encodeToString(bodyBytes)}"
        val refused = listOf(
            flipped to "one ciphertext bit flipped",
            "$version:${Base64.getEncoder().encodeToString(ByteArray(12))}:$body" to "another IV",
            "v0:$iv:$body" to "an unknown version",
            "$version:$iv" to "a missing part",
            "$version:!!:$body" to "an IV that is not base64",
            "$version:${Base64.getEncoder().encodeToString(ByteArray(8))}:$body" to "a short IV",
            token to "a token stored in the clear by an older build",
            "" to "an empty entry",
        )
        for ((blob, what) in refused) {
            assertNull(SealedTokenStore(MemorySlot(blob), { key }).token(), what)
        }
        assertNull(SealedTokenStore(MemorySlot(good), { aesKey() }).token(), "sealed under another key")
        assertEquals(token, SealedTokenStore(MemorySlot(good), { key }).token(), "the untouched blob still opens")
    }

    @Test
    fun aFailingKeystoreMeansNoTokenRatherThanACrash() {
        val failures = listOf<() -> SecretKey>(
            { throw GeneralSecurityException("keystore unavailable") },
            { throw ProviderException("keystore hardware failed") },
        )
        for (failing in failures) {
            val slot = MemorySlot()
            val broken = SealedTokenStore(slot, failing)
            broken.save(token)
            assertNull(slot.value, "nothing unsealed is written")
            slot.value = "v1:AAAAAAAAAAAAAAAA:AAAA"
            assertNull(broken.token())
        }
    }

    /** The app core's background sync run as the worker makes it, with the token kept sealed. */
    private fun syncOnce(slot: MemorySlot, key: () -> SecretKey, collector: FakeCollector, dir: String): RecordingPlatform {
        val tokens = SealedTokenStore(slot, key)
        val platform = object : RecordingPlatform() {
            override fun storeToken(token: String?) = tokens.save(token)
        }
        val main = QueueExecutor()
        val shell = PostingShell(post = { main.execute(it) }, perform = { EffectExecutor.perform(it, platform) })
        val core = TempDirs.core(appConfig(dir, "test", DeviceInfo(4L shl 30, 2L shl 30, 4), tokens.token()), shell, HttpUrlConnectionTransport())
        try {
            core.sendNow(Event.Platform(PlatformEvent.Background), platform)
            core.sendNow(Event.Settings(SettingsEvent.SetServerUrl(collector.url)), platform)
            core.sendNow(Event.Settings(SettingsEvent.SetSyncEnabled(true)), platform)
            core.quickWin(platform)
            assertTrue(core.waitIdle(30_000uL))
            val outcome = core.backgroundSync()
            assertEquals(BackgroundSync.Outcome.SUCCESS, BackgroundSync.outcome(outcome), outcome.toString())
            assertTrue(core.waitIdle(30_000uL))
            main.drain()
        } finally {
            core.destroy()
        }
        return platform
    }

    @Test
    fun aLostKeyLeadsToOneNewRegistrationAndTheGamesStillArrive() {
        FakeCollector("token-1").use { collector ->
            val slot = MemorySlot()
            val dir = tempDir()
            syncOnce(slot, fixedKey(), collector, dir)
            assertTrue(slot.value!!.startsWith("v1:"), "the new token is kept sealed")
            assertEquals(1, collector.registrations)
            assertEquals(1, collector.stored.size)

            // A restore onto a new phone: the preferences came back, the Keystore key did not.
            syncOnce(slot, fixedKey(), collector, dir)
            assertEquals(2, collector.registrations, "registered once more instead of failing")
            assertEquals(2, collector.stored.size, "the second game arrived too")
        }
    }
}
