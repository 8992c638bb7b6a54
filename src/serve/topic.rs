//! The pages a live stream can follow (docs/room-page.md#deltas): the current round, the wall,
//! a past round, a player's card, a team, a match, the standings, the crosstable, the team
//! standings, the prizes and the find page for a search, each in a language. After a change of the log, [`touched`] says
//! which of them can differ (a player's card only when one of the player's own games, byes or
//! entry changed), so that the delta thread draws again only those.

use std::collections::HashSet;

use crate::domain::Tournament;
use crate::domain::rules::Lang;
use crate::domain::tournament::RoundState;

/// A page that gets deltas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Page {
    /// The current round (`/`).
    Round,
    /// The wall (`/wall`): its clocks are drawn for one moment in both the old and the new
    /// state, so only a clock the log changed differs.
    Wall,
    /// A round by its number (`/round/N`).
    PastRound(u32),
    /// A player's card (`/player/N`).
    Player(u32),
    /// A team's page (`/team/N`).
    Team(u32),
    /// A match of a team round (`/match/R/K`).
    Match(u32, u32),
    Standings,
    Crosstable,
    Teams,
    Prizes,
    /// The find page for a search text, by the text's key ([`find_key`]); the stream carries
    /// the text itself.
    Find(u64),
}

/// A search as the find page uses it (its first 40 characters, escaped as the names are) and
/// the key of its topic.
pub fn find_key(q: &str) -> (String, u64) {
    use std::hash::{Hash, Hasher};
    let q: String = q.chars().take(40).collect();
    let q = crate::domain::text::escape(&q).into_owned();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    q.hash(&mut h);
    let key = h.finish();
    (q, key)
}

