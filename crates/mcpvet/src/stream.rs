//! Inspecting a large capture as a stream, with memory bounded by the largest message.
//!
//! ```text
//! reader thread ──pieces of whole lines (or whole array elements)──► N worker threads
//!      (reads blocks, cuts at a line break,                       (UTF-8 check, parse, read:
//!       counts lines)                                              mcpvet_linter::stream::read_piece)
//!                                                                       │
//! main thread ◄──────────── prepared pieces, reordered by sequence ────┘
//!   (TranscriptStream::consume: the checks, in file order; progress bar)
//! ```
//!
//! Then a second read of the file records the line and column of every offset the findings
//! point at (and, for the text format, the text of their lines), so the report renders as
//! usual without holding the file. That read starts at the piece holding the first such
//! offset and skips the pieces holding none (the reader counted the line each piece starts
//! on and knows where that line starts), so a finding near the end of a large file does not
//! cost a second read of all of it.
//!
//! Queues are bounded and the workers hand the buffers of the pieces they are done with back
//! to the reader, which reads the next pieces into them. `mcpvet json --jsonl` on a large
//! file uses the same pipeline ([`json_lines`]), each worker parsing pieces with a parser
//! of its own (its arena reused); a file with a finding is then checked again, whole.
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::Path;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;

use mcpvet_ast::transcript::InputFormat;
use mcpvet_json::ArrayElements;
use mcpvet_linter::stream::{
    JsonLinesChecker, PiecePlace, PreparedPiece, TranscriptStream, detect_format, offsets,
    read_piece, streams,
};
use mcpvet_linter::{Detection, FileReport, JsonCheckOptions, TranscriptOptions, detect};
use mcpvet_text::{LineColumn, Positions, SourceFile};

/// Captures at least this large are inspected as a stream (smaller ones are read whole,
/// which handles every capture format and renders snippets from the text).
pub(crate) const STREAM_THRESHOLD: u64 = 8 << 20;

/// Bytes read per piece (a piece grows to hold a longer line or element).
const PIECE_BYTES: usize = 1 << 20;

/// Something the progress display can follow.
pub(crate) trait Progress {
    /// `bytes` more of the file were checked.
    fn advance(&mut self, bytes: u64);
}

impl Progress for () {
    fn advance(&mut self, _: u64) {}
}

/// A piece of the file for a worker.
struct Job {
    seq: u64,
    bytes: Vec<u8>,
    place: PiecePlace,
    /// The offset in the file of the start of the line the piece's first byte lies on (the
    /// piece's own start, but for a piece of array elements that starts inside a line).
    line_start: u32,
    /// For a JSON array: the elements' byte ranges in `bytes`.
    elements: Option<Vec<Range<usize>>>,
}

/// Inspects the capture at `path` as a stream with `workers` parsing threads; returns the
/// report (its source knows the positions of the findings' offsets and, when `excerpts` is
/// set, the text of the lines findings point at); `None` when the capture's format cannot be
/// streamed (see [`streams`]) and the file must be read whole.
pub(crate) fn inspect(
    path: &Path,
    name: &str,
    options: &TranscriptOptions,
    workers: usize,
    excerpts: bool,
    progress: &mut dyn Progress,
) -> io::Result<Option<FileReport>> {
    let len = std::fs::metadata(path)?.len();
    if len > u64::from(u32::MAX) {
        return Err(io::Error::other(format!(
            "{len} bytes; at most {} bytes can be inspected as one file",
            u32::MAX
        )));
    }
    let mut file = File::open(path)?;
    // The first piece decides the format and whether it can be streamed.
    let head = read_head(&mut file, len)?;
    let file_name = Path::new(name).file_name().and_then(|n| n.to_str());
    let Some((array, format, reason)) = plan(&head, file_name, options.input_format) else {
        return Ok(None);
    };
    let mut stream = TranscriptStream::new(options, format, reason);
    // Workers finish out of order: the checks take the pieces in file order.
    let mut waiting: BTreeMap<u64, (u64, PreparedPiece)> = BTreeMap::new();
    let mut next = 0u64;
    // The start of each piece's first line, for the second read.
    let mut starts: Vec<LineStart> = Vec::new();
    run_pieces(
        file,
        head,
        Cut::new(array, true),
        workers,
        &|| (),
        // The piece keeps its buffer (its text is not copied); the stream gives it back once
        // the piece is checked, for the reader to fill again.
        &|(), job| {
            let bytes = std::mem::take(&mut job.bytes);
            let start = LineStart {
                offset: job.line_start,
                line: job.place.first_line,
            };
            (
                start,
                read_piece(bytes, job.place, format, job.elements.as_deref()),
            )
        },
        |seq, bytes, (start, piece), recycle| {
            starts.push(start);
            waiting.insert(seq, (bytes, piece));
            while let Some((bytes, piece)) = waiting.remove(&next) {
                stream.consume(piece);
                progress.advance(bytes);
                next += 1;
            }
            for buffer in stream.take_buffers() {
                recycle(buffer);
            }
            true
        },
    )?;
    starts.sort_unstable_by_key(|s| s.offset);
    let mut report = stream.finish(name);
    let positions = positions(path, len, &offsets(&report), excerpts, &starts)?;
    report.source = SourceFile::positioned(name, positions);
    Ok(Some(report))
}

