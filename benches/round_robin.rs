//! A 14-player double round robin (26 rounds): pairing the last round, and the
//! standings (小分, 直胜) and the square crosstable after 25 rounds. Target: each under 10 ms.

use bianpai::domain::command::{Actor, Command};
use bianpai::domain::event::{Event, PlayerEntry};
use bianpai::domain::rules::{Role, Rules, System, Tiebreak};
use bianpai::domain::standings::standings;
use bianpai::domain::{Board, GameResult, PlayerNo, Round, Tournament};
use criterion::{Criterion, criterion_group, criterion_main};

fn actor() -> Actor {
    Actor {
        user: "bench".into(),
        role: Role::Head,
    }
}

fn apply(t: &mut Tournament, cmd: &Command) {
    for e in t.decide(&actor(), cmd).expect("accepted") {
        t.apply(&e);
    }
}

/// 14 players, double round robin, `rounds` rounds played with fixed results.
fn event(rounds: u32) -> Tournament {
    let mut rules = Rules::preset("club-rr-10").expect("preset");
    rules.format = rules
        .format
        .with_system(System::DoubleRoundRobin)
        .expect("format");
    rules.rounds = 0;
    rules.registration.capacity = None;
    rules.tiebreaks = vec![
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
        Tiebreak::DirectEncounter,
        Tiebreak::Fouls,
        Tiebreak::BlackGames,
    ];
    let mut events = vec![Event::Created {
        title: "bench".into(),
        rules: Box::new(rules),
    }];
    for i in 1..=14 {
        events.push(Event::PlayerRegistered {
            no: PlayerNo(i),
            entry: PlayerEntry::named(format!("P{i}")),
        });
    }
    let mut t = Tournament::replay(&events).expect("created");
    apply(&mut t, &Command::DrawNumbers { seed: 14 });
    let results = [GameResult::RedWin, GameResult::Draw, GameResult::BlackWin];
    for r in 0..rounds {
        apply(&mut t, &Command::PairNextRound);
        let at = chrono::DateTime::<chrono::Utc>::UNIX_EPOCH;
        apply(&mut t, &Command::StartRound { at });
        for b in 1..=7u32 {
            let result = results[((b * 5 + r) % 3) as usize];
            apply(
                &mut t,
                &Command::RecordResult {
                    round: None,
                    board: Board(b),
                    result,
                    correct: None,
                },
            );
        }
    }
    t
}

fn double_round_robin_14(c: &mut Criterion) {
    let t = event(25);
    assert_eq!(t.rules.rounds, 26);
    c.bench_function("rr14_double_pair_round_26", |b| {
        b.iter(|| t.decide(&actor(), &Command::PairNextRound).expect("pairs"));
    });
    c.bench_function("rr14_double_standings_after_25", |b| {
        b.iter(|| standings(&t, Round(25)));
    });
    let rows = standings(&t, Round(25));
    c.bench_function("rr14_double_crosstable_after_25", |b| {
        b.iter(|| {
            bianpai::export::round_robin::crosstable(
                &t,
                Round(25),
                &rows,
                bianpai::domain::rules::Lang::Zh,
            )
        });
    });
}

criterion_group!(benches, double_round_robin_14);
criterion_main!(benches);
