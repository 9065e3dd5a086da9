//! Getting finished games to the collector: the durable outbox (`outbox`), the HTTP call as a
//! foreign-implementable trait (`transport`), the wire messages shared with the server (`wire`),
//! and the client side of the protocol (`protocol`).

pub mod outbox;
pub mod protocol;
pub mod transport;
pub mod wire;

pub use outbox::{Outbox, OutboxEntry, OutboxError, OutboxStatus, RejectedEntry, WriteOutcome};
pub use protocol::{
    BackoffPolicy, SyncClient, SyncConfig, SyncError, SyncOutcome, SyncReport, SyncState, sync_once,
};
pub use transport::{HttpHeader, HttpRequest, HttpResponse, HttpTransport, TransportError};
