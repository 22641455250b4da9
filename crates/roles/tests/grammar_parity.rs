//! Grammar parity with the game's own bot (issue 12, point 1): every trigger type, ability
//! type and subtype, and line form that the bot's role parser accepts (and that the guides
//! document) parses, checks clean and round-trips through the formatter.
//!
//! One test per form, each on example text written for it; `docs/roles-grammar.md` lists the
//! forms with the test that covers each. A test asserts three things about a small role set
//! (the supporting files below plus the file under test):
//! 1. no parse error and no checker error anywhere;
//! 2. the formatted file parses back to the same AST (spans aside);
//! 3. formatting is idempotent.

use std::path::PathBuf;

use mafia_roles::diag::line_col;
use mafia_roles::{ElementKind, ParsedFile, RoleSet, Severity, check, format};

use ElementKind::*;

/// The names the forms refer to: two teams, a group, an attribute, a location, a poll, a role.
const SUPPORT: &[(ElementKind, &str, &str)] = &[
    (
        Team,
        "teams/townsfolk",
        "**Townsfolk**\n__Formalized__\nWin Condition: @(Alignment:Townsfolk)\n",
    ),
    (
        Team,
        "teams/werewolf",
        "**Werewolf**\n__Formalized__\nWin Condition: @(Alignment:Werewolf)\n",
    ),
    (
        Group,
        "groups/bakery",
        "**Bakery** | Townsfolk Team Group\n__Formalized__\nUnique Group\n",
    ),
    (
        Attribute,
        "attributes/floury",
        "**Floury** | Attribute\n__Formalized__\nNo Abilities\n",
    ),
    (
        Location,
        "locations/market",
        "**Market**\n__Formalized__\nSort Index: 2\nMembers: Alive\nViewers: Dead\n",
    ),
    (
        Poll,
        "polls/bread",
        "**Bread** | Poll\nAvailable Options: @All, Abstain\nAllowed Voters: @All\n",
    ),
    (
        Role,
        "roles/miller",
        "**Miller** | Townsfolk Miscellaneous\n__Formalized__\nNo Abilities\n",
    ),
];

/// Parses `text` as a file of `kind` next to [`SUPPORT`]; asserts it checks clean and
/// round-trips through the formatter; returns the canonical text.
fn assert_form(kind: ElementKind, text: &str) -> String {
    let mut files: Vec<ParsedFile> = SUPPORT
        .iter()
        .map(|(k, p, t)| ParsedFile::parse(PathBuf::from(p), p.to_string(), t.to_string(), *k))
        .collect();
    files.push(ParsedFile::parse(
        PathBuf::from("under/test"),
        "under/test".to_string(),
        text.to_string(),
        kind,
    ));
    let set = RoleSet { root: None, files };
    let mut errors = Vec::new();
    for file in &set.files {
        for d in file.diags.iter().filter(|d| d.severity == Severity::Error) {
            let (l, c) = line_col(&file.text, d.span.start);
            errors.push(format!("{}:{l}:{c}: {}", file.display, d.message));
        }
    }
    for f in check(&set) {
        if f.diag.severity == Severity::Error {
            let file = &set.files[f.file];
            let (l, c) = line_col(&file.text, f.diag.span.start);
            errors.push(format!("{}:{l}:{c}: {}", file.display, f.diag.message));
        }
    }
    assert_eq!(errors, Vec::<String>::new(), "in\n{text}");

    let file = set.files.last().expect("the file under test");
    let element = file.element.as_ref().expect("the file has an element");
    let once = format::format_file(&file.text, element);
    let again = ParsedFile::parse(file.path.clone(), file.display.clone(), once.clone(), kind);
    assert!(!again.has_errors(), "canonical text has errors:\n{once}");
    let element2 = again
        .element
        .as_ref()
        .expect("canonical text has an element");
    assert_eq!(
        format::without_spans(element),
        format::without_spans(element2),
        "parse(format(ast)) != ast; canonical text:\n{once}"
    );
    let twice = format::format_file(&once, element2);
    assert_eq!(once, twice, "formatting is not idempotent");
    once
}

