//! The functions the WebAssembly module exports, and the byte buffers they exchange.
//!
//! WebAssembly functions take and return numbers only, so text crosses the boundary in
//! buffers: the module owns a table of `Vec<u8>`s and hands JavaScript a `u32` handle to
//! each (0 is never a handle). JavaScript asks for a buffer of the length it needs, asks where
//! its bytes are, copies its UTF-8 text into the module's memory there, calls a function with
//! the handles, and reads the result buffer back the same way:
//!
//! ```js
//! const put = (bytes) => {
//!   const h = ex.mcpvet_buffer_new(bytes.length);
//!   new Uint8Array(ex.memory.buffer, ex.mcpvet_buffer_ptr(h), bytes.length).set(bytes);
//!   return h;
//! };
//! const mode = put(enc.encode("auto")), text = put(enc.encode(input));
//! const out = ex.mcpvet_inspect(mode, text);
//! const json = dec.decode(new Uint8Array(ex.memory.buffer, ex.mcpvet_buffer_ptr(out), ex.mcpvet_buffer_len(out)));
//! [mode, text, out].forEach(ex.mcpvet_buffer_free);
//! ```
//!
//! Rust never turns an address into a reference: the only thing that crosses as an address is
//! [`mcpvet_buffer_ptr`]'s answer, computed from a live `Vec`, and all reads and writes at it
//! are JavaScript's, bounded by the buffer's length. Hence no `unsafe` block in the exports:
//! their one `unsafe` is the `no_mangle` attribute that gives each export its fixed name.
//!
//! Every function is also callable from Rust (tests, native builds); an unknown or freed
//! handle reads as an empty buffer.
//!
//! The one `unsafe` block of the crate is not part of this interface: it is getrandom's
//! `custom` entropy source (`__getrandom_v03_custom`, in the WebAssembly build only), whose
//! contract hands over a raw pointer and a length.
#![expect(
    unsafe_code,
    reason = "`#[unsafe(no_mangle)]` is the only way to export a function from the .wasm \
              module under a fixed name; the exports dereference no raw pointer (the one \
              unsafe block fills getrandom's buffer in the WebAssembly build)"
)]

use std::cell::RefCell;

thread_local! {
    static BUFFERS: RefCell<Buffers> = const { RefCell::new(Buffers::new()) };
}

/// The buffer table: slot `handle - 1` holds the buffer of `handle`.
#[derive(Debug)]
struct Buffers {
    slots: Vec<Option<Vec<u8>>>,
    free: Vec<u32>,
}

impl Buffers {
    const fn new() -> Self {
        Buffers {
            slots: Vec::new(),
            free: Vec::new(),
        }
    }

    fn insert(&mut self, bytes: Vec<u8>) -> u32 {
        if let Some(handle) = self.free.pop() {
            self.slots[handle as usize - 1] = Some(bytes);
            handle
        } else {
            self.slots.push(Some(bytes));
            self.slots.len() as u32
        }
    }

    fn get(&self, handle: u32) -> Option<&Vec<u8>> {
        let index = (handle as usize).checked_sub(1)?;
        self.slots.get(index)?.as_ref()
    }

    fn remove(&mut self, handle: u32) -> Option<Vec<u8>> {
        let index = (handle as usize).checked_sub(1)?;
        let bytes = self.slots.get_mut(index)?.take()?;
        self.free.push(handle);
        Some(bytes)
    }
}

/// Stores `bytes` in a new buffer and returns its handle.
pub fn put(bytes: Vec<u8>) -> u32 {
    BUFFERS.with_borrow_mut(|b| b.insert(bytes))
}

/// A copy of the bytes of `handle` (empty for an unknown handle).
pub fn bytes(handle: u32) -> Vec<u8> {
    BUFFERS.with_borrow(|b| b.get(handle).cloned().unwrap_or_default())
}

/// Runs `f` on the bytes of `a` and `b` without copying them.
fn with_two<R>(a: u32, b: u32, f: impl FnOnce(&[u8], &[u8]) -> R) -> R {
    BUFFERS.with_borrow(|buffers| {
        let a = buffers.get(a).map_or(&[][..], Vec::as_slice);
        let b = buffers.get(b).map_or(&[][..], Vec::as_slice);
        f(a, b)
    })
}

