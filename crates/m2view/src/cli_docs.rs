//! What is written from the command line's definition ([`crate::cli::Cli`]):
//! the Markdown reference (`docs/reference/cli.md`), the man page
//! (`clap_mangen`) and shell completions (`clap_complete`). `cargo xtask
//! docs` writes them through `m2view`'s hidden `--generate` option; the docs
//! test checks that the committed reference is what this writes.

use clap::CommandFactory;

/// The Markdown reference of every command and option, in help-heading
/// groups, as committed at `docs/reference/cli.md`.
pub fn markdown() -> String {
    let mut cmd = crate::cli::Cli::command();
    cmd.build();
    let mut out = String::from(
        "# Command-line reference\n\n\
         Written by `cargo xtask docs` from the command line's definition\n\
         (`crates/m2view/src/cli.rs`); `m2view <command> --help` prints the same.\n",
    );
    command_section(&cmd, "m2view", &mut out);
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        command_section(sub, &format!("m2view {}", sub.get_name()), &mut out);
    }
    out
}

/// One command: its description, usage, arguments and options by heading.
fn command_section(cmd: &clap::Command, name: &str, out: &mut String) {
    out.push_str(&format!("\n## `{name}`\n\n"));
    if let Some(about) = cmd.get_long_about().or(cmd.get_about()) {
        out.push_str(&format!("{}\n\n", about.to_string().trim()));
    }
    let usage = cmd.clone().render_usage().to_string();
    let usage: Vec<&str> = usage.trim_start_matches("Usage: ").lines().map(str::trim).collect();
    out.push_str(&format!("```text\n{}\n```\n", usage.join("\n")));
    // A subcommand's table leaves out the global options (listed under `m2view`) and --help.
    let top = name == "m2view";
    let shown = |a: &&clap::Arg| !a.is_hide_set() && a.get_id() != "help" && (top || !a.is_global_set());
    let mut headings: Vec<Option<&str>> = Vec::new();
    for arg in cmd.get_arguments().filter(shown) {
        if !headings.contains(&group(arg)) {
            headings.push(group(arg));
        }
    }
    for heading in headings {
        out.push_str(&format!("\n### {}\n\n| | |\n|---|---|\n", heading.unwrap_or("Options")));
        for arg in cmd.get_arguments().filter(shown).filter(|a| group(a) == heading) {
            out.push_str(&format!("| {} | {} |\n", arg_name(arg), arg_help(arg)));
        }
    }
    if !top {
        out.push_str("\nAnd the global options of [`m2view`](#m2view) (game data, GPU).\n");
    }
    if let Some(after) = cmd.get_after_long_help() {
        out.push_str(&format!("\n```text\n{}\n```\n", after.to_string().trim()));
    }
}

/// The heading an argument is listed under: `Arguments` for positionals.
fn group(a: &clap::Arg) -> Option<&str> {
    if a.is_positional() { Some("Arguments") } else { a.get_help_heading() }
}

/// `--size <WxH>`, `-o, --output <OUTPUT>`, `<FILE>`; a value that may
/// be left out and must follow `=`: `--animate-materials[=WHAT]`.
fn arg_name(arg: &clap::Arg) -> String {
    let value = arg.get_value_names().map(|v| v.iter().map(|n| format!(" <{n}>")).collect::<String>());
    let takes = arg.get_num_args().is_some_and(|n| n.takes_values());
    let value = if takes {
        value.unwrap_or_else(|| format!(" <{}>", arg.get_id().as_str().to_uppercase()))
    } else {
        String::new()
    };
    let optional = arg.get_num_args().is_some_and(|n| n.min_values() == 0) && arg.is_require_equals_set();
    let value = if optional { format!("[={}]", value.trim().trim_matches(['<', '>'])) } else { value };
    let name = match (arg.get_short(), arg.get_long()) {
        (Some(s), Some(l)) => format!("-{s}, --{l}{value}"),
        (None, Some(l)) => format!("--{l}{value}"),
        (Some(s), None) => format!("-{s}{value}"),
        (None, None) => value.trim().to_string(),
    };
    format!("`{name}`")
}

/// The help text on one line, with its default and environment variable.
fn arg_help(arg: &clap::Arg) -> String {
    let mut help = arg.get_long_help().or(arg.get_help()).map(|h| h.to_string()).unwrap_or_default();
    help = help.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|");
    let defaults: Vec<String> = arg.get_default_values().iter().map(|v| v.to_string_lossy().into_owned()).collect();
    if !defaults.is_empty() && !arg.is_positional() && arg.get_num_args().is_some_and(|n| n.takes_values()) {
        help.push_str(&format!(" Default: `{}`.", defaults.join(",")));
    }
    if let Some(env) = arg.get_env() {
        help.push_str(&format!(" Environment: `{}`.", env.to_string_lossy()));
    }
    help
}

/// The man page `m2view.1` (roff): the synopsis, options and subcommands.
pub fn man_page() -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    clap_mangen::Man::new(crate::cli::Cli::command()).render(&mut out)?;
    Ok(out)
}

/// The completion script for `shell` (`bash`, `zsh`, `fish`, `powershell`,
/// `elvish`); `None` for another name.
pub fn completions(shell: &str) -> Option<Vec<u8>> {
    let shell: clap_complete::Shell = shell.parse().ok()?;
    let mut cmd = crate::cli::Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "m2view", &mut out);
    Some(out)
}
