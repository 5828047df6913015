//! Syntax: definition text → AST with spans (grammar `grammar/variant.pest`).
