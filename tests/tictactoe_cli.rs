//! Tic-tac-toe from the command line, through `selfplay run` (every game's
//! runs, from their presets): the curve the engine's run gives, a model the
//! page imports, and a run continued from it.

use crate::cli;

use selfplay::games::entry;
use selfplay::model::decode;
use selfplay::plugin::Training as _;

#[test]
fn selfplay_run_trains_the_textbook_preset_as_the_engine_does_and_writes_its_model() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.selfplay");
    let out_s = out.to_str().unwrap();
    let (code, stdout, stderr) = cli::run(&[
        "run",
        "tictactoe",
        "values",
        "--preset",
        "book",
        "--seed",
        "1",
        "--set",
        "games=3000",
        "--set",
        "eval_every=1000",
        "--out",
        out_s,
    ]);
    assert_eq!(code, 0, "{stderr}");
    // The same run in the library: the same three points, printed.
    let e = entry("tictactoe").unwrap();
    let mut c = e.preset_runs("values", "book", 1).unwrap().remove(0);
    c["games"] = 3000.into();
    c["eval_every"] = 1000.into();
    let mut run = e.new_run("values", &c).unwrap();
    let points = run.step(u64::MAX);
    assert_eq!(points.len(), 3);
    for p in &points {
        let line = stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(&p.x.to_string()))
            .unwrap_or_else(|| panic!("no line for {} in {stdout}", p.x));
        let lost = p.y["lost.O"];
        assert!(
            line.contains(&format!("lost.O {lost:.2}")),
            "{line} vs {lost}"
        );
    }
    assert!(stdout.contains(&run.latest()), "{stdout}");
    // The model file is the run's model, and continues.
    let model = decode(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(model.header.games_trained, 3000);
    assert!(model.header.train_seconds > 0.0);
    let (code, stdout, stderr) = cli::run(&["run", "tictactoe", "--resume", out_s]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("At 3,000 games"), "{stdout}");
    // With a new total it trains on; a preset or settings make no sense then.
    let more = dir.path().join("t4000.selfplay");
    let (code, stdout, stderr) = cli::run(&[
        "run",
        "tictactoe",
        "--resume",
        out_s,
        "--total",
        "4000",
        "--out",
        more.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("At 4,000 games"), "{stdout}");
    // The seconds of training go on from the model's.
    let more = decode(&std::fs::read(&more).unwrap()).unwrap();
    assert!(more.header.train_seconds > model.header.train_seconds);
    let (code, _, stderr) = cli::run(&[
        "run",
        "tictactoe",
        "values",
        "--resume",
        out_s,
        "--preset",
        "book",
    ]);
    assert_eq!(code, 2, "{stderr}");
    // A model of another game is refused, naming the file.
    let other = selfplay::games::REGISTRY
        .iter()
        .find(|e| e.id() != "tictactoe")
        .unwrap();
    let (code, _, stderr) = cli::run(&["run", other.id(), "--resume", out_s]);
    assert_eq!(code, 2);
    let says = format!("a model of tictactoe, not of {}", other.info().title);
    assert!(stderr.contains(&says), "{stderr}");
}
