//! The saved game: one serde value holding everything that changes during a game.

use std::collections::BTreeMap;

use mafia_roles::ability::Value;
use serde::{Deserialize, Serialize};

use crate::library::Unsupported;
use crate::rng::RngState;
use crate::setup::Setup;

mod choices;
pub use choices::{CandidateEffect, CandidateManipulation, Choice};

/// Day or night.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PhaseKind {
    Day,
    Night,
}

/// A phase: `D0`, `N1`, `D1`, `N2`, … (ordered in time: N1 < D1 < N2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Phase {
    pub kind: PhaseKind,
    pub number: u32,
}

impl Phase {
    pub const START: Phase = Phase {
        kind: PhaseKind::Day,
        number: 0,
    };

    /// The phase after this one: Day n → Night n+1 → Day n+1.
    pub fn next(self) -> Phase {
        match self.kind {
            PhaseKind::Day => Phase {
                kind: PhaseKind::Night,
                number: self.number + 1,
            },
            PhaseKind::Night => Phase {
                kind: PhaseKind::Day,
                number: self.number,
            },
        }
    }

    /// Phases since the start: D0 = 0, N1 = 1, D1 = 2, N2 = 3…
    pub fn index(self) -> u32 {
        match self.kind {
            PhaseKind::Day => self.number * 2,
            PhaseKind::Night => (self.number * 2).saturating_sub(1),
        }
    }
}

impl PartialOrd for Phase {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Phase {
    /// In time order (a derived order would put every day before every night).
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index().cmp(&other.index())
    }
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let k = match self.kind {
            PhaseKind::Day => 'D',
            PhaseKind::Night => 'N',
        };
        write!(f, "{k}{}", self.number)
    }
}

/// A value an ability works with at run time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Val {
    /// Player indices (into [`GameState::players`]).
    Players(Vec<usize>),
    Text(String),
    Num(i64),
    Attr(u64),
    Teams(Vec<String>),
    Group(String),
    Nothing,
}

impl Val {
    pub fn players(&self) -> Vec<usize> {
        match self {
            Val::Players(p) => p.clone(),
            _ => Vec::new(),
        }
    }
}

/// One player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub role: String,
    pub alive: bool,
    /// The team the player belongs to (a team definition name, e.g. `Werewolf`).
    pub alignment: String,
    pub original_role: String,
    pub original_alignment: String,
    pub target: Option<Val>,
    pub counter: i64,
}

/// Who holds an attribute.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Holder {
    Player(usize),
    Team(String),
    Group(String),
    Attr(u64),
}

/// How long an attribute lasts (the guide's duration types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dur {
    Permanent,
    Persistent,
    Phase,
    NextDay,
    NextNight,
    UntilUse,
    UntilSecondUse,
    Attribute,
    UntilUseAttribute,
    DelayedPhase,
}

impl Dur {
    pub fn parse(name: &str) -> Option<Dur> {
        Some(
            match name.trim_start_matches('~').to_ascii_lowercase().as_str() {
                "permanent" => Dur::Permanent,
                "persistent" => Dur::Persistent,
                "phase" => Dur::Phase,
                "nextday" => Dur::NextDay,
                "nextnight" => Dur::NextNight,
                "untiluse" => Dur::UntilUse,
                "untilseconduse" => Dur::UntilSecondUse,
                "attribute" => Dur::Attribute,
                "untiluseattribute" => Dur::UntilUseAttribute,
                "delayedphase" => Dur::DelayedPhase,
                _ => return None,
            },
        )
    }
}

/// The five defense kinds, in the order they block killings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DefenseKind {
    Absence,
    Active,
    Passive,
    Partial,
    Recruitment,
}

impl DefenseKind {
    pub const ORDER: [DefenseKind; 5] = [
        DefenseKind::Absence,
        DefenseKind::Active,
        DefenseKind::Passive,
        DefenseKind::Partial,
        DefenseKind::Recruitment,
    ];
    pub fn name(self) -> &'static str {
        match self {
            DefenseKind::Absence => "Absence",
            DefenseKind::Active => "Active",
            DefenseKind::Passive => "Passive",
            DefenseKind::Partial => "Partial",
            DefenseKind::Recruitment => "Recruitment",
        }
    }
}

