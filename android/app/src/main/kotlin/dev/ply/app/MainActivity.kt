package dev.ply.app

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.remember
import dev.ply.app.ui.LocalPlatformUi
import dev.ply.app.ui.PlyRoot
import dev.ply.app.ui.PlyTheme
import dev.ply.appcore.Event

/**
 * The only activity: it draws the screen the core has on top. There is no back stack of
 * screens (the core's view says which one is shown), so a double tap cannot stack two boards.
 */
class MainActivity : ComponentActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        val app = application as PlyApplication
        val platformUi = AndroidPlatformUi(this)
        setContent {
            val send = remember(app) { { e: Event -> app.host.send(e) } }
            CompositionLocalProvider(LocalPlatformUi provides platformUi) {
                PlyTheme { PlyRoot(app.platform, send, onRetry = app::startCore) }
            }
        }
    }

    override fun onStart() {
        super.onStart()
        (application as PlyApplication).platform.attach(window.decorView)
    }

    override fun onStop() {
        (application as PlyApplication).platform.detach(window.decorView)
        super.onStop()
    }
}
