# Images for the production-like deployment in docker-compose.yml.
# Targets: `app` (API and worker), `web` (nginx serving the built front end, proxying /api to the API).

FROM node:20-bookworm-slim AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim-bookworm AS app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DATA_DIR=/data
# Pango and friends for WeasyPrint (PDF rendering)
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml README.md ./
COPY api/ api/
COPY workflows/ workflows/
COPY worker/ worker/
COPY policies/ policies/
# the product alone: the embedded services of `make run` and the tests are the optional extra `embedded`
RUN pip install --no-cache-dir .
# the modules' bytecode, written once here: PYTHONDONTWRITEBYTECODE (and a tree the app's user cannot write) would
# have every start of the API and the worker compile them from source again (api/core/startup.py)
RUN python -m compileall -q api workflows worker policies
COPY migrations/ migrations/
COPY alembic.ini ./
COPY --from=frontend /src/frontend/dist /app/frontend/dist
ENV FRONTEND_DIST=/app/frontend/dist
RUN useradd --create-home crm && mkdir -p /data && chown crm /data
USER crm
EXPOSE 8000
ENV HOST=0.0.0.0 PORT=8000 LOG_FORMAT=json
EXPOSE 8081
CMD ["python", "-m", "api.serve"]

FROM nginx:1.27-alpine AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=frontend /src/frontend/dist /usr/share/nginx/html
EXPOSE 80
