//! What changed, not the page (docs/room-page.md#deltas). After each change of the log a
//! thread draws again the main part of every page a stream follows (`serve::topic`) that the
//! change can reach, cuts it into its frame and its keyed elements (each board's row `b{N}`,
//! a team match's `m{N}`, the count of finished boards `count`, a page's marked parts `k-…`),
//! and keeps for the step from the version before to the new one the elements whose HTML
//! changed. A phone on that page gets the step as one server-sent `delta` event (a few hundred
//! bytes) and replaces those elements; a page the step left as it was gets nothing; when the
//! frame changed (a new round paired, the warning, a new table) or the step is too large, it
//! gets `update` and reads the page again.
//!
//! The last [`KEPT`] steps are kept, so a phone that reconnects with the `Last-Event-ID` it
//! last had gets the steps it missed; an older id, one of another run of the server (ids are
//! `RUN.VERSION`, the run a number taken when the server starts), or a step drawn while nobody
//! followed its page, gets `update`.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use tokio::sync::broadcast;

use super::follow::{Feed, Snapshot};
use super::topic::{self, Page, Topic};

/// Steps kept for phones that reconnect.
pub const KEPT: usize = 64;
/// A step larger than this (its JSON, per page and language) is sent as `update` instead:
/// re-reading the page costs about as much.
pub const MAX_STEP: usize = 16 * 1024;

/// What one step means for one topic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The page did not change: nothing is sent.
    Same,
    /// The event's data: `{"from":F,"to":T,"set":[[id, html], …]}`, `F` the version the
    /// page last changed at (what a page showing it can apply the step to).
    Set(String),
    /// The page must be read again.
    Full,
}

/// A topic nobody followed when the step was drawn: read again.
static FULL: Change = Change::Full;

/// The step from version `from` to version `to`, for every topic followed then.
#[derive(Debug)]
pub struct Step {
    pub from: u64,
    pub to: u64,
    changes: HashMap<Topic, Change>,
}

impl Step {
    pub fn change(&self, t: Topic) -> &Change {
        self.changes.get(&t).unwrap_or(&FULL)
    }
}

struct Ring {
    /// The version the last step reached (the first snapshot's before any step).
    head: u64,
    steps: VecDeque<Arc<Step>>,
}

/// The topics streams follow, each with its number of streams and, for the find page, its
/// search text.
type Followed = Arc<Mutex<HashMap<Topic, (usize, String)>>>;

