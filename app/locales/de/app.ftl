# Ply's app core, German. Informal address (du), as the phone apps' own strings.
# Every message of en/app.ftl, with the same variables (the catalog tests check both).

## Games, sides and seats

game-othello = Othello
game-connect-four = Vier gewinnt
game-draughts = Dame
game-relaxed-draughts = Dame (Schlagen freiwillig)
game-virus = Virus
game-focus = Focus
game-chinese-checkers = Sternhalma

side-black = Schwarz
side-white = Weiß
side-red = Rot
side-yellow = Gelb

seat-red = Rot
seat-blue = Blau
seat-green = Grün
seat-yellow = Gelb
seat-purple = Lila
seat-orange = Orange
seat-other = Weitere

## Home: modes and engine choices

mode-vs-computer = Gegen den Computer
mode-two-players = Zu zweit an diesem Gerät
mode-computer-vs-computer = Computer gegen Computer
choice-by-level = Nach Stufe
algorithm-scout = Scout
algorithm-alpha-beta = Alpha-Beta
algorithm-pvs = PVS
algorithm-mcts = MCTS
algorithm-minimax = Minimax
algorithm-best-reply = Best-Reply-Suche
algorithm-paranoid = Paranoid
algorithm-max-n = Max-N
ordering-static = Nur feste Reihenfolge
ordering-full = TT-Zug, Killerzüge, History
ordering-history-ads = History-ADS (nach vorn)

## One line describing an engine, its parts joined by ", "

engine-ads = History-ADS und Threat-ADS
engine-layers = { $depth } { $depth ->
    [one] Ebene
   *[other] Ebenen
}
engine-plies = { $depth } { $depth ->
    [one] Halbzug
   *[other] Halbzüge
}
engine-time = bis { $seconds } s
engine-no-table = keine Tabelle
engine-table = { $mib } MiB Tabelle
engine-heuristic = Heuristik { $name }
engine-custom-weights = eigene Gewichte

## Players

who-you = Du
who-computer = Der Computer
who-seat-computer = { $seat } (Computer)
who-computer-side = Der Computer ({ $side })
who-side = { $side } ({ $symbol })

side-black-inline = Schwarz
side-white-inline = Weiß
side-red-inline = Rot
side-yellow-inline = Gelb

mode-vs-computer-inline = gegen den Computer
mode-two-players-inline = zu zweit an diesem Gerät
mode-computer-vs-computer-inline = Computer gegen Computer

## The board's title and status line

title = { $game }: { $mode }
title-multi = { $game }: { $players } Spieler

reason-virus-others-out = die anderen sind raus
reason-virus-unreachable = kein leeres Feld ist erreichbar
reason-focus-stuck = niemand sonst kann ziehen
reason-chinese-checkers-filled = die gegenüberliegende Spitze ist gefüllt
reason-turn-limit = das Zuglimit
reason-no-one-can-move = niemand kann ziehen
reason-neither-can-move = keine Seite kann ziehen
reason-no-move-left = kein Zug mehr
reason-four-in-a-row = vier in einer Reihe
reason-board-full = das Brett ist voll
reason-repetition = dreifache Wiederholung
reason-no-progress = 40 Züge ohne Fortschritt
reason-resignation = Aufgabe
reason-resigned = { $side } hat aufgegeben

status-draw = Unentschieden ({ $reason }).
status-you-win = Du gewinnst ({ $reason }).
status-you-win-score = Du gewinnst { $score } ({ $reason }).
status-wins = { $who } gewinnt ({ $reason }).
status-wins-score = { $who } gewinnt { $score } ({ $reason }).
status-multi-you-pass = Du ({ $seat }) hast keinen Zug und musst passen.
status-multi-your-move = Du bist am Zug ({ $seat }).
status-you-play = Du spielst { $side } ({ $symbol }). Du bist am Zug.
status-you-play-pass = Du spielst { $side } ({ $symbol }). Du hast keinen Zug und musst passen.
status-computer-to-move = Der Computer ({ $side }, { $symbol }) ist am Zug.
status-pass = { $who } hat keinen Zug und muss passen.
status-pass-device = { $who } ist am Zug: gib das Gerät an { $who } weiter.
status-paused = Pausiert. { $who } ist am Zug.
status-to-move = { $who } ist am Zug.

## Pieces and cells, for screen readers

