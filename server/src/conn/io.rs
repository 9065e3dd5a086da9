//! The connection's socket as hyper sees it, with a write timeout: a client that stops reading
//! (pipelining requests and never reading the answers) leaves the kernel's send buffer full and
//! hyper's writes pending; after the write timeout the connection is reset (`SO_LINGER` 0, so
//! the kernel drops what it still holds instead of keeping it for the client).
//!
//! A connection that ends with answers still queued in the kernel (the client asked for them
//! and stopped reading) keeps its place under the connection caps until the kernel has
//! delivered them, for at most the write timeout, and is then reset: a closed socket's data
//! would otherwise stay in the kernel, counted by no cap, while the address opens more.
//!
//! Reads pass through a [`FramingScan`], which notes a request head naming both
//! `Content-Length` and `Transfer-Encoding`: hyper reads such a request by its chunked framing
//! and drops the `Content-Length` before any handler sees it, but a proxy in front of the
//! server may have framed it by the length (request smuggling, RFC 9112 6.3), so the request
//! is refused instead (see `accept.rs`).

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Sleep;

use super::caps::Slot;

/// How often a closed connection's unsent bytes are looked at while it keeps its place.
const DRAIN_POLL: Duration = Duration::from_millis(50);

/// A TCP stream whose writes fail once blocked for longer than the timeout, and whose reads
/// are scanned for ambiguous framing.
pub struct TimedStream {
    stream: TcpStream,
    timeout: Duration,
    /// Armed while a write is blocked.
    stalled: Option<Pin<Box<Sleep>>>,
    framing: FramingScan,
    /// The connection's place under the caps, given back when the kernel holds nothing more
    /// of it (see [`Drop`]).
    slot: Option<Slot>,
    /// Set once the connection was reset: the kernel dropped what it held.
    reset: bool,
}

/// Watches the bytes a client sends for a block of header lines (lines up to an empty one)
/// holding both a `Content-Length` and a `Transfer-Encoding` line, and raises a flag the
/// connection's service reads before it serves a request. hyper parses a request head before
/// it calls the service, and its bytes come through here first, so the flag is up by then.
///
/// The scan does not track where bodies begin and end: the same two lines inside a body would
/// raise the flag too, which refuses a request no client of this API sends.
#[derive(Debug, Default)]
pub struct FramingScan {
    /// The current line's first bytes, lower-cased (enough to tell the two header names).
    prefix: [u8; PREFIX],
    /// Bytes of the current line other than a carriage return.
    line_len: usize,
    content_length: bool,
    transfer_encoding: bool,
    ambiguous: Arc<AtomicBool>,
}

/// `transfer-encoding:` is the longer of the two names the scan looks for.
const PREFIX: usize = 18;

impl FramingScan {
    /// The flag raised once an ambiguous head was seen on this connection.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.ambiguous)
    }

    /// Scans the next bytes read.
    pub fn scan(&mut self, bytes: &[u8]) {
        for &b in bytes {
            match b {
                b'\n' => self.end_line(),
                b'\r' => {}
                _ => {
                    if let Some(slot) = self.prefix.get_mut(self.line_len) {
                        *slot = b.to_ascii_lowercase();
                    }
                    self.line_len += 1;
                }
            }
        }
    }

    fn end_line(&mut self) {
        let line = &self.prefix[..self.line_len.min(PREFIX)];
        if self.line_len == 0 {
            // The end of a head (or a blank line in a body): a new block starts.
            self.content_length = false;
            self.transfer_encoding = false;
        } else if line.starts_with(b"content-length:") {
            self.content_length = true;
        } else if line.starts_with(b"transfer-encoding:") {
            self.transfer_encoding = true;
        }
        if self.content_length && self.transfer_encoding {
            self.ambiguous.store(true, Ordering::Release);
        }
        self.line_len = 0;
    }
}

impl TimedStream {
    /// `stream` with writes blocked at most `timeout`; its kernel send buffer set to
    /// `send_buffer` bytes (0: left as it is). `slot` is the connection's place under the caps: it is given back when the stream is
    /// dropped and the kernel has sent what was written, or `timeout` later.
    pub fn new(stream: TcpStream, timeout: Duration, send_buffer: usize, slot: Slot) -> Self {
        if send_buffer > 0 {
            let size = libc::c_int::try_from(send_buffer).unwrap_or(libc::c_int::MAX);
            set_int(&stream, libc::SOL_SOCKET, libc::SO_SNDBUF, size);
        }
        TimedStream {
            stream,
            timeout,
            stalled: None,
            framing: FramingScan::default(),
            slot: Some(slot),
            reset: false,
        }
    }

    /// Raised once the client sent a head with both `Content-Length` and `Transfer-Encoding`.
    pub fn ambiguous_framing(&self) -> Arc<AtomicBool> {
        self.framing.flag()
    }

    fn blocked(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<usize>> {
        let timeout = self.timeout;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        if timer.as_mut().poll(cx).is_ready() {
            // Reset rather than close: the unread answers are dropped, not kept for the client.
            reset(self.stream.as_raw_fd());
            self.reset = true;
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client did not read its answers within the write timeout",
            )));
        }
        Poll::Pending
    }
}

