//! The mcpvet engine as a Python extension module: `mcpvet._native`, the compiled half of the
//! Python package `mcpvet` (`python/mcpvet/`, built into an abi3 wheel by maturin).
//!
//! Position in the pipeline: a face, beside the command line, the web page and the npm
//! package, and a thin layer over [`mcpvet_linter::embed`]: the request options become a
//! [`LintRequest`], the bytes go through the one door (`mcpvet_linter::inspect`), and the
//! result is the exact JSON document `mcpvet <command> --format json FILE` prints. The Python
//! half turns it into a `dict` when asked.
//!
//! - `lint(data, kind, file_name, dialect, protocol, input_format, target, utf16_columns,
//!   compact)` returns the JSON report of one input; `data` is `bytes` (read in place),
//!   `bytearray` (copied) or `str` (encoded as UTF-8; lone surrogates pass through as the
//!   invalid bytes they denote, which the report's findings then name). The engine runs with
//!   the GIL released ([`Python::detach`]), so threads inspect files in parallel.
//! - `rules_json()` returns the rule catalog as `mcpvet rules --format json` prints it.
//! - `__version__` is the crate's version.
//!
//! Bad input is never an error: it is a finding in the report. An option value that no
//! option takes raises `ValueError` (with the message of the command line), an argument of
//! the wrong type raises `TypeError`. Like the library crates it does no I/O and never prints.
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

use std::borrow::Cow;

use mcpvet_linter::embed::{LintRequest, lint_to_json, rules_json as catalog_json};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

/// The input's bytes: borrowed from an immutable `bytes` object, or owned.
enum Input<'a> {
    Borrowed(&'a [u8]),
    Owned(Vec<u8>),
}

impl Input<'_> {
    fn bytes(&self) -> &[u8] {
        match self {
            Input::Borrowed(bytes) => bytes,
            Input::Owned(bytes) => bytes,
        }
    }
}

/// Reads `data` as bytes; `bytes` is borrowed (it is immutable, so it can be read without the
/// GIL), `bytearray` is copied (it is not), `str` is encoded as UTF-8 with `surrogatepass`.
fn input_bytes<'a>(data: &'a Bound<'_, PyAny>) -> PyResult<Input<'a>> {
    if let Ok(bytes) = data.cast::<PyBytes>() {
        return Ok(Input::Borrowed(bytes.as_bytes()));
    }
    if let Ok(array) = data.cast::<PyByteArray>() {
        return Ok(Input::Owned(array.to_vec()));
    }
    if let Ok(text) = data.cast::<PyString>() {
        let encoded = text.call_method1("encode", ("utf-8", "surrogatepass"))?;
        let encoded = encoded.cast::<PyBytes>()?;
        return Ok(Input::Owned(encoded.as_bytes().to_vec()));
    }
    let type_name = data
        .get_type()
        .name()
        .map_or(Cow::Borrowed("?"), |name| Cow::Owned(name.to_string()));
    Err(PyTypeError::new_err(format!(
        "the input must be bytes, bytearray or str, not {type_name}"
    )))
}

/// The request object of [`LintRequest::from_json`] for these options.
#[expect(
    clippy::too_many_arguments,
    reason = "one argument per option of the request"
)]
fn request(
    kind: &str,
    file_name: Option<&str>,
    dialect: Option<&str>,
    protocol: Option<&str>,
    input_format: Option<&str>,
    target: Option<&str>,
    utf16_columns: bool,
    compact: bool,
    lang: Option<&str>,
) -> Result<LintRequest, String> {
    let mut object = serde_json::Map::new();
    object.insert("kind".into(), kind.into());
    let options = [
        ("fileName", file_name),
        ("dialect", dialect),
        ("protocol", protocol),
        ("inputFormat", input_format),
        ("target", target),
        ("lang", lang),
    ];
    for (key, value) in options {
        if let Some(value) = value {
            object.insert(key.into(), value.into());
        }
    }
    object.insert("utf16Columns".into(), utf16_columns.into());
    object.insert("compact".into(), compact.into());
    LintRequest::from_json(&serde_json::Value::Object(object).to_string())
        .map_err(|e| e.to_string())
}

/// Inspects `data` and returns the JSON report, exactly as `mcpvet <command> --format json`
/// prints it (on one line without a final newline when `compact`).
///
/// `kind` is `auto`, `config`, `transcript` or `server`; the other options are those of the
/// command line (`--dialect`, `--protocol`, `--input-format`, `--target`, `--lang`, the
/// file's name).
#[pyfunction]
#[pyo3(signature = (
    data,
    kind = "auto",
    file_name = None,
    dialect = None,
    protocol = None,
    input_format = None,
    target = None,
    utf16_columns = false,
    compact = false,
    lang = None,
))]
#[expect(
    clippy::too_many_arguments,
    reason = "keyword arguments of the Python function"
)]
fn lint(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    kind: &str,
    file_name: Option<&str>,
    dialect: Option<&str>,
    protocol: Option<&str>,
    input_format: Option<&str>,
    target: Option<&str>,
    utf16_columns: bool,
    compact: bool,
    lang: Option<&str>,
) -> PyResult<String> {
    let request = request(
        kind,
        file_name,
        dialect,
        protocol,
        input_format,
        target,
        utf16_columns,
        compact,
        lang,
    )
    .map_err(PyValueError::new_err)?;
    let input = input_bytes(data)?;
    let bytes = input.bytes();
    py.detach(|| lint_to_json(&request, bytes))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The rule catalog as JSON, as `mcpvet rules --format json` prints it.
#[pyfunction]
fn rules_json() -> String {
    catalog_json()
}

/// The module `mcpvet._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(lint, module)?)?;
    module.add_function(wrap_pyfunction!(rules_json, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
