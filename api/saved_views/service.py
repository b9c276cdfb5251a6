"""Saved views: a list's state (its URL query: filters, sort, page size, columns) kept under a name, private or shared
with the team, one of them each person's default for the list.

A view belongs to one list, named by the list's page route (/leads, /system/client-management): whoever may read that
page (Casbin) keeps views of it. A team leader (anyone with someone below them in the user hierarchy) may share a view;
it is offered to everyone below them for as long as they are active and above them, so a view shared by someone who
left the team (deactivated, or moved out of the reader's line) stops being offered, and stops being anyone's default,
at the next read, with nothing to clean up. Only its owner changes or deletes a view. The URL stays the state itself:
a view is its query, so it can be sent as a link as well."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from sqlalchemy import CTE, ColumnElement, and_, delete, exists, func, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.access.models import Page
from api.core.authz import PolicyStore
from api.core.deps import ensure_allowed
from api.core.errors import Conflict, Forbidden, NotFound, ValidationFailed
from api.saved_views.models import SavedView, SavedViewDefault
from api.saved_views.schemas import SavedViewIn, SavedViewOut, SavedViewsOut
from api.users.models import User

LIST_NOT_FOUND = "List not found."
VIEW_NOT_FOUND = "View not found."
NAME_REQUIRED = "Please enter the view's name."
NAME_LIMIT = 60
NAME_TOO_LONG = f"The name cannot exceed {NAME_LIMIT} characters."
QUERY_LIMIT = 2000
QUERY_TOO_LONG = f"A view's filters cannot exceed {QUERY_LIMIT:,} characters."
ONLY_LEADERS_SHARE = "Only a team leader can share a view with the team."
VIEWS_LIMIT = 50
TOO_MANY = f"A list keeps at most {VIEWS_LIMIT} views per person: delete one first."
DROPPED_PARAMS = frozenset({"page"})  # a view opens its list at the first page


def name_taken_message(name: str) -> str:
    return f"You already have a view named '{name}' on this list."


def _list_path(session: Session, policy: PolicyStore, user: User, raw: str | None) -> str:
    """The list's page route, once the caller may read that page: 404 for a route that is no page's."""
    path = (raw or "").strip()
    code = session.scalar(select(Page.code).where(Page.url == path)) if path.startswith("/") else None
    if code is None:
        raise NotFound(LIST_NOT_FOUND)
    ensure_allowed(session=session, policy=policy, user=user, page=code, action="read")
    return path


def _leaders_of(user: User) -> CTE:
    """Everyone above the user in the hierarchy (their leader, their leader's leader...), as a recursive query."""
    line = select(User.leader_id.label("id")).where(User.id == user.id, User.leader_id.is_not(None)) \
        .cte("leaders", recursive=True)
    # UNION, not UNION ALL: a loop in the hierarchy ends instead of spinning
    return line.union(select(User.leader_id).join(line, User.id == line.c.id).where(User.leader_id.is_not(None)))


def _offered(user: User, path: str) -> ColumnElement[bool]:
    """The condition on SavedView (joined with its owner) of a view of this list the user is offered: their own, or
    one shared by an active leader above them."""
    leaders = _leaders_of(user)
    return and_(SavedView.list_path == path,
                or_(SavedView.owner_id == user.id,
                    and_(SavedView.shared.is_(True), User.is_active.is_(True),
                         SavedView.owner_id.in_(select(leaders.c.id)))))


def can_share(session: Session, user: User) -> bool:
    """Someone active reports to the user: they have a team to share a view with."""
    return bool(session.scalar(select(exists().where(User.leader_id == user.id, User.is_active.is_(True)))))


def _query(raw: str | None) -> str:
    """The list's URL query as a view keeps it: without a leading '?' or its page number, in a stable order."""
    pairs = [(k, v) for k, v in parse_qsl((raw or "").strip().lstrip("?"), keep_blank_values=True)
             if k not in DROPPED_PARAMS]
    return urlencode(pairs)


def offered(*, session: Session, policy: PolicyStore, user: User, list_path: str | None) -> SavedViewsOut:
    """The list's views for the user (their own first, then their leaders', each by name) and their default."""
    path = _list_path(session, policy, user, list_path)
    default = select(SavedViewDefault.view_id).where(SavedViewDefault.user_id == user.id,
                                                     SavedViewDefault.list_path == path).scalar_subquery()
    rows = session.execute(
        select(SavedView, User.fullname, SavedView.id == default)
        .join(User, User.id == SavedView.owner_id)
        .where(_offered(user, path))
        .order_by(SavedView.owner_id != user.id, func.lower(SavedView.name), SavedView.id)).all()
    views = [SavedViewOut(id=view.id, name=view.name, query=view.query, shared=view.shared,
                          mine=view.owner_id == user.id, owner_name=owner, is_default=bool(is_default))
             for view, owner, is_default in rows]
    return SavedViewsOut(views=views, default_id=next((v.id for v in views if v.is_default), None),
                         can_share=can_share(session, user))


def _name(raw: str | None) -> str:
    name = " ".join((raw or "").split())
    if not name:
        raise ValidationFailed(NAME_REQUIRED)
    if len(name) > NAME_LIMIT:
        raise ValidationFailed(NAME_TOO_LONG)
    return name


def _checked_query(raw: str | None) -> str:
    query = _query(raw)
    if len(query) > QUERY_LIMIT:
        raise ValidationFailed(QUERY_TOO_LONG)
    return query


def _set_default(session: Session, user: User, path: str, view_id: int | None) -> None:
    if view_id is None:
        session.execute(delete(SavedViewDefault).where(SavedViewDefault.user_id == user.id,
                                                       SavedViewDefault.list_path == path))
        return
    row = {"user_id": user.id, "list_path": path, "view_id": view_id}
    session.execute(insert(SavedViewDefault).values(row).on_conflict_do_update(
        index_elements=["user_id", "list_path"], set_={"view_id": view_id}))


def _commit(session: Session, name: str) -> None:
    try:
        session.commit()
    except IntegrityError as exc:  # a second tab saved the same name between the check and the write
        session.rollback()
        raise Conflict(name_taken_message(name)) from exc


def _check_name_free(session: Session, user: User, path: str, name: str, exclude_id: int | None) -> None:
    stmt = select(SavedView.id).where(SavedView.owner_id == user.id, SavedView.list_path == path,
                                      func.lower(SavedView.name) == name.lower())
    if exclude_id is not None:
        stmt = stmt.where(SavedView.id != exclude_id)
    if session.scalar(stmt.limit(1)) is not None:
        raise Conflict(name_taken_message(name))


def _check_sharing(session: Session, user: User, shared: bool | None) -> None:
    if shared and not can_share(session, user):
        raise Forbidden(ONLY_LEADERS_SHARE)


def create(*, session: Session, policy: PolicyStore, user: User, data: SavedViewIn) -> SavedViewsOut:
    """Save the list's state under a name (shared and the default as asked); answers the list's views."""
    path = _list_path(session, policy, user, data.list)
    name, query = _name(data.name), _checked_query(data.query)
    _check_sharing(session, user, data.shared)
    kept = session.scalar(select(func.count()).where(SavedView.owner_id == user.id, SavedView.list_path == path))
    if (kept or 0) >= VIEWS_LIMIT:
        raise ValidationFailed(TOO_MANY)
    _check_name_free(session, user, path, name, None)
    view = SavedView(owner_id=user.id, list_path=path, name=name, query=query, shared=bool(data.shared))
    session.add(view)
    session.flush()
    if data.is_default:
        _set_default(session, user, path, view.id)
    _commit(session, name)
    return offered(session=session, policy=policy, user=user, list_path=path)


def _own_or_404(session: Session, user: User, view_id: int) -> SavedView:
    view = session.get(SavedView, view_id)
    if view is None or view.owner_id != user.id:
        raise NotFound(VIEW_NOT_FOUND)
    return view


def change(*, session: Session, policy: PolicyStore, user: User, view_id: int, data: SavedViewIn) -> SavedViewsOut:
    """Rename one of the caller's views, keep the list's current state in it, share or unshare it, or make it (or no
    longer) their default: each field given."""
    view = _own_or_404(session, user, view_id)
    path = _list_path(session, policy, user, view.list_path)
    if data.name is not None:
        name = _name(data.name)
        _check_name_free(session, user, path, name, view.id)  # before the change: a flush would meet the index
        view.name = name
    if data.query is not None:
        view.query = _checked_query(data.query)
    if data.shared is not None:
        _check_sharing(session, user, data.shared)
        view.shared = data.shared
    if data.is_default is not None:
        current = session.get(SavedViewDefault, (user.id, path))
        if data.is_default:
            _set_default(session, user, path, view.id)
        elif current is not None and current.view_id == view.id:
            _set_default(session, user, path, None)
    _commit(session, view.name)
    return offered(session=session, policy=policy, user=user, list_path=path)


def remove(*, session: Session, policy: PolicyStore, user: User, view_id: int) -> SavedViewsOut:
    """Delete one of the caller's views (shared, it is no longer offered; a default, the list opens as it comes)."""
    view = _own_or_404(session, user, view_id)
    path = view.list_path
    session.delete(view)
    session.commit()
    return offered(session=session, policy=policy, user=user, list_path=path)


def choose_default(*, session: Session, policy: PolicyStore, user: User, list_path: str,
                   view_id: int | None) -> SavedViewsOut:
    """The view the caller opens the list with: one offered to them (their own or shared with them), or none."""
    path = _list_path(session, policy, user, list_path)
    if view_id is not None:
        found = session.scalar(select(SavedView.id).join(User, User.id == SavedView.owner_id)
                               .where(SavedView.id == view_id, _offered(user, path)))
        if found is None:
            raise NotFound(VIEW_NOT_FOUND)
    _set_default(session, user, path, view_id)
    session.commit()
    return offered(session=session, policy=policy, user=user, list_path=path)
