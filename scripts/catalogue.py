#!/usr/bin/env python3
"""The catalogue of Fairy-Stockfish's variants in Chimera (CATALOGUE.md), measured.

    .venv/bin/python3 scripts/catalogue.py PATH/TO/Fairy-Stockfish/src/variants.ini \\
        [--chimera target/release/chimera] [--date YYYY-MM-DD] [--fsf-commit HASH] \\
        [--random N] [-v] [-o CATALOGUE.md]

Every name Fairy-Stockfish (FSF) knows, one row each: its built-in variants (`pyffish.variants()`
before any `variants.ini` is loaded) and the sections of its own `variants.ini` (GPL: not in this
repository; give the path of a clone's `src/variants.ini`). For each name, where a designer finds
it in Chimera:

- `shipped`: a definition in `definitions/` states it (the FSF name, or the alias in `SHIPPED_AS`);
  whether `tests/perft/NAME.perft` holds counts from FSF, and a perft comparison made now;
- `imports` (sections only): `chimera import` turns the section into a definition, complete or with
  the rules it announces as left out, and the perft of the result is compared with pyffish's;
- `statable`: nothing ships it, but the language states it: a small definition written here
  (`PROBES` for built-ins; `REFUSED`, `IMPORT_FAULTS` for sections the importer refuses or
  converts wrongly) states it and is compared with pyffish now;
- `blocked`: a mechanism the language lacks (`MECHANISMS`).

Perft comparisons: from the start at depth 3 when both perfts 2 are at most 3,000, else 2;
from positions set in the tables (castling, evidence); and from N positions of random games in
FSF (`--random`, default 8; a fixed seed per variant) at depth 2. FSF's counts are made through
pyffish's legal move lists (tests/fsf/driver.py's way); its FENs are given to Chimera with `Q~`
written `+Q`.

Measured: the shipped names, the import results and their omissions, every perft comparison.
Hand-written (facts about the rules, from FSF's src/variant.cpp and the variants' rules): the
mechanisms blocked built-ins need (`BUILTIN_BLOCKED`), the probes, which omitted keys the language
could state (`KEY_MECHANISM`), why a refused section is refused by the language or only by the
importer (`REFUSED`), and why an import that differs from FSF does (`IMPORT_FAULTS`). A probe that
no longer matches FSF, evidence that no longer differs, a name or omitted key the tables do not
cover, or an import that differs from FSF without an entry is printed on stderr and makes the
script exit 1 (the table is still written), so the tables are kept honest.

Needs pyffish (`.venv`, see tests/fsf/README.md) and a built chimera (`--chimera`, or the
environment variable CHIMERA, default target/release/chimera).
"""

import argparse
import datetime
import functools
import os
import random
import re
import subprocess
import sys
import tempfile
import zlib
from collections import defaultdict
from pathlib import Path

import pyffish as sf

REPO = Path(__file__).resolve().parent.parent

# --------------------------------------------------------------------------------------------
# Missing mechanisms: id -> what the language lacks.
MECHANISMS = {
    "mutually_immune": "kinds that may not capture each other (atomar's kings)",
    "walls": "walls the language does not place yet: on the edge or beside other walls instead of a move (atlantis)",
    "two_boards": "two boards: pieces passed to a partner (bughouse, supply)",
    "material_counting": "material counting to score drawn ends (janggi's bikjang, double pass, repetition)",
    "move_repetition": "a move that repeats a position is illegal (modern janggi)",
    "triple_step": "pawn triple steps with en passant (wildebeest)",
    "petrify_royal": "petrification of a royal piece: a king that turns to stone when it captures, so it may not capture and attacks nothing (petrified); `petrify` names other kinds",
    "shatar_mate": "shatar's mate rules (a mate by knights alone loses, one without a shak among its checks draws)",
    "crown_prince": "pieces royal while a side has more than one of their kind left (FSF's `extinctionPseudoRoyal` with `extinctionPieceCount` above 0); `royal when-last` states one left, `royal when-last with KIND` one royalty shared by two kinds",
    "stuck_optional": "an optional promotion that stays optional where the piece has no move left (FSF's `immobilityIllegal = false`)",
    "promo_on_capture": "promotion or demotion when capturing (micro shogi, cetus)",
    "drop_bishops": "drop restriction: bishops on squares of both colours (placement)",
    "castle_dropped": "castling rights gained by dropping king and rook on their squares (placement)",
    "drop_checks": "drops that may not give check",
    "gate_kinds": "gating limited to some kinds (S-House: a captured pawn is dropped, never gated)",
    "castling_kinds": "castling with more than one rook kind (perfect: rook or chancellor)",
    "gravity": "drops pushed in from any edge of the board (cfour-anyside's `enclosingDrop = anyside`)",
    "extinction_opponent": "extinction judged against the opponent's count too",
    "atomic_drops": "drops that may not give check under explosions, as FSF judges a check there",
}

# Omitted `variants.ini` keys (as `chimera import` announces them): the missing mechanism, or
# None with what the language has for it (then only the importer leaves it out).
KEY_MECHANISM = {
    "extinctionPseudoRoyal": "crown_prince",
    "extinctionPieceCount": "crown_prince",
    "wallingRule": "walls",
    "wallOrMove": "walls",
    "dropChecks": "drop_checks",
    "piecePromotionOnCapture": "promo_on_capture",
    "petrifyOnCaptureTypes": "petrify_royal",
    "extinctionOpponentPieceCount": "extinction_opponent",
    "tripleStepRegionWhite": "triple_step",
    "tripleStepRegionBlack": "triple_step",
    "dropOppositeColoredBishop": "drop_bishops",
    "castlingDroppedPiece": "castle_dropped",
    # the language has these; the importer does not convert them (yet)
    "pieceDrops": (None, "drops from a start hand without captures to hand (`drops` without `kinds`)"),
    "dropRegionWhite": (None, "drop zones (`drops { zone ... }`, per player)"),
    "dropRegionBlack": (None, "drop zones (`drops { zone ... }`, per player)"),
    "mustDrop": (None, "`must-drop`"),
    "dropNoDoubled": (None, "`one-per-file`"),
    "dropPromoted": (None, "`drop-promoted`"),
    "pieceDemotion": (None, "turning back to the base form (`promotes to` on the `+X` kind, as kyotoshogi.variant does)"),
    "castlingKingPiece": (None, "castling by a non-royal king (giveaway.variant)"),
    "castlingKingsideFile": (None, "`castling KING ROOK to FILE FILE` (king moves of different lengths)"),
    "castlingQueensideFile": (None, "`castling KING ROOK to FILE FILE` (king moves of different lengths)"),
    "extinctionPieceTypes": (None, "`extinction all`"),
    "checkCounting": (None, "`check-limit`"),
    "promotionLimit": (None, "`promotion-limit`"),
    "pass": (None, "`pass`"),
    "bikjangRule": (None, "`facing ends`"),
    "diagonalLines": (None, "`path` and `rides` (janggi.variant's palace lines)"),
    "janggiCannon": (None, "`not-over`/`not-capturing` (janggi.variant's cannon)"),
    "janggiElephant": (None, "`nZ` (janggi.variant's elephant)"),
    "immobile": (None, "`immobile`"),
    "khon": (None, "a piece moving `FfW`"),
    "met": (None, "a piece moving `F`"),
    "mobilityRegionWhiteCustomPiece2": (None, "`confined` with a per-player zone"),
    "mobilityRegionWhiteCustomPiece3": (None, "`confined` with a per-player zone"),
    "promotionPawnTypesBlack": (None, "one pawn kind per side, as spartan.variant has"),
    "promotionPieceTypesBlack": (None, "one pawn kind per side, as spartan.variant has"),
    "nMoveRuleTypesBlack": (None, "`move-limit ... resets` naming both sides' pawn kinds"),
    "promotedPieceType": (None, "a consequence of another omission (the piece it names was left out)"),
    "shogiPawnDropMateIllegal": (None, "nothing: the section has no shogi pawn, so FSF applies no rule either"),
    "chess960": (None, "nothing: `false` is the default"),
}
# Keys whose mechanism depends on the value.
KEY_VALUE_MECHANISM = {
    ("materialCounting", "janggi"): "material_counting",
    ("materialCounting", "none"): (None, "nothing: no counting is the default"),
    ("pass", "false"): (None, "nothing: no pass is the default"),
    ("bikjangRule", "false"): (None, "nothing: no bikjang is the default"),
    ("enPassantRegion", "-"): (None, "no en passant (a pawn without `e`)"),
    ("enclosingDrop", "anyside"): "gravity",
}
# Flag keys: a flag for one side only is missing; one whose piece was left out is a consequence.
FLAG_KEYS = ("flagPiece", "flagRegionWhite", "flagRegionBlack", "flagPieceWhite", "flagPieceBlack")

