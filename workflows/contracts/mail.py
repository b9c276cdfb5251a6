"""The mail workflows' contracts: a prepared message to deliver, a password reset mail and a sign-in code to send."""

from __future__ import annotations

from dataclasses import dataclass

SEND_MAIL = "SendMailWorkflow"
PASSWORD_RESET_MAIL = "PasswordResetMailWorkflow"
SIGN_IN_CODE_MAIL = "SignInCodeMailWorkflow"


@dataclass
class MailAttachment:
    """A file in storage (namespace/key) attached under `filename` when the message is delivered."""

    namespace: str
    key: str
    filename: str
    content_type: str = "application/octet-stream"


@dataclass
class SendMailInput:
    raw: str  # the whole RFC 5322 message ("" for a notification mail: its activity writes it)
    purpose: str  # e.g. password-reset, for finding it in the Temporal UI
    attachment: MailAttachment | None = None  # a stored file added on delivery (kept out of the history)
    # a notification mail (notification_mails.id): its message, with any Approve and Reject links minted then, is
    # written by the delivering activity, so no link enters the history
    notification_mail_id: int | None = None


@dataclass
class DeliverMail:
    raw: str
    key: str  # the workflow id: a retried delivery writes the same outbox file
    attachment: MailAttachment | None = None


@dataclass
class DeliverNotificationMail:
    mail_id: int
    key: str  # the workflow id: a retried delivery writes the same outbox file


@dataclass
class PasswordResetMailInput:
    username: str  # as typed
    base_url: str  # the front end's origin for the link, already checked by the API


@dataclass
class PasswordResetMail:
    username: str
    base_url: str
    key: str  # the workflow id: a retry mails the same link to the same outbox file


@dataclass
class SignInCodeMailInput:
    challenge: str  # the sign-in challenge's name in Redis (a digest: it cannot answer the challenge); never the code


@dataclass
class SignInCodeMail:
    challenge: str
    key: str  # the workflow id: the code is derived from it, so a retry mails the same code to the same outbox file
