//! What never leaves the desk: the keys the room page and an export for a reader who is not
//! the desk take out of a value (birth dates, ID numbers, fees and notes; docs/trust.md).

use serde_json::Value;

/// Keys never served, wherever they appear in a value.
pub const PRIVATE_KEYS: &[&str] = &[
    "birth",
    "birth_date",
    "id_number",
    "id_no",
    "fee",
    "fees",
    "note",
    "notes",
    "reason",
    "phone",
    "email",
];

/// Removes the private keys from `v`, at every depth.
pub fn scrub(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.retain(|k, _| !PRIVATE_KEYS.contains(&k.as_str()));
            map.values_mut().for_each(scrub);
        }
        Value::Array(items) => items.iter_mut().for_each(scrub),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn scrub_removes_private_keys_at_any_depth() {
        let mut v = json!({"players": [{"no": 1, "name": "甲", "birth": "1990-01-02",
            "fee": 100, "id_number": "110101199001020011", "club": "c"}],
            "rounds": [{"reason": "by hand", "games": []}]});
        scrub(&mut v);
        assert_eq!(
            v,
            json!({"players": [{"no": 1, "name": "甲", "club": "c"}], "rounds": [{"games": []}]})
        );
    }
}
