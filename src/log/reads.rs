//! What a reader of the log reads (docs/trust.md, "who reads what"): the desk's private
//! fields (birth dates, ID numbers, fees), the players' codes (docs/self-report.md) and the
//! reasons of corrections and withdrawals. Every reader of these asks here, with the role it
//! reads in: `--role` when given (already checked to be held), else the roles the rules'
//! roles map gives the OS user.

use crate::domain::{Role, Rules};

/// What one reader reads besides what the room page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reads {
    /// Birth dates, ID numbers, fees and the json's private keys.
    pub private: bool,
    /// The players' codes: `export --what codes`, the scoresheets' code stubs.
    pub codes: bool,
    /// The free-text reasons the audit shows beside a correction or a withdrawal.
    pub reasons: bool,
}

/// What `user` reads of an event with `rules`, reading in `role` (`None`: in the roles the
/// roles map gives them; every role without a roles map). `root`: the process runs as root,
/// which reads the desk's fields and the reasons unless it asks for a lesser role, and the
/// codes only when the roles map gives it the head arbiter's or the organizer's role.
///
/// With a role given: the head arbiter and the organizer read everything, an assistant the
/// reasons but no private field and no code, a viewer only what the room page shows.
pub fn of(rules: &Rules, user: &str, root: bool, role: Option<Role>) -> Reads {
    let desk = |r: &Role| matches!(r, Role::Head | Role::Organizer);
    if let Some(r) = role {
        return Reads {
            private: desk(&r),
            codes: desk(&r),
            reasons: r != Role::Viewer,
        };
    }
    let held = rules.roles_of(user);
    Reads {
        private: root || held.iter().any(desk),
        codes: held.iter().any(desk),
        reasons: root || held.iter().any(|r| *r != Role::Viewer),
    }
}

/// What this process's user reads, reading in `role` (see [`of`]).
pub fn current(rules: &Rules, role: Option<Role>) -> Reads {
    of(
        rules,
        &super::user::current_user(),
        super::user::uid() == Some(0),
        role,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.roles.insert("wang".into(), vec![Role::Head]);
        rules.roles.insert("chen".into(), vec![Role::Organizer]);
        rules.roles.insert("li".into(), vec![Role::Assistant]);
        rules
    }

    #[test]
    fn only_the_head_arbiter_and_the_organizer_read_codes() {
        let mut open = Rules::preset("qigu-2024-07").unwrap();
        open.roles.clear();
        assert!(
            of(&open, "anyone", false, None).codes,
            "no roles map: every role"
        );
        let r = rules();
        assert!(of(&r, "wang", false, None).codes && of(&r, "chen", false, None).codes);
        assert!(!of(&r, "li", false, None).codes && !of(&r, "guest", false, None).codes);
        assert!(!of(&r, "root", true, None).codes, "root holds no role here");
    }

    #[test]
    fn the_role_asked_for_is_the_role_read_with() {
        let r = rules();
        let all = Reads {
            private: true,
            codes: true,
            reasons: true,
        };
        assert_eq!(of(&r, "wang", false, None), all);
        let viewer = of(&r, "wang", false, Some(Role::Viewer));
        assert!(!viewer.private && !viewer.codes && !viewer.reasons);
        let asst = of(&r, "wang", false, Some(Role::Assistant));
        assert!(!asst.private && !asst.codes && asst.reasons);
        assert!(!of(&r, "root", true, Some(Role::Viewer)).private);
    }

    #[test]
    fn a_user_without_a_role_reads_no_reason() {
        let r = rules();
        let guest = of(&r, "guest", false, None);
        assert!(!guest.private && !guest.codes && !guest.reasons);
        let li = of(&r, "li", false, None);
        assert!(!li.private && !li.codes && li.reasons);
        assert!(of(&r, "root", true, None).reasons);
    }
}
