//! Fuzz the rules parser: any text must parse or be refused with a message, never panic;
//! rules that parse must survive a round trip through `to_ron`.
#![no_main]

use bianpai::domain::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Rules::from_ron(text, "fuzz.ron") {
        Ok(rules) => {
            let back = Rules::from_ron(&rules.to_ron(), "round trip").expect("to_ron parses back");
            assert_eq!(back, rules);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
