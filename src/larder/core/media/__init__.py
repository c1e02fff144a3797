"""Uploaded images: untrusted bytes made one safe JPEG, the multipart form the document shows, and the
stored files served.
"""
