//! The typed AST of one ability.
//!
//! Spans: nodes that can be pointed at carry a [`Loc`] (a byte range into the whole file).
//! `Loc`'s `PartialEq` is always true, so `==` on any AST node compares *modulo spans*: this is
//! what the round-trip property `parse(format(ast)) == ast` uses.

/// The AST's words, names and constants: a string held inline up to 24 bytes (nearly every
/// word of a role book), so parsing one allocates nothing for it; it derefs to `&str`.
pub use compact_str::CompactString;
use serde::{Deserialize, Serialize};

use crate::diag::Span;

/// A byte range into the file; equal to every other `Loc` (see the module docs).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Loc {
    pub start: usize,
    pub end: usize,
}

impl PartialEq for Loc {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Loc {
    pub fn new(span: Span) -> Self {
        Loc {
            start: span.start,
            end: span.end,
        }
    }

    pub fn range(&self) -> Span {
        self.start..self.end
    }
}

/// Defines a field-less enum with its canonical spelling, a parser from that spelling
/// (case-insensitive) and the list of all spellings.
macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident => $text:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
        pub enum $name { $($(#[$vm])* $var),+ }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$var),+];
            pub const NAMES: &'static [&'static str] = &[$($text),+];
            /// The canonical spelling.
            pub fn name(self) -> &'static str {
                match self { $($name::$var => $text),+ }
            }
            /// Parses the canonical spelling (ASCII case-insensitive).
            pub fn from_name(s: &str) -> Option<Self> {
                $(if s.eq_ignore_ascii_case($text) { return Some($name::$var); })+
                None
            }
        }
    };
}

// ---------------------------------------------------------------------------------------------
// Values and selectors

named_enum! {
    /// The sigil of a selector: `@` players (and most context values), `&` teams, `^` roles.
    Sigil { Player => "@", Team => "&", Role => "^" }
}

/// One `Key:Value` / `Key:!Value` item of an advanced selector `@(…)`, `&(…)`, `^(…)`.
/// Values use `-` for spaces, as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueryItem {
    pub key: CompactString,
    pub negated: bool,
    pub value: CompactString,
    pub loc: Loc,
}

/// What a value path starts with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Base {
    /// `@Self`, `&Werewolf`, `^All`, `@Result2`.
    Selector { sigil: Sigil, name: CompactString },
    /// `@(Attr:Wolfish,Align:!Townsfolk)` and the team/role forms.
    Query { sigil: Sigil, items: Vec<QueryItem> },
    /// `#Wolfpack`, `#tavern`, `#Grandma's-House`: a group or a location.
    Group(CompactString),
    /// A backtick constant `` `Citizen` `` (the guide's `'Citizen'`), contents verbatim.
    Text(CompactString),
    /// Host information `%Role%`, `%Player1%`, `%A|B%` (without the `%`).
    Host(CompactString),
    /// A variable `$total`, `$living`, `$phase`, `$haunting`… (without the `$`).
    Variable(CompactString),
}

/// One property access `->Name`, `->Attr(Name)`, with an optional type annotation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prop {
    pub name: CompactString,
    pub arg: Option<CompactString>,
    pub annotation: Option<CompactString>,
}

named_enum! {
    /// Rounding applied to a division (`ceil $total/3`).
    Rounding { Ceil => "ceil", Floor => "floor", Round => "round" }
}

/// A value: a selector, a constant, a number, a word, arithmetic or a `+` list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Value {
    /// A base with an optional type annotation (`@Selection[role]`, `` `Townsfolk`[alignment] ``)
    /// and a chain of property accesses (`@Target->Role->Category`).
    Path {
        base: Base,
        annotation: Option<CompactString>,
        props: Vec<Prop>,
        loc: Loc,
    },
    /// A number as written (`3`, `-1`, `0.6`).
    Number { text: CompactString, loc: Loc },
    /// A bare word: `True`, `False`, `Success`, `Failure`, `Townsfolk`…
    Word { text: CompactString, loc: Loc },
    /// `[ceil|floor|round] <value>[/<value>]`.
    Math {
        rounding: Option<Rounding>,
        value: Box<Value>,
        divisor: Option<Box<Value>>,
        loc: Loc,
    },
    /// `` `Baker`+`Butcher` ``: a list of constants.
    Sum { items: Vec<Value>, loc: Loc },
}

