"""Contact management calls (spec 3 §7 Contacts)."""

from __future__ import annotations

from typing import Annotated

from api.clients.contacts import repository, service
from api.clients.contacts.schemas import (
    Availability,
    ClientOption,
    ContactAvailabilityIn,
    ContactHistoryOut,
    ContactIdIn,
    ContactIn,
    ContactNameAvailabilityIn,
    ContactOut,
)
from api.core.deps import Authz, SessionDep
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/people", tags=["contacts"])
PAGE = "system/contact-management"


@router.get("", summary="A page of contacts")
def list_contacts(session: SessionDep, params: ListQuery,
                  actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Page[ContactOut]]:
    return ok(service.list_page(session=session, params=params))


@router.get("/get-clients", summary="Clients a contact can belong to")
def get_clients(session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[ClientOption]]:
    return ok([ClientOption.model_validate(c) for c in repository.client_options(session)])


@router.get("/history/{contact_id}", summary="A contact's changes, newest first")
def get_history(contact_id: Id, session: SessionDep,
                actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[ContactHistoryOut]]:
    return ok(service.history(session=session, contact_id=contact_id))


@router.get("/{contact_id}", summary="A contact")
def get_contact(contact_id: Id, session: SessionDep,
                actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[ContactOut]:
    return ok(service.get_out(session=session, contact_id=contact_id))


@router.post("", summary="Add a contact")
def create_contact(body: ContactIn, session: SessionDep,
                   actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[ContactOut]:
    contact = service.create(session=session, actor=actor, data=body)
    return ok(service.get_out(session=session, contact_id=contact.id))


@router.put("", summary="Update a contact (id in the body)")
def update_contact(body: ContactIn, session: SessionDep,
                   actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[ContactOut]:
    contact = service.update(session=session, actor=actor, data=body)
    return ok(service.get_out(session=session, contact_id=contact.id))


@router.put("/delete", summary="Remove a contact (its history is kept)")
def delete_contact(body: ContactIdIn, session: SessionDep,
                   actor: Annotated[User, Authz(PAGE, "delete")]) -> Envelope[None]:
    service.delete(session=session, actor=actor, contact_id=body.id)
    return ok(None)


@router.post("/check-availibility-input", summary="Is this person in this position new for the client?")
def check_availability_input(body: ContactAvailabilityIn, session: SessionDep,
                             actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Availability]:
    service.check_available(session=session, client_id=body.client_id, fullname=body.fullname,
                            position=body.position, exclude_id=body.id)
    return ok(Availability(available=True))


@router.post("/check-availibility", summary="Is this name (in this position) new for the client?")
def check_availability(body: ContactNameAvailabilityIn, session: SessionDep,
                       actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Availability]:
    service.check_available(session=session, client_id=body.client_id, fullname=body.name,
                            position=body.position, exclude_id=body.id if body.variant == "update" else None)
    return ok(Availability(available=True))
