//! Building and rendering one frame of a 500-board round (every board with a running clock)
//! into a `TestBackend`. Target: under 5 ms.

#[path = "../tests/it/support/console/mod.rs"]
mod console_common;

use bianpai::console::ui;
use bianpai::domain::event::{ClockAction, Event};
use bianpai::domain::rules::Lang;
use bianpai::domain::{Board, Role, Round, Side};
use bianpai::log::Log;
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn frame_500(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event(dir.path(), "big.log", 1000, 9, true);
    let mut log = Log::open(&path).unwrap();
    let at = console_common::minutes(1);
    log.transact(&console_common::head(), at, |_| {
        Ok((1..=500)
            .map(|b| Event::Clock {
                round: Round(1),
                board: Board(b),
                action: ClockAction::Press(Side::Red),
                at,
            })
            .collect())
    })
    .unwrap();
    let now = console_common::minutes(5);
    let mut app = console_common::app_as(&path, "li", Role::Assistant, Lang::Zh, now);
    for (w, h) in [(160u16, 48u16), (240, 70)] {
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        c.bench_function(&format!("frame_500_boards_{w}x{h}"), |b| {
            b.iter(|| {
                app.prepare(now);
                term.draw(|f| ui::draw(f, &app)).unwrap();
            });
        });
    }
}

criterion_group!(benches, frame_500);
criterion_main!(benches);
