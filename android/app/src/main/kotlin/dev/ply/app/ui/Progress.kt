package dev.ply.app.ui

import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.runtime.ProvidableCompositionLocal
import androidx.compose.runtime.staticCompositionLocalOf
import dev.ply.appcore.WorkProgress
import dev.ply.appcore.ReviewStatus
import dev.ply.appcore.ThinkingView
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow

/**
 * The newest progress tick (`Effect.RenderProgress`), or null when a render came after it. Read
 * only by the small composables below, so a tick recomposes them alone, never the board.
 */
@Composable
private fun progressTick(): WorkProgress? {
    val tick by LocalProgress.current.collectAsState()
    return tick
}

/** The platform's progress ticks ([UiSources.progress]), provided by `PlyRoot`. Static: the flow never changes. */
val LocalProgress: ProvidableCompositionLocal<StateFlow<WorkProgress?>> = staticCompositionLocalOf { MutableStateFlow(null) }

/** The computer's search under the board: the last render's, or the newer tick's. */
@Composable
fun ThinkingLine(rendered: ThinkingView?) {
    val tick = progressTick()
    val thinking = if (tick != null) tick.thinking else rendered
    thinking?.let {
        LinearProgressIndicator(Modifier.fillMaxWidth())
        Text(it.text)
    }
}

/** A review under way: its bar and words, the last render's or the newer tick's. */
@Composable
fun ReviewProgressLine(rendered: ReviewStatus.Running, renderedText: String) {
    val tick = progressTick()?.review
    val done = tick?.done ?: rendered.done
    val total = (tick?.total ?: rendered.total).toInt().coerceAtLeast(1)
    LinearProgressIndicator(progress = { done.toFloat() / total }, modifier = Modifier.fillMaxWidth())
    Text(tick?.text ?: renderedText)
}
