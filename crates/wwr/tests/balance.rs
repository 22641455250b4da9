//! The balance report (issue 15, point 3): the Wilson interval worked out by hand, setups
//! whose outcome is known before a move is made, the same seed giving the same report on
//! any number of threads, and the JSON the issue fixes.

mod common;

use std::path::PathBuf;

use common::{lib, roles_dir};
use mafia_wwr::Setup;
use mafia_wwr::balance::{self, Balance, BalanceError, GameResult, Options, Report, Tally, wilson};

fn close(got: [f64; 2], want: [f64; 2]) {
    assert!(
        (got[0] - want[0]).abs() < 1e-5 && (got[1] - want[1]).abs() < 1e-5,
        "got {got:?}, want {want:?}"
    );
}

/// Wilson's 95 % interval, `(p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)` with
/// z = 1.96, z² = 3.8416, worked out by hand:
///
/// - 0/10: z²/n = 0.38416, 1 + z²/n = 1.38416. With p = 0 the centre and the half width are
///   both (z²/2n)/1.38416 = 0.19208/1.38416, so lo = 0 and hi = 0.38416/1.38416 = 0.277540.
/// - 10/10: the mirror image (p = 1): lo = 1 − 0.277540 = 0.722460, hi = 1.
/// - 5/10: centre = (0.5 + 0.19208)/1.38416 = 0.5; half = 1.96·√(0.025 + 0.009604)/1.38416
///   = 1.96·0.186022/1.38416 = 0.364603/1.38416 = 0.263410: [0.236590, 0.763410].
/// - 200/400: z²/n = 0.009604; centre 0.5; half = 1.96·√(0.000625 + 0.0000060025)/1.009604
///   = 1.96·0.0251198/1.009604 = 0.0492348/1.009604 = 0.048766: [0.451234, 0.548766].
/// - 400/400: lo = 1 − z²/n/(1 + z²/n) = 1 − 0.009604/1.009604 = 0.990487, hi = 1.
#[test]
fn the_wilson_interval_matches_the_hand_worked_values() {
    close(wilson(0, 10), [0.0, 0.277540]);
    close(wilson(10, 10), [0.722460, 1.0]);
    close(wilson(5, 10), [0.236590, 0.763410]);
    close(wilson(200, 400), [0.451234, 0.548766]);
    close(wilson(400, 400), [0.990487, 1.0]);
    // The ends are exact, never a rounding error below 0 or above 1.
    assert_eq!(wilson(0, 10)[0], 0.0);
    assert_eq!(wilson(10, 10)[1], 1.0);
}

fn run(setup: Setup, games: u64, seed: u64) -> Report {
    let balance = Balance::new(setup, lib()).expect("the setup starts");
    let opts = Options {
        games,
        seed,
        max_phases: 30,
    };
    balance.run(&opts, &|| {}).expect("a run")
}

/// Werewolves team (`_game/teams/Werewolf`): "wins when only members of the Werewolves Team
/// and unaligned players remain". Two Wolves and a Riding Hood (unaligned) are exactly that
/// before anyone moves: the wolves cannot lose, and the Riding Hood's team (`Unaligned`,
/// with no win condition) never wins.
#[test]
fn a_team_that_cannot_lose_wins_every_game() {
    let setup = Setup::with_roles(
        roles_dir(),
        &[("Wes", "Wolf"), ("Wanda", "Wolf"), ("Red", "Riding Hood")],
    );
    let r = run(setup, 40, 3);
    assert_eq!(r.games, 40);
    let wolves = &r.teams["Werewolf"];
    assert_eq!(wolves.wins, 40);
    assert_eq!(wolves.rate, 1.0);
    // 40/40: lo = 1 − (3.8416/40)/(1 + 3.8416/40) = 1 − 0.09604/1.09604 = 0.912375.
    close(wolves.ci95, [0.912375, 1.0]);
    let unaligned = &r.teams["Unaligned"];
    assert_eq!((unaligned.wins, unaligned.rate), (0, 0.0));
    close(unaligned.ci95, [0.0, 0.087625]);
    assert_eq!(r.teams.len(), 2, "{:?}", r.teams);
    assert_eq!((r.mean_phases, r.unfinished), (0.0, 0));
}

/// Two Riding Hoods: no team with a win condition is in play, so no game has a winner;
/// each ends with both lynched (a draw) or is cut at the phase limit, and is unfinished.
#[test]
fn a_setup_nobody_can_win_leaves_every_game_unfinished() {
    let setup = Setup::with_roles(
        roles_dir(),
        &[("Red", "Riding Hood"), ("Rose", "Riding Hood")],
    );
    let r = run(setup, 20, 5);
    assert_eq!(r.unfinished, 20);
    assert_eq!(r.teams["Unaligned"].wins, 0);
    assert!(r.mean_phases <= 30.0);
    assert_eq!(r.draws + r.cut(), 20);
}

fn five() -> Setup {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../demo/wwr/five.toml"
    ));
    Setup::load(&path).expect("the demo setup")
}

fn on_threads(threads: usize, balance: &Balance, opts: &Options) -> Report {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool")
        .install(|| balance.run(opts, &|| {}).expect("a run"))
}

/// The same seed gives the same report on one thread and on two (games finish in another
/// order there); another seed plays other games.
#[test]
fn the_same_seed_gives_the_same_report_on_any_number_of_threads() {
    let balance = Balance::new(five(), lib()).unwrap();
    let opts = Options {
        games: 60,
        seed: 11,
        max_phases: Options::DEFAULT_MAX_PHASES,
    };
    let one = on_threads(1, &balance, &opts);
    let two = on_threads(2, &balance, &opts);
    assert_eq!(one, two);
    assert_eq!(one.games, 60);
    let wins: u64 = one.teams.values().map(|t| t.wins).sum();
    assert!(wins + one.unfinished >= 60, "{one:?}");
    assert_eq!(
        one.teams.keys().collect::<Vec<_>>(),
        ["Townsfolk", "Werewolf"]
    );
    let other = on_threads(2, &balance, &Options { seed: 12, ..opts });
    assert_ne!(one, other, "another seed plays other games");
}

