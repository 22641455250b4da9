//! What a resolved night produces, and its text rendering.

use std::fmt::Write as _;

use serde::Serialize;

/// Which method resolved the night.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Reasonable Action Resolution (Method 2).
    #[default]
    Rar,
    /// The simple method (Method 1): a fixed order.
    Simple,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Death {
    pub player: String,
    /// The reasons that stood.
    pub causes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Save {
    pub player: String,
    /// The attacks that were stopped.
    pub attacks: Vec<String>,
    /// What stopped them (the protections that stood).
    pub saved_by: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Recruitment {
    pub player: String,
    pub into: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Feedback {
    pub player: String,
    pub text: String,
}

/// A submitted action a Delayer delayed: it failed tonight and takes effect the next night
/// (the game state carries it, `--state`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DelayedAction {
    /// The action's 1-based position in the night's submitted list.
    pub action: usize,
    /// Who did what to whom, and who delayed it.
    pub text: String,
}

/// Where a reason sits in its tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Yes,
    No,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "status")]
pub enum Status {
    /// No counter-reason stands.
    Stands,
    /// A counter-reason stands.
    Counteracted,
    /// Rule 4: an action of this reason is already in the dependency chain.
    Rule4 { repeated: String },
    /// The tree was cut here to keep the output readable.
    Truncated,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reason {
    pub side: Side,
    pub text: String,
    #[serde(flatten)]
    pub status: Status,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub counters: Vec<Reason>,
}

/// One end-of-night effect and the reasons for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Question {
    pub question: String,
    pub answer: bool,
    pub reasons: Vec<Reason>,
}

/// The result of a night.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Outcome {
    pub method: Method,
    pub deaths: Vec<Death>,
    pub saves: Vec<Save>,
    pub recruited: Vec<Recruitment>,
    pub vests_used: Vec<String>,
    /// Actions delayed to the next night by a Delayer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub delayed: Vec<DelayedAction>,
    /// Result PMs, in the order of the players in the setup.
    pub feedback: Vec<Feedback>,
    /// Results of Public players, to be announced in the thread.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub announcements: Vec<String>,
    /// RAR: every effect's reason tree (filled in when explaining).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<Question>,
    /// The simple method: each step, in order (filled in when explaining).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<String>,
}

impl Outcome {
    pub fn dies(&self, player: &str) -> bool {
        self.deaths.iter().any(|d| d.player == player)
    }

    pub fn dead(&self) -> Vec<&str> {
        self.deaths.iter().map(|d| d.player.as_str()).collect()
    }

    /// The feedback texts of a player, joined by a space.
    pub fn feedback_of(&self, player: &str) -> Option<String> {
        let texts: Vec<&str> = self
            .feedback
            .iter()
            .filter(|f| f.player == player)
            .map(|f| f.text.as_str())
            .collect();
        (!texts.is_empty()).then(|| texts.join(" "))
    }

    pub fn question(&self, question: &str) -> Option<&Question> {
        self.questions.iter().find(|q| q.question == question)
    }

    /// Renders the night for the GM: deaths, saves, recruitments, vests, PMs, and the
    /// reason trees or steps when present.
    pub fn render_text(&self) -> String {
        let mut s = String::new();
        let method = match self.method {
            Method::Rar => "Reasonable Action Resolution",
            Method::Simple => "the simple method",
        };
        let _ = writeln!(s, "Night resolved by {method}.");
        let _ = writeln!(s);
        if self.deaths.is_empty() {
            let _ = writeln!(s, "No one dies.");
        } else {
            let _ = writeln!(s, "Deaths:");
            for d in &self.deaths {
                let _ = writeln!(s, "  {} dies: {}", d.player, d.causes.join("; "));
            }
        }
        if !self.saves.is_empty() {
            let _ = writeln!(s, "Saved (for the GM):");
            for v in &self.saves {
                let _ = writeln!(
                    s,
                    "  {} survives {}; saved by {}",
                    v.player,
                    v.attacks.join("; "),
                    if v.saved_by.is_empty() {
                        "the attack failing".to_string()
                    } else {
                        v.saved_by.join("; ")
                    }
                );
            }
        }
        for r in &self.recruited {
            let _ = writeln!(s, "{} is recruited into the {}.", r.player, r.into);
        }
        for v in &self.vests_used {
            let _ = writeln!(s, "{v}'s one-shot vest is used up.");
        }
        for d in &self.delayed {
            let _ = writeln!(s, "Delayed to the next night: {}.", d.text);
        }
        let _ = writeln!(s);
        if self.feedback.is_empty() {
            let _ = writeln!(s, "No result PMs.");
        } else {
            let _ = writeln!(s, "Result PMs:");
            for f in &self.feedback {
                let _ = writeln!(s, "  to {}: {}", f.player, f.text);
            }
        }
        if !self.steps.is_empty() {
            let _ = writeln!(s);
            let _ = writeln!(s, "Steps:");
            for st in &self.steps {
                let _ = writeln!(s, "  {st}");
            }
        }
        if !self.questions.is_empty() {
            let _ = writeln!(s);
            let _ = writeln!(s, "Reason trees:");
            for q in &self.questions {
                s.push_str(&render_question(q));
            }
        }
        s
    }
}

/// One question in the spec's indented form:
///
/// ```text
/// • Does A die? yes
///   • Reason for yes: V shot A (Vigilante: shoot) [stands]
///     • Reason for no: D protected A (Doctor: protect) [counteracted]
/// ```
pub fn render_question(q: &Question) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "• {} {}",
        q.question,
        if q.answer { "yes" } else { "no" }
    );
    if q.reasons.is_empty() {
        let _ = writeln!(s, "  • no reasons for yes, thus no by default");
    }
    for r in &q.reasons {
        render_reason(r, 1, &mut s);
    }
    s
}

fn render_reason(r: &Reason, depth: usize, s: &mut String) {
    let side = match r.side {
        Side::Yes => "yes",
        Side::No => "no",
    };
    let status = match &r.status {
        Status::Stands => "[stands]".to_string(),
        Status::Counteracted => "[counteracted]".to_string(),
        Status::Rule4 { repeated } => {
            format!("[no effect: rule 4, {repeated} is already in this chain]")
        }
        Status::Truncated => "[tree cut here]".to_string(),
    };
    let _ = writeln!(
        s,
        "{}• Reason for {side}: {} {status}",
        "  ".repeat(depth),
        r.text
    );
    for c in &r.counters {
        render_reason(c, depth + 1, s);
    }
}
