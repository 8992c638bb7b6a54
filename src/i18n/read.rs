//! How the language is read, as against worded: the pinyin order of names (a surname read as
//! a surname, docs/printouts.md) and the organiser's own prize labels in the rules
//! (`第三名`, `前6名(奖金, 证书)`: the place a label names, what it gives besides money). The
//! Chinese these read is the organiser's and the players', not the program's words.

use pinyin::ToPinyin;

/// Surnames whose reading differs from the character's common one (单 is Shàn as a surname,
/// not dān), for the first character of a Chinese name.
const SURNAMES: [(char, &str); 12] = [
    ('单', "shan"),
    ('曾', "zeng"),
    ('解', "xie"),
    ('仇', "qiu"),
    ('朴', "piao"),
    ('区', "ou"),
    ('查', "zha"),
    ('乐', "yue"),
    ('翟', "zhai"),
    ('覃', "qin"),
    ('盖', "ge"),
    ('缪', "miao"),
];

/// The sort key of a name: its syllables (pinyin of each Chinese character, or each Latin
/// word lowercased), then the characters themselves so that homophones keep a fixed order.
pub fn sort_key(name: &str) -> (Vec<String>, String) {
    let mut syllables = Vec::new();
    let mut word = String::new();
    for (i, ch) in name.chars().enumerate() {
        let reading = if i == 0 {
            SURNAMES
                .iter()
                .find(|(c, _)| *c == ch)
                .map(|(_, r)| *r)
                .or_else(|| ch.to_pinyin().map(pinyin::Pinyin::plain))
        } else {
            ch.to_pinyin().map(pinyin::Pinyin::plain)
        };
        match reading {
            Some(r) => {
                if !word.is_empty() {
                    syllables.push(std::mem::take(&mut word));
                }
                syllables.push(r.to_string());
            }
            None if ch.is_alphanumeric() => word.extend(ch.to_lowercase()),
            None => {
                if !word.is_empty() {
                    syllables.push(std::mem::take(&mut word));
                }
            }
        }
    }
    if !word.is_empty() {
        syllables.push(word);
    }
    (syllables, name.to_string())
}

/// A label's parenthetical, the thing given (`第9-12名(奖状)` → `奖状`), and the label without it.
pub fn split_label(label: &str) -> (&str, Option<&str>) {
    let open = label.find(['(', '（']);
    match open {
        Some(i) => {
            let inner = label[i..]
                .trim_start_matches(['(', '（'])
                .trim_end_matches([')', '）'])
                .trim();
            (label[..i].trim(), (!inner.is_empty()).then_some(inner))
        }
        None => (label.trim(), None),
    }
}

/// The number a label such as `第三名` or `第3名` names (1–99), if that is all it says.
pub fn place_in_label(label: &str) -> Option<u32> {
    let inner = label.strip_prefix('第')?.strip_suffix('名')?;
    if let Ok(n) = inner.parse::<u32>() {
        return Some(n);
    }
    let digit = |c: char| "一二三四五六七八九".find(c).map(|i| i as u32 / 3 + 1);
    let chars: Vec<char> = inner.chars().collect();
    match chars.as_slice() {
        ['十'] => Some(10),
        [d] => digit(*d),
        ['十', d] => Some(10 + digit(*d)?),
        [t, '十'] => Some(10 * digit(*t)?),
        [t, '十', d] => Some(10 * digit(*t)? + digit(*d)?),
        _ => None,
    }
}

/// The things a label's parenthetical lists (`奖金, 证书` → `奖金`, `证书`), split at a comma
/// of either width or an enumeration comma.
pub fn given_items(given: &str) -> impl Iterator<Item = &str> {
    given
        .split([',', '，', '、'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
}

/// Whether a thing a label lists is money (`奖金`).
pub fn promises_money(item: &str) -> bool {
    item.contains("奖金")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_that_only_numbers_the_place_is_read_as_its_number() {
        for (label, n) in [
            ("第一名", Some(1)),
            ("第四名", Some(4)),
            ("第十名", Some(10)),
            ("第十二名", Some(12)),
            ("第二十名", Some(20)),
            ("第三十二名", Some(32)),
            ("第7名", Some(7)),
            ("冠军", None),
            ("第5-10名", None),
            ("幸运奖", None),
        ] {
            assert_eq!(place_in_label(label), n, "{label}");
        }
    }

    #[test]
    fn a_labels_things_given_are_split_and_money_is_told_apart() {
        let (bare, given) = split_label("第9-12名（奖状、奖金）");
        assert_eq!(bare, "第9-12名");
        let items: Vec<_> = given_items(given.expect("given")).collect();
        assert_eq!(items, ["奖状", "奖金"]);
        assert!(!promises_money(items[0]) && promises_money(items[1]));
    }
}