// ---------------------------------------------------------------------------------------------
// Conditions

named_enum! {
    /// The operator of a pure condition.
    CompareOp {
        IsNot => "is not",
        IsIn => "is in",
        IsPartOf => "is part of",
        Is => "is",
        Greater => ">",
        Less => "<",
        GreaterEq => "≥",
        LessEq => "≤",
        Equal => "=",
        Has => "has",
    }
}

/// A condition. `or` binds tighter than `and` (see `docs/decisions.md`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Condition {
    Compare {
        lhs: Value,
        op: CompareOp,
        rhs: Value,
        loc: Loc,
    },
    Exists {
        value: Value,
        loc: Loc,
    },
    Not(Box<Condition>),
    And(Vec<Condition>),
    Or(Vec<Condition>),
}

// ---------------------------------------------------------------------------------------------
// Trigger parameters

named_enum! {
    PhaseKind { Day => "Day", Night => "Night" }
}

named_enum! {
    LivingStatus { Alive => "Alive", Ghostly => "Ghostly", Any => "Any" }
}

/// One action restriction inside `[...]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Restriction {
    /// `Temporal: Night 2+`, `Temporal: Day 0`, `Temporal: Night`.
    Temporal {
        phase: PhaseKind,
        number: Option<u32>,
        or_later: bool,
        loc: Loc,
    },
    /// `Attribute: has X`, `Attribute: @Target lacks X`.
    Attribute {
        target: Option<Value>,
        has: bool,
        attribute: Value,
        loc: Loc,
    },
    /// `Succession: No Succession` / `Succession: No Target Succession`.
    Succession { per_target: bool, loc: Loc },
    /// `Quantity: 3`.
    Quantity { value: Value, loc: Loc },
    /// `Condition: <condition>`.
    Condition { condition: Condition, loc: Loc },
    /// `Status: Ghostly|Any|Alive`.
    Status { status: LivingStatus, loc: Loc },
}

/// One action compulsion inside `{...}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Compulsion {
    Forced { default: Option<Value>, loc: Loc },
    Direct { loc: Loc },
    Repeating { loc: Loc },
    Visitless { loc: Loc },
    Vanishing { loc: Loc },
}

/// How many uses one case of a conditional scaling grants: `x2` or a value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ScaleCount {
    Times(u32),
    Value(Value),
}

/// One item of a conditional scaling: `$total<10 ⇒ 1` or a default count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScaleCase {
    pub when: Option<(Value, CompareOp, Value)>,
    pub count: ScaleCount,
}

/// Action scaling inside `⟨...⟩`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Scaling {
    /// `x2`.
    Static { times: u32, loc: Loc },
    /// A value that evaluates to a number: `$total/2`, `@All->Count`.
    Value { value: Value, loc: Loc },
    /// A comma separated list of conditional counts and defaults.
    Cases { cases: Vec<ScaleCase>, loc: Loc },
    /// `Odd: x1, Even: x2` (either part may be missing).
    Phase {
        odd: Option<Box<Scaling>>,
        even: Option<Box<Scaling>>,
        loc: Loc,
    },
}

/// A prompt overwrite `|key|` or `|silent:key|`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prompt {
    pub silent: bool,
    pub key: CompactString,
    pub loc: Loc,
}

/// Restrictions, compulsion, scaling and prompt overwrite attached to a trigger or a step.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Params {
    pub restrictions: Vec<Restriction>,
    pub compulsion: Vec<Compulsion>,
    /// Boxed: rare, and large beside the rest (every step and ability holds a `Params`).
    pub scaling: Option<Box<Scaling>>,
    pub prompt: Option<Prompt>,
}

impl Params {
    pub fn is_empty(&self) -> bool {
        self.restrictions.is_empty()
            && self.compulsion.is_empty()
            && self.scaling.is_none()
            && self.prompt.is_none()
    }

