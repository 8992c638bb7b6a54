//! The checks on values that parse but make no sense: ranges, bounds, text.

use crate::domain::team::TeamMatch;

use super::{MAX_AMOUNT, MAX_COUNT, MAX_POINTS, Rules, RulesError, RulesFault};

impl Rules {
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |field: &str, fault| Err(RulesError::invalid(field, fault));
        self.validate_bounds()?;
        self.validate_text()?;
        // A round robin may leave `rounds: 0`: the schedule's own number (docs/cli.md).
        let zero_ok = self.format.follows_a_table() && self.rounds == 0;
        if (self.rounds == 0 && !zero_ok) || self.rounds > 99 {
            return bad("rounds", RulesFault::RoundsRange);
        }
        if self.tiebreaks.is_empty() {
            return bad("tiebreaks", RulesFault::EmptyChain);
        }
        let mut seen = std::collections::HashSet::new();
        for t in &self.tiebreaks {
            if !seen.insert(*t) {
                return bad("tiebreaks", RulesFault::Twice(t.word().to_string()));
            }
        }
        if self.sections.is_empty() {
            return bad("sections", RulesFault::NoSections);
        }
        let mut names = std::collections::HashSet::new();
        for s in &self.sections {
            if s.name.trim().is_empty() {
                return bad("sections", RulesFault::SectionWithoutName);
            }
            if !names.insert(s.name.clone()) {
                return bad("sections", RulesFault::Twice(format!("'{}'", s.name)));
            }
        }
        for l in &self.foul_limits {
            if l.count == 0 {
                return bad("foul_limits.count", RulesFault::AtLeastOne);
            }
        }
        if let Some(z) = &self.time_zone
            && crate::domain::zone::EventZone::parse(z).is_err()
        {
            return bad("time_zone", RulesFault::NotAZone(z.trim().to_string()));
        }
        if self.late_window_minutes > 24 * 60 {
            return bad("late_window_minutes", RulesFault::LateWindowOverADay);
        }
        if let Some(k) = self.format.knockout() {
            if !crate::domain::knockout::config::SIZES.contains(&k.players) {
                return bad("knockout.players", RulesFault::KnockoutPlayers);
            }
            // Every round the bracket plays lies within the event's rounds
            // (docs/rules.md#7-knockout).
            if k.after_round == 0 || k.last_round() > self.rounds {
                return bad(
                    "knockout.after_round",
                    RulesFault::KnockoutAfterRound {
                        players: k.players,
                        depth: k.depth(),
                        rounds: self.rounds,
                    },
                );
            }
        }
        if let Some(tm) = self.format.team() {
            check_team_match(tm)?;
        }
        if let Some(t) = &self.teams
            && t.members_counted == 0
        {
            return bad("teams.members_counted", RulesFault::AtLeastOne);
        }
        for p in self.prizes.places.iter().chain(&self.prizes.lucky) {
            if p.from == 0 || p.to < p.from {
                return bad(
                    "prizes",
                    RulesFault::NotARange {
                        from: p.from,
                        to: p.to,
                    },
                );
            }
            if let Some(s) = &p.section
                && self.section(s).is_none()
            {
                return bad("prizes", RulesFault::UnknownSection(s.clone()));
            }
        }
        for c in &self.prizes.categories {
            if let Some(s) = &c.section
                && self.section(s).is_none()
            {
                return bad(
                    "prizes",
                    RulesFault::CategorySection {
                        category: c.name.clone(),
                        section: s.clone(),
                    },
                );
            }
        }
        for (tc, what) in [
            (&self.time_controls.swiss, "swiss"),
            (&self.time_controls.rapid, "rapid"),
            (&self.time_controls.armageddon, "armageddon"),
        ] {
            if tc.red_base_s == 0 || tc.black_base_s == 0 {
                return bad(&format!("time_controls.{what}"), RulesFault::BaseTimeZero);
            }
        }
        Ok(())
    }

    /// Bounds on every number: points, counts, amounts and times stay far from
    /// where sums could wrap around.
    fn validate_bounds(&self) -> Result<(), RulesError> {
        let p = &self.points;
        for (field, v) in [
            ("points.red_win", p.red_win),
            ("points.red_draw", p.red_draw),
            ("points.red_loss", p.red_loss),
            ("points.black_win", p.black_win),
            ("points.black_draw", p.black_draw),
            ("points.black_loss", p.black_loss),
            ("points.bye", p.bye.unwrap_or(0)),
        ] {
            at_most(field, v, MAX_POINTS)?;
        }
        at_most("withdraw_after_forfeits", self.withdraw_after_forfeits, 99)?;
        for l in &self.foul_limits {
            at_most("foul_limits.count", l.count, 100)?;
        }
        for (tc, what) in [
            (&self.time_controls.swiss, "swiss"),
            (&self.time_controls.rapid, "rapid"),
            (&self.time_controls.armageddon, "armageddon"),
        ] {
            let day = 24 * 3600;
            at_most(
                &format!("time_controls.{what}.red_base_s"),
                tc.red_base_s,
                day,
            )?;
            at_most(
                &format!("time_controls.{what}.black_base_s"),
                tc.black_base_s,
                day,
            )?;
            at_most(
                &format!("time_controls.{what}.increment_s"),
                tc.increment_s,
                3600,
            )?;
        }
        if self.clock_skew_seconds == 0 {
            return Err(RulesError::invalid(
                "clock_skew_seconds",
                RulesFault::AtLeastOne,
            ));
        }
        at_most("clock_skew_seconds", self.clock_skew_seconds, 24 * 3600)?;
        at_most("sections", self.sections.len() as u32, 100)?;
        at_most("schedule", self.schedule.len() as u32, 99)?;
        at_most("roles", self.roles.len() as u32, 1000)?;
        let r = &self.registration;
        at_most("registration.capacity", r.capacity.unwrap_or(0), MAX_COUNT)?;
        at_most("registration.fee", r.fee, MAX_AMOUNT)?;
        at_most("registration.max_age", r.max_age.unwrap_or(0), 150)?;
        at_most(
            "registration.free_under_age",
            r.free_under_age.unwrap_or(0),
            150,
        )?;
        for s in &self.sections {
            at_most("sections.fee", s.fee.unwrap_or(0), MAX_AMOUNT)?;
            at_most("sections.max_age", s.max_age.unwrap_or(0), 150)?;
        }
        if let Some(t) = &self.teams {
            at_most("teams.members_counted", t.members_counted, 100)?;
            at_most("teams.places_awarded", t.places_awarded, MAX_COUNT)?;
            at_most("teams.after_round", t.after_round.unwrap_or(0), 99)?;
        }
        for p in self.prizes.places.iter().chain(&self.prizes.lucky) {
            at_most("prizes.to", p.to, MAX_COUNT)?;
            at_most("prizes.amount", p.amount, MAX_AMOUNT)?;
        }
        for c in &self.prizes.categories {
            at_most("categories.max_age", c.max_age.unwrap_or(0), 150)?;
            at_most("categories.amounts", c.amounts.len() as u32, 1000)?;
            for a in &c.amounts {
                at_most("categories.amounts", *a, MAX_AMOUNT)?;
            }
        }
        Ok(())
    }

    /// Every free-text field of the rules through the one sanitiser (`domain::text`); a user
    /// named in the roles map once, each role once.
    fn validate_text(&self) -> Result<(), RulesError> {
        use crate::domain::text::{CLUB_MAX, GROUP_MAX, NAME_MAX, NOTE_MAX, TITLE_MAX};
        text_ok("name", &self.name, TITLE_MAX)?;
        text_ok("title", &self.title, TITLE_MAX)?;
        text_ok("description", &self.description, NOTE_MAX)?;
        for s in &self.sections {
            text_ok("sections", &s.name, GROUP_MAX)?;
            for a in &s.aliases {
                text_ok("aliases", a, GROUP_MAX)?;
            }
        }
        for p in self.prizes.places.iter().chain(&self.prizes.lucky) {
            text_ok("label", &p.label, CLUB_MAX)?;
        }
        for c in &self.prizes.categories {
            text_ok("categories", &c.name, GROUP_MAX)?;
        }
        for (field, v) in [
            ("chief_arbiter", &self.officials.chief_arbiter),
            ("pairing_officer", &self.officials.pairing_officer),
        ] {
            text_ok(field, v.as_deref().unwrap_or(""), NAME_MAX)?;
        }
        for (user, roles) in &self.roles {
            text_ok("roles", user, 64)?;
            if user.trim().is_empty() {
                return Err(RulesError::invalid("roles", RulesFault::EmptyUser));
            }
            let mut seen = std::collections::HashSet::new();
            if let Some(r) = roles.iter().find(|r| !seen.insert(**r)) {
                return Err(RulesError::invalid(
                    "roles",
                    RulesFault::RoleTwice {
                        user: user.clone(),
                        role: r.word(),
                    },
                ));
            }
        }
        Ok(())
    }
}

