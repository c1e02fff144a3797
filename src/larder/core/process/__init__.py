"""The server process: uvicorn with limits a client cannot sit on, several worker processes, work
beside the server, its memory, and worker processes for libraries the server must not hold.
"""