    pub(crate) fn merge(&mut self, other: Params) {
        // Usually one side is empty: the other's vectors are taken whole, not copied.
        if self.restrictions.is_empty() {
            self.restrictions = other.restrictions;
        } else {
            self.restrictions.extend(other.restrictions);
        }
        if self.compulsion.is_empty() {
            self.compulsion = other.compulsion;
        } else {
            self.compulsion.extend(other.compulsion);
        }
        if other.scaling.is_some() {
            self.scaling = other.scaling;
        }
        if other.prompt.is_some() {
            self.prompt = other.prompt;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Triggers

named_enum! {
    /// Triggers that take no parameter.
    Timing {
        StartNight => "Start Night",
        EndNight => "End Night",
        StartDay => "Start Day",
        EndDay => "End Day",
        ImmediateNight => "Immediate Night",
        ImmediateDay => "Immediate Day",
        EndPhase => "End Phase",
        StartPhase => "Start Phase",
        Immediate => "Immediate",
        PreEndNight => "Pre-End Night",
        PreEndDay => "Pre-End Day",
        SecondPreEndNight => "Second Pre-End Night",
        ThirdPreEndNight => "Third Pre-End Night",
        FourthPreEndNight => "Fourth Pre-End Night",
        SecondPreEndDay => "Second Pre-End Day",
        ThirdPreEndDay => "Third Pre-End Day",
        FourthPreEndDay => "Fourth Pre-End Day",
        Starting => "Starting",
        Passive => "Passive",
        PassiveEndDay => "Passive End Day",
        PassiveEndNight => "Passive End Night",
        PassiveStartDay => "Passive Start Day",
        PassiveStartNight => "Passive Start Night",
        PassiveStartPhase => "Passive Start Phase",
        PassiveEndPhase => "Passive End Phase",
        OnAssigned => "On Assigned",
        OnLynch => "On Lynch",
        OnDefense => "On Defense",
        OnActiveDefense => "On Active Defense",
        OnPassiveDefense => "On Passive Defense",
        OnPartialDefense => "On Partial Defense",
        OnRecruitmentDefense => "On Recruitment Defense",
        OnAbsenceDefense => "On Absence Defense",
        OnDisbandment => "On Disbandment",
        OnRedirect => "On Redirect",
        OnBetrayal => "On Betrayal",
        OnPollClosed => "On Poll Closed",
        OnPollSkipped => "On Poll Skipped",
        OnRoleChange => "On Role Change",
        OnRemoval => "On Removal",
        OnEnd => "On End",
        OnJoin => "On Join",
        OnVoteAdd => "On Vote Add",
        OnVoteRemove => "On Vote Remove",
        OnVoteChange => "On Vote Change",
        OnHammer => "On Hammer",
        OnElection => "On Election",
        OnMayorElection => "On Mayor Election",
        OnReporterElection => "On Reporter Election",
        OnGuardianElection => "On Guardian Election",
    }
}

named_enum! {
    /// Events of `On [<Target>] <Event> [[<Ability Type>]]` triggers.
    Event {
        Death => "Death",
        Killed => "Killed",
        Banishment => "Banishment",
        Banished => "Banished",
        Visited => "Visited",
        Visit => "Visit",
        AnyAction => "Any Action",
        Action => "Action",
        Changed => "Changed",
    }
}

impl Event {
    /// Whether the event takes an ability type filter `[...]`.
    pub fn takes_filter(self) -> bool {
        matches!(
            self,
            Event::Visited | Event::Visit | Event::Action | Event::AnyAction
        )
    }
}

/// An ability type / subtype filter: `[Investigating]`, `[!Targeting]`, `[Attack Killing]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AbilityFilter {
    pub negated: bool,
    pub name: CompactString,
    pub loc: Loc,
}

/// When an ability is used.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Trigger {
    /// A trigger without parameters (`Immediate Night`, `On Poll Closed`, `Passive`…).
    Timing { timing: Timing, loc: Loc },
    /// `On Death`, `On @Target Death`, `On Visited [Killing]`, `On @(Attr:X) Visited [!Targeting]`,
    /// `On Any Action [Feedback]`, `On @X Changed`…
    On {
        subject: Option<Value>,
        event: Event,
        filter: Option<AbilityFilter>,
        loc: Loc,
    },
    /// `On Poll Win` / `On Poll <Poll> Win`.
    PollWin { poll: Option<Value>, loc: Loc },
    /// `On <Value> Emitted`, `On <Value> End Emitted`, `On Emitted`.
    Emitted {
        value: Option<Value>,
        end: bool,
        loc: Loc,
    },
    /// `On <Value> Whisper` (real files: a whisper connection was used).
    Whisper { value: Value, loc: Loc },
    /// `Choice <Option> Chosen` / `Choice Chosen`.
    ChoiceChosen { option: Option<Value>, loc: Loc },
    /// A trigger that could not be parsed (its diagnostic was reported); kept verbatim.
    Unknown { text: String, loc: Loc },
}

// ---------------------------------------------------------------------------------------------
// Ability types

named_enum! {
    KillKind {
        TrueKill => "True Kill",
        TrueBanish => "True Banish",
        Kill => "Kill",
        Attack => "Attack",
        Lynch => "Lynch",
        Banish => "Banish",
    }
}

named_enum! {
    InvestigateKind { Role => "Role", Alignment => "Alignment", Category => "Category", Class => "Class" }
}

named_enum! {
    DisguiseStrength { Weakly => "Weakly", Strongly => "Strongly" }
}

named_enum! {
    DefenseKind {
        Active => "Active Defense",
        Passive => "Passive Defense",
        Partial => "Partial Defense",
        Recruitment => "Recruitment Defense",
    }
}

/// How a protection protects: a defense, or absence at a location.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Protection {
    Defense(DefenseKind),
    Absence(Value),
}