/// Checks the JSON Lines file at `path` (`mcpvet json --jsonl`) piece by piece on `workers`
/// threads, with memory bounded by the longest line: its report when the file is clean,
/// `None` when a piece has a finding or the file is too large for one report (it is then read
/// whole, so the report is the one a whole-file check gives, with positions and snippets).
pub(crate) fn json_lines(
    path: &Path,
    name: &str,
    options: &JsonCheckOptions,
    workers: usize,
) -> io::Result<Option<FileReport>> {
    let file = File::open(path)?;
    let mut clean = true;
    let mut len = 0u64;
    run_pieces(
        file,
        Vec::new(),
        Cut::new(false, false),
        workers.max(1),
        &|| JsonLinesChecker::new(options),
        &|checker, job| checker.is_clean(&job.bytes, job.place.base),
        |_, bytes, piece_clean, _| {
            len += bytes;
            clean &= piece_clean;
            clean
        },
    )?;
    Ok(match u32::try_from(len) {
        Ok(len) if clean => Some(JsonLinesChecker::clean_report(name, len)),
        _ => None,
    })
}

/// How the reader cuts the file into pieces.
#[derive(Debug, Clone, Copy)]
struct Cut {
    /// Whole elements of a JSON array (else whole lines).
    array: bool,
    /// Count the line breaks of each piece (for [`PiecePlace::first_line`]).
    count_lines: bool,
}

impl Cut {
    fn new(array: bool, count_lines: bool) -> Self {
        Cut { array, count_lines }
    }
}

/// Buffers of pieces that went through a worker, kept for the reader to fill again: a fresh
/// buffer for every piece would be faulted in and zeroed by the kernel page by page.
const POOL: usize = 8;

/// The three-stage pipeline of a streamed file: a reader thread cuts the rest of `file`
/// (after `head`, already read) into pieces, `workers` threads run `work` on them (each with
/// its own state from `state`: a parser whose arena is reused), and `consume`, on the calling
/// thread, gets each result as it comes (in any order) with its sequence number and the
/// piece's length; it returns whether to go on. Queues are bounded and piece buffers are
/// recycled (a buffer `work` leaves in its job goes back at once; one it takes, `consume`
/// gives back through the function it is handed), so memory stays a few pieces whatever the
/// file's size.
fn run_pieces<S, R: Send>(
    file: File,
    head: Vec<u8>,
    cut: Cut,
    workers: usize,
    state: &(dyn Fn() -> S + Sync),
    work: &(dyn Fn(&mut S, &mut Job) -> R + Sync),
    mut consume: impl FnMut(u64, u64, R, &dyn Fn(Vec<u8>)) -> bool,
) -> io::Result<()> {
    let workers = workers.max(1);
    thread::scope(|scope| -> io::Result<()> {
        let (job_tx, job_rx) = sync_channel::<Job>(workers);
        let (done_tx, done_rx) = sync_channel::<(u64, u64, R)>(workers * 2);
        let (pool_tx, pool_rx) = sync_channel::<Vec<u8>>(POOL);
        let job_rx = Arc::new(Mutex::new(job_rx));
        for _ in 0..workers {
            let job_rx = Arc::clone(&job_rx);
            let done_tx = done_tx.clone();
            let pool_tx = pool_tx.clone();
            scope.spawn(move || {
                let mut state = state();
                loop {
                    // Hold the lock only to take a job.
                    let job = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok(mut job) = job else { return };
                    let len = job.bytes.len() as u64;
                    let result = work(&mut state, &mut job);
                    // A full pool (or a reader that has stopped) lets the buffer go.
                    if job.bytes.capacity() > 0 {
                        let _ = pool_tx.try_send(job.bytes);
                    }
                    if done_tx.send((job.seq, len, result)).is_err() {
                        return;
                    }
                }
            });
        }
        // Only the workers hold these: the reader's sends fail once they have all stopped.
        drop((job_rx, done_tx));
        // The buffers the results kept come back from here.
        let recycle = |buffer: Vec<u8>| {
            let _ = pool_tx.try_send(buffer);
        };
        let reader = scope.spawn(move || {
            if cut.array {
                cut_array(file, head, &job_tx)
            } else {
                cut_lines(file, head, &job_tx, &pool_rx, cut.count_lines)
            }
        });
        for (seq, len, result) in &done_rx {
            if !consume(seq, len, result, &recycle) {
                break;
            }
        }
        // Stops the workers, then the reader.
        drop(done_rx);
        reader
            .join()
            .map_err(|_| io::Error::other("the reading thread failed"))?
    })
}

