//! One name per result everywhere: the catalog's word (the board, the audit) is the console's
//! and the printouts' word too, and it fits the round view's eight-cell column.

use bianpai::domain::GameResult;
use bianpai::domain::rules::Lang;

#[test]
fn the_catalog_the_console_and_the_printouts_name_each_result_alike() {
    for r in GameResult::ALL {
        let word = bianpai::i18n::result_word(r, Lang::Zh);
        let short = bianpai::i18n::result_short(r, Lang::Zh);
        assert!(bianpai::export::text::width(short) <= 8, "{r:?}: {short}");
        assert_eq!(bianpai::i18n::screen::ZH.result(r), word, "console {r:?}");
        assert_eq!(
            bianpai::export::rows::result_text(r, Lang::Zh),
            word,
            "printout {r:?}"
        );
    }
}
