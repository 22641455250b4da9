//! The recognisers' vocabulary as data: the phrasings of GM commands ([`CommandWords`]) and
//! the words of votes ([`VoteWords`]). [`crate::commands`] and [`crate::votes`] read posts
//! through these tables, so a forum's conventions can be added as another table rather than
//! as code. All words are lower case; matching ignores case.

use crate::phase::PhaseKind;

/// Lower-case words that follow each other on a line.
pub type Phrase = &'static [&'static str];

/// A replacement phrasing: the words between the two names, which name comes first, and
/// whether the words alone say a replacement (so a name that cannot be read is reported).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplacePhrase {
    pub words: Phrase,
    /// `NEW replaces OLD` (true) or `OLD is replaced by NEW` (false).
    pub new_first: bool,
    /// The words mean a replacement whatever stands around them ("replaces"); "is in for"
    /// does only between a user's and a player's name ("Bob is in for a surprise").
    pub certain: bool,
}

const fn new_first(words: Phrase, certain: bool) -> ReplacePhrase {
    ReplacePhrase {
        words,
        new_first: true,
        certain,
    }
}

const fn old_first(words: Phrase) -> ReplacePhrase {
    ReplacePhrase {
        words,
        new_first: false,
        certain: true,
    }
}

/// How GM commands are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandWords {
    /// `##RESURRECT NAME`: the tag that opens the line.
    pub resurrect_tag: &'static str,
    /// `NEW has replaced OLD`, `OLD is replaced by NEW`, `NEW is in for OLD`: the words
    /// between the names. A NEW who is not a known user yet is kept as written, and the
    /// replacement waits for their first post.
    pub replace: &'static [ReplacePhrase],
    /// `OLD is flaking`, `OLD has requested replacement`: words after a player's name that
    /// open their slot for replacement.
    pub vacancy_after_name: &'static [Phrase],
    /// `searching for a replacement for OLD`: words before a player's name (or a list of
    /// names) that open their slot for replacement.
    pub vacancy_before_name: &'static [Phrase],
    /// `Replacing OLD.`: words that open a slot for replacement only as the first words of
    /// the line ("Thanks for replacing OLD" is no request).
    pub vacancy_opening_line: &'static [Phrase],
    /// `Filled by NEW`, `replaced by NEW`: words before the name of whoever fills an open
    /// slot.
    pub fill_before_name: &'static [Phrase],
    /// `NEW is in`, `NEW subs in`: words after the name of whoever fills an open slot, ending
    /// their sentence.
    pub fill_after_name: &'static [Phrase],
    /// At most this many words are kept as the written name of someone who is not a known
    /// user yet ("the wonderful Empking").
    pub written_name_words: usize,
    /// A relative pronoun after a comma between a new player's name and the replacement
    /// phrase: "Say hi to Fire Assassin, who is replacing in for Knighty Knight!" (mafiascum
    /// 68685 post 597) names Fire Assassin.
    pub relative_pronouns: &'static [&'static str],
    /// `UNEND GAME` and friends.
    pub unend_game: &'static [Phrase],
    /// `The votecount has been reset`, `Votes are reset; day continues.`: words that, as a
    /// sentence of their own opening the line (after an optional `the` or `all`), clear every
    /// vote of the day.
    pub votes_reset: &'static [Phrase],
    /// `NEW takes OLD's spot`, `NEW takes his spot`: the nouns of the place taken, which end
    /// the sentence ("takes her place in history" is no replacement).
    pub places: &'static [&'static str],
    /// The pronouns of `NEW takes his spot`, whose old player the sentence before names.
    pub place_pronouns: &'static [&'static str],
    /// `OLD has been replaced.`, `OLD was replaced.`: the sentence before `NEW takes his spot`
    /// that names the old player (its words after the name, ending the sentence).
    pub replaced_sentence: &'static [Phrase],
    /// `GAME HAS ENDED` and friends.
    pub end_game: &'static [Phrase],
    /// Two-word bold headings, alone on their line, that end the game (`End Game`).
    pub end_game_headings: &'static [[&'static str; 2]],
    /// "Good game, everyone.": a farewell that opens a GM line and ends its sentence within
    /// [`CommandWords::farewell_words`] words ends the game.
    pub end_game_farewells: &'static [Phrase],
    pub farewell_words: usize,
    /// Words that, up to [`CommandWords::condition_reach`] words before an end-of-game
    /// phrase, make it rules text ("until the game is over").
    pub condition_openers: &'static [&'static str],
    pub condition_reach: usize,
    /// `DAY … HAS ENDED EARLY`: the closing words (the line ends with them).
    pub ended_early: [&'static str; 3],
    /// 2016 dialect: `DAY|NIGHT … HAS BEGUN|HAS ENDED`: the auxiliary, and each verb with
    /// whether it means the phase has begun.
    pub phase_change_2016: (&'static str, &'static [(&'static str, bool)]),
    /// `DEADLINE … MOVED <time> LATER|EARLIER`.
    pub deadline: &'static str,
    pub moved: &'static str,
    pub later: &'static str,
    pub earlier: &'static str,
    /// `PLAYER … DIED` and the other death words.
    pub death: &'static [Phrase],
    /// Death words that say a death only when a phase follows them ("Zaicon, Mafia Goon,
    /// killed Night 1.", "X - Vanilla Townie - Lynched Day One"): alone they are too common
    /// in hosts' prose ("the mafia killed", "a lynched townie").
    pub death_before_phase: &'static [Phrase],
    /// Words before a [`CommandWords::death_before_phase`] word that make it no death ("to
    /// be lynched Day 1").
    pub death_not_after: &'static [&'static str],
    /// Words that make a GM line with a player's name look like a death: when such a line
    /// gives no command, the review list shows it.
    pub unread_death_words: &'static [&'static str],
    /// "Lootifer was a Vanilla Townie": words after a player's name opening a line that
    /// make it look like a flip (a death told in a story), for the review list.
    pub flip_words: &'static [Phrase],
    /// At most this many words of a theme's verb phrase in the frame "NAME, ROLE, VERB
    /// PHASE." ("jumped to his death Day 3", `commands/marks.rs`).
    pub frame_verb_words: usize,
    /// The bracketed word after a name that marks the lynched wagon in a host's count
    /// (`Creature [LYNCHED] : …`, `BananaCucho (LYNCH): …`), in lower case.
    pub lynch_marks: &'static [&'static str],
    /// "Dead during Night 1:": the first word of a heading over a list of the dead, one per
    /// line (`commands/dead_list.rs`).
    pub dead_list_words: &'static [&'static str],
    /// A GM line saying the day ended without a lynch ("There has been No Lynch. It is now
    /// Night 3.", 16214 post 604), in lower case: a hammer the tracker saw did not lynch
    /// (`state/hammer.rs`).
    pub no_lynch_told: &'static [&'static str],
    /// Words between a death word and the phase it names ("was killed on Night 2").
    pub phase_links: &'static [&'static str],
    /// Words of a death phrase that make it a lynch (which only a day has).
    pub lynch_words: &'static [&'static str],
    /// "He was …": the words that open a death comment.
    pub death_comment_openers: &'static [[&'static str; 2]],
    /// The names of the phase kinds.
    pub phase_kinds: &'static [(&'static str, PhaseKind)],
    /// Phase numbers written as words, from zero.
    pub numbers: &'static [&'static str],
    /// "Town wins", "The Mafia has won", "town victory": the words after the side.
    pub win: &'static [Phrase],
    /// "… has won the game!": words that may follow [`CommandWords::win`] at the end of a
    /// sentence that names the winners between the side and the verb ("The Mafia, consisting
    /// of gerryoat, Manuel87, and eagerSnake, has won the game!", 68345 post 2229).
    pub win_object: &'static [&'static str],
    /// "The game ends in a scum victory!": the articles before a side that ends its sentence
    /// with the win words.
    pub outcome_articles: &'static [&'static str],
    /// "… survived and won!", "… have won Mini 1728!": the last win word of a sentence that
    /// opens with a winner's name (`commands/winners.rs`).
    pub player_win: &'static [&'static str],
    /// "Mini 1728", "Mini Normal 1187": a game's name after the win words.
    pub game_kind: &'static [&'static str],
    /// The sides a host names as winners, and how the status names them.
    pub sides: &'static [(&'static str, &'static str)],
    /// "It is (now) Day 2": the opening words, and the second word's spellings ("it's" is
    /// folded to `it s`).
    pub it_is: (&'static str, &'static [&'static str]),
    /// "It is now / currently Day 2".
    pub it_is_now: &'static [&'static str],
    /// "Day 2 has / is …".
    pub announce_auxiliaries: &'static [&'static str],
    /// "Day 2 has now begun".
    pub announce_now: &'static str,
    /// "Day 2 has begun", "Day 2 begins", …: the verbs that announce a phase.
    pub announce_verbs: &'static [&'static str],
    /// Verbs that announce a phase only when they end the sentence ("Day 1 start.", MTG
    /// Salvation; not "Day 2 start time is 20:00").
    pub announce_verbs_at_end: &'static [&'static str],
    /// "Day 2 has officially begun".
    pub announce_adverbs: &'static [&'static str],
    /// "Night has fallen", "Day breaks!": verbs that begin a phase named without a number.
    pub fallen: &'static [&'static str],
    /// "Day 2 has ended", "Night 1 is over": the phase is over, the next one begins. After an
    /// auxiliary only ("Day 2 ended" may be a story).
    pub over_words: &'static [&'static str],
    /// "Night Two has come to a close" (66752 post 452): after the auxiliary.
    pub over_phrases: &'static [Phrase],
    /// "Day 2 ends now.", "Day 1 end.": only when they end the sentence or "now" follows.
    pub over_verbs_at_end: &'static [&'static str],
    /// "Night phase starts now": a word between the kind and the verb.
    pub phase_nouns: &'static [&'static str],
    /// Words after which a clause opens inside a sentence ("Night 1 is over and Day 2
    /// begins").
    pub clause_openers: &'static [&'static str],
    /// "Day 2 ends in …", "Day 2 Vote Count 3": words after a phase that say it is running
    /// (70230 post 1746: "Night 2 ends in (expired on …)").
    pub running_after: &'static [Phrase],
    /// "Day 6 starts in (expired on …)" (29423 post 2170, after "It is now Night 5."): words
    /// after a verb of [`Self::announce_verbs`] that put the start to come, not now.
    pub begins_later: &'static [&'static str],
    /// "Votecount of Day 2", "The deadline for Day 2 is …" (18910 post 195: "First Votecount
    /// of Day 2"): words before a phase that say it is running.
    pub running_before: &'static [Phrase],
    /// "Votecount 2.0": a vote count numbered day.count.
    pub count_words: &'static [Phrase],
    /// Words that may open those ("the", "first", "official").
    pub running_lead: &'static [&'static str],
    /// "Nobody died Night 3.", "No one was killed.", "Nobody died last night." opening a
    /// sentence: the night's result, told when the night is over (25 posts of the corpus,
    /// each opening a day).
    pub no_death: &'static [Phrase],
    /// "… last night", "… in the night": words after [`CommandWords::no_death`] that name
    /// the night without a number.
    pub last_night: &'static [Phrase],
    /// "No Lynch has been Lynched.", "No lynch occurred Day 4.", "No Lynch has occured.":
    /// the words after a sentence's opening no-lynch ([`VoteWords::no_lynch`]) that say the
    /// day ended without a lynch.
    pub no_lynch_over: &'static [Phrase],
    /// One-word phases: `D2`, `N1` (64916 post 870: "D1 has ended. … N1 begins now."),
    /// `Night1`.
    pub phase_abbreviations: &'static [(&'static str, PhaseKind)],
}

