//! The chat adapter seam (issue 15, point 2): the demo game `demo/wwr/five.toml` played to a
//! win through a `Table` and the in-memory adapter only: players read their rooms, prompts
//! and polls from what the adapter was sent, and answer with inputs; the host ends phases
//! with `EndPhase`. The moves are those of the README walkthrough (its D0 line, then `demo/wwr/five.script`).

mod common;

use std::path::PathBuf;

use common::lib;
use mafia_wwr::Setup;
use mafia_wwr::chat::{Input, Memory, Room, Table};

fn five() -> Setup {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../demo/wwr/five.toml"
    ));
    Setup::load(&path).expect("the demo setup")
}

fn player(name: &str) -> Room {
    Room::Player(name.into())
}

/// `player` answers their prompt of `trigger` with a selection.
fn select(player: &str, trigger: &str, target: &str) -> Input {
    Input::Use {
        player: player.into(),
        trigger: trigger.into(),
        key: None,
        selection: Some(target.into()),
        secondary: None,
        chosen: None,
    }
}

fn vote(player: &str, poll: &str, choice: &str) -> Input {
    Input::Vote {
        player: player.into(),
        poll: poll.into(),
        choice: Some(choice.into()),
    }
}

/// Sends the inputs and lets the table take them.
fn play(table: &mut Table<Memory>, inputs: Vec<Input>) {
    for i in inputs {
        table.adapter_mut().send(i);
    }
    table.pump();
}

fn has(lines: &[String], text: &str) -> bool {
    lines.iter().any(|l| l.contains(text))
}

