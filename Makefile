# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
WEB_STAMP := web/node_modules/.installed
WEB_SOURCES := $(shell find web/src -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json

.PHONY: run test test-deps test-slow proto manifests lint clean install web browser

# uv (from PyPI, into .uv/) makes the venv and installs the project in seconds where pip takes
# most of a minute (README: Tests); pip does the same from the same pyproject where uv cannot
# be had or cannot reach the index. Both compile the installed packages' bytecode (pip does by
# default, uv when asked: ~7 s of both cores): without it the first processes of a test run,
# some thirty starting together (three workers' stacks), each compiled the same modules again.
UV := .uv/bin/uv
$(STAMP): pyproject.toml
	if $(PYTHON) -m pip install --quiet --disable-pip-version-check --target .uv uv \
	   && $(UV) venv --quiet --seed --allow-existing --python $(PYTHON) $(VENV) \
	   && VIRTUAL_ENV=$(CURDIR)/$(VENV) UV_NATIVE_TLS=1 $(UV) pip install --quiet --compile-bytecode -e '.[dev]'; then :; else \
	  echo "uv did not install the project: pip does"; \
	  $(PYTHON) -m venv $(VENV) && $(BIN)/pip install --quiet --upgrade pip && $(BIN)/pip install --quiet -e '.[dev]'; \
	fi
	touch $(STAMP)

install: $(STAMP)

manifests: $(STAMP)
	$(BIN)/python -m apps.deploygen
	$(BIN)/python -m apps.monitoring

proto: $(STAMP) $(WEB_STAMP)
	$(BIN)/python -m apps.protogen

run: $(STAMP) web
	$(BIN)/foodgames up

# Three workers on the two cores (most tests wait on servers and sockets, not the CPU): each
# starts its own NATS, Valkey and stack (the session fixtures);
# loadscope keeps a module's tests (and its module fixtures) on one worker, and
# --no-loadscope-reorder keeps the longest modules first (tests/conftest.py: LONGEST_FIRST).
# Bytecode is compiled once and kept (__pycache__/, ignored by git) even where the environment
# sets PYTHONDONTWRITEBYTECODE: the suite starts some hundreds of Python processes (services,
# `foodgames` commands), and each would otherwise compile the project's sources again, and each
# pytest worker rewrite every test module's asserts again.
# What the tests need, fetched side by side (-j3): the venv (uv), the web client (npm ci, then
# Vite) and Debian's chromium (apt) each wait mostly on their downloads on a new machine.
test-deps: $(STAMP) web browser

# The tests' temporary files (the NATS servers' JetStream files among them, written with fsync on
# every write as in production) go to memory (/dev/shm) where it has room: on a disk each of the
# fsyncs of the suite waits for the disk (0.3 ms each measured on a 2-core VM of the CI's kind,
# 2 µs in memory) and keeps the kernel busy; what the tests check is the same either way (a
# killed server's files stay where they were written). TEST_TMPDIR= keeps the system's.
TEST_TMPDIR ?= $(shell $(PYTHON) -c 'import shutil; print("/dev/shm" if shutil.disk_usage("/dev/shm").free > 4 << 30 else "")' 2>/dev/null)

test:
	@$(MAKE) --no-print-directory -j3 test-deps
	$(BIN)/buf lint proto
	$(BIN)/python -m compileall -q -j 0 apps services shared proto/gen tests >/dev/null
	env -u PYTHONDONTWRITEBYTECODE $(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR)) $(BIN)/python -m pytest -q -n 3 --dist loadscope --no-loadscope-reorder

test-slow: $(STAMP)
	$(BIN)/python -m pytest -q -m slow

clean:
	rm -rf $(VENV) .uv data web/node_modules web/dist

# The browser client (docs/web.md): npm ci when web/node_modules is missing or the lockfile
# changed, then a Vite build into web/dist when any of its sources changed.
$(WEB_STAMP): web/package-lock.json web/package.json
	@command -v npm >/dev/null || { echo "make web needs Node.js >= 20.19 and npm (see docs/web.md)"; exit 1; }
	cd web && npm ci --no-audit --no-fund
	touch $(WEB_STAMP)

web/dist/index.html: $(WEB_STAMP) $(WEB_SOURCES)
	cd web && npm run build

web: web/dist/index.html

# Debian's chromium for the browser tests (tests/web/, Playwright drives it; never a download
# of Playwright's own browsers).
/usr/bin/chromium:
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium

browser: /usr/bin/chromium
