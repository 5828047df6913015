#![no_main]
//! The formatter never changes meaning: a text that formats compiles to the same rule set (or
//! fails with the same error codes) before and after, and formatting twice changes nothing.

use chimera::check_str;
use chimera::format_definition;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(formatted) = format_definition(text) else {
        return;
    };
    assert_eq!(
        format_definition(&formatted).ok().as_deref(),
        Some(formatted.as_str()),
        "not idempotent"
    );
    // A directory with no files: `extends` cannot reach the disk.
    let nowhere = Path::new("/nonexistent-chimera-fuzz");
    let meaning = |t: &str| match check_str("fuzz.variant", t, nowhere) {
        Ok(c) => Ok(serde_json::to_string(&c.rules).unwrap_or_default()),
        Err(d) => Err(d.source_errors().map(|e| e.code).collect::<Vec<_>>()),
    };
    assert_eq!(
        meaning(text),
        meaning(&formatted),
        "formatting changed the meaning"
    );
});
