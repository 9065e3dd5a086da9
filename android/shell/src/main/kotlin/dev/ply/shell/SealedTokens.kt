package dev.ply.shell

import java.security.GeneralSecurityException
import java.security.ProviderException
import java.util.Base64
import javax.crypto.Cipher
import javax.crypto.SecretKey
import javax.crypto.spec.GCMParameterSpec

/** Where the collector token lives between launches (`AppConfig.token` at start, `StoreToken` after). */
interface TokenStore {
    fun token(): String?
    fun save(token: String?)
}

/** One stored string, or none (the app: a private SharedPreferences entry excluded from backup). */
interface SecretSlot {
    fun read(): String?
    fun write(value: String?)
}

/**
 * The collector's bearer token sealed with AES-256-GCM under a key the platform keeps (the app: a
 * non-exportable Android Keystore key), so a copied preferences file or a rooted backup does not
 * hand out the install's identity.
 *
 * A blob that does not open (tampered, sealed under another key, the Keystore key lost after a
 * restore or an OS upgrade, or a Keystore failure) counts as no token: the app core then
 * registers the install again, which costs one request, instead of failing every sync forever.
 */
class SealedTokenStore(
    private val slot: SecretSlot,
    private val key: () -> SecretKey,
) : TokenStore {

    override fun token(): String? = slot.read()?.let(::open)

    override fun save(token: String?) {
        slot.write(token?.let(::seal))
    }

    private fun seal(token: String): String? = try {
        val cipher = Cipher.getInstance(TRANSFORMATION)
        // No IV passed: the provider draws a fresh random one (the Android Keystore refuses
        // caller-chosen IVs by default), and it is stored beside the ciphertext.
        cipher.init(Cipher.ENCRYPT_MODE, key())
        cipher.updateAAD(PURPOSE)
        val sealed = cipher.doFinal(token.toByteArray(Charsets.UTF_8))
        "$VERSION:${b64.encodeToString(cipher.iv)}:${b64.encodeToString(sealed)}"
    } catch (e: GeneralSecurityException) {
        // Nothing sealed is stored; the next sync registers again.
        null
    } catch (e: ProviderException) {
        // What a failing hardware keystore throws on some phones.
        null
    }

    private fun open(blob: String): String? {
        val parts = blob.split(':')
        if (parts.size != 3 || parts[0] != VERSION) return null
        return try {
            val iv = unb64.decode(parts[1])
            if (iv.size != IV_BYTES) return null
            val cipher = Cipher.getInstance(TRANSFORMATION)
            cipher.init(Cipher.DECRYPT_MODE, key(), GCMParameterSpec(TAG_BITS, iv))
            cipher.updateAAD(PURPOSE)
            String(cipher.doFinal(unb64.decode(parts[2])), Charsets.UTF_8)
        } catch (e: GeneralSecurityException) {
            null
        } catch (e: ProviderException) {
            null
        } catch (e: IllegalArgumentException) {
            // Not base64.
            null
        }
    }

    companion object {
        const val TRANSFORMATION = "AES/GCM/NoPadding"
        private const val VERSION = "v1"
        private const val IV_BYTES = 12
        private const val TAG_BITS = 128

        // Bound into the tag so a blob sealed for another purpose under the same key is refused.
        private val PURPOSE = "ply collector token".toByteArray(Charsets.UTF_8)
        private val b64 = Base64.getEncoder()
        private val unb64 = Base64.getDecoder()
    }
}