/// Runs `f` on the bytes of `a`, `b` and `c` without copying them.
fn with_three<R>(a: u32, b: u32, c: u32, f: impl FnOnce(&[u8], &[u8], &[u8]) -> R) -> R {
    BUFFERS.with_borrow(|buffers| {
        let get = |h| buffers.get(h).map_or(&[][..], Vec::as_slice);
        f(get(a), get(b), get(c))
    })
}

/// Runs `f` on the bytes of `a`, `b`, `c` and `d` without copying them.
fn with_four<R>(handles: [u32; 4], f: impl FnOnce(&[u8], &[u8], &[u8], &[u8]) -> R) -> R {
    BUFFERS.with_borrow(|buffers| {
        let get = |i: usize| buffers.get(handles[i]).map_or(&[][..], Vec::as_slice);
        f(get(0), get(1), get(2), get(3))
    })
}

/// A file name from a buffer: `None` for an empty one.
fn name(bytes: &[u8]) -> Option<String> {
    let name = String::from_utf8_lossy(bytes);
    (!name.is_empty()).then(|| name.into_owned())
}

/// A new zero-filled buffer of `len` bytes, for JavaScript to fill; returns its handle.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_buffer_new(len: u32) -> u32 {
    put(vec![0; len as usize])
}

/// Where the bytes of `handle` start in the module's memory (0 for an unknown handle). Valid
/// until the next call that allocates.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_buffer_ptr(handle: u32) -> usize {
    BUFFERS.with_borrow(|b| b.get(handle).map_or(0, |v| v.as_ptr() as usize))
}

/// The length of the buffer `handle` in bytes (0 for an unknown handle).
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_buffer_len(handle: u32) -> u32 {
    BUFFERS.with_borrow(|b| b.get(handle).map_or(0, |v| v.len() as u32))
}

/// Frees the buffer `handle` (nothing happens for an unknown handle).
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_buffer_free(handle: u32) {
    BUFFERS.with_borrow_mut(|b| b.remove(handle));
}

/// [`inspect`](crate::inspect): the mode (`auto`, `config`, `transcript`, `server`) and the
/// text in buffers; returns a new buffer with the JSON report, or `{"error": "..."}`.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_inspect(mode: u32, text: u32) -> u32 {
    let json = with_two(mode, text, |mode, text| {
        let mode = String::from_utf8_lossy(mode);
        crate::inspect(&mode, text).unwrap_or_else(|e| crate::error_json(&e))
    });
    put(json.into_bytes())
}

/// [`inspect_page_in`](crate::inspect_page_in): the mode, a file name (an empty buffer for
/// none), the text and the language (`en`, `es` or a tag such as `es-ES`; handle 0 or an
/// empty buffer for English, so that a caller passing three arguments gets English); returns
/// a new buffer with the page's JSON object, or `{"error": "..."}`.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_inspect_page(mode: u32, file_name: u32, text: u32, lang: u32) -> u32 {
    let json = with_four([mode, file_name, text, lang], |mode, name, text, lang| {
        let mode = String::from_utf8_lossy(mode);
        let name = String::from_utf8_lossy(name);
        let name = (!name.is_empty()).then_some(name.as_ref());
        let lang = crate::Lang::from_tag(&String::from_utf8_lossy(lang));
        crate::inspect_page_in(&mode, name, text, lang).unwrap_or_else(|e| crate::error_json(&e))
    });
    put(json.into_bytes())
}

/// [`messages`](crate::messages): the page's message catalogue in the language of the buffer
/// (`en`, `es` or a tag such as `es-419`; anything else is English), as JSON in a new buffer.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_messages(lang: u32) -> u32 {
    let lang = crate::Lang::from_tag(&String::from_utf8_lossy(&bytes(lang)));
    put(crate::messages(lang).into_bytes())
}

