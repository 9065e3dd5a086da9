# Ply's app core, English (the source language). Every text a view model, announcement or
# message carries. Variables: see each message's comment where the name does not say it.

## Games, sides and seats

game-othello = Othello
game-connect-four = Connect Four
game-draughts = Draughts
game-relaxed-draughts = Draughts (captures optional)
game-virus = Virus
game-focus = Focus
game-chinese-checkers = Chinese Checkers

side-black = Black
side-white = White
side-red = Red
side-yellow = Yellow

seat-red = Red
seat-blue = Blue
seat-green = Green
seat-yellow = Yellow
seat-purple = Purple
seat-orange = Orange
seat-other = Another

## Home: modes and engine choices

mode-vs-computer = Against the computer
mode-two-players = Two players on this device
mode-computer-vs-computer = Computer against computer
choice-by-level = By level
algorithm-scout = Scout
algorithm-alpha-beta = Alpha-beta
algorithm-pvs = PVS
algorithm-mcts = MCTS
algorithm-minimax = Minimax
algorithm-best-reply = Best-Reply Search
algorithm-paranoid = Paranoid
algorithm-max-n = Max-N
ordering-static = Static order only
ordering-full = TT move, killers, history
ordering-history-ads = History-ADS (move to front)

## One line describing an engine, its parts joined by ", "

engine-ads = History-ADS and Threat-ADS
engine-layers = { $depth ->
    [one] 1 layer
   *[other] { $depth } layers
}
engine-plies = { $depth ->
    [one] 1 ply
   *[other] { $depth } plies
}
# $seconds: already formatted ("3.6")
engine-time = up to { $seconds } s
engine-no-table = no table
engine-table = { $mib } MiB table
engine-heuristic = heuristic { $name }
engine-custom-weights = custom weights

## Players

who-you = You
who-computer = The computer
# $seat: a seat colour ("Blue")
who-seat-computer = { $seat } (computer)
# $side: "White"
who-computer-side = The computer ({ $side })
# $side: "Black", $symbol: the text board's X or O
who-side = { $side } ({ $symbol })

side-black-inline = black
side-white-inline = white
side-red-inline = red
side-yellow-inline = yellow

mode-vs-computer-inline = against the computer
mode-two-players-inline = two players on this device
mode-computer-vs-computer-inline = computer against computer

## The board's title and status line

title = { $game }: { $mode }
title-multi = { $game }: { $players } players

reason-virus-others-out = the others are out
reason-virus-unreachable = no empty square can be reached
reason-focus-stuck = no one else can move
reason-chinese-checkers-filled = the far corner is filled
reason-turn-limit = the turn limit
reason-no-one-can-move = no one can move
reason-neither-can-move = neither side can move
reason-no-move-left = no move left
reason-four-in-a-row = four in a row
reason-board-full = the board is full
reason-repetition = threefold repetition
reason-no-progress = 40 moves without progress
reason-resignation = resignation
reason-resigned = { $side } resigned

# $reason: one of the reason- messages
status-draw = Draw ({ $reason }).
status-you-win = You win ({ $reason }).
# $score: the winner's discs first, "36-28"
status-you-win-score = You win { $score } ({ $reason }).
# $who: "Black", "The computer", "Blue (computer)"
status-wins = { $who } wins ({ $reason }).
status-wins-score = { $who } wins { $score } ({ $reason }).
# $seat: "Red"
status-multi-you-pass = You ({ $seat }) have no move: pass.
status-multi-your-move = Your move ({ $seat }).
# $side: a side-…-inline message
status-you-play = You play { $side } ({ $symbol }). Your move.
status-you-play-pass = You play { $side } ({ $symbol }). You have no move: pass.
status-computer-to-move = The computer ({ $side }, { $symbol }) is to move.
# $who: "Black (X)", "Blue (computer)"
status-pass = { $who } has no move: pass.
status-pass-device = { $who } to move: pass the device to { $who }.
status-paused = Paused. { $who } to move.
status-to-move = { $who } to move.

## Pieces and cells, for screen readers

piece-black-disc = black disc
piece-white-disc = white disc
piece-red-stone = red stone
piece-yellow-stone = yellow stone
piece-black-man = black man
piece-black-king = black king
piece-white-man = white man
piece-white-king = white king
piece-infected = infected
piece-stack = stack
piece-marble = marble
cell-empty = empty
# $height: the number of pieces in the stack, $owner: the top piece's seat colour
cell-stack = stack of { $height }, { $owner } on top
# $owner: a seat colour, $piece: a piece- message ("Red infected")
cell-owned = { $owner } { $piece }
mark-legal = legal move
mark-hint = hint
mark-last-move = last move
mark-selected = selected
mark-winning = part of the four in a row
# In the review's step board
mark-played = move played
mark-best = best move