impl Drop for TimedStream {
    /// Closing a socket whose answers the client has not read leaves them in the kernel, which
    /// keeps trying to deliver them long after the connection's place was given back (up to the
    /// send buffer per socket, counted by no cap). So when bytes are still queued, the socket
    /// is kept open through a duplicate descriptor, half-closed as a close would (FIN after the
    /// data), and its place held until the queue is empty or the write timeout has passed; then
    /// it is reset, which frees what is left. When the client left unread data of its own, a
    /// close resets the connection anyway and nothing is kept.
    fn drop(&mut self) {
        let Some(slot) = self.slot.take() else {
            return;
        };
        if self.reset {
            return;
        }
        let fd = self.stream.as_raw_fd();
        if unsent(fd) == 0 || unread(fd) > 0 {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        // SAFETY: `fd` is open (the stream is still alive); dup gives a new descriptor to the
        // same socket, owned below and closed exactly once.
        let copy = unsafe { libc::dup(fd) };
        if copy < 0 {
            // Out of descriptors: close as before, the place given back now.
            return;
        }
        // SAFETY: `copy` was just returned by dup and nothing else owns it.
        let copy = unsafe { OwnedFd::from_raw_fd(copy) };
        // SAFETY: a valid descriptor; SHUT_WR queues the FIN behind the unsent data, as the
        // close of the original descriptor would have if it were the last one.
        unsafe { libc::shutdown(copy.as_raw_fd(), libc::SHUT_WR) };
        let deadline = tokio::time::Instant::now() + self.timeout;
        runtime.spawn(async move {
            let _slot = slot;
            while unsent(copy.as_raw_fd()) > 0 {
                if tokio::time::Instant::now() >= deadline {
                    reset(copy.as_raw_fd());
                    break;
                }
                tokio::time::sleep(DRAIN_POLL).await;
            }
        });
    }
}

/// Bytes written to the socket that the peer has not acknowledged (Linux `SIOCOUTQ`); 0 where
/// the system cannot tell, which gives the place back at once as before.
fn unsent(fd: RawFd) -> libc::c_int {
    queued(fd, QueueSide::Send)
}

/// Bytes received that the server has not read (`FIONREAD`).
fn unread(fd: RawFd) -> libc::c_int {
    queued(fd, QueueSide::Receive)
}

enum QueueSide {
    Send,
    Receive,
}

#[cfg(target_os = "linux")]
fn queued(fd: RawFd, side: QueueSide) -> libc::c_int {
    let request = match side {
        QueueSide::Send => libc::TIOCOUTQ,
        QueueSide::Receive => libc::FIONREAD,
    };
    let mut n: libc::c_int = 0;
    // SAFETY: `fd` is an open socket and `n` a live c_int the ioctl writes.
    let done = unsafe { libc::ioctl(fd, request, &mut n) };
    if done < 0 { 0 } else { n }
}

#[cfg(not(target_os = "linux"))]
fn queued(_fd: RawFd, _side: QueueSide) -> libc::c_int {
    0
}

/// Resets the socket when its last descriptor closes (`SO_LINGER` 0): the kernel drops what
/// it still holds.
fn reset(fd: RawFd) {
    let linger = libc::linger {
        l_onoff: 1,
        l_linger: 0,
    };
    set_opt(fd, libc::SOL_SOCKET, libc::SO_LINGER, &linger);
}

fn set_int(stream: &TcpStream, level: libc::c_int, name: libc::c_int, value: libc::c_int) {
    set_opt(stream.as_raw_fd(), level, name, &value);
}

fn set_opt<T>(fd: RawFd, level: libc::c_int, name: libc::c_int, value: &T) {
    let len = libc::socklen_t::try_from(std::mem::size_of::<T>()).unwrap_or(0);
    // SAFETY: callers pass an open descriptor; `value` points to a live `T` of `len` bytes. A
    // failure leaves the socket as it was, which is only less strict.
    unsafe {
        libc::setsockopt(fd, level, name, std::ptr::from_ref(value).cast(), len);
    }
}

impl AsyncRead for TimedStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = polled {
            let this = &mut *self;
            this.framing.scan(&buf.filled()[before..]);
        }
        polled
    }
}

impl AsyncWrite for TimedStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.stream).poll_write(cx, buf) {
            Poll::Pending => self.blocked(cx),
            done => {
                self.stalled = None;
                done
            }
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ambiguous(chunks: &[&[u8]]) -> bool {
        let mut scan = FramingScan::default();
        for chunk in chunks {
            scan.scan(chunk);
        }
        scan.flag().load(Ordering::Acquire)
    }

    #[test]
    fn a_head_with_both_framings_is_flagged_in_either_order_and_any_case() {
        assert!(ambiguous(&[
            b"POST / HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
        ]));
        assert!(ambiguous(&[
            b"POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\nHost: x\r\nCONTENT-LENGTH: 4\r\n\r\n"
        ]));
        // Split anywhere across reads, bare line feeds too.
        assert!(ambiguous(&[
            b"POST / HTTP/1.1\nConte",
            b"nt-Len",
            b"gth: 4\nTransfer-Enc",
            b"oding: chunked\n\n"
        ]));
        // A second, pipelined request carrying both.
        assert!(ambiguous(&[
            b"GET / HTTP/1.1\r\nHost: x\r\n\r\nPOST / HTTP/1.1\r\n",
            b"Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"
        ]));
    }

    #[test]
    fn ordinary_requests_are_not_flagged() {
        assert!(!ambiguous(&[
            b"POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}"
        ]));
        assert!(!ambiguous(&[
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
        ]));
        // One in each of two requests is no ambiguity.
        assert!(!ambiguous(&[
            b"POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}",
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        ]));
        // A header whose value names the other is not the other header.
        assert!(!ambiguous(&[
            b"POST / HTTP/1.1\r\nX-Note: transfer-encoding: chunked\r\nContent-Length: 0\r\n\r\n"
        ]));
    }
}