/// A Townsfolk role whose formalized section is `lines`.
fn role(lines: &str) -> String {
    format!("**Tester** | Townsfolk Miscellaneous\n__Formalized__\n{lines}\n")
}

/// A team whose formalized section is a win condition followed by `lines`.
fn team(lines: &str) -> String {
    format!("**Tester**\n__Formalized__\nWin Condition: @(Alignment:Tester)\n{lines}\n")
}

/// One test per form: `name => "formalized lines"` (a role), or `name => team "lines"`.
macro_rules! forms {
    ($($name:ident => $($k:ident)? $text:literal;)*) => {
        $(
            #[test]
            fn $name() {
                assert_form(forms!(@kind $($k)?), &forms!(@wrap $($k)? $text));
            }
        )*
    };
    (@kind) => { Role };
    (@kind team) => { Team };
    (@wrap $text:literal) => { role($text) };
    (@wrap team $text:literal) => { team($text) };
}

// ---------------------------------------------------------------------------------------------
// The two forms of issue 12's Why.

forms! {
    ability_win_alone_in_a_branch =>
        "Passive End Day:\n• Process:\n  ‣ Investigate @All Player Count\n• Evaluate:\n  ‣ @Result < 3: Win\n  ‣ Otherwise: Learn `Not yet`";
    ability_win_in_a_team_with_a_condition => team
        "Passive: Win [Condition: @(Alignment:!Tester) exists]";
    ability_role_change_with_implicit_target =>
        "Start Night: Role Change to `Miller` [Temporal: Night 2]";
}

#[test]
fn role_change_with_implicit_target_formats_with_the_target_written_out() {
    // The bot fills in the player itself (as for `Join`); the canonical text says so.
    let canonical = assert_form(Role, &role("Starting: Role Change to `Miller`"));
    assert!(
        canonical.contains("Starting: Role Change @Self to `Miller`"),
        "{canonical}"
    );
}

// ---------------------------------------------------------------------------------------------
// Trigger types: the bot's list of plain trigger names.