# --------------------------------------------------------------------------------------------
# Shipped definitions under another name than FSF's (FSF name -> (definition stem, note)).
SHIPPED_AS = {
    "fischerandom": ("chess960", "FSF's Chess960"),
    "normal": ("chess", "FSF's second name for chess"),
    "mini": ("minishogi", "FSF's second name for minishogi"),
    "janggitraditional": ("janggi", "janggi.variant scores bikjang and two passes as draws, as this one does"),
}
# What a shipped definition leaves out of FSF's rules (facts; none of it changes perft).
SHIPPED_NOTES = {
    "janggi": "FSF's `janggi` scores bikjang, two passes and repetitions by material counting; janggi.variant scores them as draws (that is FSF's `janggitraditional`)",
    "xiangqi": "the chasing rule is not stated (perpetual check loses)",
    "sittuyin": "the counting rules of the ending are not stated",
    "seirawan": "FSF tests a gating move without the gated piece (a gated piece may shield its king here)",
    "shogi": "mate by pawn drop is illegal here (`no-mate`), while FSF lists it and scores it as the dropper's loss: the same game, so the comparison leaves such drops out of FSF's lists",
    "minishogi": "a fourth repetition is the first player's loss in both (`repetition 4 loss for Sente`); mate by pawn drop is illegal here (`no-mate`), while FSF lists it and scores it as the dropper's loss: the same game, so the comparison leaves such drops out of FSF's lists",
    "torishogi": "a mate by swallow drop is illegal here (`no-mate`), while FSF lists it and scores it as the dropper's loss: the same game, so the comparison leaves such drops out of FSF's lists",
    "mini": "a fourth repetition is the first player's loss in both (`repetition 4 loss for Sente`); mate by pawn drop is illegal here (`no-mate`), while FSF lists it and scores it as the dropper's loss: the same game, so the comparison leaves such drops out of FSF's lists",
}

# --------------------------------------------------------------------------------------------
# Built-ins nothing ships that the language cannot state: the mechanisms they need, a note, and
# optionally evidence: a definition stating the rest and a position where it must differ from FSF.
BUILTIN_BLOCKED = {
    "petrified": (["petrify_royal"], "a capturing piece (not a pawn) turns to stone (`petrify`), the royal commoner too; sideways pawns"),
    "atomar": (["mutually_immune"], "atomic with the kings immune to the blast (`explosions ... immune King`) and unable to take each other"),
    "bughouse": (["two_boards"], ""),
    "koedem": (["two_boards"], ""),
    "supply": (["two_boards", "drop_checks"], "xiangqi with bughouse's partner supply"),
    "shatar": (["shatar_mate"], ""),
    "micro": (["promo_on_capture"], "pieces turn over only when they capture"),
    "placement": (["drop_bishops", "castle_dropped"], "the placing phase itself is `must-drop` on the first rank"),
    "janggimodern": (["material_counting", "move_repetition"], "no bikjang"),
    "shouse": (["gate_kinds"], "seirawan.variant's gating with crazyhouse's drops states all else"),
    "perfect": (["castling_kinds"], "the pieces are statable; the language has one `castling` statement"),
}

# Evidence for some blocked built-ins: a definition stating all else, and a position from which
# its perft must differ from FSF's (checked: if it stops differing, the claim is reported).
CHESS_PAWN = "promotes to Queen, Rook, Bishop, Knight in last_rank forced"
BLOCKED_EVIDENCE = {
    "shouse": ("""variant "shouse"
extends "seirawan.variant"
piece PromotedQueen +Q { moves Q  captured as Pawn }
piece PromotedRook +R { moves R  captured as Pawn }
piece PromotedBishop +B { moves B  captured as Pawn }
piece PromotedKnight +N { moves N  captured as Pawn }
piece PromotedHawk +H { moves BN  captured as Pawn }
piece PromotedElephant +E { moves RN  captured as Pawn }
piece Pawn P {
  moves fmWfceFifmnD
  promotes to PromotedQueen, PromotedRook, PromotedBishop, PromotedKnight, PromotedHawk, PromotedElephant in last_rank forced
}
drops { kinds all  zone Pawn: ranks 2-7 }
""", "rnbqkbnr/pppppp2/7p/1e4p1/1P2H3/2P4E/P2PPPPh/RNBQKBNR[p] w KQBCDFGkqbcdfg - 1 7"),
}


def derive(stem, drop=(), name=None):
    """A shipped definition's text with some lines left out (`extends` cannot remove a rule)."""
    def make():
        text = (REPO / "definitions" / f"{stem}.variant").read_text()
        lines = [l for l in text.splitlines() if l.strip() not in drop]
        out = "\n".join(lines) + "\n"
        if name:
            out = re.sub(r'^variant "[^"]*"', f'variant "{name}"', out, count=1, flags=re.M)
        return out
    return make


