//! The studio: Chimera in the browser. `chimera serve` ([`server`]) runs a local web page that
//! drives the same session as the REPL ([`crate::repl::Session`]) and runs the analysis panel
//! ([`analyze`]); `chimera publish` ([`publish`]) writes a static page of a variant, its moves
//! computed by the engine and embedded as data. Both draw the board with Chimera's own renderer and show it through [`view`].

#[cfg(feature = "web")]
pub mod analyze;
pub mod definitions;
pub mod publish;
#[cfg(feature = "web")]
pub mod server;
pub mod view;
