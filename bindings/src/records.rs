//! Game records across the FFI: validation of record JSON.

use crate::remote::PlyError;
use ply_app::guard::guard;

/// Parses and validates a record v1 JSON document by replaying every move through the rules;
/// returns the record id, or `BadRecord` with the reason.
#[uniffi::export]
pub fn validate_record_json(json: String) -> Result<String, PlyError> {
    guard("validate_record_json", || {
        let record =
            ply_core::record::parse_record(json.as_bytes()).map_err(|e| PlyError::BadRecord {
                reason: e.to_string(),
            })?;
        Ok(record.id)
    })
}
