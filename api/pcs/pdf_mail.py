"""Mail a PDF (the /pdf test page's 'Send by mail'): the file is stored, and SendMailWorkflow attaches it."""

from __future__ import annotations

import re
import uuid
from typing import BinaryIO

from api.clients.contacts.validation import EMAIL_INVALID
from api.core import uploads
from api.core.config import Settings
from api.core.errors import AppError, ValidationFailed
from api.core.mail import build_message
from api.core.storage import Storage
from api.core.temporal import Client as TemporalClient
from api.core.temporal import send_mail
from api.pcs.pid_schemas import PdfMailSent
from api.users.models import User
from workflows.contracts.mail import MailAttachment, SendMailInput

MAX_BYTES = uploads.MAIL_PDF.max_bytes
TOO_LARGE = uploads.TOO_LARGE
NOT_PDF = uploads.MAIL_PDF.unsupported
NO_FILE = "Please attach the PDF to send."
NO_ADDRESS = "Please enter the e-mail address to send it to."
UNAVAILABLE = "Mail is unavailable right now. Please try again in a moment."
ATTACHMENT_NAME = "project-cost-sheet.pdf"  # spec 3 §9
NAMESPACE = "mail"
_ADDRESS = re.compile(r"^[^@\s<>,;\"]+@[^@\s<>,;\"]+\.[A-Za-z0-9-]{2,}$")


def accept(file: BinaryIO, filename: str) -> uploads.Upload:
    """The attachment checked by size and content (a PDF, whatever its name), or the refusal."""
    if file.seek(0, 2) == 0:
        raise ValidationFailed(NO_FILE)
    return uploads.inspect(file, filename, uploads.MAIL_PDF)


def send_pdf(*, temporal: TemporalClient | None, settings: Settings, storage: Storage, actor: User,
             upload: uploads.Upload, to: str | None) -> PdfMailSent:
    """Send the PDF to `to` (the caller's own address by default) through the mail workflow."""
    address = (to or "").strip() or actor.email
    # a plain shape check: internal addresses such as name@company.local are fine here
    if to and to.strip() and not _ADDRESS.match(to.strip()):
        raise ValidationFailed(EMAIL_INVALID)
    if not address:
        raise ValidationFailed(NO_ADDRESS)
    if temporal is None:
        raise AppError(UNAVAILABLE, status=503)
    token = uuid.uuid4().hex
    key = f"{token}.pdf"
    storage.save(NAMESPACE, key, upload.file)
    raw = build_message(sender=settings.mail_from, to=address, subject="Project Cost Sheet",
                        text=f"Hello,\n\n{actor.fullname} sent you a project cost sheet; the PDF is attached "
                             f"({ATTACHMENT_NAME}).\n\nPipeline CRM")
    workflow_id = f"mail-pcs-pdf-{token}"
    try:
        send_mail(temporal,
                  SendMailInput(raw=raw, purpose="pcs-pdf",
                                attachment=MailAttachment(namespace=NAMESPACE, key=key, filename=ATTACHMENT_NAME,
                                                          content_type="application/pdf")),
                  workflow_id=workflow_id, task_queue=settings.temporal_task_queue)
    except Exception as exc:
        storage.delete(NAMESPACE, key)
        raise AppError(UNAVAILABLE, status=503) from exc
    return PdfMailSent(message=f"The PDF has been sent to {address}.", to=address, workflow_id=workflow_id)
