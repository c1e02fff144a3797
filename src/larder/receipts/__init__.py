"""Receipt scan: a phone photo of a till receipt read on this machine (no service, no network)
into lines of what was bought, each matched to a catalogue ingredient, for a food store."""