/// Refuses a number above `max`, naming the field.
fn at_most(field: &str, value: u32, max: u32) -> Result<(), RulesError> {
    if value > max {
        return Err(RulesError::invalid(
            field,
            RulesFault::MoreThan { value, max },
        ));
    }
    Ok(())
}

/// Refuses a text field the sanitiser refuses (`domain::text`), naming the field.
fn text_ok(field: &str, value: &str, max: usize) -> Result<(), RulesError> {
    crate::domain::text::check(field, value, max)
        .map_err(|e| RulesError::invalid(field, RulesFault::Text(e)))
}

/// The team match settings: 2 to 8 boards, bounded match points, each tiebreak once.
fn check_team_match(t: &TeamMatch) -> Result<(), RulesError> {
    if t.boards < 2 || t.boards > 8 {
        return Err(RulesError::invalid(
            "team_match.boards",
            RulesFault::BoardsRange,
        ));
    }
    let p = &t.match_points;
    for v in [p.win, p.draw, p.loss] {
        at_most("team_match.match_points", v, MAX_POINTS)?;
    }
    let mut seen = std::collections::HashSet::new();
    for tb in &t.tiebreaks {
        if !seen.insert(*tb) {
            return Err(RulesError::invalid(
                "team_match.tiebreaks",
                RulesFault::Twice(tb.word().to_string()),
            ));
        }
    }
    Ok(())
}
