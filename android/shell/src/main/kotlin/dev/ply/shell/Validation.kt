package dev.ply.shell

import dev.ply.core.GameKind
import dev.ply.core.GameSession
import dev.ply.core.HeuristicChoice
import dev.ply.core.PlayerKind
import dev.ply.core.PlyException
import dev.ply.core.settingsForDifficulty
import java.net.URI
import java.net.URISyntaxException

/** Why a settings value was refused; [message] is shown under the field. */
sealed class SettingsError(val message: String) {
    class EmptyUrl : SettingsError("Enter the server address")
    class MalformedUrl(detail: String) : SettingsError("Not a valid address: $detail")
    class UnsupportedScheme(scheme: String?) : SettingsError("The address must start with http:// or https:// (found ${scheme ?: "none"})")
    class MissingHost : SettingsError("The address has no host name")
    class WeightsSyntax(detail: String) : SettingsError("Weights are not a JSON object: $detail")
    class WeightsEmpty : SettingsError("Enter the weights as JSON")
    class WeightsRejected(reason: String) : SettingsError("The engine refuses these weights: $reason")
    class DifficultyOutOfRange(level: Int) : SettingsError("Difficulty $level is outside $MIN_DIFFICULTY..$MAX_DIFFICULTY")

    override fun toString(): String = "${this::class.simpleName}($message)"
}

/** A checked value, or why it was refused. */
sealed class Validated<out T> {
    data class Ok<T>(val value: T) : Validated<T>()
    data class Invalid(val error: SettingsError) : Validated<Nothing>()

    val isOk: Boolean get() = this is Ok
}

/** What the settings screen's "save" does with the weights editor's text. */
sealed class WeightsEdit {
    /** Blank text: forget the custom weights; the presets are used again. */
    data object Clear : WeightsEdit()

    /** Store these weights (trimmed, accepted by the engine) for the game. */
    data class Save(val json: String) : WeightsEdit()

    data class Refused(val error: SettingsError) : WeightsEdit()
}

object SettingsValidation {
    /**
     * The sync settings to store from the switch and the address field: turned off, the address
     * is kept as typed (it is not used); turned on, it must be a valid collector address.
     */
    fun syncSettings(enabled: Boolean, url: String): Validated<SyncSettings> {
        if (!enabled) return Validated.Ok(SyncSettings(false, url.trim()))
        return when (val v = serverUrl(url)) {
            is Validated.Ok -> Validated.Ok(SyncSettings(true, v.value))
            is Validated.Invalid -> v
        }
    }

    /** The weights editor's text for [game]: blank clears the custom weights, else they must pass [weights]. */
    fun weightsEdit(game: GameKind, text: String): WeightsEdit = when {
        text.isBlank() -> WeightsEdit.Clear
        else -> when (val v = weights(game, text)) {
            is Validated.Ok -> WeightsEdit.Save(v.value)
            is Validated.Invalid -> WeightsEdit.Refused(v.error)
        }
    }

    /** A collector base URL: http(s), with a host; trailing slashes removed. */
    fun serverUrl(text: String): Validated<String> {
        val t = text.trim()
        if (t.isEmpty()) return Validated.Invalid(SettingsError.EmptyUrl())
        val uri = try {
            URI(t)
        } catch (e: URISyntaxException) {
            return Validated.Invalid(SettingsError.MalformedUrl(e.reason ?: t))
        }
        val scheme = uri.scheme?.lowercase()
        if (scheme != "http" && scheme != "https") return Validated.Invalid(SettingsError.UnsupportedScheme(uri.scheme))
        if (uri.host.isNullOrEmpty()) return Validated.Invalid(SettingsError.MissingHost())
        return Validated.Ok(t.trimEnd('/'))
    }

    fun difficulty(level: Int): Validated<Int> =
        if (level in MIN_DIFFICULTY..MAX_DIFFICULTY) Validated.Ok(level)
        else Validated.Invalid(SettingsError.DifficultyOutOfRange(level))

    /**
     * Heuristic weights JSON for `game` (the core's format: `{"weights": {"corners": 30,
     * "mobility": {"opening": 8, "midgame": 5, "endgame": 1}}}`): it must be a JSON object, and
     * the engine itself must accept it (it names the line and column of a syntax error, and
     * refuses unknown factors). Returns the trimmed JSON.
     */
    fun weights(game: GameKind, json: String): Validated<String> {
        val t = json.trim()
        if (t.isEmpty()) return Validated.Invalid(SettingsError.WeightsEmpty())
        if (!t.startsWith("{") || !t.endsWith("}")) {
            return Validated.Invalid(SettingsError.WeightsSyntax("it must be one JSON object { ... }"))
        }
        val settings = settingsForDifficulty(game, 3u).copy(heuristic = HeuristicChoice.CustomWeights(t))
        return try {
            GameSession(game, PlayerKind.Computer(settings), PlayerKind.Human, null).destroy()
            Validated.Ok(t)
        } catch (e: PlyException.InvalidSettings) {
            Validated.Invalid(SettingsError.WeightsRejected(e.reason))
        }
    }
}
