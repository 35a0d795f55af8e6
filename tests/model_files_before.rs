//! Model files written by an earlier version of Selfplay still load, play and
//! train on. `tests/data/models/before/` holds one small model of each kind
//! of run of each game, written by the CLI at commit 35172d2 (see the README
//! there). The test knows no game: it reads every file there through the
//! registry, as the page and the CLI do.

use selfplay::games::{describe_model, entry, read_model};
use selfplay::model::Limits;
use selfplay::plugin::FieldKind;
use selfplay::search::budget::Budget;
use selfplay::plugin::Training as _;

fn files() -> Vec<(String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/models/before");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "selfplay"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_earlier_model_loads_plays_and_trains_on() {
    let files = files();
    assert!(files.len() >= 4, "{files:?}");
    let mut games = std::collections::BTreeSet::new();
    for (name, bytes) in files {
        let model =
            read_model(&bytes, &Limits::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let game = model.header.game.name().to_string();
        games.insert(game.clone());
        let use_ = describe_model(&model).unwrap_or_else(|e| panic!("{name}: {e}"));
        let e = entry(&game).unwrap();
        if use_.plays {
            let mut agent = e
                .agent("model", &serde_json::Value::Null, Some(&model))
                .unwrap_or_else(|err| panic!("{name}: {err}"));
            // A position where the model's side is to move.
            let mut s = e.new_session();
            let want = use_.side.unwrap_or(0);
            while s.state().to_move != Some(want) {
                let m = s.legal_texts()[0].clone();
                s.play(&m).unwrap();
            }
            let t = agent
                .think(&s.position(), 1, &mut Budget::unlimited())
                .unwrap_or_else(|err| panic!("{name}: {err}"));
            assert!(s.legal_texts().contains(&t.text), "{name}: {}", t.text);
        }
        if let Some(kind) = &use_.continues_as {
            // The continued run's settings as a visitor fills the page's form:
            // numbers and switches at their defaults, a choice made (its last
            // option: a file from the CLI may not say what it learned against).
            let info = e.info();
            let k = info.runs.iter().find(|k| &k.id == kind).unwrap();
            let mut settings = serde_json::Map::new();
            for f in &k.continue_fields {
                let v = match &f.kind {
                    FieldKind::Int { default, .. } | FieldKind::Float { default, .. } => {
                        serde_json::json!(default)
                    }
                    FieldKind::Choice { options, .. } => {
                        serde_json::json!(options.last().unwrap().value)
                    }
                    FieldKind::Bool { default } => serde_json::json!(default),
                };
                settings.insert(f.id.clone(), v);
            }
            let options = selfplay::plugin::ResumeOptions {
                total: Some(model.header.games_trained + 10),
                settings: serde_json::Value::Object(settings),
            };
            let mut run = e
                .resume_run(&model, &options)
                .unwrap_or_else(|err| panic!("{name}: {err}"));
            let before = run.progress().done;
            run.step(10);
            assert!(run.progress().done > before, "{name}");
        }
    }
    // The three games that had learners then, each with a file here.
    assert!(games.len() >= 3, "{games:?}");
}
