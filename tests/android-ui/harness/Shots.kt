package dev.ply.uitest

import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import dev.ply.appcore.Event
import dev.ply.appcore.AfterGameEvent
import dev.ply.appcore.BoardEvent
import dev.ply.appcore.ConfirmationEvent
import dev.ply.appcore.HistoryEvent
import dev.ply.appcore.HomeEvent
import dev.ply.appcore.NavigationEvent
import dev.ply.core.GameKind
import dev.ply.appcore.PlayMode
import dev.ply.appcore.RulesVariant
import dev.ply.appcore.Screen
import java.io.File
import javax.swing.SwingUtilities
import org.jetbrains.skia.EncodedImageFormat

/** A window the pictures are drawn at, in dp, and its density. */
data class Window(val name: String, val width: Int, val height: Int, val density: Float)

val WINDOWS = listOf(
    Window("phone", 360, 780, 2f),
    Window("phone-landscape", 780, 360, 2f),
    Window("tablet", 800, 1280, 1.5f),
)

/**
 * Runs [block] on the AWT event thread, where Compose desktop applies its global snapshot
 * changes (GlobalSnapshotManager, on Dispatchers.Swing). A scene rendered on another thread
 * takes the recomposer's and the frame clock's locks in the other order: with an infinite
 * animation running (the thinking line's progress bar) the two threads deadlocked.
 */
fun <T> onUiThread(block: () -> T): T {
    if (SwingUtilities.isEventDispatchThread()) return block()
    var result: Result<T>? = null
    SwingUtilities.invokeAndWait { result = runCatching(block) }
    return result!!.getOrThrow()
}

/** Draws the session's current UI into a PNG, animations run to their end. */
fun shoot(session: Session, ui: JvmPlatformUi, dark: Boolean, w: Window, out: File): Long = onUiThread {
    val t0 = System.nanoTime()
    val scene = ImageComposeScene((w.width * w.density).toInt(), (w.height * w.density).toInt(), Density(w.density)) {
        App(session, ui, dark) { }
    }
    try {
        // The first frame composes; the later ones let LaunchedEffects (a zoomed board's
        // centring) and the last move's animation (at most ~800 ms) finish.
        var image = scene.render(0)
        for (ms in listOf(16L, 100L, 500L, 1_000L, 3_000L)) image = scene.render(ms * 1_000_000)
        out.writeBytes(image.encodeToData(EncodedImageFormat.PNG)!!.bytes)
    } finally {
        scene.close()
    }
    System.nanoTime() - t0
}

/** One state of the app, reached by events from a fresh session. */
class Shot(val name: String, val caption: String, val anew: Boolean = false, val drive: (Session) -> Unit)

fun Session.twoPlayers(game: GameKind) {
    send(Event.Home(HomeEvent.ChooseGame(game)))
    send(Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)))
    send(Event.Home(HomeEvent.NewGame))
    if (vm.confirmation != null) send(Event.Confirmation(ConfirmationEvent.ACCEPT))
}

fun Session.play(vararg moves: String) = moves.forEach { send(Event.Board(BoardEvent.PlayNotation(it))); settle() }

/** Plays the first legal move [n] times (the person's and, between people, the other's). */
fun Session.firstMoves(n: Int) = repeat(n) {
    val b = vm.board ?: return
    if (b.legalMoves.isEmpty() || b.finished) return
    send(Event.Board(BoardEvent.ChooseMove(b.legalMoves.first().index)))
    settle()
}

/** A game against the computer at its lowest level, to the end by the first legal moves. */
fun Session.quickGameAgainstComputer(game: GameKind) {
    send(Event.Home(HomeEvent.ChooseGame(game)))
    send(Event.Home(HomeEvent.ChooseMode(PlayMode.VS_COMPUTER)))
    send(Event.Home(HomeEvent.ChooseLevel(vm.home!!.minLevel)))
    send(Event.Home(HomeEvent.NewGame))
    if (vm.confirmation != null) send(Event.Confirmation(ConfirmationEvent.ACCEPT))
    settle()
    var guard = 0
    while (vm.board?.finished == false && guard++ < 200) {
        val b = vm.board!!
        if (b.mustPass) send(Event.Board(BoardEvent.Pass)) else if (b.legalMoves.isNotEmpty()) send(Event.Board(BoardEvent.ChooseMove(b.legalMoves.first().index)))
        settle()
    }
    check(vm.board?.finished == true) { "the game did not end" }
}