# Probes: definitions (in the language, written for this catalogue from the variants' rules) of
# the built-ins nothing ships. Each entry: the text (or a function making it), extra positions
# compared too (FSF FEN), and a map of FEN letters where the probe uses other letters than FSF.
CAPABLANCA = """variant "capablanca"
extends "chess.variant"
board 10x8
piece Archbishop A { moves BN }
piece Chancellor C { moves RN }
piece Pawn P { moves fmWfceFifmnD  promotes to Archbishop, Chancellor, Queen, Rook, Bishop, Knight in last_rank forced }
castling King Rook 3
start "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
"""
CASTLE10 = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"
PROBES = {
    "nocheckatomic": ("""variant "nocheckatomic"
board 8x8
players White, Black

zone last_rank = rank 8

piece King K {
  moves K
  glyph "♚"
}
piece Queen Q {
  moves Q
  glyph "♛"
}
piece Rook R {
  moves R
  glyph "♜"
}
piece Bishop B {
  moves B
  glyph "♝"
}
piece Knight N {
  moves N
  glyph "♞"
}
piece Pawn P {
  # step, capture diagonally (en passant allowed), double step from the start rank
  moves fmWfceFifmnD
  promotes to Queen, Rook, Bishop, Knight in last_rank forced
  glyph "♟"
}

explosions spare Pawn
castling King Rook
extinction King
stalemate draw
repetition 3 draw
move-limit 50 draw resets Pawn

start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
""", [], None),
    "karouk": ("""variant "karouk"
extends "cambodian.variant"
check-limit 1
""", [], None),
    "makpong": ("""variant "makpong"
extends "makruk.variant"
checked-royal takes-only
""", [], None),
    "ai-wok": ("""variant "ai-wok"
extends "makruk.variant"
piece Met A { moves RNF }
start "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1"
""", [], None),
    "isolation7x7": ("""variant "isolation7x7"
extends "isolation.variant"
board 7x7
zone open = absolute all - d1 - d7
start "3p3/7/7/7/7/7/3P3 w - - 0 1"
""", [], None),
    "5check": ("""variant "5check"
extends "3check.variant"
check-limit 5
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1"
""", [], None),
    "almost": ("""variant "almost"
extends "chess.variant"
piece Queen C { moves RN }
start "rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1"
""", [], None),
    "amazon": ("""variant "amazon"
extends "chess.variant"
piece Queen A { moves QN }
start "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1"
""", [], None),
    "berolina": ("""variant "berolina"
extends "chess.variant"
piece Pawn P { moves mfFcfeWimfnA  %s }
""" % CHESS_PAWN, [], None),
    "breakthrough": ("""variant "breakthrough"
board 8x8
piece Pawn P { moves fmWfF }
goal Pawn in rank 8
stalemate loss
start "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1"
""", [], None),
    "capablanca": (CAPABLANCA, [CASTLE10], None),
    "flipello10": ("""variant "flipello10"
board 10x10
players White, Black
zone centre = absolute e5 + f5 + e6 + f6
piece Stone P {
  immobile
}
drops {
  enclosing
  opening centre
}
flip lines
pass when-stuck twice draw
stalemate loss by-count
full-board
draws by-count
start "10/10/10/10/4pP4/4Pp4/10/10/10/10[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1"
""", [], None),
    "flipersi": ("""variant "flipersi"
board 8x8
players White, Black
zone centre = absolute d4 + e4 + d5 + e5
piece Stone P {
  immobile
}
drops {
  enclosing
  opening centre
}
flip lines
stalemate loss by-count
full-board
draws by-count
start "8/8/8/8/8/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w - - 0 1"
""", [], None),
    "wolf": ("""variant "wolf"
extends "chess.variant"
board 8x10
zone last_rank = rank 10
zone double_step = White: rank 2 + b3 + c3 + f3 + g3, Black: rank 9 + b8 + c8 + f8 + g8
piece Wolf W { moves RN }
piece Fox F { moves BN }
piece Sergeant S {
  moves fK
  moves fmnD in double_step sets-en-passant
  promotes to Queen, Wolf, Fox, Rook, Bishop in last_rank forced
}
piece Knight N { moves NN }
piece Elephant E { moves NNQ }
piece Pawn P {
  moves fmWfceF
  moves fmnD in double_step sets-en-passant
  promotes to Queen, Wolf, Fox, Rook, Bishop, Elephant in last_rank forced
}
move-limit 50 draw resets Pawn, Sergeant
start "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1"
""", ["2wrb2k/pq1p4/1bp1ss2/s3N3/6fP/s4p1P/3S3S/PP1PPPQ1/KS3S2/2BB2R1 b - - 2 34"], None),
    "capahouse": ("""variant "capahouse"
extends "crazyhouse.variant"
board 10x8
piece Archbishop A { moves BN }
piece Chancellor C { moves RN }
piece PromotedArchbishop +A { moves BN  captured as Pawn }
piece PromotedChancellor +C { moves RN  captured as Pawn }
piece Pawn P {
  moves fmWfceFifmnD
  promotes to PromotedArchbishop, PromotedChancellor, PromotedQueen, PromotedRook, PromotedBishop, PromotedKnight in last_rank forced
}
castling King Rook 3
start "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1"
""", [], None),
    "caparandom": ("""variant "caparandom"
extends "capablanca.variant"
castling King Rook to c i
""", [CASTLE10, "r2k5r/pppppppppp/10/10/10/10/PPPPPPPPPP/R2K5R w KQkq - 0 1",
      "1r5k1r/pppppppppp/10/10/10/10/PPPPPPPPPP/1R5K1R w KQkq - 0 1"], None),
    "centaur": ("""variant "centaur"
extends "chess.variant"
board 10x8
piece Centaur C { moves KN }
piece Pawn P { moves fmWfceFifmnD  promotes to Centaur, Queen, Rook, Bishop, Knight in last_rank forced }
castling King Rook 3
start "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1"
""", [CASTLE10], None),
    "chancellor": ("""variant "chancellor"
extends "chess.variant"
board 9x9
zone last_rank = rank 9
piece Chancellor C { moves RN }
piece Pawn P { moves fmWfceFifmnD  promotes to Chancellor, Queen, Rook, Bishop, Knight in last_rank forced }
start "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1"
""", ["r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R w KQkq - 0 1"], None),
    "chaturanga": (derive("shatranj", drop=("bare-royal loss",), name="chaturanga"), [], None),
    "checkshogi": ("""variant "checkshogi"
extends "shogi.variant"
check-limit 1
start "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 1+1 0 1"
""", [], None),
    "chessgi": ("""variant "chessgi"
extends "loop.variant"
drops { kinds all  zone Pawn: ranks 1-7 }
""", [], None),
    "chigorin": ("""variant "chigorin"
extends "chess.variant"
piece Chancellor C { moves RN }
piece Pawn P { moves fmWfceFifmnD  promotes to Chancellor, Rook, Knight in last_rank forced }
piece BlackPawn O { moves fmWfceFifmnD  promotes to Queen, Rook, Bishop in last_rank forced }
move-limit 50 draw resets Pawn, BlackPawn
start "rbbqkbbr/oooooooo/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1"
""", [], {"p": "o"}),
    "clobber": ("""variant "clobber"
board 5x6
piece Stone P { moves cW }
stalemate loss
start "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1"
""", [], None),
    "clobber10": ("""variant "clobber10"
extends "clobber.variant"
board 10x10
start "PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP w - - 0 1"
""", [], None),
    "codrus": ("""variant "codrus"
extends "giveaway.variant"
piece Pawn P { moves fmWfceFifmnD  %s }
extinction King win
""" % CHESS_PAWN, [], None),
    "coregal": ("""variant "coregal"
extends "chess.variant"
piece Queen Q { moves Q  royal }
""", [], None),
    "courier": ("""variant "courier"
board 12x8
zone last_rank = rank 8
piece King K { moves K  royal }
piece Fers F { moves F }
piece Man M { moves K }
piece Wazir W { moves W }
piece Elephant E { moves A }
piece Bishop B { moves B }
piece Rook R { moves R }
piece Knight N { moves N }
piece Pawn P { moves fmWfcF  promotes to Fers in last_rank forced }
stalemate loss
bare-royal loss
repetition 3 draw
move-limit 50 draw resets Pawn
start "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"
""", [], None),
    "dragon": ("""variant "dragon"
extends "chess.variant"
piece Dragon D { moves BN }
piece Pawn P { moves fmWfceFifmnD  promotes to Dragon, Queen, Rook, Bishop, Knight in last_rank forced }
drops { zone rank 1 }
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1"
""", [], None),
    "embassy": ("""variant "embassy"
extends "capablanca.variant"
start "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1"
""", ["r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1"], None),
    "euroshogi": ("""variant "euroshogi"
extends "minishogi.variant"
board 8x8
zone promo = ranks 6-8
piece Rook R { moves R  promotes to Dragon in promo forced }
piece Bishop B { moves B  promotes to Horse in promo forced }
piece Pawn P { moves fW  promotes to Tokin in promo forced }
piece Knight N { moves fNsW  promotes to PromotedKnight in promo forced }
piece PromotedKnight +N { moves WfF }
start "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w - - 0 1"
""", [], None),
    "extinction": ("""variant "extinction"
extends "chess.variant"
piece King K { moves K }
piece Pawn P { moves fmWfceFifmnD  promotes to King, Queen, Rook, Bishop, Knight in last_rank forced }
extinction King, Queen, Rook, Bishop, Knight, Pawn
""", [], None),
    "fairy": ("""variant "fairy"
extends "chess.variant"
piece Silver S { moves FfW }
piece Fers F { moves F }
piece Archbishop A { moves BN }
piece Chancellor C { moves RN }
piece Commoner M { moves K }
""", [], None),
    "fox-and-hounds": ("""variant "fox-and-hounds"
board 8x8
piece Hound H { moves mfF }
piece Fox F { moves mF }
goal Fox in rank 8
stalemate loss
start "1h1h1h1h/8/8/8/8/8/8/4F3 w - - 0 1"
""", [], None),
    "gardner": ("""variant "gardner"
extends "chess.variant"
board 5x5
zone last_rank = rank 5
piece Pawn P { moves fmWfcF  %s }
start "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"
""" % CHESS_PAWN, [], None),
    "armageddon": ("""variant "armageddon"
extends "chess.variant"
stalemate win for Black
repetition 3 win for Black
move-limit 50 win for Black resets Pawn
""", [], None),
    "shoshogi": ("""variant "shoshogi"
board 9x9
players Sente, Gote
zone promo = ranks 7-9
piece King K { moves K  royal when-last }
piece Rook R { moves R  promotes to Dragon in promo optional }
piece Bishop B { moves B  promotes to Horse in promo optional }
piece Gold G { moves WfF }
piece Silver S { moves FfW  promotes to PromotedSilver in promo optional }
piece Knight N { moves fN  promotes to PromotedKnight in promo optional }
piece Lance L { moves fR  promotes to PromotedLance in promo optional }
piece Pawn P { moves fW  promotes to Tokin in promo optional }
piece Elephant E { moves FsfW  promotes to Prince in promo optional }
piece Dragon +R { moves RF }
piece Horse +B { moves BW }
piece PromotedSilver +S { moves WfF }
piece PromotedKnight +N { moves WfF }
piece PromotedLance +L { moves WfF }
piece Tokin +P { moves WfF }
piece Prince +E { moves K  royal when-last with King }
stalemate loss
repetition 4 draw perpetual-check loss
start "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w - - 0 1"
""", ["4k4/4+e4/9/9/4R4/9/9/9/4K4 b - - 0 1", "9/4+e4/9/9/4R4/9/9/9/4K4 b - - 0 1"], None),
    "suicide": ("""variant "suicide"
extends "antichess.variant"
stalemate win by-count
""", [], None),
    "georgian": ("""variant "georgian"
extends "chess.variant"
piece Queen A { moves QN }
piece Pawn P { moves fmWfcFifmnD  %s }
start "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1"
""" % CHESS_PAWN, [], None),
    "gorogoro": ("""variant "gorogoro"
extends "minishogi.variant"
board 5x6
zone promo = ranks 5-6
start "sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w - - 0 1"
""", [], None),
    "gothic": ("""variant "gothic"
extends "capablanca.variant"
start "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1"
""", [CASTLE10], None),
    "grasshopper": ("""variant "grasshopper"
extends "chess.variant"
piece Grasshopper G { moves gQ }
piece Pawn P { moves fmWfcF  promotes to Queen, Rook, Bishop, Knight, Grasshopper in last_rank forced }
start "rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1"
""", [], None),
    "gustav3": ("""variant "gustav3"
extends "chess.variant"
board 10x8
holes a2 + j2 + a3 + j3 + a4 + j4 + a5 + j5 + a6 + j6 + a7 + j7
piece Amazon A { moves QN }
piece Pawn P { moves fmWfceFifmnD  promotes to Amazon, Queen, Rook, Bishop, Knight in last_rank forced }
start "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1"
""", ["ar3k2ra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/AR3K2RA w KQkq - 0 1"], None),
    "hoppelpoppel": ("""variant "hoppelpoppel"
extends "chess.variant"
piece Knight N { moves mNcB }
piece Bishop B { moves mBcN }
""", [], None),
    "janggicasual": (derive("janggi", drop=("facing ends draw",), name="janggicasual"), [], None),
    "janus": ("""variant "janus"
extends "chess.variant"
board 10x8
piece Janus J { moves BN }
piece Pawn P { moves fmWfceFifmnD  promotes to Janus, Queen, Rook, Bishop, Knight in last_rank forced }
castling King Rook to b i
start "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1"
""", ["r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1"], None),
    "judkins": ("""variant "judkins"
extends "minishogi.variant"
board 6x6
zone promo = ranks 5-6
piece Knight N { moves fN  promotes to PromotedKnight in promo optional }
piece PromotedKnight +N { moves WfF }
start "rbnsgk/5p/6/6/P5/KGSNBR[-] w - - 0 1"
""", [], None),
    "kinglet": ("""variant "kinglet"
extends "chess.variant"
piece King K { moves K }
piece Pawn P { moves fmWfceFifmnD  promotes to King in last_rank forced }
extinction Pawn
""", [], None),
    "knightmate": ("""variant "knightmate"
extends "chess.variant"
piece King K { moves N  royal }
piece Knight M { moves K }
start "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1"
""", [], None),
    "legan": ("""variant "legan"
extends "chess.variant"
zone promo = White: a8 + b8 + c8 + d8 + a7 + a6 + a5, Black: e1 + f1 + g1 + h1 + h2 + h3 + h4
piece Pawn P { moves mflFcflW  promotes to Queen, Rook, Bishop, Knight in promo forced }
piece BlackPawn O { moves mfrFcfrW  promotes to Queen, Rook, Bishop, Knight in promo forced }
move-limit 50 draw resets Pawn, BlackPawn
start "knbro3/bqoo4/noo5/ro1o3P/o3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1"
""", [], {"p": "o"}),
    "loop": ("""variant "loop"
extends "crazyhouse.variant"
piece PromotedQueen +Q { moves Q  captured as Queen }
piece PromotedRook +R { moves R  captured as Rook }
piece PromotedBishop +B { moves B  captured as Bishop }
piece PromotedKnight +N { moves N  captured as Knight }
""", [], None),
    "losalamos": ("""variant "losalamos"
extends "chess.variant"
board 6x6
zone last_rank = rank 6
piece Pawn P { moves fmWfcF  promotes to Queen, Rook, Knight in last_rank forced }
start "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"
""", [], None),
    "losers": ("""variant "losers"
extends "chess.variant"
must-capture
checkmate win
stalemate win
extinction all down-to 1 win
""", [], None),
    "manchu": ("""variant "manchu"
extends "xiangqi.variant"
piece Banner M { moves RcpRnN }
start "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1"
""", [], None),
    "misere": ("""variant "misere"
extends "chess.variant"
checkmate win
""", [], None),
    "modern": ("""variant "modern"
extends "chess.variant"
board 9x9
zone last_rank = rank 9
piece Minister M { moves BN }
piece Pawn P { moves fmWfceFifmnD  promotes to Minister, Queen, Rook, Bishop, Knight in last_rank forced }
start "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1"
""", ["r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R w KQkq - 0 1"], None),
    "newzealand": ("""variant "newzealand"
extends "chess.variant"
piece Knight N { moves mNcR }
piece Rook R { moves mRcN }
""", [], None),
    "nightrider": ("""variant "nightrider"
extends "chess.variant"
piece Knight N { moves NN }
""", [], None),
    "nocastle": ("""variant "nocastle"
extends "chess.variant"
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
""", [], None),
    "okisakishogi": ("""variant "okisakishogi"
extends "shogi.variant"
board 10x10
zone promo = ranks 8-10
piece Knight N { moves N  promotes to PromotedKnight in promo optional }
piece Lance L { moves vR  promotes to PromotedLance in promo optional }
piece Queen Q { moves Q }
start "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[-] w - - 0 1"
""", [], None),
    "omicron": ("""variant "omicron"
extends "chess.variant"
board 12x10
holes b1 + c1 + d1 + e1 + f1 + g1 + h1 + i1 + j1 + k1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + l2 + l3 + l4 + l5 + l6 + l7 + l8 + l9 + b10 + c10 + d10 + e10 + f10 + g10 + h10 + i10 + j10 + k10
zone last_rank = ranks 9-10
zone double_step = rank 3
piece Champion C { moves DAW }
piece Wizard W { moves CF }
piece Pawn P {
  moves fmWfceF
  moves ifmnD in double_step
  promotes to Wizard, Champion, Queen, Rook, Bishop, Knight in last_rank forced
}
start "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1"
""", ["w**********w/*cr3k2rc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CR3K2RC*/W**********W w KQkq - 0 1"], None),
    "opulent": ("""variant "opulent"
extends "grand.variant"
piece Knight N { moves NW }
piece Wizard W { moves CF }
piece Lion L { moves FDH }
piece Pawn P {
  moves fmWfceFifmnD
  promotes to Queen, Chancellor, Archbishop, Rook, Bishop, Knight, Wizard, Lion in promotion optional
}
promotion-limit Queen 1, Chancellor 1, Archbishop 1, Rook 2, Bishop 2, Knight 2, Wizard 2, Lion 2
start "rw6wr/clbnqknbla/pppppppppp/10/10/10/10/PPPPPPPPPP/CLBNQKNBLA/RW6WR w - - 0 1"
""", [], None),
    "paradigm": ("""variant "paradigm"
extends "chess.variant"
piece Bishop B { moves BnN }
""", [], None),
    "pawnback": ("""variant "pawnback"
extends "chess.variant"
zone not_first = ranks 2-8
piece Pawn P { moves fbmWfceFifmnD  %s  confined not_first }
""" % CHESS_PAWN, [], None),
    "pawnsideways": ("""variant "pawnsideways"
extends "chess.variant"
piece Pawn P { moves fsmWfceFifmnD  %s }
""" % CHESS_PAWN, [], None),
    "pocketknight": ("""variant "pocketknight"
extends "chess.variant"
drops { zone all }
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1"
""", [], None),
    "raazuvaa": ("""variant "raazuvaa"
extends "chess.variant"
piece Pawn P { moves fmWfcF  %s }
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
""" % CHESS_PAWN, [], None),
    "shako": ("""variant "shako"
extends "chess.variant"
board 10x10
zone last_rank = rank 10
zone double_step = rank 3
piece Elephant E { moves FA }
piece Cannon C { moves mRcpR }
piece Pawn P {
  moves fmWfceF
  moves ifmnD in double_step
  promotes to Queen, Rook, Bishop, Knight, Cannon, Elephant in last_rank forced
}
start "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1"
""", ["c8c/er3k2re/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1"], None),
    "sortofalmost": ("""variant "sortofalmost"
extends "chess.variant"
piece Chancellor C { moves RN }
piece Pawn P { moves fmWfceFifmnD  promotes to Chancellor, Rook, Bishop, Knight in last_rank forced }
piece BlackPawn O { moves fmWfceFifmnD  promotes to Queen, Rook, Bishop, Knight in last_rank forced }
move-limit 50 draw resets Pawn, BlackPawn
start "rnbqkbnr/oooooooo/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1"
""", [], {"p": "o"}),
    "tencubed": ("""variant "tencubed"
extends "chess.variant"
board 10x10
zone last_rank = rank 10
zone double_step = rank 3
piece Archbishop A { moves BN }
piece Marshal M { moves RN }
piece Champion C { moves DAW }
piece Wizard W { moves CF }
piece Pawn P {
  moves fmWfceF
  moves ifmnD in double_step
  promotes to Archbishop, Marshal, Queen in last_rank forced
}
start "2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1"
""", [], None),
    "threekings": ("""variant "threekings"
extends "chess.variant"
piece King K { moves K }
extinction King down-to 2
start "knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1"
""", [], None),
    "troitzky": ("""variant "troitzky"
extends "chess.variant"
board 10x10
holes a1 + b1 + c1 + d1 + g1 + h1 + i1 + j1 + a2 + b2 + i2 + j2 + a3 + j3 + a4 + j4 + a7 + j7 + a8 + j8 + a9 + b9 + i9 + j9 + a10 + b10 + c10 + d10 + g10 + h10 + i10 + j10
zone promo = White: a6 + b8 + c9 + d9 + e10 + f10 + g9 + h9 + i8 + j6, Black: a5 + b3 + c2 + d2 + e1 + f1 + g2 + h2 + i3 + j5
zone double_step = rank 3
piece Pawn P {
  moves fmWfceF
  moves ifmnD in double_step
  promotes to Queen, Rook, Bishop, Knight in promo forced
}
start "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1"
""", [], None),
    "yarishogi": ("""variant "yarishogi"
board 7x9
zone promo = ranks 7-9
piece King K { moves K  royal }
piece Pawn P { moves fW  promotes to YariSilver in promo optional }
piece YariKnight N { moves fRffN  promotes to YariGold in promo optional }
piece YariBishop B { moves fFfR  promotes to YariGoldB in promo optional }
piece YariRook R { moves frlR  promotes to Rook in promo optional }
piece YariSilver +P { moves fKbR }
piece YariGold +N { moves WfFbR }
piece YariGoldB +B { moves WfFbR }
piece Rook L { moves R  captured as YariRook }
drops { kinds all  must-move  one-per-file Pawn }
stalemate loss
repetition 3 draw perpetual-check loss
start "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR[-] w - - 0 1"
""", [], None),
}
# What a probe does not state (facts; none changes perft), shown beside it.
PROBE_NOTES = {
    "caparandom": "Capablanca with Chess960 castling (`castling King Rook to c i`); FSF leaves drawing the start to the GUI, and the language's `random` start cannot ask CRC's constraints (queen and archbishop on both colours, every pawn defended)",
    "chigorin": "the two armies promote differently: one pawn kind per side (Black's pawns written `o`, not `p`)",
    "sortofalmost": "the two armies promote differently: one pawn kind per side (Black's pawns written `o`, not `p`)",
    "legan": "the pawns are not left-right symmetric: one pawn kind per side (Black's pawns written `o`, not `p`)",
    "fairy": "FSF's internal variant for its endgame code: chess with five more kinds that never appear",
    "yarishogi": "a gold promoted from a bishop is a kind of its own, so that it goes back to hand as a bishop",
    "checkshogi": "FSF counts one check when the FEN gives no counters",
    "coregal": "the queens are royal as the king is",
}
# Probes are written as NAME.variant beside copies of definitions/*.variant, so a probe may extend
# a shipped definition or another probe (`extends "capablanca.variant"` is the capablanca probe).

