//! Fuzz the log-record decoder: any text must decode or be refused, never panic; whatever
//! decodes must encode back to a line that decodes to the same record.
#![no_main]

use bianpai::log::record::{decode, encode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rec) = decode(line) else {
        return;
    };
    let (again, hash) = encode(rec.seq, &rec.at, &rec.by, rec.role, &rec.prev, &rec.ev);
    assert!(!again.contains('\n'), "a record must stay on one line");
    let back = decode(&again).expect("a re-encoded record decodes");
    assert_eq!(back.hash, hash);
    assert_eq!(
        (back.seq, back.at, &back.by, back.role, &back.prev, &back.ev),
        (rec.seq, rec.at, &rec.by, rec.role, &rec.prev, &rec.ev)
    );
});
