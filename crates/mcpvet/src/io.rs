//! Reading inputs: files and standard input, with the size limit of `u32` spans.
use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The largest input that can be inspected: spans are `u32` byte offsets.
const MAX_LEN: u64 = u32::MAX as u64;

/// One input named on the command line.
#[derive(Debug, Clone)]
pub(crate) enum Input {
    /// `-`: standard input.
    Stdin,
    /// A path.
    File(PathBuf),
}

impl Input {
    /// `-` is standard input, anything else a path.
    pub(crate) fn new(arg: &Path) -> Self {
        if arg.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::File(arg.to_owned())
        }
    }

    /// The name shown in findings and messages: the path as given (control characters
    /// replaced), or `<stdin>`.
    pub(crate) fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File(path) => path
                .to_string_lossy()
                .chars()
                .map(|c| if c.is_control() { '?' } else { c })
                .collect(),
        }
    }

    /// Reads the whole input.
    ///
    /// # Errors
    ///
    /// When the input cannot be opened or read (a missing file, a directory, no permission)
    /// or is longer than `u32::MAX` bytes.
    pub(crate) fn read(&self) -> Result<Vec<u8>, ReadError> {
        let result = match self {
            Input::Stdin => read_limited(io::stdin().lock(), 0),
            Input::File(path) => read_file(path),
        };
        result.map_err(|kind| ReadError {
            name: self.name(),
            kind,
        })
    }
}

fn read_file(path: &Path) -> Result<Vec<u8>, ReadErrorKind> {
    let file = File::open(path)?;
    let metadata = file.metadata()?;
    if metadata.is_file() && metadata.len() > MAX_LEN {
        return Err(ReadErrorKind::TooLarge {
            len: Some(metadata.len()),
        });
    }
    // A directory opens on some systems; reading it then fails with the OS error.
    read_limited(file, metadata.len())
}

/// Reads to the end, refusing more than [`MAX_LEN`] bytes (pipes and special files have no
/// length to check up front).
fn read_limited(reader: impl Read, size_hint: u64) -> Result<Vec<u8>, ReadErrorKind> {
    let capacity = usize::try_from(size_hint.min(MAX_LEN)).unwrap_or(0);
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(capacity)
        .map_err(|_| ReadErrorKind::TooLarge {
            len: Some(size_hint),
        })?;
    reader.take(MAX_LEN + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_LEN {
        return Err(ReadErrorKind::TooLarge { len: None });
    }
    Ok(bytes)
}

/// Why an input could not be read.
#[derive(Debug)]
pub(crate) struct ReadError {
    name: String,
    kind: ReadErrorKind,
}

#[derive(Debug)]
enum ReadErrorKind {
    Io(io::Error),
    /// Longer than [`MAX_LEN`]; the length when known.
    TooLarge {
        len: Option<u64>,
    },
}

impl From<io::Error> for ReadErrorKind {
    fn from(err: io::Error) -> Self {
        ReadErrorKind::Io(err)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.name;
        match &self.kind {
            ReadErrorKind::Io(err) => write!(f, "cannot read `{name}`: {err}"),
            ReadErrorKind::TooLarge { len: Some(len) } => write!(
                f,
                "cannot inspect `{name}`: it is {len} bytes; at most {MAX_LEN} bytes can be inspected as one file"
            ),
            ReadErrorKind::TooLarge { len: None } => write!(
                f,
                "cannot inspect `{name}`: it is longer than {MAX_LEN} bytes, the most that can be inspected as one file"
            ),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ReadErrorKind::Io(err) => Some(err),
            ReadErrorKind::TooLarge { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(matches!(Input::new(Path::new("-")), Input::Stdin));
        assert_eq!(Input::new(Path::new("-")).name(), "<stdin>");
        assert_eq!(Input::new(Path::new("a\nb.json")).name(), "a?b.json");
    }

    #[test]
    fn limited_read() {
        assert_eq!(read_limited(&b"abc"[..], 3).unwrap(), b"abc");
        let err = ReadError {
            name: "big.json".to_owned(),
            kind: ReadErrorKind::TooLarge { len: None },
        };
        assert!(
            err.to_string()
                .starts_with("cannot inspect `big.json`: it is longer than")
        );
    }
}