# --------------------------------------------------------------------------------------------
# Sections of variants.ini that `chimera import` refuses: why, by the language or by the importer
# only. ("blocked", [mechanisms], note) or ("statable", probe text or None, note[, FEN letters]).
REFUSED = {
}

# Sections `chimera import` converts without announcing an omission although the result differs
# from FSF (found by this script's perft comparisons): why, and where a designer finds them
# instead. Same shape as REFUSED; a blocked entry may add evidence (a definition of all else and a
# position where it differs from FSF).
IMPORT_FAULTS = {
    "nuclear": ("statable", None, "not checked by a probe: the import states atomic chess with petrification (`petrify`, `explosions`), but FSF judges a capture's legality without the stone it leaves (its test clears the square of the capture), so it refuses a capture whose stone would shield the capturer's king; here the stone stands there and shields it, as in the position after the move, which FSF writes with the stone"),
    "grandhouse": ("statable", None, "not checked by a probe: the import converts `promotionLimit` (`promotion-limit`), but its pawns promote to kinds of their own (captured back as pawns, as FSF hands them over), and the language's limit counts only the kind named, while FSF's counts a promoted queen as a queen: so a second promoted queen is allowed here"),
    "gale": ("statable", None, "not checked by a probe: the import states the edge-to-edge chain (`connect connect_from to connect_to horizontal vertical`), but FSF looks for the chain by spreading only east and north from the first edge, so it misses a chain that winds back (west or south) on its way; Chimera follows a chain every way"),
    "annexation": ("statable", None, "not checked by a probe: the import states reversi on a board with holes (FSF's walls) exactly, but FSF's test of an enclosing drop sees through its walls (its board mask leaves them out) while its flip stops at them, so FSF also allows a drop whose only line runs over a wall to a piece of its own and turns nothing over; Chimera requires a line of enemy pieces"),
    "backrank": ("blocked", ["crown_prince"], "its pawns promote to the royal commoner itself; the import's promoted commoners are a kind of their own (`royal when-last` counts one kind), so a side with a king and a promoted one holds two royals"),
    "atomiczh": ("blocked", ["atomic_drops"], "`dropChecks = false` is converted (`no-check` in `drops`), but FSF's check under explosions (a king beside the enemy king is safe, a drop beside it is no check) differs from the engine's test: perft differs in positions with drops"),
    "forward": ("blocked", ["stuck_optional"], "a royal General promoting to a royal King (the import marks both royal, as FSF's pseudo-royals are while a side has one of each) states all but its optional promotions where a piece is left without a move, which the import does not stop", ("""variant "forward"
board 8x8
zone promo = rank 8
piece Pawn P { moves fmWfceFifmnD  promotes to Knight, Bishop, Rook, Queen in promo forced }
piece Knight N { moves N }
piece Bishop B { moves B }
piece Rook R { moves R }
piece Queen Q { moves Q }
piece Lance L { moves fR  promotes to PromotedLance in promo optional }
piece General G { moves fFfW  royal  promotes to King in promo optional }
piece Horse E { moves ffNfsN  promotes to PromotedHorse in promo optional }
piece Pilgrim S { moves fB  promotes to PromotedPilgrim in promo optional }
piece Fortress F { moves fBfR  promotes to PromotedFortress in promo optional }
piece King K { moves K  royal }
piece PromotedLance +L { moves R }
piece PromotedHorse +E { moves N }
piece PromotedPilgrim +S { moves B }
piece PromotedFortress +F { moves Q }
repetition 3 draw
move-limit 50 draw resets Pawn
start "lesfgsel/pppppppp/8/8/8/8/PPPPPPPP/LESFGSEL w - - 0 1"
""", "4gs2/lp6/p2Pp1G1/fE4pp/s1P+S1p1P/3ePP1L/L2P2P1/3F1Se1 b - - 3 24")),
}


