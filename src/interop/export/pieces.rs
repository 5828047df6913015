//! Pieces and promotion: each slot's Betza and zones, and the promotion keys.

use super::*;

impl Exporter<'_> {
    pub(super) fn squares_text(&self, set: &SquareSet) -> String {
        let d = self.dims;
        let mut parts = Vec::new();
        for r in 0..d.ranks {
            let row: Vec<Square> = (0..d.files)
                .filter_map(|f| d.square(f as i32, r as i32))
                .collect();
            if row.iter().all(|s| set.contains(*s)) {
                parts.push(format!("*{}", r + 1));
            } else {
                for s in row.into_iter().filter(|s| set.contains(*s)) {
                    parts.push(d.name(s));
                }
            }
        }
        if parts.is_empty() {
            "-".into()
        } else {
            parts.join(" ")
        }
    }

    pub(super) fn region(&mut self, key: &str, zone: &PlayerSquares) {
        let w = self.squares_text(&zone[Player::First]);
        let b = self.squares_text(&zone[Player::Second]);
        self.line(&format!("{key}White"), w);
        self.line(&format!("{key}Black"), b);
    }

    pub(super) fn pieces(&mut self) {
        let kinds: Vec<PieceKind> = self.kinds().collect();
        self.first_moves(&kinds);
        for &k in &kinds {
            let p = self.piece(k).clone();
            let soldier =
                matches!(&self.slots[k.index()], Some(Slot::Own { key, .. }) if key == "soldier");
            if !p.turned && !p.left_right_symmetric() {
                self.problem(
                    Subject::Piece(p.name.clone()),
                    format!("{}: not left-right symmetric, and mirrored for the second player; Fairy-Stockfish turns the second player's pieces through 180 degrees (write `turned` to play it so)", p.name),
                );
            }
            for r in &p.moves {
                if soldier {
                    break;
                }
                if r.only_in.is_some() && !r.sets_en_passant {
                    self.problem(
                        Subject::Moves(p.name.clone(), r.betza.clone()),
                        format!("{}: `{}` only in some squares; Fairy-Stockfish moves do not depend on the square (left out)", p.name, r.betza),
                    );
                } else if r.capturing.is_some() {
                    self.problem(
                        Subject::Moves(p.name.clone(), r.betza.clone()),
                        format!(
                            "{}: `{}` only capturing some kinds (left out)",
                            p.name, r.betza
                        ),
                    );
                } else if r.unconfined {
                    self.problem(
                        Subject::Moves(p.name.clone(), r.betza.clone()),
                        format!(
                            "{}: `{}` leaves its confinement (left out)",
                            p.name, r.betza
                        ),
                    );
                }
            }
            if let Some(r) = self.soldier_rank(k).filter(|_| soldier) {
                self.line("soldierPromotionRank", r);
            }
            let own = match &self.slots[k.index()] {
                Some(Slot::Own { key, letter, betza }) => {
                    Some((key.clone(), *letter, betza.clone()))
                }
                _ => None,
            };
            if let Some((key, letter, betza)) = &own {
                if betza.is_empty() {
                    self.line(key, letter);
                } else {
                    self.line(key, format!("{letter}:{betza}"));
                }
            }
            match (&p.confinement, &own) {
                (Confinement::None, _) => {}
                (Confinement::Within(zone), Some((key, _, _))) => {
                    let mut cap = key.clone();
                    if let Some(f) = cap.get_mut(0..1) {
                        f.make_ascii_uppercase();
                    }
                    let (w, b) = (self.squares_text(&zone[Player::First]), self.squares_text(&zone[Player::Second]));
                    self.line(&format!("mobilityRegionWhite{cap}"), w);
                    self.line(&format!("mobilityRegionBlack{cap}"), b);
                }
                _ => self.problem(
                    Subject::Confined(p.name.clone()),
                    format!("{}: confined to whichever region it stands in; Fairy-Stockfish regions are fixed (left out)", p.name),
                ),
            }
        }
        // Royalty.
        let royals: Vec<PieceKind> = self.rules.royal_kinds().collect();
        let start = self.start.clone();
        let when_last = royals.iter().any(|k| self.piece(*k).royal_when_last);
        match (self.rules.end.royal_rule, royals.as_slice()) {
            (_, []) => {}
            // `royal when-last`: Fairy-Stockfish's pseudo-royal extinction type, royal while
            // its side has one left.
            (rule @ (RoyalRule::Check | RoyalRule::Duple), [k]) if when_last => {
                let c = self.fsf_letter(*k).unwrap_or('?');
                self.line("extinctionValue", "loss");
                self.line("extinctionPieceTypes", c);
                self.line("extinctionPseudoRoyal", "true");
                if rule == RoyalRule::Duple {
                    self.line("dupleCheck", "true");
                }
            }
            (_, [k]) if when_last => {
                let name = self.piece(*k).name.clone();
                self.problem(
                    Subject::Piece(name.clone()),
                    format!("{name}: `royal when-last` under `royal-rule capture`; Fairy-Stockfish's pseudo-royal pieces are never captured (left out)"),
                );
            }
            (RoyalRule::Check, [k]) if self.rules.end.explosions.is_some() => {
                let c = self.fsf_letter(*k).unwrap_or('?');
                self.line("extinctionValue", "loss");
                self.line("extinctionPieceTypes", c);
                self.line("extinctionPseudoRoyal", "true");
            }
            (RoyalRule::Check, [k]) => {
                if let Some(pos) = &start {
                    for pl in Player::BOTH {
                        let n = pos
                            .pieces()
                            .filter(|(_, pc)| pc.kind == *k && pc.player == pl)
                            .count();
                        if n > 1 {
                            let name = self.piece(*k).name.clone();
                            self.problem(
                                Subject::Piece(name.clone()),
                                format!("{n} royal {name}s on one side; Fairy-Stockfish's king is one piece"),
                            );
                        }
                    }
                }
            }
            (rule @ (RoyalRule::Duple | RoyalRule::Capture), [k]) => {
                let c = self.fsf_letter(*k).unwrap_or('?');
                self.line("extinctionValue", "loss");
                self.line("extinctionPieceTypes", c);
                if rule == RoyalRule::Duple {
                    self.line("extinctionPseudoRoyal", "true");
                    self.line("dupleCheck", "true");
                }
            }
            (_, ks) => {
                let names: Vec<String> = ks.iter().map(|k| self.piece(*k).name.clone()).collect();
                self.problem(
                    Subject::Statement("royal-rule"),
                    format!(
                        "several royal kinds ({}); Fairy-Stockfish has one king type",
                        names.join(", ")
                    ),
                );
            }
        }
    }

    pub(super) fn promotions(&mut self) {
        let kinds: Vec<PieceKind> = self.kinds().collect();
        let mut zone: Option<PlayerSquares> = None;
        let mut piece_proms: Vec<(char, char)> = Vec::new();
        let mut piece_mode: Option<PromotionMode> = None;
        let mut pawn_types: Vec<char> = Vec::new();
        let mut pawn_targets: Option<BTreeSet<char>> = None;
        let mut pawn_mode: Option<PromotionMode> = None;
        let mut optional = false;
        for &k in &kinds {
            let p = self.piece(k).clone();
            let Some(pr) = &p.promotion else { continue };
            let Some(letter) = self.fsf_letter(k) else {
                continue;
            };
            match &zone {
                None => zone = Some(pr.zone),
                Some(z) if *z == pr.zone => {}
                Some(_) => self.problem(
                    Subject::Promotes(p.name.clone()),
                    format!("{}: a promotion zone of its own; Fairy-Stockfish has one promotion region (the first one is written)", p.name),
                ),
            }
            optional |= pr.mode == PromotionMode::Optional;
            let shogi_style = pr.to.len() == 1 && self.base_of(pr.to[0]) == Some(k);
            if shogi_style {
                let Some(t) = self.fsf_letter(pr.to[0]) else {
                    continue;
                };
                piece_proms.push((letter, t));
                if piece_mode.is_some_and(|m| m != pr.mode) {
                    self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: optional and forced promotions of pieces mixed; Fairy-Stockfish has one setting (the first is written)", p.name),
                    );
                } else {
                    piece_mode = Some(pr.mode);
                }
                if pr.mode == PromotionMode::Forced && !self.rules.drops.to_hand.is_empty() {
                    self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: a forced promotion with drops; Fairy-Stockfish also promotes a piece dropped in the zone when it moves out", p.name),
                    );
                }
            } else {
                if pr.mode == PromotionMode::InPlace {
                    self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: an in-place promotion; the exporter does not write Fairy-Stockfish's sittuyinPromotion", p.name),
                    );
                }
                if pr.mode == PromotionMode::ForcedStartOrEnd {
                    self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: a forced promotion of moves that start in the zone; Fairy-Stockfish's pawn promotion looks only at where the move ends", p.name),
                    );
                }
                if pr.mode == PromotionMode::Optional && !self.promotes_only_at_the_end(k, &pr.zone)
                {
                    self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: an optional promotion to a choice of kinds; Fairy-Stockfish's pawn promotion looks only at where the move ends (written as optional)", p.name),
                    );
                }
                pawn_mode = Some(pr.mode);
                pawn_types.push(letter);
                let targets = self.pawn_targets(&p.name, &pr.to);
                match &pawn_targets {
                    None => pawn_targets = Some(targets),
                    Some(t) if *t == targets => {}
                    Some(_) => self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: promotes to other kinds than another pawn; Fairy-Stockfish has one list (the first is written)", p.name),
                    ),
                }
            }
        }
        if let Some(z) = zone {
            self.region("promotionRegion", &z);
        }
        self.line(
            "promotionPawnTypes",
            letters(&mut pawn_types.iter().copied()),
        );
        self.line("pawnTypes", letters(&mut pawn_types.iter().copied()));
        self.line(
            "promotionPieceTypes",
            letters(&mut pawn_targets.unwrap_or_default().into_iter()),
        );
        // Fairy-Stockfish's pawn type may not enter the zone unpromoted when this is true, even
        // with no pawn promotion (a shogi-style promoting pawn must be free to decline).
        let pawn_slot = kinds.iter().any(
            |&k| matches!(&self.slots[k.index()], Some(Slot::Own { key, .. }) if key == "pawn"),
        );
        self.line(
            "mandatoryPawnPromotion",
            match pawn_mode {
                Some(m) => m != PromotionMode::Optional,
                None => !pawn_slot,
            },
        );
        // Kinds that start promoted and that nothing promotes to (no promotion zone is written).
        for &k in &kinds {
            if let (Some(b), Some(t)) = (self.start_only_promoted_form(k), self.fsf_letter(k)) {
                if let Some(bl) = self.fsf_letter(b) {
                    piece_proms.push((bl, t));
                }
            }
        }
        if zone.is_none() && !piece_proms.is_empty() {
            // Promoted forms only in the start position: no square promotes (Fairy-Stockfish's
            // default region is the last rank).
            self.region("promotionRegion", &PlayerSquares::both(SquareSet::EMPTY));
        }
        if !piece_proms.is_empty() {
            let s: Vec<String> = piece_proms
                .iter()
                .map(|(a, b)| format!("{a}:{b}"))
                .collect();
            self.line("promotedPieceType", s.join(" "));
            self.line(
                "mandatoryPiecePromotion",
                matches!(
                    piece_mode,
                    Some(PromotionMode::Forced | PromotionMode::ForcedStartOrEnd)
                ),
            );
        }
        let must_move = self.rules.drops.must_have_move && !self.rules.drops.to_hand.is_empty();
        if optional && !self.rules.drops.to_hand.is_empty() && !self.rules.drops.must_have_move {
            self.problem(
                Subject::Drops,
                "optional promotions with drops that need not have a move; Fairy-Stockfish's `immobilityIllegal` covers both (written as must-move)",
            );
        }
        self.line("immobilityIllegal", optional || must_move);
        self.initial_moves(&kinds);
    }

    /// `promotion-limit`: Fairy-Stockfish's `promotionLimit`, which counts the pieces of a type
    /// (so a kind sharing its type with another cannot be counted alone).
    pub(super) fn promotion_limits(&mut self) {
        let mut parts = Vec::new();
        for k in self.kinds().collect::<Vec<_>>() {
            let Some(Some(n)) = self.rules.promotion_limits.get(k.index()).copied() else {
                continue;
            };
            let Some(c) = self.fsf_letter(k) else {
                continue;
            };
            let shared = self
                .kinds()
                .any(|o| o != k && self.fsf_letter(o) == Some(c));
            if shared {
                let name = self.piece(k).name.clone();
                self.problem(
                    Subject::Statement("promotion-limit"),
                    format!("`promotion-limit` of {name}: Fairy-Stockfish counts every piece of its type, promoted ones too (left out)"),
                );
                continue;
            }
            parts.push(format!("{c}:{n}"));
        }
        if !parts.is_empty() {
            self.line("promotionLimit", parts.join(" "));
        }
    }

    /// Whether every move of the kind from inside its promotion zone ends inside it too (a pawn
    /// stepping towards the last ranks), so that promotion "when the move starts or ends in the
    /// zone" is Fairy-Stockfish's "when it ends there".
    fn promotes_only_at_the_end(&self, k: PieceKind, zone: &PlayerSquares) -> bool {
        let d = self.dims;
        let last: Vec<SquareSet> = (0..d.ranks)
            .map(|r| d.squares().filter(|&s| d.rank(s) >= r).collect())
            .collect();
        let upper = last.iter().any(|z| *z == zone[Player::First])
            && zone[Player::Second] == zone[Player::First].mirrored(d);
        let forward = self.plain_units(k).iter().all(|u| {
            u.legs
                .iter()
                .map(|l| i32::from(l.1) * i32::from(l.2))
                .sum::<i32>()
                > 0
        });
        upper && forward && self.piece(k).moves.iter().all(|r| r.only_in.is_none())
    }

    /// The letters a pawn-style promotion offers in Fairy-Stockfish (`promotionPieceTypes`),
    /// with a problem for each target it cannot offer.
    fn pawn_targets(&mut self, name: &str, to: &[PieceKind]) -> BTreeSet<char> {
        let mut targets = BTreeSet::new();
        for t in to {
            match &self.slots[t.index()] {
                Some(Slot::Own { letter, .. }) => {
                    targets.insert(*letter);
                }
                Some(Slot::Flagged { as_type, .. }) => {
                    if let Some(c) = self.fsf_letter(*as_type) {
                        targets.insert(c);
                    }
                }
                _ => {
                    let tn = self.piece(*t).name.clone();
                    self.problem(
                        Subject::Promotes(name.to_string()),
                        format!("{}: promotes to {tn}, which Fairy-Stockfish cannot offer as a pawn promotion (left out)", name),
                    );
                }
            }
        }
        targets
    }

    /// En passant and initial moves: `enPassantTypes`, `doubleStep` and its region (one for all
    /// kinds, with a problem for a kind whose initial moves start elsewhere).
    fn initial_moves(&mut self, kinds: &[PieceKind]) {
        let kinds_ep: Vec<char> = kinds
            .iter()
            .filter(|&&k| self.plain_units(k).iter().any(|u| u.en_passant))
            .filter_map(|&k| self.fsf_letter(k))
            .collect();
        self.line("enPassantTypes", letters(&mut kinds_ep.iter().copied()));
        let start = self.start.clone();
        let mut region: Option<PlayerSquares> = None;
        let mut initial_kinds = Vec::new();
        let all = self.dims.squares().collect::<SquareSet>();
        for &k in kinds {
            if self.plain_units(k).iter().any(|u| u.initial) {
                let mut z = PlayerSquares::both(SquareSet::EMPTY);
                // `i` moves start from the kind's start squares; a `sets-en-passant` line from
                // its zone, or anywhere.
                if self
                    .piece(k)
                    .moves
                    .iter()
                    .any(|r| r.patterns.iter().any(|p| p.initial))
                {
                    if let Some(pos) = &start {
                        for (s, pc) in pos.pieces() {
                            if pc.kind == k {
                                z[pc.player].insert(s);
                            }
                        }
                    }
                }
                for r in self.piece(k).moves.iter().filter(|r| r.sets_en_passant) {
                    let from = r.only_in.unwrap_or(PlayerSquares::both(all));
                    z = PlayerSquares::from_fn(|p| z[p].union(&from[p]));
                }
                initial_kinds.push((k, z));
                region = Some(match region {
                    None => z,
                    Some(r) => PlayerSquares::from_fn(|p| r[p].union(&z[p])),
                });
            }
        }
        if let Some(r) = region {
            for (k, z) in &initial_kinds {
                if *z != r {
                    let name = self.piece(*k).name.clone();
                    self.problem(
                        Subject::Piece(name.clone()),
                        format!("{name}: initial moves from other squares than another kind's; Fairy-Stockfish has one region for all"),
                    );
                }
            }
            self.line("doubleStep", "true");
            self.region("doubleStepRegion", &r);
            // `en-passant in ZONE` holds the squares a side's double steps pass; Fairy-Stockfish's
            // region the squares where a side takes: the other side's.
            if let Some(ep) = self.rules.en_passant {
                self.region(
                    "enPassantRegion",
                    &PlayerSquares::from_fn(|p| ep[p.other()]),
                );
            }
        } else {
            self.line("doubleStep", "false");
        }
    }
}

