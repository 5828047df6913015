//! Describing the variant: `piece`, `zones`, `rules`, `render`.

use super::Args;
use crate::engine::Piece;
use crate::geometry::{Player, PlayerSquares};
use crate::repl::{board, describe, parse, ReplError, Result, Session};

impl Session {
    pub(super) fn piece(&mut self, args: &Args) -> Result<String> {
        let args = args.words.as_slice();
        let l = self.loaded()?;
        let rules = l.engine.rules();
        if args.is_empty() {
            return Ok(format!(
                "pieces: {}\n`piece NAME` describes one",
                parse::piece_list(rules)
            ));
        }
        let (spec, used) = parse::piece_tokens(rules, args)?;
        if used < args.len() {
            return Err(ReplError::new(format!(
                "`piece` takes one piece, not `{}`",
                args.join(" ")
            ))
            .with_help("for example `piece Knight`"));
        }
        let side = spec.side.unwrap_or(Player::First);
        let mut out = describe::piece_text(rules, spec.kind).join("\n");
        // The square the SVG and PNG diagrams use, so the pictures agree.
        let from = crate::render::diagram_square(&l.engine, spec.kind, side);
        let marks = board::combine_marks(&l.engine.diagram(spec.kind, side, from));
        let letter = board::piece_letter(rules, Piece::new(side, spec.kind));
        out.push_str(&format!(
            "\nFrom {} on an empty board ({}):\n",
            rules.board.dims.name(from),
            rules.players[side]
        ));
        out.push_str(&board::diagram_board(
            rules, &letter, from, &marks, self.style,
        ));
        let legend = board::diagram_legend(&marks);
        if !legend.is_empty() {
            out.push_str(&format!("\n  {legend}"));
        }
        out.push_str(&format!("\n{}", self.value_line(spec.kind)));
        Ok(out)
    }

    pub(super) fn zones(&mut self, args: &Args) -> Result<String> {
        let args = args.words.as_slice();
        let rules = self.rules()?;
        if rules.zones.is_empty() {
            return Ok(format!("{} declares no zones", rules.name));
        }
        let selected: Vec<(&String, &PlayerSquares)> = match args {
            [] => rules.zones.iter().collect(),
            [name] => match rules.zones.get_key_value(*name) {
                Some(z) => vec![z],
                None => {
                    let names: Vec<&str> = rules.zones.keys().map(|k| k.as_str()).collect();
                    return Err(ReplError::new(format!("there is no zone `{name}`"))
                        .with_help(format!("the zones are {}", names.join(", "))));
                }
            },
            _ => {
                return Err(ReplError::new("`zones` takes at most one zone name")
                    .with_help("for example `zones` or `zones home`"))
            }
        };
        let mut parts = Vec::new();
        for (name, z) in selected {
            if z[Player::First] == z[Player::Second] {
                parts.push(format!(
                    "zone {name} ({} squares, the same for both players):\n{}",
                    z[Player::First].len(),
                    board::zone_board(rules, &z[Player::First], self.style)
                ));
            } else {
                for p in Player::BOTH {
                    parts.push(format!(
                        "zone {name} for {} ({} squares):\n{}",
                        rules.players[p],
                        z[p].len(),
                        board::zone_board(rules, &z[p], self.style)
                    ));
                }
            }
        }
        Ok(parts.join("\n"))
    }

    pub(super) fn rules_command(&mut self, _args: &Args) -> Result<String> {
        Ok(crate::sheet::Sheet::new(self.rules()?)
            .text()
            .trim_end()
            .to_string())
    }

    pub(super) fn render(&mut self, args: &Args) -> Result<String> {
        let args = args.words.as_slice();
        let l = self.loaded()?;
        let last = l.game.moves().last().map(|m| {
            let from = if m.is_drop() { m.to } else { m.from };
            (from, m.to)
        });
        let path = crate::render::render_command(&l.engine, l.game.position(), last, args)
            .map_err(|e| {
                ReplError::new(format!("cannot render: {e}")).with_help(
                    "for example `render start.svg`, `render --moves b1 knight.png` or \
                     `render --piece Cannon --at e5 cannon.svg`",
                )
            })?;
        Ok(format!("saved {}", path.display()))
    }
}
