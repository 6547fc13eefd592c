//! The words of a launch command: program names, shells, and paths written for Windows or
//! as absolute paths.

/// The program name of a command: the last path component, lower-cased, without a Windows
/// executable extension (`C:\\nodejs\\npx.cmd` gives `npx`).
pub(crate) fn program_name(command: &str) -> String {
    let last = command
        .trim()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(command)
        .to_ascii_lowercase();
    for ext in [".exe", ".cmd", ".bat", ".com"] {
        if let Some(stem) = last.strip_suffix(ext) {
            return stem.to_owned();
        }
    }
    last
}

/// Whether `program` is a shell or command interpreter that runs its arguments as a script.
pub(crate) fn is_shell(program: &str) -> bool {
    matches!(
        program,
        "sh" | "bash" | "zsh" | "dash" | "ksh" | "fish" | "cmd" | "powershell" | "pwsh"
    )
}

/// Whether `text` starts with a Windows drive path (`C:\`, `d:/`) or a UNC path (`\\host`).
pub(crate) fn is_windows_absolute(text: &str) -> bool {
    let b = text.as_bytes();
    (b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && matches!(b[2], b'\\' | b'/'))
        || text.starts_with("\\\\")
}

/// Whether `text` holds a Windows drive or UNC path at its start or after a space, `=`, a
/// quote, `,`, `;` or `(` (so `https://` and `/a:/b` do not count).
pub(crate) fn contains_windows_path(text: &str) -> bool {
    let b = text.as_bytes();
    text.char_indices().any(|(i, _)| {
        (i == 0
            || matches!(
                b[i - 1],
                b' ' | b'\t' | b'=' | b'"' | b'\'' | b',' | b';' | b'('
            ))
            && is_windows_absolute(&text[i..])
    })
}

/// Whether `text` is an absolute path on some system (`/x`, `C:\x`, `\\host\x`).
pub(crate) fn is_absolute_path(text: &str) -> bool {
    text.starts_with('/') || is_windows_absolute(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_and_paths() {
        assert_eq!(program_name("C:\\Program Files\\nodejs\\npx.cmd"), "npx");
        assert_eq!(program_name("/usr/bin/Bash"), "bash");
        assert!(is_shell("cmd") && !is_shell("node"));
        assert!(contains_windows_path("--root=C:\\x") && contains_windows_path("d:/data"));
        assert!(!contains_windows_path("https://example.com/a:/b"));
        assert!(is_absolute_path("/usr/bin") && is_absolute_path("\\\\srv\\share"));
        assert!(!is_absolute_path("./x"));
    }
}