/// [`mcpvet_linter::embed::lint_to_json`]: a request object (JSON: `kind`, `fileName`,
/// `dialect`, `protocol`, `inputFormat`, `target`, `utf16Columns`, `compact`; an empty buffer
/// for `{}`) and the text; returns a new buffer with the JSON report of the command line, or
/// `{"error": "..."}` (a malformed request). The npm package's `lintConfig`,
/// `lintTranscript`, `lintServer` and `inspect` call it.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_lint(request: u32, text: u32) -> u32 {
    use mcpvet_linter::embed::{LintRequest, lint_to_json};
    let json = with_two(request, text, |request, text| {
        let request = String::from_utf8_lossy(request);
        LintRequest::from_json(&request)
            .and_then(|r| lint_to_json(&r, text))
            .unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }).to_string())
    });
    put(json.into_bytes())
}

/// The rule catalog ([`mcpvet_linter::embed::rules_json`], as `mcpvet rules --format json`
/// prints it) in a new buffer.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_rules() -> u32 {
    put(mcpvet_linter::embed::rules_json().into_bytes())
}

/// [`infer_schema`](crate::infer_schema): the `required` choice (`present` or `none`) and the
/// example payload in buffers; returns a new buffer with `{"schema": "...", "errors": []}`,
/// `{"schema": null, "errors": [...]}` (the example's syntax errors, with their positions) or
/// `{"error": "..."}`.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_infer_schema(required: u32, text: u32) -> u32 {
    let json = with_two(required, text, |required, text| {
        let required = String::from_utf8_lossy(required);
        crate::infer_schema(&required, text).unwrap_or_else(|e| crate::error_json(&e))
    });
    put(json.into_bytes())
}

/// [`redact`](crate::redact): the mode, a file name (an empty buffer for none) and the text;
/// returns a new buffer with the redacted copy (as many bytes as the text), or
/// `{"error": "..."}` for an unknown mode.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_redact(mode: u32, file_name: u32, text: u32) -> u32 {
    let bytes = with_three(mode, file_name, text, |mode, name, text| {
        let mode = String::from_utf8_lossy(mode);
        let name = String::from_utf8_lossy(name);
        let name = (!name.is_empty()).then_some(name.as_ref());
        crate::redact(&mode, name, text).unwrap_or_else(|e| crate::error_json(&e).into_bytes())
    });
    put(bytes)
}

/// [`compare::diff`](crate::compare::diff): the old input's file name (an empty buffer for
/// none) and text, then the new one's; returns a new buffer with the diff object or
/// `{"error": "..."}`.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_diff(old_name: u32, old: u32, new_name: u32, new: u32) -> u32 {
    let json = with_four([old_name, old, new_name, new], |on, o, nn, n| {
        crate::compare::diff(name(on).as_deref(), o, name(nn).as_deref(), n)
            .unwrap_or_else(|e| crate::error_json(&e))
    });
    put(json.into_bytes())
}

/// [`compare::lock`](crate::compare::lock): the input's file name (an empty buffer for none)
/// and text; returns a new buffer with the lock object or `{"error": "..."}`.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_lock(file_name: u32, text: u32) -> u32 {
    let json = with_two(file_name, text, |n, t| {
        crate::compare::lock(name(n).as_deref(), t).unwrap_or_else(|e| crate::error_json(&e))
    });
    put(json.into_bytes())
}

/// [`compare::check_lock`](crate::compare::check_lock): the lock file's text, the input's
/// file name (an empty buffer for none) and text; returns a new buffer with the findings
/// object or `{"error": "..."}`.
#[unsafe(no_mangle)]
pub extern "C" fn mcpvet_check_lock(lock: u32, file_name: u32, text: u32) -> u32 {
    let json = with_three(lock, file_name, text, |l, n, t| {
        crate::compare::check_lock(l, name(n).as_deref(), t)
            .unwrap_or_else(|e| crate::error_json(&e))
    });
    put(json.into_bytes())
}

/// The `custom` source of `getrandom` in the WebAssembly build (selected with
/// `--cfg getrandom_backend="custom"` by scripts/build-web): `ahash`, under `jsonschema`,
/// asks it once for the seeds of its hash maps. The bytes come from a fixed-seed `SplitMix64`
/// stream: the seeds only protect hash tables against inputs crafted to collide, and the page
/// inspects what its own user pasted. Asking the browser for entropy would make the module
/// import a JavaScript function.
#[cfg(all(target_arch = "wasm32", getrandom_backend = "custom"))]
#[unsafe(no_mangle)]
#[expect(
    clippy::unnecessary_wraps,
    reason = "the signature getrandom declares for its custom source"
)]
unsafe extern "Rust" fn __getrandom_v03_custom(
    dest: *mut u8,
    len: usize,
) -> Result<(), getrandom::Error> {
    // SAFETY: getrandom calls this with `dest` valid for writes of `len` bytes (the contract
    // of its custom source), and nothing else refers to those bytes during the call.
    let dest = unsafe { std::slice::from_raw_parts_mut(dest, len) };
    fill_seed_bytes(dest);
    Ok(())
}

