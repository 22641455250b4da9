//! Web play on setups it was not shaped on (issue 15): random games driven through the pages
//! only (`playall`: every form of every seat's page filled at random, hostile text among it,
//! the host ending each phase), over the hand-made setups of `tests/wwr_setups` and over
//! random setups drawn from the whole fixture role book. Each game is checked at every step
//! (no 5xx, redirects, results or refusals shown, nothing unescaped, no other seat's role
//! shown) and once mid-phase against a second service on the same database.

mod common;
mod playall;

use std::path::Path;

use mafia_roles::ElementKind;
use mafia_wwr::Library;
use playall::{Dice, Form, Played, Run, book, fill_forms, refusal, setups_dir, toml_str};

/// The folder the service lists: each setup of `tests/wwr_setups`, its role book named by
/// its absolute path (the folder is a temporary copy).
fn copy_setups(to: &Path) -> Vec<String> {
    let book = book().display().to_string();
    let mut names = Vec::new();
    for entry in std::fs::read_dir(setups_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if !name.ends_with(".toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap().replace(
            "roles_dir = \"../../../../../shared/fixtures/wwr-roles\"",
            &format!("roles_dir = {}", toml_str(&book)),
        );
        assert!(text.contains(&book), "{name} names the fixture book");
        std::fs::write(to.join(&name), text).unwrap();
        names.push(name);
    }
    names.sort();
    names
}

/// The message of an error page (`<h1>400 Bad Request</h1><p>…</p>`).
fn error_text(page: &str) -> &str {
    let start = page.find("</h1><p>").map_or(0, |i| i + "</h1><p>".len());
    let end = start + page[start..].find("</p>").unwrap_or(page.len() - start);
    &page[start..end]
}

fn summary(name: &str, played: &Played) -> String {
    format!(
        "{name}: {} phases, {}, {} posts ({} refused){}",
        played.phases,
        if played.over { "over" } else { "cut" },
        played.posts,
        played.refused,
        played
            .not_dealt
            .as_deref()
            .map(|page| format!(", not dealt: {}", error_text(page)))
            .unwrap_or_default()
    )
}

fn report(run: &Run, lines: &[String]) {
    for l in lines {
        eprintln!("{l}");
    }
    eprintln!("time in the service: {:?}", run.in_service);
    for (reason, n) in &run.refusals {
        eprintln!("  refused {n}×: {reason}");
    }
    assert!(
        run.failures.is_empty(),
        "{} failures:\n{}",
        run.failures.len(),
        run.failures.join("\n")
    );
}

#[tokio::test]
async fn every_hand_made_setup_is_played_through_its_pages() {
    let folder = tempfile::tempdir().unwrap();
    let names = copy_setups(folder.path());
    assert!(names.len() >= 4, "{names:?}");
    let mut run = Run::new(folder.path(), from_env("WWR_PLAYALL_SEED", 15)).await;
    run.phase_cap = from_env("WWR_PLAYALL_PHASES", run.phase_cap as u64) as usize;
    let mut lines = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let played = run.play(&format!("hand-{i}"), name).await;
        assert_eq!(played.not_dealt, None, "{name} is dealt");
        assert!(played.phases >= 2, "{}", summary(name, &played));
        lines.push(summary(name, &played));
    }
    report(&run, &lines);
}

/// Names for random setups: plain, accented, an apostrophe, and markup.
const NAMES: [&str; 14] = [
    "Ada",
    "Bram",
    "Cleo",
    "Dov",
    "Zoë",
    "O'Neil",
    "<i>Ivo</i>",
    "Hugo",
    "Iris",
    "Jude",
    "Kai",
    "Lena",
    "Milo",
    "Nia",
];

/// The members of the wolfpack, from its group file (`<?Key:> Name` lines).
fn wolfpack(book: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(book.join("_game/groups/wolfpack")).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("<?")?.split_once(":> ").map(|(_, n)| n))
        .map(|n| {
            n.trim()
                .trim_matches('*')
                .trim_end_matches(" (T)")
                .to_owned()
        })
        .collect()
}