forms! {
    trigger_start_night => "Start Night: Attack @Selection";
    trigger_end_night => "End Night: Attack @Selection";
    trigger_start_day => "Start Day: Learn `Good morning`";
    trigger_end_day => "End Day: Learn `Good evening`";
    trigger_immediate_night => "Immediate Night: Role Investigate @Selection";
    trigger_immediate_day => "Immediate Day: Role Investigate @Selection";
    trigger_end_phase => "End Phase: Learn `Phase over`";
    trigger_start_phase => "Start Phase: Learn `Phase begins`";
    trigger_immediate => "Immediate: Role Investigate @Selection";
    trigger_pre_end_night => "Pre-End Night: Learn `Soon dawn`";
    trigger_pre_end_day => "Pre-End Day: Learn `Soon dusk`";
    trigger_second_pre_end_night => "Second Pre-End Night: Learn `Second`";
    trigger_second_pre_end_day => "Second Pre-End Day: Learn `Second`";
    trigger_third_pre_end_night => "Third Pre-End Night: Learn `Third`";
    trigger_third_pre_end_day => "Third Pre-End Day: Learn `Third`";
    trigger_fourth_pre_end_night => "Fourth Pre-End Night: Learn `Fourth`";
    trigger_fourth_pre_end_day => "Fourth Pre-End Day: Learn `Fourth`";
    trigger_starting => "Starting: Join #Bakery";
    trigger_passive => "Passive: Learn `Always on`";
    trigger_passive_end_day => "Passive End Day: Learn `Dusk`";
    trigger_passive_end_night => "Passive End Night: Learn `Dawn`";
    trigger_passive_start_day => "Passive Start Day: Learn `Day`";
    trigger_passive_start_night => "Passive Start Night: Learn `Night`";
    trigger_passive_start_phase => "Passive Start Phase: Learn `Phase`";
    trigger_passive_end_phase => "Passive End Phase: Learn `Phase`";
    trigger_on_death => "On Death: Learn `Farewell`";
    trigger_on_killed => "On Killed: Learn `Farewell`";
    trigger_on_banished => "On Banished: Learn `Away`";
    trigger_on_banishment => "On Banishment: Learn `Away`";
    trigger_on_visited => "On Visited: Learn `A visitor`";
    trigger_on_action => "On Action: Learn `Acted`";
    trigger_on_disbandment => "On Disbandment: Learn `Gone`";
    trigger_on_lynch => "On Lynch: Learn `Hanged`";
    trigger_on_election => "On Election: Learn `Elected`";
    trigger_on_mayor_election => "On Mayor Election: Learn `Mayor`";
    trigger_on_reporter_election => "On Reporter Election: Learn `Reporter`";
    trigger_on_guardian_election => "On Guardian Election: Learn `Guardian`";
    trigger_on_defense => "On Defense: Learn `Saved`";
    trigger_on_passive_defense => "On Passive Defense: Learn `Saved`";
    trigger_on_partial_defense => "On Partial Defense: Learn `Saved`";
    trigger_on_recruitment_defense => "On Recruitment Defense: Learn `Saved`";
    trigger_on_active_defense => "On Active Defense: Learn `Saved`";
    trigger_on_absence_defense => "On Absence Defense: Learn `Saved`";
    trigger_on_betrayal => "On Betrayal: Learn `Betrayed`";
    trigger_on_poll_closed => "On Poll Closed: Learn `Closed`";
    trigger_on_poll_win => "On Poll Win: Learn `Won`";
    trigger_on_poll_skipped => "On Poll Skipped: Learn `Skipped`";
    trigger_on_role_change => "On Role Change: Learn `Changed`";
    trigger_on_removal => "On Removal: Learn `Removed`";
    trigger_on_end => "On End: Learn `The end`";
    trigger_choice_chosen => "Choice Chosen: Learn `Chosen`";
    trigger_on_emitted => "On Emitted: Learn `Heard`";
    trigger_on_end_emitted => "On End Emitted: Learn `Heard`";
    trigger_on_redirect => "On Redirect: Learn `Redirected`";
    trigger_on_any_action => "On Any Action: Learn `Something happened`";
    trigger_on_join => "On Join: Learn `Welcome`";
}

// Trigger types with a parameter (the bot's "complex" triggers).

forms! {
    trigger_on_target_death => "On @Self->Target Death: Learn `Your target died`";
    trigger_on_target_killed => "On @Self->Target Killed: Learn `Your target was killed`";
    trigger_on_target_banished => "On @Self->Target Banished: Learn `Gone`";
    trigger_on_target_banishment => "On @Self->Target Banishment: Learn `Gone`";
    trigger_on_visited_type => "On Visited [Killing]: Learn `Attacked`";
    trigger_on_action_subtype => "On Action [Role Investigating]: Learn `Investigated`";
    trigger_on_any_action_type => "On Any Action [Protecting]: Learn `Someone protected`";
    trigger_on_visited_not_type => "On Visited [!Killing]: Learn `A friendly visit`";
    trigger_on_action_not_subtype => "On Action [!Attack Killing]: Learn `Not an attack`";
    trigger_on_target_visited_type => "On @Self->Target Visited [Killing]: Learn `Your target was attacked`";
    trigger_on_target_action_subtype => "On @Self->Target Action [Role Investigating]: Learn `They looked`";
    trigger_on_target_visited_not_type => "On @Self->Target Visited [!Killing]: Learn `Visited`";
    trigger_on_target_visited => "On @Self->Target Visited: Learn `Visited`";
    trigger_on_target_action => "On @Self->Target Action: Learn `They acted`";
    trigger_on_named_poll_win => "On Poll `Bread` Win: Learn `Bread for all`";
    trigger_named_choice_chosen => "Choice `Flour` Chosen: Learn `Flour it is`";
    trigger_on_value_emitted => "On `Bell` Emitted: Learn `Ding`";
    trigger_on_value_end_emitted => "On `Bell` End Emitted: Learn `Silence`";
}