/// Fills `buf` as far as the file goes; returns the bytes read.
fn read_up_to(file: &mut File, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// At most this much of a line is kept while positions are recorded: columns past it are
/// approximate, and a finding's excerpt shows the line's beginning.
const MAX_LINE: usize = 1 << 20;

/// The largest first piece read to decide the format: the first line, or the first element
/// of an array, must end within it.
const HEAD_MAX: usize = 64 << 20;

/// What the file at `path` is, decided from its first piece as [`mcpvet_linter::detect`]
/// decides for a whole text (a large file is almost always a capture, and its first line or
/// element says which kind).
pub(crate) fn detect_head(path: &Path) -> io::Result<Detection> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    let head = read_head(&mut file, len)?;
    Ok(detect(&lossy(&head)))
}

/// Reads the first piece of the file: a piece's worth, or more until it holds a whole first
/// line (or, for a JSON array, a whole first element).
fn read_head(file: &mut File, len: u64) -> io::Result<Vec<u8>> {
    let mut head = vec![0; PIECE_BYTES.min(usize::try_from(len).unwrap_or(PIECE_BYTES))];
    let read = read_up_to(file, &mut head)?;
    head.truncate(read);
    while head.len() < HEAD_MAX && !has_unit(&head) {
        let start = head.len();
        head.resize(start * 2, 0);
        let n = read_up_to(file, &mut head[start..])?;
        head.truncate(start + n);
        if n == 0 {
            break;
        }
    }
    Ok(head)
}

/// Whether `head` holds a whole first line, or a whole first element of an array.
fn has_unit(head: &[u8]) -> bool {
    if first_byte(head) == Some(b'[') {
        let mut scan = ArrayElements::default();
        let mut elements = Vec::new();
        scan.scan(head, 0, &mut elements);
        !elements.is_empty() || scan.closed()
    } else {
        memchr::memchr(b'\n', head).is_some()
    }
}

/// How to stream a capture that starts with `head`: `(array, format, reason)`, or `None`
/// when its format is one that is read whole.
fn plan(
    head: &[u8],
    file_name: Option<&str>,
    forced: Option<InputFormat>,
) -> Option<(bool, InputFormat, String)> {
    // A JSON array streams element by element, unless it closes on its first line and
    // more follows (JSON Lines starting with a batch); to tell a session in an array from
    // an export, the format is detected on its first elements.
    if first_byte(head) == Some(b'[') && forced.is_none_or(|f| f == InputFormat::JsonArray) {
        let mut scan = ArrayElements::default();
        let mut elements = Vec::new();
        scan.scan(head, 0, &mut elements);
        let after = elements.last().map_or(0, |e| e.end);
        let batch_line = scan.closed()
            && head[after..]
                .iter()
                .position(|&b| b == b']')
                .is_some_and(|p| first_byte(&head[after + p + 1..]).is_some());
        if !batch_line {
            let mut text = lossy(&head[..after]).into_owned();
            text.push(']');
            let (format, reason) = detect_format(&text, file_name, forced)?;
            return (format == InputFormat::JsonArray).then_some((true, format, reason));
        }
    }
    let lines = &head[..last_line_end(head).unwrap_or(head.len())];
    let (format, reason) = detect_format(&lossy(lines), file_name, forced)?;
    (streams(format) && format != InputFormat::JsonArray).then_some((false, format, reason))
}

