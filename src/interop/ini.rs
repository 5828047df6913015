//! A `variants.ini` reader: sections, keys and the line of every key.
