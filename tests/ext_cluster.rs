//! `chimera study` on the distributed engines people have: GNU parallel on local job slots and
//! over ssh (a real `sshd` on 127.0.0.1, results copied back with `--return`), and a single-node
//! Slurm cluster (`munged`, `slurmctld`, `slurmd`) running `scripts/slurm-study.sh` as a job array
//! with a dependent report job. Each merged report equals the one-process `analyze` report byte
//! for byte. Every daemon started here is killed when its guard drops, on every exit path.
//!
//! Needs `scripts/setup/60-cluster.sh` (GNU parallel, OpenSSH, Slurm, munge); `sshd` and the
//! Slurm daemons are run as root, as CI runs.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_chimera");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The study of these tests: two small definitions, small node budgets.
const SETTINGS: [&str; 6] = ["--games", "8", "--nodes", "300", "--value-games", "2"];
const DEFS: [&str; 2] = ["gardner.variant", "no-capture.variant"];
const SHARDS: u32 = 3;

/// Programs started by a test, killed (SIGKILL) and reaped when it ends, however it ends.
struct Daemons(Vec<(String, Child)>);

impl Drop for Daemons {
    fn drop(&mut self) {
        for (_, c) in self.0.iter_mut().rev() {
            c.kill().ok();
            c.wait().ok();
        }
    }
}

impl Daemons {
    fn start(&mut self, name: &str, cmd: &mut Command) {
        let child = cmd.stdin(Stdio::null()).spawn().unwrap_or_else(|e| {
            panic!("cannot start {name} ({e}): run scripts/setup/60-cluster.sh")
        });
        self.0.push((name.to_string(), child));
    }

    /// Fails if a daemon has exited already.
    fn assert_running(&mut self, logs: &Path) {
        for (name, c) in self.0.iter_mut() {
            if let Ok(Some(status)) = c.try_wait() {
                panic!(
                    "{name} exited ({status}); logs in {}:\n{}",
                    logs.display(),
                    read_logs(logs)
                );
            }
        }
    }
}

fn read_logs(dir: &Path) -> String {
    let mut out = String::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "log") {
                out.push_str(&format!(
                    "== {}\n{}\n",
                    p.display(),
                    std::fs::read_to_string(&p).unwrap_or_default()
                ));
            }
        }
    }
    out
}

