//! The guide's element formats, one concrete instance each (wwr-formalization-guide.md:
//! Role, Teams, Groups, Polls, Locations, Custom Attributes, Ability Set, Requirements, Role
//! Attributes; the 2025-05 additions Identity, Include and the Spectator player type).

use mafia_roles::element::{
    Access, Flag, Heading, Item, ListItem, PlayerType, RoleTitle, parse_element,
};
use mafia_roles::{Diagnostic, Element, ElementKind, Severity};

/// Parses `text` as a file of `kind`; returns the element and the error messages.
fn parse(kind: ElementKind, text: &str) -> (Element, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let element = parse_element(text, kind, "file", &mut diags).expect("formalized text");
    (element, diags)
}

/// Parses text that must have no error.
fn clean(kind: ElementKind, text: &str) -> Element {
    let (element, diags) = parse(kind, text);
    let errors: Vec<_> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "unexpected errors: {errors:#?}");
    element
}

fn values(list: &[mafia_roles::source::Spanned<ListItem>]) -> Vec<ListItem> {
    list.iter().map(|i| i.value.clone()).collect()
}

fn sel(s: &str) -> ListItem {
    ListItem::Selector(s.into())
}

fn word(s: &str) -> ListItem {
    ListItem::Word(s.into())
}

#[test]
fn a_solo_role_names_group_category_and_team_in_its_title() {
    let role = clean(
        ElementKind::Role,
        "**Arsonist** | Solo Killing - Pyro Team\n__Formalized__\nUnique Role\nHaunted Role\nStarting: Join #Pyros\n",
    );
    assert_eq!(role.name, "Arsonist");
    let Heading::Role(RoleTitle {
        group,
        category,
        team,
        tags,
    }) = &role.heading
    else {
        panic!("a role heading");
    };
    assert_eq!(group.as_deref(), Some("Solo"));
    assert_eq!(category.as_deref(), Some("Killing"));
    assert_eq!(team.as_ref().map(|t| t.value.as_str()), Some("Pyro"));
    assert!(tags.is_empty());
    assert!(role.has_flag(Flag::UniqueRole));
    assert!(role.has_flag(Flag::HauntedRole));
    assert_eq!(role.abilities().count(), 1);
}

#[test]
fn title_tags_after_a_second_bar_are_kept() {
    let role = clean(
        ElementKind::Role,
        "**Ice Queen** | Solo Power - Ice Royals Team | Archived \n__Formalized__\nNo Abilities\n",
    );
    let Heading::Role(title) = &role.heading else {
        panic!("a role heading");
    };
    assert_eq!(title.team.as_ref().unwrap().value, "Ice Royals");
    assert_eq!(title.tags, ["Archived"]);
    assert!(role.has_flag(Flag::NoAbilities));
}

#[test]
fn a_role_may_inherit_require_get_attributes_identity_and_include() {
    let role = clean(
        ElementKind::Role,
        "**Cursebearer** | Werewolf Miscellaneous\n__Formalized__\n\
         Inherit: `Pack Lycan`\nRequire: `Butcher`\nRole Attribute: `Lycan`\nIdentity: `Citizen`\nInclude: %Role%\n",
    );
    let names: Vec<String> = role
        .items
        .iter()
        .map(|i| match i {
            Item::Inherit(n) => format!("inherit {}", n.value),
            Item::Require(n) => format!("require {}", n.value),
            Item::RoleAttribute(n) => format!("attribute {}", n.value),
            Item::Identity(n) => format!("identity {}", n.value),
            Item::Include(n) => format!("include {}", n.value),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        names,
        [
            "inherit Pack Lycan",
            "require Butcher",
            "attribute Lycan",
            "identity Citizen",
            "include %Role%"
        ]
    );
}

#[test]
fn the_guide_quotes_names_with_single_quotes_and_that_is_accepted() {
    // The guide writes `Inherit: '<AbilitySetName>'`, meaning backticks.
    let role = clean(
        ElementKind::Role,
        "**Wolf** | Werewolf Miscellaneous\n__Formalized__\nInherit: 'Pack'\n",
    );
    assert!(matches!(&role.items[0], Item::Inherit(n) if n.value == "Pack"));
}

#[test]
fn an_unquoted_name_is_an_error_with_the_fix() {
    let (_, diags) = parse(
        ElementKind::Role,
        "**Wolf** | Werewolf Miscellaneous\n__Formalized__\nInherit: Pack\n",
    );
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].message, "`Inherit:` expects a name in backticks");
    assert_eq!(diags[0].help.as_deref(), Some("write `Inherit: `Pack``"));
}

#[test]
fn a_team_has_a_win_condition_of_selectors() {
    let team = clean(
        ElementKind::Team,
        "**Werewolves**\n__Formalized__\nWin Condition: @(Alignment:Werewolf), @(Class:Unaligned)\nOn Join: Apply `Wolfish` to @Joiner {Visitless}\n",
    );
    let Item::WinCondition(list) = &team.items[0] else {
        panic!("a win condition");
    };
    assert_eq!(
        values(list),
        [sel("@(Alignment:Werewolf)"), sel("@(Class:Unaligned)")]
    );
    assert_eq!(team.abilities().count(), 1);
}

#[test]
fn an_empty_win_condition_means_the_team_never_wins_as_a_team() {
    let team = clean(
        ElementKind::Team,
        "**Unaligned**\n__Formalized__\nWin Condition: \n",
    );
    assert!(matches!(&team.items[0], Item::WinCondition(l) if l.is_empty()));
}

