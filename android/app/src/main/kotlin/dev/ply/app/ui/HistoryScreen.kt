package dev.ply.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.ListItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import dev.ply.app.R
import dev.ply.core.Event
import dev.ply.core.HistoryView

/** Finished games, newest first, with where each stands with the collector (from the core). */
@Composable
fun HistoryScreen(view: HistoryView, send: Send) {
    Scaffold(topBar = { BackBar(stringResource(R.string.history), send) }) { pad ->
        Column(Modifier.fillMaxSize().padding(pad).padding(horizontal = 16.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
            Text(view.syncStatus, style = MaterialTheme.typography.titleSmall)
            Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                OutlinedButton(onClick = { send(Event.SyncNow) }, enabled = view.canSyncNow) {
                    Text(stringResource(R.string.sync_now))
                }
                if (view.syncing) CircularProgressIndicator(Modifier.padding(4.dp))
            }
            if (view.entries.isEmpty()) Text(stringResource(R.string.no_games))
            LazyColumn {
                items(view.entries, key = { it.id }) { e ->
                    ListItem(
                        overlineContent = { Text(e.title) },
                        headlineContent = { Text(e.result) },
                        // Date, moves and sync state in the core's language and the phone's time zone.
                        supportingContent = { Text(e.detail) },
                    )
                }
            }
        }
    }
}