/// `s` for a URL's query: every byte but letters, digits and `-_.~` as `%XX`.
fn query_text(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A page in a language: what a stream follows (`/events?page=player&no=12&lang=zh`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Topic {
    pub page: Page,
    pub lang: Lang,
}

impl Topic {
    pub fn new(page: Page, lang: Lang) -> Topic {
        Topic { page, lang }
    }

    /// The stream's address, as the page tells its script (`data-events`); `q` is the find
    /// page's search text.
    pub fn address(&self, q: &str) -> String {
        let lang = match self.lang {
            Lang::En => "en",
            Lang::Zh => "zh",
        };
        let what = match self.page {
            Page::Round => "page=round".to_string(),
            Page::Wall => "page=wall".to_string(),
            Page::PastRound(r) => format!("page=round&round={r}"),
            Page::Player(n) => format!("page=player&no={n}"),
            Page::Team(n) => format!("page=team&no={n}"),
            Page::Match(r, k) => format!("page=match&round={r}&no={k}"),
            Page::Standings => "page=standings".to_string(),
            Page::Crosstable => "page=crosstable".to_string(),
            Page::Teams => "page=teams".to_string(),
            Page::Prizes => "page=prizes".to_string(),
            Page::Find(_) => format!("page=find&q={}", query_text(q)),
        };
        format!("/events?{what}&lang={lang}")
    }

    /// The topic a stream's query names: `page`, and `no`, `round` and `q` where the page has
    /// them; `None` for anything else (the stream then carries plain `update`s).
    pub fn parse(
        page: &str,
        no: Option<&str>,
        round: Option<&str>,
        q: Option<&str>,
        lang: Option<&str>,
    ) -> Option<Topic> {
        let num = |s: Option<&str>| s.and_then(|s| s.parse::<u32>().ok());
        let page = match (page, num(no), num(round)) {
            ("find", None, None) => Page::Find(find_key(q.unwrap_or("")).1),
            ("round", None, None) => Page::Round,
            ("round", None, Some(r)) => Page::PastRound(r),
            ("wall", None, None) => Page::Wall,
            ("player", Some(n), None) => Page::Player(n),
            ("team", Some(n), None) => Page::Team(n),
            ("match", Some(k), Some(r)) => Page::Match(r, k),
            ("standings", None, None) => Page::Standings,
            ("crosstable", None, None) => Page::Crosstable,
            ("teams", None, None) => Page::Teams,
            ("prizes", None, None) => Page::Prizes,
            _ => return None,
        };
        let lang = match lang {
            Some("en") => Lang::En,
            _ => Lang::Zh,
        };
        Some(Topic { page, lang })
    }
}

/// What a change of the tournament touched: everything (`all`), or the players whose own
/// games, byes or status changed, the rounds that changed, and whether the tables (drawn
/// after the last completed round) can differ.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Touched {
    pub all: bool,
    pub players: HashSet<u32>,
    pub rounds: HashSet<u32>,
    /// A completed round changed, a round completed, or a player's status changed.
    pub tables: bool,
}

impl Touched {
    pub fn everything() -> Touched {
        Touched {
            all: true,
            ..Touched::default()
        }
    }

    /// Whether `page` can look different after the change.
    pub fn reaches(&self, page: Page) -> bool {
        if self.all {
            return true;
        }
        let any = !self.players.is_empty() || !self.rounds.is_empty();
        match page {
            Page::Round | Page::Wall => true,
            Page::Player(n) => self.players.contains(&n),
            // A round shows the points its players came with: an earlier round counts too.
            Page::PastRound(r) => self.tables || self.rounds.iter().any(|&x| x <= r),
            Page::Match(r, _) => self.rounds.contains(&r),
            Page::Standings | Page::Crosstable | Page::Prizes => self.tables,
            // A team's page and the team standings of a team match show its live scores; the
            // find page shows seats, no result, so it is drawn again (cheaply) on any change and
            // sent only when a pairing moved a seat.
            Page::Teams | Page::Team(_) | Page::Find(_) => any,
        }
    }
}

/// What changed from `a` to `b`. A change of the title, the rules, the number of players or
/// rounds, the teams, or a player's entry (their name shows on their opponents' cards)
/// touches everything; a player's status, a game, a bye or a requested bye touches the players
/// it names; any other change of a round touches that round only.
pub fn touched(a: &Tournament, b: &Tournament) -> Touched {
    if a.title != b.title
        || a.rules != b.rules
        || a.amendments != b.amendments
        || a.players.len() != b.players.len()
        || a.rounds.len() != b.rounds.len()
        || a.team_event != b.team_event
        || a.draw != b.draw
        || a.discarded != b.discarded
    {
        return Touched::everything();
    }
    let done = b.completed_rounds();
    let mut out = Touched {
        tables: a.completed_rounds() != done,
        ..Touched::default()
    };
    for (x, y) in a.players.iter().zip(&b.players) {
        if x != y {
            if x.entry != y.entry || x.section != y.section {
                return Touched::everything();
            }
            out.players.insert(y.no.0);
            out.tables = true;
        }
    }
    for (x, y) in a.rounds.iter().zip(&b.rounds) {
        if x == y {
            continue;
        }
        out.rounds.insert(y.round.0);
        out.tables |= y.round.0 <= done;
        if x.games.len() != y.games.len() || x.started_at != y.started_at {
            // A round paired again or started: every seat of it.
            out.players.extend(seated(x).chain(seated(y)));
            continue;
        }
        for (g, h) in x.games.iter().zip(&y.games) {
            if g != h {
                out.players.extend([g.red.0, g.black.0, h.red.0, h.black.0]);
            }
        }
        if x.byes != y.byes {
            out.players
                .extend(x.byes.iter().chain(&y.byes).map(|n| n.0));
        }
        if x.requested != y.requested {
            out.players
                .extend(x.requested.iter().chain(&y.requested).map(|b| b.no.0));
        }
    }
    out
}

/// Every player a round seats: its games' players, its byes and its requested byes.
fn seated(r: &RoundState) -> impl Iterator<Item = u32> + '_ {
    r.games
        .iter()
        .flat_map(|g| [g.red.0, g.black.0])
        .chain(r.byes.iter().map(|n| n.0))
        .chain(r.requested.iter().map(|b| b.no.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_topic_reads_back_from_its_address() {
        let pages = [
            Page::Round,
            Page::Wall,
            Page::PastRound(3),
            Page::Player(12),
            Page::Team(2),
            Page::Match(4, 1),
            Page::Standings,
            Page::Crosstable,
            Page::Teams,
            Page::Prizes,
            Page::Find(find_key("王 天一&x").1),
        ];
        for page in pages {
            for lang in [Lang::Zh, Lang::En] {
                let t = Topic { page, lang };
                let address = t.address("王 天一&x");
                let query = address.trim_start_matches("/events?");
                let get = |k: &str| {
                    query
                        .split('&')
                        .find_map(|kv| kv.strip_prefix(&format!("{k}=")))
                };
                let q = get("q").map(|q| {
                    let bytes: Vec<u8> = q
                        .split('%')
                        .enumerate()
                        .flat_map(|(i, part)| {
                            if i == 0 {
                                part.as_bytes().to_vec()
                            } else {
                                let mut b = vec![u8::from_str_radix(&part[..2], 16).unwrap()];
                                b.extend_from_slice(&part.as_bytes()[2..]);
                                b
                            }
                        })
                        .collect();
                    String::from_utf8(bytes).unwrap()
                });
                assert_eq!(
                    Topic::parse(
                        get("page").unwrap(),
                        get("no"),
                        get("round"),
                        q.as_deref(),
                        get("lang")
                    ),
                    Some(t),
                    "{address}"
                );
            }
        }
        assert_eq!(Topic::parse("player", None, None, None, None), None);
        assert_eq!(Topic::parse("player", Some("x"), None, None, None), None);
        assert_eq!(Topic::parse("round", Some("1"), None, None, None), None);
        assert_eq!(Topic::parse("anything", None, None, None, None), None);
    }

    #[test]
    fn a_result_reaches_its_two_players_its_round_and_the_tables_only() {
        let t = Touched {
            all: false,
            players: [3, 8].into(),
            rounds: [2].into(),
            tables: false,
        };
        assert!(t.reaches(Page::Player(3)));
        assert!(!t.reaches(Page::Player(4)));
        assert!(t.reaches(Page::PastRound(2)) && t.reaches(Page::PastRound(3)));
        assert!(!t.reaches(Page::PastRound(1)));
        assert!(!t.reaches(Page::Standings), "the round is not complete");
        assert!(t.reaches(Page::Team(1)));
        assert!(t.reaches(Page::Round));
        let completed = Touched { tables: true, ..t };
        assert!(completed.reaches(Page::Standings) && completed.reaches(Page::Prizes));
        let nothing = Touched::default();
        assert!(!nothing.reaches(Page::Standings) && !nothing.reaches(Page::Teams));
        assert!(!nothing.reaches(Page::Player(3)));
        assert!(nothing.reaches(Page::Wall));
        assert!(Touched::everything().reaches(Page::Player(4)));
    }
}