val SHOTS = listOf(
    Shot("home", "Home") { },
    Shot("home-draughts", "Home: draughts and its rules") { s ->
        s.send(Event.Home(HomeEvent.ChooseGame(GameKind.DRAUGHTS))); s.send(Event.Home(HomeEvent.ChooseRules(RulesVariant.RELAXED)))
    },
    Shot("othello", "Othello: hint and last move") { s ->
        s.twoPlayers(GameKind.OTHELLO); s.play("f5", "d6", "c3", "f4"); s.send(Event.Board(BoardEvent.Hint)); s.settle()
    },
    Shot("connect-four", "Connect Four: a win line") { s ->
        s.twoPlayers(GameKind.CONNECT_FOUR); s.play("1", "2", "1", "2", "1", "2", "1")
    },
    Shot("draughts", "Draughts: a capture, the piece selected") { s ->
        s.twoPlayers(GameKind.DRAUGHTS); s.play("11-15", "22-18")
        val b = s.vm.board!!
        val from = b.cells.first { it.legal }
        s.send(Event.Board(BoardEvent.TapCell(from.index)))
    },
    Shot("virus", "Virus") { s -> s.twoPlayers(GameKind.VIRUS); s.firstMoves(6) },
    Shot("focus", "Focus: stacks") { s -> s.twoPlayers(GameKind.FOCUS); s.firstMoves(8) },
    Shot("star", "Chinese Checkers") { s ->
        s.send(Event.Home(HomeEvent.ChooseGame(GameKind.CHINESE_CHECKERS))); s.send(Event.Home(HomeEvent.ChooseLevel(s.vm.home!!.minLevel)))
        s.send(Event.Home(HomeEvent.NewGame)); s.settle(); s.firstMoves(3)
        if (s.vm.board!!.zoomed) s.send(Event.Board(BoardEvent.ZoomBoard(false)))
    },
    Shot("star-zoomed", "Chinese Checkers zoomed") { s ->
        s.send(Event.Home(HomeEvent.ChooseGame(GameKind.CHINESE_CHECKERS))); s.send(Event.Home(HomeEvent.ChooseLevel(s.vm.home!!.minLevel)))
        s.send(Event.Home(HomeEvent.NewGame)); s.settle(); s.firstMoves(3); s.send(Event.Board(BoardEvent.ZoomBoard(true)))
    },
    // Driven anew for every picture: the search (draughts at the top level, no book) ends in
    // seconds, and its move would land between two pictures.
    Shot("thinking", "The computer thinking, with progress", anew = true) { s ->
        s.send(Event.Home(HomeEvent.ChooseGame(GameKind.DRAUGHTS))); s.send(Event.Home(HomeEvent.ChooseMode(PlayMode.VS_COMPUTER)))
        s.send(Event.Home(HomeEvent.ChooseLevel(s.vm.home!!.maxLevel))); s.send(Event.Home(HomeEvent.NewGame))
        if (s.vm.confirmation != null) s.send(Event.Confirmation(ConfirmationEvent.ACCEPT))
        s.send(Event.Board(BoardEvent.PlayNotation("11-15")))
        s.until { (s.platform.progress.value?.thinking?.nodes ?: 0uL) > 0uL }
    },
    Shot("confirm", "Resign? (the core's question)") { s ->
        s.twoPlayers(GameKind.OTHELLO); s.play("f5"); s.send(Event.Board(BoardEvent.Resign))
        check(s.vm.confirmation != null)
    },
    Shot("after-game", "After the game: chart and review") { s ->
        s.quickGameAgainstComputer(GameKind.CONNECT_FOUR); s.send(Event.Navigation(NavigationEvent.OpenAfterGame))
        s.send(Event.AfterGame(AfterGameEvent.REVIEW_GAME)); s.settle()
    },
    Shot("history", "History") { s -> s.quickGameAgainstComputer(GameKind.CONNECT_FOUR); s.send(Event.Navigation(NavigationEvent.OpenHistory)) },
    Shot("history-review", "History: a past game's review") { s ->
        s.quickGameAgainstComputer(GameKind.OTHELLO); s.send(Event.Navigation(NavigationEvent.OpenHistory))
        s.send(Event.History(HistoryEvent.ReviewPastGame(s.vm.history!!.entries.first().id))); s.settle()
    },
    Shot("settings", "Settings") { s -> s.send(Event.Navigation(NavigationEvent.OpenSettings)) },
)

fun main(args: Array<String>) {
    val out = File(args[0]).apply { mkdirs() }
    val only = args.drop(1).toSet()
    val strings = mapOf("en" to Strings(Session.RES, "en"), "de" to Strings(Session.RES, "de"))
    val rows = StringBuilder()
    var count = 0
    val shots = SHOTS.map { it.name to it.caption } + ("start-failure" to "The core did not start")
    for ((name, caption) in shots) {
        if (only.isNotEmpty() && name !in only) continue
        val t0 = System.nanoTime()
        val shot = SHOTS.firstOrNull { it.name == name }
        // A session in the picture's language from its start (a failed start's sentence is
        // written then), driven to the shot's state.
        fun session(lang: String): Session = if (shot == null) {
            // A data directory that is a file: the core's real start fails, and says why.
            Session(listOf(lang), dataDir = File.createTempFile("ply-ui-not-a-dir", ""))
        } else {
            Session(listOf(lang)).also { s ->
                shot.drive(s)
                if (!name.startsWith("home")) check(s.vm.drawn != Screen.HOME || name == "confirm") { "$name: still on Home" }
            }
        }
        rows.append("<h2>$caption</h2>\n")
        for (lang in listOf("en", "de")) {
            val tag = if (lang == "de") "de-DE" else "en"
            var s = session(tag)
            var fresh = true
            for (dark in listOf(false, true)) {
                rows.append("<div class=row>")
                for (w in WINDOWS) {
                    if (shot?.anew == true && !fresh) {
                        s.close()
                        s = session(tag)
                    }
                    fresh = false
                    val file = "$name-$lang-${if (dark) "dark" else "light"}-${w.name}.png"
                    shoot(s, JvmPlatformUi(strings.getValue(lang)), dark, w, File(out, file))
                    count++
                    rows.append("<figure><a href=\"$file\"><img src=\"$file\" style=\"height:${if (w.height > w.width) 360 else 180}px\"></a><figcaption>$lang ${if (dark) "dark" else "light"} ${w.name}</figcaption></figure>")
                }
                rows.append("</div>\n")
            }
            s.close()
        }
        System.err.println("shots: $name in ${(System.nanoTime() - t0) / 1_000_000} ms")
    }
    File(out, "index.html").writeText(
        "<!doctype html><meta charset=utf-8><title>Ply for Android: every screen</title>" +
            "<style>body{font-family:sans-serif}.row{display:flex;gap:12px;align-items:flex-start}figure{margin:4px}figcaption{font-size:12px}</style>" +
            "<h1>Ply for Android, drawn on the JVM from the real core</h1>\n$rows",
    )
    println("android-ui: $count pictures in ${out.path} (contact sheet: index.html)")
}