fn first_byte(bytes: &[u8]) -> Option<u8> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    bytes.iter().copied().find(|b| !b.is_ascii_whitespace())
}

fn last_line_end(bytes: &[u8]) -> Option<usize> {
    memchr::memrchr(b'\n', bytes).map(|i| i + 1)
}

/// Takes the first `cut` bytes of `buf` as a piece; returns it with the line breaks it holds.
fn take_front(buf: &mut Vec<u8>, cut: usize) -> (Vec<u8>, u32) {
    let rest = buf.split_off(cut);
    let bytes = std::mem::replace(buf, rest);
    let lines = count_lines(&bytes);
    (bytes, lines)
}

fn count_lines(bytes: &[u8]) -> u32 {
    u32::try_from(memchr::memchr_iter(b'\n', bytes).count()).unwrap_or(u32::MAX)
}

/// Reads from `file` until `buf` holds `want` bytes or the file ends (into the buffer's spare
/// capacity: nothing is zeroed first); returns whether the file ended.
fn fill(file: &mut File, buf: &mut Vec<u8>, want: usize) -> io::Result<bool> {
    let missing = want.saturating_sub(buf.len());
    buf.reserve_exact(missing);
    file.take(missing as u64).read_to_end(buf)?;
    Ok(buf.len() < want)
}

/// Cuts the file into pieces of whole lines and sends them to the workers; each piece is
/// read into a buffer a worker gave back (`pool`) when there is one.
fn cut_lines(
    mut file: File,
    head: Vec<u8>,
    jobs: &SyncSender<Job>,
    pool: &Receiver<Vec<u8>>,
    counting: bool,
) -> io::Result<()> {
    let mut buf = head;
    let mut base = 0u32;
    let mut line = 1u32;
    let mut seq = 0u64;
    let mut eof = false;
    let mut want = PIECE_BYTES;
    loop {
        // Fill up to a piece, then cut after the last line break (or take it all at the end).
        if !eof && buf.len() < want {
            eof = fill(&mut file, &mut buf, want)?;
        }
        let cut = match last_line_end(&buf) {
            _ if eof => buf.len(),
            Some(cut) => cut,
            // A line longer than a piece: read on until it ends.
            None => {
                want = buf.len().max(PIECE_BYTES) * 2;
                continue;
            }
        };
        want = PIECE_BYTES;
        if cut == 0 {
            return Ok(());
        }
        // The start of the next piece (the line cut short) goes to the front of a buffer.
        let mut next = pool.try_recv().unwrap_or_default();
        next.clear();
        next.extend_from_slice(&buf[cut..]);
        buf.truncate(cut);
        let bytes = std::mem::replace(&mut buf, next);
        let len = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
        let lines = if counting { count_lines(&bytes) } else { 0 };
        let job = Job {
            seq,
            bytes,
            place: PiecePlace {
                base,
                first_line: line,
                first_element: 0,
            },
            // A piece of whole lines starts a line.
            line_start: base,
            elements: None,
        };
        base = base.saturating_add(len);
        line = line.saturating_add(lines);
        seq += 1;
        if jobs.send(job).is_err() || (eof && buf.is_empty()) {
            return Ok(());
        }
    }
}

