//! The command line's own texts: argument errors (clap's and ours), the lines of
//! `new`, `verify`, `repair`, `install`, `player`, `feed`, `simulate` and the rest — Chinese
//! and English side by side, one arm per language. The domain's refusals are in `i18n::refusal`,
//! the errors from below the command line (log, rules, import) in their own module.

mod args;
mod help;
mod install;
mod msg;
pub mod sample;
mod team;
mod text;

pub use args::{ArgError, arg, arg_error};
pub use help::{ABOUT_EN, about_zh, arg_help_zh, help_words, placeholder_zh, value_help_zh};
pub use install::InstallMsg;
pub use msg::Msg;
pub use team::TeamMsg;
pub use text::text;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::rules::Lang;

    #[test]
    fn positional_arguments_are_named_in_chinese() {
        assert_eq!(arg("<BOARD>", Lang::Zh), "台号");
        assert_eq!(arg("<BOARD>", Lang::En), "<BOARD>");
        assert_eq!(arg("--round <ROUND>", Lang::Zh), "--round");
        assert_eq!(arg("<B1>", Lang::Zh), "台号1");
        // The Chinese command line's own placeholder, and one the catalog does not know.
        assert_eq!(arg("<台号>", Lang::Zh), "台号");
        assert_eq!(arg("<XYZ>", Lang::Zh), "<XYZ>");
        let e = ArgError::Missing {
            args: vec!["<BOARD>".into(), "<RESULT>".into()],
        };
        assert_eq!(
            arg_error(&e, Lang::Zh),
            "缺少参数: 台号、结果 (见 bianpai --help)"
        );
        assert!(arg_error(&e, Lang::En).contains("<BOARD> <RESULT>"));
    }

    #[test]
    fn a_team_and_a_lineup_read_in_either_language() {
        let team = Msg::Team(TeamMsg::Team {
            no: crate::domain::TeamNo(2),
            name: "杭州队".into(),
            players: vec!["5 王伟".into(), "6 李芳".into()],
            reserves: vec!["7 张娜".into()],
        });
        assert_eq!(
            text(&team, Lang::Zh),
            "第2队 杭州队: 5 王伟, 6 李芳; 替补: 7 张娜"
        );
        assert_eq!(
            text(&team, Lang::En),
            "team 2 杭州队: 5 王伟, 6 李芳; reserves: 7 张娜"
        );
        let lineup = Msg::Team(TeamMsg::Lineup {
            round: crate::domain::Round(1),
            team: "杭州队".into(),
            boards: vec![
                (crate::domain::PlayerNo(6), "李芳".into()),
                (crate::domain::PlayerNo(7), "张娜".into()),
            ],
            of: 2,
        });
        assert_eq!(
            text(&lineup, Lang::Zh),
            "第1轮 杭州队 出场名单: 第1台 6 李芳, 第2台 7 张娜"
        );
        let short = Msg::Team(TeamMsg::Lineup {
            round: crate::domain::Round(1),
            team: "杭州队".into(),
            boards: vec![(crate::domain::PlayerNo(6), "李芳".into())],
            of: 3,
        });
        assert_eq!(
            text(&short, Lang::Zh),
            "第1轮 杭州队 出场名单: 第1台 6 李芳; 人数不足: 本场第2、3台缺台, 按弃权判负"
        );
        let clock = Msg::ClockState {
            flag: None,
            running: Some(crate::domain::Side::Red),
        };
        assert_eq!(text(&clock, Lang::Zh), "红方走时");
        assert_eq!(text(&clock, Lang::En), "red running");
    }

    #[test]
    fn every_message_has_both_languages() {
        for m in [
            Msg::NotBoard("x".into()),
            Msg::FeedSummary {
                written: 1,
                ignored: 2,
                refused: 3,
            },
            Msg::Created("a.log".into()),
            Msg::Install(InstallMsg::NotRoot),
            Msg::Install(InstallMsg::Unix),
            Msg::ClockState {
                flag: Some(crate::domain::Side::Black),
                running: None,
            },
            Msg::ChoiceDefaulted {
                round: 2,
                choosers: vec!["1".into(), "4".into()],
            },
            Msg::Team(TeamMsg::Lineup {
                round: crate::domain::Round(3),
                team: "A".into(),
                boards: vec![(crate::domain::PlayerNo(7), "B".into())],
                of: 4,
            }),
            Msg::Team(TeamMsg::SimTooFewTeams),
        ] {
            let (zh, en) = (text(&m, Lang::Zh), text(&m, Lang::En));
            assert_ne!(zh, en, "{m:?}");
            let cjk = |t: &str| t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
            assert!(cjk(&zh) && !cjk(&en), "{m:?}: {zh} / {en}");
        }
    }
}
