//! Fairy-Stockfish interoperability: `variants.ini` out of a compiled [`crate::rules::RuleSet`]
//! ([`export`]) and definition source text out of `variants.ini` sections ([`import`]).
//!
//! Both directions go through the rule set, never through text substitution: export reads only
//! the compiled rules (the source is consulted only to point at what cannot be stated), and
//! import writes definition text that the normal compiler then checks.

pub mod export;
pub mod import;
pub mod ini;
pub mod locate;
