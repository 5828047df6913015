//! Semantic checks and compilation: AST → [`crate::rules::RuleSet`].
