//! How a registered name is compared (docs/rules.md#9-registration): the name as stored (outer
//! blanks trimmed, a Chinese name without inner blanks), and the keys of the two duplicate
//! rules. [`name_key`]: two names are the same name exactly when their keys are equal.
//! [`look_key`]: two names print alike exactly when their keys are equal: NFKC, without what
//! shows nothing, then each letter that is not a Chinese character by its Unicode confusable
//! skeleton (UTS #39), so `王天ー` (a katakana mark) looks like `王天一`, `李カ` like `李力` and a
//! Cyrillic `Wаng` like `Wang`, while two real characters that merely resemble each other
//! (`士`/`土`, `未`/`末`) stay two names.

/// A blank inside a name: white space, full-width spaces (U+3000) and the braille blank
/// (U+2800, which prints as a space: `洪⠀智` is `洪智`).
fn is_blank(c: char) -> bool {
    c.is_whitespace() || c == '\u{2800}'
}

/// A name as compared and stored: outer blanks trimmed; inside a Chinese name every blank
/// removed (spreadsheets pad two-character names: "张  三"); inside other names runs of
/// blanks collapsed to one space. Full-width spaces (U+3000) and braille blanks count as
/// blanks.
pub fn normalize_name(name: &str) -> String {
    let cjk = name.chars().any(is_cjk);
    let mut out = String::with_capacity(name.len());
    for word in name.split(is_blank).filter(|w| !w.is_empty()) {
        if !out.is_empty() && !cjk {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// True when two names are the same after [`normalize_name`] (equal [`name_key`]s); allocates
/// only when the letters agree.
pub(super) fn same_name(first: &str, second: &str) -> bool {
    if first == second {
        return true;
    }
    let mut one = first.chars().filter(|c| !is_blank(*c));
    let mut two = second.chars().filter(|c| !is_blank(*c));
    let same_letters = loop {
        match (one.next(), two.next()) {
            (None, None) => break true,
            (l, r) if l == r => {}
            _ => break false,
        }
    };
    same_letters && normalize_name(first) == normalize_name(second)
}

/// A name as it prints, for the look-alike check ([`look_key`]): NFKC (a compatibility
/// ideograph such as U+F9E1 李 or a Kangxi radical such as U+2F00 一 is the common ideograph;
/// full-width letters are letters), braille blanks as spaces. Borrowed when nothing changes.
pub(super) fn as_printed(name: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization as _, is_nfkc_quick};
    if is_nfkc_quick(name.chars()) == IsNormalized::Yes && !name.contains('\u{2800}') {
        return std::borrow::Cow::Borrowed(name);
    }
    std::borrow::Cow::Owned(
        name.nfkc()
            .map(|c| if c == '\u{2800}' { ' ' } else { c })
            .collect(),
    )
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{2FFFF}')
}

/// The same-name key: the name as compared and stored ([`normalize_name`]).
pub fn name_key(name: &str) -> String {
    normalize_name(name)
}

/// The look-alike key: the name as it prints ([`as_printed`]) without what shows nothing
/// ([`crate::domain::invisible::visible_key`]), each letter by its [`skeleton`].
pub fn look_key(name: &str) -> String {
    crate::domain::invisible::visible_key(&as_printed(name))
        .chars()
        .fold(String::with_capacity(name.len()), |mut key, c| {
            skeleton(c, &mut key);
            key
        })
}

/// One letter's confusable skeleton (UTS #39), pushed onto `key`. A Chinese character keeps
/// itself unless its skeleton is not a Chinese character (`一` is the skeleton `ー` of the
/// katakana mark, so both key as `ー`): two characters of the language are never one name.
fn skeleton(c: char, key: &mut String) {
    use unicode_security::confusable_detection::skeleton as uts39;
    let mut buf = [0u8; 4];
    let mapped: String = uts39(c.encode_utf8(&mut buf)).collect();
    if is_cjk(c) && mapped.chars().all(is_cjk) {
        key.push(c);
    } else {
        key.push_str(&mapped);
    }
}
