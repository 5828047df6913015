//! Pairs → AST: reads pest's parse tree into the [`Definition`] types.

use super::ast::*;
use super::keywords;
use super::{Rule, SyntaxError};
use pest::iterators::{Pair, Pairs};

/// Builds the AST from a successful parse.
pub(super) fn build(mut pairs: Pairs<Rule>, file: FileId) -> Result<Definition, SyntaxError> {
    let b = Builder { file };
    let Some(file_pair) = pairs.next() else {
        return Ok(Definition::default());
    };
    let mut statements = Vec::new();
    for p in file_pair.into_inner() {
        if p.as_rule() == Rule::EOI {
            continue;
        }
        let span = b.span(&p);
        statements.push(Spanned::new(b.statement(p)?, span));
    }
    Ok(Definition { statements })
}

struct Builder {
    file: FileId,
}

/// The grammar guarantees the shape of the pairs; if it ever disagrees with this builder, the
/// builder reports a syntax error at the pair rather than panicking.
type BResult<T> = Result<T, SyntaxError>;

/// Whether a rule is a keyword or punctuation (dropped when reading children).
fn is_noise(rule: Rule) -> bool {
    use Rule::*;
    matches!(
        rule,
        lbrace | rbrace | lparen | rparen | equals | colon | times | comma | dash | bar
    ) || keywords::of_rule(rule).is_some()
}