#[test]
fn the_demo_game_is_played_to_a_town_win_through_the_adapter() {
    let mut table = Table::start(five(), lib(), 7, Memory::default()).expect("the game starts");
    let chat = table.adapter();
    assert_eq!(chat.phases, ["D0"]);
    assert!(has(&chat.texts(&player("Eve")), "Your role is Wolf."));
    assert!(
        !has(&chat.texts(&player("Alice")), "Wolf"),
        "{:?}",
        chat.rooms
    );
    assert_eq!(chat.public.living.len(), 5);

    // D0: the Huntress is prompted for her target and aims at Eve.
    let carol = &chat.waiting["Carol"];
    assert!(
        carol.prompts.iter().any(|p| p.trigger == "Immediate"),
        "{carol:?}"
    );
    play(&mut table, vec![select("Carol", "Immediate", "Eve")]);
    assert!(has(
        &table.adapter().texts(&player("Carol")),
        "Your target is now Eve."
    ));

    // A night ability by day is refused, with the reason, to its sender.
    play(&mut table, vec![select("Alice", "Immediate Night", "Eve")]);
    let (input, reason) = table.adapter().refused.last().expect("a refusal");
    assert_eq!(input.player(), Some("Alice"));
    assert!(reason.contains("can only be used at night"), "{reason}");

    // The host ends D0.
    play(&mut table, vec![Input::EndPhase]);
    let chat = table.adapter();
    assert_eq!(chat.phases, ["D0", "N1"]);
    assert!(has(&chat.texts(&Room::Public), "N1 begins."));

    // N1: the wolf sees the Wolfpack poll with Dave among its options; nobody else does.
    let wolfpack = chat.waiting["Eve"]
        .polls
        .iter()
        .find(|p| p.name == "Wolfpack")
        .expect("Eve may vote in the Wolfpack poll");
    assert!(wolfpack.options.iter().any(|o| o == "Dave"), "{wolfpack:?}");
    let room = Room::Channel(wolfpack.channel.clone());
    assert!(chat.reads("Eve", &room), "{:?}", chat.access);
    assert!(!chat.reads("Alice", &room), "{:?}", chat.access);
    assert!(
        !chat.waiting["Alice"]
            .polls
            .iter()
            .any(|p| p.name == "Wolfpack")
    );

    // The Fortune Teller checks Eve, the wolf talks in the pack's channel and attacks Dave,
    // the Witch saves Dave.
    play(
        &mut table,
        vec![
            select("Alice", "Immediate Night", "Eve"),
            Input::Say {
                player: "Eve".into(),
                channel: room_name(&room),
                text: "Dave tonight <b>".into(),
            },
            select("Bob", "Immediate Night", "Dave"),
            vote("Eve", "Wolfpack", "Dave"),
        ],
    );
    let chat = table.adapter();
    assert!(chat.refused.len() == 1, "{:?}", chat.refused);
    assert!(has(&chat.texts(&player("Alice")), "Role Investigate Eve"));
    assert!(has(&chat.texts(&player("Alice")), "Wolf"));
    let pack = chat.texts(&room);
    assert!(has(&pack, "Eve: Dave tonight <b>"), "{pack:?}");
    assert!(
        has(&pack, "Eve votes Dave on the Wolfpack poll."),
        "{pack:?}"
    );
    assert!(!has(&chat.texts(&Room::Public), "Dave tonight"));

    play(&mut table, vec![Input::EndPhase]);
    let chat = table.adapter();
    assert_eq!(chat.phases, ["D0", "N1", "D1"]);
    assert!(
        chat.public.living.contains(&"Dave".to_string()),
        "the Witch saved Dave"
    );

    // D1: the town lynches Eve; the public sees the Lynch tally as it grows.
    play(
        &mut table,
        vec![vote("Alice", "Lynch", "Eve"), vote("Bob", "Lynch", "Eve")],
    );
    let lynch = table
        .adapter()
        .public
        .polls
        .iter()
        .find(|p| p.name == "Lynch")
        .expect("the Lynch poll is public")
        .clone();
    assert_eq!(
        lynch.votes,
        [("Alice".into(), "Eve".into()), ("Bob".into(), "Eve".into())]
    );
    play(
        &mut table,
        vec![
            vote("Dave", "Lynch", "Eve"),
            vote("Eve", "Lynch", "Alice"),
            Input::EndPhase,
        ],
    );
    let chat = table.adapter();
    assert_eq!(
        chat.winners.as_deref(),
        Some(&["Townsfolk".to_string()][..])
    );
    assert!(has(&chat.texts(&Room::Public), "Winner: Townsfolk"));
    assert!(
        chat.public
            .dead
            .iter()
            .any(|d| d.name == "Eve" && d.role == "Wolf"),
        "{:?}",
        chat.public
    );
    assert!(
        chat.waiting
            .values()
            .all(|w| w.prompts.is_empty() && w.polls.is_empty())
    );

    // After the end, inputs are refused.
    play(&mut table, vec![Input::EndPhase]);
    let (_, reason) = table.adapter().refused.last().unwrap();
    assert_eq!(reason, "the game is over");
}

fn room_name(room: &Room) -> String {
    match room {
        Room::Channel(n) => n.clone(),
        other => panic!("not a channel: {other:?}"),
    }
}

/// A table resumed from the saved game (a service restarted mid-phase) sends a new adapter
/// the same rooms, prompts, polls, access and public state as the first one holds.
#[test]
fn a_resumed_table_tells_a_new_chat_everything_the_old_one_knows() {
    let mut table = Table::start(five(), lib(), 7, Memory::default()).unwrap();
    play(
        &mut table,
        vec![select("Carol", "Immediate", "Eve"), Input::EndPhase],
    );
    play(
        &mut table,
        vec![
            select("Alice", "Immediate Night", "Eve"),
            vote("Eve", "Wolfpack", "Dave"),
        ],
    );
    let (game, before) = table.into_parts();
    let saved = mafia_wwr::save::to_text(&game.state).unwrap();
    let game = mafia_wwr::save::load(&saved).unwrap();
    let after = Table::resume(game, Memory::default());
    let after = after.adapter();
    assert_eq!(after.rooms, before.rooms);
    assert_eq!(after.waiting, before.waiting);
    assert_eq!(after.access, before.access);
    assert_eq!(after.public, before.public);
    assert_eq!(after.phases, ["N1"]);
}

