//! The studio from the command line: `chimera serve [FILE|NAME|DIR]...` runs the local web studio,
//! `chimera publish FILE -o DIR` writes a static page of a variant.

use crate::studio::definitions::open_all;
use crate::studio::server::{bind, DEFAULT_PORT};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chimera serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Definitions to open: files, folders of `.variant` files, or shipped names (`xiang-fu`).
    /// Only files given here can be saved from the page. Default: chess.
    pub definitions: Vec<PathBuf>,
    /// Port to listen on (0: a free one).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Address to listen on. Anything but 127.0.0.1 lets other machines reach the studio.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
}

/// Runs `chimera serve` until interrupted.
pub fn run(args: Args) -> ExitCode {
    let names = if args.definitions.is_empty() {
        vec![PathBuf::from("chess")]
    } else {
        args.definitions.clone()
    };
    let definitions = match open_all(&names) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if args.host != "127.0.0.1" && args.host != "localhost" {
        eprintln!(
            "warning: listening on {}: other machines may reach the studio, which can play, \
             search and write the definition files given",
            args.host
        );
    }
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the server: {e}");
            return ExitCode::FAILURE;
        }
    };
    rt.block_on(async {
        let bound = match bind(definitions, &args.host, args.port).await {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        println!("chimera studio: open http://{}/", bound.addr);
        match bound.serve().await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// Arguments of `chimera publish`.
#[derive(clap::Args, Debug)]
pub struct PublishArgs {
    /// Definition file or shipped name.
    pub file: PathBuf,
    /// Folder to write `index.html` into (created if missing).
    #[arg(short, long)]
    pub output: PathBuf,
}

/// Runs `chimera publish`.
pub fn publish(args: PublishArgs) -> ExitCode {
    let rules = match crate::compile::check_named(&args.file) {
        Ok(c) => c.rules,
        Err(d) => {
            eprintln!("{:?}", miette::Report::new(d));
            return ExitCode::FAILURE;
        }
    };
    let engine = match crate::engine::Engine::new(rules) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::FAILURE;
        }
    };
    let page = crate::studio::publish::page(&engine);
    let out = args.output.join("index.html");
    if let Err(e) = std::fs::create_dir_all(&args.output).and_then(|_| std::fs::write(&out, &page))
    {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "wrote {} ({} bytes): open it in a browser, no server needed",
        out.display(),
        page.len()
    );
    ExitCode::SUCCESS
}