## Beside the board

# $seat: the person's seat colour
player-you = { $seat } (you)
# $nodes: the count, for the plural; $positions: the same, formatted ("12,345")
thinking-move = Thinking… { $positions } { $nodes ->
    [one] position
   *[other] positions
}
thinking-hint = Looking for a hint… { $positions } { $nodes ->
    [one] position
   *[other] positions
}
# A player beside the board: $name a player- or who- message, $count pieces on the board (Focus:
# stacks controlled), $reserve Focus's pieces in reserve
player-line = { $name }: { $count }
player-line-out = { $name }: { $count } (out)
player-line-reserve = { $name }: { $count } ({ $reserve } in reserve)
player-line-reserve-out = { $name }: { $count } ({ $reserve } in reserve, out)
# $moves: the moves in notation, "f5 d6 c3"
moves-played = Moves: { $moves }
# What a screen reader says of the board's list of moves (its actions)
legal-moves = { $count ->
    [0] No move to play now
    [one] 1 legal move
   *[other] { $count } legal moves
}
# A screen reader's action on the board; $notation: "f5", "11-15"
legal-move-play = Play { $notation }


## The buttons of the board and after-game screens (`ActionView`)

action-pass = Pass
action-pause = Pause
action-resume = Resume
action-hint = Hint
action-undo = Undo
action-redo = Redo
action-zoom-in = Zoom in
action-fit-board = Fit the board
action-resign = Resign
action-new-game = New game
action-game-summary = Game summary
action-review-game = Review the game
action-share = Share
action-back-to-board = Back to the board
action-home = Home

## Home

# the rules variants of a game that has more than one (draughts)
rules-standard = Captures compulsory
rules-relaxed = Captures optional
home-custom-weights = Custom weights (from Settings)
home-seat-person = { $seat }: a person
home-seat-computer = { $seat }: the computer, level { $level }
# an entry of the level pickers
home-level = Level { $level }
# the title over the level control: with a computer player, and in games without one
home-level-computer = The computer's level
home-level-hints = The hints' level
# an entry of a multi-player game's player count picker
home-player-count = { $count ->
    [one] 1 player
   *[other] { $count } players
}
home-side-first = { $side } (moves first)
home-side-second = { $side } (moves second)
# $why: the engine's reason, in English
home-position-error = '{ $position }' is not a start position: { $why }
# $number: the next move's number
home-resume = Resume { $game } (move { $number })

## Questions before what cannot be taken back

confirm-new-game = Start a new game?
confirm-new-game-detail = The game in progress will be lost.
confirm-new-game-accept = New game
confirm-resign = Resign this game?
confirm-resign-detail = Your opponent wins. The game goes to your history.
confirm-resign-detail-unkept = Your opponent wins. A game without a move is not kept in your history.
confirm-resign-accept = Resign
confirm-cancel = Cancel

## After the game

share-after = After { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}.
share-computer = Computer (level { $level }): { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}, { $positions } { $nodes ->
    [one] position
   *[other] positions
}, { $seconds } s.
# $positions: formatted $nodes, "12,345"; $ms: formatted, "1,204"
chart-point = depth { $depth }, { $positions } { $nodes ->
    [one] position
   *[other] positions
}, { $ms } ms
chart-total = { $positions } { $nodes ->
    [one] position
   *[other] positions
} in { $ms } ms
move-count = { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}
# The chart for a screen reader; $positions: formatted $nodes; $ms: formatted; $max: the most
# positions on one move, formatted
chart-description = { $moves ->
    [one] 1 computer move
   *[other] { $moves } computer moves
}, { $positions } { $nodes ->
    [one] position
   *[other] positions
} and { $ms } ms in all; the most on one move: { $max }
# One line of the chart's list: $label "12. f5", $point a chart-point, $value the search's value with its unit
chart-line = { $label }: { $point }, { $value }
value-points = { $n ->
    [one] { $points } point
   *[other] { $points } points
}
# the after-game chart's legend: the bars, the line
chart-series-positions = Positions searched
chart-series-time = Thinking time (ms)

