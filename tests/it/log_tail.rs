//! Every terminal sees every other terminal's record exactly once through `Log::refresh`,
//! including records it read while catching up before one of its own appends (the console
//! highlights, notifies and auto-advances from what `refresh` hands out).

use bianpai::domain::event::Event;
use bianpai::domain::{Actor, Board, Command, GameResult, Role, Rules};
use bianpai::log::Log;
use chrono::Utc;

fn head() -> Actor {
    Actor {
        user: "t".into(),
        role: Role::Head,
    }
}

#[test]
fn records_caught_up_before_an_append_are_still_handed_out_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tail.log");
    let mut rules = Rules::preset("qigu-2024-07").unwrap();
    // Numbers in registration order: these fixtures pair without a random draw (issue 13).
    rules.numbers_by_registration = true;
    rules.roles.clear();
    let mut a = Log::create(&path, "tail", rules, "t", Utc::now()).unwrap();
    for name in ["甲", "乙", "丙", "丁"] {
        a.execute(
            &head(),
            &Command::RegisterPlayer(bianpai::domain::PlayerEntry::named(name)),
            Utc::now(),
        )
        .unwrap();
    }
    a.execute(&head(), &Command::PairNextRound, Utc::now())
        .unwrap();
    a.execute(&head(), &Command::StartRound { at: Utc::now() }, Utc::now())
        .unwrap();
    let mut b = Log::open(&path).unwrap();
    assert!(b.refresh().unwrap().is_empty());

    // A records board 1; B, before it polls, appends its own result on board 2.
    let result = |board| Command::RecordResult {
        round: None,
        board: Board(board),
        result: GameResult::Draw,
        correct: None,
    };
    a.execute(&head(), &result(1), Utc::now()).unwrap();
    let own = b.execute(&head(), &result(2), Utc::now()).unwrap();
    assert_eq!(own.len(), 1);

    // B's next refresh hands out A's record (read during B's catch-up), once.
    let seen = b.refresh().unwrap();
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert!(matches!(
        seen[0].ev,
        Event::ResultRecorded {
            board: Board(1),
            ..
        }
    ));
    assert!(b.refresh().unwrap().is_empty());
    // And A sees B's record once.
    let seen = a.refresh().unwrap();
    assert_eq!(seen.len(), 1);
    assert!(matches!(
        seen[0].ev,
        Event::ResultRecorded {
            board: Board(2),
            ..
        }
    ));
}
