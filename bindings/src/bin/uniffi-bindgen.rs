//! The UniFFI binding generator, built from the same UniFFI version as the library so the
//! generated Kotlin and Swift always match it (used by `bindings/generate.sh`).

fn main() {
    uniffi::uniffi_bindgen_main()
}
