//! `ply play`: the app core (`ply_app::app`) in the terminal, a third shell beside the Android
//! and iOS apps. The command line becomes the home screen's choices; the board, status and
//! messages are the core's view models printed as text; each typed line becomes an event.
//!
//! One line at a time is read from stdin, so a game can be scripted by piping lines in: a move
//! in the game's notation, or `undo`, `redo`, `hint`, `resign`, `pause`, `resume`, `new`,
//! `review`, `history`, `settings`, `moves`, `board`, `help`, `quit` (or the end of input).

mod kept;
mod option_error;
pub mod options;
pub(crate) mod shell;
mod text;

pub use options::Args;

use crate::http::UreqTransport;
use anyhow::{Result, anyhow, bail};
use kept::{game_word, mode_word};
use option_error::OptionError;
use options::Choices;
use ply_app::app::runtime::Runtime;
use ply_app::app::{
    AfterGameEvent, AppConfig, BoardEvent, BoardView, Effect, Event, HistoryEvent, HomeEvent,
    NavigationEvent, PlatformEvent, PlayMode, ReviewEvent, SettingsEvent, prefs, svg,
};
use ply_app::i18n::Lang;
use ply_app::tr;
use ply_app::{ClientPlatform, GameKind, RulesVariant};
use shell::{Core, Input, TerminalShell};
use std::collections::VecDeque;
use std::fs;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;
use text::Noun;

/// How long leaving waits for the finished game to reach the outbox and a sync attempt to end.
const LEAVE_TIMEOUT: Duration = Duration::from_secs(90);

/// How often the loop looks again at a core that has gone quiet without asking for input (a
/// computer that could not move): it then takes the person's lines, so `undo` or `quit` work.
const RECHECK: Duration = Duration::from_millis(500);

/// The longest line `play` reads as a move or a command (a draughts jump over eight men,
/// `1x10x19x28x...`, is about 30 characters); a longer one is refused without being echoed whole.
const LONGEST_LINE: usize = 64;

/// `text` as an echo shows it: a line longer than [`LONGEST_LINE`] cut with its length said.
fn shortened(lang: Lang, text: &str) -> String {
    let n = text.chars().count();
    if n <= LONGEST_LINE {
        return text.to_string();
    }
    let head: String = text.chars().take(40).collect();
    tr!(
        lang,
        "play-line-cut",
        head = head,
        count = lang.group(n as u64)
    )
}

