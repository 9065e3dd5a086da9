package dev.ply.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.consumeWindowInsets
import androidx.compose.foundation.layout.imePadding
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.FilterChip
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Slider
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.text.input.ImeAction
import androidx.compose.ui.unit.dp
import dev.ply.app.R
import dev.ply.appcore.Event
import dev.ply.appcore.HomeEvent
import dev.ply.appcore.NavigationEvent
import dev.ply.appcore.HomeView
import dev.ply.appcore.LevelOption
import dev.ply.appcore.SeatOption
import kotlin.math.roundToInt

/** The next game's choices, each list with its values and selection from the core. */
@Composable
fun HomeScreen(home: HomeView, send: Send) {
    Scaffold { pad ->
        Box(Modifier.fillMaxSize().padding(pad).consumeWindowInsets(pad).imePadding(), contentAlignment = Alignment.TopCenter) {
            Column(
                // One readable column on tablets and in landscape.
                Modifier.widthIn(max = 640.dp).fillMaxWidth().verticalScroll(rememberScrollState()).padding(16.dp),
                verticalArrangement = Arrangement.spacedBy(12.dp),
            ) {
                Heading(appText(R.string.home_title), MaterialTheme.typography.headlineLarge)
                if (home.canResume) {
                    Button(onClick = { send(Event.Navigation(NavigationEvent.OpenBoard)) }, modifier = Modifier.fillMaxWidth()) { Text(home.resumeLabel) }
                }
                ChoiceRow(appText(R.string.game), home.games, { it.selected }, { it.label }) { send(Event.Home(HomeEvent.ChooseGame(it.game))) }
                // The chosen game's rules, when it has more than one set (draughts).
                if (home.variants.isNotEmpty()) {
                    ChoiceRow(appText(R.string.rules), home.variants, { it.selected }, { it.label }) { send(Event.Home(HomeEvent.ChooseRules(it.rules))) }
                }
                if (home.modes.isNotEmpty()) {
                    ChoiceRow(appText(R.string.mode), home.modes, { it.selected }, { it.label }) { send(Event.Home(HomeEvent.ChooseMode(it.mode))) }
                }
                if (home.playerCounts.isNotEmpty()) {
                    ChoiceRow(appText(R.string.players), home.playerCounts, { it.selected }, { it.label }) {
                        send(Event.Home(HomeEvent.ChoosePlayers(it.count)))
                    }
                    Heading(appText(R.string.seats), MaterialTheme.typography.titleSmall)
                    home.seats.forEach { seat -> Seat(home, seat, send) }
                }
                if (home.sides.isNotEmpty()) {
                    ChoiceRow(appText(R.string.your_side), home.sides, { it.selected }, { it.label }) { send(Event.Home(HomeEvent.ChooseSide(it.side))) }
                }
                // The level sets the computer's strength and the hints' (a multi-player game's
                // computers have their seats' levels): the core says whether it is shown, and
                // under which title.
                if (home.levelShown) {
                    val min = home.minLevel.toInt()
                    val max = home.maxLevel.toInt()
                    Heading(home.levelTitle, MaterialTheme.typography.titleSmall)
                    // The selected level's name, the core's ("Level 6"), as the slider's state says it.
                    selectedLevel(home.levels)?.let { Text(it, style = MaterialTheme.typography.bodyMedium) }
                    Slider(
                        value = home.level.toFloat(),
                        // The slider's range is the core's; the core clamps whatever it is sent.
                        onValueChange = { v ->
                            val level = v.roundToInt()
                            if (level != home.level.toInt()) send(Event.Home(HomeEvent.ChooseLevel(level.toUByte())))
                        },
                        valueRange = min.toFloat()..max.toFloat(),
                        steps = (max - min - 1).coerceAtLeast(0),
                        modifier = Modifier.levelState(home.levels),
                    )
                }
                Text(home.engine, style = MaterialTheme.typography.bodySmall)
                if (home.engineChoices) {
                    HorizontalDivider()
                    Heading(appText(R.string.engine), MaterialTheme.typography.titleMedium)
                    ChoiceRow(appText(R.string.algorithm), home.algorithms, { it.selected }, { it.label }) {
                        send(Event.Home(HomeEvent.ChooseAlgorithm(it.choice)))
                    }
                    ChoiceRow(appText(R.string.ordering), home.orderings, { it.selected }, { it.label }) {
                        send(Event.Home(HomeEvent.ChooseOrdering(it.choice)))
                    }
                    ChoiceRow(appText(R.string.heuristic), home.heuristics, { it.selected }, { it.label }) {
                        send(Event.Home(HomeEvent.ChooseHeuristic(it.preset)))
                    }
                }
                HorizontalDivider()
                StartPosition(home, send)
                // The core asks first when a game in progress would be lost.
                Button(onClick = { send(Event.Home(HomeEvent.NewGame)) }, modifier = Modifier.fillMaxWidth()) { Text(appText(R.string.play)) }
                Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    OutlinedButton(onClick = { send(Event.Navigation(NavigationEvent.OpenHistory)) }) { Text(appText(R.string.history)) }
                    OutlinedButton(onClick = { send(Event.Navigation(NavigationEvent.OpenSettings)) }) { Text(appText(R.string.settings)) }
                }
            }
        }
    }
}

