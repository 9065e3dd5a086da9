package dev.ply.app

import android.content.Intent
import androidx.activity.ComponentActivity
import androidx.compose.runtime.Composable
import androidx.compose.ui.res.stringResource
import dev.ply.app.ui.PlatformUi

/** The screens' platform calls (`ui/PlatformUi.kt`) with the activity's Android APIs. */
class AndroidPlatformUi(private val activity: ComponentActivity) : PlatformUi {
    @Composable
    override fun text(id: Int, args: List<Any>): String =
        if (args.isEmpty()) stringResource(id) else stringResource(id, *args.toTypedArray())

    override fun share(text: String, title: String) {
        val intent = Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, text)
        activity.startActivity(Intent.createChooser(intent, title))
    }

    @Composable
    override fun BackHandler(enabled: Boolean, onBack: () -> Unit) {
        androidx.activity.compose.BackHandler(enabled = enabled, onBack = onBack)
    }
}
