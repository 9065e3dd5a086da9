package dev.ply.app

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import dev.ply.app.ui.PlyRoot
import dev.ply.app.ui.PlyTheme

/**
 * The only activity: it draws the screen the core has on top. There is no back stack of
 * screens (the core's view says which one is shown), so a double tap cannot stack two boards.
 */
class MainActivity : ComponentActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        val app = application as PlyApplication
        setContent { PlyTheme { PlyRoot(app) } }
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