# What an import with rules left out also gets wrong without announcing it (facts, not probed).
SECTION_NOTES = {
}


# Positions where an IMPORT_FAULTS import differs from FSF though its start position does not.
FAULT_POSITIONS = {
    # A Black pawn on its seventh rank: FSF gives it no promotion choice (no parent), so it may not move.
    "maharajah": ("4k3/8/8/8/8/8/p7/7M b - - 0 1",),
}


# --------------------------------------------------------------------------------------------
# Measuring.

PROBLEMS = []  # what makes the script exit 1 (the mappings need a look)
FINDINGS = []  # (section, perft, why): imports that differ from FSF without an announced omission


def problem(text):
    PROBLEMS.append(text)
    print("catalogue: " + text, file=sys.stderr)


def _fsf_perft(variant, fen, depth, moves=(), no_mate=frozenset()):
    """FSF's perft through its legal move lists (as tests/fsf/driver.py counts), without the
    drops FSF lists but the definition forbids (`no_mate`, see `fsf_legal`)."""
    legal = fsf_legal(variant, fen, list(moves), no_mate)
    if depth == 1:
        return len(legal)
    return sum(_fsf_perft(variant, fen, depth - 1, list(moves) + [m], no_mate) for m in legal)


def fsf_legal(variant, fen, moves, no_mate=frozenset()):
    """FSF's legal moves, less its drops of a `no_mate` letter that give mate. FSF lists such a
    drop (`shogiPawnDropMateIllegal`) and scores the mate as the dropper's loss; the language's
    `no-mate` makes it illegal: the same game, one leaf fewer."""
    legal = sf.legal_moves(variant, fen, moves)
    if not no_mate:
        return legal
    return [m for m in legal
            if not (m[1:2] == "@" and m[0].upper() in no_mate
                    and sf.gives_check(variant, fen, moves + [m])
                    and not sf.legal_moves(variant, fen, moves + [m]))]


