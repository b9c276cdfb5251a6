"""A second factor for password sign-ins: time-based one-time codes (RFC 6238) from an authenticator app, and ten
single-use recovery codes (README "Second factor")."""
