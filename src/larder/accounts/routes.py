"""Account calls of part 1 §7 under /api/pwa."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post, put
from litestar.datastructures import State
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
    MessageOut,
    PreferencesIn,
    RegisterIn,
    RegisterOut,
    ResetPasswordIn,
    UserOut,
    VerifyEmailIn,
)
from larder.accounts.service import (
    FORGOT_PER_CLIENT,
    FORGOT_PER_EMAIL,
    LOGIN_PER_CLIENT,
    LOGIN_PER_EMAIL,
    REGISTER_PER_CLIENT,
    TOKEN_PER_CLIENT,
    Auth,
    UserService,
    client_key,
    normalise_email,
    throttle_of,
    to_user_out,
)
from larder.core.errors import AppError, Unauthorized

AnyRequest = Request[Any, Any, Any]


class AccountController(Controller):
    path = "/api/pwa"
    tags = ["accounts"]

    @post("/login", status_code=HTTP_200_OK)
    async def login(
        self, data: JSONBody[LoginIn], request: AnyRequest, state: State, users: NamedDependency[UserService]
    ) -> LoginOut:
        throttle = throttle_of(state)
        throttle.hit(f"login:client:{client_key(request)}", LOGIN_PER_CLIENT)
        # Per account only failures count, so a household signing in on many devices is never locked out.
        email_key = f"login:email:{normalise_email(data.email)}"
        throttle.check(email_key, LOGIN_PER_EMAIL)
        try:
            result = await users.login(data.email, data.password, request.headers.get("user-agent"))
        except Unauthorized:
            throttle.record(email_key, LOGIN_PER_EMAIL)
            raise
        return LoginOut(token=result.token, user=to_user_out(result.user))

    @post("/logout", status_code=HTTP_200_OK)
    async def logout(self, auth: NamedDependency[Auth], users: NamedDependency[UserService]) -> MessageOut:
        await users.logout(auth)
        return MessageOut(message="Logged out.")

    @post("/forgot-email", status_code=HTTP_200_OK)
    async def forgot_email(
        self, data: JSONBody[ForgotIn], request: AnyRequest, state: State, users: NamedDependency[UserService]
    ) -> MessageOut:
        throttle = throttle_of(state)
        throttle.hit(f"forgot:client:{client_key(request)}", FORGOT_PER_CLIENT)
        throttle.hit(f"forgot:email:{normalise_email(data.email)}", FORGOT_PER_EMAIL)
        await users.forgot_password(data.email)
        return MessageOut(message="password reset email sent")

    @post("/register-beta", status_code=HTTP_201_CREATED)
    async def register_beta(
        self, data: JSONBody[RegisterIn], request: AnyRequest, state: State, users: NamedDependency[UserService]
    ) -> RegisterOut:
        throttle_of(state).hit(f"register:client:{client_key(request)}", REGISTER_PER_CLIENT)
        user = await users.register(
            name=data.name,
            email=data.email,
            password=data.password,
            password_confirmation=data.password_confirmation,
            beta_code=data.beta_code,
        )
        return RegisterOut(message="Registration successful. Please verify your email address.", user=to_user_out(user))

    @post("/reset-password", status_code=HTTP_200_OK)
    async def reset_password(
        self, data: JSONBody[ResetPasswordIn], request: AnyRequest, state: State, users: NamedDependency[UserService]
    ) -> MessageOut:
        throttle_of(state).hit(f"token:client:{client_key(request)}", TOKEN_PER_CLIENT)
        await users.reset_password(
            email=data.email, password=data.password, password_confirmation=data.password_confirmation, token=data.token
        )
        return MessageOut(message="Password Reset Successful")

    @post("/verify-email", status_code=HTTP_200_OK)
    async def verify_email(
        self, data: JSONBody[VerifyEmailIn], request: AnyRequest, state: State, users: NamedDependency[UserService]
    ) -> MessageOut:
        throttle_of(state).hit(f"token:client:{client_key(request)}", TOKEN_PER_CLIENT)
        try:
            await users.verify_email(data.token)
        except AppError as exc:
            # The web app shows the `error` field of a failed verification.
            raise AppError(exc.detail, extra_body={"error": exc.detail}) from None
        return MessageOut(message="Email Verified Successfully")

    @get("/account")
    async def account(self, auth: NamedDependency[Auth]) -> UserOut:
        return to_user_out(auth.user)

    @put("/account/update")
    async def update_account(
        self, data: JSONBody[AccountUpdateIn], auth: NamedDependency[Auth], users: NamedDependency[UserService]
    ) -> AccountUpdateOut:
        user = await users.update_account(auth.user, name=data.name, email=data.email)
        return AccountUpdateOut(message="User Updated.", user=to_user_out(user))

    @put("/account/preferences")
    async def update_preferences(
        self, data: JSONBody[PreferencesIn], auth: NamedDependency[Auth], users: NamedDependency[UserService]
    ) -> AccountUpdateOut:
        user = await users.set_preferences(auth.user, data.preferences)
        return AccountUpdateOut(message="Preferences saved.", user=to_user_out(user))

    @put("/account/change-password")
    async def change_password(
        self, data: JSONBody[ChangePasswordIn], auth: NamedDependency[Auth], users: NamedDependency[UserService]
    ) -> MessageOut:
        await users.change_password(
            auth.user,
            current_password=data.current_password,
            new_password=data.new_password,
            confirm_password=data.confirm_password,
        )
        return MessageOut(message="Password Updated, logging out")
