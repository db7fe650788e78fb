use std::time::{Duration, Instant};
use domino_bots::{by_name, Bot, BotConfig};
use domino_engine::{HandReport, Match, Phase, Preset, Rules, RulesSpec, Sheet};

fn play(rules: Rules, seed: u64) -> Vec<HandReport> {
    let mut m = Match::new(rules, Some(seed), None).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..rules.players).map(|s| by_name("heuristic", BotConfig { seed: seed * 10 + u64::from(s), ..BotConfig::default() }).unwrap()).collect();
    let mut out = Vec::new();
    loop {
        match m.phase() {
            Phase::Play | Phase::ChoosePoser => { let s = m.to_act().unwrap(); let a = bots[s as usize].act(&m.seat_view(s)).unwrap(); m.act(a, &mut ()).unwrap(); }
            _ => { out.push(HandReport::of(m.hand())); if m.phase() == Phase::MatchOver || m.hand_number() >= 200 { return out; } m.next_hand(None).unwrap(); }
        }
    }
}

#[test]
fn measure() {
    let mut specs: Vec<RulesSpec> = Preset::ALL.iter().map(|p| RulesSpec::preset(p.name())).collect();
    for (p, n, o) in [("double-nine-cross", 8, "{}"), ("double-nine-cross", 2, "{}"), ("block", 2, r#"{"set": 12}"#), ("draw", 2, r#"{"set": 12}"#), ("block", 5, r#"{"set": 12}"#), ("french", 4, r#"{"double_blank_ten": true}"#)] {
        let mut s = RulesSpec::preset(p); s.players = Some(n); s.options = serde_json::from_str(o).unwrap(); specs.push(s);
    }
    let mut worst_sheet = (Duration::ZERO, String::new(), 0);
    let mut worst_one = (Duration::ZERO, String::new());
    let mut rng = 12345u64;
    let mut next = || { rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); rng >> 33 };
    for spec in &specs {
        let rules = spec.resolve().unwrap();
        for seed in 1..=3 {
            let reports = play(rules, seed);
            let t = Instant::now();
            let sheet = Sheet::from_reports(rules, reports.clone()).unwrap();
            let d = t.elapsed();
            if d > worst_sheet.0 { worst_sheet = (d, format!("{spec:?} seed {seed}"), sheet.hands().len()); }
            // Random and mutated counts.
            for r in &reports {
                for k in 0..40 {
                    let mut bad = r.clone();
                    for (s, c) in bad.counts.iter_mut().enumerate() {
                        if bad.dominoed.contains(&(s as u8)) { continue; }
                        *c = match k % 4 { 0 => (next() % 8) as u32, 1 => (next() % 60) as u32, 2 => c.saturating_add((next() % 5) as u32), _ => (next() % 150) as u32 };
                    }
                    let t = Instant::now();
                    let _ = bad.check(&rules, &[0; 8]);
                    let d = t.elapsed();
                    if d > worst_one.0 { worst_one = (d, format!("{spec:?} {bad:?}")); }
                }
            }
        }
    }
    eprintln!("WORST SHEET {:?} {} hands {}", worst_sheet.0, worst_sheet.1, worst_sheet.2);
    eprintln!("WORST ONE {:?} {}", worst_one.0, worst_one.1);
}
