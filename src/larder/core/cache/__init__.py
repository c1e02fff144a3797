"""Answers kept between requests: an answer encoded and compressed once, whole public answers kept
while what they show stays the same, and the no-store rule for what a signed-in caller sees.
"""
