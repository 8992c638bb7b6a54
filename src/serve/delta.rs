//! What changed, not the page (docs/room-page.md#deltas). After each change of the log a
//! thread renders the round page's and the wall's main part in each language, cuts it into its frame and its
//! keyed elements (each board's row `b{N}`, the count of finished boards `count`), and keeps
//! for the step from the version before to the new one the elements whose HTML changed. A
//! phone on the round page gets that step as one server-sent `delta` event (a few hundred
//! bytes) and replaces those elements; when the frame changed (a new round paired, the
//! warning, a team's match score) or the step is too large, it gets `update` and reads the
//! page again, as every other page does on every change.
//!
//! The last [`KEPT`] steps are kept, so a phone that reconnects with the `Last-Event-ID` it
//! last had gets the steps it missed; an older id, or one of another run of the server
//! (ids are `RUN.VERSION`, the run a number taken when the server starts), gets `update`.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use tokio::sync::broadcast;

use super::follow::{Feed, Snapshot};
use crate::domain::rules::Lang;

/// Steps kept for phones that reconnect.
pub const KEPT: usize = 64;
/// A step larger than this (its JSON, per page and language) is sent as `update` instead:
/// re-reading the page costs about as much.
pub const MAX_STEP: usize = 16 * 1024;

/// The pages that get deltas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The current round (`/`).
    Round,
    /// The wall (`/wall`): its rows and count; its clocks are drawn for one moment in both
    /// the old and the new state, so only a clock the log changed differs.
    Wall,
}

/// A page in a language: what a stream follows (`/events?page=round&lang=zh`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Topic {
    pub kind: Kind,
    pub lang: Lang,
}

const TOPICS: [Topic; 4] = [
    Topic {
        kind: Kind::Round,
        lang: Lang::Zh,
    },
    Topic {
        kind: Kind::Round,
        lang: Lang::En,
    },
    Topic {
        kind: Kind::Wall,
        lang: Lang::Zh,
    },
    Topic {
        kind: Kind::Wall,
        lang: Lang::En,
    },
];

fn index(t: Topic) -> usize {
    TOPICS.iter().position(|x| *x == t).unwrap_or(0)
}

/// What one step means for one topic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The event's data: `{"from":F,"to":T,"set":[[id, html], …]}`.
    Set(String),
    /// The page must be read again.
    Full,
}

/// The step from version `from` to version `to`, for every topic.
#[derive(Debug)]
pub struct Step {
    pub from: u64,
    pub to: u64,
    changes: Vec<Change>,
}

impl Step {
    pub fn change(&self, t: Topic) -> &Change {
        &self.changes[index(t)]
    }
}

struct Ring {
    /// The version the last step reached (the first snapshot's before any step).
    head: u64,
    steps: VecDeque<Arc<Step>>,
}

/// The steps, shared by every stream.
#[derive(Clone)]
pub struct Deltas {
    /// This run of the server (the first part of every event id).
    pub run: u64,
    ring: Arc<Mutex<Ring>>,
    tx: broadcast::Sender<Arc<Step>>,
}

/// Where a new stream starts.
pub enum Start {
    /// Already current: the next steps follow.
    Current,
    /// The steps it missed.
    Replay(Vec<Arc<Step>>),
    /// Too far behind, or of another run: read the page again.
    Full,
}

impl Deltas {
    /// A stream's receiver and where it starts, for a client that last had `last`
    /// (`RUN.VERSION`), taken together so that no step is lost or sent twice.
    pub fn subscribe(
        &self,
        last: Option<(u64, u64)>,
        topic: Topic,
    ) -> (broadcast::Receiver<Arc<Step>>, Start) {
        let ring = self
            .ring
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let rx = self.tx.subscribe();
        let start = match last {
            Some((run, v)) if run == self.run => {
                if v >= ring.head {
                    Start::Current
                } else {
                    let missed: Vec<Arc<Step>> =
                        ring.steps.iter().filter(|s| s.to > v).cloned().collect();
                    let whole = missed.first().is_some_and(|s| s.from <= v)
                        && missed
                            .iter()
                            .all(|s| matches!(s.change(topic), Change::Set(_)));
                    if whole {
                        Start::Replay(missed)
                    } else {
                        Start::Full
                    }
                }
            }
            _ => Start::Full,
        };
        (rx, start)
    }

