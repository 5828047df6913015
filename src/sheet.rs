//! The rules sheet: everything a compiled [`RuleSet`] says, in words, for `rules` in the REPL
//! and `chimera rules FILE` (as text), and for `chimera rules FILE --markdown DIR` (a page with
//! pictures). It is written from the rule set only, never from the source text, so it says what
//! the engine plays; every piece, move, condition, zone and rule is on it.

use crate::describe::{patterns_text, ride_words};
use crate::geometry::{Dimensions, Player, PlayerSquares, Square, SquareSet};
use crate::rules::{
    About, Confinement, Counted, MoveRule, Outcome, PieceKind, PromotionMode, RoyalRule, RuleSet,
    ZoneRef,
};

/// A rules sheet: a title and sections of indented lines.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// The variant's name.
    pub title: String,
    /// The designer's introduction, author and link (`description`, `author`, `link`).
    pub about: About,
    /// The sections, in reading order.
    pub sections: Vec<Section>,
}

/// One part of the sheet: the board, one piece, the drops, the end of the game, ...
#[derive(Clone, Debug)]
pub struct Section {
    /// The heading ("Board", "Pawn (P)").
    pub heading: String,
    /// The piece the section is about, if it is about one.
    pub piece: Option<PieceKind>,
    /// The lines, each with its depth (0 = a statement, 1 = a detail of the line before).
    pub lines: Vec<(u8, String)>,
}

impl Section {
    fn new(heading: impl Into<String>) -> Section {
        Section {
            heading: heading.into(),
            piece: None,
            lines: Vec::new(),
        }
    }
    fn line(&mut self, text: impl Into<String>) {
        self.lines.push((0, text.into()));
    }
    fn detail(&mut self, text: impl Into<String>) {
        self.lines.push((1, text.into()));
    }
}

impl Sheet {
    /// The sheet of a rule set.
    ///
    /// ```
    /// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
    /// let sheet = chimera::Sheet::new(&rules);
    /// assert_eq!(sheet.title, "Chess");
    /// let headings: Vec<&str> = sheet.sections.iter().map(|s| s.heading.as_str()).collect();
    /// assert!(headings.contains(&"Board"));
    /// assert!(sheet.text().starts_with("Chess\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(rules: &RuleSet) -> Sheet {
        let w = Words { rules };
        let mut sections = vec![w.board(), w.players()];
        if !rules.zones.is_empty() {
            sections.push(w.zones());
        }
        if !rules.paths.is_empty() {
            sections.push(w.paths());
        }
        for k in 0..rules.pieces.len() {
            sections.push(w.piece(PieceKind::from_index(k)));
        }
        sections.push(w.drops());
        sections.push(w.royalty());
        sections.push(w.game_end());
        if rules.castling.is_some() {
            sections.push(w.castling());
        }
        if rules.gating.is_some() {
            sections.push(w.gating());
        }
        if rules.en_passant.is_some() {
            sections.push(w.en_passant());
        }
        sections.push(w.start());
        Sheet {
            title: rules.name.clone(),
            about: rules.about.clone(),
            sections,
        }
    }

    /// The sheet as plain text: the title, then each section's heading and its indented lines.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n", self.title);
        for p in &self.about.description {
            out.push('\n');
            out.push_str(&textwrap::fill(p, 100));
            out.push('\n');
        }
        let credits = self.credits();
        if !credits.is_empty() {
            out.push('\n');
            for c in credits {
                out.push_str(&c);
                out.push('\n');
            }
        }
        for s in &self.sections {
            out.push('\n');
            out.push_str(&s.heading);
            out.push('\n');
            for (depth, line) in &s.lines {
                let indent = "  ".repeat(*depth as usize + 1);
                out.push_str(&format!("{indent}{line}\n"));
            }
        }
        out
    }

    /// The sheet as Markdown: `picture(section)` gives the file name of a section's picture
    /// (the start position for "Start position", a piece's moves for a piece), if it has one.
    pub fn markdown(&self, picture: impl Fn(&Section) -> Option<String>) -> String {
        let mut out = format!("# {}\n", self.title);
        for p in &self.about.description {
            out.push_str(&format!("\n{}\n", markdown_escape(p)));
        }
        if let Some(a) = &self.about.author {
            out.push_str(&format!("\nBy {}.\n", markdown_escape(a)));
        }
        if let Some(l) = &self.about.link {
            // A checked link has no spaces or angle brackets: an autolink holds it as it is.
            out.push_str(&format!("\nSource: <{l}>\n"));
        }
        let first_piece = self.sections.iter().position(|x| x.piece.is_some());
        for (i, s) in self.sections.iter().enumerate() {
            let level = if s.piece.is_some() { "###" } else { "##" };
            if Some(i) == first_piece {
                out.push_str("\n## Pieces\n");
            }
            out.push_str(&format!("\n{level} {}\n\n", s.heading));
            if let Some(file) = picture(s) {
                out.push_str(&format!("![{}]({file})\n\n", s.heading));
            }
            for (depth, line) in &s.lines {
                let indent = "  ".repeat(*depth as usize);
                out.push_str(&format!("{indent}- {}\n", markdown_escape(line)));
            }
        }
        out
    }
}

impl Sheet {
    /// "By AUTHOR." and "Source: LINK", for those the definition states.
    pub fn credits(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(a) = &self.about.author {
            out.push(format!("By {a}."));
        }
        if let Some(l) = &self.about.link {
            out.push(format!("Source: {l}"));
        }
        out
    }
}

/// Text safe in a Markdown list item: characters Markdown would take as markup are escaped.
fn markdown_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '*' | '_' | '[' | ']' | '<' | '>' | '#' | '|' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

struct Words<'a> {
    rules: &'a RuleSet,
}

