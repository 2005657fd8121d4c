//! The README's table of rule options lists every option of the engine's one table (`engine/rules/options.rs`),
//! in its order, and nothing else: an option added, renamed or removed without its README row fails here.

use teenpatti::engine::rules::OPTIONS;

/// The option names of the README's `### Options` table, in order.
fn readme_options(readme: &str) -> Vec<String> {
    let Some(start) = readme.find("\n### Options\n") else { return Vec::new() };
    readme[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| option |"))
        .skip(2)
        .take_while(|l| l.starts_with("| `"))
        .filter_map(|l| l.split('`').nth(1).map(str::to_owned))
        .collect()
}

#[test]
fn the_readme_lists_every_rule_option_in_order() {
    let readme = match std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")) {
        Ok(text) => text,
        Err(e) => panic!("README.md: {e}"),
    };
    let listed = readme_options(&readme);
    let defined: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
    assert_eq!(listed, defined, "the README's options table against engine/rules/options.rs");
}

#[test]
fn a_missing_or_misplaced_row_is_caught() {
    let table = "# x\n\n### Options\n\nText.\n\n| option | default | meaning |\n|---|---|---|\n| `variant` | `classic` | the game |\n| `boot` | 1 | ante |\n\nAfter.\n";
    assert_eq!(readme_options(table), ["variant", "boot"]);
    let defined: Vec<&str> = OPTIONS.iter().map(|o| o.name).take(2).collect();
    assert_eq!(readme_options(table), defined);
    let swapped = table.replace(
        "| `variant` | `classic` | the game |\n| `boot` | 1 | ante |",
        "| `boot` | 1 | ante |\n| `variant` | `classic` | the game |",
    );
    assert_ne!(readme_options(&swapped), defined);
    assert!(readme_options("no table here").is_empty());
}