/// The steps, shared by every stream.
#[derive(Clone)]
pub struct Deltas {
    /// This run of the server (the first part of every event id).
    pub run: u64,
    ring: Arc<Mutex<Ring>>,
    tx: broadcast::Sender<Arc<Step>>,
    followed: Followed,
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

/// A stream's hold on its topic: while one is held the delta thread draws the topic at every
/// step that can change it.
pub struct Following {
    topic: Topic,
    followed: Followed,
}

impl Drop for Following {
    fn drop(&mut self) {
        let mut f = lock(&self.followed);
        if let Some((n, _)) = f.get_mut(&self.topic) {
            *n -= 1;
            if *n == 0 {
                f.remove(&self.topic);
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Deltas {
    /// A stream's receiver, its hold on `topic` (the find page's search `text`) and where it
    /// starts, for a client that last had `last` (`RUN.VERSION`), taken together so that no
    /// step is lost or sent twice.
    pub fn subscribe(
        &self,
        last: Option<(u64, u64)>,
        topic: Topic,
        text: String,
    ) -> (broadcast::Receiver<Arc<Step>>, Following, Start) {
        let ring = lock(&self.ring);
        let rx = self.tx.subscribe();
        lock(&self.followed).entry(topic).or_insert((0, text)).0 += 1;
        let following = Following {
            topic,
            followed: Arc::clone(&self.followed),
        };
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
                            .all(|s| !matches!(s.change(topic), Change::Full));
                    if whole {
                        Start::Replay(missed)
                    } else {
                        Start::Full
                    }
                }
            }
            _ => Start::Full,
        };
        (rx, following, start)
    }

    /// The topics some stream follows now, with their search texts.
    fn followed(&self) -> HashMap<Topic, String> {
        lock(&self.followed)
            .iter()
            .map(|(t, (_, text))| (*t, text.clone()))
            .collect()
    }

    fn publish(&self, step: Step) {
        let mut ring = lock(&self.ring);
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
/// and its keyed elements in order: an element whose `id` is a key ([`is_key`]),
/// up to the end tag matching its own (the pages' texts are escaped, so a `<` is a tag).
pub fn split(html: &str) -> (String, Vec<(String, String)>) {
    let mut frame = String::with_capacity(html.len() / 4);
    let mut keyed = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(" id=\"") {
        let after = &rest[at + 5..];
        let Some(end_id) = after.find('"') else { break };
        let id = &after[..end_id];
        let is_key = is_key(id);
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

/// Whether an element with this `id` is sent on its own: `count`, a board's row (`b12`), a
/// team match's row (`m3`), or a part a page marks for it (`k-…`, as a card's lines).
fn is_key(id: &str) -> bool {
    let numbered =
        |p: char| id.len() > 1 && id.starts_with(p) && id[1..].bytes().all(|b| b.is_ascii_digit());
    id == "count" || numbered('b') || numbered('m') || id.starts_with("k-")
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

/// What one topic's page was at the last step, and the version it has looked so since.
struct Seen {
    frame: String,
    keyed: Vec<(String, String)>,
    since: u64,
}

fn seen(main: &str, since: u64) -> Seen {
    let (frame, keyed) = split(main);
    Seen {
        frame,
        keyed,
        since,
    }
}

/// The change from `old` to `new` at version `to`.
fn change(old: &Seen, new: &Seen, to: u64) -> Change {
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
    if set.is_empty() {
        return Change::Same;
    }
    let json = serde_json::json!({"from": old.since, "to": to, "set": set}).to_string();
    if json.len() > MAX_STEP {
        Change::Full
    } else {
        Change::Set(json)
    }
}

/// The main part of `topic`'s page as `snap` shows it, with what it depends on besides it
/// (the warning: a change of it is a change of the frame); empty for a page that is not
/// there (a player number nobody has).
fn render(snap: &Snapshot, topic: Topic, text: &str, poll_ms: u64, now: DateTime<Utc>) -> String {
    let ctx = super::routes::ctx_of(snap, topic.lang, poll_ms, 0);
    let warning = super::pages::warning(&ctx).into_string();
    let main = match topic.page {
        Page::Wall => super::routes::wall_main(&ctx, snap, now),
        Page::Find(_) => super::routes::find_main(&ctx, snap, text),
        page => match super::routes::page_main(&ctx, snap, page) {
            Some((_, main)) => main,
            None => return String::new(),
        },
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
        followed: Arc::default(),
    };
    let mut changes = feed.changes.subscribe();
    let feed = feed.clone();
    let out = deltas.clone();
    let spawned = std::thread::Builder::new()
        .name("serve-deltas".into())
        .spawn(move || {
            let mut prev = first;
            let mut pages: HashMap<Topic, Seen> = HashMap::new();
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
                // The topics to draw: those some stream follows. A stream that comes back after
                // a step nobody followed its page through reads the page again.
                let wanted = out.followed();
                pages.retain(|t, _| wanted.contains_key(t));
                for (t, text) in &wanted {
                    // A topic followed since the last step starts from the state before this one.
                    pages.entry(*t).or_insert_with(|| {
                        seen(&render(&prev, *t, text, poll_ms, now), prev.version)
                    });
                }
                let touched = if prev.damage != next.damage || prev.replaced_at != next.replaced_at
                {
                    topic::Touched::everything()
                } else {
                    topic::touched(&prev.tournament, &next.tournament)
                };
                let mut step = HashMap::with_capacity(pages.len());
                for (t, old) in &mut pages {
                    if !touched.reaches(t.page) {
                        step.insert(*t, Change::Same);
                        continue;
                    }
                    let text = wanted.get(t).map_or("", String::as_str);
                    if t.page == Page::Wall {
                        // The wall's old state drawn at the same moment as the new one.
                        *old = seen(&render(&prev, *t, text, poll_ms, now), old.since);
                    }
                    let new = seen(&render(&next, *t, text, poll_ms, now), next.version);
                    let c = change(old, &new, next.version);
                    if c != Change::Same {
                        *old = new;
                    }
                    step.insert(*t, c);
                }
                out.publish(Step {
                    from: prev.version,
                    to: next.version,
                    changes: step,
                });
                prev = next;
            }
        });
    if spawned.is_err() {
        // Without the thread every stream gets `update` only, as before deltas.
        lock(&deltas.ring).head = u64::MAX;
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
        let a = seen("<h2>R1</h2><tr id=\"b1\">x</tr><tr id=\"b2\">y</tr>", 3);
        let b = seen("<h2>R1</h2><tr id=\"b1\">x</tr><tr id=\"b2\">z</tr>", 4);
        let c = seen("<h2>R2</h2><tr id=\"b1\">x</tr><tr id=\"b2\">z</tr>", 5);
        assert_eq!(
            change(&a, &b, 4),
            Change::Set(r#"{"from":3,"to":4,"set":[["b2","<tr id=\"b2\">z</tr>"]]}"#.into())
        );
        assert_eq!(change(&b, &c, 5), Change::Full);
        assert_eq!(
            change(
                &b,
                &seen("<h2>R1</h2><tr id=\"b1\">x</tr><tr id=\"b2\">z</tr>", 9),
                9
            ),
            Change::Same
        );
    }

    #[test]
    fn a_card_s_marked_parts_and_a_match_s_rows_are_keys() {
        let (frame, keyed) = split(
            "<h2>7 A</h2><p id=\"k-about\">x</p><tbody id=\"k-lines\"><tr><td>1</td></tr></tbody>\
             <tr id=\"m2\"><td>2</td></tr><div id=\"main\">y</div><tr id=\"mx\">z</tr>",
        );
        let ids: Vec<&str> = keyed.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["k-about", "k-lines", "m2"]);
        assert!(frame.contains("id=\"main\"") && frame.contains("id=\"mx\""));
    }

    #[test]
    fn an_id_is_run_and_version() {
        assert_eq!(parse_id("17.4"), Some((17, 4)));
        assert_eq!(parse_id("17"), None);
        assert_eq!(parse_id("a.4"), None);
    }
}
