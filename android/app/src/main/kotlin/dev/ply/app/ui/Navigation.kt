package dev.ply.app.ui

import androidx.compose.runtime.Composable
import androidx.lifecycle.viewmodel.compose.viewModel
import androidx.navigation.compose.NavHost
import androidx.navigation.compose.composable
import androidx.navigation.compose.rememberNavController
import dev.ply.app.GameViewModel

object Routes {
    const val HOME = "home"
    const val BOARD = "board"
    const val AFTER = "after"
    const val HISTORY = "history"
    const val SETTINGS = "settings"
}

/** Home, Board, After-game, History, Settings. The game's ViewModel is shared by the activity. */
@Composable
fun PlyNavHost() {
    val nav = rememberNavController()
    val game: GameViewModel = viewModel()
    NavHost(navController = nav, startDestination = Routes.HOME) {
        composable(Routes.HOME) {
            HomeScreen(
                game = game,
                onPlay = { nav.navigate(Routes.BOARD) },
                onHistory = { nav.navigate(Routes.HISTORY) },
                onSettings = { nav.navigate(Routes.SETTINGS) },
            )
        }
        composable(Routes.BOARD) {
            BoardScreen(
                game = game,
                onAfterGame = { nav.navigate(Routes.AFTER) },
                onBack = { nav.popBackStack() },
            )
        }
        composable(Routes.AFTER) {
            AfterGameScreen(game = game, onHome = { nav.popBackStack(Routes.HOME, inclusive = false) })
        }
        composable(Routes.HISTORY) { HistoryScreen(onBack = { nav.popBackStack() }) }
        composable(Routes.SETTINGS) { SettingsScreen(onBack = { nav.popBackStack() }) }
    }
}