def no_mate_letters(path):
    """The letters of the kinds a definition's `no-mate` names (upper case)."""
    text = Path(path).read_text()
    letters = dict(re.findall(r"^\s*piece\s+(\w+)\s+\+?([A-Za-z])\b", text, re.M))
    names = []
    for line in re.findall(r"^\s*no-mate\s+([^#\n]+)", text, re.M):
        names += [n.strip() for n in line.split(",")]
    return frozenset(letters[n].upper() for n in names if n in letters)


class ChimeraError(Exception):
    pass


def chimera_perft(chimera, path, depth, fen=None):
    cmd = [chimera, "perft", str(path), str(depth), "--threads", "1"]
    if fen:
        cmd += ["--fen", fen]
    r = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"Nodes searched: (\d+)", r.stdout)
    if r.returncode != 0 or not m:
        first = next((l.strip() for l in r.stderr.splitlines() if l.strip()), "no output")
        raise ChimeraError(first)
    return int(m.group(1))


def chimera_fen(fen, letters):
    """An FSF FEN as Chimera reads it: `Q~` (a promoted piece) is `+Q`; probe letters mapped."""
    board, _, rest = fen.partition(" ")
    board = re.sub(r"([A-Za-z])~", r"+\1", board)
    if letters:
        board = "".join(letters.get(ch, ch) for ch in board)
    return board + " " + rest


def random_fens(variant, n, max_plies):
    """Positions reached by random games in FSF (a fixed seed per variant)."""
    rng = random.Random(zlib.crc32(variant.encode()))
    start = sf.start_fen(variant)
    out, tries = [], 0
    while len(out) < n and tries < 4 * n:
        tries += 1
        line = []
        for _ in range(rng.randint(2, max_plies)):
            legal = sf.legal_moves(variant, start, line)
            if not legal:
                break
            line.append(rng.choice(sorted(legal)))
        fen = sf.get_fen(variant, start, line)
        if sf.legal_moves(variant, fen, []):
            out.append(fen)
    return out


class Perft:
    """A perft comparison of a definition with an FSF variant."""

    def __init__(self, error=None):
        self.error = error
        self.depth = self.chimera = self.fsf = None
        self.fixed = []  # (fen, depth, chimera, fsf)
        self.random = []  # (fen, chimera or None if Chimera cannot read the FEN, fsf)

    @property
    def equal(self):
        return (
            self.error is None
            and self.chimera == self.fsf
            and all(c == f for _, _, c, f in self.fixed)
            and all(c == f for _, c, f in self.random if c is not None)
        )

    def text(self):
        if self.error:
            return f"no perft: {self.error}"
        read = [r for r in self.random if r[1] is not None]
        if self.equal:
            s = f"perft = FSF: depth {self.depth} from the start ({self.chimera:,})"
            if self.fixed:
                s += f", {len(self.fixed)} set position{'s' if len(self.fixed) > 1 else ''}"
            if read:
                s += f", {len(read)} random positions at depth 2"
            return s
        if self.chimera != self.fsf:
            return (f"perft ≠ FSF: depth {self.depth} from the start, {self.chimera:,} here, "
                    f"{self.fsf:,} in FSF")
        bad = [x for x in self.fixed if x[2] != x[3]]
        if bad:
            fen, d, c, f = bad[0]
            return f"perft ≠ FSF from `{fen}`: depth {d}, {c:,} here, {f:,} in FSF"
        bad = [x for x in read if x[1] != x[2]]
        return (f"perft = FSF from the start (depth {self.depth}), ≠ at {len(bad)} of {len(read)} "
                f"random positions (depth 2), e.g. `{bad[0][0]}`: {bad[0][1]:,} here, {bad[0][2]:,} in FSF")


def compare(chimera, path, variant, fixed=(), letters=None, n_random=0, max_plies=60):
    p = Perft()
    nm = no_mate_letters(path)
    fsf_perft = functools.partial(_fsf_perft, no_mate=nm)
    try:
        c2 = chimera_perft(chimera, path, 2)
        f2 = fsf_perft(variant, sf.start_fen(variant), 2)
        p.depth = 3 if max(c2, f2) <= 3000 else 2
        p.chimera = c2 if p.depth == 2 else chimera_perft(chimera, path, 3)
        p.fsf = f2 if p.depth == 2 else fsf_perft(variant, sf.start_fen(variant), 3)
        for fen in fixed:
            c2 = chimera_perft(chimera, path, 2, chimera_fen(fen, letters))
            f2 = fsf_perft(variant, fen, 2)
            d = 3 if max(c2, f2) <= 3000 else 2
            c = c2 if d == 2 else chimera_perft(chimera, path, d, chimera_fen(fen, letters))
            p.fixed.append((fen, d, c, f2 if d == 2 else fsf_perft(variant, fen, d)))
        for fen in random_fens(variant, n_random, max_plies) if n_random else []:
            try:
                c = chimera_perft(chimera, path, 2, chimera_fen(fen, letters))
            except ChimeraError:
                c = None  # a FEN Chimera does not read (another dialect): not compared
            p.random.append((fen, c, fsf_perft(variant, fen, 2)))
    except ChimeraError as e:
        p.error = str(e)
    return p


# --------------------------------------------------------------------------------------------
# What the repository holds.

def shipped_definitions():
    return sorted(p.stem for p in (REPO / "definitions").glob("*.variant"))


def perft_files():
    """stem -> (file name, whether its counts come from FSF) for tests/perft/*.perft."""
    out = {}
    for p in sorted((REPO / "tests" / "perft").glob("*.perft")):
        text = p.read_text()
        m = re.search(r"^variant\s+(\S+)\.variant", text, re.M)
        if not m:
            continue
        head = "\n".join(l for l in text.splitlines() if l.startswith("#"))
        head = head[: head.find("\nid ")] if "\nid " in head else head
        from_fsf = "Fairy-Stockfish" in head and "no external reference" not in head
        out[m.group(1)] = (p.name, from_fsf)
    return out


def ini_sections(text):
    return [(m.group(1), m.group(2)) for m in
            re.finditer(r"^\[([^\]:\s]+)(?::([^\]\s]+))?\]", text, re.M)]


def run_import(chimera, ini, out_dir):
    """`chimera import`: name -> ("imported", path, omissions) or ("refused", reason, omissions);
    omissions: [(key, value, why)] as announced on stderr."""
    r = subprocess.run([chimera, "import", str(ini), "-o", str(out_dir)], capture_output=True,
                       text=True)
    omissions = defaultdict(list)
    for line in r.stderr.splitlines():
        m = re.search(r"\[([^\]]+)\] `([^`=]+?) = (.*)` not converted: (.*)$", line)
        if m:
            omissions[m.group(1)].append((m.group(2).strip(), m.group(3).strip(), m.group(4).strip()))
    result = {}
    for line in r.stdout.splitlines():
        m = re.match(r"\[([^\]]+)\] (imported(?: with \d+ omissions?)?: (.*)|refused: (.*))$", line)
        if not m:
            continue
        name = m.group(1)
        if m.group(3) is not None:
            result[name] = ("imported", Path(m.group(3)), omissions.get(name, []))
        else:
            result[name] = ("refused", m.group(4), omissions.get(name, []))
    return result


def key_mechanism(key, value, why):
    """An omitted key: a mechanism id, or (None, what the language has for it)."""
    if (key, value) in KEY_VALUE_MECHANISM:
        return KEY_VALUE_MECHANISM[(key, value)]
    if key in FLAG_KEYS:
        if "per side" in why:
            return (None, "a flag piece per side is not in the language; no section of FSF's file needs it")
        return (None, "a consequence of another omission (the flag piece was left out)")
    if key.startswith("customPiece") and "no move at all" in why:
        return (None, "the lame leap its Betza names, where FSF's lame camel, threeleaper and tripper have no move")
    if key.startswith("mobilityRegion"):
        return (None, "`confined` with a per-player zone")
    if key in KEY_MECHANISM:
        return KEY_MECHANISM[key]
    problem(f"omitted key `{key} = {value}` ({why}) is not in KEY_MECHANISM")
    return (None, f"unclassified: {why}")


# --------------------------------------------------------------------------------------------
# Classifying.

class Row:
    def __init__(self, name, origin):
        self.name, self.origin = name, origin
        self.status = None
        self.detail = []
        self.missing = []  # mechanism ids the language lacks for it
        self.perft = None  # a Perft
        self.complete = None  # imports: without omissions


def mech_text(ids):
    return "; ".join(MECHANISMS[i] for i in ids)


def omissions_text(omissions):
    """The omitted keys, grouped: missing mechanisms, and what only the importer leaves out."""
    missing, gaps = [], []
    for key, value, why in omissions:
        m = key_mechanism(key, value, why)
        if isinstance(m, str):
            if m not in missing:
                missing.append(m)
        else:
            gaps.append((key, m[1]))
    return missing, gaps