## History and sync

history-local = On this device (sync is off)
history-waiting = Waiting to sync
# $reason: the server's, in English
history-rejected = Rejected by the server: { $reason }
history-synced = Synced
# $people: how many of the players sat at the device
history-title-multi = { $game }, { $players } players ({ $people } at the device)
history-title-two-players = { $game }, two players
# $mode: a mode-…-inline message
history-title-computer = { $game }, { $mode } (level { $level })
# When a game ended: $day and $year as text, $month 1 to 12, $time "14:05"
history-date = { $day } { $month ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
} { $year }, { $time }
# The line under a finished game: $date a history-date, $sync a history- sync message
history-detail = { $date } · { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} · { $sync }
sync-off = Sync is off: finished games stay on this device.
sync-running = Syncing…
sync-all-done = Every finished game is synced.
sync-waiting = { $count ->
    [one] 1 game waiting to sync.
   *[other] { $count } games waiting to sync.
}
# $problem: one of the sync-problem- messages
sync-last-problem = Last attempt: { $problem }.

## Settings

# $seconds: formatted; the depths are plies
settings-memory = Searches use at most a { $mib } MiB table and { $seconds } s a move; deepest search: Othello { $othello }, Connect Four { $connect_four }, draughts { $draughts } plies.
# When the computer thinks on the person's time; $level: the first level it does by default
settings-ponder-by-level = From level { $level } up
settings-ponder-on = Always
settings-ponder-off = Never
settings-watch-fast = At once
settings-watch-normal = 1 s a move
settings-watch-slow = 3 s a move

## The after-game review

review-title = { $game } (review)
review-caption = { $estimated ->
    [0] All { $total } values exact (solved).
   *[other] { $exact } of { $total } values exact (solved); the others estimated by search.
}
review-incomplete = The review stopped before the end of the game.
# $played: "12. f5"; $label: best, good, inaccuracy, mistake, blunder, book, not-proven or forced
review-move = { $played }: { $label ->
    [best] best
    [good] good
    [inaccuracy] inaccuracy
    [mistake] mistake
    [blunder] blunder
    [book] book
    [not-proven] not proven
   *[forced] forced
}
review-move-best = { $played }: { $label ->
    [best] best
    [good] good
    [inaccuracy] inaccuracy
    [mistake] mistake
    [blunder] blunder
    [book] book
    [not-proven] not proven
   *[forced] forced
}, best { $best }
review-step = { $label ->
    [forced] { $played } was the only move.
    [book] { $played } is in the opening book of real games.
    [not-proven] { $played } is not judged: the solver did not finish there.
    [best] { $played } was the best move.
    [good] { $played } was good; { $best } was best.
    [inaccuracy] { $played } was an inaccuracy; { $best } was best.
    [mistake] { $played } was a mistake; { $best } was best.
   *[blunder] { $played } was a blunder; { $best } was best.
}
review-no-choice = No move with a choice
# $accuracy: formatted, "87.5"
review-accuracy = Accuracy { $accuracy }
# Only some moves judged (a solved game whose solver did not finish everywhere); $judged: the
# moves the accuracy counts, $not_proven: the moves left unjudged
review-accuracy-proven = Accuracy { $accuracy } over { $judged ->
    [one] 1 proven move
   *[other] { $judged } proven moves
} ({ $not_proven } not proven)
review-summary = { $accuracy }: { $inaccuracies ->
    [0] no inaccuracy
    [one] 1 inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [0] no mistake
    [one] 1 mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [0] no blunder
    [one] 1 blunder
   *[other] { $blunders } blunders
}
review-no-move = No move
# Spoken when the review is ready; each side's name and its summary
review-ready = Review ready. { $first }: { $first_summary }. { $second }: { $second_summary }.
# A review under way: $done of $total moves judged
review-progress = Reviewing… { $done } of { $total ->
    [one] 1 move
   *[other] { $total } moves
}
# $message: why, in English
review-failed = The review failed: { $message }
# $name: the player, $summary: a review-summary
review-player-line = { $name }: { $summary }
# The value graph for a screen reader; $flagged: the moves that were inaccuracies, mistakes or
# blunders
review-graph-description = A graph of the first player's expected score after each move, from 0 to 100: { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}, { $flagged ->
    [0] none an inaccuracy, a mistake or a blunder
    [one] 1 of them an inaccuracy, a mistake or a blunder
   *[other] { $flagged } of them inaccuracies, mistakes or blunders
}.

