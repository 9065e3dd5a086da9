package dev.ply.app

import android.security.keystore.KeyGenParameterSpec
import android.security.keystore.KeyProperties
import java.io.IOException
import java.security.GeneralSecurityException
import java.security.KeyStore
import javax.crypto.KeyGenerator
import javax.crypto.SecretKey

private const val TOKEN_KEY_ALIAS = "ply_collector_token"

/** The AES key that seals the collector token: made once in the Android Keystore, never leaves it. */
internal fun tokenKey(): SecretKey {
    val keystore = KeyStore.getInstance("AndroidKeyStore")
    try {
        keystore.load(null)
    } catch (e: IOException) {
        // SealedTokenStore treats security failures as "no token"; this is one.
        throw GeneralSecurityException("Android Keystore did not load", e)
    }
    (keystore.getKey(TOKEN_KEY_ALIAS, null) as? SecretKey)?.let { return it }
    val spec = KeyGenParameterSpec.Builder(TOKEN_KEY_ALIAS, KeyProperties.PURPOSE_ENCRYPT or KeyProperties.PURPOSE_DECRYPT)
        .setBlockModes(KeyProperties.BLOCK_MODE_GCM)
        .setEncryptionPaddings(KeyProperties.ENCRYPTION_PADDING_NONE)
        .setKeySize(256)
        .build()
    return KeyGenerator.getInstance(KeyProperties.KEY_ALGORITHM_AES, "AndroidKeyStore").apply { init(spec) }.generateKey()
}