/// What a rule's outcome does to the side it happens to: "wins", or "ends the game as a win for
/// Black" when the rule names its winner (`win for Black`).
fn score_text(rules: &RuleSet, s: Outcome) -> String {
    match s {
        Outcome::Win => "wins".into(),
        Outcome::Loss => "loses".into(),
        Outcome::Draw => "draws".into(),
        Outcome::WonBy(p) => format!("ends the game as a win for {}", rules.players[p]),
    }
}

/// "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A set of squares in the fewest words: every square, whole ranks or files, a rectangle, else
/// every square named. Holes do not count: a rank is whole when it has every square that exists.
pub(crate) fn squares_words(dims: Dimensions, board: &SquareSet, set: &SquareSet) -> String {
    let set = set.intersect(board);
    if set.is_empty() {
        return "no square".into();
    }
    if set == *board {
        return "every square".into();
    }
    let on = |f: u8, r: u8| dims.square(f as i32, r as i32);
    let line = |sq: &dyn Fn(u8) -> Option<Square>, n: u8| -> SquareSet {
        (0..n)
            .filter_map(sq)
            .filter(|s| board.contains(*s))
            .collect()
    };
    let rank_set = |r: u8| line(&|f| on(f, r), dims.files);
    let file_set = |f: u8| line(&|r| on(f, r), dims.ranks);
    let runs = |full: &dyn Fn(u8) -> SquareSet, n: u8| -> Option<Vec<(u8, u8)>> {
        let mut covered = SquareSet::EMPTY;
        let mut runs: Vec<(u8, u8)> = Vec::new();
        for i in 0..n {
            let f = full(i);
            if f.is_empty() || !f.minus(&set).is_empty() {
                continue;
            }
            covered = covered.union(&f);
            match runs.last_mut() {
                Some((_, hi)) if *hi + 1 == i => *hi = i,
                _ => runs.push((i, i)),
            }
        }
        (covered == set).then_some(runs)
    };
    if let Some(r) = runs(&rank_set, dims.ranks) {
        let parts: Vec<String> = r
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    format!("rank {}", a + 1)
                } else {
                    format!("ranks {}-{}", a + 1, b + 1)
                }
            })
            .collect();
        return and_list(&parts);
    }
    if let Some(r) = runs(&file_set, dims.files) {
        let letter = crate::geometry::file_letter;
        let parts: Vec<String> = r
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    format!("file {}", letter(a))
                } else {
                    format!("files {}-{}", letter(a), letter(b))
                }
            })
            .collect();
        return and_list(&parts);
    }
    // A rectangle (less holes)?
    let files: Vec<u8> = set.iter().map(|s| dims.file(s)).collect();
    let ranks: Vec<u8> = set.iter().map(|s| dims.rank(s)).collect();
    let (f0, f1) = (files.iter().min(), files.iter().max());
    let (r0, r1) = (ranks.iter().min(), ranks.iter().max());
    if let (Some(&f0), Some(&f1), Some(&r0), Some(&r1)) = (f0, f1, r0, r1) {
        let rect: SquareSet = (f0..=f1)
            .flat_map(|f| (r0..=r1).filter_map(move |r| on(f, r)))
            .filter(|s| board.contains(*s))
            .collect();
        if rect == set && set.len() > 1 {
            if let (Some(a), Some(b)) = (on(f0, r0), on(f1, r1)) {
                return format!("{}-{}", dims.name(a), dims.name(b));
            }
        }
    }
    let names: Vec<String> = set.iter().map(|s| dims.name(s)).collect();
    names.join(" ")
}

