"""The vocabulary every other part of the core and every domain speaks, depending on nothing else of
Larder: the one clock, the one error shape, row ids, the rule for free text, passwords and signed
tokens, settings from the environment, where bundled files are, the answer envelopes, safe log lines
and the bounded cache.
"""
