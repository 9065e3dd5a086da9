package dev.ply.app.ui

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp

/**
 * The core's announcements (`Effect.Announce`: the computer's move, a result, a refusal) as one
 * polite live region: TalkBack reads each new text after what it is saying (the label of the
 * cell just tapped), where `View.announceForAccessibility` (deprecated in API 36) cut it off.
 * One node for the life of the screen, whose description changes: a live region is announced
 * when its content changes. A text repeated (the same refusal twice) alternates with an
 * invisible zero-width space so that it changes, and is read again. One dp, drawn as nothing.
 */
@Composable
fun Announcer(announcement: Announcement?, modifier: Modifier = Modifier) {
    val text = announcement?.let { if (it.seq % 2 == 0L) it.text else it.text + "\u200B" } ?: ""
    Box(
        modifier.size(1.dp).semantics {
            liveRegion = LiveRegionMode.Polite
            contentDescription = text
        },
    )
}