named_enum! {
    ChangeKind { Role => "Role", Alignment => "Alignment", Group => "Group" }
}

named_enum! {
    LoyaltyKind { Group => "Group", Alignment => "Alignment" }
}

named_enum! {
    CounterOp { Increment => "Increment", Decrement => "Decrement", Set => "Set" }
}

named_enum! {
    PollAction { Add => "Add", Cancel => "Cancel", Delete => "Delete" }
}

/// An attribute duration `~Name` (the guide's list plus the draft's `~…Attribute` forms).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Duration {
    pub name: CompactString,
    pub loc: Loc,
}

/// Fake feedback of an obstruction: `⇒ X` or `⇒ (0.6:X,0.4:Y)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ObstructFeedback {
    Single(Value),
    Chances(Vec<(CompactString, Value)>),
}

/// What a poll manipulation does to a candidate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum PollManipulation {
    /// `(<Target> is 'Unvotable'|'Disqualified')`
    Is { target: Value, kind: Value },
    /// `(<Target> has '<Number>' [hidden] votes)`
    Votes {
        target: Value,
        count: Value,
        hidden: bool,
    },
}

/// When an `Activate` applies: `always` or `while <Value>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Activation {
    Always,
    While(Value),
}

/// One ability type with its parameters (see "Ability Type" in the guide).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AbilityKind {
    /// `Kill|Attack|Lynch|True Kill|Banish|True Banish <Target>`
    Killing {
        kind: KillKind,
        target: Value,
    },
    /// `<Role|Alignment|Category|Class> Investigate <Target> (<SD, WD>)`
    Investigate {
        kind: InvestigateKind,
        target: Value,
        disguises: Vec<CompactString>,
    },
    /// `Attribute Investigate <Target> for <Attribute> (<SD>)`
    AttributeInvestigate {
        target: Value,
        attribute: Value,
        disguises: Vec<CompactString>,
    },
    /// `Investigate <Target> [Player] Count (<SD>)`
    InvestigateCount {
        target: Value,
        players: bool,
        disguises: Vec<CompactString>,
    },
    /// `Target <Target> (<Type>)`
    Target {
        target: Value,
        kind: Option<CompactString>,
    },
    Untarget,
    /// `<Weakly|Strongly> Disguise <Target> as <Role> (<Duration>)`
    Disguise {
        strength: DisguiseStrength,
        target: Value,
        role: Value,
        duration: Option<Duration>,
    },
    /// `Protect <Target> from <Killing> [by <Selector>] through <Subtype> [during <Phase>] (<Duration>)`
    Protect {
        target: Value,
        from: Value,
        by: Option<Value>,
        through: Protection,
        during: Option<PhaseKind>,
        duration: Option<Duration>,
    },
    /// `Apply <Attribute> to <Target> (<Duration>) (<Data>, …)`
    Apply {
        attribute: Value,
        target: Value,
        duration: Option<Duration>,
        data: Vec<Value>,
    },
    /// `Remove <Attribute> from <Target>`
    RemoveAttribute {
        attribute: Value,
        target: Value,
    },
    /// `Change <Attribute> value <Index> to <NewValue> [for <Target>]`
    ChangeAttribute {
        attribute: Value,
        index: Value,
        value: Value,
        target: Option<Value>,
    },
    /// `Redirect <Subtype> [from <Source>] to <Target> (<Duration>)`
    Redirect {
        subtype: Value,
        source: Option<Value>,
        target: Value,
        duration: Option<Duration>,
    },
    /// `Manipulate <Target>'s <Subtype> to|by <Value> (<Duration>)`
    ManipulateVotes {
        target: Value,
        subtype: Value,
        relative: bool,
        value: Value,
        duration: Option<Duration>,
    },
    /// `Manipulate <Poll> Poll (<Target> is <Type>)` / `(<Target> has <N> [hidden] votes)`
    ManipulatePoll {
        poll: Value,
        manipulation: PollManipulation,
        duration: Option<Duration>,
    },
    /// `Add|Cancel|Delete <Poll> Poll [(<Duration>)]` (the duration: bot only)
    Poll {
        action: PollAction,
        poll: Value,
        duration: Option<Duration>,
    },
    /// `Create [<Poll>] Poll in <Location> [as <Name>]`
    CreatePoll {
        poll: Option<Value>,
        location: Value,
        name: Option<Value>,
    },
    /// `Whisper [from <Location>] to <Location> [as <Disguise>] (<Duration>)`
    Whisper {
        from: Option<Value>,
        to: Value,
        disguise: Option<Value>,
        duration: Option<Duration>,
    },
    /// `Join <Group> [as <Membership>] (<Duration>)`
    Join {
        group: Value,
        membership: Option<Value>,
        duration: Option<Duration>,
    },
    /// `Leave <Group>`
    Leave {
        group: Value,
    },
    /// `Add <Target> to <Group> [as <Membership>] (<Duration>)`
    AddToGroup {
        target: Value,
        group: Value,
        membership: Option<Value>,
        duration: Option<Duration>,
    },
    /// `Remove <Target> from <Group>` (the group is written `#Name`)
    RemoveFromGroup {
        target: Value,
        group: Value,
    },
    /// `Grant <ExtraRole> to <Target>`
    Grant {
        role: Value,
        target: Value,
    },
    /// `Revoke <ExtraRole> from <Target>`
    Revoke {
        role: Value,
        target: Value,
    },
    /// `Transfer <ExtraRole> from <Target> to <Target>`
    Transfer {
        role: Value,
        from: Value,
        to: Value,
    },
    /// `Loyalty to <Name> (<Group|Alignment>)`
    Loyalty {
        to: Value,
        kind: LoyaltyKind,
    },
    /// `Obstruct [<Ability Type> for] <Target> [⇒ <Feedback>] (<Duration>)`
    Obstruct {
        abilities: Option<AbilityFilter>,
        target: Value,
        feedback: Option<ObstructFeedback>,
        duration: Option<Duration>,
    },
    /// `Reveal <What> to <Where>`
    Reveal {
        what: Value,
        to: Value,
    },
    /// `Announce <Information>`
    Announce {
        info: Value,
    },
    /// `Learn <Information>`
    Learn {
        info: Value,
    },
    /// `Know <Information>`
    Know {
        info: Value,
    },
    /// `<Role|Alignment|Group> Change <Target> to <New>`; `Role Change to <New>` leaves the
    /// target implicit and parses with `@Self` as its target (the player itself).
    Change {
        kind: ChangeKind,
        target: Value,
        to: Value,
    },
    /// `Copy <Target> [(Suppressed)]`
    Copy {
        target: Value,
        suppressed: bool,
    },
    /// `<Name> Choice Creation [for <Target>] (<Options>)`
    ChoiceCreation {
        name: Value,
        recipient: Option<Value>,
        options: Vec<CompactString>,
    },
    /// `<Name> Choice Choose <Option>`
    ChoiceChoose {
        name: Value,
        option: Value,
    },
    Ascend,
    Descend,
    /// `Win`: the team (or the player) wins; the bot's parser accepts it as an ability of its
    /// own (`Passive: Win [Condition: …]` in a team, or alone in a branch).
    Win,
    /// `Disband [<Target>]`
    Disband {
        target: Option<Value>,
    },
    /// `Increment|Decrement Counter [by <V>] [for <T>]`, `Set Counter to <V> [for <T>]`
    Counter {
        op: CounterOp,
        value: Option<Value>,
        target: Option<Value>,
    },
    /// `Conversation Reset [<Target>]`
    ConversationReset {
        target: Option<Value>,
    },
    /// `Cancel [with <Feedback>]`
    Cancel {
        feedback: Option<Value>,
    },
    /// `Switch with <Target>`
    Switch {
        target: Value,
    },
    /// `Shuffle <Target> <Target> …`
    Shuffle {
        targets: Vec<Value>,
    },
    /// `[End] Emit <Value> [for <Target>]`
    Emit {
        end: bool,
        value: Value,
        target: Option<Value>,
    },
    /// `Display <Name> [(<V1>, …)]`
    Display {
        name: Value,
        values: Vec<CompactString>,
    },
    /// `Update <Name> value <Index> to <NewValue>`
    UpdateDisplay {
        name: Value,
        index: Value,
        value: Value,
    },
    /// `Format <Target> as <Template> [split by <Sep> as <Type>]` (real files)
    Format {
        target: Value,
        template: Value,
        split: Option<(Value, Value)>,
    },
    /// `Resurrect <Target>` (real files)
    Resurrect {
        target: Value,
    },
    /// `Lock <Location>` / `Unlock <Location>` (real files)
    Lock {
        location: Value,
        unlock: bool,
    },
    /// `Execute <Name> to <Location>` (real files)
    Execute {
        name: Value,
        location: Value,
    },
    /// `Activate <Target> always|while <Value>` (real files)
    Activate {
        target: Value,
        activation: Activation,
    },
    /// Feedback given as a value: `` `Investigation failed` ``, `Failure`, `Success`, `@Result`.
    Feedback {
        value: Value,
    },
    /// `Continue`: keep evaluating the following conditions.
    Continue,
    /// `Store <Value>`: the value becomes the ability's result (bot only).
    Store {
        value: Value,
    },
    /// `Log <Value> [as <Name>]`: a debugging aid of the bot; it does nothing in a game.
    Log {
        value: Value,
        name: Option<Value>,
    },
    /// `*Nothing*`.
    Nothing,
}