impl CommandWords {
    /// The command language of the spec (`gm-commands.txt`, `gm-commands-2016.html`) and of
    /// the hosts whose threads the tests read.
    pub const STANDARD: CommandWords = CommandWords {
        resurrect_tag: "##resurrect",
        // The spec's two phrasings, then mafiascum hosts' own ("Nexus replaces TheLonging.",
        // thread 16214 post 527; "Quilford is replaced by the wonderful Empking!", 17230 post
        // 176; "th3kuzinator has been replaced by Archaist", 17401 post 128).
        replace: &[
            new_first(&["has", "replaced"], true),
            new_first(&["is", "replacing"], true),
            new_first(&["replaces"], true),
            new_first(&["will", "replace"], true),
            new_first(&["will", "be", "replacing"], true),
            new_first(&["replaces", "in", "for"], true),
            new_first(&["is", "replacing", "in", "for"], true),
            // "TierShift replaced Flames682." (59806 post 871).
            new_first(&["replaced"], false),
            new_first(&["is", "in", "for"], false),
            new_first(&["subs", "in", "for"], false),
            new_first(&["is", "subbing", "in", "for"], false),
            new_first(&["has", "subbed", "in", "for"], false),
            new_first(&["subs", "for"], false),
            new_first(&["is", "subbing", "for"], false),
            new_first(&["has", "subbed", "for"], false),
            // "X takes over for Y" (issue 11's mafiascum phrasings); `NEW takes OLD's spot`
            // is read apart (commands/spot.rs).
            new_first(&["takes", "over", "for"], true),
            // "All In is new Robbnva. Yay! Please welcome!" (67354 post 316).
            new_first(&["is", "new"], false),
            new_first(&["is", "the", "new"], false),
            old_first(&["is", "replaced", "by"]),
            old_first(&["has", "been", "replaced", "by"]),
            old_first(&["was", "replaced", "by"]),
            old_first(&["is", "being", "replaced", "by"]),
            old_first(&["will", "be", "replaced", "by"]),
            // "AngelInFreezer has been replaced with GuyInFreezer." (28540 post 663).
            old_first(&["has", "been", "replaced", "with"]),
            old_first(&["is", "replaced", "with"]),
            old_first(&["was", "replaced", "with"]),
        ],
        // "Fatso has requested replacement." (16769 post 201), "Otolia is being force
        // replaced" (16959 post 977), "Searching for a replacement for TheLonging." (16214
        // post 511), "Now seeking replacements for iamausername and Rhinox." (17401 post 410).
        vacancy_after_name: &[
            &["is", "flaking"],
            &["has", "flaked"],
            &["needs", "a", "replacement"],
            &["needs", "replacement"],
            &["needs", "replacing"],
            &["needs", "to", "be", "replaced"],
            &["replacement", "needed"],
            &["has", "requested", "replacement"],
            &["has", "requested", "a", "replacement"],
            &["requested", "replacement"],
            &["requested", "a", "replacement"],
            &["has", "requested", "to", "be", "replaced"],
            &["has", "now", "requested", "to", "be", "replaced"],
            &["has", "asked", "for", "replacement"],
            &["has", "asked", "for", "a", "replacement"],
            &["has", "asked", "to", "be", "replaced"],
            &["is", "being", "replaced"],
            &["is", "being", "force", "replaced"],
            &["is", "force", "replaced"],
            &["is", "replacing", "out"],
            &["will", "be", "replacing", "out"],
            // "Marvellosity will be replaced as soon as the replacement confirms." (The Void,
            // TeamLiquid, post 890); "will be replaced by X" is a replacement, read first.
            &["will", "be", "replaced"],
        ],
        vacancy_before_name: &[
            &["replacement", "for"],
            &["replacements", "for"],
            &["replacement", "needed", "for"],
            &["replacement", "of"],
        ],
        // "Replacing Brokenscraps.  Will have a votecount when replacement is found." (17645
        // post 1005), "Replacing Marcus2596 immediately" (58587 post 79, a line after "I
        // PRESENT CANDICE!"): mafiascum hosts' request, some thirty times in the fixtures.
        vacancy_opening_line: &[&["replacing"]],
        fill_before_name: &[&["filled", "by"], &["replaced", "by"]],
        fill_after_name: &[
            &["is", "in"],
            &["subs", "in"],
            &["is", "subbing", "in"],
            &["has", "subbed", "in"],
            &["replaces", "in"],
            &["is", "replacing", "in"],
            &["has", "replaced", "in"],
        ],
        written_name_words: 4,
        relative_pronouns: &["who"],
        // "The Votecount has been Reset" (16959 post 234, after a day kill), "Votes are
        // reset; day continues." (25003 posts 159 and 703), "Vote count has been reset" (34780
        // post 284); not "all votes are reset at the start of D1" (72581's rules, post 2).
        votes_reset: &[
            &["votecount", "has", "been", "reset"],
            &["vote", "count", "has", "been", "reset"],
            &["votecount", "is", "reset"],
            &["vote", "count", "is", "reset"],
            &["votes", "have", "been", "reset"],
            &["votes", "are", "reset"],
            &["votes", "were", "reset"],
        ],
        // "Sleepy has been replaced. Scorpius takes his spot!" (mafiascum 63130 post 41).
        places: &["spot", "slot", "place"],
        place_pronouns: &["his", "her", "their"],
        replaced_sentence: &[&["has", "been", "replaced"], &["was", "replaced"]],
        unend_game: &[
            &["unend", "game"],
            &["game", "has", "unended"],
            &["game", "unended"],
        ],
        end_game: &[
            &["game", "has", "ended"],
            &["game", "ended"],
            &["game", "is", "over"],
        ],
        end_game_headings: &[["end", "game"], ["game", "over"]],
        end_game_farewells: &[&["good", "game"]],
        farewell_words: 4,
        condition_openers: &[
            "until", "till", "til", "when", "whenever", "after", "before", "once", "if", "unless",
            "while", "since", "whether",
        ],
        condition_reach: 3,
        ended_early: ["has", "ended", "early"],
        phase_change_2016: ("has", &[("begun", true), ("ended", false)]),
        deadline: "deadline",
        moved: "moved",
        later: "later",
        earlier: "earlier",
        death: &[
            &["died"],
            &["dead"],
            &["been", "lynched"],
            &["been", "killed"],
            &["been", "eaten"],
            // How TeamLiquid hosts announce night kills and modkills ("X the VT has been
            // shot!").
            &["been", "shot"],
            &["been", "modkilled"],
            // "X is modkilled" (issue 11's list of host phrasings; "X has been modkilled" is
            // the line above).
            &["is", "modkilled"],
            // mafiascum hosts: "RedCoyote, Vanilla Townie, was lynched Day 5." (16769 post
            // 494), "bvoigt, a Vanilla Townie was killed Night 2" (17289), "Maestro was
            // nightkilled Night 1." (22466 post 708); "have been eliminated" (flips).
            &["was", "lynched"],
            &["was", "killed"],
            &["was", "nightkilled"],
            &["was", "modkilled"],
            &["was", "eliminated"],
            &["were", "lynched"],
            &["were", "killed"],
            &["were", "eliminated"],
            &["been", "eliminated"],
            &["been", "nightkilled"],
            // "X has been hanged", "X was found dead" (dead), "X was executed".
            // "CryMeARiver, Vanilla Townie, has been night killed." (21622 post 535).
            &["been", "night", "killed"],
            &["was", "night", "killed"],
            // "Mirhawk, Vanilla Townie, has been unscrupulously murdered!" (51535 post 726).
            &["been", "murdered"],
            &["was", "murdered"],
            &["been", "hanged"],
            &["was", "hanged"],
            &["was", "executed"],
            &["been", "executed"],
        ],
        // mafiascum co-hosts: "Robbnva, Vanilla Town, killed Night 1." (29844 post 1503),
        // "Starbuckles - Vanilla Townie - Lynched Day One" (23262 post 398).
        death_before_phase: &[
            &["lynched"],
            &["killed"],
            &["nightkilled"],
            &["modkilled"],
            &["hanged"],
            &["eliminated"],
            &["shot"],
            // "C-Worl, Vanilla Townie, shot to death on Night 1." (17401 post 257).
            &["shot", "to", "death"],
            &["died"],
            // "AngryPidgeon dies Night 2. He was a 1-Shot Hider." (23438 post 1139).
            &["dies"],
        ],
        death_not_after: &["be", "to", "not", "never", "being"],
        unread_death_words: &[
            "lynched",
            "killed",
            "died",
            "dead",
            "hanged",
            "hung",
            "eliminated",
            "nightkilled",
            "modkilled",
            "executed",
            "shot",
            "flipped",
            "murdered",
        ],
        // "froot loop was Vanilla Town." (held-out 48518 post 1144, the Day 4 lynch told in
        // the end post's story): a role without an article.
        flip_words: &[
            &["was", "a"],
            &["was", "an"],
            &["was", "the"],
            &["was", "vanilla"],
            &["was", "town"],
            &["was", "mafia"],
        ],
        // Counted over the corpus's posts: "there has been no lynch" 2, "no one was lynched"
        // 2, "no one has been lynched" 2, "no lynch occurred" 3 ("no lynch today" is mostly
        // rules text, so it is not here).
        // "(LYNCH)" or "[LYNCHED]" after a wagon's name: 29423, 63250, 65120, 66137, 71483,
        // 71796 and more of the corpus's hosts.
        lynch_marks: &["lynch", "lynched"],
        dead_list_words: &["dead", "killed", "died"],
        frame_verb_words: 6,
        no_lynch_told: &[
            "there has been no lynch",
            "no one was lynched",
            "no one has been lynched",
            "no lynch occurred",
            "no lynch has occurred",
            // "There will be no lynch today. Night 3 begins now" (24640 post 1261: the hammer
            // came after the deadline).
            "there will be no lynch",
            "no lynch today",
        ],
        // "got killed at Night1" (62339 post 2).
        phase_links: &["on", "during", "in", "at"],
        lynch_words: &["lynched", "lynch", "hanged", "executed"],
        death_comment_openers: &[["he", "was"], ["she", "was"], ["they", "were"]],
        phase_kinds: &[("day", PhaseKind::Day), ("night", PhaseKind::Night)],
        numbers: &[
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ],
        win: &[
            &["wins"],
            &["win"],
            &["has", "won"],
            &["have", "won"],
            &["victory"],
            &["wins", "the", "game"],
        ],
        win_object: &["the", "game"],
        player_win: &["won", "wins", "win"],
        outcome_articles: &["a", "an"],
        game_kind: &["mini", "normal", "theme"],
        sides: &[
            ("town", "Town"),
            ("village", "Town"),
            ("townies", "Town"),
            ("mafia", "Mafia"),
            ("scum", "Mafia"),
            ("werewolves", "Werewolves"),
            ("wolves", "Werewolves"),
            ("cult", "Cult"),
        ],
        it_is: ("it", &["is", "s"]),
        it_is_now: &["now", "currently"],
        announce_auxiliaries: &["has", "is"],
        announce_now: "now",
        announce_verbs: &[
            "begun",
            "begins",
            "beginning",
            "started",
            "starts",
            "starting",
            // "Day 3 dawns with 9 alive, 5 to lynch." (33249 post 1922)
            "dawns",
            "dawned",
        ],
        announce_verbs_at_end: &["start"],
        announce_adverbs: &["officially"],
        // "Day breaks!" (held-out 30779 post 928).
        fallen: &["fallen", "falls", "breaks"],
        over_words: &["ended", "over", "concluded", "finished", "closed"],
        over_phrases: &[&["come", "to", "a", "close"], &["come", "to", "an", "end"]],
        over_verbs_at_end: &["end", "ends"],
        phase_nouns: &["phase"],
        clause_openers: &["and", "so", "then"],
        running_after: &[
            &["ends", "in"],
            &["ends", "at"],
            &["ends", "on"],
            &["will", "end", "in"],
            &["will", "end", "at"],
            &["will", "end", "on"],
            &["deadline"],
            &["vote", "count"],
            &["votecount"],
        ],
        begins_later: &["in"],
        running_before: &[
            &["votecount", "of"],
            &["vote", "count", "of"],
            &["deadline", "for"],
        ],
        // "Official Vote Count 2.0" (145 counts of 29423, 34780, 63443, 67354).
        running_lead: &["the", "first", "official"],
        count_words: &[&["votecount"], &["vote", "count"]],
        // 16959 post 1028 "Nobody died Night 3.", 23082 post 357 "No one was killed Night 1",
        // 59806 post 1388 "No one was killed.", 68714 post 1076 "Nobody died last night.",
        // 67506 post 2553 "Nobody died in the night, will edit vote later".
        no_death: &[
            &["nobody", "died"],
            &["nobody", "has", "died"],
            &["nobody", "was", "killed"],
            &["nobody", "has", "been", "killed"],
            &["no", "one", "died"],
            &["no", "one", "has", "died"],
            &["no", "one", "was", "killed"],
            &["no", "one", "has", "been", "killed"],
            &["noone", "died"],
            &["noone", "was", "killed"],
        ],
        // 17864 post 1506 "No Lynch has been Lynched.", 22466 post 1893 "No lynch occurred
        // Day 4.", 23262 post 1049 "No Lynch has occured." (also in "no_lynch_told").
        no_lynch_over: &[
            &["has", "been", "lynched"],
            &["was", "lynched"],
            &["occurred"],
            &["occured"],
            &["has", "occurred"],
            &["has", "occured"],
        ],
        last_night: &[
            &["last", "night"],
            &["in", "the", "night"],
            &["during", "the", "night"],
            &["overnight"],
            &["tonight"],
        ],
        phase_abbreviations: &[
            ("d", PhaseKind::Day),
            ("n", PhaseKind::Night),
            ("day", PhaseKind::Day),
            ("night", PhaseKind::Night),
        ],
    };

