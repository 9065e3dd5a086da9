package dev.ply.app.ui

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.layout.wrapContentWidth
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.ListItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import dev.ply.app.R
import dev.ply.appcore.Event
import dev.ply.appcore.HistoryEvent
import dev.ply.appcore.HistoryView

/**
 * Finished games, newest first, with where each stands with the collector (from the core). A row
 * the core says can be reviewed is tapped to review that game; the review then takes the list's
 * place until it is closed or back is pressed (the core decides both).
 */
@Composable
fun HistoryScreen(view: HistoryView, send: Send) {
    val past = view.review
    if (past != null) {
        Scaffold(topBar = { BackBar(appText(R.string.history), send) }) { pad ->
            Column(
                Modifier.fillMaxSize().padding(pad).verticalScroll(rememberScrollState()).padding(16.dp)
                    .wrapContentWidth().widthIn(max = READABLE_WIDTH).fillMaxWidth(),
                verticalArrangement = Arrangement.spacedBy(12.dp),
            ) {
                Heading(past.title, MaterialTheme.typography.titleMedium)
                Text(past.result, style = MaterialTheme.typography.headlineSmall)
                ReviewSection(past.review, send)
            }
        }
        return
    }
    Scaffold(topBar = { BackBar(appText(R.string.history), send) }) { pad ->
        // Centred, no wider than a readable line on a tablet or in landscape.
        Column(
            Modifier.fillMaxSize().padding(pad).padding(horizontal = 16.dp).wrapContentWidth().widthIn(max = READABLE_WIDTH).fillMaxWidth(),
            verticalArrangement = Arrangement.spacedBy(8.dp),
        ) {
            Text(view.syncStatus, style = MaterialTheme.typography.titleSmall)
            Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                OutlinedButton(onClick = { send(Event.History(HistoryEvent.SyncNow)) }, enabled = view.canSyncNow) {
                    Text(appText(R.string.sync_now))
                }
                if (view.syncing) CircularProgressIndicator(Modifier.padding(4.dp))
            }
            // Why the game last tapped was not reviewed, in the core's words.
            view.message?.let { Text(it, color = MaterialTheme.colorScheme.error) }
            if (view.entries.isEmpty()) Text(appText(R.string.no_games))
            LazyColumn {
                items(view.entries, key = { it.id }) { e ->
                    ListItem(
                        modifier = Modifier.clickable(
                            enabled = e.canReview,
                            onClickLabel = appText(R.string.review_game),
                        ) { send(Event.History(HistoryEvent.ReviewPastGame(e.id))) },
                        overlineContent = { Text(e.title) },
                        headlineContent = { Text(e.result) },
                        // Date, moves and sync state in the core's language and the phone's time zone;
                        // then why the game has no review, when it has none.
                        supportingContent = {
                            Column {
                                Text(e.detail)
                                e.reviewRefusal?.let { Text(it, style = MaterialTheme.typography.bodySmall) }
                            }
                        },
                    )
                }
            }
        }
    }
}

/** The widest the history's list and review grow (Material's guidance for a readable column). */
private val READABLE_WIDTH = 640.dp