def gap_text(gaps):
    by = defaultdict(list)
    for key, has in gaps:
        if key not in by[has]:
            by[has].append(key)
    return "; ".join(f"{', '.join(f'`{k}`' for k in keys)} ({has})" for has, keys in by.items())


def classify(args, chimera, tmp):
    builtins = sorted(sf.variants())
    text = Path(args.variants_ini).read_text()
    sections = ini_sections(text)
    sf.load_variant_config(text)
    loaded = set(sf.variants())
    shipped = set(shipped_definitions())
    pfiles = perft_files()
    imported = run_import(chimera, args.variants_ini, tmp / "import")
    defs = tmp / "defs"

    def shipped_row(row, stem, note_key):
        row.status = "shipped"
        pf = pfiles.get(stem)
        where = f"`definitions/{stem}.variant`"
        if stem != row.name:
            where += f" ({SHIPPED_AS[row.name][1]})"
        if pf is None:
            where += "; no perft file"
        elif pf[1]:
            where += f"; perft checked against FSF (`tests/perft/{pf[0]}`)"
        else:
            where += f"; `tests/perft/{pf[0]}` holds Chimera's own counts"
        row.detail.append(where)
        row.perft = compare(chimera, REPO / "definitions" / f"{stem}.variant", row.name,
                            n_random=args.random)
        row.detail.append(row.perft.text())
        if note_key in SHIPPED_NOTES:
            row.detail.append(SHIPPED_NOTES[note_key])

    rows = []
    for name in builtins:
        if args.only and name not in args.only:
            continue
        if args.verbose:
            print(f"catalogue: {name}", file=sys.stderr)
        row = Row(name, "built-in")
        stem = SHIPPED_AS.get(name, (name, ""))[0]
        if stem in shipped:
            shipped_row(row, stem, name)
        elif name in PROBES:
            body, fixed, letters = PROBES[name]
            row.status = "statable"
            row.perft = compare(chimera, defs / f"{name}.variant", name, fixed, letters,
                                n_random=args.random)
            if not row.perft.equal:
                problem(f"probe `{name}` no longer matches FSF: {row.perft.text()}")
            row.detail.append("probe definition (scripts/catalogue.py): " + row.perft.text())
            if name in PROBE_NOTES:
                row.detail.append(PROBE_NOTES[name])
        elif name in BUILTIN_BLOCKED:
            mechs, note = BUILTIN_BLOCKED[name]
            row.status = "blocked"
            row.missing = list(mechs)
            row.detail.append("needs " + mech_text(mechs))
            if note:
                row.detail.append(note)
            if name in BLOCKED_EVIDENCE:
                fen = BLOCKED_EVIDENCE[name][1]
                p = compare(chimera, defs / f"{name}.variant", name, [fen], n_random=0)
                if p.equal or p.error:
                    problem(f"evidence for `{name}` shows no difference: {p.text()}")
                else:
                    row.detail.append("a definition of all else (scripts/catalogue.py): "
                                      + p.text())
        else:
            problem(f"built-in `{name}` is in no mapping (SHIPPED_AS, PROBES, BUILTIN_BLOCKED)")
            row.status = "blocked"
            row.detail.append("unclassified")
        rows.append(row)

    for name, parent in sections:
        if args.only and name not in args.only:
            continue
        if args.verbose:
            print(f"catalogue: [{name}]", file=sys.stderr)
        row = Row(name, "variants.ini")
        res = imported.get(name)
        if res is None:
            problem(f"`chimera import` said nothing about section `{name}`")
            res = ("refused", "no answer", [])
        kind, what, omissions = res
        if kind == "refused":  # the importer lists the built-ins it knows: not needed here
            what = re.sub(r" \(known: [^)]*\)", "", what)
        missing, gaps = omissions_text(omissions)
        if kind == "imported":
            row.complete = not omissions
        if name in shipped:
            shipped_row(row, name, name)
            row.detail.append("`chimera import`: " + (
                f"refused ({what})" if kind == "refused"
                else "complete" if not omissions else "with rules left out"))
            rows.append(row)
            continue
        if kind == "imported" and name not in IMPORT_FAULTS:
            row.status = "imports"
            row.missing = missing
            if not omissions:
                row.detail.append("complete")
            if missing:
                row.detail.append("left out, missing in the language: " + mech_text(missing))
            if gaps:
                row.detail.append("left out by the importer only: " + gap_text(gaps))
            if name in SECTION_NOTES:
                row.detail.append(SECTION_NOTES[name])
            if name in loaded:
                row.perft = compare(chimera, what, name, n_random=args.random)
                row.detail.append(row.perft.text())
                if row.complete and not row.perft.equal:
                    problem(f"`{name}` imports complete but differs from FSF (not in "
                            f"IMPORT_FAULTS): {row.perft.text()}")
            else:
                row.detail.append("pyffish does not load the section: no perft")
            rows.append(row)
            continue
        # by hand: refused, or imported wrongly
        if kind == "refused":
            how = REFUSED.get(name)
            prefix = f"import refused: {what}"
            if how is None:
                problem(f"refused section `{name}` is not in REFUSED ({what})")
        else:
            how = IMPORT_FAULTS[name]
            p = compare(chimera, what, name, FAULT_POSITIONS.get(name, ()), n_random=args.random)
            if p.equal:
                problem(f"`{name}` is in IMPORT_FAULTS but its import now counts FSF's perft")
            prefix = ("imports " + ("without an announced omission" if not omissions
                                    else "with rules left out") + ", but wrongly: " + p.text())
            FINDINGS.append((name, p.text(), how[2]))
        row.detail.append(prefix)
        if how is None:
            row.status = "blocked"
            row.missing = missing
            row.detail.append("unclassified")
        elif how[0] == "blocked":
            row.status = "blocked"
            row.missing = list(how[1])
            row.detail.insert(0, "needs " + mech_text(how[1]))
            if how[2]:
                row.detail.append(how[2])
            if len(how) > 3:
                p = compare(chimera, defs / f"{name}.variant", name, [how[3][1]], n_random=0)
                if p.equal or p.error:
                    problem(f"evidence for `{name}` shows no difference: {p.text()}")
                else:
                    row.detail.append("a definition of all else (scripts/catalogue.py): " + p.text())
        else:
            row.status = "statable"
            if how[2]:
                row.detail.append(how[2])
            if how[1] is not None:
                letters = how[3] if len(how) > 3 else None
                row.perft = compare(chimera, defs / f"{name}.variant", name, letters=letters,
                                    n_random=args.random)
                if not row.perft.equal:
                    problem(f"probe `{name}` no longer matches FSF: {row.perft.text()}")
                row.detail.append("probe definition (scripts/catalogue.py): " + row.perft.text())
        rows.append(row)
    names = [r.name for r in rows]
    if args.only:
        return sorted(rows, key=lambda r: r.name), builtins, sections, imported
    if len(set(names)) != len(names):
        problem("a name is both a built-in and a section")
    for name in set(PROBES) | set(BUILTIN_BLOCKED):
        if name not in builtins:
            problem(f"`{name}` is mapped but is no built-in of this pyffish")
    for name in REFUSED:
        if imported.get(name, ("",))[0] != "refused":
            problem(f"`{name}` is in REFUSED but the importer no longer refuses it")
    for name in IMPORT_FAULTS:
        if imported.get(name, ("",))[0] != "imported":
            problem(f"`{name}` is in IMPORT_FAULTS but the importer no longer imports it")
    return sorted(rows, key=lambda r: r.name), builtins, sections, imported


def write_probes(tmp):
    defs = tmp / "defs"
    defs.mkdir()
    for p in (REPO / "definitions").glob("*.variant"):
        (defs / p.name).write_text(p.read_text())
    bodies = {n: b for n, (b, _, _) in PROBES.items()}
    bodies.update({n: b for n, (b, _) in BLOCKED_EVIDENCE.items()})
    for table in (REFUSED, IMPORT_FAULTS):
        bodies.update({n: h[1] for n, h in table.items() if h[0] == "statable" and h[1]})
        bodies.update({n: h[3][0] for n, h in table.items() if h[0] == "blocked" and len(h) > 3})
    for name, body in bodies.items():
        assert not (defs / f"{name}.variant").exists(), name
        (defs / f"{name}.variant").write_text(body() if callable(body) else body)


# --------------------------------------------------------------------------------------------
# Writing.