## Messages under the board and announcements

# $error: the reason, in English
message-save-failed = Could not save: { $error }
message-no-move-number = There is no legal move number { $number }
message-not-legal-here = '{ $notation }' is not a legal move here
message-not-legal-because = '{ $notation }': { $reason }
message-not-your-move = It is not your move
message-not-legal = Not a legal move
message-column-full = That column is full
message-choose-path = Choose the capture path
message-piece-stuck = That piece cannot move
message-select-first = Select a piece to move first
message-move-limit = No end after { $moves } moves: the computers stop here.
message-hint = Hint: { $notation }
message-computer-failed = The computer could not move: { $error }
message-nothing-to-undo = Nothing to undo
message-nothing-to-redo = Nothing to redo
message-record-failed = The finished game could not be stored: { $error }
announce-reviewing = Reviewing the game
announce-cannot-start = The game cannot start: { $error }
# $who: "The computer (White)", "Blue (computer)"
announce-played = { $who } played { $notation }

## Settings: why a value was refused

error-url-empty = Enter the server address
error-url-scheme = The address must start with http:// or https://
# $found: "ftp://"
error-url-scheme-found = The address must start with http:// or https:// (found { $found })
# $character: the character, quoted: ' '
error-url-character = The address contains { $character }, which an address cannot hold
error-url-host = The address has no host name
error-url-port = The port '{ $port }' is not a number from 0 to 65535
# $error: the engine's reason, in English
error-weights = The engine refuses these weights: { $error }
# What the app core refuses or fails with (AppError::message).
error-game-over = The game is over.
error-no-such-move = There is no legal move { $index } (there are { $legal }).
error-computer-to-move = The computer has the move.
error-human-to-move = A person plays the side to move.
error-computer-resigns = Only a person resigns, and that seat is the computer's.
error-cancelled = The computer's search was stopped.
error-busy = The computer is already thinking.
error-record = The game's record could not be made: { $error }
error-internal = Something went wrong inside Ply: { $error }
# $reason: why a move of the position's move list was refused; $at: where (from 0)
error-position-move = { $reason } (at character { $at })
error-position-seats = The position seats { $seats } players, not { $players }.
error-position-over = The game is already over in this position.
error-level = Level { $level } does not exist (the levels are 1 to 10).
# $expected: the game's variants as typed ("standard, relaxed")
error-variant = { $game } has no rules variant '{ $variant }' (its variants: { $expected }).
# $counts: the player counts the game takes ("2, 3, 4 or 6", with list-or)
error-players = { $game } is not played by { $players } players, but by { $counts }.
# The last two items of a list of choices: "4 or 6"
list-or = { $rest } or { $last }
error-resign-multi-player = A game of more than two players cannot be resigned: there is no one winner to name.
error-review-multi-player = A review covers two-player games; this game seats more.

## Why the last sync left games waiting ($detail: the network's or the collector's words, in English)

sync-problem-outbox = the outbox could not be read ({ $detail })
sync-problem-unreachable = the collector could not be reached ({ $detail })
sync-problem-registration = registering this device failed ({ $detail })
sync-problem-token-refused = the collector refused this device's token
sync-problem-token-refused-again = the collector refused this device's token, and registering again failed ({ $detail })
sync-problem-waiting = waiting after a failure before trying again
sync-problem-no-transport = this app cannot reach the network
sync-problem-stopped = the system ended the background time before everything was sent; the rest goes next time
# The phone refused plain http to the address set in Settings; $detail: the system's words, in English
sync-problem-cleartext = this address needs https: the system does not allow unencrypted http to it ({ $detail })

## Reviewing a game of the history

# A multi-player game's review, after it or from the history
review-refused-multi = No review: the review judges the moves of two-player games only.
# A history entry kept before the history kept the moves
review-refused-no-moves = No review: this game was kept before the history kept its moves.
history-review-unknown = That game is no longer in the history.
# $error: why the kept moves did not replay (in English)
history-review-replay-failed = This game cannot be reviewed: its moves do not replay ({ $error }).

# The shell's error screen when the core could not start (the screen's own heading and advice are
# the shell's); $detail: the error in the platform's words ("IOException: …")
start-failed-reason = What went wrong: { $detail }

## The terminal (`ply play`): the words the terminal shell prints around the core's views