    /// The phase kind a word names (`day`, `night`).
    pub fn phase_kind(&self, word: &str) -> Option<PhaseKind> {
        self.phase_kinds
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, kind)| *kind)
    }

    /// A one-word phase: `d2`, `n1` (lower case).
    pub fn phase_abbreviation(&self, word: &str) -> Option<crate::phase::Phase> {
        self.phase_abbreviations.iter().find_map(|(prefix, kind)| {
            let digits = word.strip_prefix(prefix)?;
            if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let number = digits.parse().ok()?;
            Some(crate::phase::Phase {
                kind: *kind,
                number,
            })
        })
    }

    /// A phase number: digits, or a number word.
    pub fn phase_number(&self, word: &str) -> Option<u32> {
        if word.chars().all(|c| c.is_ascii_digit()) {
            return word.parse().ok();
        }
        self.numbers
            .iter()
            .position(|w| *w == word)
            .and_then(|n| u32::try_from(n).ok())
    }
}

/// How votes are written (the syntaxes themselves are chosen per game:
/// [`VoteSyntax`](crate::config::VoteSyntax)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VoteWords {
    /// The tracker bot's `##VOTE name` / `##UNVOTE`: the words after the hashes.
    pub bot_vote: &'static str,
    pub bot_unvote: &'static str,
    /// Bold `Vote: name` / `Vote name`.
    pub vote: &'static str,
    /// What may stand for the colon after a bold `Vote` (`Vote; Sub`: the same key unshifted,
    /// mafiascum thread 16214).
    pub colons: &'static [char],
    /// Bold `Unvote`, `Un vote`, `Un-vote`, and the transposed `Unvtoe` (`unvtoe, vote: X`,
    /// written by two players: 18920 post 132, 23438 post 109, whose host counts the vote).
    pub unvote: &'static [&'static str],
    /// Abbreviations that look like votes but do not count (`V:`, `UV:`).
    pub short: &'static [&'static str],
    /// Labels a forum writes inside its vote tags before the name (mafiascum's phpBB renders
    /// `[vote]Bob[/vote]` as `VOTE: Bob`): read as the verb, not as part of the name.
    pub tag_vote: &'static [&'static str],
    /// A vote tag that is empty or starts with one of these labels unvotes (`UNVOTE: `, with
    /// or without a name after it).
    pub tag_unvote: &'static [&'static str],
    /// The ways to write a vote for no lynch.
    pub no_lynch: &'static [&'static str],
    /// Abbreviations of no lynch (`VOTE: nl`, 59638 post 1333, counted so by its host): read
    /// as no lynch only when no player is called so.
    pub no_lynch_short: &'static [&'static str],
    /// An unvote and a vote may share a bold run (`Unvote. Vote: X`, `UNVOTE VOTE X`,
    /// `Unvote Bob, vote Carol`): the vote word is read when at most this many words (the
    /// name taken back) stand between it and the unvote.
    pub unvote_name_words: usize,
    /// A vote for oneself (`VOTE: Me`): read as a vote for the voter's own slot.
    pub self_vote: &'static [&'static str],
}