// Lines that are not triggers.

forms! {
    line_no_abilities => "No Abilities";
    line_unique_role => "Unique Role\nStarting: Join #Bakery";
    line_require => "Require: `Miller`\nStarting: Join #Bakery";
    line_role_attribute => "Role Attribute: `Floury`\nStarting: Join #Bakery";
    line_identity => "Identity: `Miller`\nStarting: Join #Bakery";
}

#[test]
fn line_unique_group() {
    assert_form(
        Group,
        "**Oven** | Townsfolk Team Group\n__Formalized__\nUnique Group\nOn Disbandment: Learn `Cold`\n",
    );
}

// ---------------------------------------------------------------------------------------------
// Ability types and subtypes, in the bot's order.

forms! {
    killing_kill => "Start Night: Kill @Selection";
    killing_attack => "Start Night: Attack @Selection";
    killing_lynch => "Start Day: Lynch @Selection";
    killing_true_kill => "Start Night: True Kill @Selection";
    killing_banish => "Start Night: Banish @Selection";
    killing_true_banish => "Start Night: True Banish @Selection";
    investigating_role => "Start Night: Role Investigate @Selection";
    investigating_alignment => "Start Night: Alignment Investigate @Selection";
    investigating_category => "Start Night: Category Investigate @Selection";
    investigating_class => "Start Night: Class Investigate @Selection";
    investigating_with_disguises => "Start Night: Role Investigate @Selection (SD, WD)";
    investigating_attribute => "Start Night: Attribute Investigate @Selection for `Floury`";
    investigating_role_count => "Start Night: Investigate `Miller` Count";
    investigating_player_count => "Start Night: Investigate @All Player Count";
    targeting_target => "Start Night: Target @Selection";
    targeting_target_typed => "Start Night: Target @Selection (Role)";
    targeting_untarget => "Start Night: Untarget";
    disguising_weakly => "Start Night: Weakly Disguise @Selection as `Miller` (~Phase)";
    disguising_strongly => "Start Night: Strongly Disguise @Selection as `Miller`";
    protecting_from_by_through_during =>
        "Start Night: Protect @Selection from `Attacks` by @(Alignment:Werewolf) through Active Defense during Night (~Phase)";
    protecting_from_by_through =>
        "Start Night: Protect @Selection from `Kills` by @(Alignment:Werewolf) through Passive Defense";
    protecting_from_through_during =>
        "Start Night: Protect @Selection from `Lynches` through Partial Defense during Day";
    protecting_from_through_absence =>
        "Start Night: Protect @Self from `All` through Absence at #Market (~Phase)";
    protecting_recruitment =>
        "Starting: Protect @Self from `Attacks & Lynches` through Recruitment Defense";
    applying_apply => "Start Night: Apply `Floury` to @Selection (~NextDay)";
    applying_apply_with_data => "Start Night: Apply `Floury` to @Selection (~Persistent) (`wheat`, 2)";
    applying_remove => "Start Night: Remove `Floury` from @Selection";
    applying_change_value_for => "Start Night: Change `Floury` value `1` to `rye` for @Selection";
    applying_change_value_self => "Start Night: Change `Floury` value `1` to `rye`";
    applying_change_value_selector => "Start Night: Change `Floury` value `2` to @Selection->Role for @Self";
    redirecting_all => "Start Night: Redirect `all` to @Selection";
    redirecting_from => "Start Night: Redirect `non-killing abilities` from @Self to @Selection (~Phase)";
    redirecting_type => "Start Night: Redirect `Killing` to @Selection";
    redirecting_subtype => "Start Night: Redirect `Attack Killing` from @Self to @Selection";
    manipulating_absolute => "Start Day: Manipulate @Selection's `public voting power` to `2` (~Phase)";
    manipulating_relative => "Start Day: Manipulate @Selection's `private voting power` by `-1`";
    manipulating_selector => "Start Day: Manipulate @Self's `lynch starting votes` by @Self->Counter";
    whispering_as => "Start Night: Whisper to #Market as `Miller` (~Phase)";
    whispering_plain => "Start Night: Whisper to #Market";
    joining_join => "Starting: Join #Bakery";
    joining_join_as => "Starting: Join #Bakery as `Owner` (~Persistent)";
    joining_add => "Start Night: Add @Selection to #Bakery";
    joining_add_as => "Start Night: Add @Selection to #Bakery as `Visitor` (~Phase)";
    joining_leave => "Start Night: Leave #Bakery";
    joining_remove => "Start Night: Remove @Selection from #Bakery";
    granting_grant => "Start Night: Grant `Miller` to @Selection";
    granting_revoke => "Start Night: Revoke `Miller` from @Selection";
    granting_transfer => "Start Night: Transfer `Miller` from @Self to @Selection";
    loyalty_group => "Starting: Loyalty to #Bakery (Group)";
    loyalty_alignment => "Starting: Loyalty to &Townsfolk (Alignment)";
    obstructing_all => "Start Night: Obstruct @Selection (~Phase)";
    obstructing_type => "Start Night: Obstruct Killing for @Selection";
    obstructing_subtype => "Start Night: Obstruct Role Investigating for @Selection";
    obstructing_feedback => "Start Night: Obstruct Investigating for @Selection ⇒ `Nothing found`";
    obstructing_two_feedbacks =>
        "Start Night: Obstruct Investigating for @Selection ⇒ (0.5:`Baker`,0.5:`Miller`)";
    obstructing_inverted => "Start Night: Obstruct !Killing for @Selection";
    polls_add => "Start Day: Add `Bread` Poll";
    polls_create_in => "Start Day: Create `Bread` Poll in #Market";
    polls_cancel => "Start Day: Cancel `Bread` Poll";
    polls_delete => "Start Day: Delete `Bread` Poll (~Phase)";
    polls_manipulate_unvotable => "Start Day: Manipulate `Bread` Poll (@Self is `Unvotable`)";
    polls_manipulate_disqualified => "Start Day: Manipulate `Bread` Poll (@Selection is `Disqualified`)";
    polls_manipulate_votes => "Start Day: Manipulate `Bread` Poll (@Self has `2` votes)";
    polls_manipulate_hidden_votes => "Start Day: Manipulate `Bread` Poll (@Self has `1` hidden votes)";
    announcements_reveal => "Start Day: Reveal @Self->Role to #Market";
    announcements_learn => "Start Day: Learn `Bread is ready`";
    announcements_know => "Start Day: Know `Bread is ready`";
    announcements_announce => "Start Day: Announce `Bread is ready`";
    changing_role => "Start Night: Role Change @Selection to `Miller`";
    changing_alignment => "Start Night: Alignment Change @Selection to &Werewolf";
    changing_group => "Start Night: Group Change #Bakery to `Mill`";
    copying_copy => "Start Night: Copy @Selection";
    copying_copy_suppressed => "Start Night: Copy @Selection (Suppressed)";
    choices_creation => "Starting: `Flour` Choice Creation (Wheat, Rye)";
    choices_creation_for => "Starting: `Flour` Choice Creation for @Self (Wheat, Rye, Spelt)";
    choices_choose => "Starting: `Flour` Choice Choose `Wheat`";
    ascend => "On Death: Ascend";
    descend => "On Death: Descend";
    win => "On End: Win";
    disband_self => "Start Night: Disband";
    disband_group => "Start Night: Disband #Bakery";
    counting_increment => "Start Night: Increment Counter";
    counting_decrement => "Start Night: Decrement Counter";
    counting_increment_by => "Start Night: Increment Counter by 2";
    counting_decrement_by => "Start Night: Decrement Counter by 2";
    counting_set => "Start Night: Set Counter to 5";
    counting_increment_for => "Start Night: Increment Counter for @Selection";
    counting_decrement_for => "Start Night: Decrement Counter for @Selection";
    counting_increment_by_for => "Start Night: Increment Counter by 3 for @Selection";
    counting_decrement_by_for => "Start Night: Decrement Counter by 3 for @Selection";
    counting_set_for => "Start Night: Set Counter to 0 for @Selection";
    counting_increment_math => "Start Night: Increment Counter by ceil $living/3";
    counting_decrement_math => "Start Night: Decrement Counter by floor $total/4";
    counting_set_math => "Start Night: Set Counter to round $phase/2";
    counting_set_math_for => "Start Night: Set Counter to ceil $living/2 for @Selection";
    conversation_reset => "Start Night: Conversation Reset";
    conversation_reset_target => "Start Night: Conversation Reset @Selection";
    cancel => "On Visited: Cancel";
    cancel_with_failure => "On Visited: Cancel with Failure";
    cancel_with_success => "On Visited: Cancel with Success";
    cancel_with_text => "On Visited: Cancel with `Too much flour`";
    switching => "Start Night: Switch with @Selection";
    feedback_text => "On Visited: `You smell bread`";
    failure => "On Visited:\n• Evaluate:\n  ‣ @Visitor is @Self: Failure\n  ‣ Otherwise: Success";
    storing => "Start Night:\n• Process:\n  ‣ Role Investigate @Selection\n  ‣ Store @Result";
    log_named => "Start Night: Log @Selection as `picked`";
    log_unnamed => "Start Night: Log @Selection";
    continue_line => "On Visited: Continue";
    for_each_inline => "Start Night: For Each @All: Learn `Hello`";
    for_each_block => "Start Night:\n• For Each @All:\n  ‣ Learn `Hello`\n  ‣ Increment Counter";
    shuffle_one => "Starting: Shuffle @All";
    shuffle_three => "Starting: Shuffle `Miller` `Baker` `Cook`";
    emit => "Start Night: Emit `Bell`";
    emit_for => "Start Night: Emit `Bell` for @Selection";
    end_emit => "Start Night: End Emit `Bell`";
    end_emit_for => "Start Night: End Emit `Bell` for @Selection";
    display => "Starting: Display `Oven`";
    display_with_values => "Starting: Display `Oven` (`hot`, 3)";
    display_update => "Start Day: Update `Oven` value `1` to `cold`";
    locking_lock => "Start Night: Lock #Market";
    locking_unlock => "Start Day: Unlock #Market";
}