play-type-help = Type help for the commands.
# $resume: the command that continues this game
play-help = Type a move in the game's notation (Othello f5 or pass, Connect Four a column 1-7, draughts
    11-15, 22x15, a double jump 6x15x24 or 6x24, the Virus Game b2, Focus c2-c3 or +c3 from the
    reserve, Chinese Checkers d2-e6; the legal moves are listed under the board), or one of:
      undo, redo      take back a move (against the computer: back to your turn) / play it again
      hint            the engine's suggestion, marked ( ) on the board
      resign          give up the game
      pause, resume   stop and continue the computer playing itself (--mode watch)
      new             a new game with the same choices
      review [N]      the finished game reviewed move by move; with N, move N on its board
                      beside the best one
      history         the finished games, numbered newest first, and whether they reached
                      the server
      review #N       past game N of the history reviewed, in this session or any later one;
                      then review N shows its move N
      settings        sync, heuristic weights, the search caps of this machine
      moves, board    the moves so far / draw the board again
      stacks          Focus: every stack's pieces, bottom to top
      quit            leave (the unfinished game is kept: { $resume })
play-bye = Bye.
play-interrupted = Interrupted: leaving (the unfinished game is kept).
play-end-of-input = End of input: leaving.
# Before every refusal `ply` prints ($message: what is refused and why)
play-error = error: { $message }
play-could-not-start = the game could not start
# $seconds: whole seconds
play-leave-timeout = warning: still saving or syncing after { $seconds } s; leaving anyway (the outbox keeps finished games)
play-svg-failed = warning: cannot write { $path }: { $error }
play-sync-wait = Sync: finished games wait in the outbox; the next attempt may start in { $seconds } s (or with the next ply play --server, or ply sync).
play-after-game = Type new for another game, undo to take moves back, or quit.

# Kept games and --resume ($game: the game as `ply play` takes it; $mode: " (--mode watch)" or empty)
play-kept-refused = an unfinished { $game } game{ $mode } is kept in { $dir }: `{ $resume }` continues it, `{ $new }` replaces it
play-resume-ignored = Resuming the kept game with its own choices: { $options } ignored (--new starts a game with them).
play-also-kept = Also kept: { $commands }.
play-nothing-to-resume = No unfinished game to resume: starting a new one.
play-none-kept = no unfinished game is kept in { $dir }: `ply play GAME` starts one (othello, connect4, checkers, virus, focus or chinese-checkers)
play-kept-replaced = The unfinished game kept in { $dir } is replaced by this one.

# What --depth and --time-ms chose
play-depth-deepens = --depth { $depth }: playing level { $level }, which deepens for as long as its time allows
play-depth-strongest = --depth { $depth }: the strongest level searches { $plies } plies; playing level { $level }
play-depth-searches = --depth { $depth }: playing level { $level }, which searches { $plies } plies
play-depth-level = --depth { $depth }: playing level { $level }
play-time-level = --time-ms { $ms }: playing level { $level } (up to { $budget } ms a move)

# ply play's options refused before a game starts ($game: the game's title; $name: its name as
# `ply play` takes it; $word, $side, $algo, $ordering, $position: what was typed)
play-option-no-game = ply play needs a game: othello, connect4, checkers, virus, focus or chinese-checkers
play-option-seat-word = --seats: seat { $seat } is '{ $word }' (expected human or computer)
play-option-two-player-flag = { $flag } is for the two-player games; { $game } seats its players with --seats
play-option-multi-variant = { $game } has no variant '{ $variant }': its rules are in --position
play-option-multi-engine = ply play plays { $game } as the apps do: Best-Reply Search with History-ADS and Threat-ADS by level; ply search { $name } --algo paranoid|maxn|brs|mcts --ordering ... searches a position with any engine
play-option-players-and-seats = --players { $players } but --seats names { $seats ->
    [one] one seat
   *[other] { $seats } seats
}
play-option-position-seats = --position seats { $position } players, not the { $seats } of --seats or --players
play-option-seats-for-two = --seats and --players are for the multi-player games; { $game } is for two (see --mode and --side)
play-option-variant = --variant: { $error }
play-option-side = unknown --side '{ $side }' (expected first, second, both or none)
play-option-side-and-mode = --side { $side } does not fit --mode { $mode }: a side is chosen only against the computer
play-option-depth-zero = --depth must be at least 1
play-option-time-zero = --time-ms must be at least 1
play-option-minimax = --algo minimax is a research baseline, not an opponent: try `ply search --algo minimax`
play-option-algorithm = unknown --algo '{ $algo }' (expected level, pvs, alphabeta, scout or mcts)
play-option-ordering = unknown --ordering '{ $ordering }' (expected level, static, full or history-ads)
# $presets: "default, windows, threats"
play-option-heuristic = unknown --heuristic '{ $name }' for { $game } (presets: { $presets })
play-option-position = --position '{ $position }': { $error }
play-option-server = --server: { $problem }
play-option-no-data-dir = no data directory: pass --data-dir, or set XDG_DATA_HOME or HOME
play-option-cannot-create = cannot create { $dir }: { $error }

