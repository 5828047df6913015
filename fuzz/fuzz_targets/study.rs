#![no_main]
//! A study's files as `chimera study report` and `status` read them back: the first byte picks
//! the file, the rest is its text. Even: a results file (JSON Lines) of a fixed study, read and
//! merged by `study::collect`, then summarised into the report's table, piece values and plots.
//! Odd: a study file (TOML), read and checked by `study::read_study_file` (and loaded when it
//! reads). Never a panic; memory stays within libFuzzer's limit.
//!
//! The fixed study (chess and crazyhouse, 4 games each and 2 imbalance games per kind, 2 shards)
//! is made once per process in a temporary folder. With `CHIMERA_FUZZ_STUDY_SEEDS=DIR` the target
//! also plays it and writes its real study and results files to DIR as seed inputs (that is how
//! `fuzz/corpus/study/` began).

use chimera::analysis::metrics::{summarize, table};
use chimera::analysis::study::{self, LoadedStudy};
use chimera::analysis::{plots, Budget, StudyConfig};
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

struct Fixture {
    study: LoadedStudy,
    dir: PathBuf,
}

fn fixture() -> Option<&'static Fixture> {
    static FIXTURE: OnceLock<Option<Fixture>> = OnceLock::new();
    FIXTURE
        .get_or_init(|| {
            let shm = PathBuf::from("/dev/shm");
            let base = if shm.is_dir() {
                shm
            } else {
                std::env::temp_dir()
            };
            let dir = base.join(format!("chimera-fuzz-study-{}", std::process::id()));
            std::fs::create_dir_all(&dir).ok()?;
            let config = StudyConfig {
                games: 4,
                budget: Budget::Nodes(100),
                seed: 1,
                random_plies: 2,
                max_plies: 30,
                hash_mb: 1,
                value_games: 2,
            };
            let path = dir.join("fixed.study.toml");
            let files = [PathBuf::from("chess"), PathBuf::from("crazyhouse")];
            let file = study::create(&files, &config, 2, &path).ok()?;
            let toml = study::to_toml(&file).ok()?;
            std::fs::write(&path, &toml).ok()?;
            let study = study::load(&path).ok()?;
            if let Some(seeds) = std::env::var_os("CHIMERA_FUZZ_STUDY_SEEDS") {
                let seeds = PathBuf::from(seeds);
                let results = dir.join("fixed.results.jsonl");
                study::run(&study, Some(1), &results, 1, &|_, _| {}).ok()?;
                let mut r = vec![0u8];
                r.extend(std::fs::read(&results).ok()?);
                std::fs::write(seeds.join("results-shard-1"), r).ok()?;
                let mut s = vec![1u8];
                s.extend(toml.as_bytes());
                std::fs::write(seeds.join("study-file"), s).ok()?;
            }
            Some(Fixture { study, dir })
        })
        .as_ref()
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, text)) = data.split_first() else {
        return;
    };
    let Some(f) = fixture() else { return };
    if which % 2 == 0 {
        let path = f.dir.join("input.jsonl");
        if std::fs::write(&path, text).is_err() {
            return;
        }
        let Ok(c) = study::collect(&f.study, &[path]) else {
            return;
        };
        let metrics: Vec<_> = c.study.definitions.iter().map(summarize).collect();
        let _ = table(&metrics).to_text();
        for m in &metrics {
            let _ = plots::values_table(m).to_text();
        }
        let _ = serde_json::to_string(&metrics);
        if let Ok(p) = plots::plots(&metrics) {
            let _ = plots::index_html(&c.study.config, &metrics, &p);
        }
    } else {
        let path = f.dir.join("input.study.toml");
        if std::fs::write(&path, text).is_err() {
            return;
        }
        if study::read_study_file(&path).is_ok() {
            let _ = study::load(&path);
        }
    }
});
