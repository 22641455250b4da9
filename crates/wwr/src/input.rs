//! The `act` line syntax.
//!
//! ```text
//! Alice: Immediate Night: @Selection = Bob
//! Alice: End Night |witch.pod|: @Selection = Bob     # pick an ability by its prompt key
//! Alice: Immediate: @Selection = Bob, @SecondarySelection = Carol
//! Alice: Immediate Night: Bob                        # a bare selection
//! Alice: Vote Lynch: Bob                             # vote on an open poll
//! Alice: Vote Lynch: none                            # withdraw the vote
//! Alice: Immediate Night: @Chosen = Poison, @Selection = Bob   # answer a choice
//! ```

use crate::error::WwrError;

/// One parsed `act` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Act {
    pub player: String,
    pub kind: ActKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActKind {
    Vote {
        poll: String,
        choice: Option<String>,
    },
    Ability {
        /// The trigger as written in the role (`Immediate Night`, `On Action [Targeting]`).
        trigger: String,
        /// A prompt key `|witch.pol|` choosing among abilities with the same trigger.
        prompt: Option<String>,
        selection: Option<String>,
        secondary: Option<String>,
        /// The option picked for a `Choice Choose` ability (`@Chosen = Poison`).
        chosen: Option<String>,
    },
}

/// Parses one line; `place` names it in errors (`script.txt:3`, `argument`).
pub fn parse_act(line: &str, place: &str) -> Result<Act, WwrError> {
    let err = |message: String| WwrError::Input {
        place: place.to_string(),
        message,
    };
    let line = line.trim();
    let Some((player, rest)) = line.split_once(':') else {
        return Err(err(format!(
            "`{line}`: expected `<Player>: <Trigger>: @Selection = <Target>` or `<Player>: Vote <Poll>: <Option>`"
        )));
    };
    let player = player.trim().to_string();
    if player.is_empty() {
        return Err(err("expected a player name before the first `:`".into()));
    }
    let rest = rest.trim();
    // A prompt key `|…|` may contain `:`; take it out first.
    let (rest, prompt) = match rest.find('|') {
        Some(a) => {
            let after = &rest[a + 1..];
            let Some(b) = after.find('|') else {
                return Err(err("a prompt key opened with `|` is not closed".into()));
            };
            let key = after[..b].trim();
            let key = key.strip_prefix("silent:").unwrap_or(key).to_string();
            (format!("{}{}", &rest[..a], &after[b + 1..]), Some(key))
        }
        None => (rest.to_string(), None),
    };
    let (head, args) = match rest.split_once(':') {
        Some((h, a)) => (h.trim().to_string(), a.trim().to_string()),
        None => (rest.trim().to_string(), String::new()),
    };
    if head.is_empty() {
        return Err(err(format!(
            "`{line}`: expected a trigger (`Immediate Night`) or `Vote <Poll>` after `{player}:`"
        )));
    }
    if let Some(poll) = head
        .strip_prefix("Vote ")
        .or_else(|| head.strip_prefix("vote "))
    {
        let choice = args.trim();
        if choice.is_empty() {
            return Err(err(format!(
                "`{line}`: expected the option to vote for after `Vote {poll}:` (or `none`)"
            )));
        }
        return Ok(Act {
            player,
            kind: ActKind::Vote {
                poll: poll.trim().to_string(),
                choice: if choice.eq_ignore_ascii_case("none") {
                    None
                } else {
                    Some(choice.to_string())
                },
            },
        });
    }
    let mut selection = None;
    let mut secondary = None;
    let mut chosen = None;
    if !args.is_empty() {
        for part in args.split(',') {
            let part = part.trim();
            match part.split_once('=') {
                Some((k, v)) => {
                    let v = Some(v.trim().to_string());
                    match k.trim().to_ascii_lowercase().as_str() {
                        "@selection" => selection = v,
                        "@secondaryselection" => secondary = v,
                        "@chosen" => chosen = v,
                        other => {
                            return Err(err(format!(
                                "`{other}`: expected `@Selection`, `@SecondarySelection` or `@Chosen`"
                            )));
                        }
                    }
                }
                None if selection.is_none() => selection = Some(part.to_string()),
                None => secondary = Some(part.to_string()),
            }
        }
    }
    Ok(Act {
        player,
        kind: ActKind::Ability {
            trigger: head,
            prompt,
            selection,
            secondary,
            chosen,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_assignment() {
        let a = parse_act("Alice: Immediate Night: @Selection = Bob", "arg").unwrap();
        assert_eq!(a.player, "Alice");
        assert_eq!(
            a.kind,
            ActKind::Ability {
                trigger: "Immediate Night".into(),
                prompt: None,
                selection: Some("Bob".into()),
                secondary: None,
                chosen: None
            }
        );
    }

    #[test]
    fn prompt_key_with_colon() {
        let a = parse_act(
            "Carol: Immediate |silent:targeting.change.player|: Dave",
            "arg",
        )
        .unwrap();
        let ActKind::Ability {
            trigger,
            prompt,
            selection,
            ..
        } = a.kind
        else {
            panic!("expected an ability");
        };
        assert_eq!(trigger, "Immediate");
        assert_eq!(prompt.as_deref(), Some("targeting.change.player"));
        assert_eq!(selection.as_deref(), Some("Dave"));
    }

    #[test]
    fn a_choice_answer_names_the_option() {
        let a = parse_act(
            "Alice: Immediate Night: @Chosen = Poison, @Selection = Bob",
            "arg",
        )
        .unwrap();
        let ActKind::Ability {
            selection, chosen, ..
        } = a.kind
        else {
            panic!("expected an ability");
        };
        assert_eq!(chosen.as_deref(), Some("Poison"));
        assert_eq!(selection.as_deref(), Some("Bob"));
    }

    #[test]
    fn votes_and_withdrawals() {
        let a = parse_act("Bob: Vote Lynch: Eve", "arg").unwrap();
        assert_eq!(
            a.kind,
            ActKind::Vote {
                poll: "Lynch".into(),
                choice: Some("Eve".into())
            }
        );
        let a = parse_act("Bob: Vote Lynch: none", "arg").unwrap();
        assert_eq!(
            a.kind,
            ActKind::Vote {
                poll: "Lynch".into(),
                choice: None
            }
        );
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse_act("no colon here", "script.txt:4")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("script.txt:4: "), "{e}");
        let e = parse_act("Bob: Immediate: @Target = X", "script.txt:5")
            .unwrap_err()
            .to_string();
        assert!(e.contains("expected `@Selection`"), "{e}");
        let e = parse_act("Bob: Immediate |open: X", "l")
            .unwrap_err()
            .to_string();
        assert!(e.contains("not closed"), "{e}");
    }
}
