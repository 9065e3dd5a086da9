package dev.ply.app

import android.content.Context
import dev.ply.core.GameKind
import dev.ply.shell.GameSetup
import dev.ply.shell.SavedGame
import dev.ply.shell.SyncSettings
import dev.ply.shell.TokenStore

/** The user's settings and the install's token, in private SharedPreferences. */
class SettingsStore(context: Context) : TokenStore {
    private val prefs = context.getSharedPreferences("ply_settings", Context.MODE_PRIVATE)
    private val secret = context.getSharedPreferences("ply_secret", Context.MODE_PRIVATE)

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

    override fun token(): String? = secret.getString("token", null)

    override fun save(token: String?) {
        secret.edit().putString("token", token).apply()
    }
}
