"""HTTP: the route options of the access guard, who a client is and what its connections hold, security
headers, how request bodies are read, the built web app, the OpenAPI document's errors, and the
health and version endpoints.
"""
