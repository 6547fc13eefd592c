//! Duplicate keys (MCP002): each object's keys are hashed as they are read and compared
//! when the object closes, on raw key text unless a key holds an escape.
use std::borrow::Cow;

use mcpvet_diagnostics::{Diagnostic, Label, Severity};

use super::{Frame, Parser};
use crate::codes;
use crate::document::flags;

impl Parser<'_> {
    /// The decoded bytes of key node `key` (borrowed when it holds no escape).
    fn key_bytes(&self, key: u32) -> Cow<'_, [u8]> {
        let node = self.nodes[key as usize];
        let raw = &self.bytes[crate::decode::content_range(node)];
        if node.flags & flags::ESCAPES == 0 {
            Cow::Borrowed(raw)
        } else {
            let text = std::str::from_utf8(raw).unwrap_or("");
            Cow::Owned(crate::decode::unescape(text).into_bytes())
        }
    }

    /// Reports keys of the object of `frame` (just closed) that repeat an earlier key; its
    /// keys and their hashes are the top of the key stack. Compares raw key text when no key
    /// of the object holds an escape (the common case), decoded keys otherwise.
    #[inline(never)]
    pub(super) fn duplicate_keys(&mut self, frame: &Frame) {
        let keys = std::mem::take(&mut self.key_stack);
        let own = &keys[frame.keys_start as usize..];
        if frame.escaped_keys {
            let ids: Vec<u32> = own.iter().map(|&(_, k)| k).collect();
            self.duplicate_keys_decoded(&ids);
        } else if own.len() <= 16 {
            for j in 1..own.len() {
                let (h, key) = own[j];
                if own[..j].iter().any(|&(other, _)| other == h) {
                    let raw = self.raw_key(key);
                    if let Some(&(_, first)) = own[..j]
                        .iter()
                        .find(|&&(other, k)| other == h && self.raw_key(k) == raw)
                    {
                        self.report_duplicate(first, key);
                    }
                }
            }
        } else {
            // A filter of 16 bits per key (at most 4096): only keys whose bit is already set
            // are compared (by full hash, then text) with the earlier keys.
            let mut storage = [0u64; 64];
            let bits = (own.len() * 16).next_power_of_two().min(4096);
            let filter = &mut storage[..bits / 64];
            for j in 0..own.len() {
                let (h, key) = own[j];
                let bit = (h >> 8) as usize & (bits - 1);
                let (word, mask) = (bit >> 6, 1u64 << (bit & 63));
                if filter[word] & mask != 0 {
                    let raw = self.raw_key(key);
                    if let Some(&(_, first)) = own[..j]
                        .iter()
                        .find(|&&(other, k)| other == h && self.raw_key(k) == raw)
                    {
                        self.report_duplicate(first, key);
                    }
                }
                filter[word] |= mask;
            }
        }
        self.key_stack = keys;
    }

    #[inline]
    fn raw_key(&self, key: u32) -> &[u8] {
        let node = self.nodes[key as usize];
        &self.bytes[node.start as usize + 1
            ..(node.end as usize)
                .saturating_sub(1)
                .max(node.start as usize + 1)]
    }

    #[cold]
    fn duplicate_keys_decoded(&mut self, keys: &[u32]) {
        // Keys compare as UTF-16 code units, as in JavaScript: two different lone surrogates
        // are different keys even though both decode to U+FFFD.
        let decoded: Vec<(Vec<u16>, u32)> = keys
            .iter()
            .map(|&k| {
                let raw = std::str::from_utf8(self.raw_key(k)).unwrap_or("");
                (crate::decode::utf16_units(raw), k)
            })
            .collect();
        let mut found = Vec::new();
        for j in 1..decoded.len() {
            if let Some(i) = decoded[..j]
                .iter()
                .find(|(units, _)| *units == decoded[j].0)
            {
                found.push((i.1, decoded[j].1));
            }
        }
        drop(decoded);
        for (first, again) in found {
            self.report_duplicate(first, again);
        }
    }

    fn report_duplicate(&mut self, first: u32, again: u32) {
        let (a, b) = (self.nodes[first as usize], self.nodes[again as usize]);
        let name = String::from_utf8_lossy(&self.key_bytes(again)).into_owned();
        let shown: String = name.chars().take(60).collect();
        self.diagnostics.push(
            Diagnostic::new(
                codes::DUPLICATE_KEY,
                Severity::Warning,
                b.span(),
                format!("duplicate key `{shown}`: most clients keep only the last value"),
            )
            .with_label("defined again here")
            .with_secondary(Label::with_message(a.span(), "first defined here"))
            .with_help("remove one of the two members"),
        );
    }
}

/// A cheap hash of the key whose contents are `bytes[start..end]`: its length and its first
/// and last eight bytes. A short key is read as eight bytes from the source (the closing quote
/// and what follows are masked off), so there is no per-byte loop.
#[inline]
pub(super) fn quick_hash(bytes: &[u8], start: usize, end: usize) -> u64 {
    let len = end - start;
    let head = match bytes.get(start..).and_then(<[u8]>::first_chunk::<8>) {
        Some(chunk) if len < 8 => u64::from_le_bytes(*chunk) & ((1u64 << (8 * len)) - 1),
        Some(chunk) => u64::from_le_bytes(*chunk),
        // Near the end of the input: the same little-endian value, byte by byte.
        None => bytes[start..end]
            .iter()
            .rev()
            .fold(0u64, |h, &b| (h << 8) | u64::from(b)),
    };
    let tail = if len > 8 {
        bytes[..end]
            .last_chunk::<8>()
            .map_or(0, |c| u64::from_le_bytes(*c))
    } else {
        0
    };
    let h = head ^ tail.rotate_left(29) ^ (len as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20
}
