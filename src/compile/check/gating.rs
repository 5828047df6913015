//! `gating in ZONE`: where a piece's first move may bring a piece from the hand onto the board.

use super::{Ctx, Env};
use crate::compile::merge::Merged;
use crate::diagnostics::Code;
use crate::geometry::{file_letter, Player, PlayerSquares};
use crate::rules::Gating;
use crate::syntax::Statement;

/// `en-passant in ZONE`, if the definition states it.
pub(super) fn en_passant(ctx: &mut Ctx, m: &Merged, env: &mut Env) -> Option<PlayerSquares> {
    let st = m.game_rules.get("en-passant")?;
    let Statement::EnPassant(zone) = &st.node else {
        return None;
    };
    env.inline_zone(ctx, zone)
}

/// The gating rule, if the definition states one.
pub(super) fn gating(ctx: &mut Ctx, m: &Merged, env: &mut Env) -> Option<Gating> {
    let st = m.game_rules.get("gating")?;
    let Statement::Gating(zone) = &st.node else {
        return None;
    };
    let squares = env.inline_zone(ctx, zone)?;
    // The FEN names a gate by its file alone (`B`, `c`): a file may hold one gate square.
    for p in Player::BOTH {
        let mut seen = [None; 256];
        for s in squares[p].iter() {
            let f = env.dims.file(s) as usize;
            if let Some(first) = seen[f] {
                let e = ctx
                    .error(
                        Code::GatingFile,
                        zone.span,
                        format!(
                            "the gating zone has two squares on the {}-file ({} and {})",
                            file_letter(f as u8),
                            env.dims.name(first),
                            env.dims.name(s)
                        ),
                    )
                    .with_label("more than one square per file")
                    .with_help("the FEN's castling field names a gate by its file letter, so a gating zone holds at most one square per file, like `rank 1`");
                ctx.report(e);
                return None;
            }
            seen[f] = Some(s);
        }
    }
    Some(Gating { zone: squares })
}
