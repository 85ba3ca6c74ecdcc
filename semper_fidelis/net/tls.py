"""TLS for hosted games (wss://), on request: the host's certificate and key, a joiner's trust
(the system's store, or ``--ca FILE``), and the host's own app, which trusts exactly the
host's certificate over loopback. Every bad or missing file is a ValueError with one line."""

from __future__ import annotations

import ssl
from pathlib import Path

from ..i18n import _


def _no_password() -> bytes:
    raise ValueError(_("the key is protected by a passphrase"))


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """The host's side: its certificate (PEM, the chain after it) and the key to it, unencrypted."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key, password=_no_password)  # never a prompt on the terminal
    except OSError as exc:  # ssl.SSLError is one: a file that is not PEM, a key that does not fit
        raise ValueError(_("--tls-cert {cert} --tls-key {key}: {why}", cert=cert, key=key, why=_reason(exc))) from None
    except ValueError as exc:
        raise ValueError(_("--tls-key {key}: {why}: give a key without one (readable by you only)", key=key, why=exc)) from None
    return context


def client_context(ca: Path | None) -> ssl.SSLContext:
    """A joiner's side: the host's certificate checked against ``ca`` (a PEM file of trusted
    certificates, e.g. the host's own self-signed one), else against the system's store."""
    try:
        return ssl.create_default_context(cafile=ca)
    except OSError as exc:
        raise ValueError(_("--ca {ca}: {why}", ca=ca, why=_reason(exc))) from None


def own_context(cert: Path) -> ssl.SSLContext:
    """The host's own app, on loopback: it trusts the host's certificate itself and nothing else,
    whatever names the certificate carries (it connects to an address, not to one of them)."""
    context = ssl.create_default_context(cafile=cert)
    context.check_hostname = False
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN  # a certificate signed by a CA is trusted as itself
    return context


def _reason(exc: OSError) -> str:
    if isinstance(exc, ssl.SSLError):
        return f"not a usable certificate and key in PEM ({exc.reason or exc})"
    return str(exc.strerror or exc)