# Lines typed ($count: the length, with the language's thousands separator)
play-line-too-long = That line is { $count } characters long: no move or command is longer than { $longest }.
play-line-cut = { $head }… ({ $count } characters)
play-did-you-mean = '{ $word }' is not a command: did you mean { $command }? (help lists them)
play-not-a-command = '{ $word }' is neither a move nor a command (help lists them)
play-only-focus-stacks = Only Focus has stacks.
play-review-unfinished = Review is for a finished game; history lists the past ones, review #N reviews one.
play-review-game-number = review #N: N is a game's number in the history (#1 the newest).
play-review-move-number = review N: N is a move number (1 for the first move); review #N a past game.
play-no-hint-over = No hint: the game is over.
play-no-hint-turn = No hint now: it is not your move.
play-no-resign-multi = A multi-player game has no resignation: it goes on among the others to its end. new starts another game, quit keeps this one.
play-nothing-to-resign = Nothing to resign: the game is over or nobody plays here.
play-pause-watch-only = Pause stops the computer playing itself (--mode watch).
play-nothing-paused = Nothing is paused.
play-watching = The computer plays both sides here: pause, resume, undo, new or quit.

# Counts ($shown: $n with the language's thousands separator)
play-count-moves = { $n ->
    [one] { $shown } move
   *[other] { $shown } moves
}
play-count-positions = { $n ->
    [one] { $shown } position
   *[other] { $shown } positions
}
play-count-games = { $n ->
    [one] { $shown } game
   *[other] { $shown } games
}
play-count-threads = { $n ->
    [one] { $shown } thread
   *[other] { $shown } threads
}

# Around the board
play-moves = Moves: { $moves }
play-legal-moves = Legal moves: { $moves }
play-capture-paths = Capture paths (type one): { $paths }
play-in-reserve = +{ $count } in reserve
play-out = , out
play-stacks = Stacks, bottom to top:
play-legend-four = four in a row
play-legend-last-move = last move
play-legend-hint = hint
play-legend-selected = selected
play-legend-legal = legal move
play-legend-can-move = can move
play-legend-pieces = x o men, X O kings

# The engine line after each computer move ($value: one of the play-value- texts)
play-engine-book = engine: opening book move, { $value }
play-engine-search = engine: { $positions } searched, depth { $depth }, { $ms } ms, { $value }
play-engine-pv = , pv { $moves }
play-value-for = for { $mover }: { $judgement }
play-judgement-expected = { $percent }% expected
play-judgement-win = { $plies ->
    [one] win in { $plies } ply
   *[other] win in { $plies } plies
}
play-judgement-loss = { $plies ->
    [one] loss in { $plies } ply
   *[other] loss in { $plies } plies
}
play-judgement-win-proven = proven win
play-judgement-loss-proven = proven loss
play-judgement-margin = { $result } by { $margin ->
    [one] { $margin } disc
   *[other] { $margin } discs
}