/// Cuts a JSON array into pieces of whole elements and sends them to the workers.
fn cut_array(mut file: File, head: Vec<u8>, jobs: &SyncSender<Job>) -> io::Result<()> {
    let mut buf = head;
    let mut scan = ArrayElements::default();
    let mut scanned = 0usize;
    let mut elements: Vec<Range<usize>> = Vec::new();
    let mut first_element = 0u32;
    let mut base = 0u32;
    let mut line = 1u32;
    // The start of the line the next piece's first byte lies on.
    let mut line_start = 0u32;
    let mut seq = 0u64;
    let mut eof = false;
    loop {
        scan.scan(&buf, scanned, &mut elements);
        scanned = buf.len();
        let ready = elements.last().map_or(0, |e| e.end);
        if eof || scan.closed() || (ready >= PIECE_BYTES && !elements.is_empty()) {
            // Send the elements found so far; keep the bytes after the last one.
            let cut = if eof || scan.closed() {
                buf.len()
            } else {
                ready
            };
            let (bytes, lines) = take_front(&mut buf, cut);
            let count = u32::try_from(elements.len()).unwrap_or(u32::MAX);
            let job = Job {
                seq,
                bytes,
                place: PiecePlace {
                    base,
                    first_line: line,
                    first_element,
                },
                line_start,
                elements: Some(std::mem::take(&mut elements)),
            };
            if let Some(last) = last_line_end(&job.bytes) {
                line_start = base.saturating_add(u32::try_from(last).unwrap_or(u32::MAX));
            }
            first_element = first_element.saturating_add(count);
            base += u32::try_from(job.bytes.len()).unwrap_or(u32::MAX);
            line += lines;
            seq += 1;
            scan.cut_front(cut);
            scanned -= cut;
            if jobs.send(job).is_err() || eof || scan.closed() {
                return Ok(());
            }
        }
        let start = buf.len();
        buf.resize(start + PIECE_BYTES, 0);
        let n = read_up_to(&mut file, &mut buf[start..])?;
        buf.truncate(start + n);
        eof = n == 0;
    }
}

/// The start of a line the reader counted: the line each piece's first byte lies on.
#[derive(Debug, Clone, Copy)]
struct LineStart {
    /// Byte offset in the file.
    offset: u32,
    /// Its line number (1-based).
    line: u32,
}

/// Reads the file once more and records the position of each of `wanted` (sorted), in code
/// points and UTF-16 units, and (with `excerpts`) the text of the lines they start.
///
/// The read starts at the last of `starts` (sorted line starts, one per piece) at or
/// before the first offset wanted, and jumps ahead to the last one before the next offset
/// wanted whenever that lies beyond what was read: the pieces between are not read.
fn positions(
    path: &Path,
    len: u64,
    wanted: &[u32],
    excerpts: bool,
    starts: &[LineStart],
) -> io::Result<Positions> {
    let mut positions = Positions::new(u32::try_from(len).unwrap_or(u32::MAX));
    if wanted.is_empty() {
        return Ok(positions);
    }
    let mut file = File::open(path)?;
    let mut lines = Lines {
        line_start: 0,
        line_no: 1,
        current: Vec::new(),
        offset: 0,
        recorded: None,
        excerpts,
    };
    let mut next = 0usize;
    let mut buf = vec![0u8; PIECE_BYTES];
    while next < wanted.len() {
        let at = wanted[next];
        let before = starts.partition_point(|s| s.offset <= at);
        if let Some(start) = before.checked_sub(1).map(|k| starts[k])
            && start.offset > lines.offset
        {
            file.seek(SeekFrom::Start(u64::from(start.offset)))?;
            lines.restart(start);
        }
        let n = read_up_to(&mut file, &mut buf)?;
        if n == 0 {
            break;
        }
        lines.read(&buf[..n], wanted, &mut next, &mut positions);
    }
    // Offsets at the very end of the file.
    while next < wanted.len() {
        lines.record(wanted[next], &mut positions);
        next += 1;
    }
    Ok(positions)
}

/// The second read's place in the file (see [`positions`]).
struct Lines {
    /// The current line's start offset and number.
    line_start: u32,
    line_no: u32,
    /// The current line's bytes so far (bounded by [`MAX_LINE`]).
    current: Vec<u8>,
    /// The offset of the next byte to read.
    offset: u32,
    /// The last line whose text was recorded (each line's text is kept once).
    recorded: Option<u32>,
    excerpts: bool,
}

impl Lines {
    /// Goes on reading at `start` (a line start ahead of what was read).
    fn restart(&mut self, start: LineStart) {
        self.line_start = start.offset;
        self.line_no = start.line;
        self.offset = start.offset;
        self.current.clear();
    }

