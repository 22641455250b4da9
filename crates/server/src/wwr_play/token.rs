//! Player links: a token of 32 bytes from the system's secure random source, written
//! base64url (43 characters, no padding). The store keeps only its SHA-256 (hex), so a copy
//! of the database opens no player's page.

use base64::Engine as _;
use sha2::{Digest, Sha256};

use super::error::PlayError;

/// A new link token.
pub fn mint() -> Result<String, PlayError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| PlayError::Random(e.to_string()))?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

/// The SHA-256 of a token, as 64 lowercase hex digits: what the store keeps.
pub fn hash(token: &str) -> String {
    sha256_hex(token.as_bytes())
}

/// The SHA-256 of some bytes, as 64 lowercase hex digits (a token's, a stored book's).
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A dealing seed from the system's secure random source.
pub fn seed() -> Result<u64, PlayError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| PlayError::Random(e.to_string()))?;
    Ok(u64::from_le_bytes(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_43_url_safe_characters_and_never_repeats() {
        let a = mint().unwrap();
        assert_eq!(a.len(), 43);
        assert!(
            a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
        assert_ne!(a, mint().unwrap());
    }

    #[test]
    fn the_hash_is_sha_256_in_hex() {
        // SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
