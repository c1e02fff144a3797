from tests.stores.support import kitchen  # noqa: F401