fn need(program: &str) -> PathBuf {
    for dir in std::env::var("PATH")
        .unwrap_or_default()
        .split(':')
        .chain(["/usr/sbin", "/sbin"])
    {
        let p = Path::new(dir).join(program);
        if p.is_file() {
            return p;
        }
    }
    panic!("`{program}` is not installed: run scripts/setup/60-cluster.sh (Debian: parallel openssh-server slurm-wlm munge)");
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("chimera-cluster-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&d).ok();
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

fn check(what: &str, out: Output) -> String {
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn sh(what: &str, cmd: &mut Command) -> String {
    check(what, cmd.output().unwrap_or_else(|e| panic!("{what}: {e}")))
}

/// A staging folder as a designer has it: the definitions under `defs/`, the study beside them.
fn stage(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir.join("defs")).expect("defs");
    for d in DEFS {
        std::fs::copy(
            Path::new(ROOT).join("tests/fixtures/analysis").join(d),
            dir.join("defs").join(d),
        )
        .expect("copy definition");
    }
    let mut args = vec!["study".to_string(), "new".to_string()];
    args.extend(DEFS.iter().map(|d| format!("defs/{d}")));
    args.extend(SETTINGS.iter().map(|s| s.to_string()));
    args.extend([
        "--shards".into(),
        SHARDS.to_string(),
        "-o".into(),
        "study.toml".into(),
    ]);
    sh("study new", Command::new(BIN).args(&args).current_dir(dir));
    dir.join("study.toml")
}

/// The one-process report of the same study, played by `analyze` in `dir`.
fn one_process(dir: &Path) -> PathBuf {
    let report = dir.join("one-process");
    let mut args = vec!["analyze".to_string()];
    args.extend(DEFS.iter().map(|d| format!("defs/{d}")));
    args.extend(SETTINGS.iter().map(|s| s.to_string()));
    args.extend(["--report".into(), report.display().to_string()]);
    sh("analyze", Command::new(BIN).args(&args).current_dir(dir));
    report
}

fn assert_same_report(a: &Path, b: &Path) {
    let mut n = 0;
    for e in std::fs::read_dir(b).expect("report folder") {
        let name = e.expect("entry").file_name();
        let x =
            std::fs::read(a.join(&name)).unwrap_or_else(|_| panic!("{name:?} missing in {a:?}"));
        let y = std::fs::read(b.join(&name)).expect("read");
        assert!(x == y, "{name:?} differs between {a:?} and {b:?}");
        n += 1;
    }
    assert!(n >= 3, "a report has index.html, study.json and plots");
    assert_eq!(std::fs::read_dir(a).expect("report").count(), n);
}

fn parallel() -> Command {
    let mut c = Command::new(need("parallel"));
    // No citation notice on a machine without a terminal.
    c.arg("--will-cite");
    c
}

#[test]
fn gnu_parallel_local_job_slots_with_a_killed_shard_give_the_one_process_report() {
    let dir = temp("parallel-local");
    let study = stage(&dir);
    // Shard 1 is killed (SIGKILL) once its first game is written, the others finish;
    // `--joblog` + `--resume-failed` runs the failed one again, which plays only what is missing.
    let shards: Vec<String> = (1..=SHARDS).map(|i| i.to_string()).collect();
    let run = |kill_first: bool| {
        let cmd = if kill_first {
            format!(
                "if [ {{}} = 1 ]; then {BIN} study run study.toml --shard 1 --threads 1 & p=$!; \
                 while [ ! -s study.shard-1.jsonl ]; do sleep 0.01; done; kill -9 $p; wait $p; \
                 else {BIN} study run study.toml --shard {{}} --threads 1; fi"
            )
        } else {
            format!("{BIN} study run study.toml --shard {{}} --threads 1")
        };
        parallel()
            .args([
                "-j",
                "2",
                "--joblog",
                "jobs.log",
                "--resume-failed",
                &cmd,
                ":::",
            ])
            .args(&shards)
            .current_dir(&dir)
            .output()
            .expect("parallel")
    };
    let first = run(true);
    assert_eq!(
        first.status.code(),
        Some(1),
        "one job (the killed one) failed"
    );
    let kept = std::fs::read_to_string(dir.join("study.shard-1.jsonl"))
        .expect("shard 1")
        .lines()
        .count();
    let full = std::fs::read_to_string(dir.join("study.shard-2.jsonl"))
        .expect("shard 2")
        .lines()
        .count();
    assert!(
        kept < full,
        "shard 1 was cut short ({kept} of about {full} games)"
    );
    check("parallel --resume-failed", run(false));
    let report = dir.join("report");
    sh(
        "study report",
        Command::new(BIN)
            .args(["study", "report", "study.toml", "-o"])
            .arg(&report)
            .current_dir(&dir),
    );
    assert_same_report(&report, &one_process(&dir));
    let status = sh(
        "study status",
        Command::new(BIN).args(["study", "status"]).arg(&study),
    );
    assert!(status.contains("complete"), "{status}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn gnu_parallel_over_ssh_returns_the_shards_and_they_merge_into_the_one_process_report() {
    let dir = temp("parallel-ssh");
    let keys = dir.join("keys");
    std::fs::create_dir_all(&keys).expect("keys");
    let keygen = need("ssh-keygen");
    for k in ["host_key", "id"] {
        sh(
            "ssh-keygen",
            Command::new(&keygen)
                .args(["-q", "-t", "ed25519", "-N", "", "-f"])
                .arg(keys.join(k)),
        );
    }
    std::fs::copy(keys.join("id.pub"), keys.join("authorized_keys")).expect("authorized_keys");
    // sshd wants its privilege-separation folder.
    std::fs::create_dir_all("/run/sshd").ok();
    let port = free_port();
    let config = keys.join("sshd_config");
    std::fs::write(
        &config,
        format!(
            "Port {port}\nListenAddress 127.0.0.1\nHostKey {k}/host_key\nAuthorizedKeysFile {k}/authorized_keys\n\
             PidFile {k}/sshd.pid\nPermitRootLogin prohibit-password\nPasswordAuthentication no\n\
             KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\nSubsystem sftp internal-sftp\n",
            k = keys.display()
        ),
    )
    .expect("sshd_config");
    let mut daemons = Daemons(Vec::new());
    let log = keys.join("sshd.log");
    daemons.start(
        "sshd",
        Command::new(need("sshd"))
            .args(["-D", "-f"])
            .arg(&config)
            .arg("-E")
            .arg(&log),
    );
    let ssh = format!(
        "ssh -p {port} -i {} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR",
        keys.join("id").display()
    );
    let user = std::env::var("USER").unwrap_or_else(|_| "root".into());
    let login = format!("{user}@127.0.0.1");
    // Wait until sshd answers.
    let t = Instant::now();
    loop {
        let ok = Command::new("sh")
            .args(["-c", &format!("{ssh} {login} true")])
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            break;
        }
        daemons.assert_running(&keys);
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "sshd does not answer:\n{}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let local = dir.join("local");
    stage(&local);
    // The "remote" machine's working folder: the study and definitions are copied there, the
    // results copied back; nothing is shared but the ssh connection.
    let remote = dir.join("remote");
    let shards: Vec<String> = (1..=SHARDS).map(|i| i.to_string()).collect();
    let mut cmd = parallel();
    cmd.args([
        "--ssh",
        &ssh,
        "--sshlogin",
        &format!("2/{login}"),
        "--workdir",
    ])
    .arg(&remote)
    .args(["--basefile", "study.toml"]);
    for d in DEFS {
        cmd.args(["--basefile", &format!("defs/{d}")]);
    }
    cmd.args([
        "--return",
        "study.shard-{}.jsonl",
        &format!("{BIN} study run study.toml --shard {{}} --threads 1"),
        ":::",
    ])
    .args(&shards)
    .current_dir(&local);
    check("parallel --sshlogin", cmd.output().expect("parallel"));
    for i in 1..=SHARDS {
        assert!(
            local.join(format!("study.shard-{i}.jsonl")).is_file(),
            "shard {i} returned"
        );
        assert!(
            remote.join(format!("study.shard-{i}.jsonl")).is_file(),
            "shard {i} played remotely"
        );
    }
    let report = local.join("report");
    sh(
        "study report",
        Command::new(BIN)
            .args(["study", "report", "study.toml", "-o"])
            .arg(&report)
            .current_dir(&local),
    );
    assert_same_report(&report, &one_process(&local));
    drop(daemons);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_single_node_slurm_cluster_runs_the_array_and_the_dependent_report() {
    let dir = temp("slurm");
    let etc = dir.join("slurm");
    for sub in ["state", "spool", "munge"] {
        std::fs::create_dir_all(etc.join(sub)).expect("dirs");
    }
    // A throwaway munge key, readable by its owner only (munged checks).
    let key = etc.join("munge/munge.key");
    let bytes: Vec<u8> = (0..1024u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8 ^ std::process::id() as u8)
        .collect();
    std::fs::write(&key, bytes).expect("key");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o400)).expect("chmod");
    std::fs::set_permissions(etc.join("munge"), std::fs::Permissions::from_mode(0o755))
        .expect("chmod");
    let socket = etc.join("munge/munge.sock");
    let mut daemons = Daemons(Vec::new());
    daemons.start(
        "munged",
        Command::new(need("munged"))
            .args(["-F", "-f"])
            .arg(format!("--socket={}", socket.display()))
            .arg(format!("--key-file={}", key.display()))
            .arg(format!(
                "--pid-file={}",
                etc.join("munge/munged.pid").display()
            ))
            .arg(format!(
                "--seed-file={}",
                etc.join("munge/munged.seed").display()
            ))
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(etc.join("munged.log")).expect("log")),
    );
    let host = sh("hostname", Command::new("hostname").arg("-s"))
        .trim()
        .to_string();
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let conf = etc.join("slurm.conf");
    let e = etc.display();
    std::fs::write(
        &conf,
        format!(
            "ClusterName=chimeratest\nSlurmctldHost={host}(127.0.0.1)\nSlurmctldPort={}\nSlurmdPort={}\n\
             SlurmUser=root\nSlurmdUser=root\nAuthType=auth/munge\nAuthInfo=socket={}\nCredType=cred/munge\n\
             MpiDefault=none\nProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nMailProg=/bin/true\n\
             StateSaveLocation={e}/state\nSlurmdSpoolDir={e}/spool\nSlurmctldPidFile={e}/slurmctld.pid\n\
             SlurmdPidFile={e}/slurmd.pid\nSlurmctldLogFile={e}/slurmctld.log\nSlurmdLogFile={e}/slurmd.log\n\
             SchedulerType=sched/builtin\nSelectType=select/cons_tres\nSelectTypeParameters=CR_Core\n\
             ReturnToService=2\nJobCompType=jobcomp/none\nAccountingStorageType=accounting_storage/none\n\
             JobAcctGatherType=jobacct_gather/none\nMinJobAge=300\n\
             NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} State=UNKNOWN\n\
             PartitionName=chimera Nodes={host} Default=YES MaxTime=INFINITE State=UP\n",
            free_port(),
            free_port(),
            socket.display()
        ),
    )
    .expect("slurm.conf");
    let slurm = |program: &str| {
        let mut c = Command::new(need(program));
        c.env("SLURM_CONF", &conf);
        c
    };
    // Wait for munged's socket before the Slurm daemons ask it.
    let t = Instant::now();
    while !socket.exists() {
        daemons.assert_running(&etc);
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "munged made no socket:\n{}",
            read_logs(&etc)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    daemons.start(
        "slurmctld",
        slurm("slurmctld")
            .args(["-D", "-i"])
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    );
    daemons.start(
        "slurmd",
        slurm("slurmd")
            .arg("-D")
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    );
    // Wait for the node to be idle.
    let t = Instant::now();
    loop {
        let out = slurm("sinfo")
            .args(["-h", "-o", "%t"])
            .output()
            .expect("sinfo");
        if String::from_utf8_lossy(&out.stdout).trim() == "idle" {
            break;
        }
        daemons.assert_running(&etc);
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "the node never became idle:\n{}",
            read_logs(&etc)
        );
        std::thread::sleep(Duration::from_millis(300));
    }
    let work = dir.join("work");
    stage(&work);
    let script = Path::new(ROOT).join("scripts/slurm-study.sh");
    // The script refuses to run outside an array.
    let out = Command::new("bash")
        .arg(&script)
        .arg("study.toml")
        .current_dir(&work)
        .output()
        .expect("bash");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("sbatch --array=1-N"));
    let array = sh(
        "sbatch --array",
        slurm("sbatch")
            .args(["--parsable", &format!("--array=1-{SHARDS}")])
            .arg(&script)
            .arg("study.toml")
            .env("CHIMERA", BIN)
            .current_dir(&work),
    );
    let array = array.trim().split(';').next().unwrap_or("").to_string();
    let report_job = sh(
        "sbatch --dependency",
        slurm("sbatch")
            .args([
                "--parsable",
                &format!("--dependency=afterok:{array}"),
                "--output=report-%j.out",
            ])
            .arg(&script)
            .args(["--report", "study.toml", "report"])
            .env("CHIMERA", BIN)
            .current_dir(&work),
    );
    let report_job = report_job.trim().to_string();
    // Wait for both jobs to leave the queue.
    let t = Instant::now();
    loop {
        let out = slurm("squeue")
            .args(["-h", "-o", "%i %t %r"])
            .output()
            .expect("squeue");
        let q = String::from_utf8_lossy(&out.stdout).into_owned();
        if q.trim().is_empty() {
            break;
        }
        daemons.assert_running(&etc);
        assert!(
            !q.contains("DependencyNeverSatisfied"),
            "a shard failed: {q}\n{}",
            read_logs(&work)
        );
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "jobs still queued: {q}\n{}",
            read_logs(&etc)
        );
        std::thread::sleep(Duration::from_millis(500));
    }
    let state = sh(
        "scontrol",
        slurm("scontrol").args(["show", "job", &report_job]),
    );
    assert!(state.contains("JobState=COMPLETED"), "{state}");
    for i in 1..=SHARDS {
        assert!(
            work.join(format!("chimera-study-{array}_{i}.out"))
                .is_file(),
            "task {i} log"
        );
    }
    assert_same_report(&work.join("report"), &one_process(&work));
    drop(daemons);
    std::fs::remove_dir_all(&dir).ok();
}