/** One seat of a multi-player game: a person or the computer, and the computer's level. */
@Composable
private fun Seat(home: HomeView, seat: SeatOption, send: Send) {
    Column(Modifier.semantics(mergeDescendants = false) { contentDescription = seat.label }) {
        Row(horizontalArrangement = Arrangement.spacedBy(8.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(seat.name, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.widthIn(min = 72.dp))
            FilterChip(selected = seat.human, onClick = { send(Event.Home(HomeEvent.ChooseSeat(seat.seat, true))) }, label = { Text(appText(R.string.seat_person)) })
            FilterChip(selected = !seat.human, onClick = { send(Event.Home(HomeEvent.ChooseSeat(seat.seat, false))) }, label = { Text(appText(R.string.seat_computer)) })
        }
        if (!seat.human) {
            val min = home.minLevel.toInt()
            val max = home.maxLevel.toInt()
            selectedLevel(seat.levels)?.let { Text(it, style = MaterialTheme.typography.bodySmall) }
            Slider(
                value = seat.level.toFloat(),
                onValueChange = { v ->
                    val level = v.roundToInt()
                    if (level != seat.level.toInt()) send(Event.Home(HomeEvent.ChooseSeatLevel(seat.seat, level.toUByte())))
                },
                valueRange = min.toFloat()..max.toFloat(),
                steps = (max - min - 1).coerceAtLeast(0),
                modifier = Modifier.levelState(seat.levels),
            )
        }
    }
}

/** The core's name of the level it marks selected ("Level 6"). */
private fun selectedLevel(levels: List<LevelOption>): String? = levels.firstOrNull { it.selected }?.label

/** A level slider read as the core's name of the selected level ("Level 6"), not a percentage. */
private fun Modifier.levelState(levels: List<LevelOption>): Modifier {
    val label = selectedLevel(levels) ?: return this
    return semantics { stateDescription = label }
}

/**
 * An optional start position in the game's notation: the core keeps the text as typed (every edit
 * is sent), parses it when it is applied (or a game starts) and says why not.
 */
@Composable
private fun StartPosition(home: HomeView, send: Send) {
    OutlinedTextField(
        value = home.startPositionText,
        onValueChange = { send(Event.Home(HomeEvent.EditStartPosition(it))) },
        label = { Text(appText(R.string.start_position)) },
        placeholder = { Text(appText(R.string.start_position_hint)) },
        isError = home.startPositionError != null,
        supportingText = { home.startPositionError?.let { Text(it) } },
        keyboardOptions = KeyboardOptions(imeAction = ImeAction.Done),
        singleLine = true,
        modifier = Modifier.fillMaxWidth(),
    )
    Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        OutlinedButton(onClick = { send(Event.Home(HomeEvent.ChooseStartPosition(home.startPositionText))) }) {
            Text(appText(R.string.use_position))
        }
        if (home.startPosition != null) {
            OutlinedButton(onClick = { send(Event.Home(HomeEvent.ChooseStartPosition(null))) }) {
                Text(appText(R.string.standard_start))
            }
        }
    }
}