impl VoteWords {
    /// The vote syntaxes of the rule set and the tracker bot.
    pub const STANDARD: VoteWords = VoteWords {
        bot_vote: "vote",
        bot_unvote: "unvote",
        vote: "vote",
        colons: &[':', ';'],
        unvote: &["unvote", "un vote", "un-vote", "unvtoe"],
        short: &["uv:", "v:"],
        tag_vote: &["vote"],
        tag_unvote: &["unvote", "un vote", "un-vote"],
        no_lynch: &["no lynch", "nolynch", "no-lynch"],
        no_lynch_short: &["nl"],
        unvote_name_words: 3,
        self_vote: &["me", "myself"],
    };

    /// Whether a bold vote, an unvote or an abbreviation may start with the byte `b` (any
    /// case): most lines of a post start with none, and are passed over at this one test.
    pub fn may_lead_with(&self, b: u8) -> bool {
        let b = b.to_ascii_lowercase();
        let starts = |w: &str| w.as_bytes().first() == Some(&b);
        starts(self.vote)
            || self.unvote.iter().any(|w| starts(w))
            || self.short.iter().any(|w| starts(w))
    }
}

/// A newcomer's own words for the slot they take, before the replaced player's name: "Hey
/// all! I am replacing mattblackguy." (mafiascum 70912 post 767), "I'm replacing Jaack." (70912
/// post 1087). Read only in the posts of users the game does not know, for the review list,
/// in lower case with every apostrophe straight; a phrase's apostrophe may also be left out
/// ("im replacing").
pub const SELF_REPLACEMENT: &[&str] = &[
    "i am replacing in for ",
    "i am replacing ",
    "i'm replacing in for ",
    "i'm replacing ",
    "i will be replacing ",
    "i'll be replacing ",
    "i am the replacement for ",
    "i'm the replacement for ",
    "i have replaced in for ",
    "i've replaced in for ",
];