// ---------------------------------------------------------------------------------------------
// Structure

/// The guard of a conditional step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Guard {
    When(Condition),
    Otherwise {
        loc: Loc,
    },
    /// `Always: …`: the bot's parser accepts `Always` as a condition that always holds.
    Always {
        loc: Loc,
    },
}

/// One step of an ability: a bullet line (with its nested bullets) or an inline clause.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// An ability with its own parameters.
    Do {
        ability: AbilityKind,
        params: Params,
        loc: Loc,
    },
    /// `<Condition>: …` / `Otherwise: …` / `Always: …`
    If {
        guard: Guard,
        params: Params,
        then: Vec<Step>,
        loc: Loc,
    },
    /// `Action: [<Restriction>] {<Compulsion>} ⟨<Scaling>⟩ |<Prompt>|`
    Action { params: Params, loc: Loc },
    /// `Process: …`
    Process {
        params: Params,
        steps: Vec<Step>,
        loc: Loc,
    },
    /// `Evaluate: …`
    Evaluate {
        params: Params,
        steps: Vec<Step>,
        loc: Loc,
    },
    /// `Feedback: …`
    Feedback { steps: Vec<Step>, loc: Loc },
    /// `For Each <Target>: …`
    ForEach {
        target: Value,
        params: Params,
        steps: Vec<Step>,
        loc: Loc,
    },
    /// A line that could not be parsed (its diagnostics were reported); kept verbatim.
    Invalid { text: String, loc: Loc },
}

/// One ability: a trigger, its parameters and what it does.
///
/// Equality (`==`) ignores spans everywhere (see [`Loc`]), including [`Ability::span`].
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Ability {
    /// The whole block in the file.
    pub span: Span,
    pub trigger: Trigger,
    /// Restrictions, compulsion, scaling and prompt of the trigger line.
    pub params: Params,
    /// What the ability does: one inline step or the bullet lines.
    pub steps: Vec<Step>,
}

impl PartialEq for Ability {
    fn eq(&self, other: &Self) -> bool {
        self.trigger == other.trigger && self.params == other.params && self.steps == other.steps
    }
}