// ---------------------------------------------------------------------------------------------
// Restrictions `[…]`, scaling `⟨…⟩`, compulsion `{…}` and the prompt `|…|`.

forms! {
    restriction_temporal_during => "Start Night: Attack @Selection [Temporal: Night 2]";
    restriction_temporal_after => "Start Night: Attack @Selection [Temporal: Night 2+]";
    restriction_temporal_phase_type => "Start Night: Learn `Dark` [Temporal: Night]";
    restriction_attribute_has => "Start Night: Attack @Selection [Attribute: has `Floury`]";
    restriction_attribute_lacks => "Start Night: Attack @Selection [Attribute: lacks `Floury`]";
    restriction_attribute_target_has => "Start Night: Attack @Selection [Attribute: @Selection has `Floury`]";
    restriction_attribute_target_lacks => "Start Night: Attack @Selection [Attribute: @Selection lacks `Floury`]";
    restriction_no_succession => "Start Night: Attack @Selection [Succession: No Succession]";
    restriction_no_target_succession => "Start Night: Attack @Selection [Succession: No Target Succession]";
    restriction_quantity => "Start Night: Attack @Selection [Quantity: 2]";
    restriction_quantity_selector => "Start Night: Attack @Selection [Quantity: @Self->Counter]";
    restriction_condition => "Start Night: Attack @Selection [Condition: @Selection is not @Self]";
    restriction_two => "Start Night: Attack @Selection [Temporal: Night 2+, Quantity: 1]";
    scaling_multiplier => "Start Night: Attack @Selection ⟨x2⟩";
    scaling_odd => "Start Night: Attack @Selection ⟨Odd: x2⟩";
    scaling_even => "Start Night: Attack @Selection ⟨Even: x3⟩";
    scaling_division => "Start Night: Attack @Selection ⟨$living/4⟩";
    scaling_dynamic => "Start Night: Attack @Selection ⟨$total>10 ⇒ x2⟩";
    scaling_dynamic_at_most => "Start Night: Attack @Selection ⟨$living≤5 ⇒ 2⟩";
    compulsion_direct => "Start Night: Attack @Selection {Direct}";
    compulsion_repeating => "Start Night: Attack @Selection {Repeating}";
    compulsion_visitless => "Start Night: Attack @Selection {Visitless}";
    compulsion_forced => "Start Night: Attack @Selection {Forced}";
    compulsion_forced_selection => "Start Night: Attack @Selection {Forced: @All}";
    compulsion_two => "Start Night: Attack @Selection {Direct, Visitless}";
    prompt_overwrite => "Start Night: Attack @Selection |Whom do you bake for?|";
    all_four_parameters =>
        "Start Night: Attack @Selection [Quantity: 2] {Direct} ⟨x2⟩ |Whom?|";
}

