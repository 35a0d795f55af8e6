//! How a message quotes what the user wrote (an argument, a move, a line
//! of a file): in quotes, at most [`QUOTE_CHARS`] characters of it, cut on
//! a character's boundary, a longer text's length said. Every message that
//! repeats the user's words goes through [`quote`], so no message echoes a
//! 70,000-character argument or cuts a character in half.

/// The most characters of the user's words a message quotes.
pub const QUOTE_CHARS: usize = 40;

/// `text` as a message quotes it: `'text'`, or its first characters then
/// `…` and its length (`'aaaa…' (70000 characters)`).
pub fn quote(text: &str) -> String {
    let n = text.chars().count();
    if n <= QUOTE_CHARS {
        return format!("'{text}'");
    }
    let prefix: String = text.chars().take(QUOTE_CHARS - 8).collect();
    format!("'{prefix}…' ({n} characters)")
}

/// `text` with every span between single quotes longer than
/// [`QUOTE_CHARS`] cut as [`quote`] cuts it (for a message written by
/// another library, such as the argument parser's, that quotes the user's
/// words whole).
pub fn shorten_quotes(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find('\'') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match after.find('\'') {
            Some(j) if after[..j].chars().count() > QUOTE_CHARS => {
                out.push_str(&quote(&after[..j]));
                rest = &after[j + 1..];
            }
            Some(j) => {
                out.push_str(&rest[i..i + j + 2]);
                rest = &after[j + 1..];
            }
            None => {
                out.push_str(&rest[i..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// A number from the user's words as a message repeats it: short (`1e308`,
/// not its 309 digits; `0.1`, `inf`, `NaN`).
pub fn number(v: f64) -> String {
    if v != 0.0 && v.is_finite() && !(1e-6..1e9).contains(&v.abs()) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_words_are_cut_on_a_character() {
        assert_eq!(quote("e4"), "'e4'");
        assert_eq!(quote(&"é".repeat(40)), format!("'{}'", "é".repeat(40)));
        let long = "é".repeat(70_000);
        let q = quote(&long);
        assert!(q.starts_with(&format!("'{}…'", "é".repeat(32))), "{q}");
        assert!(q.ends_with("(70000 characters)"), "{q}");
    }

    #[test]
    fn long_quoted_spans_are_cut() {
        let long = "x".repeat(70_000);
        let text = format!("error: invalid value '{long}' for '--part <PART>': no");
        let short = shorten_quotes(&text);
        assert!(short.starts_with("error: invalid value 'xxxx"), "{short}");
        assert!(
            short.ends_with("(70000 characters) for '--part <PART>': no"),
            "{short}"
        );
        assert_eq!(shorten_quotes("it's 'ok'"), "it's 'ok'");
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(number(1e308), "1e308");
        assert_eq!(number(0.1), "0.1");
        assert_eq!(number(-2.5e-9), "-2.5e-9");
        assert_eq!(number(f64::INFINITY), "inf");
    }
}
