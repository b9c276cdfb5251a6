"""Outgoing mail: SMTP when SMTP_URL is set, otherwise .eml files in data_dir/outbox."""

from __future__ import annotations

import smtplib
import ssl
import time
import uuid
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from urllib.parse import unquote, urlparse

from jinja2 import Environment, PackageLoader, select_autoescape

from api.core.config import Settings

_templates = Environment(loader=PackageLoader("api", "templates"), autoescape=select_autoescape(["html"]))


def render(template: str, **context: object) -> str:
    return _templates.get_template(template).render(**context)


def build_message(*, sender: str, to: str, subject: str, text: str, html: str | None = None) -> str:
    """The whole RFC 5322 message as text, so a workflow can carry it as plain data."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, to, subject
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain="pipeline-crm.local")
    msg.set_content(text)
    if html:
        msg.add_alternative(html, subtype="html")
    return msg.as_string()


def attach(raw: str, *, filename: str, content_type: str, data: bytes) -> str:
    """The message with one file attached."""
    from email import message_from_string
    from email import policy as email_policy

    msg = message_from_string(raw, _class=EmailMessage, policy=email_policy.default)
    maintype, _, subtype = content_type.partition("/")
    msg.add_attachment(data, maintype=maintype or "application", subtype=subtype or "octet-stream",
                       filename=filename)
    return msg.as_string()


def deliver(raw: str, *, settings: Settings, key: str | None = None) -> str:
    """Send one message; `key` makes a retried delivery to the outbox write the same file once."""
    if settings.smtp_url:
        _send_smtp(raw, settings.smtp_url)
        return "smtp"
    outbox: Path = settings.outbox_dir
    outbox.mkdir(parents=True, exist_ok=True)
    name = f"{key or (time.strftime('%Y%m%d-%H%M%S') + '-' + uuid.uuid4().hex[:8])}.eml"
    target = outbox / name
    tmp = target.with_suffix(".tmp")
    tmp.write_text(raw)
    tmp.replace(target)
    return str(target)


def _send_smtp(raw: str, url: str) -> None:
    from email import message_from_string

    parsed = urlparse(url)
    port = parsed.port or (465 if parsed.scheme == "smtps" else 587)
    message = message_from_string(raw)
    if parsed.scheme == "smtps":
        server: smtplib.SMTP = smtplib.SMTP_SSL(parsed.hostname or "localhost", port,
                                                context=ssl.create_default_context(), timeout=30)
    else:
        server = smtplib.SMTP(parsed.hostname or "localhost", port, timeout=30)
    with server:
        if parsed.scheme == "smtp" and server.has_extn("starttls"):
            server.starttls(context=ssl.create_default_context())
        if parsed.username:
            server.login(unquote(parsed.username), unquote(parsed.password or ""))
        server.send_message(message)