piece-black-disc = schwarzer Stein
piece-white-disc = weißer Stein
piece-red-stone = roter Stein
piece-yellow-stone = gelber Stein
piece-black-man = schwarzer Stein
piece-black-king = schwarze Dame
piece-white-man = weißer Stein
piece-white-king = weiße Dame
piece-infected = infiziert
piece-stack = Stapel
piece-marble = Murmel
cell-empty = leer
cell-stack = { $height ->
    [one] Stapel aus 1 Stein
   *[other] Stapel aus { $height } Steinen
}, { $owner } oben
cell-owned = { $piece } ({ $owner })
mark-legal = möglicher Zug
mark-hint = Tipp
mark-last-move = letzter Zug
mark-selected = ausgewählt
mark-winning = Teil der Viererreihe
mark-played = gespielter Zug
mark-best = bester Zug

## Beside the board

player-you = { $seat } (du)
thinking-move = Denkt nach… { $positions } { $nodes ->
    [one] Stellung
   *[other] Stellungen
}
thinking-hint = Sucht einen Tipp… { $positions } { $nodes ->
    [one] Stellung
   *[other] Stellungen
}
player-line = { $name }: { $count }
player-line-out = { $name }: { $count } (ausgeschieden)
player-line-reserve = { $name }: { $count } ({ $reserve } in Reserve)
player-line-reserve-out = { $name }: { $count } ({ $reserve } in Reserve, ausgeschieden)
moves-played = Züge: { $moves }
legal-moves = { $count ->
    [0] Jetzt ist kein Zug möglich
    [one] 1 möglicher Zug
   *[other] { $count } mögliche Züge
}
legal-move-play = { $notation } spielen


## The buttons of the board and after-game screens (`ActionView`)

action-pass = Passen
action-pause = Anhalten
action-resume = Fortsetzen
action-hint = Tipp
action-undo = Zurücknehmen
action-redo = Wiederholen
action-zoom-in = Vergrößern
action-fit-board = Ganzes Brett
action-resign = Aufgeben
action-new-game = Neues Spiel
action-game-summary = Zusammenfassung
action-review-game = Partie analysieren
action-share = Teilen
action-back-to-board = Zurück zum Brett
action-home = Startseite

## Home

# the rules variants of a game that has more than one (draughts)
rules-standard = Schlagzwang
rules-relaxed = Schlagen freiwillig
home-custom-weights = Eigene Gewichte (aus den Einstellungen)
home-seat-person = { $seat }: ein Mensch
home-seat-computer = { $seat }: der Computer, Stufe { $level }
home-level = Stufe { $level }
# the title over the level control: with a computer player, and in games without one
home-level-computer = Stufe des Computers
home-level-hints = Stufe der Tipps
home-player-count = { $count ->
    [one] 1 Spieler
   *[other] { $count } Spieler
}
home-side-first = { $side } (zieht zuerst)
home-side-second = { $side } (zieht als Zweiter)
home-position-error = „{ $position }“ ist keine Startstellung: { $why }
home-resume = { $game } fortsetzen (Zug { $number })

## Questions before what cannot be taken back

confirm-new-game = Neues Spiel beginnen?
confirm-new-game-detail = Die laufende Partie geht verloren.
confirm-new-game-accept = Neues Spiel
confirm-resign = Diese Partie aufgeben?
confirm-resign-detail = Dein Gegner gewinnt. Die Partie kommt in deinen Verlauf.
confirm-resign-detail-unkept = Dein Gegner gewinnt. Eine Partie ohne Zug kommt nicht in deinen Verlauf.
confirm-resign-accept = Aufgeben
confirm-cancel = Abbrechen

## After the game

