package dev.ply.app.ui

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.ProvidableCompositionLocal
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.graphics.Color
import dev.ply.appcore.Rgb
import dev.ply.appcore.SeatStyle

private val Green = Color(0xFF2E7D32)
private val Light = lightColorScheme(primary = Green, secondary = Color(0xFF6D4C41), tertiary = Color(0xFF1565C0))
private val Dark = darkColorScheme(primary = Color(0xFF81C784), secondary = Color(0xFFBCAAA4), tertiary = Color(0xFF90CAF9))

/** Material 3, light or [dark] (by default the system's setting). */
@Composable
fun PlyTheme(dark: Boolean = isSystemInDarkTheme(), content: @Composable () -> Unit) {
    CompositionLocalProvider(LocalDarkTheme provides dark) {
        MaterialTheme(colorScheme = if (dark) Dark else Light, content = content)
    }
}

/** Whether [PlyTheme] draws dark, for the colours the core gives in two shades. */
val LocalDarkTheme: ProvidableCompositionLocal<Boolean> = staticCompositionLocalOf { false }

/**
 * Board colours (fixed: a board looks like a board in both themes). The multi-player games'
 * seats are the core's (`BoardView.seats`: colour, symbol, text colours).
 */
object BoardColors {
    val othelloFelt = Color(0xFF1B7F3B)
    val grid = Color(0xFF0B3D1C)
    val connectBlue = Color(0xFF1E4FB8)
    val hole = Color(0xFFE8EAF6)
    val holeDark = Color(0xFF101828)
    val red = Color(0xFFD32F2F)
    val yellow = Color(0xFFFBC02D)
    val lightSquare = Color(0xFFF0D9B5)
    val darkSquare = Color(0xFFB58863)
    val black = Color(0xFF161616)
    val white = Color(0xFFF5F5F5)
    val lastMove = Color(0xFFFF7043)
    val hint = Color(0xFF29B6F6)
    val selected = Color(0xFFFFEB3B)
    val legalDot = Color(0x99000000)
    val virusBoard = Color(0xFFECEFF1)
    val focusSquare = Color(0xFFD7CCC8)
    val starBoard = Color(0xFFF3E5AB)
    val starHole = Color(0xFFFFFDE7)
    val starRim = Color(0xFFBFA76F)

    /** A piece of no seat the core styles (none today). */
    val noSeat = Color(0xFF9E9E9E)
}

/** A colour the core chose (seats' pieces, symbols and text). */
fun Rgb.toColor(): Color = Color(red = r.toInt(), green = g.toInt(), blue = b.toInt())

/** A seat's name in its colour: the core's shade for this theme's background (at least 4.5:1). */
@Composable
fun SeatStyle.textColor(): Color = (if (LocalDarkTheme.current) textOnDark else textOnLight).toColor()
