"""Outgoing e-mail: SMTP once the change that sends it has committed, otherwise an outbox table."""
