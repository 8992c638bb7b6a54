//! Which language a line is printed in (docs/cli.md, `--lang`): the language asked for on
//! the command line, else the event's own (its rules' `lang`), else Chinese. One rule for the
//! command line, the console and whatever else speaks to a person; it sits below all of them
//! and knows only the domain's `Lang` and `Rules`.

use crate::domain::rules::{Lang, Rules};

/// The language asked for, else the event's, else Chinese.
#[must_use]
pub fn choose(asked: Option<Lang>, event: Option<&Rules>) -> Lang {
    asked
        .or_else(|| event.and_then(|r| r.lang))
        .unwrap_or(Lang::Zh)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asked_then_the_event_then_chinese() {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.lang = Some(Lang::En);
        assert_eq!(choose(Some(Lang::Zh), Some(&rules)), Lang::Zh);
        assert_eq!(choose(None, Some(&rules)), Lang::En);
        rules.lang = None;
        assert_eq!(choose(None, Some(&rules)), Lang::Zh);
        assert_eq!(choose(Some(Lang::En), None), Lang::En);
        assert_eq!(choose(None, None), Lang::Zh);
    }
}
