package dev.ply.appcore.tests

/**
 * The Othello moves after which the opening book of real games has no move for the computer:
 * the person's f5 and c3, the computer's book replies d6 and d3; the person's c7 then leaves the
 * book (`ply search othello -p f5d6c3d3c7 --book` searches).
 */
val BOOK_LINE = listOf("f5", "d6", "c3", "d3")