impl Words<'_> {
    fn dims(&self) -> Dimensions {
        self.rules.board.dims
    }

    fn squares(&self, set: &SquareSet) -> String {
        squares_words(self.dims(), &self.rules.board.squares, set)
    }

    /// A per-player set: "rank 8 for White, rank 1 for Black", or once when it is the same.
    fn per_player(&self, z: &PlayerSquares) -> String {
        let [a, b] = [
            self.squares(&z[Player::First]),
            self.squares(&z[Player::Second]),
        ];
        if z[Player::First] == z[Player::Second] {
            format!("{a} (both players)")
        } else {
            format!(
                "{a} for {}, {b} for {}",
                self.rules.players[Player::First],
                self.rules.players[Player::Second]
            )
        }
    }

    /// A zone by its declared name when there is one (`palace`), else its squares.
    fn zone(&self, z: &PlayerSquares) -> String {
        if let Some((n, _)) = self.rules.zones.iter().find(|(_, s)| *s == z) {
            return format!("zone `{n}`");
        }
        let swapped = z.swapped();
        if let Some((n, _)) = self.rules.zones.iter().find(|(_, s)| **s == swapped) {
            return format!("the enemy's zone `{n}`");
        }
        self.per_player(z)
    }

    /// The kinds that can be in a hand: kept by the captor and some piece is captured as it,
    /// or in a hand in the start position.
    fn in_hand(&self) -> Vec<PieceKind> {
        let r = self.rules;
        (0..r.pieces.len())
            .map(PieceKind::from_index)
            .filter(|k| {
                let kept =
                    r.drops.to_hand.contains(k) && r.pieces.iter().any(|p| p.captured_as == *k);
                let at_start = r.start.hands.iter().any(|h| h.kind == k.index());
                kept || (!r.drops.to_hand.is_empty() && at_start)
            })
            .collect()
    }

    fn kind(&self, k: PieceKind) -> String {
        self.rules.piece(k).name.clone()
    }

    fn kinds(&self, ks: &[PieceKind]) -> Vec<String> {
        ks.iter().map(|k| self.kind(*k)).collect()
    }

    /// `goal`: who reaches what, then how the arrival is confirmed.
    fn goal_lines(&self, s: &mut Section, g: &crate::rules::Goal) {
        // A goal for one player only: the other player's zone is empty.
        let only = [Player::First, Player::Second]
            .into_iter()
            .find(|p| g.zone[p.other()].is_empty() && !g.zone[*p].is_empty());
        if let Some(p) = only {
            let who = match &g.kinds {
                None => "a piece of any kind".to_string(),
                Some(ks) => format!("its {}", or_list(&self.kinds(ks))),
            };
            let zone = self.squares(&g.zone[p]);
            let side = &self.rules.players[p];
            if g.count == 1 {
                s.line(format!("{side} wins when {who} reaches {zone}"));
            } else {
                s.line(format!(
                    "{side} wins with {} pieces like {who} in {zone} at once",
                    g.count
                ));
            }
            s.detail(format!("{} has no goal", self.rules.players[p.other()]));
        }
        let zone = self.zone(&g.zone);
        let who = match &g.kinds {
            None => "piece of any kind".to_string(),
            Some(ks) => or_list(&self.kinds(ks)),
        };
        if only.is_some() {
            // Said above.
        } else if g.count == 1 {
            s.line(format!("a side whose {who} reaches {zone} wins"));
        } else {
            let of = match &g.kinds {
                None => "pieces".to_string(),
                Some(ks) => format!("pieces of kind {}", or_list(&self.kinds(ks))),
            };
            s.line(format!(
                "a side with {} of its {of} in {zone} at once wins",
                g.count
            ));
        }
        if g.or_full {
            s.detail(format!(
                "or with fewer, at least one, when {zone} has no empty square left"
            ));
        }
        if g.safe {
            let unasked = if g.count == 1 {
                "with two or more there, none need be safe".to_string()
            } else {
                format!(
                    "with more than {} there, or a full zone with fewer, none need be safe",
                    g.count
                )
            };
            let what = if g.count == 1 {
                "the piece there is"
            } else {
                "none of them is"
            };
            if g.held {
                s.detail(format!("at once when {what} not attacked ({unasked}); else only if the goal is still reached after the opponent's reply"));
            } else {
                s.detail(format!("only when {what} not attacked ({unasked})"));
                s.detail(
                    "when the goal of both sides is reached safely at once, the game is drawn",
                );
            }
        } else if g.held {
            s.detail(
                "an arrival wins only if the goal is still reached after the opponent's reply",
            );
        }
        if g.reply {
            s.detail("when the first player arrives, the second player still moves once; if it arrives too, the game is drawn");
        }
    }

    fn board(&self) -> Section {
        let d = self.dims();
        let r = self.rules;
        let mut s = Section::new("Board");
        let last = crate::geometry::file_letter(d.files.saturating_sub(1));
        s.line(format!(
            "{} files (a-{last}) x {} ranks (1-{}), {} squares",
            d.files,
            d.ranks,
            d.ranks,
            r.board.squares.len()
        ));
        let holes = SquareSet::first_n(d.len()).minus(&r.board.squares);
        if holes.is_empty() {
            s.line("no holes");
        } else {
            let names: Vec<String> = holes.iter().map(|q| d.name(q)).collect();
            s.line(format!(
                "holes (squares that do not exist; nothing stands on or passes them): {}",
                names.join(" ")
            ));
        }
        let h = &r.render;
        if h.intersections {
            s.line("pictures put the pieces on intersections");
        }
        if let Some(n) = h.river_after_rank {
            s.line(format!(
                "pictures draw a river between ranks {n} and {} (a picture only; rules about it are stated by zones)",
                n + 1
            ));
        }
        s
    }

    fn players(&self) -> Section {
        let r = self.rules;
        let mut s = Section::new("Players");
        s.line(format!(
            "{}: the first player, upper-case letters, plays up the board (from rank 1)",
            r.players[Player::First]
        ));
        let how = if r.pieces.iter().any(|p| p.turned) {
            "every zone is mirrored for it, and every move but those of `turned` pieces"
        } else {
            "every move and zone is mirrored for it"
        };
        s.line(format!(
            "{}: the second player, lower-case letters, plays down the board; {how}",
            r.players[Player::Second]
        ));
        s
    }

    fn zones(&self) -> Section {
        let mut s = Section::new("Zones");
        for (name, z) in &self.rules.zones {
            s.line(format!("`{name}`: {}", self.per_player(z)));
        }
        s
    }

    fn paths(&self) -> Section {
        let d = self.dims();
        let mut s = Section::new("Paths");
        for (name, p) in &self.rules.paths {
            let sq: Vec<String> = p.squares.iter().map(|q| d.name(*q)).collect();
            s.line(format!(
                "`{name}`: {}{} ({} squares)",
                sq.join("-"),
                if p.cyclic {
                    ", and back to the first (cyclic)"
                } else {
                    ""
                },
                sq.len()
            ));
        }
        s
    }

    fn conditions(&self, m: &MoveRule) -> Vec<String> {
        let mut c = Vec::new();
        if let Some(z) = &m.only_in {
            let zone = match m.zone {
                Some(r) if r.enemy => format!(
                    "the enemy's zone `{}`",
                    self.rules.zone_ref_name(ZoneRef { enemy: false, ..r })
                ),
                Some(r) => format!("zone `{}`", self.rules.zone_ref_name(r)),
                None => self.zone(z),
            };
            c.push(format!("only while it stands in {zone}"));
        }
        if let Some(ks) = &m.capturing {
            c.push(format!(
                "only to capture a {} (never to an empty square)",
                or_list(&self.kinds(ks))
            ));
        }
        if m.unconfined {
            c.push("may leave its confinement (unconfined)".into());
        }
        if m.sets_en_passant {
            c.push("may be taken en passant on the squares it passes (sets-en-passant)".into());
        }
        if !m.not_over.is_empty() {
            c.push(format!(
                "never hops over or jumps a {}",
                or_list(&self.kinds(&m.not_over))
            ));
        }
        if !m.not_capturing.is_empty() {
            c.push(format!(
                "never captures a {}",
                or_list(&self.kinds(&m.not_capturing))
            ));
        }
        c
    }

    fn piece(&self, k: PieceKind) -> Section {
        let r = self.rules;
        let p = r.piece(k);
        let mut s = Section::new(format!(
            "{} ({}, {} for {})",
            p.name,
            p.letter,
            p.letter.to_ascii_lowercase(),
            r.players[Player::Second]
        ));
        s.piece = Some(k);
        if p.royal && p.royal_when_last {
            // The kinds counted together: this one's group, named by the kind the others name.
            let head = p.royal_counted_with.unwrap_or(k);
            let mut group = vec![r.pieces[head.index()].name.clone()];
            group.extend(
                r.pieces
                    .iter()
                    .filter(|q| q.royal_counted_with == Some(head))
                    .map(|q| q.name.clone()),
            );
            s.line(format!(
                "royal only while its side has no other {}",
                or_list(&group)
            ));
        } else if p.royal {
            s.line("royal");
        }
        for m in &p.moves {
            let words = patterns_text(&m.patterns);
            let cond = self.conditions(m);
            let cond = if cond.is_empty() {
                String::new()
            } else {
                format!(" ({})", cond.join("; "))
            };
            s.line(format!("moves `{}`{cond}:", m.betza));
            if words.is_empty() {
                s.detail("no move");
            }
            for w in words {
                s.detail(w);
            }
        }
        if let Some(fm) = &p.first_move {
            let m = &fm.rule;
            let mut cond = self.conditions(m);
            cond.insert(0, "its first move only, while it holds its right".into());
            if fm.not_in_check {
                cond.push("not while its side is in check".into());
            }
            if !fm.lost_by.is_empty() {
                cond.push(format!(
                    "the right is lost when an enemy {0} moves to where the {0}'s moves would reach this piece on an empty board",
                    or_list(&self.kinds(&fm.lost_by))
                ));
            }
            s.line(format!("first move `{}` ({}):", m.betza, cond.join("; ")));
            for w in patterns_text(&m.patterns) {
                s.detail(w);
            }
        }
        for ride in &p.rides {
            s.line(format!("rides {}", ride_words(r, ride)));
        }
        if p.turned {
            s.line(format!(
                "turned: {}'s moves are these turned through 180 degrees (its left is {}'s right), not mirrored",
                r.players[Player::Second],
                r.players[Player::First]
            ));
        }
        if p.moves.is_empty() && p.rides.is_empty() {
            s.line("has no moves");
        }
        match &p.confinement {
            Confinement::None => {}
            Confinement::Within(z) => s.line(format!("confined: never leaves {}", self.zone(z))),
            Confinement::Regions(rs) => {
                let zs: Vec<String> = rs.iter().map(|z| self.zone(z)).collect();
                s.line(format!(
                    "confined: stays in whichever of {} it stands in (free when it stands in none)",
                    or_list(&zs)
                ));
            }
        }
        if let Some(pr) = &p.promotion {
            let to = or_list(&self.kinds(&pr.to));
            let line = match pr.mode {
                PromotionMode::Forced => format!(
                    "promotes to {to} when a move ends in {} (forced)",
                    self.zone(&pr.zone)
                ),
                PromotionMode::Optional => format!(
                    "may promote to {to} when a move starts or ends in {} (optional; forced where it would have no move)",
                    self.zone(&pr.zone)
                ),
                PromotionMode::ForcedStartOrEnd => format!(
                    "promotes to {to} when a move starts or ends in {} (forced)",
                    self.zone(&pr.zone)
                ),
                PromotionMode::InPlace => format!(
                    "instead of moving, may turn into {to} where it stands or on an empty square {to} attacks from there, while in {} (or as its player's only {}); not to attack an enemy piece or give check",
                    self.zone(&pr.zone),
                    p.name
                ),
            };
            s.line(line);
            if pr.to.len() > 1 {
                s.detail("the player promoting chooses the kind");
            }
        }
        let from: Vec<String> = r
            .pieces
            .iter()
            .filter(|q| q.promotion.as_ref().is_some_and(|pr| pr.to.contains(&k)))
            .map(|q| q.name.clone())
            .collect();
        if !from.is_empty() {
            s.line(format!("what a {} promotes to", or_list(&from)));
            if let Some(Some(n)) = r.promotion_limits.get(k.index()) {
                s.detail(format!(
                    "a promotion to it is allowed only while the player has fewer than {n} on the board"
                ));
            }
        }
        if !r.drops.to_hand.is_empty() {
            let to = p.captured_as;
            if r.drops.to_hand.contains(&to) {
                if to == k {
                    s.line("when captured: goes to the captor's hand");
                } else {
                    s.line(format!(
                        "when captured: goes to the captor's hand as a {} (captured as)",
                        self.kind(to)
                    ));
                }
            } else if to == k {
                s.line("when captured: leaves the game");
            } else {
                s.line(format!(
                    "when captured: leaves the game (captured as {}, which is not kept in hand)",
                    self.kind(to)
                ));
            }
            if self.in_hand().contains(&k) {
                if let Some(Some(z)) = r.drops.zones.get(k.index()) {
                    s.line(format!("may be dropped only in {}", self.zone(z)));
                }
            }
        }
        s
    }

    fn drops(&self) -> Section {
        let r = self.rules;
        let d = &r.drops;
        let mut s = Section::new("Captures and drops");
        if r.end.must_capture {
            s.line("capturing is compulsory: a side that has a legal capture must make one, any one it chooses");
        }
        if r.end.checked_royal_takes_only {
            s.line("a royal piece in check may move only to take the single piece giving check (against two checkers it may not move); other pieces may still block or take");
        }
        if let Some(ex) = &r.end.explosions {
            let mut line = "every capture explodes: the capturing piece and every piece on the eight squares around the square of the capture leave the board".to_string();
            if !ex.spare.is_empty() {
                line.push_str(&format!(
                    ", except pieces of kind {} standing around it",
                    and_list(&self.kinds(&ex.spare))
                ));
            }
            if !ex.immune.is_empty() {
                line.push_str(&format!(
                    "; pieces of kind {} never explode, not even when capturing",
                    and_list(&self.kinds(&ex.immune))
                ));
            }
            s.line(line);
            if r.royal_kinds().next().is_some()
                && r.end.royal_rule != crate::rules::RoyalRule::Capture
            {
                s.line("a move may not blow up the mover's own royal piece; one that blows up the opponent's is legal even if it leaves the mover's royal attacked, and wins; a royal piece next to the opponent's cannot be attacked, since taking it would blow up the taker's own");
            }
        }
        if !r.end.petrify.is_empty() {
            s.line(format!(
                "a capturing {} turns to stone: it leaves the board, and a wall stands on the square where it took",
                or_list(&self.kinds(&r.end.petrify))
            ));
        }
        if let Some(w) = &r.walls {
            use crate::rules::WallRule;
            let what = match w.rule {
                WallRule::Moved => "after every move the mover takes the one wall (the first move brings it in) and puts it on another empty square",
                WallRule::Anywhere => "after every move the mover puts a wall on any empty square",
                WallRule::Arrow => "after every move the mover puts a wall on an empty square the moved piece could now move to without capturing (an arrow shot from where it landed)",
                WallRule::Trail => "the square a moved piece leaves becomes a wall",
            };
            let full = r.board.squares;
            // The zone as the squares it leaves out when those are fewer (isolation's two).
            let names = |set: crate::geometry::SquareSet| {
                and_list(&set.iter().map(|s| r.board.dims.name(s)).collect::<Vec<_>>())
            };
            let mut zone = String::new();
            let same =
                w.zone[crate::geometry::Player::First] == w.zone[crate::geometry::Player::Second];
            for p in crate::geometry::Player::BOTH {
                if same && p == crate::geometry::Player::Second {
                    break;
                }
                let z = w.zone[p];
                let out = full.minus(&z);
                if out.is_empty() {
                    continue;
                }
                let place = if out.len() <= z.len() {
                    format!("on any square but {}", names(out))
                } else {
                    format!("only on {}", names(z))
                };
                let whose = if same {
                    String::new()
                } else {
                    format!("{}'s ", r.players[p])
                };
                zone.push_str(&format!("; {whose}walls go {place}"));
            }
            s.line(format!("{what}{zone}; a wall belongs to no one: no piece lands on it, passes it or captures it, and a hopper may use it as its screen; the FEN writes it `*`"));
        }
        // Without captures to a hand, the start hand is still dropped (tic-tac-toe, sittuyin's
        // setup), unless it enters by gating alone.
        let start_only = d.to_hand.is_empty()
            && !self.rules.start.hands.is_empty()
            && self.rules.gating.is_none();
        if let Some(f) = &r.flip {
            s.line(match (f.rule, f.supported) {
                (crate::rules::FlipRule::Lines, _) => "a piece that arrives turns over every unbroken line of enemy pieces between it and another piece of its own side, along ranks, files and diagonals: they become the mover's pieces",
                (crate::rules::FlipRule::Adjacent, false) => "a piece that arrives turns over every enemy piece on the eight squares around it: they become the mover's pieces",
                (crate::rules::FlipRule::Adjacent, true) => "a piece that arrives turns over every enemy piece on the eight squares around it (a dropped piece only when it lands next to a piece of its own side): they become the mover's pieces",
            });
        }
        if !d.unlimited.is_empty() {
            s.line(format!(
                "a player may drop a {} on an empty square instead of moving, from a supply that never runs out",
                or_list(&self.kinds(&d.unlimited))
            ));
            self.placement_details(&mut s);
        }
        if d.to_hand.is_empty() && !start_only {
            if d.unlimited.is_empty() {
                s.line("captured pieces leave the game; there are no drops");
            }
            return s;
        }
        let hand_kinds: Vec<PieceKind> = if start_only {
            (0..self.rules.pieces.len())
                .map(PieceKind::from_index)
                .filter(|k| self.rules.start.hands.iter().any(|h| h.kind == k.index()))
                .collect()
        } else {
            self.in_hand()
        };
        if start_only {
            s.line(format!(
                "captured pieces leave the game; the pieces in hand at the start are dropped: {}",
                and_list(&self.kinds(&hand_kinds))
            ));
        } else {
            s.line(format!(
                "kinds that can be in a hand (each piece says what it becomes when captured): {}",
                and_list(&self.kinds(&hand_kinds))
            ));
        }
        s.line("on its turn a player may drop a piece from its hand on an empty square instead of moving");
        let mut by_zone: Vec<(String, Vec<String>)> = Vec::new();
        for k in &hand_kinds {
            let zone = match d.zones.get(k.index()).and_then(|z| z.as_ref()) {
                Some(z) => self.zone(z),
                None => "any empty square".to_string(),
            };
            match by_zone.iter_mut().find(|(z, _)| *z == zone) {
                Some((_, ks)) => ks.push(self.kind(*k)),
                None => by_zone.push((zone, vec![self.kind(*k)])),
            }
        }
        for (zone, ks) in by_zone {
            s.detail(format!("{} may be dropped in {zone}", and_list(&ks)));
        }
        if d.must_have_move {
            s.detail("a piece may not be dropped where it would have no move (on an empty board)");
        }
        if !d.one_per_file.is_empty() && d.per_file == 0 {
            s.detail(format!(
                "a {} is never dropped (it stays in the hand)",
                or_list(&self.kinds(&d.one_per_file))
            ));
        } else if !d.one_per_file.is_empty() && d.per_file > 1 {
            s.detail(format!(
                "a player may not drop a {} on a file where it has {} unpromoted ones",
                or_list(&self.kinds(&d.one_per_file)),
                d.per_file
            ));
        } else if !d.one_per_file.is_empty() {
            s.detail(format!(
                "a player may not drop a {} on a file where it has an unpromoted one",
                or_list(&self.kinds(&d.one_per_file))
            ));
        }
        if !d.no_drop_mate.is_empty() {
            s.detail(format!(
                "a {} may not be dropped to give checkmate",
                or_list(&self.kinds(&d.no_drop_mate))
            ));
        }
        if !d.drop_promoted.is_empty() {
            s.detail(format!(
                "a {} may also be dropped promoted, with its promoted face up",
                or_list(&self.kinds(&d.drop_promoted))
            ));
        }
        if d.must_drop {
            s.detail("while a player has pieces in hand it must drop one instead of moving");
        }
        if d.no_check {
            s.detail("a drop may not give check");
        }
        if d.gravity {
            s.detail("a dropped piece comes to rest: it is dropped only on the first rank or on top of another piece (on the square above an occupied one)");
        }
        if d.unlimited.is_empty() {
            self.placement_details(&mut s);
        }
        if let Some(z) = &d.promote_after_move {
            s.detail(format!(
                "a piece dropped on {} promotes at the end of its next move",
                self.zone(z)
            ));
        }
        s
    }

    fn royalty(&self) -> Section {
        let r = self.rules;
        let e = &r.end;
        let mut s = Section::new("Royalty and check");
        let royals: Vec<String> = r.royal_kinds().map(|k| self.kind(k)).collect();
        if royals.is_empty() {
            s.line("no piece is royal: there is no check or checkmate");
        } else {
            s.line(format!("royal: {}", and_list(&royals)));
            s.line(match e.royal_rule {
                RoyalRule::Check => "a move may not leave one of the mover's royal pieces attacked (check); a side in check with no legal move is checkmated".to_string(),
                RoyalRule::Duple => "duple check: a move is legal when at least one of the mover's royal pieces is not attacked after it; with one royal left this is ordinary check".to_string(),
                RoyalRule::Capture => "no check rule: royal pieces may be left attacked; a side that loses its last royal piece loses".to_string(),
            });
        }
        if e.facing {
            s.line("royal pieces may not face each other on a file with nothing between them");
        }
        if let Some(sc) = e.facing_ends {
            s.line(format!(
                "royal pieces may face each other on a file with nothing between them; the side to move must then break the line or pass, and if the line still stands after its move the game ends: the side to move {}",
                score_text(self.rules, sc)
            ));
        }
        if e.no_check {
            s.line("a move may not give check");
        }
        s
    }

    /// The drops' placement rules: `opening`, `adjacent`, `enclosing`.
    fn placement_details(&self, s: &mut Section) {
        let d = &self.rules.drops;
        if let Some(z) = &d.opening {
            s.detail(format!(
                "while a square of {} is empty, pieces are dropped only there",
                self.zone(z)
            ));
        }
        if d.adjacent {
            s.detail("a piece is dropped only next to a piece of its own side");
        }
        if d.apart {
            s.detail("a piece is never dropped orthogonally next to an enemy piece");
        }
        if d.enclosing {
            s.detail("a drop must turn over at least one line of enemy pieces: between the dropped piece and another of its own side, along a rank, file or diagonal");
        }
    }

    fn game_end(&self) -> Section {
        let e = &self.rules.end;
        let mut s = Section::new("End of the game");
        if self.rules.royal_kinds().next().is_some() && e.royal_rule != RoyalRule::Capture {
            s.line(format!(
                "the checkmated side {}",
                score_text(self.rules, e.checkmate)
            ));
        }
        s.line(format!(
            "a side to move with no legal move, not in check (stalemate), {}",
            score_text(self.rules, e.stalemate)
        ));
        if e.stalemate_by_count {
            s.detail(format!(
                "when it has fewer pieces on the board than the other side; with more it {}, with as many it draws",
                score_text(self.rules, e.stalemate.reversed())
            ));
        }
        if let Some((n, sc)) = e.repetition {
            s.line(format!(
                "when a position stands for the {} time, the side to move {}",
                ordinal(n),
                score_text(self.rules, sc)
            ));
            if let Some(p) = e.perpetual_check {
                s.detail(format!(
                    "unless one side gave check with every one of its moves since the position first stood: that side {}",
                    score_text(self.rules, p)
                ));
            }
        }
        if let Some(p) = &e.pass {
            if p.when_stuck {
                s.line(
                    "a side with no legal move, not in check, passes (a stalemate ends nothing)",
                );
            } else {
                s.line("a side may pass instead of moving, but not while in check");
            }
            if let Some(sc) = p.twice {
                s.detail(format!(
                    "two passes in a row end the game: the side to move {}",
                    score_text(self.rules, sc)
                ));
            }
        }
        if let Some(sc) = e.bare_royal {
            s.line(format!(
                "a side left with only royal pieces {}, unless its move can leave the other side bare too",
                score_text(self.rules, sc)
            ));
        }
        if let Some(line) = self.extinction_line() {
            s.line(line);
        }
        if let Some(g) = &e.goal {
            self.goal_lines(&mut s, g);
        }
        if let Some(n) = e.check_limit {
            s.line(format!("the side that gives its {} check wins", ordinal(n)));
        }
        if let Some(w) = &e.castling_wins {
            for p in Player::BOTH {
                let sides: Vec<&str> = [
                    (0, "king side (towards the higher files)"),
                    (1, "queen side (towards the lower files)"),
                ]
                .into_iter()
                .filter(|(i, _)| w[p][*i])
                .map(|(_, s)| s)
                .collect();
                if !sides.is_empty() {
                    s.line(format!(
                        "{} wins by castling to the {}, and loses when it can no longer castle there",
                        self.rules.players[p],
                        sides.join(" or the ")
                    ));
                }
            }
        }
        if let Some(c) = &e.connect {
            let mut lines = Vec::new();
            if c.horizontal {
                lines.push("a rank".to_string());
            }
            if c.vertical {
                lines.push("a file".to_string());
            }
            if c.diagonal {
                lines.push("a diagonal".to_string());
            }
            let what = if c.kinds.is_empty() {
                "pieces".to_string()
            } else {
                format!("pieces of kind {}", or_list(&self.kinds(&c.kinds)))
            };
            let row = if let Some((a, b)) = &c.regions {
                format!(
                    "a chain of its {what}, each next to the last along {}, from {} to {}",
                    or_list(&lines),
                    self.zone(a),
                    self.zone(b)
                )
            } else if c.gaps {
                format!(
                    "{} of its {what} on one line (empty squares or other pieces between them), along {}",
                    c.n,
                    or_list(&lines)
                )
            } else {
                format!(
                    "{} of its {what} next to each other in a row along {}",
                    c.n,
                    or_list(&lines)
                )
            };
            let square = c
                .square
                .map(|m| format!(", or {m} by {m} of them filling a square block,"))
                .unwrap_or_default();
            s.line(format!(
                "a side whose move leaves {row}{square} {}",
                score_text(self.rules, c.score)
            ));
        }
        if let Some(sc) = e.board_full {
            s.line(format!(
                "a move that leaves no empty square ends the game: the side to move {}",
                score_text(self.rules, sc)
            ));
        }
        if let Some(m) = &e.move_limit {
            let mut resets = vec!["a capture".to_string()];
            if !self.rules.drops.to_hand.is_empty() {
                resets.push("a drop".into());
            }
            if !m.reset_by.is_empty() {
                resets.push(format!("a move of a {}", or_list(&self.kinds(&m.reset_by))));
            }
            s.line(format!(
                "after {} moves by each side without {}, the side to move {}",
                m.moves,
                or_list(&resets),
                score_text(self.rules, m.score)
            ));
        }
        if let Some(c) = &e.counting {
            self.counting_lines(&mut s, c);
        }
        if e.draws_by_count {
            s.line("an end scored a draw (stalemate, repetition, the move limit, two passes, a full board) is won instead by the side with more pieces on the board; with as many it stays a draw");
        }
        s
    }

    /// `counting`: when a count starts, to what limit, and what passing it does.
    fn counting_lines(&self, s: &mut Section, c: &crate::rules::Counting) {
        let when = if c.without.is_empty() {
            String::new()
        } else {
            format!(
                " once no {} is left on the board",
                or_list(&self.kinds(&c.without))
            )
        };
        let bare_when = if c.bare_without.is_empty() {
            String::new()
        } else {
            format!(
                ", once no {} is left on the board,",
                or_list(&self.kinds(&c.bare_without))
            )
        };
        s.line(format!(
            "counting{when}: the side to move starts a count of moves when it may; a count that passes its limit draws (a checkmate on the last move still wins)"
        ));
        if c.board > 0 {
            s.detail(match c.board_up_to {
                Some(m) => format!(
                    "a side with two to {m} pieces counts to {} (the board's honour); a side with more does not count",
                    c.board
                ),
                None => format!(
                    "a side with more than one piece counts to {} (the board's honour)",
                    c.board
                ),
            });
        }
        let mut rows: Vec<String> = c
            .bare
            .iter()
            .map(|r| {
                let k = self.kind(r.kind);
                if r.at_least > 1 {
                    format!("{} against {} or more of kind {k}", r.limit, r.at_least)
                } else {
                    format!("{} against a {k}", r.limit)
                }
            })
            .collect();
        if c.otherwise > 0 {
            rows.push(format!("{} otherwise", c.otherwise));
        }
        if !rows.is_empty() {
            s.detail(format!(
                "a side left with a single piece{bare_when} counts to the first that applies of: {} (the pieces' honour)",
                rows.join("; ")
            ));
            s.detail(if c.from_pieces {
                "its count starts at the number of pieces on the board, and again when a capture or promotion leaves it bare; taking the last piece that stopped the count starts it at once"
            } else {
                "its count starts at 0, and again when a capture or promotion leaves it bare"
            });
        }
        s.detail("no count for a side whose opponent has a single piece left");
    }

    /// The `extinction` rule in one sentence (its counts share one limit and one result).
    fn extinction_line(&self) -> Option<String> {
        let e = &self.rules.end.extinction;
        let first = e.first()?;
        let kinds: Vec<PieceKind> = e
            .iter()
            .filter_map(|x| match x.counted {
                Counted::Kind(k) => Some(k),
                Counted::All => None,
            })
            .collect();
        let (n, result) = (first.down_to, score_text(self.rules, first.score));
        let what = if kinds.is_empty() {
            match n {
                0 => "no piece left".to_string(),
                1 => "at most 1 piece left".to_string(),
                _ => format!("at most {n} pieces left"),
            }
        } else if n == 0 {
            format!("no {} left", or_list(&self.kinds(&kinds)))
        } else {
            format!(
                "at most {n} of its {} left (each kind counted on its own)",
                or_list(&self.kinds(&kinds))
            )
        };
        Some(format!(
            "a side with {what}, on the board and in hand, {result}"
        ))
    }

    fn castling(&self) -> Section {
        let mut s = Section::new("Castling");
        if let Some(c) = &self.rules.castling {
            let (king, rook) = (self.kind(c.king), self.kind(c.rook));
            if let Some([left, right]) = c.to_files {
                let f = crate::geometry::file_letter;
                s.line(format!(
                    "the {king} and a {rook} on its first rank, neither having moved, castle from wherever they stand: the {king} lands on the {}-file castling with a {rook} on its left, on the {}-file with one on its right, and the {rook} beside it on the inner side (the {}- or {}-file)",
                    f(left),
                    f(right),
                    f(left + 1),
                    f(right - 1)
                ));
                s.detail(format!(
                    "the {king} may stay where it stands, or move away from its {rook}; no square either crosses or lands on holds another piece"
                ));
            } else {
                s.line(format!(
                    "the {king} moves {} files towards a {rook} on its rank, neither having moved; the {rook} lands on the square next to the {king}, on the side it came from",
                    c.king_steps
                ));
            }
            if self.rules.piece(c.king).royal {
                s.detail(format!(
                    "every square between and under their paths is empty, and the {king} is not attacked where it stands, on the squares it crosses or where it lands"
                ));
            } else {
                s.detail(format!(
                    "every square between and under their paths is empty; the {king}, not being royal, may castle from, through or into attack"
                ));
            }
            if c.opposite {
                s.detail("castling to one side takes the opponent's right to castle to that side: the two players castle to opposite sides");
            }
            if c.to_files.is_some() {
                s.detail("the rights are those of the FEN's castling field: `K` and `Q` name the outermost rook of that side, a file letter the rook on that file (`HAha`; upper case for the first player); a castling is written as the king taking its rook (`e1h1`), or `O-O` and `O-O-O`");
            } else {
                s.detail("the rights are those of the FEN's castling field (`KQkq`)");
            }
        }
        s
    }

    fn en_passant(&self) -> Section {
        let mut s = Section::new("En passant");
        if let Some(z) = &self.rules.en_passant {
            s.line(format!(
                "a double step may be taken en passant only when the square it passes is on {}",
                self.per_player(z)
            ));
        }
        s
    }

    fn gating(&self) -> Section {
        let mut s = Section::new("Gating");
        if let Some(g) = &self.rules.gating {
            s.line(format!(
                "a piece on {} that still holds its gate right may, on its first move, put a piece from its player's hand on the square it leaves, as part of the move",
                self.per_player(&g.zone)
            ));
            if self.rules.castling.is_some() {
                s.detail("castling may put it on the king's square or on the rook's");
            }
            if self.rules.drops.to_hand.is_empty() {
                s.detail("the pieces in hand enter only this way");
            }
            s.detail("the rights are those of the FEN's castling field: `K` and `Q` give the king's and the rook's, a file letter the piece's on that file (upper case for the first player)");
        }
        s
    }

    fn start(&self) -> Section {
        let r = self.rules;
        let mut s = Section::new("Start position");
        s.line(format!("FEN: `{}`", r.start_fen));
        let side = r.start_fen.split_whitespace().nth(1);
        let first = if side == Some("b") {
            &r.players[Player::Second]
        } else {
            &r.players[Player::First]
        };
        s.line(format!("{first} moves first"));
        if let Some(rs) = &r.random_start {
            let mut rules = Vec::new();
            for &k in &rs.opposite_colours {
                let k = self.kind(k);
                rules.push(format!(
                    "one {k} on a light square and one on a dark square"
                ));
            }
            if let Some((inner, outer)) = rs.between {
                let (i, o) = (self.kind(inner), self.kind(outer));
                rules.push(format!("the {i} between one {o} and the other"));
            }
            let within = if rules.is_empty() {
                String::new()
            } else {
                format!(", with {}", rules.join(" and "))
            };
            s.line(format!(
                "drawn at random: {}'s pieces on rank {} change places among their squares{within}; {}'s stand on the same files of rank {}",
                r.players[Player::First],
                rs.rank + 1,
                r.players[Player::Second],
                r.board.dims.ranks - rs.rank
            ));
            s.detail(format!(
                "{} arrangements, numbered from 0 (`reset N` in the REPL); the FEN above is one of them",
                rs.count()
            ));
        }
        s
    }
}

