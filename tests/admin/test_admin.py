"""Administrator calls: role `admin` required (403 for others, 401 without a token)."""

from __future__ import annotations

from tests.support import sql


def make_admin(settings, member):
    sql(settings, "update user_account set role = 'admin' where id = :id", id=member.id)


def test_admin_routes_need_a_token(client):
    assert client.get("/api/admin/invites").status_code == 401


def test_admin_routes_refuse_ordinary_members(client, member):
    response = client.get("/api/admin/invites", headers=member.headers)
    assert response.status_code == 403
    assert response.json()["message"] == "Only an administrator may do this."
    assert client.post("/api/admin/invites", headers=member.headers, json={}).status_code == 403


def test_admin_creates_and_lists_invites(client, settings, member):
    make_admin(settings, member)
    created = client.post("/api/admin/invites", headers=member.headers, json={"count": 3, "uses": 2})
    assert created.status_code == 201
    codes = [invite["code"] for invite in created.json()]
    assert len(codes) == 3
    assert all(len(code) == 8 for code in codes)
    listed = client.get("/api/admin/invites", headers=member.headers).json()
    assert {i["code"] for i in listed} >= set(codes)
    assert all(i["max_uses"] == 2 for i in listed if i["code"] in codes)


def test_admin_invite_limits_are_enforced(client, settings, member):
    make_admin(settings, member)
    response = client.post("/api/admin/invites", headers=member.headers, json={"count": 0})
    assert response.status_code == 422
    assert "count" in response.json()["errors"]


def test_admin_lists_users(client, settings, member):
    make_admin(settings, member)
    users = client.get("/api/admin/users", headers=member.headers).json()
    assert [u["email"] for u in users] == [member.email]
