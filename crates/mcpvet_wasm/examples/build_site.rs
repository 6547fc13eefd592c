//! Writes the static page into a folder any static server can host (used by
//! scripts/build-web).
//!
//! ```text
//! cargo run -p mcpvet_wasm --example build_site -- --wasm mcpvet_wasm.wasm --web web \
//!     --example config=examples/claude_desktop_config.json \
//!     --example codex:config=examples/codex/config.toml \
//!     --example transcript=web/samples/session.jsonl \
//!     --example server=web/samples/definition.json \
//!     --example runlog:transcript=examples/runs/whoami-before-initialize.jsonl --out web/dist
//! ```
//!
//! - copies `index.html`, `app.js`, `style.css` and `favicon.svg` from `--web`;
//! - writes `mcpvet-wasm.js`, the module as base64 in a script (the page may not fetch);
//! - writes `samples.js` with each `--example NAME[:MODE]=FILE`: the text behind the page's
//!   "Load example" button whose `data-example` is NAME, which selects the mode MODE (NAME
//!   when not given: `config`, `transcript`, `server`); the file's name becomes the
//!   example's file name;
//! - writes `rules/index.html` and `rules/MCPnnn.html` from the rule catalog (the same text as
//!   `docs/rules/*.md`).
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mcpvet_wasm::site::{Sample, rule_page_html, samples_script, wasm_script};

const PAGE_FILES: [&str; 4] = ["index.html", "app.js", "style.css", "favicon.svg"];

fn main() -> ExitCode {
    match run() {
        Ok(summary) => {
            let _ = writeln!(std::io::stdout(), "{summary}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "build_site: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<String, String> {
    let mut wasm: Option<PathBuf> = None;
    let mut web: Option<PathBuf> = None;
    let mut out: Option<PathBuf> = None;
    // (name, mode, file)
    let mut examples: Vec<(String, String, PathBuf)> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let slot = match arg.as_str() {
            "--wasm" => &mut wasm,
            "--web" => &mut web,
            "--out" => &mut out,
            "--example" => {
                let value = args.next().unwrap_or_default();
                let Some((key, file)) = value.split_once('=') else {
                    return Err(format!("--example takes NAME[:MODE]=FILE, not `{value}`"));
                };
                let (name, mode) = key.split_once(':').unwrap_or((key, key));
                if mcpvet_wasm::Mode::parse(mode).is_none() {
                    return Err(format!("--example {value}: unknown mode `{mode}`"));
                }
                examples.push((name.to_owned(), mode.to_owned(), PathBuf::from(file)));
                continue;
            }
            _ => return Err(format!("unknown argument `{arg}`")),
        };
        *slot = args.next().map(PathBuf::from);
    }
    let (Some(wasm), Some(web), Some(out)) = (wasm, web, out) else {
        return Err(
            "usage: build_site --wasm FILE --web DIR [--example NAME[:MODE]=FILE]... --out DIR"
                .to_owned(),
        );
    };
    let read =
        |path: &Path| fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()));
    let write = |path: &Path, bytes: &[u8]| {
        fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };

    let rules_dir = out.join("rules");
    fs::create_dir_all(&rules_dir)
        .map_err(|e| format!("cannot create {}: {e}", rules_dir.display()))?;
    for name in PAGE_FILES {
        write(&out.join(name), &read(&web.join(name))?)?;
    }
    let module = read(&wasm)?;
    match mcpvet_wasm::site::wasm_import_count(&module) {
        Some(0) => {}
        Some(n) => {
            return Err(format!(
                "{} imports {n} functions or values, but the page provides none; was it built \
                 with --cfg getrandom_backend=\"custom\" (scripts/build-web)?",
                wasm.display()
            ));
        }
        None => return Err(format!("{} is not a WebAssembly module", wasm.display())),
    }
    write(&out.join("mcpvet-wasm.js"), wasm_script(&module).as_bytes())?;

    let mut samples = Vec::new();
    for (name, mode, file) in &examples {
        let text = String::from_utf8(read(file)?)
            .map_err(|_| format!("{} is not UTF-8", file.display()))?;
        samples.push(Sample {
            name: name.clone(),
            mode: mode.clone(),
            file_name: file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            text,
        });
    }
    write(&out.join("samples.js"), samples_script(&samples).as_bytes())?;

    let pages = mcpvet_linter::docs::generated_files();
    for (name, markdown) in &pages {
        let is_index = name == "index.md";
        let title = if is_index {
            "Rules".to_owned()
        } else {
            markdown
                .lines()
                .next()
                .unwrap_or(name)
                .trim_start_matches("# ")
                .to_owned()
        };
        let html_name = name.strip_suffix(".md").unwrap_or(name).to_owned() + ".html";
        write(
            &rules_dir.join(html_name),
            rule_page_html(&title, markdown, is_index).as_bytes(),
        )?;
    }
    Ok(format!(
        "wrote {}: the page, {} bytes of WebAssembly, {} examples, {} rule pages",
        out.display(),
        module.len(),
        samples.len(),
        pages.len()
    ))
}
