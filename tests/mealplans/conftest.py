from tests.mealplans.feed import frozen_today  # noqa: F401
from tests.stores.support import kitchen  # noqa: F401
