//! Saved state of choices, added polls and poll candidate manipulations.

use serde::{Deserialize, Serialize};

use super::{Phase, Source};

/// A choice made by `'<Name>' Choice Creation [for <Target>] (<Options>)` (guide, "Choices").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub id: u64,
    /// The name the `Choice Choose` ability refers to (`Apothecary`, `Wager`).
    pub name: String,
    pub options: Vec<String>,
    /// The element that created it: its `Choice <Option> Chosen` abilities run on an answer.
    pub creator: Source,
    pub creator_player: Option<usize>,
    pub creator_attr: Option<u64>,
    /// Who may answer it.
    pub choosers: Vec<usize>,
    pub created: Phase,
    /// `{Forced: <Option>}` on the creation: chosen automatically when the phase ends
    /// unanswered.
    pub default: Option<String>,
    pub open: bool,
    /// An answer given to a `Choice Choose` action that runs later (End Day…): chooser and
    /// option.
    pub queued: Option<(usize, String)>,
    /// The answer once chosen: chooser and option.
    pub answer: Option<(usize, String)>,
}

/// What a `Manipulate '<Poll>' Poll (…)` does to one candidate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CandidateEffect {
    /// Cannot be voted for.
    Unvotable,
    /// Can be voted for but cannot win: if they would win, the poll has no result.
    Disqualified,
    /// Extra votes for the candidate; hidden ones are not shown in the count.
    Votes { count: i64, hidden: bool },
}

/// One candidate manipulation, until the next poll of its type closes (or, with `~Phase`,
/// for the polls of that type closing in the phase it was made).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CandidateManipulation {
    /// Normalized poll definition name (`lynch`, `election`).
    pub poll: String,
    pub player: usize,
    pub effect: CandidateEffect,
    pub set_in: Phase,
    /// `(~Phase)`: every poll of the type closing this phase, then gone.
    pub phase_only: bool,
}
