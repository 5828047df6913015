//! Piece slots: which Fairy-Stockfish piece type (built-in, custom, promoted or flagged) and
//! which letter each kind is written as.

use super::*;

impl Exporter<'_> {
    pub(super) fn assign_slots(&mut self) {
        let (letters, mut used) = self.letters();
        let royals: Vec<PieceKind> = self.rules.royal_kinds().collect();
        // Fairy-Stockfish cannot blow up a `king`: under `explosions` the royal is a pseudo-royal
        // piece of its own type (`extinctionPseudoRoyal`, as its atomic does).
        let king_slot = self.rules.end.royal_rule == RoyalRule::Check
            && royals.len() == 1
            && !self.rules.piece(royals[0]).royal_when_last
            && self.rules.end.explosions.is_none();
        let mut custom = 0usize;
        let mut builtin_used: BTreeSet<&'static str> = BTreeSet::new();
        let kinds: Vec<PieceKind> = self.kinds().collect();
        // Plain kinds first: each is a piece type of its own.
        for &k in &kinds {
            let Some(&c) = letters.get(&k) else { continue };
            let units = self.plain_units(k);
            let p = self.piece(k);
            let key;
            let mut betza_text = String::new();
            if king_slot && p.royal {
                key = "king".to_string();
                if units != units_of_betza("K") {
                    betza_text = self.betza(k);
                }
            } else if let Some(b) = self.builtin_for(k, &units, &builtin_used) {
                builtin_used.insert(b);
                key = b.to_string();
            } else {
                custom += 1;
                key = format!("customPiece{custom}");
                betza_text = self.betza(k);
            }
            self.slots[k.index()] = Some(Slot::Own {
                key,
                letter: c,
                betza: betza_text,
            });
        }
        // Promoted kinds (`+X`): shogi-style promoted types, or pawn-promoted flagged pieces.
        for &k in &kinds {
            if letters.contains_key(&k) {
                continue;
            }
            let promoters = self.promoters_to(k);
            let base = self.base_of(k);
            let name = self.piece(k).name.clone();
            // A shogi-style promotion: X promotes to +X (and only to it).
            if let Some(b) = base.filter(|b| promoters.contains(b)) {
                let single = self
                    .piece(b)
                    .promotion
                    .as_ref()
                    .is_some_and(|p| p.to.len() == 1);
                if single {
                    let twin = kinds
                        .iter()
                        .copied()
                        .find(|&t| letters.contains_key(&t) && t != k && self.same_piece(t, k));
                    let as_type = match twin {
                        Some(t) => t,
                        None => {
                            // A type of its own under a free letter, seen only as `+X`.
                            let Some(c) = ('a'..='z').find(|c| !used.contains(c)) else {
                                self.problem(
                                    Subject::Piece(name.clone()),
                                    format!("no letter is left for {name}"),
                                );
                                continue;
                            };
                            used.insert(c);
                            custom += 1;
                            let betza_text = self.betza(k);
                            self.slots[k.index()] = Some(Slot::Own {
                                key: format!("customPiece{custom}"),
                                letter: c,
                                betza: betza_text,
                            });
                            k
                        }
                    };
                    if as_type != k {
                        self.slots[k.index()] = Some(Slot::Promoted { base: b, as_type });
                    }
                    continue;
                }
            }
            // A `+X` kind nothing promotes to: in the start position only. Captured as X with
            // drops, it is X's promoted form (`promotedPieceType`, demoted on capture as
            // Fairy-Stockfish does) as long as X never promotes; otherwise a type of its own.
            if promoters.is_empty() {
                if let Some(c) = ('a'..='z').find(|c| !used.contains(c)) {
                    used.insert(c);
                    custom += 1;
                    let betza_text = self.betza(k);
                    self.slots[k.index()] = Some(Slot::Own {
                        key: format!("customPiece{custom}"),
                        letter: c,
                        betza: betza_text,
                    });
                    if let Some(b) = self.start_only_promoted_form(k) {
                        let wrong = self.piece(b).promotion.is_some()
                            || self.kinds().any(|o| self.piece(o).promotion.is_some());
                        if wrong {
                            let bn = self.piece(b).name.clone();
                            self.problem(
                                Subject::Piece(name.clone()),
                                format!("{name} ({}) is written as a promoted {bn} (it is captured as one); with other promotions in the game Fairy-Stockfish would also let {bn} promote to it", self.piece(k).letter),
                            );
                        }
                    }
                } else {
                    self.problem(
                        Subject::Piece(name.clone()),
                        format!("no letter is left for {name}"),
                    );
                }
                continue;
            }
            // A pawn-promoted piece: moves as X, captured as the pawn that promoted to it.
            if let (Some(x), [pawn]) = (base, promoters.as_slice()) {
                let cap = self.piece(k).captured_as;
                if self.same_piece(x, k) && cap == *pawn {
                    self.slots[k.index()] = Some(Slot::Flagged {
                        as_type: x,
                        pawn: *pawn,
                    });
                    continue;
                }
            }
            self.problem(
                Subject::Piece(name.clone()),
                format!(
                    "{name} ({}) is neither a promoted form Fairy-Stockfish knows (`promotedPieceType`, one kind to one, or a pawn's promotion) nor a plain piece (left out)",
                    self.piece(k).letter
                ),
            );
        }
        if custom > CUSTOM_SLOTS {
            self.problem(
                Subject::Statement("piece"),
                format!("{custom} custom pieces; Fairy-Stockfish has {CUSTOM_SLOTS} slots"),
            );
        }
    }

    /// A Fairy-Stockfish built-in type that has a rule of its own this kind needs, if one fits
    /// exactly: the pawn (double step, drops off the back ranks), the shogi pawn (no drop mate),
    /// the soldier (sideways only after a given rank).
    pub(super) fn builtin_for(
        &self,
        k: PieceKind,
        units: &BTreeSet<Unit>,
        used: &BTreeSet<&'static str>,
    ) -> Option<&'static str> {
        let p = self.piece(k);
        let unconditional = p.moves.iter().all(|r| !super::conditional(r));
        if unconditional
            && !used.contains("pawn")
            && (*units == units_of_betza("fmWfceF") || *units == units_of_betza("fmWfceFifmnD"))
        {
            return Some("pawn");
        }
        if unconditional
            && !used.contains("shogiPawn")
            && self.rules.drops.no_drop_mate.contains(&k)
            && *units == units_of_betza("fW")
        {
            return Some("shogiPawn");
        }
        // Cambodian chess's met: Fairy-Stockfish gives its first leap to the `fers` type.
        if unconditional
            && !used.contains("fers")
            && p.first_move
                .as_ref()
                .is_some_and(|fm| fm.rule.betza == "mfD")
            && *units == units_of_betza("F")
        {
            return Some("fers");
        }
        if !used.contains("soldier") && self.soldier_rank(k).is_some() {
            return Some("soldier");
        }
        // `counting` counts Fairy-Stockfish's pawns, rooks, khons (its `silver`) and knights by
        // type: the
        // kinds that move as they do take those types.
        if unconditional && self.rules.end.counting.is_some() {
            for (key, betza) in [
                ("pawn", "fmWfcF"),
                ("rook", "R"),
                ("silver", "FfW"),
                ("knight", "N"),
            ] {
                if !used.contains(key) && *units == units_of_betza(betza) {
                    return Some(key);
                }
            }
        }
        None
    }

    /// For a kind that steps forward, and sideways only from rank R on (both players' view):
    /// that rank, 1-based (Fairy-Stockfish's `soldierPromotionRank`).
    pub(super) fn soldier_rank(&self, k: PieceKind) -> Option<u8> {
        let p = self.piece(k);
        let [a, b] = p.moves.as_slice() else {
            return None;
        };
        if a.only_in.is_some() || a.capturing.is_some() || a.unconfined {
            return None;
        }
        if units_of(&a.patterns) != units_of_betza("fW") {
            return None;
        }
        let zone = b.only_in.as_ref()?;
        if b.capturing.is_some() || b.unconfined || units_of(&b.patterns) != units_of_betza("sW") {
            return None;
        }
        let d = self.dims;
        let r = (0..d.ranks).find(|&r| {
            d.square(0, r as i32)
                .is_some_and(|s| zone[Player::First].contains(s))
        })?;
        let expect: SquareSet = d.squares().filter(|&s| d.rank(s) >= r).collect();
        (r > 0 && zone[Player::First] == expect && zone[Player::Second] == expect.mirrored(d))
            .then_some(r + 1)
    }

    /// For a `+X` kind that nothing promotes to and that is captured as X with drops: X, whose
    /// promoted form (`promotedPieceType`) it is written as, so that it demotes to X in the
    /// captor's hand as Fairy-Stockfish's promoted pieces do.
    pub(super) fn start_only_promoted_form(&self, k: PieceKind) -> Option<PieceKind> {
        let b = self.base_of(k)?;
        let p = self.piece(k);
        (self.promoters_to(k).is_empty()
            && p.captured_as == b
            && b != k
            && !self.rules.drops.to_hand.is_empty())
        .then_some(b)
    }

    pub(super) fn slot_key(&self, k: PieceKind) -> Option<(String, char)> {
        match self.slots[k.index()].as_ref()? {
            Slot::Own { key, letter, .. } => Some((key.clone(), *letter)),
            Slot::Promoted { as_type, .. } | Slot::Flagged { as_type, .. } => {
                self.slot_key(*as_type)
            }
        }
    }

    /// The Fairy-Stockfish letter of the type a kind is a piece of.
    pub(super) fn fsf_letter(&self, k: PieceKind) -> Option<char> {
        self.slot_key(k).map(|(_, c)| c)
    }
}
