use selfplay::games::hare_hounds::HareHounds;
use selfplay::search::hare_hounds_solve::Solution;
use selfplay::{Game, Side};
fn main() {
    let t = std::time::Instant::now();
    let s = Solution::solve();
    println!("{:?} {:?}", t.elapsed(), s.value(&HareHounds::start()));
    println!(
        "reachable hounds {} hare {}",
        s.reachable(Side::First).len(),
        s.reachable(Side::Second).len()
    );
    let mut v = Vec::new();
    HareHounds::start().legal_moves(&mut v);
    for m in v {
        println!("{} {:?}", m, s.value_after(&HareHounds::start(), m));
    }
    let w = s
        .reachable(Side::First)
        .iter()
        .filter(|g| s.value(g).winner == Side::First)
        .count();
    println!("hounds win in {w} of hound-to-move states");
}