/// 1st, 2nd, 3rd, 4th ...
fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The file name of a piece's picture on a Markdown page: `piece-03-pawn.svg`.
#[cfg(feature = "cli")]
pub(crate) fn piece_picture_name(rules: &RuleSet, k: PieceKind) -> String {
    let slug: String = rules
        .piece(k)
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    format!("piece-{:02}-{slug}.svg", k.index())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_sets_are_said_in_the_fewest_words() {
        let dims = Dimensions { files: 8, ranks: 8 };
        let board = SquareSet::first_n(64);
        let set = |names: &[&str]| -> SquareSet {
            names.iter().filter_map(|n| dims.parse_square(n)).collect()
        };
        let rank = |r: i32| -> SquareSet { (0..8).filter_map(|f| dims.square(f, r)).collect() };
        assert_eq!(squares_words(dims, &board, &board), "every square");
        assert_eq!(squares_words(dims, &board, &rank(7)), "rank 8");
        assert_eq!(
            squares_words(dims, &board, &rank(0).union(&rank(1))),
            "ranks 1-2"
        );
        assert_eq!(
            squares_words(dims, &board, &set(&["d1", "e1", "f1", "d2", "e2", "f2"])),
            "d1-f2"
        );
        assert_eq!(squares_words(dims, &board, &set(&["a1", "c3"])), "a1 c3");
    }
}