/// What an attribute is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AttrKind {
    Custom {
        name: String,
    },
    Disguise {
        role: String,
        strong: bool,
    },
    Defense {
        kind: DefenseKind,
        /// `Attacks`, `Kills`, `Lynches`, `Attacks & Lynches`, `All`.
        from: String,
        by: Option<Value>,
        during: Option<PhaseKind>,
        /// For absences at a player's house: that player.
        at: Option<usize>,
    },
    Manipulation {
        subtype: String,
        relative: bool,
        value: i64,
    },
    GroupMembership {
        group: String,
        membership: String,
    },
    Obstruction {
        /// (negated, ability type or subtype name); `None` obstructs everything.
        filter: Option<(bool, String)>,
        feedback: Option<String>,
    },
    /// An extra role (granted).
    Role {
        role: String,
    },
    Redirection {
        subtype: String,
        source: Option<Value>,
        target: Value,
    },
    /// A whispering connection (guide, Whispering attributes): members of `from` may write
    /// into `to`, shown as `name`.
    Whisper {
        name: String,
        from: ChanRef,
        to: ChanRef,
    },
}

/// One attribute instance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attr {
    pub id: u64,
    pub holder: Holder,
    pub kind: AttrKind,
    pub source_player: Option<usize>,
    pub source_role: Option<String>,
    pub duration: Dur,
    pub set_in: Phase,
    pub uses: u32,
    pub values: Vec<String>,
    pub counter: i64,
    /// The attribute this one was applied from (`~Attribute` durations).
    pub parent: Option<u64>,
    /// Part of the role (role attributes), lost with it.
    pub from_role: bool,
    /// A custom attribute's own target (`Starting: Target @ThisAttr->Source` in the Raven),
    /// so it does not overwrite the holder's.
    #[serde(default)]
    pub target: Option<Val>,
}

/// Where an ability is defined and who runs it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Source {
    Role(String),
    /// An attribute instance (custom attribute or extra role): its abilities.
    Attr(u64),
    Group(String),
    Team(String),
    Poll(String),
}

/// An ability: the element it belongs to and its index there.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AbilityRef {
    pub source: Source,
    pub index: usize,
}

/// An action chosen by a player that runs later (end-of-phase, start-of-phase).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub player: usize,
    pub ability: AbilityRef,
    pub selection: Option<Val>,
    pub secondary: Option<Val>,
    pub phase: Phase,
}

/// One use of an ability (for quantity, scaling and succession restrictions).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Use {
    pub player: Option<usize>,
    pub ability: AbilityRef,
    pub phase: Phase,
    pub target: Option<usize>,
}

/// A poll option.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Opt {
    Player(usize),
    Text(String),
}

/// An open or closed poll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Poll {
    pub id: u64,
    /// The poll definition (`Lynch`, `Wolfpack`…).
    pub def: String,
    /// The name shown (`Mayor Election`), defaults to the definition's.
    pub name: String,
    /// The channel it was created in (`voting booth`, `wolfpack`).
    pub location: String,
    /// Whether the channel is a group's (private voting power applies).
    pub private: bool,
    pub creator: Source,
    /// The player whose ability created it, if any.
    pub creator_player: Option<usize>,
    pub options: Vec<Opt>,
    pub voters: Vec<usize>,
    pub votes: BTreeMap<usize, Opt>,
    pub opened: Phase,
    pub open: bool,
    /// The result once closed (`None`: no winner).
    pub winner: Option<Opt>,
}

/// Who a message is for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    /// Only in the host's log.
    Host,
    /// Everybody (story time).
    Public,
    Player(usize),
    /// A channel or group (`wolfpack`, `voting booth`).
    Channel(String),
}

