package dev.ply.app.ui

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableLongStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import kotlinx.coroutines.delay

/**
 * The core's announcements (`Effect.Announce`: the computer's move, a result, a refusal) as one
 * polite live region: TalkBack reads each new text after what it is saying (the label of the
 * cell just tapped), where `View.announceForAccessibility` (deprecated in API 36) cut it off.
 * One node for the life of the screen, whose description changes: a live region is announced
 * when its content changes. A text repeated (the same refusal twice) alternates with an
 * invisible zero-width space so that it changes, and is read again. One dp, drawn as nothing.
 *
 * The text is cleared [ANNOUNCEMENT_HELD_MS] after it came (TalkBack has queued it by then): a
 * node with a description is one TalkBack's swipes stop on, and an old announcement met that way
 * was read again out of its moment. Empty, the node has nothing to read and is passed over.
 */
@Composable
fun Announcer(announcement: Announcement?, modifier: Modifier = Modifier) {
    // Saved across a configuration change: the announcement outlives the activity (the platform
    // holds it), so a rebuilt screen must not put an old one back in the region.
    var cleared by rememberSaveable { mutableLongStateOf(-1L) }
    LaunchedEffect(announcement?.seq) {
        val seq = announcement?.seq ?: return@LaunchedEffect
        delay(ANNOUNCEMENT_HELD_MS)
        cleared = seq
    }
    val text = announcement?.takeIf { it.seq != cleared }
        ?.let { if (it.seq % 2 == 0L) it.text else it.text + "\u200B" }
    Box(
        modifier.size(1.dp).semantics {
            liveRegion = LiveRegionMode.Polite
            if (text != null) contentDescription = text
        },
    )
}

/** How long an announcement stays in the live region after it came. */
const val ANNOUNCEMENT_HELD_MS = 5_000L