/// Letters for a piece-type list key, `-` for none.
impl Exporter<'_> {
    /// `first-move` lines: Fairy-Stockfish has Cambodian chess's two (`cambodianMoves`, with
    /// `gating` for the rights in the FEN): its king's leap two files aside onto the rank in
    /// front, not in check, lost to a rook aimed at it, and its `fers`'s leap two forward.
    fn first_moves(&mut self, kinds: &[PieceKind]) {
        let key_of = |e: &Self, k: PieceKind| match &e.slots[k.index()] {
            Some(Slot::Own { key, .. }) => Some(key.clone()),
            _ => None,
        };
        let rooks: Vec<PieceKind> = kinds
            .iter()
            .copied()
            .filter(|&k| key_of(self, k).as_deref() == Some("rook"))
            .collect();
        let mut stated = false;
        for &k in kinds {
            let p = self.piece(k).clone();
            let Some(fm) = &p.first_move else {
                continue;
            };
            let key = key_of(self, k);
            let king = key.as_deref() == Some("king")
                && fm.rule.betza == "mfsN"
                && fm.not_in_check
                && fm.lost_by == rooks;
            let fers = key.as_deref() == Some("fers")
                && fm.rule.betza == "mfD"
                && !fm.not_in_check
                && fm.lost_by.is_empty();
            if king || fers {
                stated = true;
            } else {
                self.problem(
                    Subject::Moves(p.name.clone(), fm.rule.betza.clone()),
                    format!(
                        "{}: first moves `{}`; Fairy-Stockfish has only Cambodian chess's (a king's `mfsN` not in check, lost to a rook aimed at it; a met's `mfD`) (left out)",
                        p.name, fm.rule.betza
                    ),
                );
            }
        }
        if stated {
            self.line("cambodianMoves", "true");
            self.line("gating", "true");
        }
    }
}

fn letters(v: &mut dyn Iterator<Item = char>) -> String {
    let s: String = v.collect();
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}
