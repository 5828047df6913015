//! Import: `variants.ini` sections as definition source text.
