//! `docs/architecture.md` is the map of the source: every file under `src/` is named there, with its job, in the
//! section of its folder, and every file it names exists. A new file without its line, or a line left behind by a
//! file moved or removed, fails here.
//!
//! A section is a `## ` heading that names one or more folders in backticks (`` (`src/engine/`) ``); a file
//! belongs to the section with the longest folder above it, and is named there in backticks by its path below that
//! folder or below `src/` (`` `hand/apply.rs` ``, `` `cli.rs` ``, `` `sim/driver.rs` ``).

use std::collections::BTreeSet;
use std::path::Path;

/// One `## ` section of the map: the folders it covers (`src/…/`) and its text.
struct Section {
    dirs: Vec<String>,
    text: String,
}

fn sections(map: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for line in map.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            let dirs = backticked(heading).filter(|d| d.starts_with("src/") && d.ends_with('/')).collect();
            out.push(Section { dirs, text: String::new() });
        } else if let Some(section) = out.last_mut() {
            section.text.push_str(line);
            section.text.push('\n');
        }
    }
    out
}

/// The texts between pairs of backticks.
fn backticked(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split('`').skip(1).step_by(2).map(str::to_owned)
}

/// Every file under `dir`, as paths from the crate's root (`src/engine/cards.rs`).
fn files(root: &Path, dir: &str, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else { panic!("cannot read {dir}") };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{dir}{name}");
        if entry.path().is_dir() {
            files(root, &format!("{path}/"), out);
        } else {
            out.insert(path);
        }
    }
}

/// What the map says is wrong: files not named in their section, and names of files that do not exist.
fn check(map: &str, sources: &BTreeSet<String>) -> Vec<String> {
    let sections = sections(map);
    let mut wrong = Vec::new();
    for file in sources {
        let home = sections
            .iter()
            .flat_map(|s| s.dirs.iter().map(move |d| (d, s)))
            .filter(|(d, _)| file.starts_with(d.as_str()))
            .max_by_key(|(d, _)| d.len());
        let Some((dir, section)) = home else {
            wrong.push(format!("{file}: no section of the map covers its folder"));
            continue;
        };
        let name = &file[dir.len()..];
        let from_src = &file["src/".len().min(file.len())..];
        if !backticked(&section.text).any(|b| b == name || b == from_src) {
            wrong.push(format!("{file}: not named as `{name}` in the section of `{dir}`"));
        }
    }
    for section in &sections {
        // Paths from the crate's root outside `src/` (a test named beside the file it checks) are not the map's.
        let outside = |b: &str| ["tests/", "benches/", "examples/"].iter().any(|d| b.starts_with(d));
        for name in backticked(&section.text).filter(|b| b.ends_with(".rs") && !b.contains(' ') && !outside(b)) {
            let exists = section.dirs.iter().any(|d| {
                let below_src = format!("src/{name}");
                sources.contains(&format!("{d}{name}"))
                    || (below_src.starts_with(d.as_str()) && sources.contains(&below_src))
            });
            if !section.dirs.is_empty() && !exists {
                wrong
                    .push(format!("`{name}` is named in the section of {:?}, but there is no such file", section.dirs));
            }
        }
    }
    wrong
}

#[test]
fn the_map_names_every_source_file_and_only_those() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = match std::fs::read_to_string(root.join("docs/architecture.md")) {
        Ok(map) => map,
        Err(e) => panic!("docs/architecture.md: {e}"),
    };
    let mut sources = BTreeSet::new();
    files(root, "src/", &mut sources);
    assert!(sources.len() > 50, "the source tree was read: {} files", sources.len());
    let wrong = check(&map, &sources);
    assert!(wrong.is_empty(), "docs/architecture.md is out of date:\n{}", wrong.join("\n"));
}

/// The check catches each way the map goes stale.
#[test]
fn a_file_missing_from_the_map_or_a_stale_name_is_caught() {
    let map = "# Map\n\n## Engine (`src/engine/`)\n\n`cards.rs` cards · `rank/units.rs` the evaluator\n\n\
               ## Root (`src/`)\n\n| `lib.rs` | the crate |\n";
    let sources: BTreeSet<String> =
        ["src/engine/cards.rs", "src/engine/rank/units.rs", "src/lib.rs"].iter().map(|s| s.to_string()).collect();
    assert_eq!(check(map, &sources), Vec::<String>::new(), "a true map passes");

    let mut more = sources.clone();
    more.insert("src/engine/hand.rs".into());
    let wrong = check(map, &more);
    assert_eq!(wrong, vec!["src/engine/hand.rs: not named as `hand.rs` in the section of `src/engine/`"]);

    // Named, but in another folder's section: still missing from its own.
    let mut more = sources.clone();
    more.insert("src/output.rs".into());
    let moved = map.replace("`cards.rs` cards", "`cards.rs` cards · `output.rs` misplaced");
    let wrong = check(&moved, &more);
    assert!(wrong.iter().any(|w| w.starts_with("src/output.rs: not named")), "{wrong:?}");
    assert!(wrong.iter().any(|w| w.starts_with("`output.rs` is named")), "{wrong:?}");

    let mut fewer = sources.clone();
    fewer.remove("src/engine/cards.rs");
    let wrong = check(map, &fewer);
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(wrong[0].starts_with("`cards.rs` is named"), "{wrong:?}");

    let mut outside = sources;
    outside.insert("lib/other.rs".into());
    let wrong = check(map, &outside);
    assert_eq!(wrong, vec!["lib/other.rs: no section of the map covers its folder"]);
}
