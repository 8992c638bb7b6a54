//! Issue 9 (round trips): every `Event` variant, with Chinese text and odd characters (quotes,
//! backslashes, newlines, NULs, emoji) in every text field, encodes to exactly one line and
//! decodes back to the same record; any changed character is caught; and a log written through
//! `Log::transact` reopens to the same records and the same state. Replaying arbitrary events
//! (even ones `decide` never makes) never panics.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use proptest::collection::vec;
use proptest::prelude::*;

use bianpai::domain::event::{Cause, ClockAction, GameKind, Pairing, PlayerEntry, Stage};
use bianpai::domain::rules::{FoulKind, Gender};
use bianpai::domain::{Actor, Board, Event, GameResult, PlayerNo, Role, Round, Rules, Side};
use bianpai::log::{Log, record};

fn text() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        4 => any::<char>(),
        3 => proptest::char::range('\u{4e00}', '\u{9fa5}'),
        1 => Just('"'),
        1 => Just('\\'),
        1 => Just('\n'),
        1 => Just('\r'),
        1 => Just('\0'),
        1 => Just(')'),
        1 => Just(','),
        1 => Just('😀'),
    ];
    vec(ch, 0..24).prop_map(|v| v.into_iter().collect())
}

fn time() -> impl Strategy<Value = DateTime<Utc>> {
    (0i64..4_102_444_800, 0u32..1_000_000_000).prop_map(|(s, n)| {
        Utc.timestamp_opt(s, n)
            .single()
            .unwrap_or_else(|| Utc.timestamp_opt(0, 0).single().expect("epoch"))
    })
}

fn small() -> impl Strategy<Value = u32> {
    prop_oneof![0u32..50, any::<u32>()]
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::Red), Just(Side::Black)]
}

fn result() -> impl Strategy<Value = GameResult> {
    (0usize..6).prop_map(|i| GameResult::ALL[i])
}

fn foul() -> impl Strategy<Value = FoulKind> {
    (0usize..5).prop_map(|i| FoulKind::ALL[i])
}

fn role() -> impl Strategy<Value = Role> {
    prop_oneof![
        Just(Role::Head),
        Just(Role::Assistant),
        Just(Role::Organizer),
        Just(Role::Viewer)
    ]
}

fn cause() -> impl Strategy<Value = Cause> {
    prop_oneof![
        Just(Cause::Arbiter),
        Just(Cause::LateWindow),
        Just(Cause::Fouls),
        Just(Cause::Time),
        Just(Cause::FoulClaimed)
    ]
}

fn pairing() -> impl Strategy<Value = Pairing> {
    (
        small(),
        small(),
        small(),
        prop_oneof![
            Just(Stage::Swiss),
            Just(Stage::SemiFinal),
            Just(Stage::Final),
            Just(Stage::ThirdPlace)
        ],
        prop_oneof![
            Just(GameKind::Slow),
            Just(GameKind::Rapid),
            Just(GameKind::Armageddon)
        ],
    )
        .prop_map(|(b, r, k, stage, game)| Pairing {
            board: Board(b),
            red: PlayerNo(r),
            black: PlayerNo(k),
            stage,
            game,
        })
}

fn entry() -> impl Strategy<Value = PlayerEntry> {
    (
        text(),
        proptest::option::of(prop_oneof![Just(Gender::M), Just(Gender::F)]),
        proptest::option::of((1900i32..2030, 1u32..13, 1u32..29)),
        text(),
        text(),
        text(),
        any::<bool>(),
    )
        .prop_map(
            |(name, gender, birth, club, team, group, local)| PlayerEntry {
                name,
                gender,
                birth: birth.and_then(|(y, m, d)| NaiveDate::from_ymd_opt(y, m, d)),
                club,
                team,
                group,
                local,
                id_number: None,
            },
        )
}

fn rules() -> impl Strategy<Value = Rules> {
    (0usize..3, text(), text(), 1u32..30).prop_map(|(i, title, description, rounds)| {
        let names = ["qigu-2024-07", "qiyuan-2019", "lvliang-2024"];
        let mut r = Rules::preset(names[i]).expect("preset");
        r.title = title;
        r.description = description;
        r.rounds = rounds;
        r
    })
}