/// Game i's seeds depend on (S, i) only; in one run no two are equal.
#[test]
fn each_game_has_its_own_seeds() {
    assert_eq!(balance::seeds(11, 7), balance::seeds(11, 7));
    let mut all: Vec<u64> = (0..1000)
        .flat_map(|i| {
            let (g, d) = balance::seeds(11, i);
            [g, d]
        })
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 2000);
}

fn game(winners: &[&str], phases: usize, finished: bool) -> GameResult {
    GameResult {
        winners: winners.iter().map(|t| t.to_string()).collect(),
        teams: vec!["Townsfolk".into(), "Werewolf".into()],
        phases,
        finished,
    }
}

/// Adding games in any order, or merging partial tallies in any grouping, gives one tally.
#[test]
fn the_tally_does_not_depend_on_the_order_games_finish() {
    let games = [
        game(&["Townsfolk"], 3, true),
        game(&["Werewolf"], 4, true),
        game(&[], 6, true),
        game(&[], 30, false),
        game(&["Townsfolk"], 5, true),
    ];
    let mut forward = Tally::default();
    games.iter().for_each(|g| forward.add(g));
    let mut backward = Tally::default();
    games.iter().rev().for_each(|g| backward.add(g));
    let (mut a, mut b) = (Tally::default(), Tally::default());
    games[..2].iter().for_each(|g| a.add(g));
    games[2..].iter().for_each(|g| b.add(g));
    assert_eq!(forward, backward);
    assert_eq!(forward, b.clone().merge(a.clone()));
    assert_eq!(forward, a.merge(b));

    // 5 games, 48 phases: 9.6 on average; a draw and a cut game are both unfinished.
    let r = forward.report();
    assert_eq!((r.games, r.unfinished, r.draws, r.cut()), (5, 2, 1, 1));
    assert_eq!(r.mean_phases, 9.6);
    assert_eq!(
        (r.teams["Townsfolk"].wins, r.teams["Townsfolk"].rate),
        (2, 0.4)
    );
    assert_eq!(
        (r.teams["Werewolf"].wins, r.teams["Werewolf"].rate),
        (1, 0.2)
    );
}

/// The JSON has exactly the issue's keys: games, teams (wins, rate, ci95), mean_phases,
/// unfinished.
#[test]
fn the_json_has_the_issues_keys_only() {
    let mut t = Tally::default();
    t.add(&game(&["Townsfolk"], 3, true));
    t.add(&game(&[], 4, true));
    let json = serde_json::to_value(t.report()).unwrap();
    let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&json), ["games", "mean_phases", "teams", "unfinished"]);
    assert_eq!(keys(&json["teams"]["Townsfolk"]), ["ci95", "rate", "wins"]);
    assert_eq!(json["games"], 2);
    assert_eq!(json["unfinished"], 1);
    assert_eq!(json["mean_phases"], 3.5);
    assert_eq!(json["teams"]["Townsfolk"]["rate"], 0.5);
    assert_eq!(json["teams"]["Werewolf"]["wins"], 0);
}

#[test]
fn a_run_of_no_games_or_no_phases_is_refused() {
    let balance = Balance::new(five(), lib()).unwrap();
    let opts = Options {
        games: 0,
        seed: 1,
        max_phases: 10,
    };
    let e = balance.run(&opts, &|| {}).unwrap_err();
    assert!(matches!(e, BalanceError::NoGames), "{e:?}");
    let e = balance
        .run(
            &Options {
                games: 3,
                max_phases: 0,
                ..opts
            },
            &|| {},
        )
        .unwrap_err();
    assert!(matches!(e, BalanceError::NoPhases), "{e:?}");
}

#[test]
fn a_setup_that_cannot_start_is_refused_before_playing() {
    let setup = Setup::with_roles(roles_dir(), &[("Kit", "Cat"), ("Eve", "Wolf")]);
    let e = Balance::new(setup, lib()).unwrap_err();
    assert!(e.to_string().contains("`Cat` requires `Dog`"), "{e}");
}

/// The text table and the SVG show every team; markup in a team name is escaped.
#[test]
fn the_table_and_the_chart_show_every_team() {
    let mut t = Tally::default();
    t.add(&GameResult {
        winners: vec!["<Wolves & Co>".into()],
        teams: vec!["<Wolves & Co>".into(), "Townsfolk".into()],
        phases: 4,
        finished: true,
    });
    t.add(&game(&[], 10, false));
    let r = t.report();
    let text = balance::text(&r);
    assert!(
        text.starts_with(
            "2 games, 7.0 phases on average, 1 unfinished (0 draws, 1 cut at the phase limit)"
        ),
        "{text}"
    );
    // 1/2: p = 0.5, z²/n = 1.9208, centre 0.5, half = 1.96·√(0.125 + 0.2401)/2.9208
    // = 1.96·0.604235/2.9208 = 0.405474: 9.5 % – 90.5 %.
    assert!(
        text.contains("<Wolves & Co>       1   50.0 %  9.5 % – 90.5 %"),
        "{text}"
    );
    let svg = balance::svg(&r);
    assert!(svg.contains("&lt;Wolves &amp; Co&gt;"), "{svg}");
    assert!(!svg.contains("<Wolves"), "{svg}");
    assert_eq!(svg.matches("<rect").count(), 3, "{svg}");
}