// ---------------------------------------------------------------------------------------------
// Line forms: bullets, process/evaluate, conditions, parameter lines, for each.

forms! {
    line_bullets_six_depths =>
        "Start Night:\n• Process:\n  ‣ Role Investigate @Selection\n• Evaluate:\n  ‣ @Result is `Miller`:\n    ◦ Learn `A miller`\n  ‣ Otherwise: Learn `Not a miller`";
    line_process_evaluate_blocks =>
        "Start Night:\n• Process:\n  ‣ Role Investigate @Selection\n• Evaluate:\n  ‣ @Result is `Miller`: Learn `Yes`\n  ‣ Otherwise: Learn `No`";
    line_process_alone => "Start Night:\n• Process:\n  ‣ Role Investigate @Selection";
    line_evaluate_alone =>
        "Start Night:\n• Evaluate:\n  ‣ @Self->Counter > 2: Learn `Many`\n  ‣ Otherwise: Learn `Few`";
    line_evaluate_inline => "Start Night: Evaluate: @Self->Counter > 2: Learn `Many`";
    line_implied_evaluate =>
        "Start Night:\n• @Self->Counter < 2: Learn `Few`\n• Otherwise: Learn `Many`";
    line_implied_evaluate_block =>
        "Start Night:\n• @Self->Counter < 2:\n  ‣ Learn `Few`\n  ‣ Increment Counter\n• Otherwise: Learn `Many`";
    line_implied_process =>
        "Start Night:\n• Role Investigate @Selection\n  ‣ @Result is `Miller`: Learn `Yes`\n  ‣ Otherwise: Learn `No`";
    line_parameters_only => "Start Night:\n• [Quantity: 1]\n• Attack @Selection";
    line_for_each_two_segments => "Start Night:\n• For Each @All: Learn `Hello`";
    condition_always => "Start Night:\n• Evaluate:\n  ‣ Always: Learn `Yes`";
    line_process_inline => "Start Night:\n• Process: Role Investigate @Selection\n• Evaluate:\n  ‣ Always: Learn `Done`";
    line_action_parameters =>
        "Start Night:\n• Action: [Quantity: 1] {Direct}\n• Process:\n  ‣ Attack @Selection\n• Evaluate:\n  ‣ Always: Learn `Done`";
    condition_is => "Passive: Learn `Same` [Condition: @Self is @Self]";
    condition_is_not => "Passive: Learn `Other` [Condition: @Selection is not @Self]";
    condition_less_than => "Passive: Learn `Few` [Condition: @Self->Counter < 3]";
    condition_greater_than => "Passive: Learn `Many` [Condition: @Self->Counter > 3]";
    condition_exists => "Passive: Learn `Someone` [Condition: @(Alignment:Werewolf) exists]";
    condition_not => "Passive: Learn `No one` [Condition: not (@(Alignment:Werewolf) exists)]";
    condition_and => "Passive: Learn `Both` [Condition: (@Self->Counter > 1) and (@Self->Counter < 5)]";
    condition_or => "Passive: Learn `Either` [Condition: (@Self->Counter < 1) or (@Self->Counter > 5)]";
    condition_has => "Passive: Learn `Floury` [Condition: @Self has `Floury`]";
    condition_is_in => "Passive: Learn `Member` [Condition: @Self is in #Bakery]";
    condition_is_part_of => "Passive: Learn `Baker` [Condition: @Self is part of @All]";
}