/// One entry of the event log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub phase: Phase,
    pub to: Audience,
    pub text: String,
}

/// A display message (`Display 'Potions' (yes, yes)`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Display {
    pub player: Option<usize>,
    pub name: String,
    pub values: Vec<String>,
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Winning teams; empty for a draw.
    pub winners: Vec<String>,
    pub phase: Phase,
}

/// Counter and target of a group or team.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ElementState {
    pub counter: i64,
    pub target: Option<Val>,
    /// A group's `Starting` abilities have run (when it entered play).
    #[serde(default)]
    pub started: bool,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// Format version of this file.
    pub format: u32,
    pub setup: Setup,
    pub phase: Phase,
    pub players: Vec<Player>,
    pub attrs: Vec<Attr>,
    pub next_id: u64,
    pub groups: BTreeMap<String, ElementState>,
    pub teams: BTreeMap<String, ElementState>,
    pub poll_targets: BTreeMap<String, Val>,
    pub polls: Vec<Poll>,
    /// Poll definitions whose next (or current) result is cancelled / which are deleted.
    pub cancelled_polls: Vec<String>,
    pub deleted_polls: Vec<String>,
    pub pending: Vec<Pending>,
    pub uses: Vec<Use>,
    pub displays: Vec<Display>,
    pub log: Vec<Event>,
    pub rng: RngState,
    pub outcome: Option<Outcome>,
    /// What the role set in play cannot execute (found at `new`).
    pub unsupported: Vec<Unsupported>,
    /// Players who left the game early through `Ascend` / `Descend`.
    #[serde(default)]
    pub ascension: Ascension,
    /// Groups that were disbanded (explicitly or for lack of members).
    #[serde(default)]
    pub disbanded: Vec<Disbanded>,
    /// Choices, open and answered (guide, "Choices").
    #[serde(default)]
    pub choices: Vec<Choice>,
    /// Poll definitions (normalized) to duplicate the next time they are created
    /// (`Add '<Poll>' Poll`).
    #[serde(default)]
    pub added_polls: Vec<String>,
    /// Candidate manipulations (`Manipulate '<Poll>' Poll (<Target> is …)`).
    #[serde(default)]
    pub candidate_manipulations: Vec<CandidateManipulation>,
    /// Locked channels and the conversations written in channels.
    #[serde(default)]
    pub channels: Channels,
    /// Haunting mode: dead players who still play as ghosts (not banished), by seat.
    #[serde(default)]
    pub ghosts: Vec<usize>,
    /// Attributes applied `(~DelayedPhase)`, waiting for the start of the next phase.
    #[serde(default)]
    pub delayed: Vec<Attr>,
}

/// Who ascended (left early with a win) and who descended (left early with a loss).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Ascension {
    pub ascended: Vec<usize>,
    pub descended: Vec<usize>,
}

/// A disbanded group: its abilities no longer run and its channel is locked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Disbanded {
    /// The group key (normalised name, as in [`GameState::groups`]).
    pub group: String,
    pub phase: Phase,
    /// Disbanded for lack of members: a new member reopens it.
    pub reopenable: bool,
}

/// A channel: a player's own secret channel, or a named one (a group, an extra role, a
/// location such as `tavern`; the name normalised as by `library::norm`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ChanRef {
    Player(usize),
    Named(String),
}

/// One message written by a player in a channel (`say` or `whisper` act lines).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub phase: Phase,
    pub channel: ChanRef,
    /// The name shown: the writer, or the whispering connection's name (`Bartender`).
    pub from: String,
    pub author: usize,
    pub text: String,
}

/// Channel state: which channels are locked, and the conversations since their last reset.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Channels {
    /// Normalised names of locked channels (`Lock #Tavern`).
    pub locked: Vec<String>,
    pub messages: Vec<Message>,
    /// The length of the event log when each named channel was last reset: its earlier
    /// lines are no longer shown to its readers.
    #[serde(default)]
    pub reset_at: BTreeMap<String, usize>,
}