#[test]
fn a_group_names_its_team_and_may_be_unique() {
    let group = clean(
        ElementKind::Group,
        "**Wolfpack** | Werewolf Team Group\n__Formalized__\nUnique Group\nPassive Start Night: Create `Wolfpack` Poll in #wolfpack\n",
    );
    let Heading::Group(title) = &group.heading else {
        panic!("a group heading");
    };
    assert_eq!(title.team.as_ref().unwrap().value, "Werewolf");
    assert!(group.has_flag(Flag::UniqueGroup));
}

#[test]
fn a_poll_lists_options_voters_show_voters_random_and_its_triggers() {
    let poll = clean(
        ElementKind::Poll,
        "**Cult** | Poll\nAvailable Options: @All, Random, Abstain\nAllowed Voters: @(Group:Cult)\nShow Voters: No\nRandom: @(Group:!Cult)\nPassive Start Night: Create Poll in #cult\nOn Poll Closed: Lynch @Winner\n",
    );
    let [
        Item::AvailableOptions(options),
        Item::AllowedVoters(voters),
        Item::ShowVoters(show),
        Item::Random(random),
        Item::Ability(_),
        Item::Ability(_),
    ] = poll.items.as_slice()
    else {
        panic!("unexpected items: {:#?}", poll.items);
    };
    assert_eq!(
        values(options),
        [sel("@All"), word("Random"), word("Abstain")]
    );
    assert_eq!(values(voters), [sel("@(Group:Cult)")]);
    assert!(!show.value);
    assert_eq!(random.value, "@(Group:!Cult)");
}

#[test]
fn a_location_has_a_sort_index_members_and_viewers() {
    let location = clean(
        ElementKind::Location,
        "**Graveyard**\n__Formalized__\nSort Index: 6\nMembers: Ghost\nViewers: Dead, Spectator, Ghost Mentor\nHaunting: Yes\n",
    );
    let [
        Item::SortIndex(n),
        Item::Members(m),
        Item::Viewers(v),
        Item::Haunting(h),
    ] = location.items.as_slice()
    else {
        panic!("unexpected items: {:#?}", location.items);
    };
    assert_eq!(n.value, 6);
    assert!(
        matches!(&m.value, Access::Players(p) if p.iter().map(|p| &p.value).eq([&PlayerType::Ghost]))
    );
    let Access::Players(viewers) = &v.value else {
        panic!("a player list");
    };
    let viewers: Vec<_> = viewers.iter().map(|p| p.value.clone()).collect();
    assert_eq!(
        viewers,
        [
            PlayerType::Dead,
            PlayerType::Spectator,
            PlayerType::GhostMentor
        ]
    );
    assert!(h.value);
}

#[test]
fn a_location_may_be_closed_or_open_to_all_and_may_name_a_role() {
    let location = clean(
        ElementKind::Location,
        "**Town Square**\nSort Index: 1\nMembers: Mayor\nViewers: *All*\n",
    );
    assert!(
        matches!(&location.items[1], Item::Members(m) if matches!(&m.value, Access::Players(p) if p[0].value == PlayerType::Role("Mayor".into())))
    );
    assert!(matches!(&location.items[2], Item::Viewers(v) if v.value == Access::Everybody));
    let closed = clean(
        ElementKind::Location,
        "**Information**\nSort Index: 0\nMembers: *None*\nViewers: *All*\n",
    );
    assert!(matches!(&closed.items[1], Item::Members(m) if m.value == Access::Nobody));
}

#[test]
fn a_custom_attribute_may_have_no_abilities() {
    let attr = clean(
        ElementKind::Attribute,
        "**Powdered** | Attribute\n__Formalized__\nNo Abilities\n",
    );
    assert_eq!(
        attr.items,
        [Item::Flag(mafia_roles::source::Spanned::new(
            Flag::NoAbilities,
            40..52
        ))]
    );
}

#[test]
fn an_ability_set_is_formalized_after_its_title() {
    let set = clean(
        ElementKind::AbilitySet,
        "**Pack** | Ability Set\nStarting: Join #Wolfpack\n",
    );
    assert_eq!(set.name, "Pack");
    assert_eq!(set.abilities().count(), 1);
}

#[test]
fn unfinished_roles_are_a_warning_not_an_error() {
    let (role, diags) = parse(
        ElementKind::Role,
        "**Golem** | Townsfolk Power\n__Formalized__\nN/A\n",
    );
    assert!(matches!(&role.items[0], Item::Unfinished(u) if u.value == "N/A"));
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].severity, Severity::Warning);
    assert_eq!(diags[0].message, "this role is not formalized yet (`N/A`)");
}

#[test]
fn header_lines_of_another_kind_are_errors_naming_the_kind() {
    let (_, diags) = parse(
        ElementKind::Role,
        "**Seer** | Townsfolk Investigative\n__Formalized__\nWin Condition: @All\nUnique Group\n",
    );
    let messages: Vec<_> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "`Win Condition:` does not belong in a role",
            "`Unique Group` does not belong in a role"
        ]
    );
}

#[test]
fn spans_point_into_the_whole_file() {
    let text =
        "**Wolf** | Werewolf Miscellaneous\n__Basics__\nA wolf.\n__Formalized__\nInherit: `Pack`\n";
    let role = clean(ElementKind::Role, text);
    let Item::Inherit(name) = &role.items[0] else {
        panic!("inherit");
    };
    assert_eq!(&text[name.span.clone()], "Pack");
    assert_eq!(&text[role.formalized.clone()], "Inherit: `Pack`\n");
}

#[test]
fn a_role_file_without_a_formalized_section_has_no_element() {
    let mut diags = Vec::new();
    let text = "**Baroness Special Roles**\nCoroner - Learns how participants died.\n";
    assert!(parse_element(text, ElementKind::Role, "x", &mut diags).is_none());
    assert!(diags.is_empty());
}
