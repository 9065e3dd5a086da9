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
import androidx.compose.runtime.saveable.rememberSaveable
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
import dev.ply.shell.HOME_GAMES
import dev.ply.shell.SettingsValidation
import dev.ply.shell.Validated
import dev.ply.shell.WeightsEdit
import dev.ply.shell.gameTitle
import dev.ply.shell.presetWeightsJson

@Composable
fun SettingsScreen(onBack: () -> Unit) {
    val app = LocalContext.current.applicationContext as PlyApplication
    val stored = remember { app.store.sync() }
    // Saveable: what is being typed survives rotation and process death.
    var enabled by rememberSaveable { mutableStateOf(stored.enabled) }
    var url by rememberSaveable { mutableStateOf(stored.serverUrl) }
    var urlError by rememberSaveable { mutableStateOf<String?>(null) }
    var weightsGame by rememberSaveable { mutableStateOf(GameKind.OTHELLO) }
    var weights by rememberSaveable { mutableStateOf(app.store.weights(GameKind.OTHELLO) ?: startingWeights(GameKind.OTHELLO)) }
    var weightsNote by rememberSaveable { mutableStateOf<String?>(null) }

    fun saveSync() {
        when (val v = SettingsValidation.syncSettings(enabled, url)) {
            is Validated.Ok -> {
                urlError = null
                app.store.saveSync(v.value)
                SyncScheduler.updatePeriodic(app, v.value)
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
            ChoiceRow("", HOME_GAMES, weightsGame, ::gameTitle) {
                weightsGame = it
                weights = app.store.weights(it) ?: startingWeights(it)
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
                weightsNote = when (val edit = SettingsValidation.weightsEdit(weightsGame, weights)) {
                    WeightsEdit.Clear -> {
                        app.store.saveWeights(weightsGame, null)
                        "Cleared: the presets are used"
                    }
                    is WeightsEdit.Save -> {
                        app.store.saveWeights(weightsGame, edit.json)
                        "Saved: new games with no preset picked use these weights"
                    }
                    is WeightsEdit.Refused -> edit.error.message
                }
            }) { Text(stringResource(R.string.save)) }
            HorizontalDivider()
            Text(stringResource(R.string.memory_cap), style = MaterialTheme.typography.titleMedium)
            app.deviceLimits.describe().forEach { Text(it) }
        }
    }
}

/** The editor starts from the `default` preset's weights. */
private fun startingWeights(game: GameKind): String = runCatching { presetWeightsJson(game) }.getOrDefault("")
