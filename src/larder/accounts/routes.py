"""Account calls of part 1 §7 under /api/pwa."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, Response, get, post, put
from litestar.di import NamedDependency
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from larder.accounts.schemas import (
    AccountUpdateIn,
    AccountUpdateOut,
    ChangePasswordIn,
    ForgotIn,
    LoginIn,
    LoginOut,
    PreferencesIn,
    RegisterIn,
    RegisterOut,
    ResetPasswordIn,
    UserOut,
    VerifyEmailIn,
)
from larder.accounts.service import Auth, UserService
from larder.core.base.errors import Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized
from larder.core.base.wire import Message
from larder.core.web.access import PUBLIC


class AccountController(Controller):
    path = "/api/pwa"
    tags = ["accounts"]

    @post("/login", status_code=HTTP_200_OK, opt=PUBLIC, raises=[Unauthorized, TooManyRequests])
    async def login(
        self, data: JSONBody[LoginIn], request: Request[Any, Any, Any], users: NamedDependency[UserService]
    ) -> Response[LoginOut]:
        signed_in = await users.login(data.email, data.password, request.headers.get("user-agent"), request.cookies)
        return Response(signed_in.answer, cookies=[signed_in.device_cookie])

    @post("/logout", status_code=HTTP_200_OK)
    async def logout(self, auth: NamedDependency[Auth], users: NamedDependency[UserService]) -> Message:
        await users.logout(auth)
        return Message(message="Logged out.")

    @post("/forgot-email", status_code=HTTP_200_OK, opt=PUBLIC, raises=[NotFound, TooManyRequests])
    async def forgot_email(self, data: JSONBody[ForgotIn], users: NamedDependency[UserService]) -> Message:
        await users.forgot_password(data.email)
        return Message(message="password reset email sent")

    @post("/register-beta", status_code=HTTP_201_CREATED, opt=PUBLIC, raises=[Conflict, TooManyRequests])
    async def register_beta(self, data: JSONBody[RegisterIn], users: NamedDependency[UserService]) -> RegisterOut:
        user = await users.register(
            name=data.name,
            email=data.email,
            password=data.password,
            password_confirmation=data.password_confirmation,
            beta_code=data.beta_code,
        )
        return RegisterOut(message="Registration successful. Please verify your email address.", user=user)

    @post("/reset-password", status_code=HTTP_200_OK, opt=PUBLIC, raises=[NotFound, Conflict, TooManyRequests])
    async def reset_password(self, data: JSONBody[ResetPasswordIn], users: NamedDependency[UserService]) -> Message:
        await users.reset_password(
            email=data.email, password=data.password, password_confirmation=data.password_confirmation, token=data.token
        )
        return Message(message="Password Reset Successful")

    @post("/verify-email", status_code=HTTP_200_OK, opt=PUBLIC, raises=[NotFound, Conflict, TooManyRequests])
    async def verify_email(self, data: JSONBody[VerifyEmailIn], users: NamedDependency[UserService]) -> Message:
        await users.verify_email(data.token)
        return Message(message="Email Verified Successfully")

    @post("/resend-verification", status_code=HTTP_200_OK, raises=[Conflict, TooManyRequests])
    async def resend_verification(self, auth: NamedDependency[Auth], users: NamedDependency[UserService]) -> Message:
        await users.resend_verification(auth.user)
        return Message(message="Verification email sent. Please check your inbox.")

    @get("/account")
    async def account(self, auth: NamedDependency[Auth], users: NamedDependency[UserService]) -> UserOut:
        return users.profile(auth.user)

    @put("/account/update", raises=[Conflict, Forbidden])
    async def update_account(
        self, data: JSONBody[AccountUpdateIn], auth: NamedDependency[Auth], users: NamedDependency[UserService]
    ) -> AccountUpdateOut:
        user = await users.update_account(
            auth.user, name=data.name, email=data.email, current_password=data.current_password
        )
        return AccountUpdateOut(message="User Updated.", user=user)

    @put("/account/preferences")
    async def update_preferences(
        self, data: JSONBody[PreferencesIn], auth: NamedDependency[Auth], users: NamedDependency[UserService]
    ) -> AccountUpdateOut:
        user = await users.set_preferences(auth.user, data.preferences)
        return AccountUpdateOut(message="Preferences saved.", user=user)

    @put("/account/change-password", raises=[Forbidden])
    async def change_password(
        self, data: JSONBody[ChangePasswordIn], auth: NamedDependency[Auth], users: NamedDependency[UserService]
    ) -> Message:
        await users.change_password(
            auth.user,
            current_password=data.current_password,
            new_password=data.new_password,
            confirm_password=data.confirm_password,
        )
        return Message(message="Password Updated, logging out")
