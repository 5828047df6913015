//! The definitions shipped in `definitions/`, embedded in the binary at build time (`build.rs`),
//! so that `chimera repl chess` works from any folder.

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// One shipped definition.
#[derive(Clone, Copy, Debug)]
pub struct Shipped {
    /// The name it is asked for by: the file name without `.variant` (`xiang-fu`).
    pub name: &'static str,
    /// The file name in `definitions/` (`xiang-fu.variant`).
    pub file: &'static str,
    /// The definition's text.
    pub text: &'static str,
    /// The tuned evaluation weights shipped beside it (`definitions/NAME.weights`), if any.
    pub weights: Option<&'static str>,
}

impl Shipped {
    /// Every shipped definition, sorted by name.
    ///
    /// ```
    /// let names: Vec<&str> = chimera::Shipped::all().map(|s| s.name).collect();
    /// assert!(names.contains(&"chess"));
    /// assert!(names.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn all() -> impl Iterator<Item = Shipped> {
        all()
    }

    /// The shipped definition asked for as `chess` or `chess.variant`, if there is one.
    ///
    /// ```
    /// let chess = chimera::Shipped::get("chess.variant").expect("chess is shipped");
    /// assert_eq!((chess.name, chess.file), ("chess", "chess.variant"));
    /// assert!(chimera::Shipped::get("no-such-game").is_none());
    /// ```
    pub fn get(name: &str) -> Option<Shipped> {
        get(name)
    }
}

/// Every shipped definition, sorted by name.
pub(crate) fn all() -> impl Iterator<Item = Shipped> {
    SHIPPED.iter().map(|&(file, text, weights)| Shipped {
        name: file.strip_suffix(".variant").unwrap_or(file),
        file,
        text,
        weights,
    })
}

/// The shipped definition asked for as `chess` or `chess.variant`, if there is one.
pub(crate) fn get(name: &str) -> Option<Shipped> {
    let stem = name.strip_suffix(".variant").unwrap_or(name);
    all().find(|s| s.name == stem)
}
