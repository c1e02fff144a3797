"""The shares themselves (part 2 §3 'Sharing entry', §7 '/share'): the owner adds, changes and
removes addresses and the new ones are told by e-mail, a member leaves an item shared with them,
and an entity's or an account's shares go when it is deleted.

Who may do each is the policy's to say (sharing/service.py); every change here makes it read what
is shared again, and tells the live stream (sharing/announce.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from sqlalchemy import Connection, bindparam, delete, select

from larder.core.base.errors import Conflict, FormError, NotFound
from larder.core.db.uow import unit_of_work
from larder.core.events.events import DELETED, UPDATED
from larder.core.mail.email import Mail, Mailer
from larder.sharing.mails import ShareMails, address_problem
from larder.sharing.models import Share
from larder.sharing.terms import MSG_NOT_FOUND, Action, EntityType, Member, ShareEntry, entity_scope

if TYPE_CHECKING:
    from larder.sharing.service import AccessPolicy

MSG_OWN_ADDRESS: Final = "This is your own address: share with someone else."

# Built once (every owner's page asks it); the values are bound at each call.
_SHARES_OF = (
    select(Share.entity_id, Share.email, Share.can_edit)
    .where(Share.entity_type == bindparam("entity_type"), Share.entity_id.in_(bindparam("ids", expanding=True)))
    .order_by(Share.id)
)


def share_mail(sharer: str, noun: str, name: str, link: str, to: str) -> Mail:
    """The same text whether or not the address has an account, so a share never tells anyone
    which addresses are registered."""
    body = "\n".join(
        [
            f"{sharer} shared the {noun} '{name}' with you on Larder.",
            "",
            f"Open it: {link}",
            "",
            "No Larder account yet? Ask your household for an invite code and register with this",
            "e-mail address; what was shared with you will be there once the address is verified.",
        ]
    )
    return Mail(to=to, subject=f"{sharer} shared the {noun} '{name}' with you", body=body)


def _wanted(
    member: Member, shared_with: list[ShareEntry], unshared_with: list[str]
) -> tuple[dict[str, bool], set[str]]:
    """The addresses to share with (and whether each may edit) and those to unshare, as stored;
    422 for an address no one types, 409 for the caller's own."""
    wanted = {entry.email.strip().lower(): entry.canEdit for entry in shared_with}
    gone = {email.strip().lower() for email in unshared_with}
    for email in wanted:
        problem = address_problem(email)
        if problem:
            raise FormError({"shared_with": [problem]})
    if member.email.lower() in wanted:
        # A well-formed address the document cannot tell from any other: a conflict, not a 422.
        raise Conflict(MSG_OWN_ADDRESS)
    return wanted, gone