/// The players `player`'s prompt with this key offers, as the adapter was last sent them.
fn offered(table: &Table<Memory>, player: &str, key: &str) -> Option<Vec<String>> {
    table.adapter().waiting[player]
        .prompts
        .iter()
        .find(|p| p.key.as_deref() == Some(key))
        .and_then(|p| p.selection.clone())
}

#[test]
fn a_prompt_offers_exactly_the_legal_targets_and_a_death_resends_it() {
    let mut table = Table::start(five(), lib(), 7, Memory::default()).expect("the game starts");
    // D0: the Witch's protection (`Immediate Night: … Protect @Selection`) is a night
    // ability: nothing to offer by day.
    assert_eq!(offered(&table, "Bob", "witch.pol"), None);
    play(&mut table, vec![Input::EndPhase]);
    // N1: any living player may be protected, the Witch herself included.
    let everyone = ["Alice", "Bob", "Carol", "Dave", "Eve"];
    assert_eq!(offered(&table, "Bob", "witch.pol").unwrap(), everyone);
    let prompt = table.adapter().waiting["Bob"]
        .prompts
        .iter()
        .find(|p| p.key.as_deref() == Some("witch.pol"))
        .unwrap()
        .clone();
    assert_eq!(
        (prompt.trigger.as_str(), prompt.secondary, prompt.chosen),
        ("Immediate Night", None, None)
    );
    // The wolf kills Dave; nobody is lynched on D1.
    play(
        &mut table,
        vec![
            vote("Eve", "Wolfpack", "Dave"),
            Input::EndPhase,
            Input::EndPhase,
        ],
    );
    assert_eq!(table.adapter().phases.last().unwrap(), "N2");
    assert!(!table.adapter().public.living.contains(&"Dave".to_string()));
    // N2: the snapshot was sent again without the dead.
    assert_eq!(
        offered(&table, "Bob", "witch.pol").unwrap(),
        ["Alice", "Bob", "Carol", "Eve"]
    );
}

fn say(player: &str, channel: &str, text: &str) -> Input {
    Input::Say {
        player: player.into(),
        channel: channel.into(),
        text: text.into(),
    }
}

/// A `Conversation Reset` empties a channel in the engine (the Corrupt Wolf's sheet,
/// `werewolves/power/corrupt wolf`: `Passive Start Night: Conversation Reset `Corrupted``):
/// the table goes on sending every other room's new messages, and the reset channel's new
/// ones. (Found by the server's random page-driven games: the table counted messages by
/// their place in the engine's list, which a reset shortens, and panicked.)
#[test]
fn messages_after_a_conversation_reset_still_reach_the_chat() {
    let mut table = corrupt_wolf_game();
    play(&mut table, vec![Input::EndPhase]);
    // N1: Bob corrupts Alice, who now reads the `Corrupted` channel.
    let corrupt = Input::Use {
        player: "Bob".into(),
        trigger: "Immediate Night".into(),
        key: None,
        selection: Some("Alice".into()),
        secondary: Some("1".into()),
        chosen: None,
    };
    play(&mut table, vec![corrupt]);
    let corrupted = table
        .adapter()
        .access
        .iter()
        .find(|a| a.title.contains("Corrupted"))
        .map(|a| room_name(&a.room))
        .expect("the Corrupted channel");
    assert!(
        table
            .adapter()
            .reads("Alice", &Room::Channel(corrupted.clone()))
    );
    let pack = table
        .adapter()
        .access
        .iter()
        .find(|a| a.title.contains("Wolfpack"))
        .map(|a| room_name(&a.room))
        .expect("the pack's channel");
    play(
        &mut table,
        vec![
            say("Eve", &pack, "pack one"),
            say("Alice", &corrupted, "who is there?"),
            say("Alice", &corrupted, "hello?"),
        ],
    );
    // D1, then N2: its start resets `Corrupted`, taking Alice's two messages out.
    play(&mut table, vec![Input::EndPhase, Input::EndPhase]);
    assert_eq!(table.adapter().phases, ["D0", "N1", "D1", "N2"]);
    play(&mut table, vec![say("Eve", &pack, "pack two")]);
    let lines = table.adapter().texts(&Room::Channel(pack));
    assert!(
        has(&lines, "pack one") && has(&lines, "pack two"),
        "{lines:?}"
    );
}

