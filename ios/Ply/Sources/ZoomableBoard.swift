import PlyFFI
import PlyKit
import SwiftUI

/// The board in the space it is given; zoomed (`BoardView.zoomed`), drawn `BoardView.zoom` times
/// as large in that same space, scrolling both ways and opening on the middle, so that the
/// star's holes are touch-sized (the core says how much, and when: the grids offer no zoom).
/// Drawing only: the canvas maps its own taps to board units, whatever size it is drawn at.
struct ZoomableBoard: View {
    let board: BoardView
    let send: (Event) -> Void

    var body: some View {
        if board.zoomed {
            GeometryReader { geo in
                let size = BoardLayout.zoomed(geo.size, board: board)
                ScrollView([.horizontal, .vertical]) {
                    BoardCanvasView(board: board, send: send)
                        .frame(width: size.width, height: size.height)
                }
                .defaultScrollAnchor(.center)
            }
            .aspectRatio(CGFloat(board.aspect), contentMode: .fit)
        } else {
            BoardCanvasView(board: board, send: send)
        }
    }
}
