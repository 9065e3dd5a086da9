package dev.ply.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.consumeWindowInsets
import androidx.compose.foundation.layout.imePadding
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.toggleable
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.text.input.ImeAction
import androidx.compose.ui.text.input.KeyboardType
import androidx.compose.ui.unit.dp
import dev.ply.app.R
import dev.ply.appcore.Event
import dev.ply.appcore.SettingsEvent
import dev.ply.appcore.SettingsView
import dev.ply.appcore.WeightsView

/** Sync, thinking ahead, haptics, custom weights and the device's search caps; the core validates. */
@Composable
fun SettingsScreen(view: SettingsView, send: Send) {
    Scaffold(topBar = { BackBar(appText(R.string.settings), send) }) { pad ->
        // imePadding: the keyboard (edge to edge, adjustResize) must not cover the field being typed in.
        Box(Modifier.fillMaxSize().padding(pad).consumeWindowInsets(pad).imePadding(), contentAlignment = Alignment.TopCenter) {
            Column(
                Modifier.widthIn(max = 640.dp).fillMaxWidth().verticalScroll(rememberScrollState()).padding(16.dp),
                verticalArrangement = Arrangement.spacedBy(12.dp),
            ) {
                Toggle(appText(R.string.sync), view.syncEnabled) { send(Event.Settings(SettingsEvent.SetSyncEnabled(it))) }
                // The core keeps the address as typed (every edit is sent) and says what is wrong with it.
                OutlinedTextField(
                    value = view.serverUrl,
                    onValueChange = { send(Event.Settings(SettingsEvent.SetServerUrl(it))) },
                    label = { Text(appText(R.string.server_url)) },
                    isError = view.serverUrlError != null,
                    supportingText = { view.serverUrlError?.let { Text(it) } },
                    keyboardOptions = KeyboardOptions(keyboardType = KeyboardType.Uri, imeAction = ImeAction.Done),
                    singleLine = true,
                    modifier = Modifier.fillMaxWidth(),
                )
                view.syncProblem?.let { Text(it, color = MaterialTheme.colorScheme.error) }
                Toggle(appText(R.string.sync_on_metered), view.syncOnMetered) { send(Event.Settings(SettingsEvent.SetSyncOnMetered(it))) }
                HorizontalDivider()
                ChoiceRow(appText(R.string.ponder), view.ponderOptions, { it.selected }, { it.label }) {
                    send(Event.Settings(SettingsEvent.SetPonder(it.mode)))
                }
                Toggle(appText(R.string.haptics), view.haptics) { send(Event.Settings(SettingsEvent.SetHaptics(it))) }
                ChoiceRow(appText(R.string.watch_pace), view.watchPaceOptions, { it.selected }, { it.label }) {
                    send(Event.Settings(SettingsEvent.SetWatchPace(it.pace)))
                }
                HorizontalDivider()
                Heading(appText(R.string.weights), MaterialTheme.typography.titleMedium)
                view.weights.forEach { WeightsEditor(it, send) }
                HorizontalDivider()
                Heading(appText(R.string.memory_cap), MaterialTheme.typography.titleMedium)
                Text(view.memory)
            }
        }
    }
}

/**
 * A labelled switch toggled as one row: TalkBack reads "label, switch, on" and a tap anywhere on
 * the row toggles it (the switch itself takes no clicks of its own).
 */
@Composable
private fun Toggle(label: String, checked: Boolean, onChange: (Boolean) -> Unit) {
    Row(
        Modifier.fillMaxWidth().toggleable(value = checked, role = Role.Switch, onValueChange = onChange),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Text(label, Modifier.weight(1f))
        Switch(checked = checked, onCheckedChange = null)
    }
}

/** One game's weights: the core keeps the text as typed, and checks and stores it when saved. */
@Composable
private fun WeightsEditor(w: WeightsView, send: Send) {
    OutlinedTextField(
        value = w.json,
        onValueChange = { send(Event.Settings(SettingsEvent.EditWeights(w.game, it))) },
        label = { Text(w.title) },
        placeholder = { Text(appText(R.string.weights_placeholder)) },
        isError = w.error != null,
        supportingText = {
            Text(w.error ?: appText(if (w.custom) R.string.weights_custom else R.string.weights_presets))
        },
        minLines = 3,
        modifier = Modifier.fillMaxWidth(),
    )
    Button(onClick = { send(Event.Settings(SettingsEvent.SetWeights(w.game, w.json))) }) { Text(appText(R.string.save)) }
}