/// The channel whose title names `title`, from the access list the adapter was sent.
fn channel_titled(table: &Table<Memory>, title: &str) -> Room {
    table
        .adapter()
        .access
        .iter()
        .find(|a| a.title.contains(title))
        .map(|a| a.room.clone())
        .unwrap_or_else(|| panic!("a channel titled {title}"))
}

/// Bob the Corrupt Wolf corrupts `target` with one vote (`|corrupt_wolf.1|`).
fn corrupt(target: &str) -> Input {
    Input::Use {
        player: "Bob".into(),
        trigger: "Immediate Night".into(),
        key: None,
        selection: Some(target.into()),
        secondary: Some("1".into()),
        chosen: None,
    }
}

/// The Corrupt Wolf's sheet (`werewolves/power/corrupt wolf`) resets `Corrupted` when he
/// corrupts someone (`Immediate Night: … • Conversation Reset `Corrupted` • Grant
/// `Corrupted` to @Selection • … • Whisper to `Corrupted` as `Corrupt Wolf``) and at the
/// start of every night (`Passive Start Night: Conversation Reset `Corrupted``): the chat
/// is told to clear the room (`Output::Cleared`), so after the reset night the channel
/// holds only the lines written since, as the engine's own views show it.
#[test]
fn a_conversation_reset_clears_the_channels_room() {
    let mut table = corrupt_wolf_game();
    play(&mut table, vec![Input::EndPhase]);
    // N1: Bob corrupts Alice, who now reads and writes `Corrupted`; Bob whispers in it.
    play(&mut table, vec![corrupt("Alice")]);
    let corrupted = channel_titled(&table, "Corrupted");
    let Room::Channel(name) = corrupted.clone() else {
        panic!("a named channel: {corrupted:?}");
    };
    play(
        &mut table,
        vec![
            say("Alice", &name, "who is there?"),
            whisper("Bob", "Corrupt Wolf", "a friend"),
        ],
    );
    assert_eq!(
        table.adapter().texts(&corrupted),
        ["Alice: who is there?", "Corrupt Wolf: a friend"]
    );
    // D1, then N2: its start resets `Corrupted`: the room is empty.
    play(&mut table, vec![Input::EndPhase, Input::EndPhase]);
    assert_eq!(table.adapter().phases, ["D0", "N1", "D1", "N2"]);
    assert_eq!(table.adapter().texts(&corrupted), Vec::<String>::new());
    // N2: Bob corrupts Carol; the channel holds only what is written now.
    play(
        &mut table,
        vec![
            corrupt("Carol"),
            say("Carol", &name, "hello?"),
            whisper("Bob", "Corrupt Wolf", "vote with me"),
        ],
    );
    assert_eq!(table.adapter().refused, []);
    assert_eq!(
        table.adapter().texts(&corrupted),
        ["Carol: hello?", "Corrupt Wolf: vote with me"]
    );
    // A table resumed from the saved game shows the channel the same way.
    let game = table.game().clone();
    let resumed = Table::resume(game, Memory::default());
    assert_eq!(
        resumed.adapter().texts(&corrupted),
        ["Carol: hello?", "Corrupt Wolf: vote with me"]
    );
}

fn whisper(player: &str, connection: &str, text: &str) -> Input {
    Input::Whisper {
        player: player.into(),
        connection: connection.into(),
        text: text.into(),
    }
}

/// Alice, Carol and Dave are Citizens, Bob the Corrupt Wolf and Eve a Wolf, at D0.
fn corrupt_wolf_game() -> Table<Memory> {
    let players = [
        ("Alice", "Citizen"),
        ("Bob", "Corrupt Wolf"),
        ("Carol", "Citizen"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ];
    let setup = Setup::with_roles(common::roles_dir(), &players);
    Table::start(setup, lib(), 7, Memory::default()).unwrap()
}
