//! Pictures: SVG and PNG diagrams of positions, zones and piece moves.