class ShareManager:
    """The shares of one request's policy: it asks the policy who may change them and has it read
    them again once they changed."""

    def __init__(self, policy: AccessPolicy, *, mailer: Mailer | None = None, public_url: str = "") -> None:
        self.policy = policy
        self.session = policy.session
        self.entities = policy.entities
        self.events = policy.events
        self.mailer = mailer
        self.public_url = public_url

    async def shares_of(self, entity_type: EntityType, entity_ids: list[int]) -> dict[int, list[ShareEntry]]:
        """Each item's `shared_with` entries ({email, canEdit}), for the owner's share dialog."""
        found: dict[int, list[ShareEntry]] = {entity_id: [] for entity_id in entity_ids}
        if entity_ids:
            rows = await self.session.execute(_SHARES_OF, {"entity_type": entity_type.value, "ids": list(entity_ids)})
            for entity_id, email, can_edit in rows:
                found[entity_id].append(ShareEntry(email=email, canEdit=can_edit))
        return found

    @staticmethod
    def shares_here(connection: Connection, entity_type: EntityType, entity_id: int) -> list[ShareEntry]:
        """One item's entries, read on the event loop's own connection (`UnitOfWork.read_here`)."""
        rows = connection.execute(_SHARES_OF, {"entity_type": entity_type.value, "ids": [entity_id]})
        return [ShareEntry(email=email, canEdit=can_edit) for _id, email, can_edit in rows]

    async def change_shares(
        self,
        member: Member,
        entity_type: EntityType,
        entity_id: int,
        shared_with: list[ShareEntry],
        unshared_with: list[str],
    ) -> list[ShareEntry]:
        """PUT /share: the owner adds addresses, flips canEdit and removes addresses at once."""
        # Decided and written in the entity's turn: a list's writer that checks its right after
        # this change sees it.
        async with unit_of_work(self.session).write(entity_scope(entity_type, entity_id)):
            owner_id = await self._owner(entity_type, entity_id)
            await self.policy.require(member, entity_type, entity_id, owner_id, Action.SHARE, not_found=MSG_NOT_FOUND)
            wanted, gone = _wanted(member, shared_with, unshared_with)
            existing = {
                share.email: share
                for share in await self.session.scalars(
                    select(Share).where(Share.entity_type == entity_type.value, Share.entity_id == entity_id)
                )
            }
            added = [email for email in wanted if email not in existing and email not in gone]
            # Whom to tell, within the sender's limits: checked before anything is written.
            to_tell = await self._to_tell(member, entity_type, entity_id, added)
            for email, can_edit in wanted.items():
                if email in gone:
                    continue
                if email in existing:
                    existing[email].can_edit = can_edit
                else:
                    self.session.add(
                        Share(
                            entity_type=entity_type.value,
                            entity_id=entity_id,
                            owner_id=owner_id,
                            email=email,
                            can_edit=can_edit,
                        )
                    )
            # Those who gain or lose the item re-read their shared items; those who keep it, its sharing.
            self.events.tell(entity_type, entity_id, UPDATED, {owner_id}, set(existing) | set(wanted))
            if gone:
                await self.session.execute(
                    delete(Share).where(
                        Share.entity_type == entity_type.value, Share.entity_id == entity_id, Share.email.in_(gone)
                    )
                )
            await self.session.flush()
            self.policy.shares_changed()
            await self._tell(member, entity_type, entity_id, to_tell)
        return (await self.shares_of(entity_type, [entity_id]))[entity_id]

    async def _to_tell(self, member: Member, entity_type: EntityType, entity_id: int, added: list[str]) -> list[str]:
        """The new addresses to send an e-mail: those not told of the item today. 429 when that many
        would pass the member's share e-mail limits (sharing/mails.py)."""
        if not added or self.mailer is None or entity_type not in self.entities.pages:
            return []
        mails = ShareMails(self.session)
        to_tell = await mails.not_told(entity_type.value, entity_id, added)
        await mails.check_room(member.id, len(to_tell))
        return to_tell

    async def _tell(self, member: Member, entity_type: EntityType, entity_id: int, addresses: list[str]) -> None:
        if not addresses or self.mailer is None:
            return
        noun, page = self.entities.pages[entity_type]
        name = (await self.entities.names_of(self.session, entity_type, [entity_id])).get(entity_id, "")
        link = self.public_url + page.format(id=entity_id)
        for address in addresses:
            await self.mailer.send(self.session, share_mail(member.name or member.email, noun, name, link, address))
        await ShareMails(self.session).sent(member.id, entity_type.value, entity_id, addresses)

    async def leave(self, member: Member, entity_type: EntityType, entity_id: int) -> None:
        """PUT /share/remove: a member an item was shared with takes it out of their own view."""
        async with unit_of_work(self.session).write(entity_scope(entity_type, entity_id)):
            owner_id = await self._owner(entity_type, entity_id)
            await self.policy.require(member, entity_type, entity_id, owner_id, Action.LEAVE, not_found=MSG_NOT_FOUND)
            await self.events.announce(entity_type, entity_id, owner_id)
            await self.session.execute(
                delete(Share).where(
                    Share.entity_type == entity_type.value,
                    Share.entity_id == entity_id,
                    Share.email == member.email.lower(),
                )
            )
            self.policy.shares_changed()

    async def _owner(self, entity_type: EntityType, entity_id: int) -> int:
        owner_id = await self.entities.owner_of(self.session, entity_type, entity_id)
        if owner_id is None:
            raise NotFound(MSG_NOT_FOUND)
        return owner_id

    async def forget(self, entity_type: EntityType, entity_id: int, owner_id: int) -> None:
        """An entity is deleted: everyone who saw it is told, and its shares go with it (no foreign
        key can name three tables)."""
        gone = await self.session.scalars(
            delete(Share)
            .where(Share.entity_type == entity_type.value, Share.entity_id == entity_id)
            .returning(Share.email)
        )
        self.events.tell(entity_type, entity_id, DELETED, {owner_id}, set(gone))
        self.policy.shares_changed()

    async def forget_address(self, email: str) -> None:
        """An account is deleted: what others shared with its address goes too, so whoever registers
        that address later starts with nothing (the shares the account owned go by their foreign key)."""
        await self.session.execute(delete(Share).where(Share.email == email.strip().lower()))
        self.policy.shares_changed()


__all__ = ["MSG_OWN_ADDRESS", "ShareManager", "share_mail"]