STATUS_MEANING = {
    "shipped": "a definition in `definitions/` states it",
    "imports": "`chimera import` turns its section into a definition (complete, or with the rules it announces left out)",
    "statable": "the language states it, nothing ships it",
    "blocked": "the language lacks a mechanism it needs",
}
STATUSES = ["shipped", "imports", "statable", "blocked"]


def git(*args, cwd):
    try:
        return subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def render(rows, builtins, sections, imported, args, fsf_commit):
    n = len(rows)
    by = defaultdict(list)
    for r in rows:
        by[r.status].append(r)
    out = []
    w = out.append
    w("# Fairy-Stockfish's variants in Chimera")
    w("")
    w(f"Every variant name Fairy-Stockfish (FSF) knows, {n} in all, one row each: its "
      f"{len(builtins)} built-in variants (`pyffish.variants()`) and the {len(sections)} sections "
      "of its own `src/variants.ini`, with where a designer finds each in Chimera. Fairy-Stockfish "
      "is GPL: only names and facts about rules are recorded here.")
    w("")
    version = ".".join(str(x) for x in sf.version())
    w(f"Generated on {args.date} by `scripts/catalogue.py` (its docstring says how it measures): "
      f"`.venv/bin/python3 scripts/catalogue.py PATH/TO/Fairy-Stockfish/src/variants.ini "
      f"--date {args.date} -o CATALOGUE.md`, with pyffish {version} and Fairy-Stockfish's "
      f"`src/variants.ini` at commit `{fsf_commit or 'unknown'}`"
      + (f", and this repository at commit `{args.chimera_commit}` (chimera built from it)"
         if args.chimera_commit else "")
      + ". Measured: the shipped names, what `chimera import` makes of every section and the "
      "rules it announces as left out, and every perft comparison with pyffish (from the start "
      "at depth 3 when both perfts 2 are at most 3,000, else 2; positions set for castling or as "
      "evidence; "
      f"{args.random} positions of random games at depth 2). Hand-written in the script, from the "
      "rules: which mechanism each blocked built-in needs, the probe definitions that state the "
      "statable built-ins (each compared with pyffish as above), and which left-out keys the "
      "language could state.")
    w("")
    w("## Summary")
    w("")
    w("| status | meaning | built-in | variants.ini | total |")
    w("|---|---|---:|---:|---:|")
    for s in STATUSES:
        b = sum(1 for r in by[s] if r.origin == "built-in")
        i = len(by[s]) - b
        w(f"| `{s}` | {STATUS_MEANING[s]} | {b} | {i} | {b + i} |")
    w(f"| | total | {sum(1 for r in rows if r.origin == 'built-in')} | "
      f"{sum(1 for r in rows if r.origin != 'built-in')} | {n} |")
    w("")
    sh = by["shipped"]
    pf = perft_files()
    stems = {r.name: SHIPPED_AS.get(r.name, (r.name, ""))[0] for r in sh}
    with_file = sum(1 for r in sh if pf.get(stems[r.name], ("", False))[1])
    eq = sum(1 for r in sh if r.perft and r.perft.equal)
    differ = [r.name for r in sh if not (r.perft and r.perft.equal)]
    w(f"- `shipped`: {len(sh)} names, by {len(set(stems.values()))} definitions; "
      f"{with_file} have a perft file in `tests/perft/` with counts from FSF; {eq} count the "
      "same perft as FSF in this run"
      + (f" (not: {', '.join(differ)}; their rows say why)" if differ else "") + ".")
    im = by["imports"]
    comp = [r for r in im if r.complete]
    w(f"- `imports`: {len(im)} sections, {len(comp)} complete and {len(im) - len(comp)} with "
      f"rules left out; {sum(1 for r in im if r.perft and r.perft.equal)} count the same perft "
      f"as FSF ({sum(1 for r in comp if r.perft and r.perft.equal)} of the complete ones, "
      f"{sum(1 for r in im if not r.complete and r.perft and r.perft.equal)} of the others, "
      "whose left-out rules do not show in these counts).")
    st = by["statable"]
    probed = [r for r in st if r.perft]
    w(f"- `statable`: {len(st)}; {sum(1 for r in probed if r.perft.equal)} of them stated by a "
      f"probe definition in the script that counts the same perft as FSF"
      + (f", {len(st) - len(probed)} not probed" if len(st) > len(probed) else "")
      + f"; {sum(1 for r in st if r.origin != 'built-in')} are sections that `chimera import` "
      "refuses, or converts wrongly, for reasons of its own.")
    bl = by["blocked"]
    w(f"- `blocked`: {len(bl)}; {sum(1 for r in bl if len(r.missing) == 1)} of them lack one "
      "mechanism only.")
    w("")
    w("## Missing mechanisms")
    w("")
    w("What the language lacks, by the number of variants that need it: the `blocked` rows, and "
      "the `imports` rows whose left-out rules need it. *Alone*: the only mechanism that variant "
      "lacks; *with others*: one of several.")
    w("")
    w("| mechanism | variants | alone | with others | which |")
    w("|---|---:|---:|---:|---|")
    need = defaultdict(list)
    for r in rows:
        for m in r.missing:
            need[m].append(r)
    order = sorted(need, key=lambda m: (-len(need[m]), -sum(len(r.missing) == 1 for r in need[m]), m))
    for m in order:
        rs = need[m]
        alone = sum(1 for r in rs if len(r.missing) == 1)
        w(f"| {cell(MECHANISMS[m])} | {len(rs)} | {alone} | {len(rs) - alone} | "
          f"{', '.join(r.name for r in rs)} |")
    unused = [m for m in MECHANISMS if m not in need]
    if unused and not args.only:
        problem(f"mechanisms no row needs: {unused}")
    w("")
    w("## What only the importer leaves out")
    w("")
    w("Keys that `chimera import` announces as left out although the language states them "
      "(so a definition written by hand can have them): by what the language has.")
    w("")
    w("| the language has | sections |")
    w("|---|---|")
    gaps = defaultdict(set)
    for name, (kind, what, omissions) in imported.items():
        for key, value, why in omissions:
            m = key_mechanism(key, value, why)
            if not isinstance(m, str):
                gaps[m[1]].add(name)
    for has in sorted(gaps, key=lambda h: (-len(gaps[h]), h)):
        w(f"| {cell(has)} | {', '.join(sorted(gaps[has]))} |")
    w("")
    if FINDINGS:
        w("## Imports that differ from FSF without an announced omission")
        w("")
        w("Found by this script's perft comparisons; their rows above and below say where a "
          "designer finds them instead.")
        w("")
        w("| section | perft of the import | why |")
        w("|---|---|---|")
        for name, perft, why in sorted(FINDINGS):
            w(f"| {name} | {cell(perft)} | {cell(why)} |")
        w("")
    w("## The catalogue")
    w("")
    w("| name | origin | status | detail |")
    w("|---|---|---|---|")
    for r in rows:
        w(f"| {r.name} | {r.origin} | `{r.status}` | {cell(' · '.join(r.detail))} |")
    w("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants_ini", help="Fairy-Stockfish's src/variants.ini")
    ap.add_argument("--chimera", default=os.environ.get("CHIMERA", str(REPO / "target" / "release" / "chimera")),
                    help="the chimera binary (default: $CHIMERA, else target/release/chimera)")
    ap.add_argument("--random", type=int, default=8,
                    help="positions of random games compared per variant (default 8)")
    ap.add_argument("--date", default=datetime.date.today().isoformat())
    ap.add_argument("--fsf-commit", help="Fairy-Stockfish's commit (default: from git beside the file)")
    ap.add_argument("-o", "--output", help="write here (default: standard output)")
    ap.add_argument("-v", "--verbose", action="store_true", help="name each variant as it is measured")
    ap.add_argument("--only", nargs="+", metavar="NAME",
                    help="measure only these names (a partial table, for trying mappings out)")
    args = ap.parse_args()
    chimera = str(Path(args.chimera).resolve())
    if not Path(chimera).is_file():
        sys.exit(f"catalogue: no chimera binary at {chimera} (cargo build --release, or --chimera)")
    fsf_commit = args.fsf_commit or git("log", "-1", "--format=%H",
                                        cwd=Path(args.variants_ini).resolve().parent)
    args.chimera_commit = git("rev-parse", "--short", "HEAD", cwd=REPO)
    with tempfile.TemporaryDirectory(prefix="catalogue-") as d:
        tmp = Path(d)
        write_probes(tmp)
        rows, builtins, sections, imported = classify(args, chimera, tmp)
        text = render(rows, builtins, sections, imported, args, fsf_commit)
    if args.output:
        Path(args.output).write_text(text)
    else:
        sys.stdout.write(text)
    if PROBLEMS:
        print(f"catalogue: {len(PROBLEMS)} problem(s), see above", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