# After the game and its review
play-game-over = Game over: { $result } After { $n ->
    [one] { $shown } move
   *[other] { $shown } moves
}.
play-computer-summary = The computer: { $moves }, { $positions }, { $seconds } s in all.
play-reviewing = Reviewing…
play-no-review = No review.
play-review-stopped = The review was stopped.
play-no-review-step = No such move in the review (type review or review #N first).
play-review-running = Reviewing: { $done } of { $total } moves.
play-review-failed = The review failed: { $message }
play-review-exact = exact
play-review-no-mistakes = No inaccuracy, mistake or blunder.
play-review-mistakes = Inaccuracies, mistakes and blunders: { $moves }.
play-review-step = { $played } (review { $ply })
play-review-scale = The number after each move is the first player's expected score in percent (50 even, 100 a win).

# The history and the settings
play-history = Finished games, newest first:
play-history-none = (none yet)
play-history-review = review #N reviews game N.
play-no-such-game = No game #{ $number } in the history: it holds { $games } (history lists them).
play-settings = Settings:
play-settings-level = level: { $level } ({ $engine })
play-settings-engine = engine: { $algorithm }, ordering: { $ordering }
play-settings-heuristic = heuristic: { $heuristic }
play-settings-sync-on = sync: on
play-settings-sync-off = sync: off
play-settings-server = server address: { $error }
play-settings-pace = pace of computer-only games: { $pace } (--pace)
play-settings-custom-weights = { $game }: custom heuristic weights
play-settings-threads = the computer searches on { $threads }

## Why a typed move was refused (the core's reasons; each reads as the core's English)

move-game-over = the game is over
move-empty-column = empty move: expected a column digit 1-7
move-not-a-column = not a column: a move is one digit 1-7
# $found: the character, quoted
move-after-column = unexpected { $found } after the column digit (a move is one digit 1-7)
move-four-in-a-row = the game is already over (four in a row)
move-column-full = column { $column } is already full
move-empty-square-move = empty move (expected a square a1..h8 or pass)
move-no-file-letter = not a square: expected a file letter a..h (or pass)
move-after-square = unexpected text after the square
move-no-rank-digit = not a square: expected a rank digit 1..8 after the file letter
# $mover: side-black-inline or side-white-inline
move-othello-game-over = the game is over
move-othello-may-not-pass = { $mover } has a legal move, so it may not pass
move-othello-must-pass = { $mover } has no legal move and must pass
move-othello-occupied = { $square } is occupied
move-othello-flips-none = { $square } flips no disc for { $mover }
move-empty-square = empty square
move-not-a-file = '{ $file }' is not a file of this board (a-{ $last })
move-not-a-rank = '{ $rank }' is not a rank of this board (1-{ $size })
move-virus-may-not-pass = a player may pass only when no empty square is next to theirs
move-square-taken = the square is not empty
move-not-next-to-own = the square is not next to one the player to move holds
# $word: as typed, in double quotes
move-focus-not-a-square = { $word } is not a square (a file a-h then a rank 1-8)
move-focus-empty = empty move: expected from-to such as c3-c5, or +square for a reserve piece
move-focus-not-a-move = { $word } is not a move: expected from-to such as c3-c5, or +c3
# $why: one of the move-focus- reasons below
move-focus-illegal = move { $word }: { $why }
move-focus-game-over = the game is already over
move-focus-off-board = square { $square } is not on the board
move-focus-no-stack = there is no stack on { $square }
move-focus-not-yours = the stack on { $square } is controlled by player { $player }
move-focus-not-straight = { $from } to { $to } is not a straight orthogonal move
move-focus-too-far = moving { $moved } squares needs { $moved } pieces but the stack on { $square } has { $height }
move-focus-no-reserve = player { $player } has no piece in reserve
move-not-a-hole = '{ $text }' is not a hole (a row a-q, then 1 up to the row's length)
move-halma-not-a-move = '{ $text }' is not a move (from-to like d2-e6, or pass)
# $why: one of the move-halma- reasons below, or move-game-over
move-halma-illegal = not a legal move here: { $why }
move-halma-may-not-pass = a player may pass only when none of their pieces can move
move-halma-no-piece = { $hole } holds no piece of player { $player }
move-halma-hole-taken = { $hole } is not empty
move-halma-stays-in-corner = a piece in its target corner must stay there
move-halma-no-path = no step or chain of hops leads from { $from } to { $to }
move-draughts-empty = empty move: expected like 11-15 or 22x15
move-expected-square-at-end = expected a square number 1-32, found the end
move-expected-square = expected a square number 1-32, found '{ $found }'
move-square-outside = square { $digits } is outside 1-32
move-mixed-separators = mixed '-' and 'x' separators
move-expected-separator = expected '-' or 'x' after a square, found '{ $found }'
move-too-few-squares = a move needs at least two squares
move-quiet-move-too-long = a quiet move has two squares; write captures with 'x'
move-draughts-illegal = not a legal move here
move-did-you-mean = not a legal move here (did you mean { $mv }?)
move-jump-continues = not a legal move here (the jump continues: { $moves })
move-one-or-other = { $first } or { $last }
move-capture-compulsory = not a legal move here (a capture is compulsory)
move-no-legal-moves = not a legal move here (no legal moves: the game is over)
move-ambiguous = { $text } is ambiguous: write the full path, one of { $candidates }
