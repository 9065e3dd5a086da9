package dev.ply.app.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.ListItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import dev.ply.app.PlyApplication
import dev.ply.app.R
import dev.ply.shell.HistoryEntry
import dev.ply.shell.historyEntries
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.withContext

/** Finished games with their sync state: waiting, synced, or rejected with the server's reason. */
@Composable
fun HistoryScreen(onBack: () -> Unit) {
    val app = LocalContext.current.applicationContext as PlyApplication
    var entries by remember { mutableStateOf<List<HistoryEntry>>(emptyList()) }
    var summary by remember { mutableStateOf("") }
    LaunchedEffect(Unit) {
        // Disk reads off the main thread; the state is set back on it.
        val (list, s) = withContext(Dispatchers.IO) {
            runCatching { historyEntries(app.outbox, app.finishedGames.all()) }.getOrDefault(emptyList()) to
                runCatching { app.outbox.summary() }.getOrNull()
        }
        entries = list
        summary = s?.let { app.getString(R.string.outbox_summary, it.pending.toInt(), it.rejected.toInt()) } ?: ""
    }
    Scaffold(topBar = { BackBar(stringResource(R.string.history), onBack) }) { pad ->
        Column(Modifier.fillMaxSize().padding(pad).padding(horizontal = 16.dp)) {
            Text(summary, style = MaterialTheme.typography.titleSmall)
            if (entries.isEmpty()) Text(stringResource(R.string.no_games))
            LazyColumn {
                items(entries, key = { it.id }) { e ->
                    ListItem(
                        overlineContent = { Text(e.title.ifEmpty { e.id.take(8) }) },
                        headlineContent = { Text(e.detail) },
                        supportingContent = { Text(e.state) },
                    )
                }
            }
        }
    }
}