    /// Reads `chunk`, the bytes at [`offset`](Self::offset), recording the positions of
    /// the offsets of `wanted` from `next` on that it holds.
    fn read(&mut self, chunk: &[u8], wanted: &[u32], next: &mut usize, positions: &mut Positions) {
        let n = chunk.len();
        let mut i = 0usize;
        while i < n {
            let line_end = memchr::memchr(b'\n', &chunk[i..]).map(|p| i + p);
            let end = line_end.unwrap_or(n);
            let end_offset = self.offset + end as u32;
            // A line that ends here with no offset wanted on it is counted, not kept (one
            // that goes on into the next chunk may still hold one).
            let skip = line_end.is_some() && wanted.get(*next).is_none_or(|&w| w > end_offset);
            if !skip && self.current.len() < MAX_LINE {
                let room = MAX_LINE - self.current.len();
                self.current.extend_from_slice(&chunk[i..end.min(i + room)]);
            }
            // Positions on this line so far (including its line break).
            while *next < wanted.len()
                && wanted[*next] <= end_offset
                && (line_end.is_some() || wanted[*next] < end_offset)
            {
                let at = wanted[*next];
                self.record(at, positions);
                if self.excerpts && self.recorded != Some(self.line_start) {
                    positions.insert_line(self.line_start, self.line_no, excerpt(&self.current));
                    self.recorded = Some(self.line_start);
                }
                *next += 1;
            }
            if let Some(e) = line_end {
                self.line_start = self.offset + e as u32 + 1;
                self.line_no += 1;
                self.current.clear();
                i = e + 1;
            } else {
                i = n;
            }
        }
        self.offset += n as u32;
    }

    /// Records the position of `at`, on the current line.
    fn record(&self, at: u32, positions: &mut Positions) {
        let upto = ((at - self.line_start) as usize).min(self.current.len());
        let prefix = String::from_utf8_lossy(&self.current[..upto]);
        positions.insert(
            at,
            LineColumn {
                line: self.line_no,
                column: prefix.chars().count() as u32 + 1,
            },
            LineColumn {
                line: self.line_no,
                column: prefix.encode_utf16().count() as u32 + 1,
            },
        );
    }
}

