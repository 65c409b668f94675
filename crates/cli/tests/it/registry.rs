//! The command line against the registry of commands
//! (`cubist_api::command::COMMANDS`): every command has its subcommand and a
//! section in docs/json.md; the shell completions and the manual page
//! cover them; a puzzle argument is a file only when written as a path.

use super::support::{cubist, ok, repo};
use cubist_api::command::COMMANDS;

/// The subcommand words of a registry name and the flag of a variant:
/// `"place latin --square"` -> (["place", "latin"], Some("--square")).
fn words(name: &str) -> (Vec<&str>, Option<&str>) {
    let mut words: Vec<&str> = name.split(' ').collect();
    let flag = words.last().filter(|w| w.starts_with("--")).copied();
    if flag.is_some() {
        words.pop();
    }
    (words, flag)
}

#[test]
fn every_command_has_a_subcommand() {
    for c in COMMANDS {
        let (mut args, flag) = words(c.name());
        args.push("--help");
        let help = ok(&args);
        if let Some(flag) = flag {
            assert!(help.contains(flag), "cubist {args:?} does not offer {flag}");
        }
    }
}

#[test]
fn every_command_has_a_section_in_the_json_docs() {
    let doc = std::fs::read_to_string(repo("docs/json.md")).unwrap();
    for c in COMMANDS {
        let heading = format!("### `{}`", c.name());
        let at = doc
            .find(&heading)
            .unwrap_or_else(|| panic!("docs/json.md has no section {heading}"));
        let section = &doc[at..];
        let end = section[heading.len()..]
            .find("\n### ")
            .map_or(section.len(), |e| e + heading.len());
        let endpoint = format!("`POST /api/v1/{}`", c.path());
        assert!(section[..end].contains(&endpoint), "{heading} does not name {endpoint}");
    }
}

#[test]
fn the_bash_completion_loads_and_completes_a_subcommand() {
    let script = ok(&["completions", "bash"]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cubist.bash");
    std::fs::write(&file, script).unwrap();
    // What bash does on `cubist tw<TAB>`: the completion function with the
    // words typed so far.
    let probe = format!(
        "source {}; COMP_WORDS=(cubist tw); COMP_CWORD=1; COMP_LINE='cubist tw'; COMP_POINT=9; \
         _cubist cubist tw cubist; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        file.display()
    );
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(&probe)
        .output()
        .unwrap();
    let replies = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        replies.trim(),
        "twisty",
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        assert!(ok(&["completions", shell]).contains("cubist"), "{shell}");
    }
}

#[test]
fn the_manual_page_names_every_family() {
    let page = ok(&["man"]);
    assert!(page.starts_with(".ie"), "{}", &page[..40.min(page.len())]);
    assert!(page.contains(".TH cubist 1"));
    for family in ["stack", "cubes", "twisty", "target", "exact", "place", "serve"] {
        assert!(page.contains(&format!("cubist\\-{family}")), "{family}");
    }
}

#[test]
fn a_file_named_like_a_builtin_does_not_shadow_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("2x2x2"), "not a puzzle\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["twisty", "analyze", "2x2x2", "--order-only"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "88179840\n");
    // Written as a path, the file is read (and rejected as a definition).
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["twisty", "analyze", "./2x2x2"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("./2x2x2"));
    // A name that is neither is an error naming it.
    let (ok, _, err) = cubist(&["twisty", "analyze", "no-such-puzzle"]);
    assert!(!ok && err.contains("no-such-puzzle"), "{err}");
}