/// A random setup of 6 to 14 players: a team with a kill (one to three of the wolfpack's
/// members, or one killing role of another team), the rest any role of the book (a role that
/// requires another brings it), Lynch and sometimes an Election.
fn random_setup(dice: &mut Dice, lib: &Library, pack: &[String]) -> String {
    let n = 6 + dice.below(9);
    let all: Vec<String> = lib
        .all(ElementKind::Role)
        .iter()
        .map(|d| d.name.clone())
        .collect();
    let killers: Vec<String> = lib
        .all(ElementKind::Role)
        .iter()
        .filter(|d| {
            d.category.as_deref() == Some("Killing")
                && !matches!(d.team.as_deref(), None | Some("Townsfolk"))
        })
        .map(|d| d.name.clone())
        .collect();
    let mut roles: Vec<String> = Vec::new();
    if killers.is_empty() || !dice.chance(3) {
        let packed: Vec<&String> = pack.iter().filter(|r| lib.role(r).is_some()).collect();
        for _ in 0..1 + dice.below(1 + n / 5) {
            let role = (*dice.pick(&packed)).clone();
            let requires = lib
                .role(&role)
                .map(|d| d.requires.clone())
                .unwrap_or_default();
            roles.push(role);
            roles.extend(requires);
        }
    } else {
        roles.push(dice.pick(&killers).clone());
    }
    while roles.len() < n {
        let role = dice.pick(&all).clone();
        let requires = lib
            .role(&role)
            .map(|d| d.requires.clone())
            .unwrap_or_default();
        if roles.len() + 1 + requires.len() > n {
            continue;
        }
        roles.push(role);
        roles.extend(requires);
    }
    dice.shuffle(&mut roles);
    let players: Vec<String> = roles
        .iter()
        .zip(NAMES)
        .map(|(role, name)| {
            format!(
                "  {{ name = {}, role = {} }},",
                toml_str(name),
                toml_str(role)
            )
        })
        .collect();
    let polls = if dice.chance(3) {
        "[\"Lynch\", \"Election\"]"
    } else {
        "[\"Lynch\"]"
    };
    format!(
        "roles_dir = {}\npolls = {polls}\nplayers = [\n{}\n]\n",
        toml_str(&book().display().to_string()),
        players.join("\n")
    )
}

/// How many random setups a run plays (the CI profile runs debug builds: 27–48 s for
/// this file on two loaded cores, 8 s on a quiet one); `WWR_PLAYALL_GAMES=N` plays more, `WWR_PLAYALL_SEED=S` others,
/// `WWR_PLAYALL_PHASES=P` longer games.
const RANDOM_SETUPS: usize = 4;

fn from_env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::test]
async fn random_setups_from_the_whole_book_are_played_through_their_pages() {
    let book = book();
    let lib = Library::load(&book).unwrap();
    let pack = wolfpack(&book);
    assert!(pack.contains(&"Wolf".to_owned()), "{pack:?}");
    let folder = tempfile::tempdir().unwrap();
    let seed = from_env("WWR_PLAYALL_SEED", 1015);
    let mut dice = Dice::new(seed);
    let mut texts = Vec::new();
    for i in 0..from_env("WWR_PLAYALL_GAMES", RANDOM_SETUPS as u64) {
        let text = random_setup(&mut dice, &lib, &pack);
        std::fs::write(folder.path().join(format!("random-{i}.toml")), &text).unwrap();
        texts.push(text);
    }
    let mut run = Run::new(folder.path(), seed).await;
    run.phase_cap = from_env("WWR_PLAYALL_PHASES", run.phase_cap as u64) as usize;
    let mut lines = Vec::new();
    let mut dealt = 0;
    for (i, text) in texts.iter().enumerate() {
        let name = format!("random-{i}.toml");
        let played = run.play(&format!("random-{i}"), &name).await;
        lines.push(summary(&name, &played));
        if played.not_dealt.is_some() || !run.failures.is_empty() {
            lines.push(text.clone());
        } else {
            dealt += 1;
        }
    }
    // A setup the engine refuses to deal is reported, not failed; but a run that dealt none
    // played nothing.
    assert!(
        dealt > 0,
        "no random setup was dealt:\n{}",
        lines.join("\n")
    );
    report(&run, &lines);
}

/// A choice whose option takes a target the prompt does not name: the Pyromancer's sheet
/// (`other/pyro/pyromancer`) has `Immediate Night: `Pyromancer` Choice Choose @Chosen` and
/// `Choice `Powder` Chosen: … Apply `Powdered` to @Selection`. Dov's N1 form offers a target
/// with the options, and Powder on Ada is taken. (The form had no target field, so the
/// engine refused every Powder: "the `Powder` option of the `Pyromancer` choice needs
/// `@Selection = <target>`".)
#[tokio::test]
async fn a_choice_option_that_takes_a_target_is_answered_from_the_page() {
    let folder = tempfile::tempdir().unwrap();
    copy_setups(folder.path());
    let mut run = Run::new(folder.path(), 3).await;
    let seats = run.create("pyro", "cult-flute-pyro.toml").await.unwrap();
    let dov = seats.iter().find(|(n, _)| n == "Dov").unwrap().1.clone();
    assert!(run.next_phase("pyro").await, "D0 ends");
    let page = run.page(&dov).await;
    let mut dice = Dice::new(0);
    let form = fill_forms(&page, &mut dice)
        .into_iter()
        .find(|f| f.get("trigger") == Some("Immediate Night") && f.get("chosen").is_some())
        .unwrap_or_else(|| panic!("the Pyromancer's choice: {page}"));
    assert!(form.get("selection").is_some(), "a target field: {page}");
    let fields = form
        .fields
        .iter()
        .map(|(k, v)| match k.as_str() {
            "chosen" => (k.clone(), "Powder".to_owned()),
            "selection" => (k.clone(), "Ada".to_owned()),
            _ => (k.clone(), v.clone()),
        })
        .collect();
    let powder = Form {
        action: form.action.clone(),
        fields,
    };
    run.post("pyro Dov", &dov, "Dov", &powder).await;
    let page = run.page(&dov).await;
    assert_eq!(refusal(&page), None, "{page}");
    assert!(run.failures.is_empty(), "{:?}", run.failures);
}
