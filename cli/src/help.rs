//! `ply --help` with its commands in groups: the player's first, then the collector's, then the
//! laboratory's (measuring, training and the papers' experiments).

use clap::Command;
use std::fmt::Write as _;

/// Every command of `ply`, in the order and groups `ply --help` lists them. A command missing
/// here fails `every_command_is_in_exactly_one_group`.
pub const COMMAND_GROUPS: &[(&str, &[&str])] = &[
    (
        "Play and analyse",
        &["play", "show", "search", "solve", "review"],
    ),
    ("Collector", &["sync", "records"]),
    (
        "Laboratory",
        &[
            "perft",
            "bench",
            "tournament",
            "selfplay",
            "experiment",
            "tune",
            "train",
            "book",
            "judgement",
            "probcut",
        ],
    ),
];

/// `command` with a help template that lists its subcommands by `COMMAND_GROUPS` in place of
/// clap's one flat list.
pub fn grouped(command: Command) -> Command {
    let template = template(&command);
    command.help_template(template)
}

fn template(command: &Command) -> String {
    let styles = command.get_styles();
    let (header, literal) = (styles.get_header(), styles.get_literal());
    let width = COMMAND_GROUPS
        .iter()
        .flat_map(|(_, names)| names.iter())
        .map(|name| name.len())
        .max()
        .unwrap_or(0);
    let mut text = String::from("{before-help}{about-with-newline}\n{usage-heading} {usage}\n");
    for (group, names) in COMMAND_GROUPS {
        let _ = write!(
            text,
            "\n{}{group}:{}\n",
            header.render(),
            header.render_reset()
        );
        for name in *names {
            let about = command
                .find_subcommand(name)
                .and_then(Command::get_about)
                .map(ToString::to_string)
                .unwrap_or_default();
            let _ = writeln!(
                text,
                "  {}{name:<width$}{}  {about}",
                literal.render(),
                literal.render_reset()
            );
        }
    }
    let _ = write!(
        text,
        "\n{}Options:{}\n{{options}}{{after-help}}",
        header.render(),
        header.render_reset()
    );
    text
}

#[cfg(test)]
mod tests {
    use super::COMMAND_GROUPS;
    use clap::CommandFactory;

    fn subcommands() -> Vec<String> {
        crate::Cli::command()
            .get_subcommands()
            .map(|command| command.get_name().to_string())
            .collect()
    }

    #[test]
    fn every_command_is_in_exactly_one_group() {
        let known = subcommands();
        assert!(known.len() > 10, "clap knows the commands: {known:?}");
        for name in &known {
            let groups: Vec<&str> = COMMAND_GROUPS
                .iter()
                .filter(|(_, names)| names.contains(&name.as_str()))
                .map(|(group, _)| *group)
                .collect();
            let times = COMMAND_GROUPS
                .iter()
                .flat_map(|(_, names)| names.iter())
                .filter(|listed| **listed == name)
                .count();
            assert_eq!((groups.len(), times), (1, 1), "`{name}` is in {groups:?}");
        }
        for listed in COMMAND_GROUPS.iter().flat_map(|(_, names)| names.iter()) {
            assert!(
                known.iter().any(|name| name == listed),
                "`{listed}` is no command"
            );
        }
    }

    /// The help as a user sees it: each group's heading, then its commands with their abouts,
    /// one line each, in the table's order.
    #[test]
    fn help_lists_the_groups_in_order() {
        let help = crate::command_line().render_help().to_string();
        let mut lines = help.lines();
        for (group, names) in COMMAND_GROUPS {
            let heading = format!("{group}:");
            assert!(
                lines.any(|line| line == heading),
                "no `{heading}` in\n{help}"
            );
            for name in *names {
                let line = lines.next().unwrap_or_default();
                let about = crate::Cli::command()
                    .find_subcommand(name)
                    .and_then(|command| command.get_about().map(ToString::to_string))
                    .unwrap_or_default();
                assert!(!about.is_empty(), "`{name}` has no about");
                let words: Vec<&str> = line.split_whitespace().collect();
                assert_eq!(words.first(), Some(name), "{line}");
                assert_eq!(words[1..].join(" "), about, "{line}");
            }
        }
        assert!(help.contains("Options:\n  -h, --help"), "{help}");
        assert!(
            !help.contains('{'),
            "a template tag left unreplaced:\n{help}"
        );
    }
}
