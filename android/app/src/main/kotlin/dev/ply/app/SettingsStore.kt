package dev.ply.app

import android.content.Context
import android.security.keystore.KeyGenParameterSpec
import android.security.keystore.KeyProperties
import dev.ply.core.GameKind
import dev.ply.shell.GameSetup
import dev.ply.shell.SavedGame
import dev.ply.shell.SealedTokenStore
import dev.ply.shell.SecretSlot
import dev.ply.shell.SyncSettings
import dev.ply.shell.TokenStore
import java.io.IOException
import java.security.GeneralSecurityException
import java.security.KeyStore
import javax.crypto.KeyGenerator
import javax.crypto.SecretKey

/**
 * The user's settings in private SharedPreferences, and the install's token sealed under an
 * Android Keystore key (`SealedTokenStore`) in a preferences file excluded from backup.
 */
class SettingsStore(context: Context) : TokenStore {
    private val prefs = context.getSharedPreferences("ply_settings", Context.MODE_PRIVATE)
    private val secret = context.getSharedPreferences("ply_secret", Context.MODE_PRIVATE)
    private val tokens = SealedTokenStore(
        object : SecretSlot {
            override fun read(): String? = secret.getString("sealed_token", null)
            override fun write(value: String?) {
                secret.edit().putString("sealed_token", value).apply()
            }
        },
        ::tokenKey,
    )

    fun sync(): SyncSettings = SyncSettings(prefs.getBoolean("sync_enabled", false), prefs.getString("server_url", "") ?: "")

    fun saveSync(s: SyncSettings) {
        prefs.edit().putBoolean("sync_enabled", s.enabled).putString("server_url", s.serverUrl).apply()
    }

    /** Custom heuristic weights JSON of `game`, or null for the presets. */
    fun weights(game: GameKind): String? = prefs.getString("weights_${game.name}", null)?.takeIf { it.isNotBlank() }

    fun saveWeights(game: GameKind, json: String?) {
        prefs.edit().putString("weights_${game.name}", json).apply()
    }

    /** The home screen's last choices (stored as a saved game without moves). */
    fun lastSetup(): GameSetup = prefs.getString("last_setup", null)
        ?.let { runCatching { SavedGame.decode(it).setup }.getOrNull() } ?: GameSetup()

    fun saveSetup(setup: GameSetup) {
        prefs.edit().putString("last_setup", SavedGame(setup, emptyList()).encode()).apply()
    }

    override fun token(): String? = tokens.token()

    override fun save(token: String?) = tokens.save(token)
}

private const val TOKEN_KEY_ALIAS = "ply_collector_token"

/** The AES key that seals the token: made once in the Android Keystore, never leaves it. */
private fun tokenKey(): SecretKey {
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
