//! Criterion benchmarks: a realistic 1,000-player night (a common mix, and one drawn from the
//! whole catalogue with player modifiers), and adversarial dense cliques of
//! mutually interacting blockers and bus drivers.
//!
//! cargo bench -p mafia-night --bench night

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mafia_night::{
    Ability, ActionSpec, Catalogue, Method, Modifier, NightSpec, Options, PlayerSpec, Role,
    STANDARD_CATALOGUE, resolve, validate,
};

/// A small deterministic generator (xorshift), so every run benches the same night.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn player(name: String, role: &str) -> PlayerSpec {
    PlayerSpec {
        name,
        role: role.into(),
        alignment: None,
        sanity: Default::default(),
        modifiers: vec![],
        alive: true,
    }
}

/// 1,000 players, each with a role from a realistic mix, each acting once (1,000 actions):
/// mostly investigations and protections, some kills, blocks, jails, and a few bus drivers
/// and redirectors. One mafia member carries the factional kill.
pub fn realistic(players: usize) -> NightSpec {
    let mix: &[(&str, usize)] = &[
        ("Cop", 18),
        ("Doctor", 15),
        ("Tracker", 10),
        ("Watcher", 10),
        ("Vigilante", 8),
        ("Roleblocker", 8),
        ("Jailkeeper", 5),
        ("Bodyguard", 4),
        ("Bus Driver", 3),
        ("Redirector", 2),
        ("Rolestopper", 2),
        ("Hider", 3),
        ("Visitor", 6),
        ("Cult Recruiter", 1),
        ("Strongman", 1),
        ("Mafia Roleblocker", 4),
    ];
    let total: usize = mix.iter().map(|(_, w)| w).sum();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut spec = NightSpec::default();
    for i in 0..players {
        let mut pick = rng.below(total);
        let mut role = "Vanilla";
        for (r, w) in mix {
            if pick < *w {
                role = r;
                break;
            }
            pick -= w;
        }
        spec.players.push(player(format!("P{i}"), role));
    }
    let mut faction_kill = false;
    let cat = Catalogue::standard().expect("standard catalogue");
    for i in 0..players {
        let role = cat.role(&spec.players[i].role).expect("role");
        let other = |rng: &mut Rng| {
            let t = (i + 1 + rng.below(players - 1)) % players;
            format!("P{t}")
        };
        let ability = match role.name.as_str() {
            "Mafia Roleblocker" | "Strongman" if !faction_kill => {
                faction_kill = true;
                Some("factional kill")
            }
            "Strongman" => None,
            "Mafia Roleblocker" => Some("block"),
            _ => role
                .abilities
                .first()
                .filter(|a| !a.passive)
                .map(|a| a.name.as_str()),
        };
        let Some(ability) = ability else { continue };
        let ab = role
            .abilities
            .iter()
            .chain(cat.faction_abilities(&role.alignment))
            .find(|a| a.name == ability)
            .expect("ability");
        let mut targets = Vec::new();
        for _ in 0..ab.targets {
            let mut t = other(&mut rng);
            while targets.contains(&t) {
                t = other(&mut rng);
            }
            targets.push(t);
        }
        spec.actions.push(ActionSpec {
            actor: format!("P{i}"),
            ability: Some(ability.into()),
            targets,
        });
    }
    spec
}

