//! A knockout colour choice still to be given, as data (docs/rules.md#7-knockout).

use crate::domain::event::Stage;
use crate::domain::ids::PlayerNo;

/// A knockout match of the next round whose colours the higher-ranked player chooses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceDue {
    pub stage: Stage,
    pub higher: PlayerNo,
    pub higher_name: String,
    pub lower: PlayerNo,
    pub lower_name: String,
}