share-after = Nach { $moves ->
    [one] 1 Zug
   *[other] { $moves } Zügen
}.
share-computer = Computer (Stufe { $level }): { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}, { $positions } { $nodes ->
    [one] Stellung
   *[other] Stellungen
}, { $seconds } s.
chart-point = Tiefe { $depth }, { $positions } { $nodes ->
    [one] Stellung
   *[other] Stellungen
}, { $ms } ms
chart-total = { $positions } { $nodes ->
    [one] Stellung
   *[other] Stellungen
} in { $ms } ms
move-count = { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}
chart-description = { $moves ->
    [one] 1 Computerzug
   *[other] { $moves } Computerzüge
}, insgesamt { $positions } { $nodes ->
    [one] Stellung
   *[other] Stellungen
} und { $ms } ms; die meisten in einem Zug: { $max }
chart-line = { $label }: { $point }, { $value }
value-points = { $n ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
# the after-game chart's legend: the bars, the line
chart-series-positions = Durchsuchte Stellungen
chart-series-time = Bedenkzeit (ms)

## History and sync

history-local = Auf diesem Gerät (Synchronisierung aus)
history-waiting = Wartet auf Synchronisierung
history-rejected = Vom Server abgelehnt: { $reason }
history-synced = Synchronisiert
history-title-multi = { $game }, { $players } Spieler ({ $people } am Gerät)
history-title-two-players = { $game }, zu zweit
history-title-computer = { $game }, { $mode } (Stufe { $level })
history-date = { $day }. { $month ->
    [1] Jan.
    [2] Feb.
    [3] März
    [4] Apr.
    [5] Mai
    [6] Juni
    [7] Juli
    [8] Aug.
    [9] Sept.
    [10] Okt.
    [11] Nov.
   *[12] Dez.
} { $year }, { $time }
history-detail = { $date } · { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
} · { $sync }
sync-off = Synchronisierung ist aus: beendete Partien bleiben auf diesem Gerät.
sync-running = Wird synchronisiert…
sync-all-done = Alle beendeten Partien sind synchronisiert.
sync-waiting = { $count ->
    [one] 1 Partie wartet auf Synchronisierung.
   *[other] { $count } Partien warten auf Synchronisierung.
}
sync-last-problem = Letzter Versuch: { $problem }.

## Settings

settings-ponder-by-level = Ab Stufe { $level }
settings-ponder-on = Immer
settings-ponder-off = Nie
settings-watch-fast = Sofort
settings-watch-normal = 1 s pro Zug
settings-watch-slow = 3 s pro Zug
settings-memory = Suchen nutzen höchstens eine Tabelle von { $mib } MiB und { $seconds } s pro Zug; tiefste Suche: Othello { $othello }, Vier gewinnt { $connect_four }, Dame { $draughts } Halbzüge.

## The after-game review

review-title = { $game } (Analyse)
review-caption = { $estimated ->
    [0] Alle { $total } Werte exakt (gelöst).
   *[other] { $exact } von { $total } Werten exakt (gelöst); die übrigen durch Suche geschätzt.
}
review-incomplete = Die Analyse endete vor dem Ende der Partie.
review-move = { $played }: { $label ->
    [best] bester Zug
    [good] gut
    [inaccuracy] Ungenauigkeit
    [mistake] Fehler
    [blunder] Patzer
    [book] Eröffnungsbuch
    [not-proven] nicht bewiesen
   *[forced] erzwungen
}
review-move-best = { $played }: { $label ->
    [best] bester Zug
    [good] gut
    [inaccuracy] Ungenauigkeit
    [mistake] Fehler
    [blunder] Patzer
    [book] Eröffnungsbuch
    [not-proven] nicht bewiesen
   *[forced] erzwungen
}, besser { $best }
review-step = { $label ->
    [forced] { $played } war der einzige Zug.
    [book] { $played } steht im Eröffnungsbuch aus echten Partien.
    [not-proven] { $played } ist nicht bewertet: der Löser wurde dort nicht fertig.
    [best] { $played } war der beste Zug.
    [good] { $played } war gut; { $best } war am besten.
    [inaccuracy] { $played } war eine Ungenauigkeit; { $best } war am besten.
    [mistake] { $played } war ein Fehler; { $best } war am besten.
   *[blunder] { $played } war ein Patzer; { $best } war am besten.
}
review-no-choice = Kein Zug mit Auswahl
review-accuracy = Genauigkeit { $accuracy }
review-accuracy-proven = Genauigkeit { $accuracy } über { $judged ->
    [one] 1 bewiesenen Zug
   *[other] { $judged } bewiesene Züge
} ({ $not_proven } nicht bewiesen)
review-summary = { $accuracy }: { $inaccuracies ->
    [0] keine Ungenauigkeit
    [one] 1 Ungenauigkeit
   *[other] { $inaccuracies } Ungenauigkeiten
}, { $mistakes ->
    [0] kein Fehler
    [one] 1 Fehler
   *[other] { $mistakes } Fehler
}, { $blunders ->
    [0] kein Patzer
    [one] 1 Patzer
   *[other] { $blunders } Patzer
}
review-no-move = Kein Zug
review-ready = Analyse fertig. { $first }: { $first_summary }. { $second }: { $second_summary }.
review-progress = Analysiert… { $done } von { $total ->
    [one] 1 Zug
   *[other] { $total } Zügen
}
review-failed = Die Analyse ist fehlgeschlagen: { $message }
review-player-line = { $name }: { $summary }
review-graph-description = Ein Graph der erwarteten Punkte des ersten Spielers nach jedem Zug, von 0 bis 100: { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}, { $flagged ->
    [0] keiner davon eine Ungenauigkeit, ein Fehler oder ein Patzer
    [one] 1 davon eine Ungenauigkeit, ein Fehler oder ein Patzer
   *[other] { $flagged } davon Ungenauigkeiten, Fehler oder Patzer
}.

## Messages under the board and announcements

message-save-failed = Speichern fehlgeschlagen: { $error }
message-no-move-number = Es gibt keinen möglichen Zug Nummer { $number }
message-not-legal-here = „{ $notation }“ ist hier kein möglicher Zug
message-not-legal-because = „{ $notation }“: { $reason }
message-not-your-move = Du bist nicht am Zug
message-not-legal = Kein möglicher Zug
message-column-full = Diese Spalte ist voll
message-choose-path = Wähle den Schlagweg
message-piece-stuck = Dieser Stein kann nicht ziehen
message-select-first = Wähle zuerst einen Stein
message-move-limit = Kein Ende nach { $moves } Zügen: die Computer hören hier auf.
message-hint = Tipp: { $notation }
message-computer-failed = Der Computer konnte nicht ziehen: { $error }
message-nothing-to-undo = Nichts zurückzunehmen
message-nothing-to-redo = Nichts zu wiederholen
message-record-failed = Die beendete Partie konnte nicht gespeichert werden: { $error }
announce-reviewing = Die Partie wird analysiert
announce-cannot-start = Die Partie kann nicht beginnen: { $error }
announce-played = { $who } spielt { $notation }

## Settings: why a value was refused

error-url-empty = Gib die Serveradresse ein
error-url-scheme = Die Adresse muss mit http:// oder https:// beginnen
error-url-scheme-found = Die Adresse muss mit http:// oder https:// beginnen (gefunden: { $found })
error-url-character = Die Adresse enthält { $character }, das in einer Adresse nicht stehen kann
error-url-host = Die Adresse hat keinen Hostnamen
error-url-port = Der Port „{ $port }“ ist keine Zahl von 0 bis 65535
error-weights = Die Engine lehnt diese Gewichte ab: { $error }
# Was der App-Kern ablehnt oder nicht kann (AppError::message).
error-game-over = Die Partie ist vorbei.
error-no-such-move = Es gibt keinen möglichen Zug { $index } (es gibt { $legal }).
error-computer-to-move = Der Computer ist am Zug.
error-human-to-move = Die Seite am Zug spielt ein Mensch.
error-computer-resigns = Nur ein Mensch gibt auf, und dieser Platz gehört dem Computer.
error-cancelled = Die Suche des Computers wurde abgebrochen.
error-busy = Der Computer denkt schon nach.
error-record = Das Protokoll der Partie konnte nicht erstellt werden: { $error }
error-internal = In Ply ist etwas schiefgegangen: { $error }
error-position-move = { $reason } (bei Zeichen { $at })
error-position-seats = Die Stellung ist für { $seats } Spieler, nicht für { $players }.
error-position-over = In dieser Stellung ist die Partie schon vorbei.
error-level = Stufe { $level } gibt es nicht (die Stufen sind 1 bis 10).
error-variant = { $game } hat keine Regelvariante „{ $variant }“ (seine Varianten: { $expected }).
error-players = { $game } wird nicht mit { $players } Spielern gespielt, sondern mit { $counts }.
list-or = { $rest } oder { $last }
error-resign-multi-player = Eine Partie mit mehr als zwei Spielern kann man nicht aufgeben: Es gibt keinen einzelnen Sieger.
error-review-multi-player = Eine Bewertung gibt es für Partien zu zweit; diese hat mehr Spieler.

## Why the last sync left games waiting

sync-problem-outbox = der Ausgang konnte nicht gelesen werden ({ $detail })
sync-problem-unreachable = der Sammelserver war nicht erreichbar ({ $detail })
sync-problem-registration = die Anmeldung dieses Geräts ist fehlgeschlagen ({ $detail })
sync-problem-token-refused = der Sammelserver hat das Token dieses Geräts abgelehnt
sync-problem-token-refused-again = der Sammelserver hat das Token dieses Geräts abgelehnt, und die erneute Anmeldung ist fehlgeschlagen ({ $detail })
sync-problem-waiting = nach einem Fehler wird vor dem nächsten Versuch gewartet
sync-problem-no-transport = diese App kann das Netzwerk nicht erreichen
sync-problem-stopped = das System hat die Hintergrundzeit beendet, bevor alles gesendet war; der Rest folgt beim nächsten Mal
sync-problem-cleartext = diese Adresse braucht https: das System erlaubt dorthin kein unverschlüsseltes http ({ $detail })

## Reviewing a game of the history

review-refused-multi = Keine Analyse: Die Analyse bewertet nur die Züge von Spielen zu zweit.
review-refused-no-moves = Keine Analyse: Diese Partie wurde gespeichert, bevor der Verlauf die Züge aufbewahrte.
history-review-unknown = Diese Partie ist nicht mehr im Verlauf.
history-review-replay-failed = Diese Partie kann nicht analysiert werden: Ihre Züge lassen sich nicht nachspielen ({ $error }).

start-failed-reason = Was schiefging: { $detail }

## The terminal (`ply play`): the words the terminal shell prints around the core's views

play-type-help = Gib help ein, um die Befehle zu sehen.
play-help = Gib einen Zug in der Notation des Spiels ein (Othello f5 oder pass, Vier gewinnt eine Spalte 1-7,
    Dame 11-15, 22x15, einen Doppelsprung 6x15x24 oder 6x24, Virus b2, Focus c2-c3 oder +c3 aus der
    Reserve, Sternhalma d2-e6; die möglichen Züge stehen unter dem Brett) oder einen dieser Befehle:
      undo, redo      einen Zug zurücknehmen (gegen den Computer: bis du wieder am Zug bist) / wiederholen
      hint            der Vorschlag des Computers, auf dem Brett mit ( ) markiert
      resign          die Partie aufgeben
      pause, resume   das Spiel des Computers gegen sich selbst anhalten und fortsetzen (--mode watch)
      new             eine neue Partie mit denselben Einstellungen
      review [N]      die beendete Partie Zug für Zug bewertet; mit N Zug N auf seinem Brett
                      neben dem besten
      history         die beendeten Partien, die neueste zuerst nummeriert, und ob sie den
                      Server erreicht haben
      review #N       Partie N des Verlaufs bewertet, in dieser Sitzung oder einer späteren;
                      danach zeigt review N ihren Zug N
      settings        Synchronisierung, Heuristik-Gewichte, die Suchgrenzen dieses Rechners
      moves, board    die bisherigen Züge / das Brett neu zeichnen
      stacks          Focus: die Steine jedes Stapels, von unten nach oben
      quit            beenden (die offene Partie bleibt erhalten: { $resume })
play-bye = Tschüss.
play-interrupted = Unterbrochen: Ende (die offene Partie bleibt erhalten).
play-end-of-input = Ende der Eingabe: Ende.
play-error = Fehler: { $message }
play-could-not-start = die Partie konnte nicht beginnen
play-leave-timeout = Warnung: nach { $seconds } s wird noch gespeichert oder synchronisiert; trotzdem Ende (der Postausgang behält beendete Partien)
play-svg-failed = Warnung: { $path } kann nicht geschrieben werden: { $error }
play-sync-wait = Synchronisierung: beendete Partien warten im Postausgang; der nächste Versuch beginnt frühestens in { $seconds } s (oder mit dem nächsten ply play --server oder ply sync).
play-after-game = Gib new für eine neue Partie ein, undo, um Züge zurückzunehmen, oder quit.

play-kept-refused = eine offene Partie { $game }{ $mode } ist in { $dir } gespeichert: `{ $resume }` setzt sie fort, `{ $new }` ersetzt sie
play-resume-ignored = Die gespeicherte Partie wird mit ihren eigenen Einstellungen fortgesetzt: { $options } nicht beachtet (--new beginnt eine Partie damit).
play-also-kept = Ebenfalls gespeichert: { $commands }.
play-nothing-to-resume = Keine offene Partie zum Fortsetzen: eine neue beginnt.
play-none-kept = in { $dir } ist keine offene Partie gespeichert: `ply play SPIEL` beginnt eine (othello, connect4, checkers, virus, focus oder chinese-checkers)
play-kept-replaced = Die in { $dir } gespeicherte offene Partie wird durch diese ersetzt.

play-depth-deepens = --depth { $depth }: Stufe { $level }, die so tief sucht, wie ihre Zeit reicht
play-depth-strongest = --depth { $depth }: die stärkste Stufe sucht { $plies } Halbzüge tief; gespielt wird Stufe { $level }
play-depth-searches = --depth { $depth }: Stufe { $level }, die { $plies } Halbzüge tief sucht
play-depth-level = --depth { $depth }: Stufe { $level }
play-time-level = --time-ms { $ms }: Stufe { $level } (bis { $budget } ms je Zug)

# ply play's options refused before a game starts
play-option-no-game = ply play braucht ein Spiel: othello, connect4, checkers, virus, focus oder chinese-checkers
play-option-seat-word = --seats: Platz { $seat } ist „{ $word }“ (erwartet: human oder computer)
play-option-two-player-flag = { $flag } gilt für die Spiele zu zweit; { $game } besetzt seine Plätze mit --seats
play-option-multi-variant = { $game } hat keine Variante „{ $variant }“: seine Regeln stehen in --position
play-option-multi-engine = ply play spielt { $game } wie die Apps: Best-Reply-Suche mit History-ADS und Threat-ADS je nach Stufe; ply search { $name } --algo paranoid|maxn|brs|mcts --ordering ... durchsucht eine Stellung mit jeder Engine
play-option-players-and-seats = --players { $players }, aber --seats nennt { $seats ->
    [one] einen Platz
   *[other] { $seats } Plätze
}
play-option-position-seats = --position besetzt { $position } Plätze, nicht die { $seats } von --seats oder --players
play-option-seats-for-two = --seats und --players gelten für die Spiele mit mehr als zwei Spielern; { $game } ist für zwei (siehe --mode und --side)
play-option-variant = --variant: { $error }
play-option-side = unbekannte Seite --side „{ $side }“ (erwartet: first, second, both oder none)
play-option-side-and-mode = --side { $side } passt nicht zu --mode { $mode }: eine Seite wählt man nur gegen den Computer
play-option-depth-zero = --depth muss mindestens 1 sein
play-option-time-zero = --time-ms muss mindestens 1 sein
play-option-minimax = --algo minimax ist ein Vergleichsmaßstab der Forschung, kein Gegner: versuche `ply search --algo minimax`
play-option-algorithm = unbekannter Algorithmus --algo „{ $algo }“ (erwartet: level, pvs, alphabeta, scout oder mcts)
play-option-ordering = unbekannte Zugsortierung --ordering „{ $ordering }“ (erwartet: level, static, full oder history-ads)
play-option-heuristic = unbekannte Bewertung --heuristic „{ $name }“ für { $game } (Vorgaben: { $presets })
play-option-position = --position „{ $position }“: { $error }
play-option-server = --server: { $problem }
play-option-no-data-dir = kein Datenverzeichnis: gib --data-dir an oder setze XDG_DATA_HOME oder HOME
play-option-cannot-create = { $dir } kann nicht angelegt werden: { $error }

play-line-too-long = Diese Zeile ist { $count } Zeichen lang: kein Zug und kein Befehl ist länger als { $longest }.
play-line-cut = { $head }… ({ $count } Zeichen)
play-did-you-mean = '{ $word }' ist kein Befehl: meintest du { $command }? (help zeigt alle)
play-not-a-command = '{ $word }' ist weder ein Zug noch ein Befehl (help zeigt alle)
play-only-focus-stacks = Nur Focus hat Stapel.
play-review-unfinished = Bewertet wird eine beendete Partie; history zeigt die früheren, review #N bewertet eine davon.
play-review-game-number = review #N: N ist die Nummer einer Partie im Verlauf (#1 die neueste).
play-review-move-number = review N: N ist eine Zugnummer (1 für den ersten Zug); review #N eine frühere Partie.
play-no-hint-over = Kein Tipp: die Partie ist vorbei.
play-no-hint-turn = Jetzt kein Tipp: du bist nicht am Zug.
play-no-resign-multi = In einer Partie mit mehreren Spielern gibt es kein Aufgeben: sie geht unter den anderen bis zum Ende weiter. new beginnt eine neue Partie, quit behält diese.
play-nothing-to-resign = Nichts aufzugeben: die Partie ist vorbei, oder hier spielt niemand.
play-pause-watch-only = pause hält den Computer an, der gegen sich selbst spielt (--mode watch).
play-nothing-paused = Nichts ist angehalten.
play-watching = Hier spielt der Computer beide Seiten: pause, resume, undo, new oder quit.

play-count-moves = { $n ->
    [one] { $shown } Zug
   *[other] { $shown } Züge
}
play-count-positions = { $n ->
    [one] { $shown } Stellung
   *[other] { $shown } Stellungen
}
play-count-games = { $n ->
    [one] { $shown } Partie
   *[other] { $shown } Partien
}
play-count-threads = { $n ->
    [one] { $shown } Thread
   *[other] { $shown } Threads
}

play-moves = Züge: { $moves }
play-legal-moves = Mögliche Züge: { $moves }
play-capture-paths = Schlagwege (gib einen ein): { $paths }
play-in-reserve = +{ $count } in Reserve
play-out = , ausgeschieden
play-stacks = Stapel, von unten nach oben:
play-legend-four = vier in einer Reihe
play-legend-last-move = letzter Zug
play-legend-hint = Tipp
play-legend-selected = ausgewählt
play-legend-legal = möglicher Zug
play-legend-can-move = kann ziehen
play-legend-pieces = x o Steine, X O Damen

play-engine-book = Computer: Zug aus dem Eröffnungsbuch, { $value }
play-engine-search = Computer: { $positions } durchsucht, Tiefe { $depth }, { $ms } ms, { $value }
play-engine-pv = , Hauptvariante { $moves }
play-value-for = für { $mover }: { $judgement }
play-judgement-expected = { $percent } % erwartet
play-judgement-win = { $plies ->
    [one] Gewinn in { $plies } Halbzug
   *[other] Gewinn in { $plies } Halbzügen
}
play-judgement-loss = { $plies ->
    [one] Verlust in { $plies } Halbzug
   *[other] Verlust in { $plies } Halbzügen
}
play-judgement-win-proven = bewiesener Gewinn
play-judgement-loss-proven = bewiesener Verlust
play-judgement-margin = { $result } mit { $margin ->
    [one] { $margin } Stein
   *[other] { $margin } Steinen
} Vorsprung

play-game-over = Partie vorbei: { $result } Nach { $n ->
    [one] { $shown } Zug
   *[other] { $shown } Zügen
}.
play-computer-summary = Der Computer: { $moves }, { $positions }, insgesamt { $seconds } s.
play-reviewing = Wird bewertet…
play-no-review = Keine Bewertung.
play-review-stopped = Die Bewertung wurde abgebrochen.
play-no-review-step = Kein solcher Zug in der Bewertung (zuerst review oder review #N eingeben).
play-review-running = Bewertung: { $done } von { $total } Zügen.
play-review-failed = Die Bewertung ist fehlgeschlagen: { $message }
play-review-exact = exakt
play-review-no-mistakes = Keine Ungenauigkeit, kein Fehler, kein Patzer.
play-review-mistakes = Ungenauigkeiten, Fehler und Patzer: { $moves }.
play-review-step = { $played } (review { $ply })
play-review-scale = Die Zahl nach jedem Zug ist das erwartete Ergebnis des ersten Spielers in Prozent (50 ausgeglichen, 100 ein Gewinn).

play-history = Beendete Partien, die neueste zuerst:
play-history-none = (noch keine)
play-history-review = review #N bewertet Partie N.
play-no-such-game = Keine Partie #{ $number } im Verlauf: er enthält { $games } (history zeigt sie).
play-settings = Einstellungen:
play-settings-level = Stufe: { $level } ({ $engine })
play-settings-engine = Suche: { $algorithm }, Zugreihenfolge: { $ordering }
play-settings-heuristic = Heuristik: { $heuristic }
play-settings-sync-on = Synchronisierung: an
play-settings-sync-off = Synchronisierung: aus
play-settings-server = Serveradresse: { $error }
play-settings-pace = Tempo der Computerpartien: { $pace } (--pace)
play-settings-custom-weights = { $game }: eigene Heuristik-Gewichte
play-settings-threads = der Computer sucht mit { $threads }

## Why a typed move was refused (the core's reasons; each reads as the core's English)

move-game-over = die Partie ist vorbei
move-empty-column = leerer Zug: erwartet wird eine Spaltenziffer 1-7
move-not-a-column = keine Spalte: ein Zug ist eine Ziffer 1-7
move-after-column = unerwartetes { $found } nach der Spaltenziffer (ein Zug ist eine Ziffer 1-7)
move-four-in-a-row = die Partie ist schon vorbei (vier in einer Reihe)
move-column-full = Spalte { $column } ist schon voll
move-empty-square-move = leerer Zug (erwartet wird ein Feld a1..h8 oder pass)
move-no-file-letter = kein Feld: erwartet wird ein Linienbuchstabe a..h (oder pass)
move-after-square = unerwarteter Text nach dem Feld
move-no-rank-digit = kein Feld: erwartet wird eine Reihenziffer 1..8 nach dem Linienbuchstaben
move-othello-game-over = die Partie ist vorbei
move-othello-may-not-pass = { $mover } hat einen möglichen Zug und darf daher nicht passen
move-othello-must-pass = { $mover } hat keinen möglichen Zug und muss passen
move-othello-occupied = { $square } ist besetzt
move-othello-flips-none = { $square } dreht für { $mover } keinen Stein um
move-empty-square = leeres Feld
move-not-a-file = '{ $file }' ist keine Linie dieses Bretts (a-{ $last })
move-not-a-rank = '{ $rank }' ist keine Reihe dieses Bretts (1-{ $size })
move-virus-may-not-pass = passen darf nur, wer kein leeres Feld neben den eigenen hat
move-square-taken = das Feld ist nicht leer
move-not-next-to-own = das Feld liegt neben keinem des Spielers am Zug
move-focus-not-a-square = { $word } ist kein Feld (eine Linie a-h, dann eine Reihe 1-8)
move-focus-empty = leerer Zug: erwartet wird von-nach wie c3-c5 oder +Feld für einen Stein aus der Reserve
move-focus-not-a-move = { $word } ist kein Zug: erwartet wird von-nach wie c3-c5 oder +c3
move-focus-illegal = Zug { $word }: { $why }
move-focus-game-over = die Partie ist schon vorbei
move-focus-off-board = Feld { $square } liegt nicht auf dem Brett
move-focus-no-stack = auf { $square } steht kein Stapel
move-focus-not-yours = der Stapel auf { $square } gehört Spieler { $player }
move-focus-not-straight = { $from } nach { $to } ist kein gerader Zug entlang einer Reihe oder Linie
move-focus-too-far = { $moved } Felder weit zu ziehen braucht { $moved } Steine, aber der Stapel auf { $square } hat { $height }
move-focus-no-reserve = Spieler { $player } hat keinen Stein in Reserve
move-not-a-hole = '{ $text }' ist kein Loch (eine Reihe a-q, dann 1 bis zur Länge der Reihe)
move-halma-not-a-move = '{ $text }' ist kein Zug (von-nach wie d2-e6, oder pass)
move-halma-illegal = hier kein möglicher Zug: { $why }
move-halma-may-not-pass = passen darf nur, wer keinen Stein ziehen kann
move-halma-no-piece = auf { $hole } steht kein Stein von Spieler { $player }
move-halma-hole-taken = { $hole } ist nicht leer
move-halma-stays-in-corner = ein Stein in seiner Zielecke muss dort bleiben
move-halma-no-path = kein Schritt und keine Sprungkette führt von { $from } nach { $to }
move-draughts-empty = leerer Zug: erwartet wird etwa 11-15 oder 22x15
move-expected-square-at-end = erwartet wird eine Feldnummer 1-32, aber die Eingabe endet
move-expected-square = erwartet wird eine Feldnummer 1-32, gefunden: '{ $found }'
move-square-outside = Feld { $digits } liegt nicht zwischen 1 und 32
move-mixed-separators = '-' und 'x' gemischt
move-expected-separator = erwartet wird '-' oder 'x' nach einem Feld, gefunden: '{ $found }'
move-too-few-squares = ein Zug braucht mindestens zwei Felder
move-quiet-move-too-long = ein Zug ohne Schlagen hat zwei Felder; Schlagzüge werden mit 'x' geschrieben
move-draughts-illegal = hier kein möglicher Zug
move-did-you-mean = hier kein möglicher Zug (meintest du { $mv }?)
move-jump-continues = hier kein möglicher Zug (der Sprung geht weiter: { $moves })
move-one-or-other = { $first } oder { $last }
move-capture-compulsory = hier kein möglicher Zug (Schlagen ist Pflicht)
move-no-legal-moves = hier kein möglicher Zug (keine möglichen Züge: die Partie ist vorbei)
move-ambiguous = { $text } ist mehrdeutig: schreib den ganzen Weg, einen von { $candidates }