/// `actions` actions (1,000 in the acceptance bench) by players drawn from the whole
/// standard catalogue, one in six with a player modifier, each acting once with one of their
/// night abilities on random players; players without a night action (vanillas, one player in
/// three, and the passive roles) come on top. Seeded: every run benches the same night. The
/// first mafia member to draw the factional kill carries it.
pub fn realistic_catalogue(actions: usize) -> NightSpec {
    let cat = Catalogue::standard().expect("standard catalogue");
    // Modifiers that need nothing else of the night (no night number, no day file).
    let modifiers = [
        Modifier::Vest,
        Modifier::Bulletproof,
        Modifier::StrongWilled,
        Modifier::Ninja,
        Modifier::Ascetic,
        Modifier::Macho,
        Modifier::Strongman,
        Modifier::Loyal,
        Modifier::Disloyal,
        Modifier::Weak,
        Modifier::Public,
        Modifier::Delayed,
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut spec = NightSpec::default();
    let roles: Vec<&Role> = cat
        .roles
        .iter()
        .filter(|r| !r.abilities.iter().any(|a| a.day))
        .collect();
    let vanilla = cat.role("Vanilla").expect("Vanilla");
    let mut faction_kill = false;
    // (actor, ability) of each action; targets are drawn once every player is known.
    let mut chosen: Vec<(usize, &Ability)> = Vec::new();
    while chosen.len() < actions {
        let i = spec.players.len();
        let role = if rng.below(3) == 0 {
            vanilla
        } else {
            roles[rng.below(roles.len())]
        };
        let mut p = player(format!("P{i}"), &role.name);
        if rng.below(6) == 0 {
            p.modifiers.push(modifiers[rng.below(modifiers.len())]);
        }
        spec.players.push(p);
        let mut usable: Vec<&Ability> = role.abilities.iter().filter(|a| !a.passive).collect();
        if !faction_kill {
            for f in cat.faction_abilities(&role.alignment) {
                if !usable.iter().any(|a| a.name == f.name) {
                    usable.push(f);
                }
            }
        }
        usable.retain(|a| !(faction_kill && a.name == "factional kill"));
        if usable.is_empty() {
            continue;
        }
        let ab = usable[rng.below(usable.len())];
        faction_kill |= ab.name == "factional kill";
        chosen.push((i, ab));
    }
    let players = spec.players.len();
    for (i, ab) in chosen {
        let mut targets = Vec::new();
        while !ab.targets_self_only() && targets.len() < ab.targets {
            let t = format!("P{}", (i + 1 + rng.below(players - 1)) % players);
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
        spec.actions.push(ActionSpec {
            actor: format!("P{i}"),
            ability: Some(ab.name.clone()),
            targets,
        });
    }
    spec
}

/// What the actions of a dense clique are.
#[derive(Clone, Copy)]
pub enum Kind {
    /// Every action blocks another clique member.
    Blocks,
    /// One in three swaps two members (a bus driver), the rest block.
    BlocksAndSwaps,
    /// A redirector mix: one in four redirects a member's actions onto another, one in
    /// four swaps two members, the rest block.
    Mix,
}

/// `n` mutually interacting actions among five players who each block (and swap or
/// redirect) one another, every one of whom also investigates: each investigation asks
/// whether a whole web of blocks, swaps and redirections stands.
pub fn clique(n: usize, kind: Kind) -> (NightSpec, Catalogue) {
    let extra = r#"
[[roles]]
name = "Clique"
alignment = "town"
[[roles.abilities]]
name = "block"
per_night = 100
components = [{ type = "visit" }, { type = "block" }]
[[roles.abilities]]
name = "swap"
targets = 2
per_night = 100
components = [{ type = "visit" }, { type = "swap" }]
[[roles.abilities]]
name = "redirect"
targets = 2
per_night = 100
components = [{ type = "visit" }, { type = "redirect" }]
[[roles.abilities]]
name = "investigate"
components = [{ type = "visit" }, { type = "investigate" }]
"#;
    let cat = Catalogue::from_toml(&format!("{STANDARD_CATALOGUE}\n{extra}"), "bench")
        .expect("bench catalogue");
    let m = 5;
    let mut spec = NightSpec::default();
    for i in 0..m {
        spec.players.push(player(format!("C{i}"), "Clique"));
    }
    spec.players.push(player("Target".into(), "Goon"));
    for t in 0..n {
        let actor = t % m;
        let step = 1 + (t / m) % (m - 1);
        let target = (actor + step) % m;
        let two = match kind {
            Kind::Blocks => None,
            Kind::BlocksAndSwaps => (t % 3 == 2).then_some("swap"),
            Kind::Mix => match t % 4 {
                1 => Some("redirect"),
                3 => Some("swap"),
                _ => None,
            },
        };
        if let Some(ability) = two {
            let second = (target + 1) % m;
            let second = if second == actor {
                (second + 1) % m
            } else {
                second
            };
            spec.actions.push(ActionSpec {
                actor: format!("C{actor}"),
                ability: Some(ability.into()),
                targets: vec![format!("C{target}"), format!("C{second}")],
            });
        } else {
            spec.actions.push(ActionSpec {
                actor: format!("C{actor}"),
                ability: Some("block".into()),
                targets: vec![format!("C{target}")],
            });
        }
    }
    for i in 0..m {
        spec.actions.push(ActionSpec {
            actor: format!("C{i}"),
            ability: Some("investigate".into()),
            targets: vec!["Target".into()],
        });
    }
    (spec, cat)
}

/// `n` players of one clique, one action each as a real night has: two in three block a
/// clique member, one in three drives a bus between two clique members; a Tracker follows
/// every member, so every block and swap is asked about.
pub fn clique_players(n: usize) -> NightSpec {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03 ^ n as u64);
    let mut spec = NightSpec::default();
    for i in 0..n {
        let role = if i % 3 == 2 {
            "Bus Driver"
        } else {
            "Roleblocker"
        };
        spec.players.push(player(format!("C{i}"), role));
    }
    for i in 0..n {
        spec.players.push(player(format!("T{i}"), "Tracker"));
    }
    let other = |rng: &mut Rng, me: usize, not: Option<usize>| loop {
        let t = rng.below(n);
        if t != me && Some(t) != not {
            return t;
        }
    };
    for i in 0..n {
        let a = other(&mut rng, i, None);
        let targets = if i % 3 == 2 {
            let b = other(&mut rng, i, Some(a));
            vec![format!("C{a}"), format!("C{b}")]
        } else {
            vec![format!("C{a}")]
        };
        spec.actions.push(ActionSpec {
            actor: format!("C{i}"),
            ability: None,
            targets,
        });
        spec.actions.push(ActionSpec {
            actor: format!("T{i}"),
            ability: None,
            targets: vec![format!("C{i}")],
        });
    }
    spec
}

fn benches(c: &mut Criterion) {
    let cat = Catalogue::standard().expect("standard catalogue");
    let mut g = c.benchmark_group("realistic");
    for players in [250, 500, 1000] {
        let spec = realistic(players);
        let night = validate(&spec, &cat, mafia_night::SelfTargets::RoleDecides).expect("valid");
        g.bench_with_input(BenchmarkId::from_parameter(players), &night, |b, night| {
            b.iter(|| resolve(night, Method::Rar, Options::default()).expect("resolves"))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("realistic-catalogue");
    for actions in [250, 1000] {
        let spec = realistic_catalogue(actions);
        let roles: std::collections::BTreeSet<&str> =
            spec.players.iter().map(|p| p.role.as_str()).collect();
        let modified = spec.players.iter().filter(|p| !p.modifiers.is_empty());
        eprintln!(
            "realistic-catalogue/{actions}: {} players, {} roles, {} with a modifier",
            spec.players.len(),
            roles.len(),
            modified.count()
        );
        let night = validate(&spec, &cat, mafia_night::SelfTargets::RoleDecides).expect("valid");
        g.bench_with_input(BenchmarkId::from_parameter(actions), &night, |b, night| {
            b.iter(|| resolve(night, Method::Rar, Options::default()).expect("resolves"))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("clique-players");
    g.sample_size(10);
    for n in [10, 15, 20] {
        let spec = clique_players(n);
        let night = validate(&spec, &cat, mafia_night::SelfTargets::RoleDecides).expect("valid");
        g.bench_with_input(BenchmarkId::from_parameter(n), &night, |b, night| {
            b.iter(|| resolve(night, Method::Rar, Options::default()).expect("resolves"))
        });
    }
    g.finish();
    // Five players with many actions each: every action interacts with every other.
    for (kind, name) in [
        (Kind::Blocks, "clique-blocks"),
        (Kind::BlocksAndSwaps, "clique-blocks-and-swaps"),
        (Kind::Mix, "clique-mix"),
    ] {
        let mut g = c.benchmark_group(name);
        g.sample_size(10);
        for n in [10, 15, 18, 20] {
            let (spec, cat) = clique(n, kind);
            let night =
                validate(&spec, &cat, mafia_night::SelfTargets::RoleDecides).expect("valid");
            g.bench_with_input(BenchmarkId::from_parameter(n), &night, |b, night| {
                b.iter(|| resolve(night, Method::Rar, Options::default()).expect("resolves"))
            });
        }
        g.finish();
    }
}

criterion_group!(night, benches);
criterion_main!(night);