#[test]
fn a_line_of_parameters_only_formats_as_an_action_line() {
    // The bot gives a parameters-only line to the trigger's first ability, as an `Action:` line.
    let canonical = assert_form(
        Role,
        &role("Start Night:\n• [Quantity: 1]\n• Attack @Selection"),
    );
    assert!(
        canonical.contains("  • Action: [Quantity: 1]\n  • Attack @Selection"),
        "{canonical}"
    );
}

// ---------------------------------------------------------------------------------------------
// Variants of the forms above with the bot's optional parts.

forms! {
    polls_create_self => "On Poll Closed: Create Poll in #Market";
    polls_create_self_named => "On Poll Closed: Create Poll in #Market as `Second Bread`";
    polls_manipulate_with_duration =>
        "Start Day: Manipulate `Bread` Poll (@Self is `Unvotable`) (~NextDay)";
    polls_manipulate_votes_with_duration =>
        "Start Day: Manipulate `Bread` Poll (@Self has `2` votes) (~Phase)";
    polls_add_with_duration => "Start Night: Add `Bread` Poll (~UntilUse)";
    targeting_target_list => "Start Night: Target @Selection (List: Wheat, Rye)";
    whispering_with_duration => "Start Night: Whisper to #Market (~Phase)";
    obstructing_feedback_with_duration =>
        "Start Night: Obstruct Killing for @Selection ⇒ `Failure` (~Phase)";
    obstructing_inverted_subtype_feedback =>
        "Start Night: Obstruct !Role Investigating for @Selection ⇒ `Miller`";
    redirecting_type_with_duration => "Start Night: Redirect `Killing` to @Selection (~Phase)";
    manipulating_to_selector => "Start Day: Manipulate @Self's `public starting votes` to @Self->Counter";
    shuffle_five => "Starting: Shuffle `A` `B` `C` `D` `E`";
    display_four_values => "Starting: Display `Oven` (1, 2, 3, 4)";
    applying_apply_three_values => "Start Night: Apply `Floury` to @Self (~Persistent) (1, 2, 3)";
}

// More line forms of the bot's parser.

forms! {
    line_colon_inside_backticks => "Start Day: Learn `Note: the oven is hot`";
    line_colon_inside_backticks_in_a_branch =>
        "Start Day:\n• @Self->Counter > 1: Learn `Note: many loaves`\n• Otherwise: Learn `Note: few`";
    line_implied_process_block_conditions =>
        "Start Night:\n• Role Investigate @Selection\n  ‣ @Result is `Miller`:\n    ◦ Learn `A miller`\n    ◦ Increment Counter\n  ‣ Otherwise: Learn `No miller`";
    line_bullets_four_deep =>
        "Start Night:\n• Process:\n  ‣ Role Investigate @Selection\n• Evaluate:\n  ‣ @Result is `Miller`:\n    ◦ @Self->Counter > 1:\n      · Learn `Again a miller`\n    ◦ Otherwise: Learn `A miller`\n  ‣ Otherwise: Learn `No miller`";
    line_for_each_with_evaluate =>
        "Start Night:\n• For Each @All:\n  ‣ @Self has `Floury`: Learn `Floury`\n  ‣ Otherwise: Learn `Clean`";
}
