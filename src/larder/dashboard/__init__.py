"""The home dashboard: a read model over the household's lists, stores and (later) meal plans."""