impl Builder {
    /// The span of a pair, ending where its last token ends: a rule's own span also takes in
    /// the whitespace and comments pest skipped while looking for one more repetition.
    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        let end = match p.clone().into_inner().last() {
            Some(last) => self.span(&last).end,
            None => s.end(),
        };
        Span::new(self.file, s.start(), end)
    }

    fn malformed(&self, p: &Pair<Rule>) -> SyntaxError {
        SyntaxError {
            span: self.span(p),
            message: format!("internal: unexpected structure for {:?}", p.as_rule()),
            help: Some("this is a bug in Chimera; please report it with the file".into()),
        }
    }

    /// The meaningful children of a pair (keywords and punctuation dropped).
    fn children<'a>(&self, p: Pair<'a, Rule>) -> Vec<Pair<'a, Rule>> {
        p.into_inner().filter(|c| !is_noise(c.as_rule())).collect()
    }

    /// The keyword children of a pair (to tell `optional` from `forced` and the like).
    fn keywords<'a>(&self, p: &Pair<'a, Rule>) -> Vec<Rule> {
        p.clone()
            .into_inner()
            .map(|c| c.as_rule())
            .filter(|r| keywords::of_rule(*r).is_some())
            .collect()
    }

    fn take<'a>(
        &self,
        it: &mut std::vec::IntoIter<Pair<'a, Rule>>,
        parent: &Pair<'a, Rule>,
    ) -> BResult<Pair<'a, Rule>> {
        it.next().ok_or_else(|| self.malformed(parent))
    }

    fn name(&self, p: Pair<Rule>) -> Name {
        Spanned::new(p.as_str().to_string(), self.span(&p))
    }

    fn number(&self, p: Pair<Rule>) -> Number {
        // Digits only (grammar); saturate instead of failing so range checks can report it.
        let v = p.as_str().parse::<u64>().unwrap_or(u64::MAX);
        Spanned::new(v, self.span(&p))
    }

    /// A `string` pair → its text between the quotes, spanned exactly.
    fn player_decl(&self, p: Pair<Rule>) -> BResult<PlayerDecl> {
        let parent = p.clone();
        let mut it = p.into_inner();
        let name = self.name(it.next().ok_or_else(|| self.malformed(&parent))?);
        let colour = it.next().map(|s| self.string(s)).transpose()?;
        Ok(PlayerDecl { name, colour })
    }

    fn string(&self, p: Pair<Rule>) -> BResult<Spanned<String>> {
        let parent = p.clone();
        match p.into_inner().next() {
            Some(inner) => Ok(Spanned::new(inner.as_str().to_string(), self.span(&inner))),
            None => Err(self.malformed(&parent)),
        }
    }

    /// The names of a clause's name list (`not-over Cannon, Rook`).
    fn clause_names(&self, clause: Pair<Rule>) -> Vec<Name> {
        clause
            .into_inner()
            .filter(|c| c.as_rule() == Rule::name_list)
            .flat_map(|l| self.names(l))
            .collect()
    }

    fn names(&self, p: Pair<Rule>) -> Vec<Name> {
        p.into_inner()
            .filter(|c| c.as_rule() == Rule::name)
            .map(|c| self.name(c))
            .collect()
    }

    fn square(&self, p: Pair<Rule>) -> Spanned<SquareRef> {
        let s = p.as_str();
        let file = s.bytes().next().map(|b| b.wrapping_sub(b'a')).unwrap_or(0);
        let rank = s
            .get(1..)
            .and_then(|r| r.parse::<u64>().ok())
            .unwrap_or(u64::MAX);
        Spanned::new(SquareRef { file, rank }, self.span(&p))
    }

    /// `random rank N { opposite-colours KIND  between KIND KIND }`.
    fn random_start(&self, p: Pair<Rule>) -> BResult<RandomStart> {
        let parent = p.clone();
        let mut rank = None;
        let mut items = Vec::new();
        for c in p.into_inner() {
            let span = self.span(&c);
            match c.as_rule() {
                Rule::number => rank = Some(self.number(c)),
                Rule::opposite_colours_item => {
                    let mut names = c.into_inner().filter(|n| n.as_rule() == Rule::name);
                    let kind = self.name(names.next().ok_or_else(|| self.malformed(&parent))?);
                    items.push(Spanned::new(RandomItem::OppositeColours(kind), span));
                }
                Rule::between_item => {
                    let mut names = c.into_inner().filter(|n| n.as_rule() == Rule::name);
                    let inner = self.name(names.next().ok_or_else(|| self.malformed(&parent))?);
                    let outer = self.name(names.next().ok_or_else(|| self.malformed(&parent))?);
                    items.push(Spanned::new(RandomItem::Between(inner, outer), span));
                }
                _ => {}
            }
        }
        let rank = rank.ok_or_else(|| self.malformed(&parent))?;
        Ok(RandomStart { rank, items })
    }

    fn file_letter(&self, p: Pair<Rule>) -> Spanned<u8> {
        let f = p
            .as_str()
            .bytes()
            .next()
            .map(|b| b.wrapping_sub(b'a'))
            .unwrap_or(0);
        Spanned::new(f, self.span(&p))
    }

    fn score(&self, p: Pair<Rule>) -> Spanned<ScoreName> {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let word = it.next().map_or("draw", |w| w.as_str());
        let player = it
            .next()
            .and_then(|f| f.into_inner().nth(1))
            .map(|n| self.name(n));
        let s = match (word, player) {
            ("win", None) => ScoreName::Win,
            ("loss", None) => ScoreName::Loss,
            ("win", Some(player)) => ScoreName::For { win: true, player },
            ("loss", Some(player)) => ScoreName::For { win: false, player },
            _ => ScoreName::Draw,
        };
        Spanned::new(s, span)
    }

    fn statement(&self, p: Pair<Rule>) -> BResult<Statement> {
        let rule = p.as_rule();
        let parent = p.clone();
        let kids = self.children(p);
        let mut it = kids.into_iter();
        Ok(match rule {
            Rule::variant_stmt => Statement::Variant(self.string(self.take(&mut it, &parent)?)?),
            Rule::extends_stmt => Statement::Extends(self.string(self.take(&mut it, &parent)?)?),
            Rule::description_stmt => {
                Statement::Description(it.map(|p| self.string(p)).collect::<BResult<_>>()?)
            }
            Rule::author_stmt => Statement::Author(self.string(self.take(&mut it, &parent)?)?),
            Rule::link_stmt => Statement::Link(self.string(self.take(&mut it, &parent)?)?),
            Rule::board_stmt => {
                let files = self.number(self.take(&mut it, &parent)?);
                let ranks = self.number(self.take(&mut it, &parent)?);
                Statement::Board { files, ranks }
            }
            Rule::holes_stmt => Statement::Holes(self.zone_expr(self.take(&mut it, &parent)?)?),
            Rule::players_stmt => {
                let a = self.player_decl(self.take(&mut it, &parent)?)?;
                let b = self.player_decl(self.take(&mut it, &parent)?)?;
                Statement::Players(a, b)
            }
            Rule::zone_stmt => {
                let name = self.name(self.take(&mut it, &parent)?);
                let def_pair = self.take(&mut it, &parent)?;
                let def = match def_pair.as_rule() {
                    Rule::absolute_zone => {
                        let pp = def_pair.clone();
                        let mut k = self.children(def_pair).into_iter();
                        ZoneDef::Absolute(self.zone_expr(self.take(&mut k, &pp)?)?)
                    }
                    Rule::per_player => {
                        let mut v = Vec::new();
                        for pz in self.children(def_pair) {
                            let pp = pz.clone();
                            let mut k = self.children(pz).into_iter();
                            let n = self.name(self.take(&mut k, &pp)?);
                            let e = self.zone_expr(self.take(&mut k, &pp)?)?;
                            v.push((n, e));
                        }
                        ZoneDef::PerPlayer(v)
                    }
                    _ => ZoneDef::Relative(self.zone_expr(def_pair)?),
                };
                Statement::Zone(ZoneDecl { name, def })
            }
            Rule::path_stmt => {
                let cyclic = self.keywords(&parent).contains(&Rule::k_cyclic);
                let name = self.name(self.take(&mut it, &parent)?);
                let corners = it.map(|c| self.square(c)).collect();
                Statement::Path(PathDecl {
                    name,
                    corners,
                    cyclic,
                })
            }
            Rule::piece_stmt => {
                let name = self.name(self.take(&mut it, &parent)?);
                let lp = self.take(&mut it, &parent)?;
                let letter = Spanned::new(lp.as_str().to_string(), self.span(&lp));
                let mut items = Vec::new();
                for item in it {
                    let span = self.span(&item);
                    items.push(Spanned::new(self.piece_item(item)?, span));
                }
                Statement::Piece(PieceDecl {
                    name,
                    letter,
                    items,
                })
            }
            Rule::drops_stmt => {
                let mut items = Vec::new();
                for item in it {
                    let span = self.span(&item);
                    items.push(Spanned::new(self.drop_item(item)?, span));
                }
                Statement::Drops(items)
            }
            Rule::royal_rule_stmt => {
                let v = self.take(&mut it, &parent)?;
                let span = self.span(&v);
                let r = match v.as_str() {
                    "duple" => RoyalRuleName::Duple,
                    "capture" => RoyalRuleName::Capture,
                    _ => RoyalRuleName::Check,
                };
                Statement::RoyalRule(Spanned::new(r, span))
            }
            Rule::facing_stmt => match it.next() {
                Some(score) => Statement::FacingEnds(self.score(score)),
                None => Statement::Facing,
            },
            Rule::pass_stmt => {
                let (mut twice, mut when_stuck) = (None, false);
                for c in it {
                    match c.as_rule() {
                        Rule::pass_when_stuck => when_stuck = true,
                        _ => twice = Some(self.score(c)),
                    }
                }
                Statement::Pass(twice, when_stuck)
            }
            Rule::flip_stmt => {
                // The rule's word is a keyword (dropped from the children): found among all.
                let w = parent
                    .clone()
                    .into_inner()
                    .find(|c| matches!(c.as_rule(), Rule::k_lines | Rule::k_adjacent))
                    .ok_or_else(|| self.malformed(&parent))?;
                let rule = Spanned::new(w.as_str().to_string(), self.span(&w));
                Statement::Flip {
                    rule,
                    supported: it.any(|c| c.as_rule() == Rule::flip_supported),
                }
            }
            Rule::board_full_stmt => Statement::BoardFull(it.next().map(|s| self.score(s))),
            Rule::draws_stmt => Statement::DrawsByCount,
            Rule::counting_stmt => {
                let (mut without, mut board, mut rows, mut otherwise, mut from_pieces) =
                    (Vec::new(), None, Vec::new(), None, false);
                let (mut board_up_to, mut bare_without) = (None, Vec::new());
                for c in it {
                    match c.as_rule() {
                        Rule::counting_without => {
                            if let Some(l) = self
                                .children(c)
                                .into_iter()
                                .find(|w| w.as_rule() == Rule::name_list)
                            {
                                without = self.names(l);
                            }
                        }
                        Rule::counting_board => {
                            let nums: Vec<_> = self
                                .children(c.clone())
                                .into_iter()
                                .filter(|n| n.as_rule() == Rule::number)
                                .collect();
                            let mut ns = nums.into_iter();
                            let n = self.take(&mut ns, &c)?;
                            board = Some(self.number(n));
                            board_up_to = ns.next().map(|n| self.number(n));
                        }
                        Rule::counting_bare => {
                            for r in self.children(c) {
                                let parts = self.children(r.clone());
                                match r.as_rule() {
                                    Rule::counting_without => {
                                        if let Some(l) = parts
                                            .into_iter()
                                            .find(|w| w.as_rule() == Rule::name_list)
                                        {
                                            bare_without = self.names(l);
                                        }
                                    }
                                    Rule::counting_else => {
                                        let n = self.take(&mut parts.into_iter(), &r)?;
                                        otherwise = Some(self.number(n));
                                    }
                                    Rule::counting_row => {
                                        let mut ps = parts.into_iter();
                                        let first = self.take(&mut ps, &r)?;
                                        let (m, name) = if first.as_rule() == Rule::number {
                                            (Some(self.number(first)), self.take(&mut ps, &r)?)
                                        } else {
                                            (None, first)
                                        };
                                        let limit = self.take(&mut ps, &r)?;
                                        rows.push((m, self.name(name), self.number(limit)));
                                    }
                                    _ => {}
                                }
                            }
                        }
                        Rule::counting_from => from_pieces = true,
                        _ => {}
                    }
                }
                Statement::Counting {
                    without,
                    board,
                    board_up_to,
                    bare_without,
                    rows,
                    otherwise,
                    from_pieces,
                }
            }
            Rule::bare_royal_stmt => Statement::BareRoyal(self.score(self.take(&mut it, &parent)?)),
            Rule::extinction_stmt => {
                let (mut kinds, mut all, mut down_to, mut score) = (Vec::new(), None, None, None);
                for c in it {
                    match c.as_rule() {
                        Rule::extinction_all => all = Some(self.span(&c)),
                        Rule::name_list => kinds = self.names(c),
                        Rule::down_to_clause => {
                            let n = self.take(&mut self.children(c.clone()).into_iter(), &c)?;
                            down_to = Some(self.number(n));
                        }
                        _ => score = Some(self.score(c)),
                    }
                }
                Statement::Extinction {
                    kinds,
                    all,
                    down_to,
                    score,
                }
            }
            Rule::goal_stmt => {
                // The words after the zone, with their spans (for the checker's messages).
                let word = |r: Rule| {
                    parent
                        .clone()
                        .into_inner()
                        .find(|c| c.as_rule() == r)
                        .map(|c| self.span(&c))
                };
                let (reply, held, safe) =
                    (word(Rule::k_reply), word(Rule::k_held), word(Rule::k_safe));
                let (mut kinds, mut any, mut zone, mut count, mut or_full, mut player) =
                    (Vec::new(), None, None, None, None, None);
                for c in it {
                    match c.as_rule() {
                        Rule::goal_any => any = Some(self.span(&c)),
                        Rule::goal_for => {
                            player = c
                                .clone()
                                .into_inner()
                                .find(|w| w.as_rule() == Rule::name)
                                .map(|n| self.name(n));
                        }
                        Rule::name_list => kinds = self.names(c),
                        Rule::goal_count => {
                            or_full = c
                                .clone()
                                .into_inner()
                                .find(|w| w.as_rule() == Rule::k_or_full)
                                .map(|w| self.span(&w));
                            let n = self.take(&mut self.children(c.clone()).into_iter(), &c)?;
                            count = Some(self.number(n));
                        }
                        _ => zone = Some(self.zone_expr(c)?),
                    }
                }
                let zone = zone.ok_or_else(|| self.malformed(&parent))?;
                Statement::Goal {
                    kinds,
                    any,
                    zone,
                    count,
                    or_full,
                    safe,
                    reply,
                    held,
                    player,
                }
            }
            Rule::castling_wins_stmt => {
                let mut sides = Vec::new();
                let mut player = None;
                for c in it {
                    match c.as_rule() {
                        Rule::castle_side => {
                            let span = self.span(&c);
                            let king = c
                                .into_inner()
                                .next()
                                .is_some_and(|k| k.as_rule() == Rule::k_kingside);
                            sides.push(Spanned { node: king, span });
                        }
                        Rule::goal_for => {
                            player = c.into_inner().nth(1).map(|n| self.name(n));
                        }
                        _ => {}
                    }
                }
                Statement::CastlingWins(sides, player)
            }
            Rule::check_limit_stmt => {
                Statement::CheckLimit(self.number(self.take(&mut it, &parent)?))
            }
            Rule::connect_stmt => {
                let first = self.take(&mut it, &parent)?;
                let (n, regions) = if first.as_rule() == Rule::connect_regions {
                    let fc = first.clone();
                    let mut z = self.children(first).into_iter();
                    let a = self.zone_expr(self.take(&mut z, &fc)?)?;
                    let b = self.zone_expr(self.take(&mut z, &fc)?)?;
                    (None, Some((a, b)))
                } else {
                    (Some(self.number(first)), None)
                };
                let (mut lines, mut kinds, mut score) = (Vec::new(), Vec::new(), None);
                let (mut square, mut gaps) = (None, false);
                for c in it {
                    match c.as_rule() {
                        Rule::connect_square => {
                            let n = self.take(&mut self.children(c.clone()).into_iter(), &c)?;
                            square = Some(self.number(n));
                        }
                        Rule::connect_gaps => gaps = true,
                        Rule::connect_line => {
                            lines.push(Spanned::new(c.as_str().to_string(), self.span(&c)))
                        }
                        Rule::connect_of => {
                            if let Some(list) = c.into_inner().nth(1) {
                                kinds = self.names(list);
                            }
                        }
                        _ => score = Some(self.score(c)),
                    }
                }
                Statement::Connect {
                    n,
                    regions,
                    lines,
                    kinds,
                    square,
                    gaps,
                    score,
                }
            }
            Rule::no_check_stmt => Statement::NoCheck,
            Rule::must_capture_stmt => Statement::MustCapture,
            Rule::checked_royal_stmt => Statement::CheckedRoyalTakesOnly,
            Rule::explosions_stmt => {
                let (mut spare, mut immune) = (Vec::new(), Vec::new());
                for c in it {
                    let list = self
                        .children(c.clone())
                        .into_iter()
                        .find(|n| n.as_rule() == Rule::name_list);
                    let names = list.map(|l| self.names(l)).unwrap_or_default();
                    match c.as_rule() {
                        Rule::explosions_spare => spare = names,
                        _ => immune = names,
                    }
                }
                Statement::Explosions { spare, immune }
            }
            Rule::petrify_stmt => {
                let list = self.take(&mut it, &parent)?;
                Statement::Petrify(self.names(list))
            }
            Rule::walls_stmt => {
                let w = self.take(&mut it, &parent)?;
                let rule = Spanned {
                    node: w.as_str().trim().to_string(),
                    span: self.span(&w),
                };
                let zone = match it.next() {
                    Some(z) => Some(self.zone_expr(z)?),
                    None => None,
                };
                Statement::Walls { rule, zone }
            }
            Rule::gating_stmt => Statement::Gating(self.zone_expr(self.take(&mut it, &parent)?)?),
            Rule::en_passant_stmt => {
                Statement::EnPassant(self.zone_expr(self.take(&mut it, &parent)?)?)
            }
            Rule::promotion_limit_stmt => {
                let mut v = Vec::new();
                for kc in it {
                    let kp = kc.clone();
                    let mut k = self.children(kc).into_iter();
                    let n = self.name(self.take(&mut k, &kp)?);
                    let c = self.number(self.take(&mut k, &kp)?);
                    v.push((n, c));
                }
                Statement::PromotionLimit(v)
            }
            Rule::stalemate_stmt => {
                let score = self.score(self.take(&mut it, &parent)?);
                Statement::Stalemate(score, it.next().is_some())
            }
            Rule::checkmate_stmt => Statement::Checkmate(self.score(self.take(&mut it, &parent)?)),
            Rule::repetition_stmt => {
                let count = self.number(self.take(&mut it, &parent)?);
                let score = self.score(self.take(&mut it, &parent)?);
                let perpetual_check = it.next().map(|s| self.score(s));
                Statement::Repetition {
                    count,
                    score,
                    perpetual_check,
                }
            }
            Rule::move_limit_stmt => {
                let moves = self.number(self.take(&mut it, &parent)?);
                let score = self.score(self.take(&mut it, &parent)?);
                let resets = it.next().map(|l| self.names(l)).unwrap_or_default();
                Statement::MoveLimit {
                    moves,
                    score,
                    resets,
                }
            }
            Rule::castling_stmt => {
                let king = self.name(self.take(&mut it, &parent)?);
                let rook = self.name(self.take(&mut it, &parent)?);
                let (mut steps, mut to, mut opposite) = (None, None, false);
                for n in it {
                    if n.as_rule() == Rule::castling_opposite {
                        opposite = true;
                    } else if n.as_rule() == Rule::castling_to {
                        let files: Vec<Spanned<u8>> = n
                            .into_inner()
                            .filter(|c| c.as_rule() == Rule::file_letter)
                            .map(|c| self.file_letter(c))
                            .collect();
                        if let [a, b] = files.as_slice() {
                            to = Some((a.clone(), b.clone()));
                        }
                    } else {
                        steps = Some(self.number(n));
                    }
                }
                Statement::Castling {
                    king,
                    rook,
                    steps,
                    to,
                    opposite,
                }
            }
            Rule::start_stmt => {
                let fen = self.string(self.take(&mut it, &parent)?)?;
                let random = match it.next() {
                    Some(r) => Some(self.random_start(r)?),
                    None => None,
                };
                Statement::Start(fen, random)
            }
            Rule::render_stmt => {
                let mut items = Vec::new();
                for item in it {
                    let span = self.span(&item);
                    items.push(Spanned::new(self.render_item(item)?, span));
                }
                Statement::Render(items)
            }
            _ => return Err(self.malformed(&parent)),
        })
    }

    fn zone_expr(&self, p: Pair<Rule>) -> BResult<ZoneExpr> {
        let span = self.span(&p);
        let parent = p.clone();
        let mut it = p.into_inner();
        let first = match it.next() {
            Some(t) => self.zone_term(t)?,
            None => return Err(self.malformed(&parent)),
        };
        let mut rest = Vec::new();
        while let Some(op) = it.next() {
            let op_span = self.span(&op);
            let o = match op.as_str() {
                "+" => ZoneOp::Union,
                "-" => ZoneOp::Minus,
                _ => ZoneOp::Intersect,
            };
            let term = match it.next() {
                Some(t) => self.zone_term(t)?,
                None => return Err(self.malformed(&parent)),
            };
            rest.push((Spanned::new(o, op_span), term));
        }
        Ok(ZoneExpr { first, rest, span })
    }

    fn zone_term(&self, p: Pair<Rule>) -> BResult<Spanned<ZoneTerm>> {
        let span = self.span(&p);
        let rule = p.as_rule();
        let parent = p.clone();
        let mut it = self.children(p).into_iter();
        let term = match rule {
            Rule::all_term => ZoneTerm::All,
            Rule::rank_term => ZoneTerm::Rank(self.number(self.take(&mut it, &parent)?)),
            Rule::ranks_term => {
                let a = self.number(self.take(&mut it, &parent)?);
                let b = self.number(self.take(&mut it, &parent)?);
                ZoneTerm::Ranks(a, b)
            }
            Rule::file_term => ZoneTerm::File(self.file_letter(self.take(&mut it, &parent)?)),
            Rule::files_term => {
                let a = self.file_letter(self.take(&mut it, &parent)?);
                let b = self.file_letter(self.take(&mut it, &parent)?);
                ZoneTerm::Files(a, b)
            }
            Rule::enemy_term => ZoneTerm::Enemy(self.name(self.take(&mut it, &parent)?)),
            Rule::rect_term => {
                let a = self.square(self.take(&mut it, &parent)?);
                let b = self.square(self.take(&mut it, &parent)?);
                ZoneTerm::Rect(a, b)
            }
            Rule::square_term => ZoneTerm::Square(self.square(self.take(&mut it, &parent)?)),
            Rule::zone_ref => ZoneTerm::Named(self.name(self.take(&mut it, &parent)?)),
            Rule::group_term => {
                ZoneTerm::Group(Box::new(self.zone_expr(self.take(&mut it, &parent)?)?))
            }
            _ => return Err(self.malformed(&parent)),
        };
        Ok(Spanned::new(term, span))
    }

    fn piece_item(&self, p: Pair<Rule>) -> BResult<PieceItem> {
        let rule = p.as_rule();
        let parent = p.clone();
        let kws = self.keywords(&parent);
        let mut it = self.children(p).into_iter();
        Ok(match rule {
            Rule::moves_item => {
                let b = self.take(&mut it, &parent)?;
                let betza = Spanned::new(b.as_str().to_string(), self.span(&b));
                let mut only_in = None;
                let mut capturing = None;
                let mut not_over = None;
                let mut not_capturing = None;
                let mut unconfined = false;
                let mut sets_en_passant = false;
                let mut first_move = None;
                for clause in it {
                    match clause.as_rule() {
                        Rule::in_clause => {
                            let cp = clause.clone();
                            let mut k = self.children(clause).into_iter();
                            only_in = Some(self.zone_expr(self.take(&mut k, &cp)?)?);
                        }
                        Rule::capturing_clause => {
                            let names = clause
                                .into_inner()
                                .filter(|c| c.as_rule() == Rule::name_list);
                            capturing = Some(names.flat_map(|l| self.names(l)).collect());
                        }
                        Rule::not_over_clause => not_over = Some(self.clause_names(clause)),
                        Rule::not_capturing_clause => {
                            not_capturing = Some(self.clause_names(clause))
                        }
                        Rule::unconfined_clause => unconfined = true,
                        Rule::sets_en_passant_clause => sets_en_passant = true,
                        Rule::first_move_clause => {
                            let mut fm = FirstMoveClause {
                                not_in_check: false,
                                lost_by: Vec::new(),
                            };
                            for c in clause.into_inner() {
                                match c.as_rule() {
                                    Rule::not_in_check_clause => fm.not_in_check = true,
                                    Rule::lost_by_clause => fm.lost_by = self.clause_names(c),
                                    _ => {}
                                }
                            }
                            first_move = Some(fm);
                        }
                        _ => return Err(self.malformed(&clause)),
                    }
                }
                PieceItem::Moves {
                    betza,
                    only_in,
                    capturing,
                    not_over,
                    not_capturing,
                    unconfined,
                    sets_en_passant,
                    first_move,
                }
            }
            Rule::rides_item => {
                let paths = self.names(self.take(&mut it, &parent)?);
                let mut up_to = None;
                let mut direction = None;
                let mut hopping = None;
                let mut not_over = None;
                let mut not_capturing = None;
                for clause in it {
                    match clause.as_rule() {
                        Rule::up_to_clause => {
                            let cp = clause.clone();
                            let mut k = self.children(clause).into_iter();
                            up_to = Some(self.number(self.take(&mut k, &cp)?));
                        }
                        Rule::ride_direction => {
                            let way = match clause.as_str() {
                                "forward" => RideWay::Forward,
                                "backward" => RideWay::Backward,
                                _ => RideWay::Sideways,
                            };
                            direction = Some(Spanned::new(way, self.span(&clause)));
                        }
                        Rule::hopping_clause => hopping = Some(self.span(&clause)),
                        Rule::not_over_clause => not_over = Some(self.clause_names(clause)),
                        Rule::not_capturing_clause => {
                            not_capturing = Some(self.clause_names(clause))
                        }
                        _ => return Err(self.malformed(&clause)),
                    }
                }
                PieceItem::Rides {
                    paths,
                    up_to,
                    direction,
                    hopping,
                    not_over,
                    not_capturing,
                }
            }
            Rule::royal_item => match it.next() {
                None => PieceItem::Royal(false, None),
                Some(w) => {
                    let with = w.into_inner().nth(1).and_then(|r| r.into_inner().nth(1));
                    PieceItem::Royal(true, with.map(|n| self.name(n)))
                }
            },
            Rule::immobile_item => PieceItem::Immobile,
            Rule::turned_item => PieceItem::Turned,
            Rule::confined_item => {
                let mut zones = Vec::new();
                for z in it {
                    zones.push(self.zone_expr(z)?);
                }
                PieceItem::Confined(zones)
            }
            Rule::promotes_item => {
                let to = self.names(self.take(&mut it, &parent)?);
                let zone = self.zone_expr(self.take(&mut it, &parent)?)?;
                let mode = match it.next() {
                    Some(m) => {
                        let span = self.span(&m);
                        let when = match m.as_str() {
                            "optional" => PromotionWhen::Optional,
                            "forced-start-or-end" => PromotionWhen::ForcedStartOrEnd,
                            "in-place" => PromotionWhen::InPlace,
                            _ => PromotionWhen::Forced,
                        };
                        Some(Spanned::new(when, span))
                    }
                    None => None,
                };
                let _ = kws;
                PieceItem::Promotes { to, zone, mode }
            }
            Rule::captured_item => PieceItem::CapturedAs(self.name(self.take(&mut it, &parent)?)),
            Rule::value_item => PieceItem::Value(self.name(self.take(&mut it, &parent)?)),
            Rule::glyph_item => {
                let file = kws.contains(&Rule::k_file);
                let first = self.string(self.take(&mut it, &parent)?)?;
                let second = it.next().map(|s| self.string(s)).transpose()?;
                PieceItem::Glyph {
                    file,
                    first,
                    second,
                }
            }
            _ => return Err(self.malformed(&parent)),
        })
    }

    fn drop_item(&self, p: Pair<Rule>) -> BResult<DropItem> {
        let rule = p.as_rule();
        let parent = p.clone();
        let mut it = self.children(p).into_iter();
        Ok(match rule {
            Rule::kinds_all => DropItem::KindsAll,
            Rule::kinds_list => DropItem::Kinds(self.names(self.take(&mut it, &parent)?)),
            Rule::drop_kind_zone => {
                let n = self.name(self.take(&mut it, &parent)?);
                let z = self.zone_expr(self.take(&mut it, &parent)?)?;
                DropItem::KindZone(n, z)
            }
            Rule::drop_zone => DropItem::Zone(self.zone_expr(self.take(&mut it, &parent)?)?),
            Rule::must_move => DropItem::MustMove,
            Rule::one_per_file => DropItem::OnePerFile(self.names(self.take(&mut it, &parent)?)),
            Rule::no_mate => DropItem::NoMate(self.names(self.take(&mut it, &parent)?)),
            Rule::must_drop => DropItem::MustDrop,
            Rule::drop_no_check => DropItem::NoCheck,
            Rule::drop_gravity => DropItem::Gravity,
            Rule::drop_enclosing => DropItem::Enclosing,
            Rule::per_file => {
                let n = self.number(self.take(&mut it, &parent)?);
                DropItem::PerFile(n, self.names(self.take(&mut it, &parent)?))
            }
            Rule::drop_apart => DropItem::Apart,
            Rule::drop_adjacent => DropItem::Adjacent,
            Rule::drop_opening => DropItem::Opening(self.zone_expr(self.take(&mut it, &parent)?)?),
            Rule::drop_unlimited => DropItem::Unlimited(self.names(self.take(&mut it, &parent)?)),
            Rule::drop_promoted => DropItem::DropPromoted(self.names(self.take(&mut it, &parent)?)),
            Rule::promote_after_move => {
                DropItem::PromoteAfterMove(self.zone_expr(self.take(&mut it, &parent)?)?)
            }
            _ => return Err(self.malformed(&parent)),
        })
    }

    fn render_item(&self, p: Pair<Rule>) -> BResult<RenderItem> {
        let rule = p.as_rule();
        let parent = p.clone();
        let mut it = self.children(p).into_iter();
        Ok(match rule {
            Rule::intersections_item => RenderItem::Intersections,
            Rule::cell_item => RenderItem::Cell(self.number(self.take(&mut it, &parent)?)),
            Rule::river_item => RenderItem::River(self.number(self.take(&mut it, &parent)?)),
            Rule::diagonals_item => RenderItem::Diagonals(self.names(self.take(&mut it, &parent)?)),
            Rule::colour_item => {
                let n = self.name(self.take(&mut it, &parent)?);
                let s = self.string(self.take(&mut it, &parent)?)?;
                RenderItem::Colour(n, s)
            }
            Rule::light_item => RenderItem::Light(self.string(self.take(&mut it, &parent)?)?),
            Rule::dark_item => RenderItem::Dark(self.string(self.take(&mut it, &parent)?)?),
            Rule::wedges_item => RenderItem::Wedges,
            _ => return Err(self.malformed(&parent)),
        })
    }
}
