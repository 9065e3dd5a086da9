package dev.ply.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import dev.ply.app.PlyApplication
import dev.ply.app.R
import dev.ply.app.SyncScheduler
import dev.ply.core.GameKind
import dev.ply.shell.SettingsValidation
import dev.ply.shell.SyncSettings
import dev.ply.shell.Validated
import dev.ply.shell.gameTitle

@Composable
fun SettingsScreen(onBack: () -> Unit) {
    val app = LocalContext.current.applicationContext as PlyApplication
    val stored = remember { app.store.sync() }
    var enabled by remember { mutableStateOf(stored.enabled) }
    var url by remember { mutableStateOf(stored.serverUrl) }
    var urlError by remember { mutableStateOf<String?>(null) }
    var weightsGame by remember { mutableStateOf(GameKind.OTHELLO) }
    var weights by remember { mutableStateOf(app.store.weights(GameKind.OTHELLO) ?: "") }
    var weightsNote by remember { mutableStateOf<String?>(null) }

    fun saveSync() {
        if (!enabled) {
            app.store.saveSync(SyncSettings(false, url))
            SyncScheduler.updatePeriodic(app, app.store.sync())
            urlError = null
            return
        }
        when (val v = SettingsValidation.serverUrl(url)) {
            is Validated.Ok -> {
                urlError = null
                app.store.saveSync(SyncSettings(true, v.value))
                SyncScheduler.updatePeriodic(app, app.store.sync())
            }
            is Validated.Invalid -> urlError = v.error.message
        }
    }

    Scaffold(topBar = { BackBar(stringResource(R.string.settings), onBack) }) { pad ->
        Column(
            Modifier.fillMaxSize().padding(pad).padding(16.dp).verticalScroll(rememberScrollState()),
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            Row(verticalAlignment = Alignment.CenterVertically) {
                Text(stringResource(R.string.sync), Modifier.weight(1f))
                Switch(checked = enabled, onCheckedChange = { enabled = it; saveSync() })
            }
            OutlinedTextField(
                value = url, onValueChange = { url = it }, label = { Text(stringResource(R.string.server_url)) },
                isError = urlError != null, supportingText = { urlError?.let { Text(it) } },
                singleLine = true, modifier = Modifier.fillMaxWidth(),
            )
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                Button(onClick = { saveSync() }) { Text(stringResource(R.string.save)) }
                OutlinedButton(
                    onClick = { SyncScheduler.gameFinished(app, app.store.sync(), runCatching { app.outbox.pendingCount().toLong() }.getOrDefault(0)) },
                    enabled = enabled,
                ) { Text(stringResource(R.string.sync_now)) }
            }
            HorizontalDivider()
            ChoiceRow("", listOf(GameKind.OTHELLO, GameKind.CONNECT_FOUR, GameKind.DRAUGHTS), weightsGame, ::gameTitle) {
                weightsGame = it
                weights = app.store.weights(it) ?: ""
                weightsNote = null
            }
            OutlinedTextField(
                value = weights, onValueChange = { weights = it },
                label = { Text(stringResource(R.string.weights_for, gameTitle(weightsGame))) },
                placeholder = { Text("{\"weights\": {\"corners\": 30, \"mobility\": 10}}") },
                supportingText = { weightsNote?.let { Text(it) } },
                modifier = Modifier.fillMaxWidth(), minLines = 3,
            )
            Button(onClick = {
                if (weights.isBlank()) {
                    app.store.saveWeights(weightsGame, null)
                    weightsNote = "Cleared: the presets are used"
                } else when (val v = SettingsValidation.weights(weightsGame, weights)) {
                    is Validated.Ok -> {
                        app.store.saveWeights(weightsGame, v.value)
                        weightsNote = "Saved: new games against the computer use these weights"
                    }
                    is Validated.Invalid -> weightsNote = v.error.message
                }
            }) { Text(stringResource(R.string.save)) }
            HorizontalDivider()
            Text(stringResource(R.string.memory_cap), style = MaterialTheme.typography.titleMedium)
            app.deviceLimits.describe().forEach { Text(it) }
        }
    }
}