/// Set by Ctrl-C: the loop leaves as `quit` does (the game kept, "Bye.").
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn on_interrupt(_: libc::c_int) {
    // Only an atomic store: all a signal handler may safely do here.
    INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Ctrl-C leaves the game as `quit` does instead of killing the program mid-line.
#[cfg(unix)]
fn leave_on_interrupt() {
    let handler: extern "C" fn(libc::c_int) = on_interrupt;
    // SAFETY: the handler only stores to an atomic (async-signal-safe), and SIGINT is a signal a
    // program may catch; `signal` is given a valid function pointer for it.
    unsafe {
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
    }
}

#[cfg(not(unix))]
fn leave_on_interrupt() {}

/// The words `play` reads besides moves.
const COMMANDS: [&str; 17] = [
    "undo", "redo", "hint", "resign", "pause", "resume", "new", "review", "history", "settings",
    "moves", "board", "stacks", "help", "quit", "exit", "pass",
];

/// A first word of three or more letters is never a move in any game here (moves are squares,
/// columns, numbers, or `pass`), so it was meant as a command.
fn is_command_like(word: &str) -> bool {
    let first = word.split_whitespace().next().unwrap_or("");
    first.len() >= 3 && first.chars().all(|c| c.is_ascii_alphabetic()) && first != "pass"
}

fn unknown_command(lang: Lang, word: &str) -> String {
    let first = word.split_whitespace().next().unwrap_or("");
    let closest = COMMANDS
        .iter()
        .map(|c| (edit_distance(first, c), *c))
        .filter(|(d, _)| *d <= 2)
        .min();
    match closest {
        Some((_, c)) => tr!(lang, "play-did-you-mean", word = word, command = c),
        None => tr!(lang, "play-not-a-command", word = word),
    }
}

/// Levenshtein distance (insertions, deletions, substitutions).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diag + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The line `ply` prints for a command that failed: in `lang` for `ply play`, English for the
/// others.
pub fn error_line(lang: Lang, error: &anyhow::Error) -> String {
    tr!(lang, "play-error", message = format!("{error:#}"))
}

/// A refused option in the player's language, as the error `ply` prints.
fn said(lang: Lang, error: OptionError) -> anyhow::Error {
    anyhow!("{}", error.message(lang))
}

/// The language `--lang` names, when it has a catalog: its primary tag decides ("de", "de-AT",
/// "de_DE.UTF-8").
pub fn chosen_lang(tag: &str) -> Option<Lang> {
    let lang = Lang::negotiate(&[tag]);
    let primary = tag
        .split(['-', '_', '.', '@'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    (lang.tag() == primary).then_some(lang)
}

pub fn run(mut args: Args) -> Result<()> {
    let Some(lang) = chosen_lang(&args.lang) else {
        let known: Vec<&str> = Lang::ALL.iter().map(|l| l.tag()).collect();
        bail!(
            "--lang {}: the board speaks {}",
            args.lang,
            known.join(" or ")
        );
    };
    let dir = match &args.data_dir {
        Some(d) => d.clone(),
        None => shell::default_data_dir().ok_or_else(|| said(lang, OptionError::NoDataDir))?,
    };
    // `ply play --resume` without a game: the game kept last, in its mode.
    let mut kept_mode = None;
    if args.game.is_none() && args.resume {
        kept::file_away(&dir)?;
        let Some((game, rules, mode)) = kept::most_recent(&dir) else {
            bail!(
                "{}",
                tr!(lang, "play-none-kept", dir = dir.display().to_string())
            );
        };
        args.game = Some(game);
        args.variant = rules.name().to_string();
        kept_mode = Some(mode);
    }
    let mut choices = Choices::from_args(&args, lang).map_err(|e| said(lang, e))?;
    if let Some(mode) = kept_mode {
        choices.mode = mode;
    }
    let server = match &args.server {
        Some(text) => Some(
            prefs::server_url(lang, text)
                .map_err(|e| said(lang, OptionError::Server(e.message)))?,
        ),
        None => None,
    };
    for d in std::iter::once(&dir).chain(&args.svg_dir) {
        fs::create_dir_all(d).map_err(|e| {
            said(
                lang,
                OptionError::CannotCreate {
                    dir: d.clone(),
                    error: e.to_string(),
                },
            )
        })?;
    }
    // This game's (and mode's) kept game becomes the core's; a --resume that names no mode
    // takes the game's one kept game in any mode.
    let mode_given = args.mode.is_some() || args.side.is_some() || kept_mode.is_some();
    let brought = kept::bring_back(
        &dir,
        choices.game,
        choices.rules,
        choices.mode,
        args.resume && !mode_given,
    )?;
    let command = |game: GameKind, rules: RulesVariant, mode: PlayMode, flag: &str| {
        play_command(game, rules, mode, args.data_dir.as_deref(), flag)
    };
    let resume_command = command(
        choices.game,
        choices.rules,
        brought.unwrap_or(choices.mode),
        " --resume",
    );
    // This run's own kept game is the core's now, not among these.
    let others: Vec<String> = kept::kept_games(&dir)
        .into_iter()
        .map(|(g, r, m)| command(g, r, m, " --resume"))
        .collect();

    let (total_ram_bytes, available_ram_bytes, cpu_cores) = shell::device();
    let config = AppConfig {
        data_dir: dir.to_string_lossy().into_owned(),
        platform: ClientPlatform::Cli,
        app_version: env!("CARGO_PKG_VERSION").into(),
        total_ram_bytes,
        available_ram_bytes,
        cpu_cores,
        token: shell::load_token(&dir),
    };
    let (tx, rx) = channel();
    let terminal_shell = Arc::new(TerminalShell::new(tx.clone(), dir.clone()));
    let runtime = Runtime::new(
        config,
        terminal_shell.clone(),
        Some(Arc::new(UreqTransport::new())),
    );
    runtime.set_search_threads(args.threads);
    let rt = Core::new(runtime, terminal_shell);

    for note in &choices.notes {
        println!("{note}");
    }
    rt.dispatch(Event::Platform(PlatformEvent::Languages {
        preferred: vec![args.lang.clone()],
    }));
    // Decided before the choices reach the core, so a refusal changes nothing kept.
    // A kept game without a move is only its setup: replaced without asking, as the apps do.
    let kept_game = rt.read(|a| {
        a.board_view()
            .filter(|b| !b.finished && !b.moves.is_empty())
            .map(|b| (b.game, b.rules))
    });
    let resume = match kept_game {
        Some(k) if !args.resume && !args.new => bail!(
            "{}",
            tr!(
                lang,
                "play-kept-refused",
                game = game_word(k.0, k.1),
                mode = match mode_word(brought.unwrap_or(choices.mode)) {
                    Some(m) => format!(" (--mode {m})"),
                    None => String::new(),
                },
                dir = dir.display().to_string(),
                resume = &resume_command,
                new = command(choices.game, choices.rules, choices.mode, " --new"),
            )
        ),
        Some(_) => args.resume,
        None => false,
    };
    if resume {
        let ignored = ignored_on_resume(&args);
        if !ignored.is_empty() {
            println!(
                "{}",
                tr!(lang, "play-resume-ignored", options = ignored.join(", "))
            );
        }
    }
    if !others.is_empty() {
        println!(
            "{}",
            tr!(lang, "play-also-kept", commands = others.join("; "))
        );
    }
    // A resumed game keeps its own choices: the command line's are the next game's.
    if !resume {
        for e in choices.events() {
            rt.dispatch(e);
        }
    }
    // The command line decides each run whether finished games are uploaded.
    match &server {
        Some(url) => {
            rt.dispatch(Event::Settings(SettingsEvent::SetServerUrl(url.clone())));
            rt.dispatch(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
        }
        None => {
            if rt.read(|a| a.settings_view().sync_enabled) {
                rt.dispatch(Event::Settings(SettingsEvent::SetSyncEnabled(false)));
            }
        }
    }
    // The pace is a setting, not a choice of the game: a resumed game takes it too.
    if let Some(pace) = args.pace {
        rt.dispatch(Event::Settings(SettingsEvent::SetWatchPace(pace.into())));
    }
    if resume {
        rt.dispatch(Event::Navigation(NavigationEvent::OpenBoard));
    } else {
        if args.resume {
            println!("{}", tr!(lang, "play-nothing-to-resume"));
        } else if kept_game.is_some() {
            println!(
                "{}",
                tr!(lang, "play-kept-replaced", dir = dir.display().to_string())
            );
        }
        rt.dispatch_confirmed(Event::Home(HomeEvent::NewGame));
    }
    // Engine lines start after the moves a resumed game already had (no search has started:
    // the screen is not shown yet).
    let moves_before = rt.read(|a| a.board_view().map_or(0, |b| b.moves.len() as u32));
    println!("{}", tr!(lang, "play-type-help"));
    rt.dispatch(Event::Platform(PlatformEvent::ScreenShown));
    rt.dispatch(Event::Platform(PlatformEvent::Foreground));
    rt.dispatch(Event::Platform(PlatformEvent::Network {
        online: true,
        metered: false,
    }));
    read_lines(tx);
    leave_on_interrupt();
    let terminal = Terminal::new(
        &rt,
        lang,
        args.svg_dir,
        server.is_some(),
        moves_before,
        resume_command,
    );
    let result = terminal.run(&rx);
    // The core has saved the game (leaving waits for it): it goes to its slot.
    drop(rt);
    kept::file_away(&dir)?;
    result
}

/// The `ply play` command for `game` under `rules` in `mode` with this run's data directory, then
/// `flag`.
fn play_command(
    game: GameKind,
    rules: RulesVariant,
    mode: PlayMode,
    data_dir: Option<&Path>,
    flag: &str,
) -> String {
    let mut c = format!("ply play {}", game_word(game, rules));
    if let Some(m) = mode_word(mode) {
        c.push_str(&format!(" --mode {m}"));
    }
    if let Some(d) = data_dir {
        c.push_str(&format!(" --data-dir {}", quoted(&d.to_string_lossy())));
    }
    c.push_str(flag);
    c
}

/// A path as a shell word: quoted when it holds a space or a quote.
fn quoted(text: &str) -> String {
    if text
        .chars()
        .any(|c| c.is_whitespace() || "'\"$`\\".contains(c))
    {
        format!("'{}'", text.replace('\'', "'\\''"))
    } else {
        text.to_string()
    }
}

/// The options given that a resumed game does not take (it keeps its own choices).
fn ignored_on_resume(args: &Args) -> Vec<String> {
    let mut out = Vec::new();
    let mut given = |flag: &str, value: Option<String>| {
        if let Some(v) = value {
            out.push(format!("{flag} {v}"));
        }
    };
    given("--level", args.level.map(|l| l.to_string()));
    given("--depth", args.depth.map(|d| d.to_string()));
    given("--time-ms", args.time_ms.map(|t| t.to_string()));
    // `both` and `none` choose the mode, whose kept game this is.
    given(
        "--side",
        args.side
            .clone()
            .filter(|s| !matches!(s.to_ascii_lowercase().as_str(), "both" | "none" | "engine")),
    );
    given("--heuristic", args.heuristic.clone());
    given("--position", args.position.clone());
    given("--seats", args.seats.clone());
    given("--players", args.players.map(|p| p.to_string()));
    given("--algo", Some(args.algo.clone()).filter(|a| a != "level"));
    given(
        "--ordering",
        Some(args.ordering.clone()).filter(|o| o != "level"),
    );
    out
}

/// Standard input, line by line, on its own thread so the loop can print while waiting.
fn read_lines(tx: Sender<Input>) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            match line {
                Ok(l) => {
                    if tx.send(Input::Line(l)).is_err() {
                        return;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = tx.send(Input::Eof);
    });
}

/// The board without what changes while the computer thinks: a change here is a redraw.
fn frame(b: &BoardView) -> BoardView {
    BoardView {
        thinking: None,
        message: None,
        can_hint: false,
        // Drawn from the flags compared here (the hint's among them).
        actions: Vec::new(),
        ..b.clone()
    }
}

/// The computer plays both sides and the game goes on.
fn watching(b: &BoardView) -> bool {
    b.can_pause || b.can_resume
}

enum Flow {
    Go,
    Quit,
}

struct Terminal<'a> {
    rt: &'a Core,
    /// The language of every line the terminal prints (`--lang`), the core's too.
    lang: Lang,
    tty_in: bool,
    tty_out: bool,
    svg_dir: Option<PathBuf>,
    svg_count: u32,
    sync_on: bool,
    lines: VecDeque<String>,
    eof: bool,
    dirty: bool,
    drawn: Option<BoardView>,
    message: Option<String>,
    /// The next message is printed even if it repeats the last one (a second bad move).
    force_message: bool,
    announced: Option<String>,
    /// The number of moves at the last look for engine lines.
    stats_seen: u32,
    over_printed: bool,
    /// The width of the progress line on screen (0: none), to blank it when it ends.
    progress_line: usize,
    prompted: bool,
    sync_note: Option<u64>,
    /// The review `review N` steps through is a past game's (`review #N`), on the history
    /// screen, rather than the finished game's.
    past_review: bool,
    /// The command that continues this game after `quit`, as `help` names it.
    resume_command: String,
}

impl<'a> Terminal<'a> {
    fn new(
        rt: &'a Core,
        lang: Lang,
        svg_dir: Option<PathBuf>,
        sync_on: bool,
        moves_before: u32,
        resume_command: String,
    ) -> Terminal<'a> {
        Terminal {
            rt,
            lang,
            tty_in: std::io::stdin().is_terminal(),
            tty_out: std::io::stdout().is_terminal(),
            svg_dir,
            svg_count: 0,
            sync_on,
            lines: VecDeque::new(),
            eof: false,
            dirty: true,
            drawn: None,
            message: None,
            force_message: false,
            announced: None,
            stats_seen: moves_before,
            over_printed: false,
            progress_line: 0,
            prompted: false,
            sync_note: None,
            past_review: false,
            resume_command,
        }
    }

    fn board(&self) -> Option<BoardView> {
        self.rt.read(|a| a.board_view())
    }

    /// The core waits for the person: a move, or a command on a finished or paused game. A
    /// core that went idle without asking (the computer could not move) also waits.
    fn ready(b: &BoardView, idle: bool) -> bool {
        b.finished || b.can_resume || (b.accepts_input && b.thinking.is_none()) || idle
    }

    /// Prints whatever the core has sent so far.
    fn catch_up(&mut self, rx: &Receiver<Input>) {
        while let Ok(input) = rx.try_recv() {
            self.take(input);
        }
        if self.dirty {
            self.draw(false);
        }
    }

    fn run(mut self, rx: &Receiver<Input>) -> Result<()> {
        loop {
            // Idle first: a job sends its effects before it counts as done, so once idle is
            // seen, everything it changed is in the channel and in the state read next.
            let idle = self.rt.wait_idle(Duration::ZERO);
            self.catch_up(rx);
            let Some(board) = self.board() else {
                self.leave(rx);
                return Err(anyhow!("{}", tr!(self.lang, "play-could-not-start")));
            };
            // Not idle (a ponder search may run for long), the board may have changed after
            // the channel was emptied: wait for that change's effects before reading a line,
            // or they would be drawn after the line's own (a hint shown after the undo).
            let drawn = self.drawn.as_ref() == Some(&frame(&board));
            let ready = Self::ready(&board, idle) && (idle || drawn);
            // Watching the computer play itself, `pause` and `quit` must not wait for the end.
            if (ready || watching(&board))
                && let Some(line) = self.lines.pop_front()
            {
                self.prompted = false;
                if let Flow::Quit = self.handle(&line, &board) {
                    self.leave(rx);
                    return Ok(());
                }
                continue;
            }
            if INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst) {
                self.end_progress();
                println!();
                println!("{}", tr!(self.lang, "play-interrupted"));
                self.leave(rx);
                return Ok(());
            }
            if self.eof && ready {
                self.end_progress();
                println!("{}", tr!(self.lang, "play-end-of-input"));
                self.leave(rx);
                return Ok(());
            }
            if ready && self.tty_in && !self.prompted {
                self.end_progress();
                print!("> ");
                let _ = std::io::stdout().flush();
                self.prompted = true;
            }
            match rx.recv_timeout(RECHECK) {
                Ok(input) => self.take(input),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.eof = true,
            }
        }
    }

    fn take(&mut self, input: Input) {
        match input {
            Input::Line(l) => self.lines.push_back(l),
            Input::Eof => self.eof = true,
            Input::Effects(fx) => {
                for e in fx {
                    self.effect(e);
                }
            }
        }
    }

    fn effect(&mut self, e: Effect) {
        match e {
            // The progress line is drawn with the board.
            Effect::Render | Effect::RenderProgress => self.dirty = true,
            Effect::Announce(text) => {
                self.end_progress();
                println!("» {text}");
                self.announced = Some(text);
            }
            Effect::ScheduleSync { not_before_ms, .. } => {
                if self.sync_on && self.sync_note != Some(not_before_ms) {
                    self.sync_note = Some(not_before_ms);
                    let wait = not_before_ms.saturating_sub(ply_core::record::now_ms()) / 1000;
                    self.end_progress();
                    println!("{}", tr!(self.lang, "play-sync-wait", seconds = wait));
                }
            }
            // Stored by the shell as it arrives.
            Effect::StoreToken(_) => {}
            // A terminal has no haptics, and the command line restores the choices each run.
            Effect::Cue(_) | Effect::SaveUiState(_) => {}
        }
    }

    fn end_progress(&mut self) {
        // Blanked, not ended with a newline: a finished search leaves no "Thinking..." behind.
        if self.progress_line > 0 {
            print!("{}", text::progress_clear(self.progress_line));
            let _ = std::io::stdout().flush();
            self.progress_line = 0;
        }
    }

    fn draw(&mut self, force: bool) {
        self.dirty = false;
        let Some(b) = self.board() else { return };
        let f = frame(&b);
        if force || self.drawn.as_ref() != Some(&f) {
            self.end_progress();
            println!();
            println!("{}", b.title);
            print!("{}", text::board(&b));
            let legend = text::legend(self.lang, &b);
            if !legend.is_empty() {
                println!("  {legend}");
            }
            print!("{}", text::under_board(self.lang, &b));
            self.drawn = Some(f);
            self.write_svg(&b);
            self.print_stats(&b);
        } else if self.tty_out
            && let Some(t) = &b.thinking
        {
            print!("{}", text::progress_update(&t.text, self.progress_line));
            let _ = std::io::stdout().flush();
            self.progress_line = t.text.chars().count();
        }
        let changed = b.message != self.message;
        // A message the core also announced was printed with the announcement.
        if let Some(m) = &b.message
            && ((changed && self.announced.as_ref() != Some(m)) || (!changed && self.force_message))
        {
            self.end_progress();
            println!("{m}");
        }
        self.force_message = false;
        self.message = b.message.clone();
        if b.finished && !self.over_printed {
            self.over_printed = true;
            if let Some(v) = self.rt.read(|a| a.after_game_view()) {
                self.end_progress();
                print!("{}", text::after_game(self.lang, &v));
                println!("{}", tr!(self.lang, "play-after-game"));
            }
        } else if !b.finished {
            self.over_printed = false;
        }
    }

    /// The engine's statistics, once, after each computer move.
    /// The engine line of every computer move since the last look: two computers moving
    /// between two draws (a multi-player game) each get theirs, named by the seat that moved.
    fn print_stats(&mut self, b: &BoardView) {
        let played = b.moves.len() as u32;
        let from = self.stats_seen.min(played);
        self.stats_seen = played;
        let stats = self.rt.read(|a| a.move_stats());
        for stat in stats.iter().filter(|s| (from..played).contains(&s.ply)) {
            let seat_name = stat
                .seat
                .and_then(|seat| b.players.iter().find(|p| p.seat == seat))
                .map(|p| p.name.as_str());
            // Older saved games: passes count as plies, so the ply's parity is the side.
            let mover = seat_name.unwrap_or(if stat.ply % 2 == 0 {
                &b.first_name
            } else {
                &b.second_name
            });
            println!(
                "{}",
                text::move_stat(self.lang, stat, mover, b.game.is_multi_player())
            );
        }
    }

    fn write_svg(&mut self, b: &BoardView) {
        let Some(dir) = &self.svg_dir else { return };
        let path = dir.join(format!("{:04}.svg", self.svg_count));
        self.svg_count += 1;
        if let Err(e) = fs::write(&path, svg::render(b)) {
            eprintln!(
                "{}",
                tr!(
                    self.lang,
                    "play-svg-failed",
                    path = path.display().to_string(),
                    error = e.to_string()
                )
            );
        }
    }

    fn handle(&mut self, line: &str, b: &BoardView) -> Flow {
        let typed = line.trim();
        let long = typed.chars().count() > LONGEST_LINE;
        if !self.tty_in && !typed.is_empty() {
            // Piped input: show what was "typed", so the transcript reads like a session.
            self.end_progress();
            println!("> {}", shortened(self.lang, typed));
        }
        if long {
            return self.refuse(&tr!(
                self.lang,
                "play-line-too-long",
                count = self.lang.group(typed.chars().count() as u64),
                longest = LONGEST_LINE
            ));
        }
        let word = typed.to_ascii_lowercase();
        let event = match word.as_str() {
            "" => return Flow::Go,
            "quit" | "q" | "exit" => return Flow::Quit,
            "help" | "?" => {
                println!(
                    "{}",
                    tr!(self.lang, "play-help", resume = &self.resume_command)
                );
                return Flow::Go;
            }
            "moves" => {
                // The same list as the after-game line: the core's one writer.
                let list = self
                    .rt
                    .read(|a| a.session().and_then(|s| s.notation().ok()))
                    .unwrap_or_default();
                println!("{}", text::moves_line(self.lang, &list));
                return Flow::Go;
            }
            "board" => {
                self.draw(true);
                return Flow::Go;
            }
            "stacks" => {
                return match text::stacks(self.lang, b) {
                    Some(stacks) => {
                        print!("{stacks}");
                        Flow::Go
                    }
                    None => self.refuse(&tr!(self.lang, "play-only-focus-stacks")),
                };
            }
            "history" => {
                self.rt
                    .dispatch(Event::Navigation(NavigationEvent::OpenHistory));
                // The history screen stops a search; what was just finished and the outbox
                // scan it asked for land before the list is printed.
                self.rt.wait_idle(Duration::from_secs(10));
                print!(
                    "{}",
                    text::history(self.lang, &self.rt.read(|a| a.history_view()))
                );
                self.rt
                    .dispatch(Event::Navigation(NavigationEvent::OpenBoard));
                return Flow::Go;
            }
            "settings" => {
                self.rt
                    .dispatch(Event::Navigation(NavigationEvent::OpenSettings));
                let (settings, home, threads) = self
                    .rt
                    .read(|a| (a.settings_view(), a.home_view(), a.computer_threads()));
                print!("{}", text::settings(self.lang, &settings, &home));
                if let Some(n) = threads {
                    let threads = text::count(self.lang, u64::from(n), Noun::Thread);
                    println!(
                        "  {}",
                        tr!(self.lang, "play-settings-threads", threads = threads)
                    );
                }
                self.rt
                    .dispatch(Event::Navigation(NavigationEvent::OpenBoard));
                return Flow::Go;
            }
            "review" if !b.finished => {
                return self.refuse(&tr!(self.lang, "play-review-unfinished"));
            }
            "review" => {
                if let Some(reason) = self
                    .rt
                    .read(|a| a.after_game_view())
                    .and_then(|v| v.review_refusal)
                {
                    return self.refuse(&reason);
                }
                self.past_review = false;
                self.rt
                    .dispatch(Event::AfterGame(AfterGameEvent::ReviewGame));
                println!("{}", tr!(self.lang, "play-reviewing"));
                // A review takes seconds (the solvers settle what they can in their budget).
                self.rt.wait_idle(Duration::from_secs(600));
                match self.rt.read(|a| a.after_game_view()).and_then(|v| v.review) {
                    Some(r) => print!("{}", text::review(self.lang, &r)),
                    None => println!("{}", tr!(self.lang, "play-no-review")),
                }
                return Flow::Go;
            }
            _ if word.starts_with("review #") => {
                let Ok(n) = word["review #".len()..].trim().parse::<usize>() else {
                    return self.refuse(&tr!(self.lang, "play-review-game-number"));
                };
                return self.review_past(n);
            }
            _ if word.starts_with("review ") => {
                let Ok(ply) = word["review ".len()..].trim().parse::<u32>() else {
                    return self.refuse(&tr!(self.lang, "play-review-move-number"));
                };
                return self.review_step(ply);
            }
            "undo" => Event::Board(BoardEvent::Undo),
            "redo" => Event::Board(BoardEvent::Redo),
            "new" => Event::Home(HomeEvent::NewGame),
            "hint" if !b.can_hint => {
                return self.refuse(&if b.finished {
                    tr!(self.lang, "play-no-hint-over")
                } else {
                    tr!(self.lang, "play-no-hint-turn")
                });
            }
            "hint" => Event::Board(BoardEvent::Hint),
            "resign" if !b.can_resign && b.game.is_multi_player() && !b.finished => {
                return self.refuse(&tr!(self.lang, "play-no-resign-multi"));
            }
            "resign" if !b.can_resign => {
                return self.refuse(&tr!(self.lang, "play-nothing-to-resign"));
            }
            "resign" => Event::Board(BoardEvent::Resign),
            "pause" if !b.can_pause => {
                return self.refuse(&tr!(self.lang, "play-pause-watch-only"));
            }
            "pause" => Event::Board(BoardEvent::Pause),
            "resume" if !b.can_resume => {
                return self.refuse(&tr!(self.lang, "play-nothing-paused"));
            }
            "resume" => Event::Board(BoardEvent::Resume),
            _ if watching(b) => {
                return self.refuse(&tr!(self.lang, "play-watching"));
            }
            _ if is_command_like(&word) => {
                return self.refuse(&unknown_command(self.lang, &word));
            }
            _ => Event::Board(BoardEvent::PlayNotation(typed.to_string())),
        };
        // Only a line that reaches the core may bring its message back (a second bad move
        // repeats the refusal); `settings` or a refused word must not revive an old one.
        self.force_message = true;
        if matches!(
            event,
            Event::Home(HomeEvent::NewGame) | Event::Board(BoardEvent::Resign)
        ) {
            self.rt.dispatch_confirmed(event);
        } else {
            self.rt.dispatch(event);
        }
        Flow::Go
    }

    /// `review #N`: the history's game N (as `history` numbers them) reviewed on the history
    /// screen, then back to the board.
    fn review_past(&mut self, n: usize) -> Flow {
        self.rt
            .dispatch(Event::Navigation(NavigationEvent::OpenHistory));
        self.rt.wait_idle(Duration::from_secs(10));
        let entries = self.rt.read(|a| a.history_view()).entries;
        let Some(entry) = n.checked_sub(1).and_then(|i| entries.get(i)) else {
            self.rt
                .dispatch(Event::Navigation(NavigationEvent::OpenBoard));
            let games = text::count(self.lang, entries.len() as u64, Noun::Game);
            return self.refuse(&tr!(
                self.lang,
                "play-no-such-game",
                number = n,
                games = games
            ));
        };
        println!("#{n} {} — {}", entry.title, entry.result);
        self.rt
            .dispatch(Event::History(HistoryEvent::ReviewPastGame {
                id: entry.id.clone(),
            }));
        if entry.can_review {
            println!("{}", tr!(self.lang, "play-reviewing"));
        }
        // A review takes seconds (the solvers settle what they can in their budget).
        self.rt.wait_idle(Duration::from_secs(600));
        let h = self.rt.read(|a| a.history_view());
        match (h.review, h.message) {
            (Some(p), _) => {
                self.past_review = true;
                print!("{}", text::review(self.lang, &p.review));
            }
            (None, Some(reason)) => println!("{reason}"),
            (None, None) => println!("{}", tr!(self.lang, "play-review-stopped")),
        }
        self.rt
            .dispatch(Event::Navigation(NavigationEvent::OpenBoard));
        Flow::Go
    }

    /// `review N`: move N of the review last asked for, on its board beside the best one.
    fn review_step(&mut self, ply: u32) -> Flow {
        let step = if self.past_review {
            self.rt
                .dispatch(Event::Navigation(NavigationEvent::OpenHistory));
            self.rt.dispatch(Event::Review(ReviewEvent::Step(ply)));
            let step = self
                .rt
                .read(|a| a.history_view())
                .review
                .and_then(|p| p.review.step);
            self.rt
                .dispatch(Event::Navigation(NavigationEvent::OpenBoard));
            step
        } else {
            self.rt.dispatch(Event::Review(ReviewEvent::Step(ply)));
            self.rt
                .read(|a| a.after_game_view())
                .and_then(|v| v.review)
                .and_then(|r| r.step)
        };
        match step {
            Some(s) if s.ply == ply => {
                print!("{}", text::board(&s.board));
                println!("{}", s.text);
            }
            _ => println!("{}", tr!(self.lang, "play-no-review-step")),
        }
        Flow::Go
    }

    fn refuse(&mut self, text: &str) -> Flow {
        self.end_progress();
        println!("{text}");
        Flow::Go
    }

    /// Stops a search, then waits until the game is saved and a finished one is in the outbox
    /// and a sync attempt has ended.
    fn leave(&mut self, rx: &Receiver<Input>) {
        self.rt
            .dispatch(Event::Platform(PlatformEvent::ScreenHidden));
        if !self.rt.wait_idle(LEAVE_TIMEOUT) {
            eprintln!(
                "{}",
                tr!(
                    self.lang,
                    "play-leave-timeout",
                    seconds = LEAVE_TIMEOUT.as_secs()
                )
            );
        }
        self.catch_up(rx);
        self.end_progress();
        if self.sync_on {
            println!("{}", self.rt.read(|a| a.history_view()).sync_status);
        }
        println!("{}", tr!(self.lang, "play-bye"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_is_chosen_by_its_primary_tag_or_not_at_all() {
        assert_eq!(chosen_lang("de"), Some(Lang::De));
        assert_eq!(chosen_lang("de-AT"), Some(Lang::De));
        assert_eq!(chosen_lang("DE_de.UTF-8"), Some(Lang::De));
        assert_eq!(chosen_lang("en-GB"), Some(Lang::En));
        assert_eq!(chosen_lang("fr"), None);
        assert_eq!(chosen_lang(""), None);
    }

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("undo", "undo"), 0);
        assert_eq!(edit_distance("undoo", "undo"), 1);
        assert_eq!(edit_distance("hnit", "hint"), 2);
        assert_eq!(edit_distance("", "new"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn words_are_commands_and_squares_are_moves() {
        for word in ["undoo", "level 3", "settngs"] {
            assert!(is_command_like(word), "{word}");
        }
        for word in ["f5", "pass", "22x15x8", "4", "c3-c5", "+c3", "z9"] {
            assert!(!is_command_like(word), "{word}");
        }
        assert_eq!(
            unknown_command(Lang::En, "undoo"),
            "'undoo' is not a command: did you mean undo? (help lists them)"
        );
        assert_eq!(
            unknown_command(Lang::En, "level 3"),
            "'level 3' is neither a move nor a command (help lists them)"
        );
    }
}