fn clock_action() -> impl Strategy<Value = ClockAction> {
    prop_oneof![
        side().prop_map(ClockAction::Press),
        Just(ClockAction::Pause),
        Just(ClockAction::Resume),
        (any::<u64>(), any::<u64>())
            .prop_map(|(red_ms, black_ms)| ClockAction::Set { red_ms, black_ms }),
    ]
}

/// Every variant of `Event`.
fn event() -> impl Strategy<Value = Event> {
    let r = || small().prop_map(Round);
    let b = || small().prop_map(Board);
    let p = || small().prop_map(PlayerNo);
    prop_oneof![
        (text(), rules()).prop_map(|(title, rules)| Event::Created {
            title,
            rules: Box::new(rules)
        }),
        (p(), entry()).prop_map(|(no, entry)| Event::PlayerRegistered { no, entry }),
        (p(), any::<bool>(), text()).prop_map(|(no, by_rule, reason)| Event::PlayerWithdrawn {
            no,
            by_rule,
            reason
        }),
        (p(), text()).prop_map(|(no, reason)| Event::PlayerReinstated { no, reason }),
        (proptest::option::of(any::<u64>()), vec(p(), 0..12))
            .prop_map(|(seed, order)| Event::NumbersDrawn { seed, order }),
        (r(), vec(pairing(), 0..6), vec(p(), 0..3))
            .prop_map(|(round, games, byes)| Event::RoundPaired { round, games, byes }),
        (r(), text()).prop_map(|(round, reason)| Event::RoundUnpaired { round, reason }),
        (
            r(),
            vec(pairing(), 0..6),
            vec(text(), 0..3),
            text(),
            any::<bool>()
        )
            .prop_map(|(round, games, warnings, reason, per_board)| {
                Event::PairingOverridden {
                    round,
                    // What the re-seated boards dropped (an older record has none).
                    changed: per_board.then(|| {
                        games
                            .iter()
                            .map(|g| bianpai::domain::event::BoardChange {
                                board: g.board,
                                was: (g.black, g.red),
                                clock_inputs: g.board.0,
                                fouls: 1,
                                reports: 0,
                                move_limit: g.board.0 % 2 == 0,
                            })
                            .collect()
                    }),
                    games,
                    // Each warning's text also as a player's name in a structured break.
                    breaks: warnings
                        .iter()
                        .map(|w| bianpai::domain::refusal::RuleBreak::SecondBye {
                            who: bianpai::domain::refusal::Who {
                                no: PlayerNo(7),
                                name: w.clone(),
                            },
                        })
                        .collect(),
                    warnings,
                    reason,
                }
            }),
        (r(), pairing(), proptest::option::of(any::<u64>())).prop_map(|(round, game, lot_seed)| {
            Event::GameAdded {
                round,
                game,
                lot_seed,
            }
        }),
        (r(), time()).prop_map(|(round, at)| Event::RoundStarted { round, at }),
        (r(), b(), result(), cause()).prop_map(|(round, board, result, cause)| {
            Event::ResultRecorded {
                round,
                board,
                result,
                cause,
                at: None,
            }
        }),
        (
            r(),
            b(),
            proptest::option::of(result()),
            text(),
            proptest::option::of(result())
        )
            .prop_map(
                |(round, board, result, reason, was)| Event::ResultCorrected {
                    round,
                    board,
                    result,
                    reason,
                    was,
                }
            ),
        r().prop_map(|round| Event::AutoAdvanced { round }),
        (r(), b()).prop_map(|(round, board)| Event::WrongCodeGiven { round, board }),
        (r(), b()).prop_map(|(round, board)| Event::ReportsUnlocked { round, board }),
        (r(), b(), side(), any::<bool>(), time()).prop_map(|(round, board, side, present, at)| {
            Event::SeatMarked {
                round,
                board,
                side,
                present,
                at,
            }
        }),
        (r(), b(), side(), foul()).prop_map(|(round, board, side, kind)| Event::FoulRecorded {
            round,
            board,
            side,
            kind
        }),
        (r(), b(), clock_action(), time()).prop_map(|(round, board, action, at)| Event::Clock {
            round,
            board,
            action,
            at
        }),
        (r(), b(), text()).prop_map(|(round, board, note)| Event::MoveLimitNoted {
            round,
            board,
            note
        }),
        // Issue 21: a correction across a round boundary, and the decision to keep.
        (r(), r(), b()).prop_map(|(round, corrected_round, board)| Event::PairingOutdated {
            round,
            corrected_round,
            board
        }),
        (r(), text()).prop_map(|(round, reason)| Event::PairingKept { round, reason }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(200)
    ))]

    #[test]
    fn encode_decode_round_trip(
        seq in any::<u64>(),
        at in time(),
        by in text(),
        role in role(),
        prev in text(),
        ev in event(),
    ) {
        let (line, hash) = record::encode(seq, &at, &by, role, &prev, &ev);
        prop_assert!(!line.contains('\n'), "one line: {line:?}");
        prop_assert_eq!(hash.len(), 32);
        let rec = record::decode(&line).map_err(|e| TestCaseError::fail(format!("{e}: {line}")))?;
        prop_assert_eq!(rec.seq, seq);
        prop_assert_eq!(rec.at, at);
        prop_assert_eq!(&rec.by, &by);
        prop_assert_eq!(rec.role, role);
        prop_assert_eq!(&rec.prev, &prev);
        prop_assert_eq!(&rec.ev, &ev);
        prop_assert_eq!(&rec.hash, &hash);
    }

    #[test]
    fn any_changed_character_is_caught(
        ev in event(),
        by in text(),
        pick in any::<prop::sample::Index>(),
        with in prop_oneof![any::<char>(), Just('0'), Just('a'), Just('"')],
    ) {
        let (line, _) = record::encode(1, &Utc::now(), &by, Role::Head, "", &ev);
        let chars: Vec<char> = line.chars().collect();
        let i = pick.index(chars.len());
        prop_assume!(chars[i] != with);
        let mut edited = chars.clone();
        edited[i] = with;
        let edited: String = edited.into_iter().collect();
        prop_assert!(record::decode(&edited).is_err(), "edit at {i} not caught: {edited}");
    }

    #[test]
    fn replaying_any_events_never_panics(events in vec(event(), 0..40)) {
        let mut t = bianpai::domain::Tournament::new(String::new(), Rules::preset("qigu-2024-07").expect("preset"));
        for e in &events {
            t.apply(e);
        }
        let _ = bianpai::domain::standings::standings(&t, t.current_round());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(24)
    ))]

    #[test]
    fn a_written_log_reopens_to_the_same_records(
        batches in vec(vec(event().prop_filter("one tournament", |e| !matches!(e, Event::Created { .. })), 1..6), 1..8),
        user in text(),
    ) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("rt.log");
        let actor = Actor { user: user.clone(), role: Role::Assistant };
        let mut log = Log::create(&path, "往返", Rules::preset("qiyuan-2019").expect("preset"), &user, Utc::now())
            .expect("create");
        let mut written = Vec::new();
        for batch in batches {
            let recs = log
                .transact(&actor, Utc::now(), |_| Ok(batch.clone()))
                .expect("append");
            prop_assert_eq!(recs.len(), batch.len());
            written.extend(recs);
        }
        let state = log.state().clone();
        drop(log);
        prop_assert!(bianpai::log::verify(&path).is_ok());
        let back = Log::open_with(&path, true).expect("reopen");
        prop_assert!(back.damage().is_none());
        let recs = back.records();
        prop_assert_eq!(recs.len(), written.len() + 1);
        prop_assert_eq!(&recs[1..], &written[..]);
        prop_assert!(recs.iter().all(|r| r.by == user));
        prop_assert_eq!(back.state(), &state);
    }
}
