package dev.ply.app.ui

import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.rememberScrollState
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.automirrored.filled.ArrowBack
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.ButtonDefaults
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.FilterChip
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.unit.dp
import dev.ply.app.R
import dev.ply.appcore.ActionKind
import dev.ply.appcore.ActionStyle
import dev.ply.appcore.ActionView
import dev.ply.appcore.ConfirmView
import dev.ply.appcore.Event
import dev.ply.appcore.ConfirmationEvent
import dev.ply.appcore.NavigationEvent

/** Sends an event to the core (on the main thread) and performs its effects. */
typealias Send = (Event) -> Unit

/** A labelled row of chips choosing one of [options]; the core says which is selected. */
@Composable
fun <T> ChoiceRow(title: String, options: List<T>, selected: (T) -> Boolean, label: (T) -> String, onSelect: (T) -> Unit) {
    Column {
        if (title.isNotEmpty()) Heading(title, MaterialTheme.typography.titleSmall)
        Row(Modifier.horizontalScroll(rememberScrollState()), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            options.forEach { o -> FilterChip(selected = selected(o), onClick = { onSelect(o) }, label = { Text(label(o)) }) }
        }
    }
}

/**
 * A top bar whose back sends `Back`, as the system back does: the core says where it goes. The
 * arrow is the auto-mirrored icon (it points right in a right-to-left language), read as "Back".
 */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun BackBar(title: String, send: Send) {
    TopAppBar(
        title = { Heading(title, MaterialTheme.typography.titleLarge) },
        navigationIcon = {
            IconButton(onClick = { send(Event.Navigation(NavigationEvent.Back)) }) {
                Icon(Icons.AutoMirrored.Filled.ArrowBack, contentDescription = appText(R.string.back))
            }
        },
    )
}

/** A screen's or a section's title: a heading, which TalkBack's headings navigation jumps to. */
@Composable
fun Heading(text: String, style: TextStyle, modifier: Modifier = Modifier) {
    Text(text, style = style, modifier = modifier.semantics { heading() })
}

/** The core's question before something that cannot be taken back; a dismissal cancels. */
@Composable
fun ConfirmDialog(confirm: ConfirmView, send: Send) {
    AlertDialog(
        onDismissRequest = { send(Event.Confirmation(ConfirmationEvent.CANCEL)) },
        title = { Text(confirm.question) },
        text = { Text(confirm.detail) },
        confirmButton = { TextButton(onClick = { send(Event.Confirmation(ConfirmationEvent.ACCEPT)) }) { Text(confirm.confirm) } },
        dismissButton = { TextButton(onClick = { send(Event.Confirmation(ConfirmationEvent.CANCEL)) }) { Text(confirm.cancel) } },
    )
}

/**
 * The buttons a screen offers, as the core lists them (`ActionView`): their order, labels,
 * whether they can be pressed now and how they stand out are the core's; a press sends the
 * action's event, or, for Share, opens the platform's share sheet with [shareText].
 */
@OptIn(ExperimentalLayoutApi::class)
@Composable
fun Actions(actions: List<ActionView>, send: Send, shareText: String? = null) {
    val platform = LocalPlatformUi.current
    FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        for (a in actions) {
            val press = {
                val e = a.event
                if (e != null) send(e) else if (a.kind == ActionKind.SHARE && shareText != null) platform.share(shareText, a.label)
            }
            when (a.style) {
                ActionStyle.PRIMARY -> Button(onClick = press, enabled = a.enabled) { Text(a.label) }
                ActionStyle.NORMAL -> OutlinedButton(onClick = press, enabled = a.enabled) { Text(a.label) }
                ActionStyle.DESTRUCTIVE -> OutlinedButton(
                    onClick = press,
                    enabled = a.enabled,
                    colors = ButtonDefaults.outlinedButtonColors(contentColor = MaterialTheme.colorScheme.error),
                ) { Text(a.label) }
            }
        }
    }
}