    fn publish(&self, step: Step) {
        let mut ring = self
            .ring
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        ring.head = step.to;
        let step = Arc::new(step);
        ring.steps.push_back(Arc::clone(&step));
        while ring.steps.len() > KEPT {
            ring.steps.pop_front();
        }
        // No stream listening is fine.
        let _ = self.tx.send(step);
    }
}

/// Parses an event id `RUN.VERSION`.
pub fn parse_id(s: &str) -> Option<(u64, u64)> {
    let (run, v) = s.trim().split_once('.')?;
    Some((run.parse().ok()?, v.parse().ok()?))
}

/// A page's main part cut into its frame (each keyed element left as its id between NULs)
/// and its keyed elements in order: an element whose `id` is `count` or `b` and digits,
/// up to the end tag matching its own (the pages' texts are escaped, so a `<` is a tag).
pub fn split(html: &str) -> (String, Vec<(String, String)>) {
    let mut frame = String::with_capacity(html.len() / 4);
    let mut keyed = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(" id=\"") {
        let after = &rest[at + 5..];
        let Some(end_id) = after.find('"') else { break };
        let id = &after[..end_id];
        let is_key = id == "count"
            || (id.len() > 1 && id.starts_with('b') && id[1..].bytes().all(|b| b.is_ascii_digit()));
        let open = rest[..at].rfind('<');
        let (Some(open), true) = (open, is_key) else {
            frame.push_str(&rest[..at + 5]);
            rest = after;
            continue;
        };
        let tag: String = rest[open + 1..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        let Some(len) = element_len(&rest[open..], &tag) else {
            break;
        };
        frame.push_str(&rest[..open]);
        frame.push('\0');
        frame.push_str(id);
        frame.push('\0');
        keyed.push((id.to_string(), rest[open..open + len].to_string()));
        rest = &rest[open + len..];
    }
    frame.push_str(rest);
    (frame, keyed)
}

/// The length of the element `tag` that `html` starts with, end tag included.
fn element_len(html: &str, tag: &str) -> Option<usize> {
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut depth = 0usize;
    let mut i = 0;
    while i < html.len() {
        let next_open = html[i..].find(&open).map(|p| p + i);
        let next_close = html[i..].find(&close).map(|p| p + i)?;
        match next_open {
            Some(o) if o < next_close => {
                depth += 1;
                i = o + open.len();
            }
            _ => {
                depth = depth.checked_sub(1)?;
                i = next_close + close.len();
                if depth == 0 {
                    return Some(i);
                }
            }
        }
    }
    None
}

/// What one topic's page was at the last step.
struct Seen {
    frame: String,
    keyed: Vec<(String, String)>,
}

fn seen(main: &str) -> Seen {
    let (frame, keyed) = split(main);
    Seen { frame, keyed }
}

/// The change from `old` to `new`, from version `from` to `to`.
fn change(old: &Seen, new: &Seen, from: u64, to: u64) -> Change {
    if old.frame != new.frame || old.keyed.len() != new.keyed.len() {
        return Change::Full;
    }
    let set: Vec<(&str, &str)> = old
        .keyed
        .iter()
        .zip(&new.keyed)
        .filter(|(a, b)| a != b)
        .map(|(_, b)| (b.0.as_str(), b.1.as_str()))
        .collect();
    let json = serde_json::json!({"from": from, "to": to, "set": set}).to_string();
    if json.len() > MAX_STEP {
        Change::Full
    } else {
        Change::Set(json)
    }
}

/// The main part of `topic`'s page as `snap` shows it, with what it depends on besides it
/// (the warning: a change of it is a change of the frame).
fn render(snap: &Snapshot, topic: Topic, poll_ms: u64, now: DateTime<Utc>) -> String {
    let ctx = super::routes::ctx_of(snap, topic.lang, poll_ms, 0);
    let warning = super::pages::warning(&ctx).into_string();
    let main = match topic.kind {
        Kind::Round => super::routes::round_main(&ctx, snap).1,
        Kind::Wall => super::routes::wall_main(&ctx, snap, now),
    };
    format!("{warning}\n{}", main.0)
}

/// Starts the thread that turns each new snapshot of `feed` into a step.
pub fn start(feed: &Feed, poll_ms: u64) -> Deltas {
    let run = u64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_millis(),
    )
    .unwrap_or(0);
    let first = feed.current();
    let (tx, _) = broadcast::channel(super::follow::BACKLOG);
    let deltas = Deltas {
        run,
        ring: Arc::new(Mutex::new(Ring {
            head: first.version,
            steps: VecDeque::new(),
        })),
        tx,
    };
    let mut changes = feed.changes.subscribe();
    let feed = feed.clone();
    let out = deltas.clone();
    let spawned = std::thread::Builder::new()
        .name("serve-deltas".into())
        .spawn(move || {
            let mut prev = first;
            let mut pages: Vec<Seen> = TOPICS
                .iter()
                .map(|t| seen(&render(&prev, *t, poll_ms, Utc::now())))
                .collect();
            loop {
                match changes.blocking_recv() {
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return,
                }
                let next = feed.current();
                if next.version == prev.version {
                    continue;
                }
                let now = Utc::now();
                let fresh: Vec<Seen> = TOPICS
                    .iter()
                    .map(|t| seen(&render(&next, *t, poll_ms, now)))
                    .collect();
                // The wall's old state drawn at the same moment as the new one.
                for (i, t) in TOPICS.iter().enumerate() {
                    if t.kind == Kind::Wall {
                        pages[i] = seen(&render(&prev, *t, poll_ms, now));
                    }
                }
                let changes = pages
                    .iter()
                    .zip(&fresh)
                    .map(|(a, b)| change(a, b, prev.version, next.version))
                    .collect();
                out.publish(Step {
                    from: prev.version,
                    to: next.version,
                    changes,
                });
                pages = fresh;
                prev = next;
            }
        });
    if spawned.is_err() {
        // Without the thread every stream gets `update` only, as before deltas.
        if let Ok(mut r) = deltas.ring.lock() {
            r.head = u64::MAX;
        }
    }
    deltas
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_cut_into_its_frame_and_its_rows() {
        let html = "<p class=\"muted\" id=\"count\">1/2</p><table><tbody>\
            <tr id=\"b1\"><td>a</td></tr><tr id=\"b2\"><td><span>b</span></td></tr>\
            </tbody></table><div id=\"x\">c</div>";
        let (frame, keyed) = split(html);
        assert_eq!(
            frame,
            "\0count\0<table><tbody>\0b1\0\0b2\0</tbody></table><div id=\"x\">c</div>"
        );
        assert_eq!(keyed.len(), 3);
        assert_eq!(
            keyed[1],
            ("b1".into(), "<tr id=\"b1\"><td>a</td></tr>".into())
        );
        assert_eq!(keyed[2].1, "<tr id=\"b2\"><td><span>b</span></td></tr>");
    }

    #[test]
    fn only_changed_rows_are_sent_and_a_new_frame_is_a_reload() {
        let a = seen("<h2>R1</h2><tr id=\"b1\">x</tr><tr id=\"b2\">y</tr>");
        let b = seen("<h2>R1</h2><tr id=\"b1\">x</tr><tr id=\"b2\">z</tr>");
        let c = seen("<h2>R2</h2><tr id=\"b1\">x</tr><tr id=\"b2\">z</tr>");
        assert_eq!(
            change(&a, &b, 3, 4),
            Change::Set(r#"{"from":3,"to":4,"set":[["b2","<tr id=\"b2\">z</tr>"]]}"#.into())
        );
        assert_eq!(change(&b, &c, 4, 5), Change::Full);
    }

    #[test]
    fn an_id_is_run_and_version() {
        assert_eq!(parse_id("17.4"), Some((17, 4)));
        assert_eq!(parse_id("17"), None);
        assert_eq!(parse_id("a.4"), None);
    }
}