/// Fills `dest` from a `SplitMix64` stream that goes on across calls.
#[cfg_attr(
    not(any(test, all(target_arch = "wasm32", getrandom_backend = "custom"))),
    expect(
        dead_code,
        reason = "only the WebAssembly build's getrandom source calls it"
    )
)]
fn fill_seed_bytes(dest: &mut [u8]) {
    use std::sync::atomic::{AtomicU64, Ordering};
    static STATE: AtomicU64 = AtomicU64::new(0x6d63_7076_6574_2121);
    for chunk in dest.chunks_mut(8) {
        let mut z = STATE
            .fetch_add(0x9e37_79b9_7f4a_7c15, Ordering::Relaxed)
            .wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        chunk.copy_from_slice(&z.to_le_bytes()[..chunk.len()]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(handle: u32) -> String {
        String::from_utf8(bytes(handle)).unwrap()
    }

    #[test]
    fn handles_are_reused_and_never_zero() {
        let a = put(b"abc".to_vec());
        let b = mcpvet_buffer_new(2);
        assert!(a != 0 && b != 0 && a != b);
        assert_eq!((mcpvet_buffer_len(a), mcpvet_buffer_len(b)), (3, 2));
        assert_eq!(bytes(b), vec![0, 0]);
        assert_ne!(mcpvet_buffer_ptr(a), 0);
        mcpvet_buffer_free(a);
        assert_eq!((mcpvet_buffer_len(a), mcpvet_buffer_ptr(a)), (0, 0));
        mcpvet_buffer_free(a);
        let c = put(Vec::new());
        assert_eq!(c, a, "a freed handle is reused");
        for h in [0, 999, u32::MAX] {
            assert_eq!((mcpvet_buffer_len(h), bytes(h)), (0, Vec::new()));
            mcpvet_buffer_free(h);
        }
        mcpvet_buffer_free(b);
        mcpvet_buffer_free(c);
    }

    #[test]
    fn seed_bytes_differ_between_calls() {
        let (mut a, mut b) = ([0u8; 13], [0u8; 13]);
        fill_seed_bytes(&mut a);
        fill_seed_bytes(&mut b);
        assert_ne!(a, b);
        assert_ne!(a, [0; 13]);
    }

    #[test]
    fn inspect_through_buffers() {
        let mode = put(b"config".to_vec());
        let input = put(br#"{"mcpServers": {"a": {"command": "x", "arg": []}}}"#.to_vec());
        let out = mcpvet_inspect(mode, input);
        let report: serde_json::Value = serde_json::from_str(&text(out)).unwrap();
        assert_eq!(report["version"], 1);
        assert_eq!(report["files"][0]["kind"], "config");
        assert_eq!(report["files"][0]["findings"][0]["code"], "MCP101");
        let none = put(Vec::new());
        let page_out = mcpvet_inspect_page(mode, none, input, 0);
        let page: serde_json::Value = serde_json::from_str(&text(page_out)).unwrap();
        assert_eq!(page["report"], report);
        let es = put(b"es-ES".to_vec());
        let catalogue = mcpvet_messages(es);
        let messages: serde_json::Value = serde_json::from_str(&text(catalogue)).unwrap();
        assert_eq!(messages["lang"], "es");
        assert_eq!(messages["messages"]["page.input.inspect"], "Inspeccionar");
        assert_eq!(
            messages["rules"]["MCP101"].as_str().map(str::is_empty),
            Some(false)
        );
        let english = mcpvet_messages(0);
        assert!(text(english).contains("\"lang\":\"en\""));
        mcpvet_buffer_free(es);
        assert_eq!(page["servers"][0]["start"], 16);
        let bad = put(b"yaml".to_vec());
        let err = mcpvet_inspect(bad, input);
        assert!(text(err).starts_with("{\"error\":\"unknown mode `yaml`"));
        for h in [mode, input, out, none, page_out, bad, err] {
            mcpvet_buffer_free(h);
        }
    }

    #[test]
    fn redact_through_buffers() {
        let mode = put(b"auto".to_vec());
        let name = put(b".mcp.json".to_vec());
        let input = br#"{"mcpServers": {"a": {"type": "http", "url": "https://x.example/mcp", "headers": {"Authorization": "Bearer Zq8xW2vN5mK9pR3tLb7c"}}}}"#;
        let text_handle = put(input.to_vec());
        let out = mcpvet_redact(mode, name, text_handle);
        let copy = text(out);
        assert_eq!(copy.len(), input.len());
        assert!(copy.contains(r#""Bearer Rxxxxxxxxxxxxxxxxxxx""#), "{copy}");
        let bad = put(b"yaml".to_vec());
        let err = mcpvet_redact(bad, name, text_handle);
        assert!(text(err).starts_with("{\"error\":\"unknown mode `yaml`"));
        for h in [mode, name, text_handle, out, bad, err] {
            mcpvet_buffer_free(h);
        }
    }

    #[test]
    fn compare_through_buffers() {
        let old_name = put(b"old.json".to_vec());
        let old = put(br#"{"tools": [{"name": "a"}, {"name": "b"}]}"#.to_vec());
        let none = put(Vec::new());
        let new = put(br#"{"tools": [{"name": "a"}]}"#.to_vec());
        let out = mcpvet_diff(old_name, old, none, new);
        let diff: serde_json::Value = serde_json::from_str(&text(out)).unwrap();
        assert_eq!(diff["diff"]["old"]["path"], "old.json");
        assert_eq!(diff["diff"]["new"]["path"], "new");
        assert_eq!(diff["diff"]["changes"][0]["message"], "tool `b` removed");
        let locked = mcpvet_lock(none, old);
        let lock: serde_json::Value = serde_json::from_str(&text(locked)).unwrap();
        assert_eq!(lock["tools"], 2);
        let lock_text = put(lock["lock"].as_str().unwrap().as_bytes().to_vec());
        let checked = mcpvet_check_lock(lock_text, none, new);
        let found: serde_json::Value = serde_json::from_str(&text(checked)).unwrap();
        assert_eq!(found["findings"][0]["code"], "MCP562");
        for h in [old_name, old, none, new, out, locked, lock_text, checked] {
            mcpvet_buffer_free(h);
        }
    }

    #[test]
    fn infer_through_buffers() {
        let required = put(b"none".to_vec());
        let example = put(br#"{"id": 7}"#.to_vec());
        let out = mcpvet_infer_schema(required, example);
        let inferred: serde_json::Value = serde_json::from_str(&text(out)).unwrap();
        assert_eq!(
            inferred["schema"],
            mcpvet_linter::infer_schema(
                r#"{"id": 7}"#,
                mcpvet_schema::infer::InferOptions {
                    required: mcpvet_schema::infer::Required::None
                }
            )
            .unwrap()
        );
        let broken = put(b"{\"id\": ".to_vec());
        let out_broken = mcpvet_infer_schema(required, broken);
        let errors: serde_json::Value = serde_json::from_str(&text(out_broken)).unwrap();
        assert!(errors["schema"].is_null());
        assert_eq!(errors["errors"][0]["line"], 1);
        let bad = put(b"some".to_vec());
        let err = mcpvet_infer_schema(bad, example);
        assert!(text(err).starts_with("{\"error\":\"unknown `required` choice `some`"));
        // A server definition through `mcpvet_inspect_page`.
        let mode = put(b"server".to_vec());
        let none = put(Vec::new());
        let listing =
            put(br#"{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}"#.to_vec());
        let page_out = mcpvet_inspect_page(mode, none, listing, 0);
        let page: serde_json::Value = serde_json::from_str(&text(page_out)).unwrap();
        assert_eq!(page["kind"], "server");
        assert_eq!(page["items"][0]["start"], 11);
        for h in [
            required, example, out, broken, out_broken, bad, err, mode, none, listing, page_out,
        ] {
            mcpvet_buffer_free(h);
        }
    }
}