/// `bytes` as text, invalid UTF-8 replaced: valid text (nearly always) is checked with
/// `simdutf8` and borrowed; the standard library's lossy decoder, about ten times slower on
/// the 8 MiB head a capture's format is detected on, only runs on invalid text.
fn lossy(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// A line's text for display: without its CR, lossily decoded.
fn excerpt(line: &[u8]) -> String {
    String::from_utf8_lossy(line.strip_suffix(b"\r").unwrap_or(line)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines of mixed widths (ASCII, `é`, an astral character), one far longer than a read.
    fn text(seed: u64) -> String {
        let mut state = seed;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            state >> 33
        };
        let mut text = String::new();
        for line in 0..400 {
            let len = if line == 150 {
                PIECE_BYTES + PIECE_BYTES / 3
            } else {
                (next() % 9_000) as usize
            };
            let start = text.len();
            while text.len() - start < len {
                text.push(match next() % 7 {
                    0 => 'é',
                    1 => '😀',
                    _ => 'a',
                });
            }
            text.push(if line % 5 == 0 { '\r' } else { 'x' });
            text.push('\n');
        }
        text
    }

    /// The position of `at` counted from the text, as a whole-file read gives it.
    fn expected(text: &str, at: u32, positions: &mut Positions) {
        let at = at as usize;
        let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
        let line = text[..at].matches('\n').count() as u32 + 1;
        let prefix = &text[line_start..at];
        positions.insert(
            at as u32,
            LineColumn {
                line,
                column: prefix.chars().count() as u32 + 1,
            },
            LineColumn {
                line,
                column: prefix.encode_utf16().count() as u32 + 1,
            },
        );
    }

    /// Every piece the reader cuts knows the line its first byte lies on and where that line
    /// starts: pieces of whole lines, and pieces of array elements that start inside a line
    /// (several elements to a line).
    #[test]
    fn each_piece_knows_where_its_first_line_starts() {
        let dir = std::env::temp_dir().join(format!("mcpvet-pieces-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let element = |n: usize| {
            format!(
                r#"{{"jsonrpc":"2.0","id":{n},"method":"ping","params":{{"pad":"{}"}}}}"#,
                "x".repeat(n % 300)
            )
        };
        let rows: Vec<String> = (0..20_000)
            .collect::<Vec<_>>()
            .chunks(150)
            .map(|row| {
                row.iter()
                    .map(|&n| element(n))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        let array = format!("[\n{}\n]\n", rows.join(",\n"));
        let lines: String = (0..20_000).map(|n| element(n) + "\n").collect();
        for (array_cut, text) in [(true, array), (false, lines)] {
            let path = dir.join(if array_cut { "a.json" } else { "l.jsonl" });
            std::fs::write(&path, &text).expect("written");
            let file = File::open(&path).expect("opened");
            let (tx, rx) = sync_channel::<Job>(1_000);
            let (_pool_tx, pool_rx) = sync_channel::<Vec<u8>>(1);
            if array_cut {
                cut_array(file, Vec::new(), &tx).expect("cut");
            } else {
                cut_lines(file, Vec::new(), &tx, &pool_rx, true).expect("cut");
            }
            drop(tx);
            let jobs: Vec<Job> = rx.into_iter().collect();
            assert!(jobs.len() > 2, "{} pieces", jobs.len());
            let mut inside = 0;
            for job in &jobs {
                let base = job.place.base as usize;
                let line_start = text[..base].rfind('\n').map_or(0, |i| i + 1);
                assert_eq!(job.line_start as usize, line_start, "piece at {base}");
                let line = text[..base].matches('\n').count() + 1;
                assert_eq!(job.place.first_line as usize, line, "piece at {base}");
                inside += usize::from(line_start < base);
            }
            // The array's pieces do start inside lines; the lines' pieces never do.
            assert_eq!(inside > 0, array_cut);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_second_read_skips_to_the_pieces_it_needs_and_finds_the_same_positions() {
        let dir = std::env::temp_dir().join(format!("mcpvet-positions-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        for seed in 1..4u64 {
            let text = text(seed);
            let path = dir.join(format!("{seed}.txt"));
            std::fs::write(&path, &text).expect("written");
            let len = text.len() as u64;
            // Line starts a reader could have cut at: every tenth line, the first included.
            let starts: Vec<LineStart> = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .enumerate()
                .filter(|(n, at)| n % 10 == 0 && *at < text.len())
                .map(|(n, at)| LineStart {
                    offset: at as u32,
                    line: n as u32 + 1,
                })
                .collect();
            let long_start: usize = text.split('\n').take(150).map(|l| l.len() + 1).sum();
            let long_end = long_start + text.split('\n').nth(150).expect("line 151").len();
            // Offsets at character boundaries: a few near the start, in the long line (in its
            // first read, in its second, past `MAX_LINE`), line ends, and the end of the file.
            let in_long = [
                PIECE_BYTES / 2,
                PIECE_BYTES + 10,
                MAX_LINE + PIECE_BYTES / 4,
            ];
            let mut wanted: Vec<u32> = [3usize, 10, text.len() / 3]
                .into_iter()
                .chain(in_long.map(|k| long_start + k))
                .chain(
                    text.match_indices('\n')
                        .map(|(i, _)| i)
                        .skip(seed as usize * 37)
                        .step_by(53),
                )
                .chain([text.len()])
                .map(|mut at| {
                    while !text.is_char_boundary(at) {
                        at -= 1;
                    }
                    at as u32
                })
                .collect();
            wanted.sort_unstable();
            wanted.dedup();
            let skipping = positions(&path, len, &wanted, true, &starts).expect("read");
            let whole = positions(&path, len, &wanted, true, &[]).expect("read");
            assert_eq!(skipping, whole, "seed {seed}");
            // Without the excerpts, against positions counted from the text: exact, but past
            // `MAX_LINE` bytes of a line (the long one), which are left out.
            let exact_wanted: Vec<u32> = wanted
                .iter()
                .copied()
                .filter(|&at| !(long_start + MAX_LINE < at as usize && at as usize <= long_end))
                .collect();
            assert!(exact_wanted.len() < wanted.len(), "an offset past MAX_LINE");
            let mut reference = Positions::new(len as u32);
            for &at in &exact_wanted {
                expected(&text, at, &mut reference);
            }
            let exact = positions(&path, len, &exact_wanted, false, &starts).expect("read");
            assert_eq!(exact, reference, "seed {seed}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
