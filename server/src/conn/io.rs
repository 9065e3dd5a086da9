//! The connection's socket as hyper sees it, with a write timeout: a client that stops reading
//! (pipelining requests and never reading the answers) leaves the kernel's send buffer full and
//! hyper's writes pending; after the write timeout the connection is reset (`SO_LINGER` 0, so
//! the kernel drops what it still holds instead of keeping it for the client).

use std::io;
use std::os::fd::AsRawFd;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Sleep;

/// A TCP stream whose writes fail once blocked for longer than the timeout.
pub struct TimedStream {
    stream: TcpStream,
    timeout: Duration,
    /// Armed while a write is blocked.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl TimedStream {
    /// `stream` with writes blocked at most `timeout`; its kernel send buffer set to
    /// `send_buffer` bytes (0: left as it is).
    pub fn new(stream: TcpStream, timeout: Duration, send_buffer: usize) -> Self {
        if send_buffer > 0 {
            let size = libc::c_int::try_from(send_buffer).unwrap_or(libc::c_int::MAX);
            set_int(&stream, libc::SOL_SOCKET, libc::SO_SNDBUF, size);
        }
        TimedStream {
            stream,
            timeout,
            stalled: None,
        }
    }

    fn blocked(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<usize>> {
        let timeout = self.timeout;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        if timer.as_mut().poll(cx).is_ready() {
            // Reset rather than close: the unread answers are dropped, not kept for the client.
            let linger = libc::linger {
                l_onoff: 1,
                l_linger: 0,
            };
            set_opt(&self.stream, libc::SOL_SOCKET, libc::SO_LINGER, &linger);
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client did not read its answers within the write timeout",
            )));
        }
        Poll::Pending
    }
}

fn set_int(stream: &TcpStream, level: libc::c_int, name: libc::c_int, value: libc::c_int) {
    set_opt(stream, level, name, &value);
}

fn set_opt<T>(stream: &TcpStream, level: libc::c_int, name: libc::c_int, value: &T) {
    let len = libc::socklen_t::try_from(std::mem::size_of::<T>()).unwrap_or(0);
    // SAFETY: the fd is open for the stream's lifetime; `value` points to a live `T` of `len`
    // bytes. A failure leaves the socket as it was, which is only less strict.
    unsafe {
        libc::setsockopt(
            stream.as_raw_fd(),
            level,
            name,
            std::ptr::from_ref(value).cast(),
            len,
        );
    }
}

impl AsyncRead for TimedStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
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
