//! `selfplay run GAME KIND`: settings given with `--set` are applied or
//! refused, the same way for every game (exit 2 and the setting named for
//! one the kind of run does not have, at the top or inside a group).

use crate::cli;

#[test]
fn every_kind_of_run_refuses_a_setting_it_does_not_have() {
    for e in selfplay::games::REGISTRY {
        for k in e.info().runs {
            let Some(p) = k.presets.first() else { continue };
            let (code, out, err) = cli::run(&[
                "run",
                e.id(),
                &k.id,
                "--preset",
                &p.id,
                "--set",
                "bogus=5",
            ]);
            assert_eq!(code, 2, "{} {}: {out}{err}", e.id(), k.id);
            assert!(err.contains("`bogus`"), "{} {}: {err}", e.id(), k.id);
            assert!(out.is_empty(), "{} {}: nothing runs: {out}", e.id(), k.id);
        }
    }
}
