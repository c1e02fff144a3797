# Larder: one container, one process (API + web app on port 8000), data in the /data volume.
#   docker build -t larder .
#   docker run --init -p 8000:8000 -v larder-data:/data larder

# 1. The web app (Vite) -> /build/src/larder/static/web
FROM node:20-bookworm-slim AS web
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY webui/ webui/
RUN npm run build

# 2. A wheel of the project with the built web app inside the package
FROM python:3.11-slim-bookworm AS wheel
WORKDIR /build
COPY pyproject.toml README.md ./
COPY src/ src/
COPY --from=web /build/src/larder/static/web/ src/larder/static/web/
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

# 3. Runtime: the wheel and its locked runtime dependencies (the lock's dev tools are not installed)
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
COPY requirements.lock /tmp/requirements.lock
COPY --from=wheel /wheels/ /tmp/wheels/
# --compile: bytecode is written once here; PYTHONDONTWRITEBYTECODE would otherwise make every start compile.
RUN pip install --no-cache-dir --compile --constraint /tmp/requirements.lock /tmp/wheels/*.whl \
    && rm -rf /tmp/wheels /tmp/requirements.lock \
    && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home larder \
    && mkdir /data \
    && chown larder:larder /data

USER larder
WORKDIR /data
ENV LARDER_DATA_DIR=/data \
    LARDER_HOST=0.0.0.0 \
    LARDER_PORT=8000
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/api/health' % os.environ.get('LARDER_PORT', '8000'), timeout=4)"]
CMD ["larder", "serve"]
